//! The daily challenge's page on the Community screen (issue 45): today's
//! level and seed as the server picked them by its clock, played from its
//! seed (one verified score a day counts), today's board and yesterday's.
//! Offline, the page says so and offers only Back.

use super::community_screen::{CommunityAction, CommunityScreen, Page, Row, Want};
use crate::app::community::{
    read_reply, ApiRequest, CommunityBook, CommunityError, DailyChallenge, Gallery, Reply,
};

impl CommunityScreen {
    /// The screen on today's daily challenge: `known` (the title asked the
    /// server already), else asked now.
    pub fn for_daily(gallery: Gallery, known: Option<DailyChallenge>) -> Self {
        let mut screen = Self::new(gallery);
        screen.started = true;
        screen.page = Page::Daily;
        match known {
            Some(daily) => screen.daily_shown(daily),
            None => {
                screen.status = "Asking for today's challenge...".to_owned();
                screen.send(Want::Daily, ApiRequest::daily());
            }
        }
        screen
    }

    /// Today's challenge shown, and what it asks.
    fn daily_shown(&mut self, daily: DailyChallenge) {
        self.status = format!(
            "Everyone plays the same game today (seed {}): your first verified score counts.",
            daily.seed
        );
        self.offline = false;
        self.daily = Some(daily);
    }

    /// The daily page's rows.
    pub(super) fn daily_rows(&self) -> Vec<Row> {
        if self.daily.is_some() {
            vec![Row::PlayDaily, Row::Top, Row::Yesterday, Row::Back]
        } else {
            vec![Row::Back]
        }
    }

    /// What the daily page's own rows say.
    pub(super) fn daily_label(&self, row: Row) -> String {
        match (row, &self.daily) {
            (Row::PlayDaily, Some(d)) => format!("Play {}", d.title),
            (Row::Yesterday, Some(d)) if !d.yesterday.is_empty() => {
                format!("Yesterday's board ({})", d.yesterday)
            }
            (Row::Yesterday, _) => "Yesterday's board".to_owned(),
            _ => "Play".to_owned(),
        }
    }

    /// The daily page's title.
    pub(super) fn daily_title(&self) -> String {
        match &self.daily {
            Some(d) => format!("Daily challenge {}: {}", d.date, d.title),
            None if self.offline => "Daily challenge: offline".to_owned(),
            None => "Daily challenge".to_owned(),
        }
    }

    /// Today's challenge came (or not: offline, the page says so).
    pub(super) fn daily_came(&mut self, reply: Reply) {
        match read_reply::<DailyChallenge>(reply) {
            Ok(daily) => self.daily_shown(daily),
            Err(e) => {
                self.offline = matches!(e, CommunityError::Unreachable(_));
                let server = self.gallery.server().to_owned();
                self.status = format!("No daily challenge: {}", e.line(&server));
            }
        }
    }

    /// What choosing `row` does when it is the daily challenge's (its page,
    /// its boards, a daily game's Top 10); `None` for any other row.
    pub(super) fn choose_daily(
        &mut self,
        row: Row,
        book: &CommunityBook,
    ) -> Option<(CommunityAction, bool)> {
        let today = self.daily.as_ref().map(|d| d.date.clone());
        let date = match (row, self.page) {
            (Row::PlayDaily, _) => {
                let d = self.daily.as_ref()?;
                let action = CommunityAction::PlayDaily {
                    date: d.date.clone(),
                    text: d.text.clone(),
                    seed: d.seed,
                };
                return Some((action, false));
            }
            (Row::Yesterday, _) => self.daily.as_ref().map(|d| d.yesterday.clone())?,
            (Row::Top, Page::Daily) => today?,
            // A daily game's Submit page: its day's board.
            (Row::Top, Page::Submit) => self.day_board.clone()?,
            (Row::Back, Page::Daily) => return Some((CommunityAction::Exit, false)),
            (Row::Back, Page::Top) if self.day_board.is_some() => {
                let back = if self.daily.is_some() {
                    Page::Daily
                } else {
                    Page::Submit
                };
                self.go(back);
                self.status.clear();
                return Some((CommunityAction::None, false));
            }
            // A day's replays are not served: its rows only show.
            (Row::Score(_) | Row::Yours, Page::Top) if self.day_board.is_some() => {
                return Some((CommunityAction::None, false))
            }
            _ => return None,
        };
        self.top.clear();
        self.yours = None;
        self.day_board = Some(date.clone());
        self.go(Page::Top);
        self.status = format!("Asking for the board of {date}...");
        self.send(Want::Top, ApiRequest::daily_board(&date, &book.player));
        Some((CommunityAction::None, false))
    }
}
