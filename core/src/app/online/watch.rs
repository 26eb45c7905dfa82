//! Watching a match (issue 44, item 4): a friend joins the room's address with
//! `?watch` and sees the match a second or so behind, from the host's
//! confirmed inputs.
//!
//! # Why the host relays, and not GGRS's spectators
//!
//! GGRS 0.13 has spectators (`PlayerType::Spectator` on the host,
//! `start_spectator_session` on the watcher), but a P2P session's players and
//! spectators are fixed when it is built: a friend who opens the link once the
//! match is on could not be added without a new session (and so a new match).
//! Its spectators also speak GGRS's own packets over our socket, which is built
//! to hear the opponent alone (`FromPeer`), and their catch-up is bounded by
//! the host's input queue (128 frames): a watcher late by more is dropped. So
//! the host relays instead: [`WatchRelay`] sends each watcher the offer (the
//! level's text, seed and rules, the handshake's own messages), then the match's
//! frames as GGRS confirms them, run-length encoded from the input log the
//! replay is made of, on the reliable channel, from frame 0 for a watcher who
//! came late. The watcher ([`Watcher`]) plays them on the same [`Rollback`] the
//! players' games run in (with the hit-stop holds), so it reaches their state
//! hashes; each batch carries the host's hash of its last frame, and a
//! mismatch is counted as a desync.
//!
//! - **How far behind**: the confirmed frames lag the host's game by the input
//!   delay and the round trip; the watcher keeps [`WATCH_BUFFER_STEPS`] (0.5 s)
//!   more in hand, so a late batch does not freeze the picture.
//! - **Catching up**: a watcher more than [`MAX_STEPS_BEHIND`] (2 s) behind
//!   the newest frame it has (it came late, or its machine stalled) plays
//!   [`CATCHUP_SPEED`] steps a tick until it is back within the buffer, as GGRS's
//!   spectators do (`max_frames_behind`, `catchup_speed`).
//! - **Never an input**: a watcher sends nothing at all; the players take no
//!   watcher for their opponent (its peer id says what it is, see
//!   `watcher_id.rs`), GGRS hears only the opponent's packets, and what a
//!   watcher may send on the reliable channel is not read.
//! - **Limits**: the server holds [`MAX_WATCHERS`] watchers a room; the host
//!   relays to as many, and ignores any more.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use matchbox_socket::{PeerId, PeerState, WebRtcSocket};

use super::input_log::HELD;
use super::link::{loop_failure, no_server, refusal_in, RELIABLE, UNRELIABLE};
use super::rematch::match_seed;
use super::{
    Datagrams, Ice, MatchSetup, Message, OfferProgress, OfferReader, PackedIntent, Rollback,
    MAX_FRAME_RUNS, MAX_WATCHERS, WATCHER_ID_VERSION, WATCH_QUERY,
};
use crate::game::Game;

/// Whether peer `id` is a watcher (the server gave it a watcher's id).
pub fn is_watcher(id: &PeerId) -> bool {
    id.0.get_version_num() == WATCHER_ID_VERSION
}

/// Host ticks between two relays of confirmed frames: 6, 20 batches a second.
pub const RELAY_EVERY_TICKS: u32 = 6;

/// Steps the watcher keeps in hand before it plays (0.5 s): a late batch is
/// played from the buffer instead of freezing the picture.
pub const WATCH_BUFFER_STEPS: usize = 60;

/// Steps behind the newest frame received past which the watcher catches up
/// (2 s), as GGRS's `max_frames_behind`.
pub const MAX_STEPS_BEHIND: usize = 240;

/// Steps a tick while catching up, as GGRS's `catchup_speed`: four times the
/// match's speed, so a watcher 10 s late is live within about 3 s.
pub const CATCHUP_SPEED: usize = 4;

/// One watcher the host relays to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seat {
    peer: PeerId,
    /// The match it has had the offer and `Watching` of.
    match_id: Option<u32>,
    /// Frames of that match sent.
    sent: usize,
}

/// The host's relay to its watchers (see the module doc). Pure: it says what
/// to send, the match sends it.
#[derive(Debug, Clone, Default)]
pub struct WatchRelay {
    seats: Vec<Seat>,
    countdown: u32,
    /// The players' names, the host's then the guest's, told to each watcher.
    names: [Option<String>; 2],
}

impl WatchRelay {
    /// A relay that tells its watchers the players' `names` (the host's, then
    /// the guest's, as each gave it).
    pub fn named(names: [Option<String>; 2]) -> Self {
        Self {
            names,
            ..Self::default()
        }
    }

