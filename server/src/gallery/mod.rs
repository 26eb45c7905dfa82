//! The gallery: levels players share from the editor, browse, play, rate and
//! report, with leaderboards the server verifies by playing each replay. An
//! HTTP/JSON API under `/gallery/` on `arkanong server`'s own port (the
//! contract and the operator's guide are in docs/server.md).
//!
//! ```text
//! service.rs     the Gallery the routes share: database, limits, replay players
//! routes.rs      the routes and their handlers (score_routes.rs: the scores')
//! board_routes.rs a play's end (attempts, clear rate); a top 10 with the player's own best
//! board.rs       the attempts' and your-best queries
//! daily.rs       the daily challenge's pick: a level and a seed from the date (daily_store.rs, daily_routes.rs)
//! api.rs         JSON bodies under caps, errors, CORS
//! store.rs       the queries (sqlx Any: SQLite or PostgreSQL), backups
//! writes.rs      a write's connection: answered after its COMMIT, closed when it fails
//! ratings.rs     the plays' and ratings' queries, under fairness.rs's rules
//! scores.rs      the scores' queries: one per player, top replays kept, no stale text
//! schema.rs      the migrations (migrations/sqlite, migrations/postgres), embedded
//! verify.rs      a replay played headless under a step cap and a time budget
//! clear_check.rs a level's clear check: its author's replay clearing it (or winning vs the CPU)
//! verifying.rs   a replay's wait for a verifier, and its permit held until it stops
//! limits.rs      per-address rate limits per kind of write
//! fairness.rs    boards and lists that resist stuffing: who may rate, ids per address
//! front.rs       the front listings served from memory for 2 s
//! keys.rs        level codes and edit keys (stored only as their hash)
//! moderation.rs  `arkanong server levels --list|--hide|--show|--delete`, `scores --list|--delete`
//! ```

mod api;
mod board;
mod board_routes;
mod clear_check;
mod daily;
mod daily_routes;
mod daily_store;
mod fairness;
mod front;
mod keys;
mod limits;
mod moderation;
mod ratings;
mod routes;
mod schema;
mod score_routes;
mod scores;
mod service;
mod store;
#[cfg(test)]
mod test_stores;
mod verify;
mod verifying;
mod writes;

pub(crate) use fairness::Fairness;
pub(super) use moderation::operator_tools;
pub use moderation::{LevelsArgs, ScoresArgs, ServerCommand};
pub(super) use routes::routes;
pub(super) use service::{Gallery, LONGEST_ANSWER};
