//! Gamepads into `arkanong_core::app::input::PadState`s, one per player slot: gilrs on the
//! desktop, web/gamepad.js in the browser (see `pad_web.rs`). Pads take slots in
//! the order they were connected. Without gamepad support (no udev, no evdev
//! access) the game runs on with keys, mouse and touch, after one log line.

use arkanong_core::app::{input::PadState, input::MAX_PADS};
use gilrs::{Axis, Button, EventType, GamepadId, Gilrs};

/// A d-pad reported as an axis (some pads do) counts as pressed past this.
const DPAD_AXIS_PRESSED: f32 = 0.5;

/// Reads the connected gamepads each frame.
pub(crate) struct PadReader {
    gilrs: Option<Gilrs>,
    /// Connected pads, oldest first: slot 0 is the first.
    slots: Vec<GamepadId>,
}

impl PadReader {
    /// Opens the gamepad system and says in one line what it found.
    pub(crate) fn new() -> Self {
        let gilrs = match Gilrs::new() {
            Ok(g) => Some(g),
            Err(gilrs::Error::NotImplemented(_)) => {
                eprintln!("gamepads: not supported on this system; keys, mouse and touch only");
                None
            }
            Err(e) => {
                eprintln!("gamepads: unavailable ({e}); keys, mouse and touch only");
                None
            }
        };
        let slots: Vec<GamepadId> = gilrs
            .iter()
            .flat_map(|g| g.gamepads().map(|(id, _)| id))
            .collect();
        if let Some(g) = &gilrs {
            let names: Vec<String> = slots
                .iter()
                .map(|&id| g.gamepad(id).name().to_owned())
                .collect();
            match names.as_slice() {
                [] => eprintln!("gamepads: none connected (plug one in at any time)"),
                _ => eprintln!("gamepads: {}", names.join(", ")),
            }
        }
        Self { gilrs, slots }
    }

    /// This frame's pads, by slot (at most [`MAX_PADS`]).
    pub(crate) fn read(&mut self) -> Vec<PadState> {
        let Some(g) = self.gilrs.as_mut() else {
            return Vec::new();
        };
        // Draining the events is what updates gilrs' cached state.
        while let Some(event) = g.next_event() {
            match event.event {
                EventType::Connected if !self.slots.contains(&event.id) => {
                    eprintln!("gamepad connected: {}", g.gamepad(event.id).name());
                    self.slots.push(event.id);
                }
                EventType::Disconnected => self.slots.retain(|&id| id != event.id),
                _ => {}
            }
        }
        self.slots
            .iter()
            .take(MAX_PADS)
            .map(|&id| state_of(&g.gamepad(id)))
            .collect()
    }
}

fn state_of(pad: &gilrs::Gamepad<'_>) -> PadState {
    let dpad_x = pad.value(Axis::DPadX);
    let dpad_y = pad.value(Axis::DPadY);
    PadState {
        stick_x: pad.value(Axis::LeftStickX),
        // gilrs: up is positive; the game's y grows downward.
        stick_y: -pad.value(Axis::LeftStickY),
        up: pad.is_pressed(Button::DPadUp) || dpad_y > DPAD_AXIS_PRESSED,
        down: pad.is_pressed(Button::DPadDown) || dpad_y < -DPAD_AXIS_PRESSED,
        left: pad.is_pressed(Button::DPadLeft) || dpad_x < -DPAD_AXIS_PRESSED,
        right: pad.is_pressed(Button::DPadRight) || dpad_x > DPAD_AXIS_PRESSED,
        south: pad.is_pressed(Button::South),
        east: pad.is_pressed(Button::East),
        start: pad.is_pressed(Button::Start),
    }
}
