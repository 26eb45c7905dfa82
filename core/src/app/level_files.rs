//! The seam between the headless app and the level files it watches (a
//! `--level` file in play, the file the editor saves to): the app asks a
//! [`LevelFiles`] when a file last changed and what it holds, and never
//! touches the file system itself. The desktop shell hands in one that reads
//! the disk, the browser [`NoFiles`] (a page has no files), and the tests a
//! fake kept in memory, so no test waits on a file system's coarse clock.

use std::path::Path;
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
    String::from_utf8(files.read(path)?).map_err(|_| ReadError::NotText(FileKind::Level))
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
