//! The macroquad shell: the only modules that import macroquad. `main.rs` runs
//! [`App`]'s three verbs in a loop; the rest draw, read input and play sound.

mod app;
mod banner;
mod batch;
mod debug_contacts;
mod draw;
mod draw_balls;
mod editor;
mod editor_draw;
mod editor_palette;
mod editor_play;
mod editor_pointer;
mod effects;
mod glow;
mod hud;
mod input;
mod keys;
mod lab;
mod lab_draw;
mod lab_panel;
mod lab_screenshot;
mod menu_extras;
#[cfg(not(target_arch = "wasm32"))]
mod pad;
#[cfg(target_arch = "wasm32")]
#[path = "pad_web.rs"]
mod pad;
mod paddle_juice;
mod palette;
mod probe;
mod screenshot;
mod serve_cue;
mod sound;
mod stage;
mod stage_draw;
mod text;
mod view;

pub(crate) use app::App;
pub(crate) use batch::CALL_CAPACITY;
pub(crate) use editor::Store;
pub(crate) use sound::watch_for_missing_audio_device;
