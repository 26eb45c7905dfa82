//! Community levels (issue 35): levels shared from the editor to the gallery of
//! `arkanong server`, listed, played, rated and reported in the game, with top
//! tens the server verifies by playing each score's replay.
//!
//! The gallery is an HTTP/JSON API beside the signaling server, on its port
//! (docs/online.md). Each request is plain data ([`ApiRequest`]); it goes out
//! off the frame loop ([`Ask`]: a thread natively, `fetch` in the browser) and
//! its reply is read at a later frame into serde types ([`LevelPage`],
//! [`LevelDetail`], ...), every failure a line a player reads
//! ([`CommunityError::line`]). What this machine keeps (the anonymous player
//! id, the shared levels' edit keys; the downloaded levels) is two records,
//! [`CommunityBook`].
//!
//! ```text
//! api.rs        the requests, one constructor per route
//! answers.rs    the replies read, and the failures as lines
//! transport.rs  Ask: a request in flight through app/net (thread / fetch); exchange()
//! gallery.rs    Gallery: the server, or canned answers in tests
//! book.rs       CommunityBook: player id and edit keys; kept levels apart
//! screen.rs     CommunityScreen: the list, a level's page, rating, top ten, submit
//! share.rs      the link a shared level travels by, and the author it goes under
//! ```

mod answers;
mod api;
mod book;
mod gallery;
mod page_layout;
mod screen;
mod share;
mod transport;

pub use answers::{
    read_done, read_reply, read_text, steps_as_time, CommunityError, DailyChallenge, LevelDetail,
    LevelPage, LevelSummary, Rated, Reply, Shared, TopScore, TopScores, Verified, YourBest,
};
pub use api::{percent_encode, ApiRequest, Method, Sort};
pub use book::{
    escape, is_player_id, new_player_id, random_bytes, unescape, BookRecord, CommunityBook,
    KeptLevels, BOOK_RECORD, KEPT_LEVELS_RECORD, MAX_KEPT_BYTES,
};
pub use gallery::{CannedAnswers, CannedAsks, Gallery};
pub use page_layout::{page_layout, PageContent, PageLayout};
pub use screen::{CommunityAction, CommunityScreen, Page, Row, Submission, REASONS};
pub use share::{
    level_link, share_author, web_level_link, ShareClear, CLEAR_IT_AGAIN, CLEAR_IT_FIRST,
};
#[cfg(not(target_arch = "wasm32"))]
pub use transport::exchange;
pub use transport::{http_base, Ask};
