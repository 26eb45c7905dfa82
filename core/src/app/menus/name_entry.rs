//! Arcade name entry for the high-score table: three letters, up and down change
//! the letter under the cursor, left and right move it, Enter confirms; typing a
//! letter sets it and moves on.

/// Letters in a name.
pub const NAME_LETTERS: usize = 3;

/// A name being entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameEntry {
    /// The letters, `A` to `Z`.
    pub letters: [u8; NAME_LETTERS],
    /// Which letter the cursor is on.
    pub cursor: usize,
}

impl Default for NameEntry {
    fn default() -> Self {
        Self::new(crate::app::records::DEFAULT_NAME)
    }
}

impl NameEntry {
    /// Starts from `name` (the one remembered from last time); anything but three
    /// capital letters starts from `AAA`.
    pub fn new(name: &str) -> Self {
        let mut letters = [b'A'; NAME_LETTERS];
        if name.len() == NAME_LETTERS && name.bytes().all(|b| b.is_ascii_uppercase()) {
            letters.copy_from_slice(name.as_bytes());
        }
        Self { letters, cursor: 0 }
    }

    /// The name as text.
    pub fn name(&self) -> String {
        self.letters.iter().map(|&b| char::from(b)).collect()
    }

    /// Turns the letter under the cursor by `by` places, wrapping Z to A.
    pub fn turn(&mut self, by: i8) {
        let l = &mut self.letters[self.cursor];
        *l = b'A' + ((i16::from(*l - b'A') + i16::from(by)).rem_euclid(26) as u8);
    }

    /// Moves the cursor, staying on the name.
    pub fn move_cursor(&mut self, right: bool) {
        self.cursor = if right {
            (self.cursor + 1).min(NAME_LETTERS - 1)
        } else {
            self.cursor.saturating_sub(1)
        };
    }

    /// A typed character: a letter sets the one under the cursor and moves on;
    /// anything else is ignored. Returns whether it was taken.
    pub fn type_char(&mut self, c: char) -> bool {
        if !c.is_ascii_alphabetic() {
            return false;
        }
        self.letters[self.cursor] = c.to_ascii_uppercase() as u8;
        self.move_cursor(true);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::MenuInput;
    use crate::app::menus::Menu;

    #[test]
    fn name_entry_arcade_keys_and_typing() {
        let mut n = NameEntry::new("BOB");
        n.turn(-1);
        n.turn(-1);
        assert_eq!(n.name(), "ZOB", "wraps below A");
        n.move_cursor(true);
        n.turn(1);
        n.move_cursor(true);
        n.move_cursor(true);
        n.turn(26);
        assert_eq!((n.name(), n.cursor), ("ZPB".to_owned(), 2));
        n.cursor = 0;
        for c in "k1d".chars() {
            n.type_char(c);
        }
        assert_eq!(n.name(), "KDB", "digits are ignored");
        assert_eq!(NameEntry::new("toolong").name(), "AAA");
    }

    #[test]
    fn name_entry_letters_turn_by_tap() {
        let mut m = Menu::new(3);
        m.screen = crate::app::menus::Screen::NameEntry;
        m.name = NameEntry::new("AAA");
        for (slot, up) in [(0, false), (1, true), (1, true), (2, true), (9, true)] {
            m.handle(MenuInput::Letter { slot, up });
        }
        assert_eq!(
            m.name.name(),
            "ZCB",
            "each tap turns its own letter once; slot 9 is no letter"
        );
        assert_eq!(m.name.cursor, 2, "the cursor follows the tapped letter");
    }
}
