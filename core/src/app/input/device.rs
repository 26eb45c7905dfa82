//! Which kind of input the player used last, so prompts name it ("tap", "click",
//! the bound key, the pad's button) rather than listing every kind.

/// A kind of input device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// The keyboard.
    Keyboard,
    /// A mouse (or a pen or touchpad that arrives as one).
    Mouse,
    /// A finger on a touch screen.
    Touch,
    /// A gamepad.
    Pad,
}
