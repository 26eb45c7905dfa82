//! The daily challenge on the title screen (issue 45): today's level and
//! seed asked of the gallery's server while the title shows (again every 10
//! minutes, so a new day's comes), and the title's row saying it: "Daily
//! challenge: Hex Garden — play", or "Daily challenge: offline". Choosing
//! the row opens its page on the Community screen (`daily_page.rs`). Each
//! change of the row's words is logged (`title: Daily challenge: ...`).

use super::AppState;
use crate::app::community::{read_reply, ApiRequest, Ask, CommunityError, DailyChallenge};
use crate::app::menus::Screen;

/// Seconds between two asks of today's challenge while the title shows.
const ASK_AGAIN: f64 = 600.0;

/// What the title knows of today's challenge.
#[derive(Debug, Default)]
pub struct DailyTitle {
    /// The title asks (set once the community records are loaded: the shell's
    /// game, the community tests; other headless tests ask nothing).
    pub enabled: bool,
    /// Today's challenge, once the server said.
    pub challenge: Option<DailyChallenge>,
    /// Why there is none (the server unreachable: `offline`).
    pub missing: Option<String>,
    ask: Option<Ask>,
    asked_at: Option<f64>,
}

impl DailyTitle {
    /// What the title's row says.
    pub fn line(&self) -> String {
        match (&self.challenge, self.missing.as_deref()) {
            (Some(c), _) => format!("Daily challenge: {} — play", c.title),
            (None, Some(why)) => format!("Daily challenge: {why}"),
            (None, None) => "Daily challenge: asking...".to_owned(),
        }
    }

    /// A reply to the ask of today's challenge, taken in.
    fn came(&mut self, reply: crate::app::community::Reply) {
        match read_reply::<DailyChallenge>(reply) {
            Ok(c) => {
                self.challenge = Some(c);
                self.missing = None;
            }
            Err(e) => {
                self.challenge = None;
                self.missing = Some(match e {
                    CommunityError::Unreachable(_) => "offline".to_owned(),
                    _ => "not on this server".to_owned(),
                });
            }
        }
    }
}

impl AppState {
    /// On the title: today's challenge asked (first, then every
    /// [`ASK_AGAIN`] s), its reply read, the title's row told.
    pub(super) fn daily_title_frame(&mut self) {
        if !self.daily.enabled || self.menu.screen != Screen::Title {
            return;
        }
        if let Some(reply) = self.daily.ask.as_ref().and_then(Ask::reply) {
            self.daily.ask = None;
            self.daily.came(reply);
        }
        let due = self
            .daily
            .asked_at
            .is_none_or(|t| self.shared.now - t >= ASK_AGAIN);
        if self.daily.ask.is_none() && due {
            self.daily.asked_at = Some(self.shared.now);
            self.daily.ask = Some(self.gallery().send(ApiRequest::daily()));
        }
        let line = self.daily.line();
        if line != self.menu.daily_line {
            // The browser tests read the row's words from the console.
            self.shared.out.log.push(format!("title: {line}"));
            self.menu.daily_line = line;
        }
    }
}
