//! Decoration that answers the game's events: sparks, shards, rings and shake (`effects`), and the show around a game: brick drop-ins, the backdrop, ceremonies, menu entrances (`stage`).

mod effects;
mod stage;

pub(crate) use effects::Effects;
pub(crate) use stage::{begin_menu_pose, end_menu_pose, Stage};
