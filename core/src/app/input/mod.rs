//! What the player presses, device-free: key bindings, keys and pointer into a
//! paddle intent, gamepads, and menu commands from any device.

mod bindings;
mod controls;
mod device;
mod hands;
mod key_repeat;
mod menu_input;
mod momentum;
mod pad;
mod rotation;
mod touch_steer;

pub use bindings::{key_label, key_named, Action, Bindings, Key, KeySet, RebindError, KEY_NAMES};
pub use controls::{combine, intent_from_keys, intent_from_pointer, HeldKeys, Pointer};
pub use device::Device;
pub use hands::Hands;
pub use key_repeat::{KeyRepeat, REPEAT_DELAY, REPEAT_INTERVAL};
pub use menu_input::{scroll_index, MenuInput};
pub use momentum::{Momentum, GLIDE_SECONDS, MAX_FLICK_SPEED, STOP_SPEED};
pub use pad::{pad_for_side, stick_direction, Pad, PadState, Pads, MAX_PADS};
pub use rotation::RotationWatch;
pub use touch_steer::{in_thumb_zone, touch_side, Finger, TouchSteer, TAP_SLOP, THUMB_GAIN};
