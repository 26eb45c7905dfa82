//! The host's request for a room, in flight off the frame loop through the
//! one client in `app/net/` (a thread natively, the page's `fetch` in the
//! browser), as the gallery's requests go. The online screen's frame reads
//! its [`Slot`] as plain data ([`RoomAsk::answer`]), so the screen's state
//! stays headless, and a test hands in an answer of its own
//! ([`RoomAsk::answered`]) without any server.

use super::RoomRequestError;
use crate::app::net::{self, Slot};

/// The server's answer to the host's `POST /room`.
pub type RoomAnswer = Result<String, RoomRequestError>;

/// A request for a room and, once it came, its answer.
#[derive(Debug, Clone, Default)]
pub struct RoomAsk {
    slot: Slot<RoomAnswer>,
}

impl RoomAsk {
    /// Asks `server` (`ws://HOST:PORT`, or `wss://`) for a room
    /// (`POST /room`), off the frame loop (the request takes up to about 5 s).
    pub fn send(server: &str) -> Self {
        Self::post(server, "/room", String::new())
    }

    /// Asks `server` to pair this player for a quick match (`POST /quick`; the
    /// answer is the room to join, see `request_quick`), as [`RoomAsk::send`].
    pub fn send_quick(server: &str) -> Self {
        Self::post(server, "/quick", super::quick_key())
    }

    /// `POST path` with `body` to `server`, off the frame loop.
    fn post(server: &str, path: &str, body: String) -> Self {
        let slot = match room_post(server, path, body) {
            Ok(request) => ask_off_the_loop(request),
            Err(e) => Slot::answered(Err(e)),
        };
        Self { slot }
    }

    /// A request already answered with `answer` (tests, and a failure to send).
    pub fn answered(answer: RoomAnswer) -> Self {
        Self {
            slot: Slot::answered(answer),
        }
    }

    /// The answer, once it came (taken: later calls return `None`).
    pub fn answer(&self) -> Option<RoomAnswer> {
        self.slot.take()
    }
}

/// What the page says when the host's request for a room failed: with no
/// server, that a server is needed (and, on the desktop, how to start one).
pub fn no_server_line(server: &str, error: &RoomRequestError) -> String {
    match error {
        RoomRequestError::Untrusted(why) => format!("Cannot trust the server at {server}: {why}"),
        RoomRequestError::Unreachable(_) if cfg!(target_arch = "wasm32") => {
            format!("No server at {server}: the page needs a running arkanong server")
        }
        RoomRequestError::Unreachable(_) => {
            format!("No server at {server} - start one with `arkanong server`")
        }
        RoomRequestError::Refused(r) => format!("The server refused a room: {}", r.reason()),
        RoomRequestError::BadAnswer(why) => format!("No arkanong server at {server}: {why}"),
    }
}

/// Asks `server` (`ws://HOST:PORT` or `wss://HOST`, as the client's `--server`)
/// for a fresh room and returns its code. Blocks for at most about 5 s a phase.
#[cfg(not(target_arch = "wasm32"))]
pub fn request_room(server: &str) -> Result<String, RoomRequestError> {
    post_for_code(server, "/room", String::new())
}

/// Asks `server` to pair this player for a quick match (`POST /quick` with
/// [`quick_key`](super::quick_key)'s body) and returns the room code to join:
/// a waiting player's, or a new room's to wait in (see `quick.rs`). As
/// [`request_room`] otherwise.
#[cfg(not(target_arch = "wasm32"))]
pub fn request_quick(server: &str) -> Result<String, RoomRequestError> {
    post_for_code(server, "/quick", super::quick_key())
}

/// Each phase of a room request may take this long.
const ROOM_DEADLINES: net::Deadlines = {
    const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);
    net::Deadlines {
        connect: TIMEOUT,
        send: TIMEOUT,
        answer: TIMEOUT,
    }
};

/// `POST path` with `body` to `server`'s HTTP side, as a request; refused for
/// a server that is not a signaling server's URL.
fn room_post(server: &str, path: &str, body: String) -> Result<net::HttpRequest, RoomRequestError> {
    let base = super::http_base_of(server).ok_or_else(|| {
        RoomRequestError::Unreachable(format!(
            "only a ws:// or wss:// server can issue rooms, not {server}"
        ))
    })?;
    Ok(net::HttpRequest {
        method: "POST",
        url: format!("{base}{path}"),
        headers: Vec::new(),
        body: Some(body),
    })
}

