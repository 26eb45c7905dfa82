//! The macroquad shell: the only modules that import macroquad. `main.rs` runs
//! [`App`]'s three verbs in a loop; the rest draw, read input and play sound.

mod app;
mod batch;
#[cfg(feature = "online")]
mod community;
mod credits;
mod editor;
mod feel;
mod input;
mod lab;
mod light;
mod menus;
#[cfg(feature = "online")]
mod online;
mod palette;
mod place;
mod play;
mod probe;
mod screenshot;
mod seams;
mod shapes;
mod sound;
mod text;
mod view;

pub(crate) use app::App;
pub(crate) use batch::CALL_CAPACITY;
pub(crate) use sound::watch_for_missing_audio_device;