    /// The players' names: the host's, then the guest's.
    pub fn names(&self) -> &[Option<String>; 2] {
        &self.names
    }

    /// Relays to `peer` from now on, if it is a watcher and there is a seat
    /// ([`MAX_WATCHERS`]); says whether it was seated.
    pub fn seat(&mut self, peer: PeerId) -> bool {
        if !is_watcher(&peer) || self.seats.len() >= MAX_WATCHERS {
            return false;
        }
        if !self.seats.iter().any(|s| s.peer == peer) {
            self.seats.push(Seat {
                peer,
                match_id: None,
                sent: 0,
            });
            self.countdown = 0; // a newcomer hears the offer at once
        }
        true
    }

    /// Stops relaying to `peer` (it left).
    pub fn unseat(&mut self, peer: PeerId) {
        self.seats.retain(|s| s.peer != peer);
    }

    /// Watchers seated.
    pub fn watchers(&self) -> usize {
        self.seats.len()
    }

    /// What to send now, called once a host tick of match `match_id` played
    /// from `setup`: every [`RELAY_EVERY_TICKS`], each watcher's offer and
    /// `Watching` when this match is new to it, then the frames `rollback`'s log
    /// holds up to `confirmed` it has not had, in messages of at most
    /// [`MAX_FRAME_RUNS`] runs, the last with the host's hash of `confirmed`.
    pub fn due(
        &mut self,
        match_id: u32,
        setup: &MatchSetup,
        rollback: &Rollback,
        confirmed: i32,
    ) -> Vec<(PeerId, Message)> {
        if self.countdown > 0 {
            self.countdown -= 1;
            return Vec::new();
        }
        self.countdown = RELAY_EVERY_TICKS - 1;
        // GGRS's confirmed frame can run ahead of the game (the inputs of frames
        // still to come arrive early, by the input delay): the frames sent are
        // those both confirmed and played, and the hash the last one's.
        let confirmed = confirmed.min(rollback.frame());
        let confirmed_frames = usize::try_from(confirmed).unwrap_or(0);
        let mut out = Vec::new();
        for seat in &mut self.seats {
            if seat.match_id != Some(match_id) {
                let offer = setup.offer().into_iter();
                let names = match &self.names {
                    [None, None] => None,
                    [host, guest] => Some([host, guest].map(|n| n.clone().unwrap_or_default())),
                };
                let watching = Message::Watching { match_id, names };
                out.extend(offer.chain([watching]).map(|m| (seat.peer, m)));
                seat.match_id = Some(match_id);
                seat.sent = 0;
            }
            let runs = rollback.input_log().frame_runs(seat.sent, confirmed_frames);
            let batches = runs.chunks(MAX_FRAME_RUNS).count();
            for (k, batch) in runs.chunks(MAX_FRAME_RUNS).enumerate() {
                let frames: usize = batch.iter().map(|(n, _)| usize::from(*n)).sum();
                let check = match k + 1 == batches {
                    true => rollback.hash_at(confirmed),
                    false => None,
                };
                out.push((
                    seat.peer,
                    Message::Frames {
                        match_id,
                        first: u32::try_from(seat.sent).unwrap_or(u32::MAX),
                        check,
                        runs: batch.to_vec(),
                    },
                ));
                seat.sent += frames;
            }
        }
        out
    }
}

/// One match as the watcher receives it: the frames in hand, and the host's
/// hashes to check them against.
#[derive(Debug, Clone)]
struct Feed {
    match_id: u32,
    setup: MatchSetup,
    frames: VecDeque<[PackedIntent; 2]>,
    /// Frames received so far (played or in hand).
    received: usize,
    /// `(frame, hash)`: the host's state hash once `frame` frames are played.
    checks: VecDeque<(usize, u64)>,
}

/// What a watcher has seen so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WatchStats {
    /// Frames whose hash the host sent and the watcher compared.
    pub checks: u32,
    /// Of those, frames whose hash differed (never, unless something is broken).
    pub desyncs: u32,
    /// The most steps the watcher was behind the newest frame it had.
    pub most_behind: usize,
    /// Times it fell more than [`MAX_STEPS_BEHIND`] behind and caught up.
    pub catchups: u32,
}

/// The match being shown.
struct Showing {
    feed: Feed,
    rollback: Rollback,
    /// Whether play began (the buffer filled once).
    started: bool,
    catching_up: bool,
}

