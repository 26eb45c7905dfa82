//! One connected peer: it joins its room, then every message it sends is
//! relayed (a `Signal` to the other player of its room, a `KeepAlive` kept
//! quiet) until it leaves or hits a limit: silence past the idle timeout, a
//! room whose two players have not met within `--lone-peer-secs`, a
//! message over the size cap (axum's WebSocket refuses it as it arrives, whole
//! or in fragments, before holding it), messages faster than the rate, or a
//! queue it does not read. The writer is a task of its own, so a peer that
//! never reads blocks only its own queue.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures::stream::{SplitSink, SplitStream};
use futures::{SinkExt, StreamExt};
use governor::{Quota, RateLimiter};
use matchbox_protocol::{JsonPeerEvent, JsonPeerRequest, PeerId, PeerRequest};

use super::log::room_tag;
use super::outbox::{outbox, Inbox, Outbox};
use super::rooms::{fresh_peer_id, Role};
use super::run::{Connection, ServerState};
use arkanong_core::app::online::Refusal;

/// A message burst, in seconds of the per-peer rate: a handshake's offer,
/// answer and ICE candidates come together.
const BURST_SECONDS: u32 = 4;

/// How long a refused or closing peer's close frame has to leave.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// Runs peer `conn` in `room` as `role` until it leaves or is closed.
pub(super) async fn run_peer(
    socket: WebSocket,
    room: String,
    role: Role,
    state: Arc<ServerState>,
    conn: Connection,
) {
    let Some(id) = fresh_peer_id(role) else {
        return; // no OS randomness: nothing sound to name the peer with
    };
    let (sink, mut stream) = socket.split();
    let (outbox, inbox) = outbox(state.limits.max_queue);
    let mut writer = tokio::spawn(write_queue(sink, inbox));
    let welcome = JsonPeerEvent::IdAssigned(id).to_string();
    let joined = state
        .addresses
        .spend_join(conn.ip)
        .and_then(|()| state.rooms.join(&room, id, role, &outbox, welcome));
    let ended = match joined {
        Err(refusal) => {
            if matches!(
                refusal,
                Refusal::RoomFull
                    | Refusal::WatchersFull
                    | Refusal::NoSuchRoom
                    | Refusal::NamedRoomsOff
            ) {
                tracing::info!("{} refused room {}: {refusal}", conn.ip, room_tag(&room));
            }
            Some(refusal)
        }
        Ok(()) => {
            let ended = tokio::select! {
                ended = relay(&mut stream, &room, id, &state, &outbox) => ended,
                () = state.stopping.wait() => {
                    outbox.going_away();
                    None
                }
            };
            state.rooms.leave(&room, id);
            ended
        }
    };
    if let Some(refusal) = ended {
        state.tally.refused(refusal);
        if refusal == Refusal::SlowReader {
            // Its socket is full: a close frame would wait behind the rest.
            writer.abort();
            return;
        }
        outbox.close(refusal);
    }
    drop(outbox);
    if tokio::time::timeout(CLOSE_GRACE, &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}

/// Relays the peer's messages; `Some` with the limit it hit, `None` when it
/// left by itself.
async fn relay(
    stream: &mut SplitStream<WebSocket>,
    room: &str,
    id: PeerId,
    state: &ServerState,
    outbox: &Outbox,
) -> Option<Refusal> {
    let limits = &state.limits;
    let rate = limits.messages_per_second;
    let burst = rate.saturating_mul(NonZeroU32::new(BURST_SECONDS).unwrap_or(NonZeroU32::MIN));
    let budget = RateLimiter::direct(Quota::per_second(rate).allow_burst(burst));
    // A peer whose room's players have not met by then is let go, however
    // faithfully it keeps alive (issue 43: 125 addresses holding rooms open
    // with keep-alives took every place for as long as they liked).
    let lone_deadline = tokio::time::Instant::now() + limits.lone_peer;
    let mut met = false;
    loop {
        let next = tokio::select! {
            () = outbox.overflowed() => return Some(Refusal::SlowReader),
            () = tokio::time::sleep_until(lone_deadline), if !met => {
                match state.rooms.has_met(room) {
                    true => met = true,
                    false => return Some(Refusal::NoMatchBegan),
                }
                continue;
            }
            next = tokio::time::timeout(limits.idle_timeout, stream.next()) => next,
        };
        let message = match next {
            Err(_) => return Some(Refusal::IdleTooLong),
            Ok(None) => return None,
            Ok(Some(Err(e))) => return too_big(e).then_some(Refusal::MessageTooBig),
            Ok(Some(Ok(message))) => message,
        };
        if budget.check().is_err() {
            return Some(Refusal::TooManyMessages);
        }
        match message {
            Message::Text(text) => match text.as_str().parse::<JsonPeerRequest>() {
                Ok(PeerRequest::Signal { receiver, data }) => {
                    let event = JsonPeerEvent::Signal { sender: id, data }.to_string();
                    state.rooms.relay(room, id, receiver, event);
                }
                // A keep-alive only resets the idle clock; garbage is dropped,
                // as matchbox's server did (the peer may be a newer client).
                Ok(PeerRequest::KeepAlive) | Err(_) => {}
            },
            Message::Close(_) => return None,
            Message::Binary(_) | Message::Ping(_) | Message::Pong(_) => {}
        }
    }
}

/// Whether a read failed on the size cap (tungstenite's capacity error).
fn too_big(e: axum::Error) -> bool {
    matches!(
        e.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    )
}

/// Writes the peer's queue into its socket until the queue closes or a close
/// frame has gone.
async fn write_queue(mut sink: SplitSink<WebSocket, Message>, mut inbox: Inbox) {
    while let Some((message, bytes)) = inbox.next().await {
        let last = matches!(message, Message::Close(_));
        if sink.send(message).await.is_err() {
            return;
        }
        inbox.written(bytes);
        if last {
            break;
        }
    }
    let _ = sink.close().await;
}
