//! The macroquad shell: the only modules that import macroquad. `main.rs` runs
//! [`App`]'s three verbs in a loop; the rest draw, read input and play sound.

mod app;
mod draw;
mod effects;
mod hud;
mod input;
mod keys;
#[cfg(not(target_arch = "wasm32"))]
mod pad;
#[cfg(target_arch = "wasm32")]
#[path = "pad_web.rs"]
mod pad;
mod palette;
mod probe;
mod screenshot;
mod sound;
mod text;
mod view;

pub(crate) use app::App;
pub(crate) use sound::watch_for_missing_audio_device;
