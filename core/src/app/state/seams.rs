//! [`Seams`]: the input and output the app reaches only through what its
//! runner hands in: the level files it watches and, online, the network. The
//! shell hands in the disk and the live network; the browser no files and the
//! page's fetch; a test [`Seams::offline`] (or fakes of its own), so no
//! headless test touches a file, a socket or a thread it did not ask for.

use std::rc::Rc;

use crate::app::level_files::{NoFiles, SharedFiles};

/// What the app reads and asks through its runner (see the module doc).
#[derive(Clone)]
pub struct Seams {
    /// The level files a `--level` game and the editor watch.
    pub files: SharedFiles,
    /// The room requests and the matches' sockets.
    #[cfg(feature = "online")]
    pub network: crate::app::online::SharedNetwork,
    /// The gallery of a server, for the Community screen and the daily challenge.
    #[cfg(feature = "online")]
    pub gallery: super::GalleryMaker,
}

impl Seams {
    /// No files and no network: every file is missing, every server
    /// unreachable, every socket waits for a server that never answers.
    pub fn offline() -> Self {
        Self {
            files: Rc::new(NoFiles),
            #[cfg(feature = "online")]
            network: Rc::new(crate::app::online::OfflineNetwork::default()),
            #[cfg(feature = "online")]
            gallery: Rc::new(offline_gallery),
        }
    }

    /// The live network and galleries, and the level files `files` (the
    /// shell's: the disk on the desktop, none in the browser).
    #[cfg(feature = "online")]
    pub fn live(files: SharedFiles) -> Self {
        use crate::app::community::Gallery;
        Self {
            files,
            network: Rc::new(crate::app::online::LiveNetwork),
            gallery: Rc::new(Gallery::live),
        }
    }

    /// The level files `files` (the shell's): there is no network to reach.
    #[cfg(not(feature = "online"))]
    pub fn live(files: SharedFiles) -> Self {
        Self { files }
    }
}

/// A gallery every request to which finds no server.
#[cfg(feature = "online")]
fn offline_gallery(server: &str) -> crate::app::community::Gallery {
    let unreachable = |_: &_| Err(crate::app::online::OFFLINE.to_owned());
    crate::app::community::Gallery::canned(server, Box::new(unreachable))
}
