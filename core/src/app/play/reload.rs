//! Hot reload of a level being played from a file: the shell polls the file's
//! modification time a few times a second; a changed file is read and checked,
//! and either replaces the level or yields the first problem to show on screen.

use std::path::PathBuf;
use std::time::SystemTime;

use crate::level::{check_bytes, Level};

/// Watches one level file.
#[derive(Debug, Clone)]
pub struct LevelWatcher {
    path: PathBuf,
    modified: Option<SystemTime>,
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
    /// Starts watching `path` from its current state.
    pub fn new(path: impl Into<PathBuf>) -> Self {
        let path = path.into();
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        Self { path, modified }
    }

    /// The file watched.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Checks the file; returns something only when it changed since last time.
    pub fn poll(&mut self) -> Option<Reload> {
        let modified = std::fs::metadata(&self.path)
            .and_then(|m| m.modified())
            .ok();
        if modified == self.modified {
            return None;
        }
        self.modified = modified;
        let label = self.path.display().to_string();
        let bytes =
            match crate::user_file::read_user_file(&self.path, crate::user_file::FileKind::Level) {
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
    use super::*;

    /// Writes `text` to `path` and dates it `when`: some filesystems keep coarse
    /// times, so a rewrite within the same second would not look changed.
    fn rewrite(path: &std::path::Path, text: &str, when: SystemTime) {
        std::fs::write(path, text).unwrap();
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(when)
            .unwrap();
    }

    #[test]
    fn watcher_reports_changes_and_keeps_quiet_otherwise() {
        let dir = std::env::temp_dir().join(format!("arkanong-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("l.txt");
        std::fs::write(&path, "title = One\n[bricks]\n1\n").unwrap();
        let mut w = LevelWatcher::new(&path);
        assert_eq!(w.poll(), None);
        let later = SystemTime::now() + std::time::Duration::from_secs(2);
        rewrite(&path, "title = Two\n[bricks]\n1\n", later);
        assert!(matches!(w.poll(), Some(Reload::Changed(l)) if l.title == "Two"));
        let later_still = later + std::time::Duration::from_secs(2);
        rewrite(&path, "titel = Three\n", later_still);
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
        let dir = std::env::temp_dir().join(format!("arkanong-tiny-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("tiny.txt");
        std::fs::write(&path, "[bricks]\n1\n").unwrap();
        let mut w = LevelWatcher::new(&path);
        let later = SystemTime::now() + std::time::Duration::from_secs(2);
        let tiny = "[bricks]\n1\n[barriers]\nhexagon at 400,300 radius 0.00001\n";
        rewrite(&path, tiny, later);
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
}
