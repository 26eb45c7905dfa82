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

/// How the desktop's HTTP client begins the error of a `https://` server whose
/// certificate it does not trust: the screens show that error whole (what to do
/// is in it) instead of "no server".
pub const UNTRUSTED_CERTIFICATE: &str = "the server's certificate is not trusted";

/// Why asking the server for a room failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomRequestError {
    /// The server answered with a refusal.
    #[error("{0}")]
    Refused(Refusal),
    /// The server could not be reached, or did not answer in time.
    #[error("cannot reach the server: {0}")]
    Unreachable(String),
    /// The server's certificate is not trusted: the whole sentence, which
    /// begins with [`UNTRUSTED_CERTIFICATE`] and says what to do. The screens
    /// show it instead of "no server".
    #[error("cannot reach the server: {0}")]
    Untrusted(String),
    /// Something answered, but not as `arkanong server` does.
    #[error("not an arkanong server: {0}")]
    BadAnswer(String),
}

/// Longest answer to `POST /room` read, bytes (a 7-letter body, or a refusal's reason).
pub(super) const MAX_ANSWER_BYTES: u64 = 4096;

/// The HTTP base of a signaling server's URL ([`super::http_base`]); `None`
/// for a scheme other than `ws://` and `wss://`, which issue no rooms.
pub fn http_base_of(server: &str) -> Option<String> {
    let signaling = server.starts_with("ws://") || server.starts_with("wss://");
    signaling.then(|| super::http_base(server))
}

/// Reads the server's reply to `POST /room` from its status and body (what the
/// browser's fetch gives): the code on `201`, the refusal otherwise.
pub fn read_room_reply(status: u16, body: &str) -> Result<String, RoomRequestError> {
    // The native client stops at the cap; the browser's fetch hands the whole body.
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
    fn room_replies_read_as_a_code_or_the_refusal() {
        assert_eq!(read_room_reply(201, "K8PXQ2M"), Ok("K8PXQ2M".to_owned()));
        assert_eq!(
            read_room_reply(429, Refusal::TooManyJoins.reason()),
            Err(RoomRequestError::Refused(Refusal::TooManyJoins))
        );
        for (status, body) in [(201, "hello"), (200, ""), (502, "Bad Gateway")] {
            assert!(
                matches!(
                    read_room_reply(status, body),
                    Err(RoomRequestError::BadAnswer(_))
                ),
                "{status} {body}"
            );
        }
    }

    #[test]
    fn a_signaling_url_gives_its_http_base() {
        assert_eq!(
            http_base_of("ws://127.0.0.1:3536").as_deref(),
            Some("http://127.0.0.1:3536")
        );
        assert_eq!(
            http_base_of("wss://play.example/arkanong-K8PXQ2M").as_deref(),
            Some("https://play.example")
        );
        assert_eq!(http_base_of("http://play.example"), None);
        assert_eq!(http_base_of("play.example"), None);
    }
}
