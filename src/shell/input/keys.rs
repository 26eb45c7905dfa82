//! Key names (`arkanong_core::app::input::KEY_NAMES`, which the settings file and the Keys
//! page use) to macroquad key codes and back.

use arkanong_core::app::{input::Key, input::KEY_NAMES};
use macroquad::prelude::KeyCode::{self, *};

/// The codes of [`KEY_NAMES`], in the same order (a test checks they match).
const KEY_CODES: [KeyCode; 76] = [
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
    Key0,
    Key1,
    Key2,
    Key3,
    Key4,
    Key5,
    Key6,
    Key7,
    Key8,
    Key9,
    Space,
    Enter,
    Tab,
    Backspace,
    Left,
    Right,
    Up,
    Down,
    LeftShift,
    RightShift,
    LeftControl,
    RightControl,
    LeftAlt,
    RightAlt,
    Comma,
    Period,
    Slash,
    Semicolon,
    Apostrophe,
    LeftBracket,
    RightBracket,
    Minus,
    Equal,
    Backslash,
    Insert,
    Delete,
    Home,
    End,
    PageUp,
    PageDown,
    Kp0,
    Kp1,
    Kp2,
    Kp3,
    Kp4,
    Kp5,
    Kp6,
    Kp7,
    Kp8,
    Kp9,
    KpEnter,
];

/// The name of a code, if it can be bound.
pub(crate) fn key_of(code: KeyCode) -> Option<Key> {
    let at = KEY_CODES.iter().position(|&c| c == code)?;
    KEY_NAMES.get(at).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_codes_match_their_names() {
        assert_eq!(KEY_CODES.len(), KEY_NAMES.len());
        for (code, name) in KEY_CODES.iter().zip(KEY_NAMES) {
            assert_eq!(format!("{code:?}"), *name);
        }
        assert_eq!(key_of(Space), Some("Space"));
        assert_eq!(key_of(Escape), None);
    }
}
