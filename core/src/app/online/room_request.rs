//! Rooms the signaling server issues: their codes' form, and asking for one.
//!
//! `POST /room` on `arkanong server` answers `201 Created` with a fresh code as the
//! body: [`ISSUED_CODE_LEN`] letters of [`CODE_ALPHABET`] drawn from the server's
//! OS randomness (35 bits: guessing one among a thousand open rooms at the join
//! limit would take years). Its room is [`room_for`]`(code)`; joining a room of
//! that form that was never issued is refused with [`Refusal::NoSuchRoom`]. Room
//! names of any other form (`arkanong online --room NAME`, the lobby's own
//! four-letter codes) are named rooms: opened by their first joiner unless the
//! server runs with `--issued-rooms-only`.

use super::refusal::Refusal;
use super::{room_for, CODE_ALPHABET};

/// Letters in a code the server issues: 7 of 32, 35 bits.
pub const ISSUED_CODE_LEN: usize = 7;

/// Whether `code` has the form the server issues codes in.
pub fn is_issued_code(code: &str) -> bool {
    code.len() == ISSUED_CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// The issued code a room name carries, when it is of the issued form
/// (`room_for(code)` with [`is_issued_code`]).
pub fn issued_code_of_room(room: &str) -> Option<&str> {
    let prefix = room_for("");
    room.strip_prefix(prefix.as_str())
        .filter(|code| is_issued_code(code))
}

/// Why asking the server for a room failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomRequestError {
    /// The server answered with a refusal.
    Refused(Refusal),
    /// The server could not be reached, or did not answer in time.
    Unreachable(String),
    /// Something answered, but not as `arkanong server` does.
    BadAnswer(String),
}

impl std::fmt::Display for RoomRequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoomRequestError::Refused(r) => write!(f, "{r}"),
            RoomRequestError::Unreachable(why) => write!(f, "cannot reach the server: {why}"),
            RoomRequestError::BadAnswer(why) => write!(f, "not an arkanong server: {why}"),
        }
    }
}

/// Longest answer to `POST /room` read, bytes (headers and a 7-letter body).
const MAX_ANSWER_BYTES: u64 = 4096;

/// Asks `server` (`ws://HOST:PORT`, as the client's `--server`) for a fresh room
/// and returns its code. Blocks for at most about 5 s. Plain `ws://` only: a
/// `wss://` server is reached through a proxy this client cannot speak TLS to.
#[cfg(not(target_arch = "wasm32"))]
pub fn request_room(server: &str) -> Result<String, RoomRequestError> {
    post_for_code(server, "/room", "")
}

/// Asks `server` to pair this player for a quick match (`POST /quick` with
/// [`quick_key`](super::quick_key)'s body) and returns the room code to join:
/// a waiting player's, or a new room's to wait in (see `quick.rs`). As
/// [`request_room`] otherwise.
#[cfg(not(target_arch = "wasm32"))]
pub fn request_quick(server: &str) -> Result<String, RoomRequestError> {
    post_for_code(server, "/quick", &super::quick_key())
}

/// `POST path` with `body` to `server`, read as `POST /room`'s answer.
#[cfg(not(target_arch = "wasm32"))]
fn post_for_code(server: &str, path: &str, body: &str) -> Result<String, RoomRequestError> {
    use std::io::{Read, Write};
    use std::net::{TcpStream, ToSocketAddrs};
    use std::time::Duration;

    const TIMEOUT: Duration = Duration::from_secs(5);
    let unreachable = |e: std::io::Error| RoomRequestError::Unreachable(e.to_string());
    let host = server
        .strip_prefix("ws://")
        .map(|rest| rest.split('/').next().unwrap_or(rest))
        .ok_or_else(|| {
            RoomRequestError::Unreachable(format!(
                "only a ws:// server can issue rooms, not {server}"
            ))
        })?;
    let addr = host
        .to_socket_addrs()
        .map_err(unreachable)?
        .next()
        .ok_or_else(|| RoomRequestError::Unreachable(format!("{host} has no address")))?;
    let mut stream = TcpStream::connect_timeout(&addr, TIMEOUT).map_err(unreachable)?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .map_err(unreachable)?;
    stream
        .set_write_timeout(Some(TIMEOUT))
        .map_err(unreachable)?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(unreachable)?;
    let mut answer = Vec::new();
    stream
        .take(MAX_ANSWER_BYTES)
        .read_to_end(&mut answer)
        .map_err(unreachable)?;
    read_room_answer(&answer)
}

