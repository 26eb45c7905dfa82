//! Messages over the game (a level reloaded, a reload error, a file that could not
//! be saved): their tone, and where they may go. A banner sits in the band
//! between the two paddle zones, so it never covers a score (the HUD is written
//! inside the zones) or a paddle (which never leaves its zone).

use crate::tuning::{ARENA_HEIGHT, PADDLE_ZONE_DEPTH};

/// Lines a banner shows at most; a longer message ends with a line saying how
/// many more there are (the full text is on the terminal).
pub const BANNER_MAX_LINES: usize = 12;

/// Gap between a paddle zone and a banner, world units.
const BANNER_MARGIN: f32 = 12.0;

/// How a banner reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Good news ("Level reloaded"): green.
    Good,
    /// Something failed (a reload error, a save that did not work): red.
    Error,
}

/// A message to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The text, possibly several lines.
    pub text: String,
    /// Its tone.
    pub tone: Tone,
}

impl Notice {
    /// Good news.
    pub fn good(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            tone: Tone::Good,
        }
    }

    /// Something failed.
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            tone: Tone::Error,
        }
    }

    /// The lines to draw: at most [`BANNER_MAX_LINES`].
    pub fn lines(&self) -> Vec<String> {
        let all: Vec<&str> = self.text.lines().collect();
        if all.len() <= BANNER_MAX_LINES {
            return all.into_iter().map(str::to_owned).collect();
        }
        let mut shown: Vec<String> = all[..BANNER_MAX_LINES - 1]
            .iter()
            .map(|l| (*l).to_owned())
            .collect();
        shown.push(format!(
            "... {} more lines on the terminal",
            all.len() + 1 - BANNER_MAX_LINES
        ));
        shown
    }
}

/// The band a banner may use, top and bottom, in world units: between the paddle
/// zones, with a margin.
pub fn banner_band() -> (f32, f32) {
    (
        PADDLE_ZONE_DEPTH + BANNER_MARGIN,
        ARENA_HEIGHT - PADDLE_ZONE_DEPTH - BANNER_MARGIN,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{paddle_zone, Side};

    #[test]
    fn banner_band_stays_clear_of_both_paddle_zones() {
        let (top, bottom) = banner_band();
        assert!(top < bottom);
        assert!(top > paddle_zone(Side::Top).max.y, "below the top zone");
        assert!(
            bottom < paddle_zone(Side::Bottom).min.y,
            "above the bottom zone"
        );
    }

    #[test]
    fn notice_tones_and_long_messages_are_cut() {
        assert_eq!(Notice::good("Level reloaded").tone, Tone::Good);
        let long = Notice::error((0..40).map(|i| format!("line {i}\n")).collect::<String>());
        let lines = long.lines();
        assert_eq!(lines.len(), BANNER_MAX_LINES);
        assert_eq!(lines.last().unwrap(), "... 29 more lines on the terminal");
        assert_eq!(Notice::error("a\nb").lines(), ["a", "b"]);
    }
}
