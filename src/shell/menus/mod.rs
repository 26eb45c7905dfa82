//! Menu screens beside their words: level pictures, the name entry letters, the banner over the game.

mod banner;
mod pictures;

pub(crate) use banner::Banner;
pub(crate) use pictures::{draw_level_previews, draw_name_letters, draw_selected_preview};
