//! The Community screen's model: its state and pages (`community_screen.rs`),
//! what a chosen row does (`choose.rs`), what a reply does (`replies.rs`).

mod choose;
mod community_screen;
mod replies;
#[cfg(test)]
mod scroll_tests;

pub use community_screen::{CommunityAction, CommunityScreen, Page, Row, Submission, REASONS};
