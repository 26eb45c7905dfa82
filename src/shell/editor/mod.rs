//! The level editor in the window: keys and pointer into `app::editor` calls, drawing, the palette, test-play.

mod draw;
// Saving, exporting and importing the level (more of `EditorShell`).
mod files;
mod palette;
mod play;
mod pointer;
mod window;

pub(crate) use window::{EditorShell, Store};
