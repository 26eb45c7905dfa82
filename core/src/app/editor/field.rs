//! A settings field of the editor as a text field behaves (issue 25): a cursor
//! that Left, Right, Home and End move; Backspace and Delete; held keys that
//! repeat; Enter to keep, Escape to drop; and Ctrl+S that keeps the field and
//! saves, without typing an "s". Headless: the shell reads the keyboard into a
//! [`FieldFrame`] each frame and does what [`Field::frame`] answers. How often
//! a key acts (every press, and a held key's repeats at a rate of their own,
//! whatever the frame rate) is the shell's one key reader for every text the
//! game edits, on `crate::app::input::KeyRepeat`.

/// The keys of a field that repeat when held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKey {
    /// Deletes the character before the cursor.
    Backspace,
    /// Deletes the character after the cursor.
    Delete,
    /// Moves the cursor one character left.
    Left,
    /// Moves the cursor one character right.
    Right,
}

impl FieldKey {
    /// Every repeating key, in the order of [`FieldFrame::fires`].
    pub const ALL: [FieldKey; 4] = [Self::Backspace, Self::Delete, Self::Left, Self::Right];
}

/// One frame's keyboard, as a field needs it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FieldFrame {
    /// The characters typed this frame, in order.
    pub chars: Vec<char>,
    /// How many times each of [`FieldKey::ALL`] acts this frame: its presses
    /// and, held, its repeats (see `crate::app::input::KeyRepeat`).
    pub fires: [u32; 4],
    /// Home pressed.
    pub home: bool,
    /// End pressed.
    pub end: bool,
    /// Ctrl (or Cmd) held: typed characters are a chord, not text.
    pub ctrl: bool,
    /// S pressed (with `ctrl`: save).
    pub s: bool,
    /// Enter pressed.
    pub enter: bool,
    /// Escape pressed.
    pub escape: bool,
    /// The whole text as a text box outside the game holds it, when it changed:
    /// in the browser, the page's input laid over the field, where a phone's
    /// keyboard types (web/text_field.js). It replaces the field's text, the
    /// cursor at its end, before this frame's keys act.
    pub replace: Option<String>,
}

/// What a frame of typing leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldOutcome {
    /// Still editing.
    Editing,
    /// Enter: set the setting to this text (empty: back to its default).
    Keep(String),
    /// Ctrl+S: set the setting to this text, then save the level.
    KeepAndSave(String),
    /// Escape: leave the setting as it was.
    Drop,
}

/// A settings field being edited: which setting, its text and the cursor.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Field {
    /// The setting's index in `SETTING_KEYS`.
    pub key: usize,
    text: Vec<char>,
    cursor: usize,
}

impl Field {
    /// Starts editing setting `key` whose text is `text`, the cursor at its end.
    pub fn new(key: usize, text: &str) -> Self {
        let text: Vec<char> = text.chars().collect();
        Self {
            key,
            cursor: text.len(),
            text,
        }
    }

    /// The text typed so far.
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// The text before the cursor (where the shell draws the caret).
    pub fn before_cursor(&self) -> String {
        self.text[..self.cursor].iter().collect()
    }

    /// Takes one frame of keys: types, deletes and moves (each as many times
    /// as its key fired),
    /// and says whether the edit goes on, is kept (Enter, or Ctrl+S which also
    /// saves) or dropped (Escape).
    pub fn frame(&mut self, input: &FieldFrame) -> FieldOutcome {
        if let Some(text) = &input.replace {
            self.text = text.chars().collect();
            self.cursor = self.text.len();
        }
        if input.ctrl {
            // A chord: its letters are not text (Ctrl+S typed an "s" before).
            if input.s {
                return FieldOutcome::KeepAndSave(self.text());
            }
        } else {
            for &c in input.chars.iter().filter(|c| !c.is_control()) {
                self.text.insert(self.cursor, c);
                self.cursor += 1;
            }
        }
        for (k, key) in FieldKey::ALL.into_iter().enumerate() {
            for _ in 0..input.fires[k] {
                self.apply(key);
            }
        }
        if input.home {
            self.cursor = 0;
        }
        if input.end {
            self.cursor = self.text.len();
        }
        if input.escape {
            FieldOutcome::Drop
        } else if input.enter {
            FieldOutcome::Keep(self.text())
        } else {
            FieldOutcome::Editing
        }
    }

