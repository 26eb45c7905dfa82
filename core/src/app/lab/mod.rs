//! The collision lab's model (issue 14): every primitive the game is built on, as
//! scenes with handles to drag, live readouts from the game's own `geom` and
//! `physics` functions, a method text, presets (the tutorials' worked examples among
//! them) and, for moving scenes, play, pause, single step and slow motion on a step
//! counter. Headless: the app's state runs the screen ([`LabScreen`]: the model,
//! the frame's [`LabCommand`]s, the motion's steps, the readouts logged); the shell
//! (`shell/lab/`) draws [`Lab::marks`] and the names [`place_labels`] placed clear
//! of them, and reads the devices into commands.

mod ball_ball;
mod circle_line;
mod figure;
mod fit;
mod hexagon_corner;
mod lab_screen;
mod labels;
mod live_world;
mod marks;
mod motion;
mod moving_paddle;
mod moving_pass;
mod moving_wall;
mod overlaps;
mod scene;
mod segment_crossing;
mod separating_axes;
mod slope_intercept;
mod state;
mod swept_circle;

pub use crate::app::play::{
    casts_before_step, contacts_of, Cast, Contact, ContactHistory, StepContacts, HISTORY_STEPS,
};
pub use figure::{arrow_strokes, capsule_outline, FigureFrame, HANDLE_RADIUS};
pub use fit::{
    button_rows, column_pages, presets_by_number, wrap, LabLayout, BUTTON_GAP, BUTTON_MARGIN,
    LINE_SPACING,
};
pub use lab_screen::{Button, LabCommand, LabScreen};
pub use labels::{label_size, place_labels, LabelOf, PlacedLabel, LETTER_ADVANCE};
pub use live_world::LiveWorld;
pub use marks::{legend, num, point, tone_rgba, Mark, Readout, Tone};
pub use motion::{Motion, MOTION_STEPS, SLOW_FACTOR};
pub use scene::{scene_list, Preset, Scene};
pub use state::{drag, grab_point, Lab, PointerEvent, GRAB_FRACTION};
