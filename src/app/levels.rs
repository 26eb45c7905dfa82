//! The levels a player can choose from, and where each came from.

use std::path::PathBuf;

use crate::level::{shipped_levels, Level};

/// A level the player can pick.
pub struct LevelEntry {
    /// Its file name (or path, for files outside the shipped set).
    pub label: String,
    /// The level.
    pub level: Level,
    /// The file it came from, for hot reload (`None` for the built-in copy).
    pub path: Option<PathBuf>,
}

/// The shipped levels (from the files in `levels/` when they are there, so edits
/// show up and hot reload works, else the copies built into the binary), then any
/// other `.txt` files in `levels/`, then the level made in the editor from the
/// title menu (localStorage in the browser) when it has no errors.
pub fn level_list() -> Vec<LevelEntry> {
    let mut out = Vec::new();
    for l in shipped_levels() {
        let path = PathBuf::from("levels").join(l.file);
        let from_disk = std::fs::read_to_string(&path)
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
            if let Ok(level) = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| Level::parse(&t).map_err(|_| String::new()))
            {
                out.push(LevelEntry {
                    label: path.display().to_string(),
                    level,
                    path: Some(path),
                });
            }
        }
    }
    if let Some(level) = super::read_record(super::editor::RECORD)
        .ok()
        .flatten()
        .and_then(|t| Level::parse(&t).ok())
    {
        out.push(LevelEntry {
            label: format!("your level: {}", level.title),
            level,
            path: None,
        });
    }
    out
}
