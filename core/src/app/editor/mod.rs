//! The level editor's model, headless: the level's text and what it reads as,
//! edits that rewrite only the lines they touch, unlimited undo and redo, and the
//! checker's diagnostics tied to the shapes and cells they name.

mod bricks;
mod clear;
mod document;
mod draft;
mod field;
mod flow;
mod format;
mod grid;
mod handles;
mod items;
mod lines;
mod mirror;
mod outline;
mod panels;
mod play;
mod screen;
mod set_page_layout;
mod set_run;
mod state;
mod tidy;
mod tool;
mod watch;

pub use crate::app::records::RECORD;
pub use bricks::Paint;
pub use clear::{AuthorClear, TEST_PLAY_SEED};
pub use document::{Document, Located, Target};
pub use field::{Field, FieldFrame, FieldKey, FieldOutcome};
pub use flow::{flow, rows, Slot};
pub use grid::Resize;
pub use handles::{
    ball_at, barrier_at, barrier_handles, cell_at, cells_along, drag_ball, drag_barrier,
    velocity_tip, Handle, ARROW_SECONDS, GRAB_RADIUS,
};
pub use lines::{Lines, Splice};
pub use mirror::{moved, Axis};
pub use outline::Part;
pub use panels::{
    form_row_and_pitch, form_rows_shown, form_value_box, row_height, side_column, tools_label,
    Drawer, PaletteFrame, PaletteLayout, HINT_ROOM, LABEL_PX, LIST_HEIGHT, MORE_LABEL, SIDE_MARGIN,
};
pub use play::TestPlay;
pub use screen::{
    Drag, EditorCommand, EditorInput, EditorOutput, EditorPointer, EditorScreen, EditorWrite, Hit,
    SetButton, SetCommand, SetPage, Store, POLL_SECONDS,
};
pub use set_page_layout::{first_row, SetPageLayout, SET_HEADING_PX, SET_INSET, SET_LABEL_PAD};
pub use set_run::{mode_for, RunStep, SetRun, NEXT_LEVEL_SECONDS};
pub use state::{Clip, Editor, Selection, NEW_LEVEL, SNAP_DEGREES, SNAP_STEP};
pub use tool::{palette, Button, Tool, SETTING_KEYS};
pub use watch::TextWatch;

#[cfg(test)]
mod tests;
