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
    /// Move the highlight `n` items towards the end of the list (back towards
    /// its start if negative), stopping at either end: a swipe or the wheel,
    /// which must not wrap round from the last item to the first as a key does.
    Scroll(i32),
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

/// The highlighted index `at` of a list of `count` items moved by
/// [`MenuInput::Scroll`]'s `n`, held at the list's first and last items.
pub fn scroll_index(at: usize, n: i32, count: usize) -> usize {
    let last = count.saturating_sub(1) as i64;
    (at as i64 + i64::from(n)).clamp(0, last) as usize
}

#[cfg(test)]
mod tests {
    use super::scroll_index;

    #[test]
    fn scroll_index_stops_at_the_ends_instead_of_wrapping() {
        assert_eq!(scroll_index(2, 3, 10), 5);
        assert_eq!(scroll_index(8, 5, 10), 9, "past the last item: the last");
        assert_eq!(
            scroll_index(1, -4, 10),
            0,
            "before the first item: the first"
        );
        assert_eq!(scroll_index(0, 2, 0), 0, "an empty list");
    }
}
