//! Hot reload of a level being played from a file: the app polls the file's
//! modification time a few times a second, through the shell's
//! [`LevelFiles`]; a changed file is read and checked, and either replaces the
//! level or yields the first problem to show on screen.

use std::path::PathBuf;

use crate::app::level_files::{SharedFiles, WatchedFile};
use crate::level::{check_bytes, Level};

/// Watches one level file.
#[derive(Clone, Debug)]
pub struct LevelWatcher {
    file: WatchedFile,
}

/// What a poll found.
#[derive(Debug, Clone, PartialEq)]
pub enum Reload {
    /// The file changed and holds a valid level.
    Changed(Level),
    /// The file changed but has errors: keep the old level, show this.
    Broken(String),
}

impl LevelWatcher {
    /// Starts watching `path`, as `files` reach it, from its current state.
    pub fn new(path: impl Into<PathBuf>, files: SharedFiles) -> Self {
        Self {
            file: WatchedFile::new(path, files),
        }
    }

    /// The file watched.
    pub fn path(&self) -> &std::path::Path {
        self.file.path()
    }

    /// Checks the file; returns something only when it changed since last time.
    pub fn poll(&mut self) -> Option<Reload> {
        let read = self.file.poll()?;
        let label = self.file.path().display().to_string();
        let bytes = match read {
            Ok(b) => b,
            Err(e) => return Some(Reload::Broken(format!("{label}: error: {e}"))),
        };
        let checked = check_bytes(&bytes);
        match checked.level {
            Some(level) => Some(Reload::Changed(level)),
            None => {
                let text = String::from_utf8_lossy(&bytes);
                let first = checked
                    .diagnostics
                    .iter()
                    .find(|d| d.is_error())
                    .map_or_else(String::new, |d| d.render(&label, &text));
                Some(Reload::Broken(first))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::rc::Rc;

    use super::*;
    use crate::app::level_files::fake::MemoryFiles;

    #[test]
    fn watcher_reports_changes_and_keeps_quiet_otherwise() {
        let files = Rc::new(MemoryFiles::default());
        let path = Path::new("dir/l.txt");
        files.write(path, "title = One\n[bricks]\n1\n");
        let mut w = LevelWatcher::new(path, files.clone());
        assert_eq!(w.poll(), None);
        files.write(path, "title = Two\n[bricks]\n1\n");
        assert!(matches!(w.poll(), Some(Reload::Changed(l)) if l.title == "Two"));
        files.write(path, "titel = Three\n");
        match w.poll() {
            Some(Reload::Broken(m)) => assert!(
                m.contains("l.txt:1:1: error: unknown setting `titel`"),
                "{m}"
            ),
            other => panic!("{other:?}"),
        }
        assert_eq!(w.poll(), None);
    }

    #[test]
    fn watcher_reports_a_hexagon_too_small_for_corners_without_panicking() {
        // Issue 10: this hexagon made the reload panic in `ConvexPolygon::regular`.
        let files = Rc::new(MemoryFiles::default());
        let path = Path::new("dir/tiny.txt");
        files.write(path, "[bricks]\n1\n");
        let mut w = LevelWatcher::new(path, files.clone());
        let tiny = "[bricks]\n1\n[barriers]\nhexagon at 400,300 radius 0.00001\n";
        files.write(path, tiny);
        match w.poll() {
            Some(Reload::Broken(m)) => {
                assert!(
                    m.contains("tiny.txt:4:1: error: this hexagon is too small"),
                    "{m}"
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_file_gone_is_said_once_as_an_error_not_a_panic() {
        let files = Rc::new(MemoryFiles::default());
        let path = Path::new("dir/gone.txt");
        files.write(path, "[bricks]\n1\n");
        let mut w = LevelWatcher::new(path, files.clone());
        files.remove(path);
        match w.poll() {
            Some(Reload::Broken(m)) => {
                assert!(m.starts_with("dir/gone.txt: error: cannot read"), "{m}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(w.poll(), None, "said once");
    }
}