/// Where watching stands.
#[derive(Debug, Clone, PartialEq)]
pub enum WatchStatus {
    /// Waiting for the server, the players, or the host's offer.
    Waiting,
    /// Showing match `match_id` (the game is [`Watcher::game`]).
    Watching {
        /// The match on the players' connection: 0, then each rematch.
        match_id: u32,
    },
    /// It cannot go on, for this reason (for the friend watching).
    Ended(String),
}

/// A friend watching a match (see the module doc): joins the room as a
/// watcher, hears the host's relay, and plays it a second behind. Polled once
/// a fixed step; it never blocks, and never sends.
pub struct Watcher {
    /// The connection and its message loop's error; `None` for a watcher fed
    /// by hand ([`Watcher::detached`], the screen's tests).
    socket: Option<(WebRtcSocket, Arc<Mutex<Option<String>>>)>,
    server: String,
    /// The host: the first player whose relay came.
    source: Option<PeerId>,
    /// Players connected (the host among them).
    players: Vec<PeerId>,
    reader: OfferReader,
    offered: Option<MatchSetup>,
    showing: Option<Showing>,
    /// Later matches received while an earlier one is still shown.
    queued: VecDeque<Feed>,
    /// The host left: once the frames in hand are played, watching is over.
    host_left: bool,
    ended: Option<String>,
    stats: WatchStats,
    /// The frame whose hash every match shown keeps ([`Watcher::watch_frame`]).
    watched_frame: Option<i32>,
    /// The players' names as the host told them: the host's, then the guest's
    /// ("" for one who gave none).
    names: Option<[String; 2]>,
}

impl Watcher {
    /// Joins `room` on `server` as a watcher (`?watch`) and starts the
    /// connection's message loop.
    pub fn connect(server: &str, room: &str, ice: &Ice) -> Watcher {
        Watcher::through(&super::LiveNetwork, server, room, ice)
    }

    /// Joins `room` on `server` as a watcher through `network`'s socket.
    pub fn through(network: &dyn super::Network, server: &str, room: &str, ice: &Ice) -> Watcher {
        let url = format!("{}/{room}?{WATCH_QUERY}", server.trim_end_matches('/'));
        let mut watcher = Watcher::detached(server);
        watcher.socket = Some(network.open_socket(url, ice));
        watcher
    }

    /// A watcher with no connection, fed by [`Watcher::receive`] and
    /// [`Watcher::players_left`]: what the screen's tests watch with.
    pub fn detached(server: &str) -> Watcher {
        Watcher {
            socket: None,
            server: server.to_owned(),
            source: None,
            players: Vec::new(),
            reader: OfferReader::default(),
            offered: None,
            showing: None,
            queued: VecDeque::new(),
            host_left: false,
            ended: None,
            stats: WatchStats::default(),
            watched_frame: None,
            names: None,
        }
    }

    /// The players' names as the host told them, the host's then the guest's
    /// ("" for a player who gave none), once a match's `Watching` said them.
    pub fn names(&self) -> Option<&[String; 2]> {
        self.names.as_ref()
    }

    /// Keeps the state hash of `frame` in every match shown from now on (see
    /// [`Rollback::watch`]), from its first step.
    pub fn watch_frame(&mut self, frame: i32) {
        self.watched_frame = Some(frame);
        if let Some(showing) = &mut self.showing {
            if showing.rollback.frame() < frame {
                showing.rollback.watch(frame);
            }
        }
    }

    /// The match shown: its id on the players' connection.
    pub fn match_id(&self) -> Option<u32> {
        self.showing.as_ref().map(|s| s.feed.match_id)
    }

    /// One fixed step: hears the relay, then plays zero, one, or (catching up)
    /// [`CATCHUP_SPEED`] frames.
    pub fn tick(&mut self) -> WatchStatus {
        if self.ended.is_none() {
            self.listen();
        }
        if self.ended.is_none() {
            self.play();
        }
        self.status()
    }

    /// Where watching stands.
    pub fn status(&self) -> WatchStatus {
        match (&self.ended, &self.showing) {
            (Some(why), _) => WatchStatus::Ended(why.clone()),
            (None, Some(s)) => WatchStatus::Watching {
                match_id: s.feed.match_id,
            },
            (None, None) => WatchStatus::Waiting,
        }
    }

    /// The game shown, once a match is.
    pub fn game(&self) -> Option<&Game> {
        self.showing.as_ref().map(|s| s.rollback.game())
    }

