//! Noticing that the file being edited was changed by another program (a text
//! editor), as hot reload does in play: its modification time is polled, and a
//! changed file's text is handed to [`super::Editor::reload`].

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Watches the file an editor saves to.
#[derive(Debug, Clone)]
pub struct TextWatch {
    path: PathBuf,
    modified: Option<SystemTime>,
}

impl TextWatch {
    /// Starts watching `path` from its current state (it may not exist yet).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        let path = path.into();
        let modified = modified(&path);
        Self { path, modified }
    }

    /// The file watched.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Notes the file as it is now (after the editor saved it itself).
    pub fn rearm(&mut self) {
        self.modified = modified(&self.path);
    }

    /// The file's text, when it changed since the last poll; an unreadable or
    /// non-UTF-8 file is an error message.
    pub fn poll(&mut self) -> Option<Result<String, String>> {
        let now = modified(&self.path);
        if now == self.modified {
            return None;
        }
        self.modified = now;
        now?;
        let label = self.path.display();
        Some(
            crate::user_file::read_user_text(&self.path, crate::user_file::FileKind::Level)
                .map_err(|e| format!("{label}: {e}")),
        )
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_watch_sees_a_change_once() {
        let dir = std::env::temp_dir().join(format!("arkanong-watch-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("l.txt");
        let _ = std::fs::remove_file(&path);
        let mut w = TextWatch::new(&path);
        assert_eq!(w.poll(), None, "no file, no change");
        std::fs::write(&path, "mode = versus\n").unwrap();
        assert_eq!(w.poll(), Some(Ok("mode = versus\n".to_owned())));
        assert_eq!(w.poll(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
