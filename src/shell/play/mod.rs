//! The game as the player sees it: the frame drawn in layers (see `frame.rs`), one file per thing on screen, and the HUD over it.

mod balls;
mod debug_contacts;
mod draw;
mod glow;
mod hud;
mod paddle_juice;
mod serve_cue;
mod stage_draw;

pub(crate) use draw::{draw_floor, draw_game, draw_zone, fill_polygon, outline_polygon};
pub(crate) use hud::{dim_background, draw_debug, draw_message, draw_screen};
pub(crate) use stage_draw::draw_ceremony;