    /// The match shown: its rollback (frame, state hash; [`Rollback::watch`] a
    /// frame to learn its hash).
    pub fn rollback_mut(&mut self) -> Option<&mut Rollback> {
        self.showing.as_mut().map(|s| &mut s.rollback)
    }

    /// The agreed match shown (level, rules, seed of match 0).
    pub fn setup(&self) -> Option<&MatchSetup> {
        self.showing.as_ref().map(|s| &s.feed.setup)
    }

    /// Steps between the frame shown and the newest received.
    pub fn behind(&self) -> usize {
        self.showing.as_ref().map_or(0, |s| s.feed.frames.len())
    }

    /// Whether the watcher plays faster than the match to get back to live
    /// (it fell more than [`MAX_STEPS_BEHIND`] behind, and is not yet back
    /// within [`WATCH_BUFFER_STEPS`]).
    pub fn catching_up(&self) -> bool {
        self.showing.as_ref().is_some_and(|s| s.catching_up)
    }

    /// What watching has seen.
    pub fn stats(&self) -> WatchStats {
        self.stats
    }

    /// Whether the next match (a rematch) has begun arriving.
    pub fn next_match_waiting(&self) -> bool {
        !self.queued.is_empty()
    }

    /// Leaves the match shown for the next one received (a rematch), if any.
    pub fn next_match(&mut self) -> bool {
        match self.queued.pop_front() {
            Some(feed) => {
                self.showing = Some(show(feed, self.watched_frame));
                true
            }
            None => false,
        }
    }

    /// Tests only (`--sim-watcher-noise`): sends each player what a hostile
    /// watcher could, junk on the game channel (tagged as this match's GGRS
    /// packets) and the players' own messages (hello, accept, goodbye, a
    /// rematch's ask, a refusal) on the reliable one. None of it may change the
    /// match (`tests/online_watch.rs`).
    pub fn send_noise(&mut self) {
        let Some((socket, _)) = &mut self.socket else {
            return;
        };
        let said = [
            Message::Hello {
                hosting: true,
                name: None,
            },
            Message::Accept,
            Message::Rematch { match_id: 1 },
            Message::Refuse("a watcher says no".to_owned()),
            Message::Bye,
        ];
        for player in self.players.clone() {
            if let Ok(channel) = socket.get_channel_mut(UNRELIABLE) {
                for junk in [vec![0, 1, 2, 3], vec![0; 40], vec![0, 0xff, 0xff, 7, 7, 7]] {
                    Datagrams::send(channel, junk, &player);
                }
            }
            for m in &said {
                Datagrams::send(socket.channel_mut(RELIABLE), m.encode(), &player);
            }
        }
    }

    /// The server, the players coming and going, and the relay's messages.
    fn listen(&mut self) {
        let Some((socket, loop_error)) = &mut self.socket else {
            return;
        };
        if let Some(why) = loop_failure(loop_error) {
            let said = refusal_in(&why).map(|r| r.reason().to_owned());
            self.ended = Some(match (said, self.showing.is_some()) {
                (Some(reason), _) => reason,
                (None, true) => "the connection to the server closed".to_owned(),
                (None, false) => no_server(&self.server),
            });
            return;
        }
        let changes = match socket.try_update_peers() {
            Ok(changes) => changes,
            Err(_) => {
                self.ended = Some("the connection to the server closed".to_owned());
                return;
            }
        };
        // Nothing comes on the game channel (the players send GGRS's packets to
        // each other only); drained all the same.
        if let Ok(channel) = socket.get_channel_mut(UNRELIABLE) {
            let _ = Datagrams::receive(channel);
        }
        let heard = Datagrams::receive(socket.channel_mut(RELIABLE));
        for (id, state) in changes {
            match state {
                PeerState::Connected => self.players.push(id),
                PeerState::Disconnected => {
                    self.players.retain(|p| *p != id);
                    if self.source == Some(id) {
                        self.host_left = true;
                    }
                }
            }
        }
        for (from, bytes) in heard {
            let Ok(message) = Message::decode(&bytes) else {
                continue;
            };
            self.receive(from, message);
        }
    }

    /// One message heard from player `from` (the relay's, or the players' own
    /// talk, which is not read): what [`Watcher::tick`] does with each message
    /// the connection brings, and a test's way to feed a detached watcher.
    pub fn receive(&mut self, from: PeerId, message: Message) {
        if self.source.is_some_and(|s| s != from) {
            return; // the other player: it relays nothing
        }
        self.hear(from, message);
    }