/// Reads the server's HTTP answer to `POST /room`: the code on `201`, the
/// refusal otherwise.
pub fn read_room_answer(answer: &[u8]) -> Result<String, RoomRequestError> {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| RoomRequestError::BadAnswer("no complete HTTP answer".into()))?;
    let status: u16 = head
        .strip_prefix("HTTP/1.1 ")
        .and_then(|s| s.get(..3))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| RoomRequestError::BadAnswer("no HTTP status".into()))?;
    read_room_reply(status, body)
}

/// Reads the server's reply to `POST /room` from its status and body (what the
/// browser's fetch gives): the code on `201`, the refusal otherwise.
pub fn read_room_reply(status: u16, body: &str) -> Result<String, RoomRequestError> {
    // The native reader stops at the cap; the browser's fetch hands the whole body.
    if body.len() as u64 > MAX_ANSWER_BYTES {
        return Err(RoomRequestError::BadAnswer("the answer is too long".into()));
    }
    let body = body.trim();
    match status {
        201 if is_issued_code(body) => Ok(body.to_owned()),
        201 => Err(RoomRequestError::BadAnswer(
            "the code is not a room code".into(),
        )),
        _ => Err(Refusal::from_http_status(status, body)
            .map(RoomRequestError::Refused)
            .unwrap_or_else(|| RoomRequestError::BadAnswer(format!("HTTP status {status}")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_longer_than_the_cap_is_refused_whatever_it_says() {
        let long = format!("K8PXQ2M{}", " ".repeat(MAX_ANSWER_BYTES as usize));
        assert!(matches!(
            read_room_reply(201, &long),
            Err(RoomRequestError::BadAnswer(_))
        ));
        assert_eq!(
            read_room_reply(201, "K8PXQ2M\n").ok().as_deref(),
            Some("K8PXQ2M")
        );
    }

    #[test]
    fn issued_codes_have_their_own_form_beside_named_rooms() {
        assert!(is_issued_code("K8PXQ2M"));
        assert_eq!(issued_code_of_room("arkanong-K8PXQ2M"), Some("K8PXQ2M"));
        for named in [
            "arkanong-K8PX",
            "arkanong-K8PXQ2I",
            "K8PXQ2M",
            "loopback-1",
            "arkanong-k8pxq2m",
        ] {
            assert_eq!(issued_code_of_room(named), None, "{named}");
        }
    }

    #[test]
    fn room_answers_read_as_a_code_or_the_refusal() {
        let ok = b"HTTP/1.1 201 Created\r\ncontent-length: 7\r\n\r\nK8PXQ2M";
        assert_eq!(read_room_answer(ok), Ok("K8PXQ2M".to_owned()));
        let limited = format!(
            "HTTP/1.1 429 Too Many Requests\r\n\r\n{}",
            Refusal::TooManyJoins.reason()
        );
        assert_eq!(
            read_room_answer(limited.as_bytes()),
            Err(RoomRequestError::Refused(Refusal::TooManyJoins))
        );
        for bad in [
            &b"HTTP/1.1 201 Created\r\n\r\nhello"[..],
            b"SSH-2.0\r\n",
            b"HTTP/1.1 200 OK\r\n\r\n",
        ] {
            assert!(
                matches!(read_room_answer(bad), Err(RoomRequestError::BadAnswer(_))),
                "{bad:?}"
            );
        }
    }
}
