//! The keys that edit text (Backspace, Delete, Left, Right), read once a frame
//! from the window's key events: how many times each acts this frame, its
//! presses counted one by one and a held key's repeats at the rate of
//! `arkanong_core::app::input::KeyRepeat`, whatever the frame rate. The editor's
//! settings fields, the name entry, the Community search and the online code
//! page all ask [`typing_fires`], so a held Backspace erases alike in each.

use std::cell::RefCell;

use arkanong_core::app::input::KeyRepeat;
use macroquad::prelude::*;

/// The keys read, each with its repeat.
const TYPING_KEYS: [KeyCode; 4] = [
    KeyCode::Backspace,
    KeyCode::Delete,
    KeyCode::Left,
    KeyCode::Right,
];

/// Reads the key events each frame (see the module comment).
struct TypingKeys {
    subscriber: usize,
    repeats: [KeyRepeat; 4],
    /// This frame's fires, by [`TYPING_KEYS`].
    fires: [u32; 4],
}

/// Counts a frame's presses of [`TYPING_KEYS`] (the system's repeats left out:
/// `KeyRepeat` makes the repeats).
struct Presses([u32; 4]);

impl macroquad::miniquad::EventHandler for Presses {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(&mut self, key: KeyCode, _: macroquad::miniquad::KeyMods, repeat: bool) {
        if let Some(k) = TYPING_KEYS.iter().position(|&t| t == key) {
            if !repeat {
                self.0[k] += 1;
            }
        }
    }
}

impl TypingKeys {
    fn new() -> Self {
        Self {
            subscriber: macroquad::input::utils::register_input_subscriber(),
            repeats: Default::default(),
            fires: [0; 4],
        }
    }

    fn read(&mut self, dt: f32) {
        let mut presses = Presses([0; 4]);
        macroquad::input::utils::repeat_all_miniquad_input(&mut presses, self.subscriber);
        for (k, key) in TYPING_KEYS.into_iter().enumerate() {
            self.fires[k] = self.repeats[k].fires(presses.0[k], is_key_down(key), dt);
        }
    }
}

// Device reading: the key event subscriber and each typing key's repeat, read
// once a frame by `read_typing_keys` (as the pointer's reader is).
thread_local! {
    /// The typing keys' reader, made on the first frame.
    static READER: RefCell<Option<TypingKeys>> = const { RefCell::new(None) };
}

/// Reads this frame's typing keys. Call once per frame, before anything asks
/// [`typing_fires`] (`App::input` does, first thing).
pub(crate) fn read_typing_keys() {
    READER.with_borrow_mut(|r| r.get_or_insert_with(TypingKeys::new).read(get_frame_time()));
}

/// How many times `key` (one of Backspace, Delete, Left and Right; any other
/// key never) acts this frame.
pub(crate) fn typing_fires(key: KeyCode) -> u32 {
    let Some(k) = TYPING_KEYS.iter().position(|&t| t == key) else {
        return 0;
    };
    READER.with_borrow(|r| r.as_ref().map_or(0, |r| r.fires[k]))
}
