//! The player's own sets read and written whole, for the editor's set page: a
//! folder of the data folder's `levels/` on the desktop, the `set.NAME` record
//! (localStorage) in the browser. The shell calls these (the app state reads
//! and writes no file).

use std::path::{Path, PathBuf};

use super::player_set::{PlayerSet, SetHome};
use super::set_files::{imported_sets, player_set_folders, player_sets_dir};
use super::sets::{import_set_records, SETS_RECORD};
use crate::level::{set_level_files, shipped_sets, BundledFile, SET_FILE};
use crate::user_file::{read_user_text, FileKind};

/// The player's sets as the editor's set page needs them: every set with its
/// files, and where new sets go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerSets {
    /// The sets, folders first (by name), then the browser's records.
    pub sets: Vec<PlayerSet>,
    /// The folder new sets are made in (the data folder's `levels/`); `None`
    /// where there are no files (the browser): new sets are records.
    pub folder: Option<PathBuf>,
}

impl PlayerSets {
    /// Where a new set `name` is kept.
    pub fn home_of_new(&self, name: &str) -> SetHome {
        match &self.folder {
            Some(dir) => SetHome::Folder(dir.join(name)),
            None => SetHome::Record,
        }
    }

    /// Where a set exported as one file goes on the desktop (the data
    /// folder's `exports/`); `None` in the browser, which downloads it.
    pub fn export_path(&self, name: &str) -> Option<PathBuf> {
        let data = self.folder.as_ref()?.parent()?;
        Some(data.join("exports").join(format!("{name}_set.txt")))
    }
}

/// Reads the player's sets: each folder of [`player_sets_dir`] (as the level
/// list reads them: a plain name, not a shipped set's), then each set kept as
/// a record. In the browser only records (there is no folder).
pub fn read_player_sets() -> PlayerSets {
    let folder = if cfg!(target_arch = "wasm32") {
        None
    } else {
        player_sets_dir()
    };
    let mut sets = folder.as_deref().map(read_set_folders).unwrap_or_default();
    let shipped = |n: &str| shipped_sets().iter().any(|s| s.folder == n);
    for (name, files) in imported_sets().sets {
        if !shipped(&name) && !sets.iter().any(|s: &PlayerSet| s.name == name) {
            sets.push(PlayerSet::from_files(&name, SetHome::Record, files));
        }
    }
    PlayerSets { sets, folder }
}

/// The set folders of `dir`, by name, each with its `set.txt` and levels.
fn read_set_folders(dir: &Path) -> Vec<PlayerSet> {
    let mut out = Vec::new();
    for (name, folder) in player_set_folders(dir) {
        let info = folder.join(SET_FILE);
        let files = std::iter::once(info)
            .filter(|p| p.is_file())
            .chain(set_level_files(&folder))
            .filter_map(|p| {
                let text = read_user_text(&p, FileKind::Level).ok()?;
                let name = p.file_name()?.to_string_lossy().into_owned();
                Some(BundledFile { name, text })
            })
            .collect();
        out.push(PlayerSet::from_files(&name, SetHome::Folder(folder), files));
    }
    out
}

/// Writes a set where it is kept: its folder's files (see [`write_set_folder`]),
/// or its record and the list of sets.
pub fn write_player_set(set: &PlayerSet) -> Result<(), String> {
    match &set.home {
        SetHome::Folder(dir) => write_set_folder(dir, &set.files()),
        SetHome::Record => {
            let known = super::read_record(SETS_RECORD)?.unwrap_or_default();
            for (name, text) in import_set_records(&set.name, &set.bundle(), &known) {
                super::write_record(&name, &text)?;
            }
            Ok(())
        }
    }
}

/// Makes folder `dir` hold `files` and no other level: each file written
/// atomically, then the level files it no longer has removed (a level renamed
/// by a reorder, or removed from the set). Other files stay.
pub fn write_set_folder(dir: &Path, files: &[BundledFile]) -> Result<(), String> {
    let shown = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    for f in files {
        let path = dir.join(&f.name);
        super::save_atomic(&path, &f.text).map_err(|e| shown(&path, e))?;
    }
    for old in set_level_files(dir) {
        let kept = (old.file_name()).is_some_and(|n| files.iter().any(|f| n == f.name.as_str()));
        if !kept {
            std::fs::remove_file(&old).map_err(|e| shown(&old, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::check_text;

    fn level(title: &str) -> String {
        format!("title = \"{title}\"\nmode = solo\n[bricks]\n111\n")
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_set_folder_follows_saves_reorders_and_removals_and_checks_clean() {
        let root = std::env::temp_dir().join(format!("arkanong-set-folder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let dir = root.join("levels").join("corner_shots");
        let mut set = PlayerSet::new("corner_shots", "Corner Shots", SetHome::Folder(dir.clone()));
        for t in ["Warm up", "Middle", "Finale"] {
            set.save_level(&level(t), t);
        }
        write_set_folder(&dir, &set.files()).unwrap();
        assert_eq!(
            listing(&dir),
            [
                "01_warm_up.txt",
                "02_middle.txt",
                "03_finale.txt",
                "set.txt"
            ]
        );
        std::fs::write(dir.join("notes.md"), "mine").unwrap();
        set.move_level(2, true);
        set.remove_level(0);
        write_set_folder(&dir, &set.files()).unwrap();
        assert_eq!(
            listing(&dir),
            ["01_finale.txt", "02_middle.txt", "notes.md", "set.txt"],
            "renamed to the new order, the removed level gone, other files kept"
        );
        // Read back as the game reads a set folder: the same set, in order.
        let back = read_set_folders(&root.join("levels"));
        assert_eq!(back, [set.clone()]);
        // What `arkanong check DIR` checks: every level and set.txt, clean.
        for p in set_level_files(&dir) {
            let text = std::fs::read_to_string(&p).unwrap();
            let errors = check_text(&text)
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .count();
            assert_eq!(errors, 0, "{}", p.display());
        }
        let info = std::fs::read_to_string(dir.join(SET_FILE)).unwrap();
        assert!(crate::level::check_set_info(&info).diagnostics.is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn new_sets_go_in_the_folder_or_the_browsers_records() {
        let sets = PlayerSets {
            sets: Vec::new(),
            folder: Some(PathBuf::from("/data/levels")),
        };
        assert_eq!(
            sets.home_of_new("mine"),
            SetHome::Folder(PathBuf::from("/data/levels/mine"))
        );
        assert_eq!(
            sets.export_path("mine"),
            Some(PathBuf::from("/data/exports/mine_set.txt"))
        );
        let browser = PlayerSets::default();
        assert_eq!(browser.home_of_new("mine"), SetHome::Record);
        assert_eq!(browser.export_path("mine"), None);
    }
}
