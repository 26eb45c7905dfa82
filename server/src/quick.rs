//! `POST /quick`: quick match. A player with no code is paired with the next
//! player asking for the same game version and mode (the body, `VERSION MODE`,
//! see `app::online::quick_key`). The first to ask gets a freshly issued room's
//! code and waits in that room; the next with the same key gets the same code,
//! and the two meet there as any two players of an issued room (the lower peer
//! id hosts). Nothing is held open: the wait is the first player's, in the room.
//!
//! Limits: each ask spends one of the address's joins (as `POST /room` does),
//! one player waits per key (the next pairs with them), keys are short and few
//! ([`MAX_WAITING`]), and a wait expires after [`QUICK_WAIT`] (the client gives
//! up then too). A waiting player who left their room (Cancel) is never paired:
//! the room went with them, and the next player waits instead.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::extract::{Extension, State};
use axum::response::Response;
use axum::routing::post;
use axum::Router;

use super::log::room_tag;
use super::rooms::Rooms;
use super::routes::room_answer;
use super::run::{Connection, ServerState};
use arkanong_core::app::online::{is_quick_key, room_for, Refusal, QUICK_WAIT_SECONDS};

/// How long a player waits to be paired (the client's own wait is the same).
pub(super) const QUICK_WAIT: Duration = Duration::from_secs(QUICK_WAIT_SECONDS);

/// The most keys (game versions and modes) with a player waiting at once.
pub(super) const MAX_WAITING: usize = 1000;

/// The players waiting to be paired: each key's room code and since when.
#[derive(Debug, Default)]
pub(super) struct Quick {
    waiting: Mutex<HashMap<String, (String, Instant)>>,
}

impl Quick {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, (String, Instant)>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The room code for a player asking with `key` at `now`: a waiting
    /// player's (whose room still has a place), or a new room's, where this
    /// player then waits.
    pub(super) fn pair(&self, key: &str, rooms: &Rooms, now: Instant) -> Result<String, Refusal> {
        let mut waiting = self.lock();
        waiting.retain(|_, (_, since)| now.saturating_duration_since(*since) <= QUICK_WAIT);
        if let Some((code, _)) = waiting.remove(key) {
            let room = room_for(&code);
            if rooms.has_a_place(&room) {
                tracing::info!("quick match paired in room {}", room_tag(&room));
                return Ok(code);
            }
        }
        if waiting.len() >= MAX_WAITING {
            return Err(Refusal::ServerFull);
        }
        let code = rooms.issue()?;
        waiting.insert(key.to_owned(), (code.clone(), now));
        Ok(code)
    }
}

/// The quick match's route over the server's `state`, with its waiting players.
pub(super) fn quick_routes<S>(state: Arc<ServerState>) -> Router<S> {
    Router::new()
        .route("/quick", post(quick_match))
        .with_state((state, Arc::new(Quick::default())))
}

/// `POST /quick` with `VERSION MODE` as the body: `201 Created` and a room
/// code, as `POST /room` answers; a bad key is refused as a bad room name.
async fn quick_match(
    State((state, quick)): State<(Arc<ServerState>, Arc<Quick>)>,
    Extension(conn): Extension<Connection>,
    body: String,
) -> Response {
    let paired = if is_quick_key(&body) {
        (state.addresses.spend_join(conn.ip))
            .and_then(|()| quick.pair(&body, &state.rooms, Instant::now()))
    } else {
        Err(Refusal::BadRoomName)
    };
    room_answer(&state, paired)
}

#[cfg(test)]
mod tests {
    use super::super::rooms::rooms_for as rooms;
    use super::*;

    #[test]
    fn quick_pairs_the_next_player_of_the_same_key_and_no_other() {
        let (table, quick, now) = (rooms(""), Quick::default(), Instant::now());
        let a = quick.pair("0.1.0 versus", &table, now).unwrap();
        let other = quick.pair("0.2.0 versus", &table, now).unwrap();
        assert_ne!(a, other, "another version waits on its own");
        let b = quick.pair("0.1.0 versus", &table, now).unwrap();
        assert_eq!(a, b, "the next of the same key gets the waiting one's room");
        let c = quick.pair("0.1.0 versus", &table, now).unwrap();
        assert_ne!(c, a, "a pair is two: the third waits anew");
        assert_eq!(quick.lock().len(), 2);
    }

    #[test]
    fn quick_never_pairs_with_an_expired_or_gone_wait() {
        let (table, quick, now) = (rooms(""), Quick::default(), Instant::now());
        let a = quick.pair("0.1.0 versus", &table, now).unwrap();
        let later = now + QUICK_WAIT + Duration::from_secs(1);
        let b = quick.pair("0.1.0 versus", &table, later).unwrap();
        assert_ne!(a, b, "a wait past QUICK_WAIT is over");
        // The waiting player joined, then left (Cancel): the room went with them.
        let room = room_for(&b);
        let id = super::super::rooms::fresh_peer_id(super::super::rooms::Role::Player).unwrap();
        let (outbox, _rx) = super::super::outbox::outbox(1 << 16);
        table
            .join(
                &room,
                id,
                super::super::rooms::Role::Player,
                &outbox,
                "hi".into(),
            )
            .unwrap();
        table.leave(&room, id);
        let c = quick.pair("0.1.0 versus", &table, later).unwrap();
        assert_ne!(c, b, "never paired with a player who left");
    }

    #[test]
    fn quick_waits_are_bounded() {
        let (table, quick, now) = (rooms(""), Quick::default(), Instant::now());
        for k in 0..MAX_WAITING {
            quick.pair(&format!("{k} versus"), &table, now).unwrap();
        }
        assert_eq!(
            quick.pair("new versus", &table, now),
            Err(Refusal::ServerFull)
        );
        assert_eq!(quick.lock().len(), MAX_WAITING);
    }
}
