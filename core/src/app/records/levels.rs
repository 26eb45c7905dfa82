//! The levels a player can choose from, and where each came from.

use std::path::PathBuf;

use super::player_set::unnumbered;
use super::set_files::{player_set_levels, KnownSets};
use super::sets::MY_LEVELS;
use crate::level::{level_name, shipped_sets, Level};
use crate::user_file::{read_user_text, FileKind};

/// A level the player can pick.
pub struct LevelEntry {
    /// Its name: the file name for the root set (`01_first_contact.txt`),
    /// `SET/FILE` for a level of another set (`angles/03_spin.txt`), or a path
    /// for the player's loose files. Records keep progress and bests by it,
    /// but for a level of a player's own set: see [`LevelEntry::record_key`].
    pub label: String,
    /// The key of the set it belongs to: the folder name (empty for the root
    /// set), or [`MY_LEVELS`] for the player's loose levels.
    pub set: String,
    /// The level.
    pub level: Level,
    /// The file it came from, for hot reload (`None` for the built-in copy).
    pub path: Option<PathBuf>,
    /// Whether it is one of the shipped levels, the campaign's. The player's own
    /// levels (extra files, the editor's, `--level`) are never locked and never
    /// unlock anything.
    pub shipped: bool,
}

impl LevelEntry {
    /// The name the progress record keeps this level's bests (and clears)
    /// under. For a level of one of the player's own sets, `SET/FILE` with
    /// the file's order number left out (`mine/02_finale.txt` ->
    /// `mine/finale.txt`): the editor renames a set's files when it reorders
    /// them (`PlayerSet`), and a best must follow its level, not its place.
    /// Every other level keeps its label, so the shipped sets' keys, loose
    /// files' and records from before sets read as they always did. Two files
    /// of one set that differ only by their number share a key (the editor
    /// never names two levels so).
    pub fn record_key(&self) -> String {
        let own_set = !self.shipped && !self.set.is_empty() && self.set != MY_LEVELS;
        let file = self
            .label
            .strip_prefix(self.set.as_str())
            .and_then(|rest| rest.strip_prefix('/'));
        match file {
            Some(file) if own_set => level_name(&self.set, unnumbered(file)),
            _ => self.label.clone(),
        }
    }
}

/// The levels to choose from (see [`level_list`]) and what was read of the
/// player's own sets with them, read once at start-up: the menus' set list is
/// made from these, never by reading again.
#[derive(Default)]
pub struct LevelList {
    /// The levels, in the menus' order.
    pub entries: Vec<LevelEntry>,
    /// The player's sets as read (titles, and the list of imported sets).
    pub sets: KnownSets,
}

/// The levels of [`level_list`] with what was read of the player's sets.
pub fn read_levels() -> LevelList {
    let mut out = Vec::new();
    for set in shipped_sets() {
        for l in set.levels {
            let path = PathBuf::from("levels").join(l.file);
            let from_disk = read_user_text(&path, FileKind::Level)
                .ok()
                .and_then(|t| Level::parse(&t).ok());
            let (level, path) = match from_disk {
                Some(level) => (level, Some(path)),
                // A shipped level that does not parse is a test failure
                // (every shipped level passes `check`), never a crash here.
                None => match Level::parse(l.text) {
                    Ok(level) => (level, None),
                    Err(_) => continue,
                },
            };
            out.push(LevelEntry {
                label: l.file.to_owned(),
                set: set.folder.to_owned(),
                level,
                path,
                shipped: true,
            });
        }
    }
    let (players, sets) = player_set_levels();
    out.extend(players);
    out.extend(extra_levels());
    if let Some(entry) = super::read_record(RECORD)
        .ok()
        .flatten()
        .and_then(|t| user_entry(&t, None))
    {
        out.push(entry);
    }
    LevelList { entries: out, sets }
}

/// The shipped sets' levels, set after set (each from its file under `levels/`
/// when it is there, so edits show up and hot reload works, else the copy built
/// into the binary), then the player's own sets (see
/// [`player_set_levels`]), then "My levels": any other `.txt` files in `levels/`
/// and the level made in the editor from the title menu (localStorage in the
/// browser) when it has no errors.
pub fn level_list() -> Vec<LevelEntry> {
    read_levels().entries
}

/// The `.txt` files of the `levels/` folder beside the game that are not a
/// shipped level, in name order, that parse: the player's own ("My levels").
fn extra_levels() -> Vec<LevelEntry> {
    let Ok(dir) = std::fs::read_dir("levels") else {
        return Vec::new();
    };
    let mut extra: Vec<PathBuf> = dir
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|e| e == "txt")
                && !crate::level::is_set_file(p)
                && !(crate::level::shipped_levels().iter()).any(|l| p.ends_with(l.file))
        })
        .collect();
    extra.sort();
    let mut out = Vec::new();
    for path in extra {
        if let Ok(level) = read_user_text(&path, FileKind::Level)
            .map_err(|e| e.to_string())
            .and_then(|t| Level::parse(&t).map_err(|_| String::new()))
        {
            out.push(LevelEntry {
                label: path.display().to_string(),
                set: MY_LEVELS.to_owned(),
                level,
                path: Some(path),
                shipped: false,
            });
        }
    }
    out
}

