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

/// How long a notice stays on screen, seconds.
pub const NOTICE_SECONDS: f64 = 4.0;

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

/// What shows over the game: a notice for [`NOTICE_SECONDS`], or a level reload
/// error until the file is fixed (it wins over a notice). Times are the app's
/// `now`, in seconds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Banner {
    notice: Option<(Notice, f64)>,
    /// A level reload error, shown until the file is fixed.
    pub reload_error: Option<Notice>,
}

impl Banner {
    /// Shows `notice` from `now` for [`NOTICE_SECONDS`].
    pub fn show(&mut self, notice: Notice, now: f64) {
        self.notice = Some((notice, now + NOTICE_SECONDS));
    }

    /// What to draw at `now`: the reload error, else a notice still in its time.
    pub fn shown(&self, now: f64) -> Option<&Notice> {
        let notice = self.notice.as_ref().filter(|(_, until)| now < *until);
        self.reload_error.as_ref().or(notice.map(|(n, _)| n))
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
    fn banner_notice_goes_after_its_time_and_a_reload_error_stays() {
        let mut b = Banner::default();
        b.show(Notice::good("Level reloaded"), 10.0);
        assert_eq!(
            b.shown(10.0 + NOTICE_SECONDS - 0.1).unwrap().text,
            "Level reloaded"
        );
        assert_eq!(b.shown(10.0 + NOTICE_SECONDS), None);
        b.reload_error = Some(Notice::error("broken"));
        b.show(Notice::good("Level reloaded"), 20.0);
        assert_eq!(b.shown(20.0).unwrap().text, "broken", "the error wins");
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
