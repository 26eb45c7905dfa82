//! A settings field of the editor as a text field behaves (issue 25): a cursor
//! that Left, Right, Home and End move; Backspace and Delete; held keys that
//! repeat; Enter to keep, Escape to drop; and Ctrl+S that keeps the field and
//! saves, without typing an "s". Headless: the shell reads the keyboard into a
//! [`FieldFrame`] each frame and does what [`Field::frame`] answers.

/// Seconds a key is held before it starts repeating (a common desktop default).
pub const REPEAT_DELAY: f32 = 0.4;
/// Seconds between repeats of a held key (25 a second).
pub const REPEAT_INTERVAL: f32 = 0.04;

/// One key's repeat: fires once when pressed, then, held past [`REPEAT_DELAY`],
/// every [`REPEAT_INTERVAL`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct KeyRepeat {
    /// Seconds the key has been held; `None` while it is up.
    held: Option<f32>,
}

impl KeyRepeat {
    /// How many times the key acts this frame of `dt` seconds, `down` saying
    /// whether it is down now (or was pressed during the frame).
    pub fn fires(&mut self, down: bool, dt: f32) -> u32 {
        if !down {
            self.held = None;
            return 0;
        }
        let Some(before) = self.held else {
            self.held = Some(0.0);
            return 1;
        };
        let after = before + dt;
        self.held = Some(after);
        // Repeats fall at REPEAT_DELAY + k * REPEAT_INTERVAL, k = 0, 1, ...
        let count = |t: f32| {
            if t < REPEAT_DELAY {
                0
            } else {
                ((t - REPEAT_DELAY) / REPEAT_INTERVAL) as u32 + 1
            }
        };
        count(after) - count(before)
    }
}

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
    /// Every repeating key, in the order of [`FieldFrame::down`].
    pub const ALL: [FieldKey; 4] = [Self::Backspace, Self::Delete, Self::Left, Self::Right];
}

/// One frame's keyboard, as a field needs it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FieldFrame {
    /// The characters typed this frame, in order.
    pub chars: Vec<char>,
    /// Whether each of [`FieldKey::ALL`] is down (or was pressed this frame).
    pub down: [bool; 4],
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
    /// Seconds since the last frame.
    pub dt: f32,
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
    repeats: [KeyRepeat; 4],
}

impl Field {
    /// Starts editing setting `key` whose text is `text`, the cursor at its end.
    pub fn new(key: usize, text: &str) -> Self {
        let text: Vec<char> = text.chars().collect();
        Self {
            key,
            cursor: text.len(),
            text,
            repeats: Default::default(),
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

    /// Takes one frame of keys: types, deletes and moves (held keys repeating),
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
            for _ in 0..self.repeats[k].fires(input.down[k], input.dt) {
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

    fn held(key: FieldKey, dt: f32) -> FieldFrame {
        let mut f = FieldFrame {
            dt,
            ..FieldFrame::default()
        };
        f.down[FieldKey::ALL.iter().position(|&k| k == key).unwrap()] = true;
        f
    }

    #[test]
    fn a_held_key_fires_once_then_repeats_after_the_delay() {
        let mut r = KeyRepeat::default();
        assert_eq!(r.fires(true, 0.016), 1);
        let mut total = 0;
        // Held one second more at 60 frames a second.
        for _ in 0..60 {
            total += r.fires(true, 1.0 / 60.0);
        }
        let expected = ((1.0 - REPEAT_DELAY) / REPEAT_INTERVAL) as u32 + 1;
        assert!(total.abs_diff(expected) <= 1, "{total} vs {expected}");
        assert_eq!(r.fires(false, 0.016), 0);
        assert_eq!(r.fires(true, 0.016), 1, "a new press fires at once");
    }

    #[test]
    fn holding_backspace_deletes_more_than_one_character() {
        let mut f = Field::new(0, "0123456789");
        for _ in 0..36 {
            // 0.6 s at 60 frames a second
            assert_eq!(
                f.frame(&held(FieldKey::Backspace, 1.0 / 60.0)),
                FieldOutcome::Editing
            );
        }
        assert!(f.text().len() <= 4, "{}", f.text());
        // A slow frame of a held key catches up on its repeats.
        let mut g = Field::new(0, "0123456789");
        g.frame(&held(FieldKey::Left, 0.016));
        g.frame(&held(FieldKey::Left, REPEAT_DELAY + 2.5 * REPEAT_INTERVAL));
        assert_eq!(g.before_cursor(), "012345");
    }

    #[test]
    fn arrows_move_the_cursor_and_typing_goes_there() {
        let mut f = Field::new(3, "440");
        f.frame(&held(FieldKey::Left, 0.016));
        f.frame(&FieldFrame::default());
        f.frame(&FieldFrame {
            chars: vec!['5'],
            ..FieldFrame::default()
        });
        assert_eq!(f.text(), "4450");
        f.frame(&held(FieldKey::Delete, 0.016));
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
