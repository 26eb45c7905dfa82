//! The editor screen's frame in plain data: what the shell read from the devices
//! ([`EditorInput`]), and what the screen asks of the shell ([`EditorOutput`]).

use std::path::PathBuf;

use glam::Vec2;

use super::super::{Button, FieldFrame};
use super::set_page::{SetButton, SetCommand};
use crate::app::play::Played;
use crate::app::records::{PlayerSet, PlayerSets};

/// What the pointer hit when it went down, by the rectangles the shell drew last
/// frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// A palette button.
    Button(Button),
    /// A row of the settings form, by its index in `SETTING_KEYS`.
    Field(usize),
    /// A row or button of the set page.
    Set(SetButton),
}

/// The mouse or a finger this frame, in arena units.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EditorPointer {
    /// It went down this frame.
    pub pressed: bool,
    /// It is down now.
    pub down: bool,
    /// It went up this frame.
    pub released: bool,
    /// Where it is in arena units (where it went down, for a press and release
    /// within one frame).
    pub at: Vec2,
    /// What it went down on, when that is not the level.
    pub hit: Option<Hit>,
    /// How far from a handle a press still grabs it, arena units (a fingertip's
    /// width on screen at least).
    pub reach: f32,
}

/// A key's meaning in the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditorCommand {
    /// What a palette button does (its key, or the button pressed).
    Press(Button),
    /// Copy the selection (Ctrl+C).
    Copy,
    /// Paste it (Ctrl+V).
    Paste,
}

/// What the shell read from the devices for the editor screen this frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditorInput {
    /// The keys' commands, in order. In test-play, `Press(Button::Back)` (Esc or
    /// the Back button) returns to the editor.
    pub commands: Vec<EditorCommand>,
    /// The mouse or a finger.
    pub pointer: EditorPointer,
    /// The keyboard as the open settings field takes it (read only while one is open).
    pub typing: FieldFrame,
    /// The clipboard's text, read when the Import button was pressed.
    pub clipboard: Option<String>,
    /// A file picked in the browser's picker (web/editor.js): its name and text.
    pub picked: Option<(String, String)>,
    /// The set page's commands (its keys, and the pads'), read while it shows.
    pub set_commands: Vec<SetCommand>,
    /// The player's sets, read when the set page opens (`sets` pressed).
    pub player_sets: Option<PlayerSets>,
}

/// A write the editor asks of the shell beside the records (the level's record
/// goes out with the app's other records, in `FrameOutput::saves`). The shell
/// answers each with `AppState::editor_written`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorWrite {
    /// The level into its file (`arkanong edit FILE`), atomically.
    File {
        /// The file.
        path: PathBuf,
        /// The level's text.
        text: String,
    },
    /// The level as a download named `file` (the browser's `export:` record,
    /// which web/editor.js turns into a download).
    Export {
        /// The download's name.
        file: String,
        /// The level's text.
        text: String,
    },
    /// Open the browser's file picker (the `pick:import` record web/editor.js watches).
    OpenPicker,
    /// One of the player's sets written where it is kept
    /// (`app::records::write_player_set`): its folder or its record.
    Set(PlayerSet),
    /// A set exported as one bundle file (the desktop; the browser downloads
    /// it as an [`EditorWrite::Export`]).
    SetFile {
        /// The file.
        path: PathBuf,
        /// The bundle's text.
        text: String,
    },
}

impl EditorWrite {
    /// The browser record this write goes to and its text (`None` for a file).
    pub fn record(&self) -> Option<(String, &str)> {
        match self {
            Self::File { .. } | Self::Set(_) | Self::SetFile { .. } => None,
            Self::Export { file, text } => Some((format!("export:{file}"), text)),
            Self::OpenPicker => Some(("pick:import".to_owned(), "")),
        }
    }
}

/// What the editor screen changed this frame, for the shell.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditorOutput {
    /// Notices, each logged as `editor says: ...` (the browser tests read them).
    pub says: Vec<String>,
    /// Writes to make and answer.
    pub writes: Vec<EditorWrite>,
    /// A test-play's steps and events this frame, to hear and show.
    pub played: Option<Played>,
    /// The level's record and the text to write there (the app state hands them
    /// out with its other records, and the shell answers each with
    /// `AppState::record_written`).
    pub record_saves: Vec<(&'static str, String)>,
    /// Level sets imported (a set file picked or pasted): the set's name and
    /// its bundle, for the app state to keep and list.
    pub set_imports: Vec<(String, String)>,
    /// The player's sets just written from the set page, for the app state to
    /// list at once.
    pub sets_saved: Vec<PlayerSet>,
}