    /// The host left (a detached watcher's test says so): once the frames in
    /// hand are played, watching is over.
    pub fn players_left(&mut self) {
        self.host_left = true;
    }

    fn hear(&mut self, from: PeerId, message: Message) {
        match message {
            m @ (Message::Offer { .. } | Message::Part(_)) => {
                if matches!(m, Message::Offer { .. }) {
                    self.reader = OfferReader::default();
                }
                match self.reader.read(&m) {
                    OfferProgress::Pending => {}
                    OfferProgress::Ready(setup) => {
                        self.source = Some(from);
                        self.offered = Some(*setup);
                    }
                    OfferProgress::Refused(why) => {
                        self.ended = Some(format!("the match cannot be shown: {why}"));
                    }
                }
            }
            Message::Watching { match_id, names } if self.source == Some(from) => {
                let Some(setup) = self.offered.clone() else {
                    return;
                };
                if names.is_some() {
                    self.names = names;
                }
                let known = (self.showing.iter().map(|s| s.feed.match_id))
                    .chain(self.queued.iter().map(|f| f.match_id))
                    .any(|id| id == match_id);
                if known {
                    return;
                }
                let feed = Feed {
                    match_id,
                    setup,
                    frames: VecDeque::new(),
                    received: 0,
                    checks: VecDeque::new(),
                };
                match &self.showing {
                    None => self.showing = Some(show(feed, self.watched_frame)),
                    Some(_) => self.queued.push_back(feed),
                }
            }
            Message::Frames {
                match_id,
                first,
                check,
                runs,
            } if self.source == Some(from) => {
                let feed = (self.showing.iter_mut().map(|s| &mut s.feed))
                    .chain(self.queued.iter_mut())
                    .find(|f| f.match_id == match_id);
                let Some(feed) = feed else {
                    return;
                };
                if usize::try_from(first).ok() != Some(feed.received) {
                    return; // not the next frames (the reliable channel keeps order)
                }
                for (count, pair) in runs {
                    let n = usize::from(count);
                    feed.frames.extend(std::iter::repeat_n(pair, n));
                    feed.received += n;
                }
                if let Some(hash) = check {
                    feed.checks.push_back((feed.received, hash));
                }
            }
            // A refusal, a hello, a goodbye: the players' talk, not the relay.
            _ => {}
        }
    }

    /// Plays the frames due this tick (see the module doc).
    fn play(&mut self) {
        let Some(showing) = &mut self.showing else {
            return;
        };
        let behind = showing.feed.frames.len();
        // Over once every frame in hand was shown (a tick after the last, so
        // the caller reads the last frame's hash before it hears the end).
        if behind == 0 && self.host_left && self.queued.is_empty() {
            self.ended = Some("the match is over: the players left".to_owned());
            return;
        }
        self.stats.most_behind = self.stats.most_behind.max(behind);
        if !showing.started {
            // The whole match in hand (it ended before it filled) plays too.
            let done = self.host_left || !self.queued.is_empty();
            if behind < WATCH_BUFFER_STEPS && !done {
                return;
            }
            showing.started = true;
        }
        if behind > MAX_STEPS_BEHIND && !showing.catching_up {
            showing.catching_up = true;
            self.stats.catchups += 1;
        } else if behind <= WATCH_BUFFER_STEPS {
            showing.catching_up = false;
        }
        let steps = if showing.catching_up {
            CATCHUP_SPEED
        } else {
            1
        };
        for _ in 0..steps {
            let Some(pair) = showing.feed.frames.pop_front() else {
                break;
            };
            // A held frame's words are not intents; the hold ignores its inputs.
            showing
                .rollback
                .advance(if pair == HELD { [0, 0] } else { pair });
            let frame = usize::try_from(showing.rollback.frame()).unwrap_or(0);
            while let Some(&(at, hash)) = showing.feed.checks.front() {
                if at > frame {
                    break;
                }
                showing.feed.checks.pop_front();
                if at == frame {
                    self.stats.checks += 1;
                    if showing.rollback.state_hash() != hash {
                        self.stats.desyncs += 1;
                    }
                }
            }
        }
    }
}

