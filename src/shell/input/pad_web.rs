//! Gamepads in the browser: web/gamepad.js (a miniquad plugin) reads
//! `navigator.getGamepads()` and hands axes and buttons over through three
//! imported functions, with no wasm-bindgen. Buttons and axes are numbered by the
//! Gamepad API's standard mapping (w3c.github.io/gamepad, "Remapping").
#![allow(
    unsafe_code,
    reason = "importing JS functions needs an `unsafe extern` block; its three functions take and return plain numbers, so they are declared safe"
)]

use arkanong_core::app::{input::PadState, input::MAX_PADS};

/// Standard-mapping button numbers.
const SOUTH: u32 = 0;
const EAST: u32 = 1;
const START: u32 = 9;
const DPAD_UP: u32 = 12;
const DPAD_DOWN: u32 = 13;
const DPAD_LEFT: u32 = 14;
const DPAD_RIGHT: u32 = 15;
/// Standard-mapping axis numbers: the left stick, y growing downward as ours.
const LEFT_X: u32 = 0;
const LEFT_Y: u32 = 1;

unsafe extern "C" {
    /// Takes this frame's snapshot of the connected pads; returns how many.
    safe fn arkanong_pad_snapshot() -> u32;
    /// Axis `axis` of snapshot pad `pad`, -1 to 1 (0 when there is none).
    safe fn arkanong_pad_axis(pad: u32, axis: u32) -> f32;
    /// Whether button `button` of snapshot pad `pad` is pressed (1) or not (0).
    safe fn arkanong_pad_button(pad: u32, button: u32) -> u32;
}

/// Reads the browser's gamepads each frame.
pub(crate) struct PadReader;

impl PadReader {
    /// Nothing to open: the browser lists pads once a button has been pressed.
    pub(crate) fn new() -> Self {
        Self
    }

    /// This frame's pads, by slot (at most [`MAX_PADS`]).
    pub(crate) fn read(&mut self) -> Vec<PadState> {
        let count = arkanong_pad_snapshot().min(MAX_PADS as u32);
        (0..count)
            .map(|pad| {
                let button = |b| arkanong_pad_button(pad, b) != 0;
                PadState {
                    stick_x: arkanong_pad_axis(pad, LEFT_X),
                    stick_y: arkanong_pad_axis(pad, LEFT_Y),
                    up: button(DPAD_UP),
                    down: button(DPAD_DOWN),
                    left: button(DPAD_LEFT),
                    right: button(DPAD_RIGHT),
                    south: button(SOUTH),
                    east: button(EAST),
                    start: button(START),
                }
            })
            .collect()
    }
}

/// The version web/gamepad.js carries: miniquad's loader asks the wasm for
/// `<plugin name>_crate_version` and reports a mismatch in the console.
#[unsafe(no_mangle)]
pub(crate) extern "C" fn arkanong_gamepad_crate_version() -> u32 {
    1
}