/// The label that marks the level made in the editor from the title menu.
const RECORD_LABEL: &str = "your level: ";

/// The entry for a level saved in the editor: `path` is its file, or `None` for
/// the title menu's level (localStorage in the browser). `None` when the text
/// has errors (such a level does not load).
pub fn user_entry(text: &str, path: Option<PathBuf>) -> Option<LevelEntry> {
    let level = Level::parse(text).ok()?;
    let label = match &path {
        Some(p) => p.display().to_string(),
        None => format!("{RECORD_LABEL}{}", level.title),
    };
    Some(LevelEntry {
        label,
        set: MY_LEVELS.to_owned(),
        level,
        path,
        shipped: false,
    })
}

/// The level named with `--level` (`label` and `level` as read from `path`) in
/// the list: when the list has that file already (a shipped level, or another
/// file in `levels/`), its entry, now read from `path` (so hot reload watches
/// it); else a new entry of the player's own at the end. Each level shows once,
/// and the campaign's order and locks stay as they were. Returns its index.
pub fn place_named_level(
    levels: &mut Vec<LevelEntry>,
    label: String,
    level: Level,
    path: PathBuf,
) -> usize {
    if let Some(i) = find_level_file(levels, &path) {
        levels[i].level = level;
        levels[i].path = Some(path);
        return i;
    }
    levels.push(LevelEntry {
        label,
        set: MY_LEVELS.to_owned(),
        level,
        path: Some(path),
        shipped: false,
    });
    levels.len() - 1
}

/// The index of the entry read from the file at `path`: the same file, or a
/// shipped level of the same file name running from its built-in copy (no
/// `levels/` folder beside the game).
pub fn find_level_file(levels: &[LevelEntry], path: &std::path::Path) -> Option<usize> {
    levels.iter().position(|e| match &e.path {
        Some(p) => same_file(p, path),
        None => e.shipped && path.ends_with(&e.label),
    })
}

/// A level was saved in the editor: replaces its entry in `levels` (the one
/// from the same file, or the title menu's level) with `text` parsed, or adds
/// it at the end. A text with errors removes the entry of the title menu's
/// level (it would not load at the next start either) and leaves a file's entry
/// as it was. Returns whether the list changed.
pub fn refresh_saved(levels: &mut Vec<LevelEntry>, text: &str, path: Option<PathBuf>) -> bool {
    let same = |e: &LevelEntry| match (&path, &e.path) {
        (Some(p), Some(q)) => same_file(p, q),
        (None, None) => e.label.starts_with(RECORD_LABEL),
        _ => false,
    };
    let at = levels.iter().position(same);
    match (user_entry(text, path.clone()), at) {
        (Some(mut entry), Some(i)) => {
            // Keep the label and set the list gave it (a shipped level keeps
            // its name).
            if path.is_some() {
                entry.label = std::mem::take(&mut levels[i].label);
                entry.set = std::mem::take(&mut levels[i].set);
                entry.shipped = levels[i].shipped;
            }
            levels[i] = entry;
            true
        }
        (Some(entry), None) => {
            levels.push(entry);
            true
        }
        // Never empty the list: the menu needs one level at least.
        (None, Some(i)) if path.is_none() && levels.len() > 1 => {
            levels.remove(i);
            true
        }
        (None, _) => false,
    }
}

/// Whether two paths name the same file (`levels/a.txt` and `./levels/a.txt`).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a.components().eq(b.components()),
    }
}

/// The record the editor opened from the title menu keeps its level in (a file
/// in the data folder on desktop, localStorage `arkanong.level.edit` in the
/// browser).
pub const RECORD: &str = "level.edit";

#[cfg(test)]
mod tests {
    //! The level select picks up a level saved in the editor at once.

    use std::path::PathBuf;

    use super::*;
    use crate::level::shipped_levels;

