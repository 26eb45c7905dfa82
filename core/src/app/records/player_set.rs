//! One of the player's own sets as the editor changes it: its `set.txt` and its
//! levels in play order. A set is played in file-name order (levels/README.md,
//! "Level sets"), so the order is kept in the names: after every change the
//! levels are renumbered `01_`, `02_`, ... in front of a name made from each
//! level's title, and writing the set ([`super::write_player_set`]) renames its
//! files to match. Headless: reading and writing are in `player_set_store.rs`.

use std::path::PathBuf;

use crate::level::{check_set_info, set_title_fallback, BundledFile, Level, SET_FILE};

/// Where a player's set is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetHome {
    /// A folder of the data folder's `levels/` (the desktop): `set.txt` and a
    /// file per level, the layout `levels/SET/` has, so `arkanong check DIR`
    /// checks it.
    Folder(PathBuf),
    /// The record `set.NAME`, one set bundle, listed in the `sets` record (the
    /// browser's localStorage; the shape the set import keeps).
    Record,
}

/// A player's set: its name (folder or record name), home, `set.txt` and levels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSet {
    /// Its key: the folder's name, or the record's `set.NAME` name.
    pub name: String,
    /// Where it is kept.
    pub home: SetHome,
    /// Its `set.txt` text, if it has one.
    pub info: Option<String>,
    /// Its levels in play order, each named as its file is.
    pub levels: Vec<BundledFile>,
}

/// Most characters of a level's file name made from its title (before the
/// number and `.txt`): enough to tell files apart in a listing.
const MAX_STEM: usize = 32;

impl PlayerSet {
    /// A new, empty set `name` titled `title`, kept at `home`.
    pub fn new(name: &str, title: &str, home: SetHome) -> Self {
        let title = title.replace('"', "'");
        Self {
            name: name.to_owned(),
            home,
            info: Some(format!("title = \"{}\"\n", title.trim())),
            levels: Vec::new(),
        }
    }

    /// The set `name` from its files (a folder's, or a bundle's): `set.txt`
    /// apart, the levels in file-name order, as the game plays them.
    pub fn from_files(name: &str, home: SetHome, files: Vec<BundledFile>) -> Self {
        let (info, mut levels): (Vec<_>, Vec<_>) =
            files.into_iter().partition(|f| f.name == SET_FILE);
        levels.sort_by(|a, b| a.name.cmp(&b.name));
        Self {
            name: name.to_owned(),
            home,
            info: info.into_iter().next().map(|f| f.text),
            levels,
        }
    }

    /// Its title: `set.txt`'s, else its name.
    pub fn title(&self) -> String {
        let info = self.info.as_deref().map(|t| check_set_info(t).info);
        info.and_then(|i| i.title)
            .unwrap_or_else(|| set_title_fallback(&self.name))
    }

    /// Level `i`'s title as it reads (its file's name when it does not parse).
    pub fn level_title(&self, i: usize) -> String {
        let Some(f) = self.levels.get(i) else {
            return String::new();
        };
        Level::parse(&f.text).map_or_else(|_| f.name.clone(), |l| l.title)
    }

    /// Saves a level (`text`, titled `title`) into the set: over the level of
    /// the same title when it has one, else after its last level, named after
    /// its title (`_2`, `_3`, ... after a name another level has: its name
    /// without the number keys its bests, see `LevelEntry::record_key`).
    /// Returns the level's place and whether it replaced one.
    pub fn save_level(&mut self, text: &str, title: &str) -> (usize, bool) {
        let same = (0..self.levels.len()).find(|&i| self.level_title(i) == title);
        let base = stem_of_title(title);
        let taken = |stem: &str| (self.levels.iter()).any(|f| numbered_stem(&f.name) == stem);
        let stem = (1..)
            .map(|n| match n {
                1 => base.clone(),
                n => format!("{base}_{n}"),
            })
            .find(|s| !taken(s))
            .unwrap_or(base);
        let file = BundledFile {
            name: format!("{stem}.txt"),
            text: text.to_owned(),
        };
        let at = match same {
            Some(i) => {
                self.levels[i].text = file.text;
                i
            }
            None => {
                self.levels.push(file);
                self.levels.len() - 1
            }
        };
        self.renumber();
        (at, same.is_some())
    }

