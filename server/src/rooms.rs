//! The room table: one lock over every room, so a join is one step. Two peers
//! joining the same room at the same moment always see each other (the second
//! to take the lock finds the first and tells it), and nothing is copied per
//! connect (matchbox_signaling copied the whole table, which widened a race in
//! its `add_peer`: 40 to 57 % of simultaneous pairs never met on a flooded
//! server). A room holds two players and up to [`MAX_WATCHERS`] watchers;
//! empty rooms go.
//!
//! A watcher (joined with `?watch`, see core's `watcher_id.rs`) gets a peer id
//! of its own UUID version, does not take a player's place, and meets only the
//! players: they hear of it (`NewPeer`) and it of them, and a signal passes
//! only between a watcher and a player, never between two watchers.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use matchbox_protocol::{JsonPeerEvent, PeerId};

use super::args::Limits;
use super::log::room_tag;
use super::outbox::Outbox;
use arkanong_core::app::online::{
    check_room, issued_code_of_room, room_for, Refusal, CODE_ALPHABET, ISSUED_CODE_LEN,
    MAX_WATCHERS,
};

/// Players a room holds: a match is two.
pub(super) const ROOM_PLAYERS: usize = 2;

/// Whether a peer plays or watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// One of the match's two players.
    Player,
    /// A watcher (`?watch`): meets the players only.
    Watcher,
}

/// One room: its players' and watchers' queues, and whether the server issued it.
#[derive(Debug)]
struct Room {
    peers: Vec<(PeerId, Outbox)>,
    watchers: Vec<(PeerId, Outbox)>,
    /// Issued by `POST /room` (removed when unjoined past the TTL, or empty
    /// after its first join); a named room goes as soon as it is empty.
    issued: bool,
    joined: bool,
    /// Its two players have been in it together (a match began): from then
    /// on no peer of it is lone (peer.rs), even once one player has left.
    met: bool,
    opened: Instant,
}

/// Every open room by its name.
#[derive(Debug)]
pub(super) struct Rooms {
    rooms: Mutex<HashMap<String, Room>>,
    limits: Limits,
}

