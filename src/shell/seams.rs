//! The shell's side of the app's seams (`arkanong_core::app::state::Seams`):
//! the level files read from the disk on the desktop (none in the browser, a
//! page has no files), and the live network.

use std::path::Path;
use std::rc::Rc;
use std::time::SystemTime;

use arkanong_core::app::level_files::LevelFiles;
use arkanong_core::app::state::Seams;
use arkanong_core::user_file::{read_user_file, FileKind, ReadError};

/// The level files on this machine's disk.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct DiskFiles;

impl LevelFiles for DiskFiles {
    fn modified(&self, path: &Path) -> Option<SystemTime> {
        std::fs::metadata(path).and_then(|m| m.modified()).ok()
    }

    fn read(&self, path: &Path) -> Result<Vec<u8>, ReadError> {
        read_user_file(path, FileKind::Level)
    }
}

/// The seams the game runs on: the disk and the network.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn seams() -> Seams {
    Seams::live(Rc::new(DiskFiles))
}

/// The seams the page runs on: no files, the page's network.
#[cfg(target_arch = "wasm32")]
pub(crate) fn seams() -> Seams {
    Seams::live(Rc::new(arkanong_core::app::level_files::NoFiles))
}