    /// Moves level `i` one place earlier (`up`) or later; returns its new place,
    /// or `None` when it is already first (last) or there is no such level.
    pub fn move_level(&mut self, i: usize, up: bool) -> Option<usize> {
        let j = if up { i.checked_sub(1)? } else { i + 1 };
        if i >= self.levels.len() || j >= self.levels.len() {
            return None;
        }
        self.levels.swap(i, j);
        self.renumber();
        Some(j)
    }

    /// Removes level `i` from the set (its file goes when the set is written).
    pub fn remove_level(&mut self, i: usize) -> Option<BundledFile> {
        if i >= self.levels.len() {
            return None;
        }
        let gone = self.levels.remove(i);
        self.renumber();
        Some(gone)
    }

    /// Its files as they are written: `set.txt` first, then the levels in play
    /// order.
    pub fn files(&self) -> Vec<BundledFile> {
        let info = self.info.iter().map(|t| BundledFile {
            name: SET_FILE.to_owned(),
            text: t.clone(),
        });
        info.chain(self.levels.iter().cloned()).collect()
    }

    /// The set as one bundle file (`=== file NAME` lines): what the browser's
    /// import reads, so a set made in the editor travels.
    pub fn bundle(&self) -> String {
        crate::level::write_set_bundle(&self.files())
    }

    /// Names the levels `NN_stem.txt` in their order, so file-name order is
    /// play order; every number has as many digits, so `10_` sorts after `09_`.
    fn renumber(&mut self) {
        let digits = self.levels.len().to_string().len().max(2);
        for (n, f) in self.levels.iter_mut().enumerate() {
            let stem = numbered_stem(&f.name);
            f.name = format!("{:0digits$}_{stem}.txt", n + 1);
        }
    }
}

/// A file's name without `.txt` and without a leading number (`03_spin.txt`
/// -> `spin`); a name that is only a number keeps it.
fn numbered_stem(name: &str) -> &str {
    let name = unnumbered(name);
    name.strip_suffix(".txt").unwrap_or(name)
}

/// A level file's name without the order number the editor puts in front
/// (`03_spin.txt` -> `spin.txt`, [`PlayerSet`] renumbers on every change): what
/// stays of a level's name when its set is reordered. A name with no number,
/// or that is only a number (`2024.txt`, `01_.txt`), is kept whole.
pub fn unnumbered(name: &str) -> &str {
    let rest = name.trim_start_matches(|c: char| c.is_ascii_digit());
    match rest.strip_prefix('_') {
        Some(r) if rest.len() < name.len() && !r.is_empty() && !r.starts_with(".txt") => r,
        _ => name,
    }
}