impl Rooms {
    /// No rooms yet.
    pub(super) fn new(limits: Limits) -> Rooms {
        Rooms {
            rooms: Mutex::new(HashMap::new()),
            limits,
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Room>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Rooms open now.
    pub(super) fn len(&self) -> usize {
        self.lock().len()
    }

    /// Opens a room under a fresh code from the OS's randomness and returns
    /// the code (its room is `room_for(code)`).
    pub(super) fn issue(&self) -> Result<String, Refusal> {
        let mut rooms = self.lock();
        if rooms.len() >= self.limits.max_rooms {
            return Err(Refusal::ServerFull);
        }
        loop {
            let code = fresh_code().ok_or(Refusal::ServerFull)?;
            let name = room_for(&code);
            if rooms.contains_key(&name) {
                continue; // one chance in 2^35 per open room: draw again
            }
            tracing::info!("room {} issued", room_tag(&name));
            rooms.insert(
                name,
                Room {
                    peers: Vec::new(),
                    watchers: Vec::new(),
                    issued: true,
                    joined: false,
                    met: false,
                    opened: Instant::now(),
                },
            );
            return Ok(code);
        }
    }

    /// Puts peer `id` in room `name` as `role`: first `welcome` (its
    /// `IdAssigned`) goes on its own queue, then the peers it is to meet hear
    /// `NewPeer` (a player: the other player and the watchers; a watcher: the
    /// players), all under the one lock. Refuses a bad name, an issued-form name
    /// never issued, a named room when they are off, a room with its two
    /// players (a player) or its watchers (a watcher), or a full server.
    pub(super) fn join(
        &self,
        name: &str,
        id: PeerId,
        role: Role,
        outbox: &Outbox,
        welcome: String,
    ) -> Result<(), Refusal> {
        check_room(name).map_err(|_| Refusal::BadRoomName)?;
        let mut rooms = self.lock();
        let count = rooms.len();
        let room = match rooms.get_mut(name) {
            Some(room) => room,
            None if issued_code_of_room(name).is_some() => return Err(Refusal::NoSuchRoom),
            None if self.limits.issued_rooms_only => return Err(Refusal::NamedRoomsOff),
            None if count >= self.limits.max_rooms => return Err(Refusal::ServerFull),
            None => {
                tracing::info!("room {} opened by name", room_tag(name));
                rooms.entry(name.to_owned()).or_insert(Room {
                    peers: Vec::new(),
                    watchers: Vec::new(),
                    issued: false,
                    joined: false,
                    met: false,
                    opened: Instant::now(),
                })
            }
        };
        match role {
            Role::Player if room.peers.len() >= ROOM_PLAYERS => return Err(Refusal::RoomFull),
            Role::Watcher if room.watchers.len() >= MAX_WATCHERS => {
                return Err(Refusal::WatchersFull)
            }
            _ => {}
        }
        outbox.send_text(welcome);
        let news = JsonPeerEvent::NewPeer(id).to_string();
        for (_, other) in room.met_by(role) {
            other.send_text(news.clone());
        }
        match role {
            Role::Player => room.peers.push((id, outbox.clone())),
            Role::Watcher => room.watchers.push((id, outbox.clone())),
        }
        room.joined = true;
        room.met |= room.peers.len() == ROOM_PLAYERS;
        Ok(())
    }

    /// Whether room `name` is open and its two players have met in it.
    pub(super) fn has_met(&self, name: &str) -> bool {
        self.lock().get(name).is_some_and(|room| room.met)
    }

    /// Whether room `name` is open with a place left (a quick match's waiting
    /// player is still there, or has yet to arrive).
    pub(super) fn has_a_place(&self, name: &str) -> bool {
        (self.lock().get(name)).is_some_and(|room| room.peers.len() < ROOM_PLAYERS)
    }

    /// Takes peer `id` out of room `name`; those it met hear `PeerLeft`. A
    /// room left empty (no player, no watcher) is removed.
    pub(super) fn leave(&self, name: &str, id: PeerId) {
        let mut rooms = self.lock();
        let Some(room) = rooms.get_mut(name) else {
            return;
        };
        let Some(role) = room.role_of(id) else {
            return;
        };
        room.peers.retain(|(peer, _)| *peer != id);
        room.watchers.retain(|(peer, _)| *peer != id);
        let news = JsonPeerEvent::PeerLeft(id).to_string();
        for (_, other) in room.met_by(role) {
            other.send_text(news.clone());
        }
        if room.peers.is_empty() && room.watchers.is_empty() {
            rooms.remove(name);
            tracing::info!("room {} closed", room_tag(name));
        }
    }

    /// Hands `event` (a `Signal` from `sender`, a peer of room `name`) to
    /// `receiver` if the two are to meet (see the module doc); a signal to
    /// anyone else goes nowhere.
    pub(super) fn relay(&self, name: &str, sender: PeerId, receiver: PeerId, event: String) {
        let rooms = self.lock();
        let Some(room) = rooms.get(name) else {
            return;
        };
        let Some(role) = room.role_of(sender) else {
            return;
        };
        let target = room.met_by(role).find(|(peer, _)| *peer == receiver);
        if let Some((_, outbox)) = target {
            outbox.send_text(event);
        }
    }

    /// Removes issued rooms nobody joined within the TTL; returns how many.
    pub(super) fn sweep(&self, now: Instant) -> usize {
        let ttl = self.limits.room_ttl;
        let mut rooms = self.lock();
        let before = rooms.len();
        rooms.retain(|_, r| {
            !(r.issued && !r.joined && now.saturating_duration_since(r.opened) > ttl)
        });
        before - rooms.len()
    }
}

impl Room {
    /// Whether `id` plays or watches here (`None`: not in the room).
    fn role_of(&self, id: PeerId) -> Option<Role> {
        let has = |list: &[(PeerId, Outbox)]| list.iter().any(|(peer, _)| *peer == id);
        if has(&self.peers) {
            Some(Role::Player)
        } else if has(&self.watchers) {
            Some(Role::Watcher)
        } else {
            None
        }
    }

    /// The peers one of `role` meets: a player every other peer, a watcher the
    /// players only.
    fn met_by(&self, role: Role) -> impl Iterator<Item = &(PeerId, Outbox)> {
        let watchers = match role {
            Role::Player => &self.watchers[..],
            Role::Watcher => &[],
        };
        self.peers.iter().chain(watchers)
    }
}

/// [`ISSUED_CODE_LEN`] letters of [`CODE_ALPHABET`] from the OS's randomness:
/// 32 letters are 5 bits each, so 5 random bytes give 7 uniform letters.
fn fresh_code() -> Option<String> {
    let mut bytes = [0u8; 5];
    getrandom::fill(&mut bytes).ok()?;
    let mut bits = bytes.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
    let mut code = String::with_capacity(ISSUED_CODE_LEN);
    for _ in 0..ISSUED_CODE_LEN {
        code.push(char::from(CODE_ALPHABET[(bits & 31) as usize]));
        bits >>= 5;
    }
    Some(code)
}

/// A fresh peer id from the OS's randomness: a random (version 4) UUID for a
/// player, a custom one (version 8, [`WATCHER_ID_VERSION`]) for a watcher, so
/// the players tell a watcher by its id.
///
/// [`WATCHER_ID_VERSION`]: arkanong_core::app::online::WATCHER_ID_VERSION
pub(super) fn fresh_peer_id(role: Role) -> Option<PeerId> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    let id = match role {
        Role::Player => uuid::Builder::from_random_bytes(bytes),
        Role::Watcher => uuid::Builder::from_custom_bytes(bytes),
    };
    Some(PeerId(id.into_uuid()))
}

/// A room table with the limits a `server` command line (after `server`)
/// sets, for the tests of the rooms and of quick matches.
#[cfg(test)]
pub(super) fn rooms_for(line: &str) -> Rooms {
    use clap::Parser;
    #[derive(Parser)]
    struct S {
        #[command(flatten)]
        args: super::ServerArgs,
    }
    let args = S::try_parse_from(std::iter::once("s").chain(line.split_whitespace()))
        .expect("a server command line")
        .args;
    Rooms::new(args.limits())
}

#[cfg(test)]
mod tests {
    use super::super::outbox::outbox;
    use super::*;
    use arkanong_core::app::online::is_issued_code;

