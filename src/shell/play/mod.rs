//! The game as the player sees it: one frame drawn in layers (`frame.rs` gives
//! the order), one file per thing on screen, the HUD over it, and the F1 debug
//! overlay; a watched replay's bar.

mod balls;
mod barriers;
mod bricks;
mod capsules;
mod debug;
mod floor;
mod frame;
mod gauges;
mod ghost;
mod hud;
mod overlays;
mod paddles;
mod pause_button;
mod replay_bar;

pub(crate) use balls::spot_texture;
pub(crate) use barriers::struck_light;
pub(crate) use debug::draw_debug;
pub(crate) use floor::{draw_floor, draw_zone};
pub(crate) use frame::draw_game;
pub(crate) use paddles::paddle_fill;
pub(crate) use pause_button::{
    back_button_rect, draw_back_button, draw_pause_button, pause_button_rect,
};
pub(crate) use replay_bar::{draw_replay_bar, replay_bar_rects};