/// `POST path` with `body` to `server` through the desktop's HTTP client,
/// waited for and read as `POST /room`'s answer.
#[cfg(not(target_arch = "wasm32"))]
fn post_for_code(server: &str, path: &str, body: String) -> Result<String, RoomRequestError> {
    let request = room_post(server, path, body)?;
    read_room_answer(net::send(
        &request,
        super::room_request::MAX_ANSWER_BYTES,
        ROOM_DEADLINES,
    ))
}

/// `request` sent off the frame loop (`app/net/`): the slot its answer,
/// read as `POST /room`'s, arrives in.
fn ask_off_the_loop(request: net::HttpRequest) -> Slot<RoomAnswer> {
    net::ask(
        "room-request",
        request,
        super::room_request::MAX_ANSWER_BYTES,
        ROOM_DEADLINES,
        read_room_answer,
    )
}

/// An HTTP answer read as `POST /room`'s (or `POST /quick`'s).
fn read_room_answer(answer: net::HttpAnswer) -> RoomAnswer {
    match answer {
        Ok((status, body)) => super::read_room_reply(status, &body),
        Err(e) => Err(room_error(e)),
    }
}

/// What a room request's HTTP failure means for the room: an answer too long
/// is no arkanong server's, an untrusted certificate is said as such, and any
/// other failure is no server reached.
fn room_error(e: net::HttpError) -> RoomRequestError {
    use net::HttpError;
    match e {
        HttpError::TooLong => RoomRequestError::BadAnswer(e.to_string()),
        HttpError::Untrusted(_) => RoomRequestError::Untrusted(e.to_string()),
        HttpError::Failed(why) => RoomRequestError::Unreachable(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An HTTP failure is told by its variant, and says what it said before.
    #[test]
    fn a_failed_room_request_is_told_by_kind_in_the_same_words() {
        use net::HttpError;
        assert_eq!(
            room_error(HttpError::TooLong).to_string(),
            "not an arkanong server: the answer is too long"
        );
        let untrusted = room_error(HttpError::Untrusted("UnknownIssuer".into()));
        assert!(
            matches!(untrusted, RoomRequestError::Untrusted(_)),
            "{untrusted:?}"
        );
        assert!(
            untrusted.to_string().starts_with(
                "cannot reach the server: the server's certificate is not trusted (UnknownIssuer)"
            ),
            "{untrusted}"
        );
        assert_eq!(
            room_error(HttpError::Failed("Connection refused".into())),
            RoomRequestError::Unreachable("Connection refused".into())
        );
    }

    /// The desktop's answer and the browser's are read by one function: a
    /// code, a refusal, and an answer past its cap (the browser's `fetch`
    /// reads it whole, then refuses it as the desktop's client does).
    #[test]
    fn an_answer_reads_the_same_whichever_client_brought_it() {
        assert_eq!(
            read_room_answer(Ok((201, "K8PXQ2M\n".into()))),
            Ok("K8PXQ2M".into())
        );
        assert!(matches!(
            read_room_answer(Ok((503, "busy".into()))),
            Err(RoomRequestError::Refused(_) | RoomRequestError::BadAnswer(_))
        ));
        assert_eq!(
            read_room_answer(Err(net::HttpError::TooLong)),
            Err(RoomRequestError::BadAnswer("the answer is too long".into()))
        );
    }

    #[test]
    fn an_answer_is_read_once() {
        let ask = RoomAsk::answered(Ok("K8PXQ2M".into()));
        assert_eq!(ask.answer(), Some(Ok("K8PXQ2M".into())));
        assert_eq!(ask.answer(), None);
    }

    #[test]
    fn no_server_names_the_command_on_the_desktop() {
        let line = no_server_line(
            "ws://127.0.0.1:3536",
            &RoomRequestError::Unreachable("refused".into()),
        );
        assert!(line.contains("No server at ws://127.0.0.1:3536"), "{line}");
        assert!(line.contains("`arkanong server`"), "{line}");
    }

    #[test]
    fn an_untrusted_certificate_is_said_as_such_not_as_no_server() {
        let why = format!(
            "{} (UnknownIssuer); ...",
            super::super::UNTRUSTED_CERTIFICATE
        );
        let line = no_server_line("wss://play.example", &RoomRequestError::Untrusted(why));
        assert!(
            line.starts_with("Cannot trust the server at wss://play.example: "),
            "{line}"
        );
        assert!(!line.contains("No server"), "{line}");
    }
}