    use super::rooms_for as rooms;

    fn peer() -> (PeerId, Outbox) {
        (fresh_peer_id(Role::Player).unwrap(), outbox(1 << 20).0)
    }

    #[test]
    fn issued_codes_are_fresh_and_of_the_issued_form() {
        let codes: Vec<String> = (0..200).map(|_| fresh_code().unwrap()).collect();
        assert!(codes.iter().all(|c| is_issued_code(c)));
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            codes.len(),
            "200 draws of 35 bits repeat none"
        );
    }

    #[test]
    fn rooms_hold_two_and_refuse_unissued_codes() {
        let table = rooms("");
        let code = table.issue().unwrap();
        let name = room_for(&code);
        let (a, b, c) = (peer(), peer(), peer());
        assert_eq!(
            table.join(&name, a.0, Role::Player, &a.1, "hi".into()),
            Ok(())
        );
        assert_eq!(
            table.join(&name, b.0, Role::Player, &b.1, "hi".into()),
            Ok(())
        );
        assert_eq!(
            table.join(&name, c.0, Role::Player, &c.1, "hi".into()),
            Err(Refusal::RoomFull)
        );
        let unissued = room_for(if code == "AAAAAAA" {
            "BBBBBBB"
        } else {
            "AAAAAAA"
        });
        assert_eq!(
            table.join(&unissued, c.0, Role::Player, &c.1, "hi".into()),
            Err(Refusal::NoSuchRoom)
        );
        assert_eq!(
            table.join("a b", c.0, Role::Player, &c.1, "hi".into()),
            Err(Refusal::BadRoomName)
        );
        assert_eq!(
            table.join("loopback-1", c.0, Role::Player, &c.1, "hi".into()),
            Ok(())
        );
        assert_eq!(table.len(), 2);
        table.leave(&name, a.0);
        table.leave(&name, b.0);
        table.leave("loopback-1", c.0);
        assert_eq!(table.len(), 0, "empty rooms are removed");
    }

