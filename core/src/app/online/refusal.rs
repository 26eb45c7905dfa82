//! Why `arkanong server` turned a client away, as both sides spell it.
//!
//! The contract (docs/online.md, "The server's refusals"):
//! - Refusals about a room (full, no such room, too many joins, a bad name) and the
//!   limits a connected peer can hit (silence, a slow reader, too many messages)
//!   arrive as a WebSocket close frame whose code is [`Refusal::close_code`]
//!   (4000 to 4999, the range RFC 6455 leaves to applications; 1009 for a message
//!   over the size cap, the standard "message too big") and whose reason is
//!   [`Refusal::reason`]. A browser reads both from the `close` event, which is
//!   why room refusals come after the upgrade rather than as an HTTP status
//!   (a page cannot see the status of a refused upgrade).
//! - Refusals before any HTTP is read (too many connections from one address, a
//!   full server) and answers to `POST /room` are an HTTP status,
//!   [`Refusal::http_status`], with the reason as the body.
//!
//! [`Refusal::from_close_code`] and [`Refusal::from_http_status`] read them back.

/// A reason the signaling server refused a client or closed its connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The room already holds its two players.
    RoomFull,
    /// The match already has its `MAX_WATCHERS` (4) watchers.
    WatchersFull,
    /// No room was issued under this code (or it expired unused).
    NoSuchRoom,
    /// The room name is not letters, digits, `-` or `_`, 1 to 32 of them.
    BadRoomName,
    /// This server only opens rooms it issued (`--issued-rooms-only`).
    NamedRoomsOff,
    /// Too many joins or new rooms from this address lately (wrong codes count).
    TooManyJoins,
    /// Too many open connections from this address.
    TooManyConnections,
    /// The server holds as many connections or rooms as it allows.
    ServerFull,
    /// A message over the size cap.
    MessageTooBig,
    /// Messages faster than the server relays for one peer.
    TooManyMessages,
    /// Nothing heard from this client for the idle timeout.
    IdleTooLong,
    /// This client did not read what was sent to it, and its queue filled.
    SlowReader,
    /// The room's two players did not meet within the server's wait (60 s by
    /// default): a player alone, or a watcher before the match, is let go
    /// however it keeps alive.
    NoMatchBegan,
}

/// Every refusal, for tables and tests.
pub const REFUSALS: [Refusal; 13] = [
    Refusal::RoomFull,
    Refusal::WatchersFull,
    Refusal::NoSuchRoom,
    Refusal::BadRoomName,
    Refusal::NamedRoomsOff,
    Refusal::TooManyJoins,
    Refusal::TooManyConnections,
    Refusal::ServerFull,
    Refusal::MessageTooBig,
    Refusal::TooManyMessages,
    Refusal::IdleTooLong,
    Refusal::SlowReader,
    Refusal::NoMatchBegan,
];

impl Refusal {
    /// The WebSocket close code the server sends with this refusal.
    pub fn close_code(self) -> u16 {
        match self {
            Refusal::RoomFull => 4001,
            Refusal::WatchersFull => 4002,
            Refusal::NoSuchRoom => 4004,
            Refusal::BadRoomName => 4000,
            Refusal::NamedRoomsOff => 4003,
            Refusal::TooManyJoins => 4029,
            Refusal::TooManyConnections => 4028,
            Refusal::ServerFull => 4013,
            Refusal::MessageTooBig => 1009,
            Refusal::TooManyMessages => 4020,
            Refusal::IdleTooLong => 4008,
            Refusal::SlowReader => 4011,
            Refusal::NoMatchBegan => 4010,
        }
    }

    /// The refusal a close code stands for; `None` for codes that are not ours
    /// (a normal close, a dropped connection).
    pub fn from_close_code(code: u16) -> Option<Refusal> {
        REFUSALS.into_iter().find(|r| r.close_code() == code)
    }

    /// The HTTP status of this refusal when it comes before a WebSocket upgrade
    /// or as the answer to `POST /room`.
    pub fn http_status(self) -> u16 {
        match self {
            Refusal::NoSuchRoom => 404,
            Refusal::BadRoomName => 400,
            Refusal::NamedRoomsOff => 403,
            Refusal::RoomFull | Refusal::WatchersFull => 409,
            Refusal::MessageTooBig => 413,
            Refusal::TooManyJoins | Refusal::TooManyConnections | Refusal::TooManyMessages => 429,
            Refusal::ServerFull
            | Refusal::IdleTooLong
            | Refusal::SlowReader
            | Refusal::NoMatchBegan => 503,
        }
    }

    /// The refusal an HTTP status and body stand for: the body is matched
    /// against [`Refusal::reason`] first (429 and 503 each stand for several),
    /// then the status alone. `None` for a status that is not a refusal.
    pub fn from_http_status(status: u16, body: &str) -> Option<Refusal> {
        let body = body.trim();
        REFUSALS
            .into_iter()
            .find(|r| r.http_status() == status && r.reason() == body)
            .or_else(|| REFUSALS.into_iter().find(|r| r.http_status() == status))
    }

    /// What to tell the player, short enough for a WebSocket close reason (at
    /// most 123 bytes) and for the online screen's one line.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::RoomFull => "room full: two players are already in it",
            Refusal::WatchersFull => "this match already has its 4 watchers: try again later",
            Refusal::NoSuchRoom => "no such room: check the code",
            Refusal::BadRoomName => "not a room name",
            Refusal::NamedRoomsOff => "this server only opens rooms it issued",
            Refusal::TooManyJoins => "too many joins from your address: wait a minute",
            Refusal::TooManyConnections => "too many connections from your address",
            Refusal::ServerFull => "the server is full: try again later",
            Refusal::MessageTooBig => "a message over the server's size limit",
            Refusal::TooManyMessages => "messages too fast for the server",
            Refusal::IdleTooLong => "closed after a silence",
            Refusal::SlowReader => "the connection fell behind",
            Refusal::NoMatchBegan => "no match began in this room in time: host or join again",
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_back_from_their_close_codes_and_statuses() {
        for r in REFUSALS {
            assert_eq!(Refusal::from_close_code(r.close_code()), Some(r), "{r:?}");
            assert_eq!(
                Refusal::from_http_status(r.http_status(), r.reason()),
                Some(r),
                "{r:?}"
            );
            assert!(r.reason().len() <= 123, "{r:?}: a close reason's limit");
            let code = r.close_code();
            assert!((4000..5000).contains(&code) || code == 1009, "{r:?}");
        }
        let mut codes: Vec<u16> = REFUSALS.iter().map(|r| r.close_code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), REFUSALS.len(), "close codes are distinct");
        assert_eq!(Refusal::from_close_code(1000), None);
        assert_eq!(Refusal::from_http_status(200, ""), None);
        assert_eq!(
            Refusal::from_http_status(404, "Not Found"),
            Some(Refusal::NoSuchRoom)
        );
    }
}
