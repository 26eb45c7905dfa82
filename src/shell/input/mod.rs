//! macroquad's keys, mouse, touch, focus and gamepads into `arkanong_core::app::input`'s intents and menu commands.

mod keys;
// Gamepads: gilrs on the desktop, the browser's Gamepad API in the web build;
// both give a `PadReader` with the same methods.
#[cfg(not(target_arch = "wasm32"))]
mod pad;
#[cfg(target_arch = "wasm32")]
mod pad_web;
mod phone;
mod pointer;
mod read;
mod typing_keys;

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use pad::PadReader;
#[cfg(target_arch = "wasm32")]
pub(crate) use pad_web::PadReader;
pub(crate) use phone::{history_backs, phone_commands};
pub(crate) use pointer::{drop_taps, pointer, read_pointer};
pub(crate) use read::{
    captured_keys, menu_inputs, name_entry_inputs, name_screen_inputs, read_hands, FocusWatch,
    PointerState,
};
pub(crate) use typing_keys::{read_typing_keys, typing_fires};
