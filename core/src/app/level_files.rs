//! The seam between the headless app and the level files it watches (a
//! `--level` file in play, the file the editor saves to): the app asks a
//! [`LevelFiles`] when a file last changed and what it holds, and never
//! touches the file system itself. The desktop shell hands in one that reads
//! the disk, the browser [`NoFiles`] (a page has no files), and the tests a
//! fake kept in memory, so no test waits on a file system's coarse clock.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::SystemTime;

use crate::user_file::{FileKind, ReadError};

/// The files the app watches, as whoever runs it can reach them.
pub trait LevelFiles {
    /// When the file at `path` last changed; `None` when there is no such file
    /// (or its time cannot be read).
    fn modified(&self, path: &Path) -> Option<SystemTime>;
    /// The bytes of the level file at `path`, read within a level's cap
    /// ([`FileKind::Level`]), or why not.
    fn read(&self, path: &Path) -> Result<Vec<u8>, ReadError>;
}

/// The level files a watcher reads through (shared by the app and its screens).
pub type SharedFiles = Rc<dyn LevelFiles>;

/// No files at all: the browser's (a page has none), and headless tests that
/// watch nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFiles;

impl LevelFiles for NoFiles {
    fn modified(&self, _: &Path) -> Option<SystemTime> {
        None
    }

    fn read(&self, _: &Path) -> Result<Vec<u8>, ReadError> {
        Err(ReadError::Io(std::io::ErrorKind::NotFound.into()))
    }
}

/// The file's text, when it is UTF-8 (the editor's way to read a level).
pub fn read_text(files: &dyn LevelFiles, path: &Path) -> Result<String, ReadError> {
    level_text(files.read(path)?)
}

/// A level file's bytes as text, when they are UTF-8.
pub fn level_text(bytes: Vec<u8>) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|_| ReadError::NotText(FileKind::Level))
}

/// One file watched through [`LevelFiles`]: its modification time polled, its
/// bytes read when that time moves. The `--level` hot reload
/// ([`crate::app::play::LevelWatcher`]) and the editor's file watch
/// ([`crate::app::editor::TextWatch`]) each make what they need of the bytes.
#[derive(Clone)]
pub struct WatchedFile {
    path: PathBuf,
    modified: Option<SystemTime>,
    files: SharedFiles,
}

impl std::fmt::Debug for WatchedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (f.debug_struct("WatchedFile"))
            .field("path", &self.path)
            .field("modified", &self.modified)
            .finish_non_exhaustive()
    }
}

impl WatchedFile {
    /// Starts watching `path`, as `files` reach it, from its current state (it
    /// may not exist yet): only a later change is news.
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

    /// Notes the file as it is now, so a change the app made itself (the
    /// editor's own save) is not news.
    pub fn rearm(&mut self) {
        self.modified = self.files.modified(&self.path);
    }

    /// The file's bytes, or why they cannot be read (a file removed is
    /// [`ReadError::is_missing`]), when it changed since the last poll; once
    /// per change.
    pub fn poll(&mut self) -> Option<Result<Vec<u8>, ReadError>> {
        let now = self.files.modified(&self.path);
        if now == self.modified {
            return None;
        }
        self.modified = now;
        Some(self.files.read(&self.path))
    }
}

/// Level files kept in memory, each write a tick later than the last: the
/// tests' fake of the disk.
#[cfg(test)]
pub(crate) mod fake {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::path::{Path, PathBuf};
    use std::time::{Duration, SystemTime};

    use super::LevelFiles;
    use crate::user_file::ReadError;

    /// Files in memory (see the module doc).
    #[derive(Debug, Default)]
    pub(crate) struct MemoryFiles {
        files: RefCell<HashMap<PathBuf, (SystemTime, Vec<u8>)>>,
        writes: RefCell<u64>,
    }

    impl MemoryFiles {
        /// Writes `text` to `path`, a second later than the last write.
        pub(crate) fn write(&self, path: &Path, text: &str) {
            self.write_bytes(path, text.as_bytes());
        }

        /// Writes `bytes` to `path`, a second later than the last write.
        pub(crate) fn write_bytes(&self, path: &Path, bytes: &[u8]) {
            let mut writes = self.writes.borrow_mut();
            *writes += 1;
            let when = SystemTime::UNIX_EPOCH + Duration::from_secs(*writes);
            (self.files.borrow_mut()).insert(path.to_owned(), (when, bytes.to_vec()));
        }

        /// Removes the file at `path`.
        pub(crate) fn remove(&self, path: &Path) {
            self.files.borrow_mut().remove(path);
        }
    }

    impl LevelFiles for MemoryFiles {
        fn modified(&self, path: &Path) -> Option<SystemTime> {
            self.files.borrow().get(path).map(|(when, _)| *when)
        }

        fn read(&self, path: &Path) -> Result<Vec<u8>, ReadError> {
            let files = self.files.borrow();
            let (_, bytes) = files
                .get(path)
                .ok_or_else(|| ReadError::Io(std::io::ErrorKind::NotFound.into()))?;
            Ok(bytes.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fake::MemoryFiles;
    use super::*;

    #[test]
    fn no_files_has_no_file_and_reads_none() {
        let path = Path::new("levels/01.txt");
        assert_eq!(NoFiles.modified(path), None);
        assert!(NoFiles.read(path).unwrap_err().is_missing());
    }

    #[test]
    fn a_watched_file_is_news_once_per_change() {
        let files = Rc::new(MemoryFiles::default());
        let path = Path::new("dir/l.txt");
        let mut w = WatchedFile::new(path, files.clone());
        assert!(w.poll().is_none(), "no file yet, no change");
        files.write(path, "a");
        assert_eq!(w.poll().map(Result::unwrap), Some(b"a".to_vec()));
        assert!(w.poll().is_none(), "said once");
        files.write(path, "b");
        w.rearm();
        assert!(w.poll().is_none(), "the app's own write is no news");
        files.remove(path);
        assert!(w.poll().is_some_and(|r| r.unwrap_err().is_missing()));
        assert!(w.poll().is_none(), "gone is said once");
    }

    #[test]
    fn text_that_is_not_utf8_is_said_as_such() {
        let files = MemoryFiles::default();
        let path = Path::new("l.txt");
        files.write(path, "title = A\n");
        assert_eq!(read_text(&files, path).unwrap(), "title = A\n");
        files.write_bytes(path, &[0xff, 0xfe]);
        let e = read_text(&files, path).unwrap_err();
        assert!(matches!(e, ReadError::NotText(FileKind::Level)), "{e}");
    }
}
