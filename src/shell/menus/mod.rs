//! The menus on screen: each screen's panel, items and words over the dimmed game,
//! the pictures beside them (level previews, the name entry's letters), and the
//! banner over the game.

mod banner;
mod logo;
mod pictures;
mod screens;

pub(crate) use banner::draw_banner;
pub(crate) use pictures::draw_preview;
pub(crate) use screens::{
    dim_background, draw_screen, letter_pad_keys, other_targets, scroll_marks, steppers,
};