    fn apply(&mut self, key: FieldKey) {
        match key {
            FieldKey::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.text.remove(self.cursor);
            }
            FieldKey::Delete if self.cursor < self.text.len() => {
                self.text.remove(self.cursor);
            }
            FieldKey::Left => self.cursor = self.cursor.saturating_sub(1),
            FieldKey::Right => self.cursor = (self.cursor + 1).min(self.text.len()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::input::{KeyRepeat, REPEAT_DELAY, REPEAT_INTERVAL};

    /// A frame in which `key` acts `times` times.
    fn fired(key: FieldKey, times: u32) -> FieldFrame {
        let mut f = FieldFrame::default();
        f.fires[FieldKey::ALL.iter().position(|&k| k == key).unwrap()] = times;
        f
    }

    /// What is left of "0123456789" after Backspace is pressed, then held
    /// `seconds` in frames of `dt` seconds, its fires counted by a `KeyRepeat`
    /// as the shell counts them.
    fn held_backspace(seconds: f32, dt: f32) -> String {
        let mut f = Field::new(0, "0123456789");
        let mut r = KeyRepeat::default();
        f.frame(&fired(FieldKey::Backspace, r.fires(1, true, dt)));
        for _ in 0..(seconds / dt).round() as u32 {
            let out = f.frame(&fired(FieldKey::Backspace, r.fires(0, true, dt)));
            assert_eq!(out, FieldOutcome::Editing);
        }
        f.text()
    }

    #[test]
    fn holding_backspace_deletes_as_much_in_slow_frames_as_in_fast_ones() {
        // Held 0.5 s after the press: the press, then repeats at 0.4 s, 0.44 s
        // and 0.48 s, at 64 frames a second and at 4 (a frame held up 0.25 s).
        let repeats = ((0.5 - REPEAT_DELAY) / REPEAT_INTERVAL) as usize + 1;
        assert_eq!(held_backspace(0.5, 1.0 / 64.0).len(), 10 - 1 - repeats);
        assert_eq!(held_backspace(0.5, 0.25), held_backspace(0.5, 1.0 / 64.0));
        // A frame's fires all act: three at once delete three.
        let mut g = Field::new(0, "0123456789");
        g.frame(&fired(FieldKey::Backspace, 3));
        assert_eq!(g.text(), "0123456");
        g.frame(&fired(FieldKey::Left, 2));
        assert_eq!(g.before_cursor(), "01234");
    }

    #[test]
    fn arrows_move_the_cursor_and_typing_goes_there() {
        let mut f = Field::new(3, "440");
        f.frame(&fired(FieldKey::Left, 1));
        f.frame(&FieldFrame::default());
        f.frame(&FieldFrame {
            chars: vec!['5'],
            ..FieldFrame::default()
        });
        assert_eq!(f.text(), "4450");
        f.frame(&fired(FieldKey::Delete, 1));
        assert_eq!(f.text(), "445");
        f.frame(&FieldFrame {
            home: true,
            ..FieldFrame::default()
        });
        assert_eq!(f.before_cursor(), "");
        let out = f.frame(&FieldFrame {
            enter: true,
            ..FieldFrame::default()
        });
        assert_eq!(out, FieldOutcome::Keep("445".to_owned()));
    }

    #[test]
    fn ctrl_s_in_a_field_keeps_it_and_saves_without_typing_an_s() {
        let mut f = Field::new(1, "460");
        let out = f.frame(&FieldFrame {
            chars: vec!['s'],
            ctrl: true,
            s: true,
            ..FieldFrame::default()
        });
        assert_eq!(out, FieldOutcome::KeepAndSave("460".to_owned()));
        // Ctrl with another letter types nothing either.
        let mut g = Field::new(1, "460");
        g.frame(&FieldFrame {
            chars: vec!['a'],
            ctrl: true,
            ..FieldFrame::default()
        });
        assert_eq!(g.text(), "460");
    }

    #[test]
    fn escape_drops_the_edit() {
        let mut f = Field::new(0, "x");
        let out = f.frame(&FieldFrame {
            chars: vec!['y'],
            escape: true,
            ..FieldFrame::default()
        });
        assert_eq!(out, FieldOutcome::Drop);
    }

    #[test]
    fn a_page_input_replaces_the_text_and_enter_keeps_it() {
        let mut f = Field::new(0, "Old");
        let typed = |text: &str, enter| FieldFrame {
            replace: Some(text.to_owned()),
            enter,
            ..FieldFrame::default()
        };
        assert_eq!(f.frame(&typed("My lev", false)), FieldOutcome::Editing);
        assert_eq!(
            (f.text(), f.before_cursor()),
            ("My lev".into(), "My lev".into())
        );
        // A key typed after it lands at the end, where the cursor went.
        f.frame(&FieldFrame {
            chars: vec!['!'],
            ..FieldFrame::default()
        });
        assert_eq!(f.text(), "My lev!");
        let out = f.frame(&typed("My level", true));
        assert_eq!(out, FieldOutcome::Keep("My level".into()));
        // Emptied on the page: an empty text, kept (the setting's default).
        let mut g = Field::new(1, "460");
        assert_eq!(g.frame(&typed("", true)), FieldOutcome::Keep(String::new()));
    }
}
