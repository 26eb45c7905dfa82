//! The levels a player can choose from, and where each came from.

use std::path::PathBuf;

use crate::level::{shipped_levels, Level};
use crate::user_file::{read_user_text, FileKind};

/// A level the player can pick.
pub struct LevelEntry {
    /// Its file name (or path, for files outside the shipped set).
    pub label: String,
    /// The level.
    pub level: Level,
    /// The file it came from, for hot reload (`None` for the built-in copy).
    pub path: Option<PathBuf>,
    /// Whether it is one of the shipped levels, the campaign's. The player's own
    /// levels (extra files, the editor's, `--level`) are never locked and never
    /// unlock anything.
    pub shipped: bool,
}

/// The shipped levels (from the files in `levels/` when they are there, so edits
/// show up and hot reload works, else the copies built into the binary), then any
/// other `.txt` files in `levels/`, then the level made in the editor from the
/// title menu (localStorage in the browser) when it has no errors.
pub fn level_list() -> Vec<LevelEntry> {
    let mut out = Vec::new();
    for l in shipped_levels() {
        let path = PathBuf::from("levels").join(l.file);
        let from_disk = read_user_text(&path, FileKind::Level)
            .ok()
            .and_then(|t| Level::parse(&t).ok());
        let (level, path) = match from_disk {
            Some(level) => (level, Some(path)),
            None => (
                Level::parse(l.text).expect("shipped levels are valid"),
                None,
            ),
        };
        out.push(LevelEntry {
            label: l.file.to_owned(),
            level,
            path,
            shipped: true,
        });
    }
    if let Ok(dir) = std::fs::read_dir("levels") {
        let mut extra: Vec<PathBuf> = dir
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "txt")
                    && !shipped_levels().iter().any(|l| p.ends_with(l.file))
            })
            .collect();
        extra.sort();
        for path in extra {
            if let Ok(level) = read_user_text(&path, FileKind::Level)
                .map_err(|e| e.to_string())
                .and_then(|t| Level::parse(&t).map_err(|_| String::new()))
            {
                out.push(LevelEntry {
                    label: path.display().to_string(),
                    level,
                    path: Some(path),
                    shipped: false,
                });
            }
        }
    }
    if let Some(entry) = super::read_record(RECORD)
        .ok()
        .flatten()
        .and_then(|t| user_entry(&t, None))
    {
        out.push(entry);
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
        None => e.shipped && path.file_name().is_some_and(|f| *f == *e.label),
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
            // Keep the label the list gave it (a shipped level keeps its name).
            if path.is_some() {
                entry.label = std::mem::take(&mut levels[i].label);
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

#[cfg(test)]
#[path = "levels_tests.rs"]
mod tests;

/// The record the editor opened from the title menu keeps its level in (a file
/// in the data folder on desktop, localStorage `arkanong.level.edit` in the
/// browser).
pub const RECORD: &str = "level.edit";
