//! The level sets a player can choose from, as plain data: the shipped sets,
//! the player's own (folders in the data folder's `levels/` on the desktop;
//! sets imported in the browser, kept in localStorage), and "My levels" (loose
//! files and the editor's level). Reading them is `set_files.rs`'s job.

use super::levels::LevelEntry;
use crate::level::{
    check_set_info, level_name, set_title_fallback, shipped_sets, BundledFile, Level, SET_FILE,
};

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

impl SetEntry {
    /// A player's set `key` as its `set.txt` (`info`, if it has one) titles
    /// and describes it; else titled after its name.
    pub fn player(key: &str, info: Option<&str>) -> Self {
        let info = info.map(|t| check_set_info(t).info).unwrap_or_default();
        Self {
            key: key.to_owned(),
            title: info.title.unwrap_or_else(|| set_title_fallback(key)),
            description: info.description.unwrap_or_default(),
            shipped: false,
        }
    }
}

/// The sets the levels of `levels` belong to, in the list's order (shipped sets
/// first, as [`super::level_list`] lists them). A player's set is titled as
/// `known` (the entries read with the level list, [`super::KnownSets`]) has it,
/// else after its name: nothing is read here, so the menus can ask as often as
/// they like (review 7).
pub fn set_list(levels: &[LevelEntry], known: &[SetEntry]) -> Vec<SetEntry> {
    let mut out: Vec<SetEntry> = Vec::new();
    for l in levels {
        if out.iter().any(|s| s.key == l.set) {
            continue;
        }
        let entry = match shipped_sets().iter().find(|s| s.folder == l.set) {
            Some(s) => SetEntry {
                key: l.set.clone(),
                title: s.title(),
                description: s.description(),
                shipped: true,
            },
            None if l.set == MY_LEVELS => SetEntry {
                key: l.set.clone(),
                title: MY_LEVELS_TITLE.to_owned(),
                description: String::new(),
                shipped: false,
            },
            None => (known.iter().find(|s| s.key == l.set).cloned())
                .unwrap_or_else(|| SetEntry::player(&l.set, None)),
        };
        out.push(entry);
    }
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
        let sets = set_list(&levels, &[]);
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].title, "Arkanong");
        assert!(sets[0].shipped && !sets[0].description.is_empty());
        assert_eq!(sets[1].title, MY_LEVELS_TITLE);
        assert!(!sets[1].shipped);
    }

    #[test]
    fn every_shipped_set_is_in_the_level_list_in_order() {
        let levels = super::super::level_list();
        let sets = set_list(&levels, &[]);
        for (set, shipped) in sets.iter().zip(shipped_sets()) {
            assert_eq!(set.key, shipped.folder);
        }
        assert!(levels
            .iter()
            .take(13)
            .all(|l| l.set.is_empty() && l.shipped));
    }

    #[test]
    fn a_players_set_is_titled_from_what_was_read_with_the_list() {
        let levels = [
            entry("01_a.txt", "", true),
            entry("corner/01_x.txt", "corner", false),
            entry("plain_set/01_y.txt", "plain_set", false),
        ];
        let known = [SetEntry::player(
            "corner",
            Some("title = \"Corner Shots\"\ndescription = Off the corners.\n"),
        )];
        let sets = set_list(&levels, &known);
        assert_eq!(sets.len(), 3);
        assert_eq!(
            (sets[1].title.as_str(), sets[1].description.as_str()),
            ("Corner Shots", "Off the corners.")
        );
        assert!(!sets[1].shipped);
        assert_eq!(
            sets[2].title,
            set_title_fallback("plain_set"),
            "none read: its name"
        );
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
