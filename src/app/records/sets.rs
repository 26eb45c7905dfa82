//! The level sets a player can choose from: the shipped sets, the player's own
//! (folders in the data folder's `levels/` on the desktop; sets imported in the
//! browser, kept in localStorage), and "My levels" (loose files and the
//! editor's level).

use std::path::{Path, PathBuf};

use super::levels::LevelEntry;
use crate::level::{
    check_set_info, level_name, read_set_bundle, set_level_files, set_title_fallback, shipped_sets,
    BundledFile, Level, SET_FILE,
};
use crate::user_file::{read_user_text, FileKind};

/// The set key of the player's loose levels ("My levels"): never a folder's
/// name (a folder cannot start with `*` on every system, and no set name read
/// by [`crate::level::set_of_name`] is one).
pub const MY_LEVELS: &str = "*mine";

/// The title "My levels" shows under.
pub const MY_LEVELS_TITLE: &str = "My levels";

/// The record that lists the sets imported in the browser, one name a line;
/// each set's files are then the record `set.NAME`, as a set bundle
/// (`crate::level::read_set_bundle`).
pub const SETS_RECORD: &str = "sets";

/// A set as the menus offer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetEntry {
    /// Its key: the folder name (empty for the root set) or [`MY_LEVELS`].
    pub key: String,
    /// Its title (`set.txt`'s, else the folder name).
    pub title: String,
    /// Its description (`set.txt`'s; may be empty).
    pub description: String,
    /// Whether it ships with the game (its levels unlock in order in solo).
    pub shipped: bool,
}

/// The sets the levels of `levels` belong to, in the list's order (shipped sets
/// first, as [`super::level_list`] lists them).
pub fn set_list(levels: &[LevelEntry]) -> Vec<SetEntry> {
    let mut out: Vec<SetEntry> = Vec::new();
    for l in levels {
        if out.iter().any(|s| s.key == l.set) {
            continue;
        }
        let shipped = shipped_sets().iter().find(|s| s.folder == l.set);
        let (title, description) = match shipped {
            Some(s) => (s.title(), s.description()),
            None if l.set == MY_LEVELS => (MY_LEVELS_TITLE.to_owned(), String::new()),
            None => player_set_info(&l.set),
        };
        out.push(SetEntry {
            key: l.set.clone(),
            title,
            description,
            shipped: shipped.is_some(),
        });
    }
    out
}

/// The folder of the player's own sets: `levels/` in the data folder.
pub fn player_sets_dir() -> Option<PathBuf> {
    super::data_dir().map(|d| d.join("levels"))
}

/// The folders of `dir` that can be player sets, by name, in name order: each
/// folder whose name a level name `NAME/FILE` keeps whole, shipped sets' names
/// apart (a shipped set wins its name).
pub(super) fn player_set_folders(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    folders
        .into_iter()
        .filter_map(|folder| {
            let name = folder.file_name()?.to_string_lossy().into_owned();
            let shipped = shipped_sets().iter().any(|s| s.folder == name);
            let whole = crate::level::set_of_name(&format!("{name}/x.txt")) == name;
            (!shipped && whole).then_some((name, folder))
        })
        .collect()
}

/// The player's own sets' levels, set after set by name: each folder of
/// [`player_sets_dir`] (its levels in file-name order), then each set imported
/// in the browser ([`SETS_RECORD`]). A set named like a shipped set, and a
/// level that does not parse, are left out. Their loose files there are "My
/// levels".
pub fn player_set_levels() -> Vec<LevelEntry> {
    let mut out = Vec::new();
    let mut seen: Vec<String> = shipped_sets().iter().map(|s| s.folder.to_owned()).collect();
    let mut loose = Vec::new();
    if let Some(dir) = player_sets_dir() {
        for (name, folder) in player_set_folders(&dir) {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name.clone());
            for path in set_level_files(&folder) {
                let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
                let level = read_user_text(&path, FileKind::Level)
                    .ok()
                    .and_then(|t| Level::parse(&t).ok());
                if let (Some(file), Some(level)) = (file, level) {
                    out.push(LevelEntry {
                        label: level_name(&name, &file),
                        set: name.clone(),
                        level,
                        path: Some(path),
                        shipped: false,
                    });
                }
            }
        }
        loose = loose_levels(&dir);
    }
    for (name, files) in imported_sets() {
        if seen.contains(&name) {
            continue;
        }
        out.extend(bundle_levels(&name, &files));
        seen.push(name);
    }
    out.extend(loose);
    out
}

/// The levels of an imported set `name` (its bundle's files), in file-name
/// order; the ones that do not parse are left out.
pub fn bundle_levels(name: &str, files: &[BundledFile]) -> Vec<LevelEntry> {
    let mut files: Vec<&BundledFile> = files.iter().filter(|f| f.name != SET_FILE).collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
        .into_iter()
        .filter_map(|f| {
            Some(LevelEntry {
                label: level_name(name, &f.name),
                set: name.to_owned(),
                level: Level::parse(&f.text).ok()?,
                path: None,
                shipped: false,
            })
        })
        .collect()
}