    fn shipped_text(n: usize) -> &'static str {
        shipped_levels()[n].text
    }

    /// The shipped levels' folder at the repository's top, whatever folder the
    /// tests run in (cargo runs the core's in `core/`).
    fn levels_dir() -> PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels")
    }

    fn list() -> Vec<LevelEntry> {
        (0..2)
            .map(|n| LevelEntry {
                label: shipped_levels()[n].file.to_owned(),
                set: String::new(),
                level: Level::parse(shipped_text(n)).unwrap(),
                path: Some(levels_dir().join(shipped_levels()[n].file)),
                shipped: true,
            })
            .collect()
    }

    fn retitled(text: &str, title: &str) -> String {
        text.lines()
            .map(|l| {
                if l.starts_with("title") {
                    format!("title = \"{title}\"")
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn only_a_players_set_levels_keys_leave_the_order_number_out() {
        let entry = |label: &str, set: &str, shipped: bool| LevelEntry {
            label: label.to_owned(),
            set: set.to_owned(),
            level: Level::parse(shipped_text(0)).unwrap(),
            path: None,
            shipped,
        };
        // A player's set, a folder or imported: the number goes.
        assert_eq!(
            entry("mine/02_finale.txt", "mine", false).record_key(),
            "mine/finale.txt"
        );
        assert_eq!(
            entry("mine/finale.txt", "mine", false).record_key(),
            "mine/finale.txt"
        );
        assert_eq!(
            entry("mine/2024.txt", "mine", false).record_key(),
            "mine/2024.txt"
        );
        // Shipped sets, loose files, the title menu's level: their labels,
        // so records saved before keep working.
        for (label, set, shipped) in [
            ("01_first_contact.txt", "", true),
            ("angles/03_spin.txt", "angles", true),
            ("levels/01_mine.txt", MY_LEVELS, false),
            ("your level: 01 Mine", MY_LEVELS, false),
        ] {
            assert_eq!(entry(label, set, shipped).record_key(), label);
        }
    }

    #[test]
    fn saving_the_title_menus_level_adds_it_then_updates_it() {
        let mut levels = list();
        assert!(refresh_saved(
            &mut levels,
            &retitled(shipped_text(0), "Mine"),
            None
        ));
        assert_eq!(levels.len(), 3);
        assert_eq!(levels[2].label, "your level: Mine");
        assert_eq!(levels[2].level.title, "Mine");
        assert!(refresh_saved(
            &mut levels,
            &retitled(shipped_text(1), "Again"),
            None
        ));
        assert_eq!(
            levels.len(),
            3,
            "the same level is updated, not added twice"
        );
        assert_eq!(levels[2].label, "your level: Again");
        assert_eq!(levels[2].level.title, "Again");
    }

    #[test]
    fn saving_a_file_updates_its_entry_and_keeps_its_label() {
        let mut levels = list();
        let path = levels[1].path.clone();
        let text = retitled(shipped_text(1), "Edited");
        assert!(refresh_saved(&mut levels, &text, path));
        assert_eq!(levels.len(), 2);
        assert_eq!(levels[1].level.title, "Edited");
        assert_eq!(levels[1].label, shipped_levels()[1].file);
        assert_eq!(
            levels[0].level.title,
            Level::parse(shipped_text(0)).unwrap().title
        );
    }

    #[test]
    fn saving_a_new_file_adds_it_under_its_path() {
        let mut levels = list();
        let path = PathBuf::from("somewhere/new_level.txt");
        assert!(refresh_saved(
            &mut levels,
            shipped_text(2),
            Some(path.clone())
        ));
        assert_eq!(levels.len(), 3);
        assert_eq!(levels[2].path, Some(path));
        assert_eq!(levels[2].label, "somewhere/new_level.txt");
    }

    #[test]
    fn a_level_with_errors_is_not_listed() {
        let mut levels = list();
        assert!(!refresh_saved(&mut levels, "title = \"x\"\nnonsense", None));
        assert_eq!(levels.len(), 2);
        let path = levels[0].path.clone();
        let before = levels[0].level.title.clone();
        assert!(!refresh_saved(&mut levels, "nonsense", path));
        assert_eq!(
            levels[0].level.title, before,
            "a file's last good level stays"
        );
        // The title menu's level that gains an error leaves the list, as it would
        // at the next start.
        assert!(refresh_saved(&mut levels, shipped_text(0), None));
        assert!(refresh_saved(&mut levels, "nonsense", None));
        assert_eq!(levels.len(), 2);
    }

    #[test]
    fn a_named_shipped_level_is_listed_once_and_a_new_file_is_the_players_own() {
        let mut levels = list();
        let file = levels_dir().join(shipped_levels()[1].file);
        let level = Level::parse(shipped_text(1)).unwrap();
        let at = place_named_level(&mut levels, file.display().to_string(), level, file);
        assert_eq!(
            (at, levels.len()),
            (1, 2),
            "the shipped entry, not a second one"
        );
        assert!(levels[1].shipped);
        assert_eq!(levels[1].label, shipped_levels()[1].file, "its label stays");
        // Written another way, the same file is still found.
        let dotted = levels_dir().join(".").join(shipped_levels()[1].file);
        assert_eq!(find_level_file(&levels, &dotted), Some(1));
        // A shipped level from the built-in copy is found by its file name.
        levels[0].path = None;
        let named = PathBuf::from("elsewhere").join(shipped_levels()[0].file);
        assert_eq!(find_level_file(&levels, &named), Some(0));
        // Any other file joins the list at the end, as the player's own.
        let mine = PathBuf::from("/tmp/arkanong-mine-never-shipped.txt");
        let level = Level::parse(shipped_text(0)).unwrap();
        let at = place_named_level(&mut levels, "mine.txt".into(), level, mine);
        assert_eq!((at, levels[at].shipped), (2, false));
    }
}
