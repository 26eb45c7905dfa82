//! macroquad's keys, mouse, touch, focus and gamepads into `arkanong::app::input`'s intents and menu commands.

mod keys;
#[cfg(not(target_arch = "wasm32"))]
mod pad;
#[cfg(target_arch = "wasm32")]
#[path = "pad_web.rs"]
mod pad;
mod pointer;
mod read;

pub(crate) use pad::PadReader;
pub(crate) use pointer::{input_device, note_device, pointer, read_pointer};
pub(crate) use read::{
    captured_keys, menu_inputs, name_entry_inputs, read_hands, FocusWatch, PointerState,
};
