//! A request to the gallery in flight off the frame loop, as the host's room
//! request goes (`app/online/room_ask.rs`): both through the one client in
//! `app/net/` (a thread natively, the page's `fetch` in the browser), whose
//! [`Slot`] the screen reads as plain data ([`Ask::reply`]); a test hands in
//! a reply of its own ([`Ask::answered`]) without any server.

use std::time::Duration;

use super::answers::Reply;
use super::api::ApiRequest;
use crate::app::net::{Deadlines, HttpAnswer, HttpRequest, Slot};

pub use crate::app::online::http_base;

/// A request sent and, once it came, its reply.
#[derive(Debug, Clone, Default)]
pub struct Ask {
    slot: Slot<Reply>,
}

impl Ask {
    /// Sends `request` to the gallery of `server` (the signaling server's
    /// `ws://HOST:PORT`: the gallery shares its port), off the frame loop.
    pub fn send(server: &str, request: ApiRequest) -> Self {
        let http = http_request(&http_base(server), &request);
        Self {
            slot: crate::app::net::ask("gallery-request", http, MAX_REPLY_BYTES, DEADLINES, read),
        }
    }

    /// A request already answered with `reply` (tests, and a failure to send).
    pub fn answered(reply: Reply) -> Self {
        Self {
            slot: Slot::answered(reply),
        }
    }

    /// The reply, once it came (taken: later calls return `None`).
    pub fn reply(&self) -> Option<Reply> {
        self.slot.take()
    }
}

/// Longest reply read, bytes: a replay (4 MiB) and some.
const MAX_REPLY_BYTES: u64 = 5 << 20;

/// At most about a minute for an answer: a score's replay is played before
/// the server answers.
const DEADLINES: Deadlines = Deadlines {
    connect: Duration::from_secs(5),
    send: Duration::from_secs(20),
    answer: Duration::from_secs(60),
};

/// `request` to the gallery at `base` (`http://HOST:PORT` or `https://HOST`),
/// as HTTP.
fn http_request(base: &str, request: &ApiRequest) -> HttpRequest {
    let mut headers = Vec::new();
    if request.body.is_some() {
        headers.push(("Content-Type", "application/json".to_owned()));
    }
    if let Some(key) = &request.edit_key {
        headers.push(("X-Edit-Key", key.clone()));
    }
    HttpRequest {
        method: request.method.word(),
        url: format!("{base}{}", request.path),
        headers,
        body: request.body.clone(),
    }
}

/// An HTTP answer as the gallery's reply: the screen reads a failure's
/// sentence (`CommunityError::line`).
fn read(answer: HttpAnswer) -> Reply {
    answer.map_err(|e| e.to_string())
}

/// Sends `request` to `base` (`http://HOST:PORT` or `https://HOST`) through the
/// desktop's HTTP client (`app/net/`) and waits for the reply, blocking for at
/// most about a minute. A reply past [`MAX_REPLY_BYTES`] is refused, not cut.
#[cfg(not(target_arch = "wasm32"))]
pub fn exchange(base: &str, request: &ApiRequest) -> Reply {
    read(crate::app::net::send(
        &http_request(base, request),
        MAX_REPLY_BYTES,
        DEADLINES,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_read_once() {
        let ask = Ask::answered(Ok((204, String::new())));
        assert!(ask.reply().is_some());
        assert!(ask.reply().is_none());
    }
}