/// The loose level files of the player's `levels/` folder: "My levels".
fn loose_levels(dir: &Path) -> Vec<LevelEntry> {
    set_level_files(dir)
        .into_iter()
        .filter_map(|path| {
            let text = read_user_text(&path, FileKind::Level).ok()?;
            super::user_entry(&text, Some(path))
        })
        .collect()
}

/// The sets imported in the browser (any platform reads them: on the desktop
/// they are files in the data folder), by name, their files in play order.
pub fn imported_sets() -> Vec<(String, Vec<BundledFile>)> {
    let names = super::read_record(SETS_RECORD)
        .ok()
        .flatten()
        .unwrap_or_default();
    names
        .lines()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .filter_map(|name| {
            let text = super::read_record(&format!("set.{name}")).ok().flatten()?;
            let files = read_set_bundle(&text).ok()?;
            Some((name.to_owned(), files))
        })
        .collect()
}

/// A player's set's title and description: its folder's `set.txt`, or the
/// imported bundle's, else its name.
fn player_set_info(key: &str) -> (String, String) {
    let from_folder = player_sets_dir()
        .and_then(|d| read_user_text(d.join(key).join(SET_FILE), FileKind::Level).ok());
    let text = from_folder.or_else(|| {
        imported_sets()
            .into_iter()
            .find(|(n, _)| n == key)
            .and_then(|(_, files)| files.into_iter().find(|f| f.name == SET_FILE))
            .map(|f| f.text)
    });
    let info = text.map(|t| check_set_info(&t).info).unwrap_or_default();
    (
        info.title.unwrap_or_else(|| set_title_fallback(key)),
        info.description.unwrap_or_default(),
    )
}

/// A set's name made from an imported file's name (`My Set.txt` -> `my_set`):
/// lower-case letters, digits and `_`, never empty, never a shipped set's.
pub fn set_name_from_file(file: &str) -> String {
    let stem = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let stem = stem.strip_suffix(".txt").unwrap_or(stem);
    let mut name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if name.trim_matches('_').is_empty() {
        name = "my_set".to_owned();
    }
    while shipped_sets().iter().any(|s| s.folder == name) {
        name.push_str("_mine");
    }
    name
}

/// The records that import a set in the browser: the set `name`'s bundle
/// (`set.NAME`) and the list of imported sets with `name` in it, as (record,
/// text) pairs to write. `known` is the list's text so far.
pub fn import_set_records(name: &str, bundle: &str, known: &str) -> Vec<(String, String)> {
    let mut names: Vec<&str> = known
        .lines()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if !names.contains(&name) {
        names.push(name);
    }
    let mut list = names.join("\n");
    list.push('\n');
    vec![
        (format!("set.{name}"), bundle.to_owned()),
        (SETS_RECORD.to_owned(), list),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{shipped_levels, shipped_sets};

    fn entry(label: &str, set: &str, shipped: bool) -> LevelEntry {
        LevelEntry {
            label: label.to_owned(),
            set: set.to_owned(),
            level: Level::parse(shipped_levels()[0].text).unwrap(),
            path: None,
            shipped,
        }
    }

    #[test]
    fn set_list_follows_the_levels_and_titles_the_root_set_arkanong() {
        let levels = [
            entry("01_a.txt", "", true),
            entry("02_b.txt", "", true),
            entry("levels/x.txt", MY_LEVELS, false),
        ];
        let sets = set_list(&levels);
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].title, "Arkanong");
        assert!(sets[0].shipped && !sets[0].description.is_empty());
        assert_eq!(sets[1].title, MY_LEVELS_TITLE);
        assert!(!sets[1].shipped);
    }

    #[test]
    fn every_shipped_set_is_in_the_level_list_in_order() {
        let levels = super::super::level_list();
        let sets = set_list(&levels);
        for (set, shipped) in sets.iter().zip(shipped_sets()) {
            assert_eq!(set.key, shipped.folder);
        }
        assert!(levels
            .iter()
            .take(13)
            .all(|l| l.set.is_empty() && l.shipped));
    }

    #[test]
    fn set_names_from_files_are_plain_and_never_a_shipped_sets() {
        assert_eq!(set_name_from_file("My Set.txt"), "my_set");
        assert_eq!(set_name_from_file("C:\\x\\Duels 2.txt"), "duels_2");
        assert_eq!(set_name_from_file("...txt"), "my_set");
        for s in &shipped_sets()[1..] {
            assert_ne!(set_name_from_file(&format!("{}.txt", s.folder)), s.folder);
        }
    }

    #[test]
    fn importing_a_set_lists_it_once() {
        let w = import_set_records("mine", "=== file a.txt\n", "other\n");
        assert_eq!(w[0], ("set.mine".to_owned(), "=== file a.txt\n".to_owned()));
        assert_eq!(w[1], (SETS_RECORD.to_owned(), "other\nmine\n".to_owned()));
        let again = import_set_records("mine", "x", &w[1].1);
        assert_eq!(again[1].1, "other\nmine\n");
    }
}
