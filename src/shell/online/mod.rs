//! "Play online" in the window: the lobby's screens, the connection, and the
//! match drawn like any game, with the connection in the HUD. The model is
//! `arkanong_core::app::online` (the lobby, the link, the match); here it meets
//! macroquad.

mod code_page;
mod draw;
mod level_row;
mod share;
mod watching;
mod window;

pub(crate) use code_page::code_page_inputs;
pub(crate) use draw::{draw_lobby, invitation};
pub(crate) use level_row::level_page_inputs;
pub(crate) use share::{answer_share_taps, share_targets};
pub(crate) use window::{read_meeting, watch_code_from_page};
