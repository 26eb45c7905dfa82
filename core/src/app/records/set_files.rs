//! The player's own sets read from where they are kept: folders of the data
//! folder's `levels/` (the desktop), and the sets imported in the browser (the
//! `sets` record and a `set.NAME` bundle each, localStorage there, files in
//! the data folder here). Read once, with the level list (see
//! [`super::read_levels`]): the menus and the app state work on what was read
//! ([`KnownSets`]) and never read again (review 7).

use std::path::{Path, PathBuf};

use super::levels::LevelEntry;
use super::sets::{bundle_levels, SetEntry, SETS_RECORD};
use crate::level::{level_name, read_set_bundle, set_level_files, shipped_sets, BundledFile};
use crate::level::{Level, SET_FILE};
use crate::user_file::{read_user_text, FileKind};

/// What was read of the player's own sets beside their levels: each set's
/// entry for the menus, and the list of imported sets as its record has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownSets {
    /// Each player set's entry (its `set.txt`'s title and description), by
    /// key: the folders', then the imported sets'.
    pub entries: Vec<SetEntry>,
    /// The names the `sets` record lists, every one of them (a set whose
    /// bundle did not read this run included, so an import writes it back);
    /// `Err` says why the record could not be read, and then an import must
    /// not write the list over it.
    pub imported: Result<Vec<String>, String>,
}

impl Default for KnownSets {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
            imported: Ok(Vec::new()),
        }
    }
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
/// in the browser ([`SETS_RECORD`]), then the loose files there ("My
/// levels"); and what was read of the sets themselves. A set named like a
/// shipped set, and a level that does not parse, are left out.
pub fn player_set_levels() -> (Vec<LevelEntry>, KnownSets) {
    let mut out = Vec::new();
    let mut known = KnownSets::default();
    let mut seen: Vec<String> = shipped_sets().iter().map(|s| s.folder.to_owned()).collect();
    let mut loose = Vec::new();
    if let Some(dir) = player_sets_dir() {
        for (name, folder) in player_set_folders(&dir) {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name.clone());
            let info = read_user_text(folder.join(SET_FILE), FileKind::Level).ok();
            known.entries.push(SetEntry::player(&name, info.as_deref()));
            out.extend(folder_levels(&name, &folder));
        }
        loose = loose_levels(&dir);
    }
    let imported = imported_sets();
    known.imported = imported.names;
    for (name, files) in imported.sets {
        if seen.contains(&name) {
            continue;
        }
        let info = files.iter().find(|f| f.name == SET_FILE);
        known
            .entries
            .push(SetEntry::player(&name, info.map(|f| f.text.as_str())));
        out.extend(bundle_levels(&name, &files));
        seen.push(name);
    }
    out.extend(loose);
    (out, known)
}

/// The levels of the set folder `folder` (named `name`) that parse, in
/// file-name order, each read from its file (so hot reload watches it).
fn folder_levels(name: &str, folder: &Path) -> Vec<LevelEntry> {
    let mut out = Vec::new();
    for path in set_level_files(folder) {
        let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
        let level = read_user_text(&path, FileKind::Level)
            .ok()
            .and_then(|t| Level::parse(&t).ok());
        if let (Some(file), Some(level)) = (file, level) {
            out.push(LevelEntry {
                label: level_name(name, &file),
                set: name.to_owned(),
                level,
                path: Some(path),
                shipped: false,
            });
        }
    }
    out
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

/// The sets imported in the browser, as read from their records.
pub struct ImportedSets {
    /// The names [`SETS_RECORD`] lists, or why it did not read.
    pub names: Result<Vec<String>, String>,
    /// Each listed set whose bundle reads, by name, its files in play order.
    pub sets: Vec<(String, Vec<BundledFile>)>,
}

/// The sets imported in the browser (any platform reads them: on the desktop
/// they are files in the data folder).
pub fn imported_sets() -> ImportedSets {
    let names = super::read_record(SETS_RECORD).map(|text| listed_names(&text.unwrap_or_default()));
    let sets = (names.iter().flatten())
        .filter_map(|name| {
            let text = super::read_record(&format!("set.{name}")).ok().flatten()?;
            let files = read_set_bundle(&text).ok()?;
            Some((name.clone(), files))
        })
        .collect();
    ImportedSets { names, sets }
}

/// The names a `sets` record lists, one a line, blank lines apart.
pub(super) fn listed_names(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_names_skip_blank_lines_and_keep_the_order() {
        assert_eq!(listed_names("b\n\n  a \r\nc"), ["b", "a", "c"]);
        assert!(listed_names("").is_empty());
    }
}
