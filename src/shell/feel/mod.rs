//! Decoration that answers the game's events (`answer`, the one place a frame's
//! events are heard and shown): sparks, shards, rings, pop-ups and shake (`effects`), the flash of a goal, a round or a match (`moments`), the halos on converted balls (`conversion_marks`), and the show around a game (`stage`): brick drop-ins, the
//! backdrop, ceremonies (drawn by `ceremony`) and menu entrances. The frame's
//! layers in `play/` read them.

mod answer;
mod ceremony;
mod conversion_marks;
mod effects;
mod moments;
mod stage;

pub(crate) use answer::answer;
pub(crate) use ceremony::draw_ceremony;
pub(crate) use effects::Effects;
pub(crate) use moments::draw_moments;
pub(crate) use stage::{begin_menu_pose, end_menu_pose, Stage};