    #[test]
    fn a_room_holds_four_watchers_beside_its_players_who_meet_only_the_players() {
        use super::super::outbox::Inbox;
        use arkanong_core::app::online::WATCHER_ID_VERSION;
        let table = rooms("");
        let name = room_for(&table.issue().unwrap());
        let join = |role: Role| -> (PeerId, Outbox, Inbox) {
            let id = fresh_peer_id(role).unwrap();
            let (outbox, inbox) = outbox(1 << 20);
            assert_eq!(table.join(&name, id, role, &outbox, "hi".into()), Ok(()));
            (id, outbox, inbox)
        };
        let news = |inbox: &mut Inbox| -> Vec<String> {
            (inbox.take_texts().into_iter())
                .filter(|t| t != "hi")
                .collect()
        };
        let new_peer = |id: PeerId| JsonPeerEvent::NewPeer(id).to_string();
        // A watcher first (a friend early): it waits; the players meet it as they come.
        let (w0, _, mut w0_in) = join(Role::Watcher);
        assert_eq!(w0.0.get_version_num(), WATCHER_ID_VERSION);
        let (a, _, mut a_in) = join(Role::Player);
        assert_eq!(a.0.get_version_num(), 4, "a player's id is a random UUID");
        assert_eq!(news(&mut w0_in), vec![new_peer(a)]);
        let (w1, _, mut w1_in) = join(Role::Watcher);
        assert_eq!(news(&mut a_in), vec![new_peer(w1)]);
        assert_eq!(
            news(&mut w0_in),
            Vec::<String>::new(),
            "watchers never meet"
        );
        // The watchers took no player's place: the second player joins.
        let (b, _, mut b_in) = join(Role::Player);
        assert_eq!(news(&mut a_in), vec![new_peer(b)]);
        assert_eq!(news(&mut w0_in), vec![new_peer(b)]);
        assert_eq!(news(&mut w1_in), vec![new_peer(b)]);
        let c = peer();
        assert_eq!(
            table.join(&name, c.0, Role::Player, &c.1, "hi".into()),
            Err(Refusal::RoomFull),
            "still a room of two players"
        );
        let (w2, _, _) = join(Role::Watcher);
        let (w3, _, _) = join(Role::Watcher);
        assert_eq!(news(&mut a_in), vec![new_peer(w2), new_peer(w3)]);
        assert_eq!(news(&mut b_in), vec![new_peer(w2), new_peer(w3)]);
        let fifth = fresh_peer_id(Role::Watcher).unwrap();
        assert_eq!(
            table.join(&name, fifth, Role::Watcher, &c.1, "hi".into()),
            Err(Refusal::WatchersFull),
            "a fifth watcher is refused"
        );
        // Signals pass between a watcher and a player, never between watchers.
        table.relay(&name, w0, a, "to a".into());
        table.relay(&name, w0, w1, "to w1".into());
        table.relay(&name, a, w1, "to w1 from a".into());
        assert_eq!(news(&mut a_in), vec!["to a".to_owned()]);
        assert_eq!(news(&mut w1_in), vec!["to w1 from a".to_owned()]);
        // A watcher who leaves frees its place, and only the players hear it.
        table.leave(&name, w2);
        assert_eq!(news(&mut w0_in), Vec::<String>::new());
        assert_eq!(
            news(&mut b_in),
            vec![JsonPeerEvent::PeerLeft(w2).to_string()]
        );
        assert_eq!(
            table.join(&name, fifth, Role::Watcher, &c.1, "hi".into()),
            Ok(())
        );
        // The room goes once everyone has left, watchers included.
        for id in [a, b, w0, w1, w3] {
            table.leave(&name, id);
        }
        assert_eq!(table.len(), 1, "a watcher is still in it");
        table.leave(&name, fifth);
        assert_eq!(table.len(), 0);
    }

    #[test]
    fn rooms_refuse_named_rooms_when_off_and_expire_unjoined_issued_ones() {
        let table = rooms("--issued-rooms-only --room-ttl 1 --max-rooms 2");
        let a = peer();
        assert_eq!(
            table.join("loopback-1", a.0, Role::Player, &a.1, "hi".into()),
            Err(Refusal::NamedRoomsOff)
        );
        table.issue().unwrap();
        table.issue().unwrap();
        assert_eq!(table.issue(), Err(Refusal::ServerFull));
        assert_eq!(table.sweep(Instant::now()), 0);
        let later = Instant::now() + std::time::Duration::from_secs(2);
        assert_eq!(table.sweep(later), 2);
    }
}
