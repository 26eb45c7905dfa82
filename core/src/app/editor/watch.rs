//! Noticing that the file being edited was changed by another program (a text
//! editor), as hot reload does in play: its modification time is polled
//! through the shell's [`LevelFiles`](crate::app::level_files::LevelFiles), and
//! a changed file's text is handed to [`super::Editor::reload`].

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::app::level_files::{read_text, SharedFiles};

/// Watches the file an editor saves to.
#[derive(Clone)]
pub struct TextWatch {
    path: PathBuf,
    modified: Option<SystemTime>,
    files: SharedFiles,
}

impl std::fmt::Debug for TextWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (f.debug_struct("TextWatch"))
            .field("path", &self.path)
            .field("modified", &self.modified)
            .finish_non_exhaustive()
    }
}

impl TextWatch {
    /// Starts watching `path`, as `files` reach it, from its current state (it
    /// may not exist yet).
    pub fn new(path: impl Into<PathBuf>, files: SharedFiles) -> Self {
        let path = path.into();
        let modified = files.modified(&path);
        Self {
            path,
            modified,
            files,
        }
    }

    /// The file watched.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Notes the file as it is now (after the editor saved it itself).
    pub fn rearm(&mut self) {
        self.modified = self.files.modified(&self.path);
    }

    /// The file's text, when it changed since the last poll; an unreadable or
    /// non-UTF-8 file is an error message.
    pub fn poll(&mut self) -> Option<Result<String, String>> {
        let now = self.files.modified(&self.path);
        if now == self.modified {
            return None;
        }
        self.modified = now;
        now?;
        let label = self.path.display();
        Some(read_text(self.files.as_ref(), &self.path).map_err(|e| format!("{label}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::app::level_files::fake::MemoryFiles;

    #[test]
    fn text_watch_sees_a_change_once() {
        let files = Rc::new(MemoryFiles::default());
        let path = Path::new("dir/l.txt");
        let mut w = TextWatch::new(path, files.clone());
        assert_eq!(w.poll(), None, "no file, no change");
        files.write(path, "mode = versus\n");
        assert_eq!(w.poll(), Some(Ok("mode = versus\n".to_owned())));
        assert_eq!(w.poll(), None);
        // The editor's own save is no outside change.
        files.write(path, "mode = solo\n");
        w.rearm();
        assert_eq!(w.poll(), None);
        files.write_bytes(path, &[0xff]);
        assert_eq!(
            w.poll(),
            Some(Err("dir/l.txt: the level is not UTF-8 text".to_owned()))
        );
    }
}
