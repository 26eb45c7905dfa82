//! The whole product as one headless state machine, the model of everything the
//! window shows around a game: the menus, the game being played, the attract
//! game behind the menus, the results and the name entry, the settings and the
//! records, the banner. Bevy's `game_menu` example (screens as states, entered
//! and left) and Jumpy's core/presentation split are the models.
//!
//! A frame, as the shell (`src/shell/app.rs`) runs it:
//!
//! 1. read the devices into plain data, a [`FrameInput`] (menu commands, the
//!    player's `Hands`, the frame's time);
//! 2. hand it to [`AppState::frame`], which moves between screens, steps the games
//!    through the one [`PlayDriver`](crate::app::play::PlayDriver) and answers
//!    with a [`FrameOutput`]: the game events to hear and show, the records to
//!    write, a ceremony to start, a request to quit;
//! 3. act on the output (sound, effects, files), then draw the state.
//!
//! Nothing here reads a device or a clock: `now` comes in with the input, so a
//! test drives a whole evening of play (title, solo, a lost game, the name entry,
//! the high scores; settings changed, saved and loaded again) without a window.
//! The screen showing owns its state ([`Active`], `active.rs`): the collision
//! lab ([`LabScreen`](crate::app::lab::LabScreen)), the online screen (its
//! lobby, link and match) and the Community screen are made when their screen
//! is entered and dropped when it is left; the level editor is kept aside while
//! the player is elsewhere, so returning finds it as it was. What every screen
//! shares is [`Shared`]. The shell hands each screen its input as plain data
//! (`LabCommand`s, an `EditorInput`) and writes and reads files for the editor
//! when the output asks. The files the app watches and the network reach it
//! only through the [`Seams`] its runner hands in (`seams.rs`).

mod active;
mod app_state;
mod back;
mod commands;
#[cfg(feature = "online")]
mod community;
#[cfg(feature = "online")]
mod daily;
mod editor;
mod frame;
mod games;
mod replay;
mod saving;
mod screens;
mod seams;
mod set_import;
mod shared;

#[cfg(test)]
mod attract_tests;
#[cfg(test)]
mod back_tests;
#[cfg(all(test, feature = "online"))]
mod community_tests;
#[cfg(test)]
mod editor_tests;
#[cfg(test)]
mod layout_walk_tests;
#[cfg(test)]
mod screen_tests;
#[cfg(test)]
mod set_page_tests;
#[cfg(test)]
mod set_records_tests;
#[cfg(test)]
mod tests;

pub use active::{Active, Transition};
pub use app_state::{AppState, Start};
#[cfg(feature = "online")]
pub use community::{CommunityGame, GalleryMaker};
pub use frame::{FrameInput, FrameOutput, RecordSave};
pub use saving::{load_records, KeptRecords, LoadedRecords};
pub use seams::Seams;
pub use shared::Shared;
