//! Noticing that the file being edited was changed by another program (a text
//! editor), as hot reload does in play: its modification time is polled
//! through the shell's [`LevelFiles`](crate::app::level_files::LevelFiles), and
//! a changed file's text is handed to [`super::Editor::reload`].

use std::path::{Path, PathBuf};

use crate::app::level_files::{level_text, SharedFiles, WatchedFile};

/// Watches the file an editor saves to.
#[derive(Clone, Debug)]
pub struct TextWatch {
    file: WatchedFile,
}

impl TextWatch {
    /// Starts watching `path`, as `files` reach it, from its current state (it
    /// may not exist yet).
    pub fn new(path: impl Into<PathBuf>, files: SharedFiles) -> Self {
        Self {
            file: WatchedFile::new(path, files),
        }
    }

    /// The file watched.
    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Notes the file as it is now (after the editor saved it itself).
    pub fn rearm(&mut self) {
        self.file.rearm();
    }

    /// The file's text, when it changed since the last poll; an unreadable or
    /// non-UTF-8 file is an error message. A file removed is no news: the
    /// editor keeps what it has, and saving writes it again.
    pub fn poll(&mut self) -> Option<Result<String, String>> {
        let label = self.file.path().display().to_string();
        match self.file.poll()? {
            Err(e) if e.is_missing() => None,
            read => Some(
                read.and_then(level_text)
                    .map_err(|e| format!("{label}: {e}")),
            ),
        }
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
        // A file removed is no news: the editor keeps its level.
        files.remove(path);
        assert_eq!(w.poll(), None);
    }
}
