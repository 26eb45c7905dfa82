//! The editor screen as the app keeps it: the level being edited and where it is
//! kept, the tool, a gesture in progress, the settings form, the notice, and a
//! test-play, all headless. The shell reads the devices into an [`EditorInput`],
//! the app state hands it over, and the screen answers with an [`EditorOutput`]
//! (lines to say, writes to make, a test-play's events).

mod editor_screen;
mod files;
mod input;
mod pointer;
mod set_page;

pub use editor_screen::{EditorScreen, Store, POLL_SECONDS};
pub use input::{EditorCommand, EditorInput, EditorOutput, EditorPointer, EditorWrite, Hit};
pub use pointer::Drag;
pub use set_page::{SetButton, SetCommand, SetPage};
