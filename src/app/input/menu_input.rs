//! A menu command, from any input device: the keyboard, the mouse, touch and pads
//! all produce these, and the menus consume them.

use super::Key;

/// A menu command, from any input device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuInput {
    /// Previous item.
    Up,
    /// Next item.
    Down,
    /// Decrease a setting.
    Left,
    /// Increase a setting.
    Right,
    /// Choose the highlighted item.
    Confirm,
    /// Go back (Escape).
    Back,
    /// Pause or resume (P, Escape in game, or the window losing focus).
    Pause,
    /// Choose item `n` directly (a click or tap on it).
    Pick(usize),
    /// Turn item `item`'s value down or up (a tap on the − or + beside it).
    Adjust {
        /// Which item, from the top.
        item: usize,
        /// Up (+) or down (−).
        up: bool,
    },
    /// Turn the name entry's letter `slot` one place up (towards Z) or down: a tap
    /// on the upper or lower half of a letter.
    Letter {
        /// Which letter, from the left.
        slot: usize,
        /// Up the alphabet (the upper half) or down (the lower).
        up: bool,
    },
    /// A typed character (the name entry reads letters).
    Char(char),
    /// A key pressed while the Keys page waits for one.
    Key(Key),
}
