//! Level sets: a folder of level files played in file-name order (the last is
//! the finale), with an optional `set.txt` giving its title and description.
//! The names a set's levels go by, and the level files of a set's folder.

use std::path::{Path, PathBuf};

use super::set_info::{check_set_info, SET_FILE};
use super::ShippedSet;

/// The root set's title when its `set.txt` gives none.
pub const ROOT_SET_TITLE: &str = "Arkanong";

impl ShippedSet {
    /// Its title: `set.txt`'s, else the folder's name ("Arkanong" for the root).
    pub fn title(&self) -> String {
        let info = self
            .info
            .map(|t| check_set_info(t).info)
            .unwrap_or_default();
        info.title
            .unwrap_or_else(|| set_title_fallback(self.folder))
    }

    /// Its description from `set.txt` (empty without one).
    pub fn description(&self) -> String {
        let info = self
            .info
            .map(|t| check_set_info(t).info)
            .unwrap_or_default();
        info.description.unwrap_or_default()
    }
}

/// A set's title when `set.txt` gives none: its folder's name, or
/// [`ROOT_SET_TITLE`] for the root set.
pub fn set_title_fallback(folder: &str) -> String {
    if folder.is_empty() {
        ROOT_SET_TITLE.to_owned()
    } else {
        folder.to_owned()
    }
}

/// A level's name from its set's folder and its file name: the file name in the
/// root set (`01_first_contact.txt`, as it has always been), `SET/FILE` in a
/// subfolder set (`angles/03_spin.txt`).
pub fn level_name(set: &str, file: &str) -> String {
    if set.is_empty() {
        file.to_owned()
    } else {
        format!("{set}/{file}")
    }
}

/// The set a level's name belongs to, by the name alone: `SET` for a name of
/// the form `SET/FILE` (one slash, a plain folder name before it that is not
/// `levels`), else the root set (`""`). Records made before sets (`01_x.txt`)
/// and paths (`levels/mine.txt`, `/tmp/x.txt`, `tests/fixtures/a.txt`) are the
/// root set's, so old high-score tables stay whole.
pub fn set_of_name(name: &str) -> &str {
    match name.split_once('/') {
        Some((set, file))
            if !file.contains('/')
                && !file.is_empty()
                && !set.is_empty()
                && set != "levels"
                && set != "."
                && set != ".."
                && !set.contains('\\')
                && !set.contains(':') =>
        {
            set
        }
        _ => "",
    }
}

/// The level files of a set's folder, in play order (file-name order), `set.txt`
/// left out. Unreadable folders give none.
pub fn set_level_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|e| e == "txt")
                && p.file_name().is_some_and(|n| n != SET_FILE)
        })
        .collect();
    files.sort();
    files
}

/// Whether a path names a set's description rather than a level.
pub fn is_set_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == SET_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{shipped_levels, shipped_sets};

    #[test]
    fn set_of_name_reads_set_folders_and_keeps_old_names_in_the_root() {
        assert_eq!(set_of_name("angles/03_spin.txt"), "angles");
        assert_eq!(set_of_name("01_first_contact.txt"), "");
        assert_eq!(set_of_name("levels/mine.txt"), "");
        assert_eq!(set_of_name("/tmp/x.txt"), "");
        assert_eq!(set_of_name("tests/fixtures/a.txt"), "");
        assert_eq!(set_of_name("your level: Mine"), "");
        assert_eq!(level_name("", "a.txt"), "a.txt");
        assert_eq!(level_name("duels", "a.txt"), "duels/a.txt");
        assert_eq!(set_of_name(&level_name("duels", "a.txt")), "duels");
    }

    #[test]
    fn the_root_set_is_first_titled_arkanong_with_todays_levels() {
        let root = &shipped_sets()[0];
        assert_eq!(root.folder, "");
        assert_eq!(root.title(), "Arkanong");
        assert_eq!(root.levels, shipped_levels());
        assert_eq!(root.levels[0].file, "01_first_contact.txt");
        assert_eq!(root.levels[12].file, "13_hex_duel.txt");
    }

    #[test]
    fn every_shipped_set_names_its_levels_set_slash_file_in_order() {
        for set in shipped_sets() {
            assert!(!set.levels.is_empty(), "{} has levels", set.folder);
            assert!(set.levels.windows(2).all(|w| w[0].file < w[1].file));
            for l in set.levels {
                assert_eq!(set_of_name(l.file), set.folder, "{}", l.file);
                assert!(!l.file.ends_with(SET_FILE));
            }
            if let Some(info) = set.info {
                let checked = check_set_info(info);
                assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
            }
        }
    }

    #[test]
    fn set_level_files_skips_set_txt_and_sorts() {
        let dir = std::env::temp_dir().join(format!("arkanong-set-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in ["02_b.txt", "set.txt", "01_a.txt", "notes.md"] {
            std::fs::write(dir.join(f), "title = \"x\"\n").unwrap();
        }
        let files: Vec<String> = set_level_files(&dir)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(files, ["01_a.txt", "02_b.txt"]);
        assert!(is_set_file(&dir.join("set.txt")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
