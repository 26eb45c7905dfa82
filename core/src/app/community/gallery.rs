//! Where the Community screen's requests go: the gallery of a server, or, in a
//! test, a function answering in its place (so the screen's flows run without
//! a network, as `RoomAsk::answered` lets the lobby's).

use super::answers::Reply;
use super::api::ApiRequest;
use super::transport::Ask;

/// Answers a request in a test.
pub type CannedAnswers = Box<dyn FnMut(&ApiRequest) -> Reply>;

/// Answers a request in a test with a request in flight of its own: one
/// answered now, or one never answered (a server that has not replied yet).
pub type CannedAsks = Box<dyn FnMut(&ApiRequest) -> Ask>;

/// The gallery the screen talks to.
pub struct Gallery {
    server: String,
    canned: Option<CannedAsks>,
}

impl Gallery {
    /// The gallery of `server` (the signaling server's `ws://HOST:PORT`).
    pub fn live(server: &str) -> Self {
        Self {
            server: server.to_owned(),
            canned: None,
        }
    }

    /// A gallery that `answer` plays (tests), named `server` in the screen's lines.
    pub fn canned(server: &str, mut answer: CannedAnswers) -> Self {
        Self::canned_asks(server, Box::new(move |r| Ask::answered(answer(r))))
    }

    /// A gallery whose requests `ask` answers as it likes, some perhaps
    /// never (tests of what waits for a reply), named `server`.
    pub fn canned_asks(server: &str, ask: CannedAsks) -> Self {
        Self {
            server: server.to_owned(),
            canned: Some(ask),
        }
    }

    /// The server's address, as the screen names it.
    pub fn server(&self) -> &str {
        &self.server
    }

    /// Sends `request`; its reply is read from the [`Ask`] later.
    pub fn send(&mut self, request: ApiRequest) -> Ask {
        match &mut self.canned {
            Some(ask) => ask(&request),
            None => Ask::send(&self.server, request),
        }
    }
}
