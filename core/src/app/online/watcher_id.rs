//! How everyone tells a watcher from a player, with no new message: the
//! signaling server gives a watcher (a client that joined the room's address
//! with [`WATCH_QUERY`]) a peer id of UUID version [`WATCHER_ID_VERSION`]
//! (8, "custom"), and a player one of version 4 (random), as before. Only the
//! server names peers, so a client cannot pass for the other kind; the players'
//! meeting takes no watcher for its opponent, and GGRS never hears one.

/// The most watchers a room holds beside its two players: a fifth is refused
/// (`Refusal::WatchersFull`).
pub const MAX_WATCHERS: usize = 4;

/// The UUID version of a watcher's peer id (a player's is 4).
pub const WATCHER_ID_VERSION: usize = 8;

/// The query a watcher joins the room's address with: `ws://HOST/ROOM?watch`.
pub const WATCH_QUERY: &str = "watch";

/// Whether a room address's query (after `?`, without it) asks to watch: one
/// of its `&`-separated keys is [`WATCH_QUERY`] (with or without a value).
pub fn asks_to_watch(query: &str) -> bool {
    query
        .split('&')
        .any(|pair| pair.split('=').next() == Some(WATCH_QUERY))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watch_query_is_one_key_among_others() {
        assert!(asks_to_watch("watch"));
        assert!(asks_to_watch("watch="));
        assert!(asks_to_watch("a=1&watch"));
        assert!(!asks_to_watch(""));
        assert!(!asks_to_watch("watcher"));
        assert!(!asks_to_watch("a=watch"));
    }
}
