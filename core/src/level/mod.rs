//! Levels: the text format people write, its parser and checker, and the levels
//! that ship with the game. Headless (glam only).

mod brick_kind;
mod check;
mod diagnostic;
mod layout;
mod load;
mod model;
mod motion;
mod overlap;
mod parse;
mod parse_grid;
mod parse_items;
mod parse_motion;
mod parse_settings;
mod reach;
mod set;
mod set_bundle;
mod set_info;
mod shipped;
mod tokens;
mod unusable;
mod write;

pub use brick_kind::BrickKind;
pub use check::{ball_reach, check_bytes, check_text, BallReach, Checked};
pub use diagnostic::{did_you_mean, Diagnostic, Severity};
pub use layout::{arena, paddle_zone, BarrierOutline};
pub use load::{find_shipped, load_level, load_level_text};
pub use model::{
    BarrierShape, Brick, BrickGrid, Level, LevelBall, LevelMode, PowerUp, RulesVersion, Side,
    DEFAULT_ROUNDS, DEFAULT_WIN_BY,
};
pub use motion::BarrierMotion;
pub use parse::{
    KEYS as SETTING_KEYS, MAX_BALLS, MAX_BARRIERS, MAX_DIAGNOSTICS, MAX_FILE_BYTES, MAX_GRID,
};
pub use set::{
    is_set_file, level_name, set_level_files, set_of_name, set_title_fallback, ROOT_SET_TITLE,
};
pub use set_bundle::{
    read_set_bundle, write_set_bundle, BundledFile, BUNDLE_SEPARATOR, MAX_BUNDLE_BYTES,
};
pub use set_info::{check_set_info, SetInfo, SetInfoChecked, SET_FILE, SET_KEYS};
pub use shipped::{all_shipped_levels, shipped_levels, shipped_sets, ShippedLevel, ShippedSet};
pub use tokens::lines as parse_lines;
// The level editor (`app::editor`) reads partial levels and the line each item
// came from, to rewrite only the lines an edit touches.
pub(crate) use parse::{parse_text, Sources};
pub(crate) use tokens::strip_comment;

impl Level {
    /// Reads a level from its text. Every problem in the file is reported (up to
    /// [`MAX_DIAGNOSTICS`]); warnings alone do not make it fail.
    pub fn parse(text: &str) -> Result<Level, Vec<Diagnostic>> {
        let checked = check_text(text);
        match checked.level {
            Some(level) => Ok(level),
            None => Err(checked.diagnostics),
        }
    }
}
