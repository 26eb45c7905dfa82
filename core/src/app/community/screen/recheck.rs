//! A level's page left open notices its author's update on its own (issue 45,
//! versions: "an update that makes version 2 while the friend's open page says
//! so"). While the page shows, it asks the server for the level again every
//! [`RECHECK_SECONDS`] of the app's clock and when the window or the page is
//! shown again, one request at a time; a new version replaces the page's
//! level and picture where the player is (page, highlight and scroll kept)
//! and the status says so, and a level withdrawn meanwhile is said as the
//! page's other answers say it.

use super::community_screen::{CommunityScreen, Page, Want};
use crate::app::community::{read_reply, ApiRequest, CommunityBook, LevelDetail, Reply};

/// Seconds of the app's clock between two asks of an open level's page: often
/// enough that a friend reading the page sees an update within the minute,
/// seldom enough that a page left open all day costs the server little
/// (one small request per 30 s per open page).
pub(crate) const RECHECK_SECONDS: f64 = 30.0;

/// When the open level was last asked for (or its page opened).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Recheck {
    /// The level's code and the app's clock then, seconds.
    last: Option<(String, f64)>,
}

impl CommunityScreen {
    /// The app's clock is `now` (seconds) and the window was `shown` again
    /// this frame: asks the open level's page again when it is due (see the
    /// module doc). Nothing is asked offline, for a withdrawn level, off its
    /// page, or while the last ask is unanswered.
    pub fn recheck(&mut self, now: f64, shown: bool) {
        let on_page = matches!(
            self.page,
            Page::Level | Page::Rate | Page::Report | Page::Top
        );
        let code = match &self.open {
            Some(d) if on_page && !self.offline && !self.withdrawn => d.summary.code.clone(),
            _ => {
                self.recheck.last = None;
                return;
            }
        };
        let since = match &self.recheck.last {
            Some((c, at)) if *c == code => now - at,
            // Just opened: the page is what the server just said.
            _ => {
                self.recheck.last = Some((code, now));
                return;
            }
        };
        let in_flight = (self.asks.iter()).any(|(w, _)| matches!(w, Want::Recheck { .. }));
        if in_flight || !(shown || since >= RECHECK_SECONDS) {
            return;
        }
        self.recheck.last = Some((code.clone(), now));
        let request = ApiRequest::level(&code);
        self.send(Want::Recheck { code }, request);
    }

    /// The open level `code` came again: a new version shows where the
    /// player is, kept for offline play, and the status says so; the same
    /// version refreshes its counts quietly; gone, the page says withdrawn.
    /// Any other failure says nothing (the next ask may reach the server).
    /// Returns whether `book` changed.
    pub(super) fn recheck_came(
        &mut self,
        code: &str,
        reply: Reply,
        book: &mut CommunityBook,
    ) -> bool {
        let Some(open) = self.open.as_ref().filter(|d| d.summary.code == code) else {
            return false;
        };
        match read_reply::<LevelDetail>(reply) {
            Ok(latest) if latest.summary.code == code => {
                // The text tells: a page opened from a game's Submit page
                // holds the text it played but no version number.
                if latest.text == open.text {
                    self.open = Some(latest);
                    return false;
                }
                self.status = match latest.summary.version {
                    v if v > 1 => format!("Updated to version {v} just now: Play plays it."),
                    _ => "Updated just now: Play plays it.".to_owned(),
                };
                self.keep_text(code, &latest.text);
                let changed = book.keep_level(code, &latest.text);
                self.open = Some(latest);
                changed
            }
            Ok(_) => false,
            Err(e) if e.is_gone() && !self.withdrawn => self.gone(),
            Err(_) => false,
        }
    }
}
