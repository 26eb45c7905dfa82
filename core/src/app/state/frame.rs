//! A frame's plain data in and out of [`AppState::frame`](super::AppState::frame).

use crate::app::editor::{EditorInput, EditorOutput};
use crate::app::feel::CeremonyKind;
use crate::app::input::{Hands, MenuInput};
use crate::app::lab::LabCommand;
use crate::app::play::{Played, WindowSignal};
use crate::game::GameEvent;

/// What the shell read from the devices this frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FrameInput {
    /// Seconds since the program started, on the shell's clock. The menus' guards,
    /// the banner and the hit-stop's spacing use it; a game's steps never do.
    pub now: f64,
    /// Seconds since the last frame.
    pub dt: f32,
    /// Menu commands from keys, clicks and taps, read the way the screen needs
    /// (a key for the Keys page, letters on the name entry, items elsewhere).
    pub commands: Vec<MenuInput>,
    /// Menu commands from the gamepads.
    pub pad_commands: Vec<MenuInput>,
    /// How many times the browser's Back (its button, a phone's back gesture,
    /// `history.back()`: web/history.js counts them) was used since the last
    /// frame. Each is one step back that never loses anything (see
    /// `AppState::go_back`), which is not always Escape's meaning.
    pub backs: u32,
    /// Any key, click, tap or pad press this frame (it ends the demo and skips a
    /// ceremony's wait).
    pub gesture: bool,
    /// The item under a mouse that moved, by its place on the screen.
    pub hovered: Option<usize>,
    /// Signs that the player looked away, and the frame's length (see
    /// [`crate::app::play::pauses_game`]).
    pub window: Vec<WindowSignal>,
    /// The player's hands, for the game's steps.
    pub hands: Hands,
    /// The debug overlay is on: the games keep their contacts for it.
    pub debug: bool,
    /// What the player did in the collision lab, in order (its screen only).
    pub lab: Vec<LabCommand>,
    /// The editor screen's keys, pointer and typing (read while it shows).
    pub editor: EditorInput,
}

/// A record to write: its name (`settings`, `scores`, `progress`) and its whole
/// text, the lines the game did not read when it loaded kept at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordSave {
    /// The record's name, as `app::records::write_record` takes it (an
    /// imported set's is made at run time: `set.NAME`).
    pub name: String,
    /// What to write.
    pub text: String,
}

/// What changed in a frame, for the shell to hear, show and write.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FrameOutput {
    /// The player's game's steps and events this frame.
    pub played: Option<Played>,
    /// The attract game's steps and events this frame (shown, never heard).
    pub attract: Option<Played>,
    /// Games started on these levels (by index in [`AppState::levels`](super::AppState::levels)):
    /// their bricks drop in.
    pub levels_started: Vec<usize>,
    /// The player's game has just ended: its ceremony starts now, then the shell
    /// says how long the results wait with [`AppState::hold_results`](super::AppState::hold_results).
    pub game_over: bool,
    /// The player left the game: a ceremony still playing ends.
    pub left_game: bool,
    /// The game paused because the window lost focus or the page was hidden.
    pub paused_by_window: bool,
    /// Records to write, in order.
    pub saves: Vec<RecordSave>,
    /// The settings changed (volumes, palette): the shell applies them.
    pub settings_changed: bool,
    /// Lines for the console (a record that did not read, a broken level file).
    pub console: Vec<String>,
    /// Lines for the log, written as they are (the lab's readouts, the online
    /// room joined): tests read them from the console.
    pub log: Vec<String>,
    /// Events a rollback erased (an online match): their pop-ups go.
    pub withdrawn: Vec<GameEvent>,
    /// A ceremony to start now (an online match's end).
    pub celebrate: Option<CeremonyKind>,
    /// The player asked to quit.
    pub quit: bool,
    /// The editor screen's notices, writes and test-play.
    pub editor: EditorOutput,
    /// The editor shows without a level yet: the shell reads the editor's record
    /// (`app::editor::RECORD`) and hands it to `AppState::open_editor`.
    pub read_editor_record: bool,
}