/// A match's feed, ready to show from frame 0, keeping `watched`'s hash.
fn show(feed: Feed, watched: Option<i32>) -> Showing {
    let setup = &feed.setup;
    let game = Game::new(
        &setup.level,
        setup.mode,
        match_seed(setup.seed, feed.match_id),
    );
    let mut rollback = Rollback::with_hitstop(game, setup.hitstop);
    if let Some(frame) = watched {
        rollback.watch(frame);
    }
    Showing {
        rollback,
        feed,
        started: false,
        catching_up: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::online::pack_intent;
    use crate::game::{Intent, Mode};
    use crate::level::shipped_levels;

    fn id(version: u8) -> PeerId {
        let mut bytes = [7u8; 16];
        bytes[0] = version;
        let id = match version {
            8 => uuid::Builder::from_custom_bytes(bytes),
            _ => uuid::Builder::from_random_bytes(bytes),
        };
        PeerId(id.into_uuid())
    }

    fn setup() -> MatchSetup {
        let text = shipped_levels()
            .iter()
            .find(|l| MatchSetup::new(l.text, 0, Mode::Versus).is_ok())
            .unwrap()
            .text;
        MatchSetup::new(text, 3, Mode::Versus)
            .unwrap()
            .with_hitstop(true)
    }

    #[test]
    fn the_relays_frames_replayed_reach_the_hosts_hashes_with_holds() {
        let setup = setup();
        let game = Game::new(&setup.level, setup.mode, setup.seed);
        let mut host = Rollback::with_hitstop(game, setup.hitstop);
        host.keep_hashes();
        let mut relay = WatchRelay::named([Some("Ann".into()), None]);
        let watcher = id(8);
        assert!(relay.seat(watcher));
        let mut sent = Vec::new();
        for frame in 0..2_000u32 {
            // Both paddles sweep, the bottom serving: goals and holds come.
            let intent = |k: u32| Intent {
                dx: if (frame / (40 + k)) % 2 == 0 { 1 } else { -1 },
                serve: frame % 90 == 0,
                ..Intent::IDLE
            };
            host.advance([pack_intent(intent(0)), pack_intent(intent(7))]);
            // Confirmed 10 frames behind.
            sent.extend(relay.due(0, &setup, &host, frame as i32 - 10));
        }
        // The match's end: everything confirmed, sent at the relay's next turn.
        for _ in 0..RELAY_EVERY_TICKS {
            sent.extend(relay.due(0, &setup, &host, 2_000));
        }
        assert!(sent.iter().all(|(to, _)| *to == watcher));
        let mut reader = OfferReader::default();
        let mut feed = Vec::new();
        let mut checks = Vec::new();
        for (_, m) in sent {
            let m = Message::decode(&m.encode()).unwrap();
            match m {
                Message::Offer { .. } | Message::Part(_) => {
                    let OfferProgress::Ready(offered) = reader.read(&m) else {
                        continue;
                    };
                    assert_eq!(*offered, setup);
                }
                Message::Watching { match_id, names } => {
                    assert_eq!(match_id, 0);
                    let told = names.expect("the host's name travels");
                    assert_eq!(told, ["Ann".to_owned(), String::new()]);
                }
                Message::Frames {
                    first, check, runs, ..
                } => {
                    assert_eq!(first as usize, feed.len(), "in order, none missing");
                    for (n, pair) in runs {
                        feed.extend(std::iter::repeat_n(pair, usize::from(n)));
                    }
                    checks.extend(check.map(|h| (feed.len(), h)));
                }
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(feed.len(), 2_000);
        assert!(feed.contains(&HELD), "hit-stop held some frames");
        assert!(checks.len() > 100, "{}", checks.len());
        let game = Game::new(&setup.level, setup.mode, match_seed(setup.seed, 0));
        let mut watched = Rollback::with_hitstop(game, setup.hitstop);
        for (k, pair) in feed.into_iter().enumerate() {
            watched.advance(if pair == HELD { [0, 0] } else { pair });
            for &(_, hash) in checks.iter().filter(|(at, _)| *at == k + 1) {
                assert_eq!(watched.state_hash(), hash, "frame {}", k + 1);
            }
        }
        assert_eq!(watched.state_hash(), host.state_hash());
    }

    #[test]
    fn the_relay_seats_four_watchers_and_no_player() {
        let mut relay = WatchRelay::default();
        assert!(!relay.seat(id(4)), "a player is never a watcher");
        for k in 0..MAX_WATCHERS as u8 {
            let mut bytes = [k; 16];
            bytes[1] = 9;
            let peer = PeerId(uuid::Builder::from_custom_bytes(bytes).into_uuid());
            assert!(relay.seat(peer));
        }
        assert!(!relay.seat(id(8)), "a fifth is not relayed to");
        assert_eq!(relay.watchers(), MAX_WATCHERS);
    }
}
