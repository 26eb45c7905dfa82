//! A stranger on the signaling server, for the hostile tests: a websocket client
//! speaking matchbox's JSON messages by hand (no WebRTC), so it can send what a
//! real peer never would. Included by `#[path]`.
#![allow(dead_code)] // Each includer uses its own part.

use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// One websocket in a room, as matchbox's signaling server sees a peer.
pub(crate) struct Stranger {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    /// The peer id the server gave it.
    pub(crate) id: String,
}

impl Stranger {
    /// Joins `room` on the server at `url` (`ws://host:port`) and reads its id.
    pub(crate) fn join(url: &str, room: &str) -> Stranger {
        let (ws, _) = tungstenite::connect(format!("{url}/{room}")).expect("the server answers");
        if let MaybeTlsStream::Plain(tcp) = ws.get_ref() {
            tcp.set_read_timeout(Some(Duration::from_millis(50)))
                .unwrap();
        }
        let mut stranger = Stranger {
            ws,
            id: String::new(),
        };
        let event = stranger
            .next_event(Duration::from_secs(5))
            .expect("an id from the server");
        stranger.id = event["IdAssigned"]
            .as_str()
            .expect("IdAssigned first")
            .to_owned();
        stranger
    }

    /// The next event from the server (`{"NewPeer": id}`, `{"Signal": {..}}`, ...),
    /// or `None` once `limit` has passed or the server closed.
    pub(crate) fn next_event(&mut self, limit: Duration) -> Option<Value> {
        let start = Instant::now();
        while start.elapsed() < limit {
            match self.ws.read() {
                Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return None,
            }
        }
        None
    }

    /// The next signal (`(sender, data)`: data is `{"Offer": sdp}`, `{"Answer": sdp}`
    /// or `{"IceCandidate": json}`) within `limit`, other events skipped.
    pub(crate) fn next_signal(&mut self, limit: Duration) -> Option<(String, Value)> {
        let start = Instant::now();
        while let Some(event) = self.next_event(limit.saturating_sub(start.elapsed())) {
            if let Some(signal) = event.get("Signal") {
                let sender = signal["sender"].as_str()?.to_owned();
                return Some((sender, signal["data"].clone()));
            }
        }
        None
    }

    /// The next peer to join the room within `limit`.
    pub(crate) fn next_new_peer(&mut self, limit: Duration) -> Option<String> {
        let start = Instant::now();
        while let Some(event) = self.next_event(limit.saturating_sub(start.elapsed())) {
            if let Some(peer) = event.get("NewPeer") {
                return peer.as_str().map(str::to_owned);
            }
        }
        None
    }

    /// Sends `data` (a signal: `{"Offer": ...}` and so on) to `receiver` through the server.
    pub(crate) fn signal(&mut self, receiver: &str, data: Value) {
        let request = json!({ "Signal": { "receiver": receiver, "data": data } });
        let _ = self.ws.send(Message::Text(request.to_string().into()));
    }

    /// Leaves the room: closes the websocket and waits (up to 2 s) for the
    /// server's close frame. The server answers the close only after taking the
    /// peer out of its room, so a stranger joining next finds the place free; a
    /// stranger that only sent its close could be beaten to the room by the next
    /// one (two connections, no order between them), which the server, holding
    /// two players a room, rightly refuses "room full".
    pub(crate) fn leave(mut self) {
        let _ = self.ws.close(None);
        let _ = self.ws.flush();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) {
            match self.ws.read() {
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                // ConnectionClosed: the server's close frame came back.
                Err(_) => return,
            }
        }
    }
}

/// Text that is not SDP, as a hostile peer sends it.
pub(crate) const NOT_SDP: &str = "v=0\r\nthis is not a session description";
