//! The Community screen's model: its state and pages (`community_screen.rs`),
//! what a chosen row does (`choose.rs`), what a reply does (`replies.rs`),
//! the daily challenge's page (`daily_page.rs`), the Submit page
//! (`submit_page.rs`), an open page asking again (`recheck.rs`), what the Submit
//! page says of the game (`standing.rs`), a request's
//! purpose (`want.rs`).

mod choose;
mod community_screen;
mod daily_page;
mod recheck;
mod replies;
#[cfg(test)]
mod scroll_tests;
mod standing;
mod submit_page;
mod want;

pub use community_screen::{CommunityAction, CommunityScreen, Page, Row, Submission, REASONS};
use recheck::Recheck;