/// A file name's stem made from a title: lower-case letters and digits, `_`
/// between words, never empty ("Warm up!" -> `warm_up`).
pub fn stem_of_title(title: &str) -> String {
    let mut stem = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c.to_ascii_lowercase());
        } else if !stem.is_empty() && !stem.ends_with('_') {
            stem.push('_');
        }
        if stem.len() >= MAX_STEM {
            break;
        }
    }
    let stem = stem.trim_end_matches('_');
    if stem.is_empty() {
        "level".to_owned()
    } else {
        stem.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::read_set_bundle;

    fn level(title: &str) -> String {
        format!("title = \"{title}\"\nmode = solo\n[bricks]\n111\n")
    }

    fn names(set: &PlayerSet) -> Vec<&str> {
        set.levels.iter().map(|f| f.name.as_str()).collect()
    }

    #[test]
    fn saving_levels_appends_them_numbered_and_the_same_title_replaces() {
        let mut set = PlayerSet::new("mine", "My Set", SetHome::Record);
        assert_eq!(set.title(), "My Set");
        assert_eq!(set.save_level(&level("Warm up!"), "Warm up!"), (0, false));
        assert_eq!(set.save_level(&level("Finale"), "Finale"), (1, false));
        assert_eq!(names(&set), ["01_warm_up.txt", "02_finale.txt"]);
        let edited = level("Warm up!").replace("111", "222");
        assert_eq!(set.save_level(&edited, "Warm up!"), (0, true));
        assert_eq!(set.levels.len(), 2);
        assert_eq!(set.levels[0].text, edited);
        assert_eq!(set.level_title(1), "Finale");
    }

    #[test]
    fn reordering_renames_so_file_name_order_is_play_order() {
        let mut set = PlayerSet::new("mine", "Mine", SetHome::Record);
        for t in ["A", "B", "C"] {
            set.save_level(&level(t), t);
        }
        assert_eq!(set.move_level(2, true), Some(1));
        assert_eq!(names(&set), ["01_a.txt", "02_c.txt", "03_b.txt"]);
        assert_eq!(set.level_title(1), "C");
        assert_eq!(set.move_level(0, true), None, "the first stays first");
        assert_eq!(set.move_level(2, false), None, "the last stays last");
        assert_eq!(set.move_level(0, false), Some(1));
        assert_eq!(names(&set), ["01_c.txt", "02_a.txt", "03_b.txt"]);
        // What the game plays: the files sorted by name.
        let mut sorted = set.levels.clone();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(sorted, set.levels);
    }

    #[test]
    fn titles_that_make_the_same_name_get_names_of_their_own() {
        let mut set = PlayerSet::new("mine", "Mine", SetHome::Record);
        set.save_level(&level("Spin!"), "Spin!");
        set.save_level(&level("Spin?"), "Spin?");
        set.save_level(&level("Spin."), "Spin.");
        assert_eq!(
            names(&set),
            ["01_spin.txt", "02_spin_2.txt", "03_spin_3.txt"]
        );
        // Saving over one keeps its name.
        assert_eq!(set.save_level(&level("Spin?"), "Spin?"), (1, true));
        assert_eq!(names(&set)[1], "02_spin_2.txt");
    }

    #[test]
    fn removing_a_level_closes_the_gap() {
        let mut set = PlayerSet::new("mine", "Mine", SetHome::Record);
        for t in ["A", "B", "C"] {
            set.save_level(&level(t), t);
        }
        let gone = set.remove_level(1).unwrap();
        assert_eq!(gone.text, level("B"));
        assert_eq!(names(&set), ["01_a.txt", "02_c.txt"]);
        assert!(set.remove_level(5).is_none());
    }

    #[test]
    fn ten_levels_and_more_sort_in_play_order() {
        let mut set = PlayerSet::new("mine", "Mine", SetHome::Record);
        for n in 0..12 {
            let t = format!("L{n}");
            set.save_level(&level(&t), &t);
        }
        assert_eq!(set.levels[9].name, "10_l9.txt");
        let mut sorted = set.levels.clone();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(sorted, set.levels);
        for n in 0..88 {
            let t = format!("M{n}");
            set.save_level(&level(&t), &t);
        }
        assert_eq!(
            set.levels[0].name, "001_l0.txt",
            "a hundred levels: three digits"
        );
    }

    #[test]
    fn a_set_round_trips_through_its_bundle() {
        let mut set = PlayerSet::new("mine", "Corner \"Shots\"", SetHome::Record);
        set.save_level(&level("One"), "One");
        set.save_level("title = \"Two\"\r\n[bricks]\r\n22\r\n", "Two");
        let files = read_set_bundle(&set.bundle()).unwrap();
        assert_eq!(files[0].name, SET_FILE);
        let back = PlayerSet::from_files("mine", SetHome::Record, files);
        assert_eq!(back, set);
        assert_eq!(back.title(), "Corner 'Shots'");
        // Each file checks clean, set.txt included.
        assert!(check_set_info(set.info.as_deref().unwrap())
            .diagnostics
            .is_empty());
        for f in &set.levels {
            assert!(Level::parse(&f.text).is_ok(), "{}", f.name);
        }
    }

    #[test]
    fn stems_come_from_titles_and_old_numbers_are_dropped() {
        assert_eq!(stem_of_title("Warm up!"), "warm_up");
        assert_eq!(stem_of_title("  ***  "), "level");
        assert_eq!(numbered_stem("03_spin.txt"), "spin");
        assert_eq!(numbered_stem("spin.txt"), "spin");
        assert_eq!(numbered_stem("2024.txt"), "2024");
        assert_eq!(unnumbered("03_spin.txt"), "spin.txt");
        assert_eq!(unnumbered("spin.txt"), "spin.txt");
        assert_eq!(unnumbered("2024.txt"), "2024.txt");
        assert_eq!(unnumbered("01_.txt"), "01_.txt");
        assert_eq!(unnumbered("10_2_up.txt"), "2_up.txt");
        let set = PlayerSet::from_files(
            "x",
            SetHome::Record,
            vec![
                BundledFile {
                    name: "b.txt".into(),
                    text: level("B"),
                },
                BundledFile {
                    name: "a.txt".into(),
                    text: level("A"),
                },
            ],
        );
        assert_eq!(names(&set), ["a.txt", "b.txt"], "read in play order");
        assert_eq!(set.title(), "x");
    }
}
