//! The front listings kept for a moment: the first pages of "newest", "top"
//! and "played" with no search are what every Community screen asks first, so
//! a flood of them (issue 43: 200 addresses on the costliest listing slowed an
//! honest read to a median 5.8 s) is answered from memory, one database query
//! per page every [`FRONT_FRESH`] whatever the number of readers. A share, an
//! edit, a withdrawal, a play or a rating on this server forgets them, so its
//! player sees their own change at once (another server behind the same
//! database, or the operator's tools, show within [`FRONT_FRESH`]).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::store::{Sort, Summary};

/// How long a front page is served from memory (a share or a rating shows
/// within this).
pub(super) const FRONT_FRESH: Duration = Duration::from_secs(2);
/// The pages kept per order (0 to 2: what a screen shows before a search).
pub(super) const FRONT_PAGES: i64 = 3;

/// A page as a listing answers it: its levels and whether more follow.
pub(super) type Page = (Vec<Summary>, bool);

/// The front pages, each with when it was read.
#[derive(Debug, Default)]
pub(super) struct FrontPages {
    pages: Mutex<HashMap<(Sort, i64), (Instant, Page)>>,
}

impl FrontPages {
    /// Whether a listing is a front page (kept here).
    pub(super) fn holds(query: &str, page: i64) -> bool {
        query.is_empty() && (0..FRONT_PAGES).contains(&page)
    }

    /// The page, if it was read less than [`FRONT_FRESH`] before `now`.
    pub(super) fn fresh(&self, sort: Sort, page: i64, now: Instant) -> Option<Page> {
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages
            .get(&(sort, page))
            .filter(|(read, _)| now.saturating_duration_since(*read) < FRONT_FRESH)
            .map(|(_, p)| p.clone())
    }

    /// Forgets every page (a write changed what they list).
    pub(super) fn forget(&self) {
        self.pages.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// Keeps a page just read.
    pub(super) fn keep(&self, sort: Sort, page: i64, now: Instant, levels: Page) {
        let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.insert((sort, page), (now, levels));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_pages_are_kept_for_two_seconds_and_searches_never() {
        assert!(FrontPages::holds("", 0) && FrontPages::holds("", 2));
        assert!(!FrontPages::holds("hex", 0), "a search is read each time");
        assert!(!FrontPages::holds("", 3));
        let front = FrontPages::default();
        let t0 = Instant::now();
        assert_eq!(front.fresh(Sort::Top, 0, t0), None);
        front.keep(Sort::Top, 0, t0, (Vec::new(), true));
        assert_eq!(
            front.fresh(Sort::Top, 0, t0 + Duration::from_secs(1)),
            Some((Vec::new(), true))
        );
        assert_eq!(front.fresh(Sort::Newest, 0, t0), None, "each order its own");
        assert_eq!(front.fresh(Sort::Top, 0, t0 + FRONT_FRESH), None, "stale");
        front.keep(Sort::Top, 0, t0, (Vec::new(), true));
        front.forget();
        assert_eq!(front.fresh(Sort::Top, 0, t0), None, "a write forgets them");
    }
}
