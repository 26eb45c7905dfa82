//! The server's log lines (on stderr; stdout carries only the `listening` line
//! tests wait for). Room names never appear whole: a code in a log is a room
//! anyone reading it could join, so a room shows as a tag, a hash keyed afresh
//! in every run. Refusals are counted and summed up every few seconds, so a
//! flood writes a line, not a line per connection.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use arkanong_core::app::online::{Refusal, REFUSALS};
use tracing_subscriber::EnvFilter;

/// Starts the log: `tracing` lines to stderr, without colours, filtered by
/// `RUST_LOG` (`info` when unset or unreadable; `debug` adds a line per
/// request answered, `warn` keeps only the limits hit and failures).
pub(super) fn start_log() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter)
        .with_target(false)
        .try_init();
}

/// A request's path as its log span shows it: a room's name (`GET /ROOM`, the
/// WebSocket) as its tag, since a code in a log is a room anyone reading it
/// could join; every other path as it is (a file's name has a dot, which no
/// room's has), its query dropped.
pub(super) fn path_for_log(path: &str) -> String {
    match path.strip_prefix('/') {
        Some(room)
            if !room.is_empty() && !room.contains(['/', '.']) && !SERVER_ROOTS.contains(&room) =>
        {
            format!("/{}", room_tag(room))
        }
        _ => path.to_owned(),
    }
}

/// One-segment paths that are the server's own, not rooms.
const SERVER_ROOTS: [&str; 3] = ["room", "quick", "healthz"];

/// A room's name as the log shows it: 4 hex digits of a hash keyed at random
/// for this run (the same room keeps its tag within a run; no one can go from
/// the tag back to the code).
pub(super) fn room_tag(name: &str) -> String {
    static KEY: OnceLock<RandomState> = OnceLock::new();
    let hash = KEY.get_or_init(RandomState::new).hash_one(name);
    format!("#{:04x}", hash >> 48)
}

/// Refusals and limits hit since the last summary.
#[derive(Debug, Default)]
pub(super) struct Tally {
    refused: [AtomicU64; REFUSALS.len()],
    handshake_timeouts: AtomicU64,
}

impl Tally {
    /// Counts one `refusal`.
    pub(super) fn refused(&self, refusal: Refusal) {
        if let Some(k) = REFUSALS.iter().position(|r| *r == refusal) {
            self.refused[k].fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts one connection closed for not finishing its HTTP request in time.
    pub(super) fn handshake_timed_out(&self) {
        self.handshake_timeouts.fetch_add(1, Ordering::Relaxed);
    }

    /// Logs what was counted since the last call, if anything, and starts again.
    pub(super) fn summarize(&self, connections: usize, rooms: usize) {
        let mut parts: Vec<String> = REFUSALS
            .iter()
            .zip(&self.refused)
            .filter_map(|(r, n)| match n.swap(0, Ordering::Relaxed) {
                0 => None,
                n => Some(format!("{n} \"{}\" ({})", r.reason(), r.close_code())),
            })
            .collect();
        match self.handshake_timeouts.swap(0, Ordering::Relaxed) {
            0 => {}
            n => parts.push(format!("{n} handshakes timed out")),
        }
        if !parts.is_empty() {
            tracing::warn!(
                "limits hit: {}; now {connections} connections, {rooms} rooms",
                parts.join(", ")
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_tags_are_stable_short_and_hide_the_code() {
        let tag = room_tag("arkanong-K8PXQ2M");
        assert_eq!(tag, room_tag("arkanong-K8PXQ2M"));
        assert_eq!(tag.len(), 5);
        assert!(!tag.contains("K8"));
    }

    #[test]
    fn a_rooms_path_is_logged_as_its_tag_and_other_paths_as_they_are() {
        let logged = path_for_log("/arkanong-K8PXQ2M");
        assert_eq!(logged, format!("/{}", room_tag("arkanong-K8PXQ2M")));
        for path in [
            "/",
            "/room",
            "/healthz",
            "/gallery/levels",
            "/arkanong.wasm",
        ] {
            assert_eq!(path_for_log(path), path);
        }
    }
}
