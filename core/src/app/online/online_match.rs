//! A match being played: GGRS's peer-to-peer session over the link, ticked once
//! per fixed step by the headless client or the shell.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ggrs::{DesyncDetection, GgrsError, GgrsEvent, P2PSession, PlayerType, SessionBuilder};
use matchbox_socket::{PeerId, PeerState, WebRtcSocket};

use super::link::{loop_failure, LinkParts, RELIABLE, ROOM_TAKEN, UNRELIABLE};
use super::rematch::{local_player, match_seed, MatchTagged, RematchTalk, Shared};
use super::watch::{is_watcher, WatchRelay};
use super::{
    pack_intent, Datagrams, FromPeer, GgrsSocket, Hearing, Impairment, MatchSetup, Message,
    OnlineConfig, Rollback, RollbackStats, Settled,
};
use crate::game::{Game, Intent, Replay};
use crate::level::Side;
use crate::tuning::STEPS_PER_SECOND;

/// GGRS's session for our game over matchbox.
pub type Session = P2PSession<OnlineConfig<PeerId>>;

/// Steps of input delay a match starts with, and keeps on a short link: a local
/// input takes effect this many steps later, which shortens the rollbacks a round
/// trip causes (2 steps is 17 ms: not felt).
pub const INPUT_DELAY: usize = 2;

/// The most input delay a long link is given ([`input_delay_for`]): 10 steps,
/// 83 ms, where fighting games' netcode stops too (GGPO's guide: past about
/// 100 ms a delay is felt more than rollbacks are seen).
pub const MAX_INPUT_DELAY: usize = 10;

/// The furthest GGRS may predict ahead of the other player's inputs: 20 steps,
/// 167 ms. GGRS sends every unacknowledged input in each packet, so what a side
/// must predict is the one-way trip less the input delay, plus jitter and a few
/// lost packets in a row: at 150 ms each way with 20 ms of jitter, 18 + 3 - 10
/// steps and room for losses. Past it the game waits (12 steps, before issue 44,
/// held the game at any trip over about 100 ms).
pub const MAX_PREDICTION: usize = 20;

/// The input delay for a measured round trip of `ping_ms`: [`INPUT_DELAY`] up to
/// a 30 ms round trip, then half of the one-way trip beyond 15 ms on top, up to
/// [`MAX_INPUT_DELAY`]. The delay hides half of what would otherwise be rolled
/// back (the other paddle seen jumping), and the prediction window the rest.
/// Each side sets its own (GGRS's input delay is local: the other side only sees
/// inputs for frames), and both measure the same round trip.
pub fn input_delay_for(ping_ms: u128) -> usize {
    let one_way = ping_ms / 2;
    let extra_ms = one_way.saturating_sub(15) / 2;
    // Milliseconds to steps, rounded.
    let steps = (extra_ms * u128::from(STEPS_PER_SECOND) + 500) / 1000;
    let extra = usize::try_from(steps).unwrap_or(usize::MAX);
    INPUT_DELAY.saturating_add(extra).min(MAX_INPUT_DELAY)
}

/// Round trips (one a second) whose least sets the input delay: 3 s.
pub const PING_SAMPLES: usize = 3;

/// Silence after which the other player counts as gone and the match ends: GGRS's
/// timeout on the wall clock, and ours ([`Hearing`]) on the match's clock. Long
/// enough that a drop of a few seconds (Wi-Fi roaming, a tunnel) is waited out,
/// as issue 44 asks: the match goes on where it was when packets come back. A
/// player who quits says goodbye, and is gone at once.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_millis(10_000);

/// Silence after which GGRS warns that the connection is interrupted: the
/// player sees "connection interrupted" while the game waits (short enough to
/// explain a frozen game at once; a lossy link's gaps are a few packets, tens
/// of milliseconds).
pub const DISCONNECT_NOTIFY: Duration = Duration::from_millis(500);

/// Steps between desync checks (GGRS compares the two sides' state hashes).
pub const DESYNC_INTERVAL: u32 = 10;

/// Ticks (fixed steps of the caller's clock, 6 s) that synchronizing may take
/// before the match is given up: GGRS needs a few round trips, well under a
/// second, so an opponent silent this long agreed but does not play.
pub const SYNC_TIMEOUT_STEPS: u32 = 6 * STEPS_PER_SECOND;

/// What one tick did.
#[derive(Debug, Clone, PartialEq)]
pub enum Tick {
    /// Still synchronizing with the other player: no step yet.
    Synchronizing,
    /// No step this tick: GGRS asked us to wait for the other side, or the other
    /// side's inputs are too far behind to predict further.
    Held,
    /// The game stepped (with any rollback's re-simulation before): the events to
    /// show and withdraw.
    Stepped(Settled),
    /// The match is over for this reason (for the player): "Opponent left", a
    /// lost connection.
    Ended(String),
}

/// GGRS's data channel, shared by the matches of one connection.
type GameChannel = Shared<matchbox_socket::WebRtcChannel>;

/// What a match needs of the connection, handed from one match to the next.
struct Connection {
    socket: WebRtcSocket,
    channel: GameChannel,
    peer: PeerId,
    i_host: bool,
    setup: MatchSetup,
    impairment: Impairment,
    loop_error: Arc<Mutex<Option<String>>>,
    relay: WatchRelay,
}

/// A match in play (see the module doc).
pub struct OnlineMatch {
    session: Session,
    socket: WebRtcSocket,
    channel: GameChannel,
    peer: PeerId,
    local: usize,
    i_host: bool,
    /// The agreed offer (its seed is the first match's).
    setup: MatchSetup,
    /// This match's game seed.
    seed: u64,
    impairment: Impairment,
    /// The matches played on this connection before this one (see `rematch.rs`).
    match_id: u32,
    talk: RematchTalk,
    rollback: Rollback,
    skip: u32,
    desyncs: u32,
    interrupted: bool,
    hearing: Hearing,
    ended: Option<String>,
    loop_error: Arc<Mutex<Option<String>>>,
    /// Ticks spent synchronizing, and the last progress GGRS reported (round
    /// trips done of those needed).
    sync_ticks: u32,
    sync_progress: Option<(u32, u32)>,
    /// The input delay in steps, the ticks until it is next checked against
    /// the round trip, and the last round trips measured (ms, newest last).
    input_delay: usize,
    delay_check_in: u32,
    pings: Vec<u128>,
    /// GGRS's confirmed frame as it stood when `advance_frame` last answered.
    /// GGRS counts a frame confirmed as soon as its input arrives, even when that
    /// input differs from the prediction and the rollback that corrects the game
    /// waits for the next `advance_frame`; any poll in between (a hold, a
    /// connection check) can raise it. Hashes and replays read only this one.
    settled: i32,
    /// The host's relay of the confirmed frames to its watchers (`watch.rs`);
    /// the joiner's stays empty.
    relay: WatchRelay,
}

impl OnlineMatch {
    /// Starts GGRS over an agreed link. `clock` tells the time in seconds (for the
    /// `--sim-*` delays); `seed` seeds their random numbers.
    pub fn start(
        parts: LinkParts,
        clock: Box<dyn FnMut() -> f64>,
        seed: u64,
    ) -> Result<OnlineMatch, String> {
        let LinkParts {
            mut socket,
            peer,
            i_host,
            setup,
            impairment,
            loop_error,
            watchers,
            names,
        } = parts;
        let mut relay = WatchRelay::named(names);
        if i_host {
            for watcher in watchers {
                relay.seat(watcher);
            }
        }
        let channel = socket
            .take_channel(UNRELIABLE)
            .map_err(|e| format!("no game channel: {e}"))?;
        let connection = Connection {
            socket,
            channel: Shared::new(channel),
            peer,
            i_host,
            setup,
            impairment,
            loop_error,
            relay,
        };
        Self::begin(connection, 0, clock, seed)
    }

    /// Match `match_id` on `connection`: a new GGRS session whose packets carry
    /// the id, the sides and seed of that match (see `rematch.rs`).
    fn begin(
        connection: Connection,
        match_id: u32,
        clock: Box<dyn FnMut() -> f64>,
        seed: u64,
    ) -> Result<OnlineMatch, String> {
        let Connection {
            socket,
            channel,
            peer,
            i_host,
            setup,
            impairment,
            loop_error,
            relay,
        } = connection;
        let local = local_player(i_host, match_id);
        let fps = usize::try_from(STEPS_PER_SECOND).unwrap_or(120);
        let tagged = FromPeer::new(MatchTagged::new(channel.clone(), match_id), peer);
        let ggrs_socket = GgrsSocket::new(tagged, impairment, seed, clock);
        let hearing = ggrs_socket.hearing();
        let session = SessionBuilder::<OnlineConfig<PeerId>>::new()
            .with_num_players(2)
            .and_then(|b| b.with_fps(fps))
            .map(|b| b.with_input_delay(INPUT_DELAY))
            .and_then(|b| b.add_player(PlayerType::Local, local))
            .and_then(|b| b.add_player(PlayerType::Remote(peer), 1 - local))
            .map(|b| {
                b.with_max_prediction_window(MAX_PREDICTION)
                    .with_desync_detection_mode(DesyncDetection::On {
                        interval: DESYNC_INTERVAL,
                    })
                    .with_disconnect_timeout(DISCONNECT_TIMEOUT)
                    .with_disconnect_notify_delay(DISCONNECT_NOTIFY)
            })
            .and_then(|b| b.start_p2p_session(ggrs_socket))
            .map_err(|e| format!("GGRS would not start: {e}"))?;
        let game_seed = match_seed(setup.seed, match_id);
        let game = Game::new(&setup.level, setup.mode, game_seed);
        let hitstop = setup.hitstop;
        Ok(OnlineMatch {
            session,
            socket,
            channel,
            peer,
            local,
            i_host,
            setup,
            impairment,
            match_id,
            seed: game_seed,
            talk: RematchTalk::default(),
            rollback: Rollback::with_hitstop(game, hitstop),
            skip: 0,
            desyncs: 0,
            interrupted: false,
            hearing,
            ended: None,
            loop_error,
            sync_ticks: 0,
            sync_progress: None,
            input_delay: INPUT_DELAY,
            delay_check_in: 0,
            pings: Vec::with_capacity(PING_SAMPLES),
            settled: -1,
            relay,
        })
    }

    /// The side this player's paddle defends: the host plays the bottom.
    pub fn local_side(&self) -> Side {
        Side::from_index(u8::try_from(self.local).unwrap_or(0))
    }

    /// Whether this side hosted (offered the level): fixed for the connection,
    /// while the side played alternates (see `rematch.rs`).
    pub fn i_host(&self) -> bool {
        self.i_host
    }

    /// The matches played on this connection before this one.
    pub fn match_id(&self) -> u32 {
        self.match_id
    }

    /// The agreed offer: level, rules and the first match's seed.
    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    /// This match's game seed (the offer's, mixed with the match id).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Asks the other player for the next match (once; see `rematch.rs`).
    pub fn ask_rematch(&mut self) {
        if !self.talk.asked {
            self.talk.asked = true;
            let ask = Message::Rematch {
                match_id: self.match_id.wrapping_add(1),
            };
            Datagrams::send(self.socket.channel_mut(RELIABLE), ask.encode(), &self.peer);
        }
    }

    /// Where agreeing on the next match stands (read by [`OnlineMatch::tick`]).
    pub fn rematch_talk(&self) -> RematchTalk {
        self.talk
    }

    /// The next match on the same connection, once both asked for it
    /// ([`RematchTalk::agreed`]); this one's session ends unannounced (the other
    /// side starts its own next match on the same ask). `clock` and `seed` as
    /// for [`OnlineMatch::start`].
    pub fn rematch(self, clock: Box<dyn FnMut() -> f64>, seed: u64) -> Result<OnlineMatch, String> {
        if !self.talk.agreed() {
            return Err("the other player has not asked for a rematch".to_owned());
        }
        let match_id = self.match_id.wrapping_add(1);
        let connection = Connection {
            socket: self.socket,
            channel: self.channel,
            peer: self.peer,
            i_host: self.i_host,
            setup: self.setup,
            impairment: self.impairment,
            loop_error: self.loop_error,
            relay: self.relay,
        };
        Self::begin(connection, match_id, clock, seed)
    }

    /// This match as a replay, from the inputs GGRS has confirmed (never a
    /// prediction): its steps up to the last confirmed frame (see
    /// [`Rollback::confirmed_inputs`]), and the hash they reach.
    pub fn replay(&self) -> Replay {
        let inputs = self.rollback.confirmed_inputs(self.confirmed_frame());
        Replay::record(&self.setup.level, self.setup.mode, self.seed, inputs)
    }

    /// The match up to the watched frame ([`Rollback::watch`]) as a replay, once
    /// GGRS has confirmed that frame: the confirmed inputs, and as its final hash
    /// the hash the match's own game had there (not one the replay computes), so
    /// `arkanong replay` checks that the inputs really make the match's game.
    pub fn watched_replay(&self) -> Option<Replay> {
        let frame = self.rollback.watched_frame()?;
        if self.confirmed_frame() < frame {
            return None;
        }
        let level = &self.setup.level;
        Some(Replay {
            seed: self.seed,
            mode: self.setup.mode,
            rules: level.rules,
            level_text: level.to_text(),
            inputs: self.rollback.confirmed_inputs(frame),
            final_hash: self.rollback.watched_game_hash()?,
        })
    }

    /// The game as it stands now (the other player's latest moves predicted).
    pub fn game(&self) -> &Game {
        self.rollback.game()
    }

    /// Exchanges the match's game with `game` (see [`Rollback::swap_game`]):
    /// while it is lent out, [`OnlineMatch::game`] is the one lent in.
    pub fn swap_game(&mut self, game: &mut Game) {
        self.rollback.swap_game(game);
    }

    /// The rollback driver (for its frame, statistics and watched hash).
    pub fn rollback_mut(&mut self) -> &mut Rollback {
        &mut self.rollback
    }

    /// The rollbacks so far.
    pub fn stats(&self) -> RollbackStats {
        self.rollback.stats()
    }

    /// Desyncs GGRS detected (the state hashes of a frame differed).
    pub fn desyncs(&self) -> u32 {
        self.desyncs
    }

    /// The frame the game stands at.
    pub fn frame(&self) -> i32 {
        self.rollback.frame()
    }

    /// The last frame both sides' inputs are known for and the game has been
    /// simulated with (see the `settled` field: a frame whose input has arrived
    /// but whose rollback is still to come is not counted yet).
    pub fn confirmed_frame(&self) -> i32 {
        self.settled
    }

    /// The round trip to the other player in milliseconds, once measured.
    pub fn ping_ms(&self) -> Option<u128> {
        let stats = self.session.network_stats(1 - self.local).ok()?;
        Some(stats.ping)
    }

    /// The input delay in steps (see [`input_delay_for`]).
    pub fn input_delay(&self) -> usize {
        self.input_delay
    }

    /// Raises the input delay to fit the round trip GGRS measures (from a second
    /// into the match; its first reports can say 0), sampled once a second: the
    /// least of the last [`PING_SAMPLES`], so a lasting trip counts and a spike
    /// (a busy machine, a burst of losses) does not. Raised, never lowered (GGRS
    /// drops the inputs of the steps a lower delay skips, and a delay that came
    /// and went would be felt).
    fn adapt_input_delay(&mut self) {
        if self.delay_check_in > 0 {
            self.delay_check_in -= 1;
            return;
        }
        self.delay_check_in = STEPS_PER_SECOND;
        let Some(ping) = self.ping_ms().filter(|&p| p > 0) else {
            return;
        };
        if self.pings.len() == PING_SAMPLES {
            self.pings.remove(0);
        }
        self.pings.push(ping);
        let lasting = self.pings.iter().min().copied().unwrap_or(0);
        if self.pings.len() < PING_SAMPLES {
            return;
        }
        let delay = input_delay_for(lasting);
        if delay > self.input_delay && self.session.set_input_delay(self.local, delay).is_ok() {
            self.input_delay = delay;
        }
    }

    /// Whether GGRS has synchronized with the other side and the match is on.
    pub fn is_running(&self) -> bool {
        self.session.current_state() == ggrs::SessionState::Running
    }

    /// Whether the other side has been silent for a while (it may be gone).
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// One fixed step's worth of play, with this player's `intent` for it.
    pub fn tick(&mut self, intent: Intent) -> Tick {
        self.watch_connection();
        self.read_events();
        if let Some(why) = &self.ended {
            return Tick::Ended(why.clone());
        }
        if self.session.current_state() != ggrs::SessionState::Running {
            self.sync_ticks += 1;
            if self.sync_ticks > SYNC_TIMEOUT_STEPS {
                return self.end(self.sync_stalled());
            }
            self.session.poll_remote_clients();
            return Tick::Synchronizing;
        }
        self.adapt_input_delay();
        self.relay_to_watchers();
        if self.skip > 0 {
            // GGRS's wait recommendation: we are ahead, let the other side catch up.
            self.skip -= 1;
            self.session.poll_remote_clients();
            return Tick::Held;
        }
        if let Err(e) = self
            .session
            .add_local_input(self.local, pack_intent(intent))
        {
            return self.end(format!("GGRS refused our input: {e}"));
        }
        match self.session.advance_frame() {
            Ok(requests) => {
                // advance_frame rolled back for every input that arrived before
                // it answered: only now is its confirmed frame the game's too.
                self.settled = self.session.confirmed_frame();
                let before = self.rollback.frame();
                let settled = self.rollback.handle(requests);
                // At the prediction window's edge GGRS 0.13 answers Ok and skips the
                // step: a hold (the run's holds and `held ahead` count it), unless a
                // rollback in the same call left events to show.
                let quiet = settled.fire.is_empty() && settled.withdraw.is_empty();
                if self.rollback.frame() == before && quiet {
                    Tick::Held
                } else {
                    Tick::Stepped(settled)
                }
            }
            Err(GgrsError::PredictionThreshold | GgrsError::NotSynchronized) => Tick::Held,
            Err(e) => self.end(format!("GGRS stopped: {e}")),
        }
    }

    /// Watchers seated by the host's relay (0 on the joiner's side).
    pub fn watchers(&self) -> usize {
        self.relay.watchers()
    }

    /// The other player's name, if they gave one (the HUD shows it where it
    /// would say "RIVAL").
    pub fn rival_name(&self) -> Option<&str> {
        let [host, guest] = self.relay.names();
        match self.i_host {
            true => guest.as_deref(),
            false => host.as_deref(),
        }
    }

    /// Sends the watchers what the relay says is due (see `watch.rs`): the
    /// offer to a newcomer, the frames confirmed since the last batch.
    fn relay_to_watchers(&mut self) {
        if self.relay.watchers() == 0 {
            return;
        }
        // The host's hashes of the last frames, for the watchers' checks.
        self.rollback.keep_hashes();
        let due = (self.relay).due(self.match_id, &self.setup, &self.rollback, self.settled);
        let channel = self.socket.channel_mut(RELIABLE);
        for (watcher, message) in due {
            Datagrams::send(channel, message.encode(), &watcher);
        }
    }

    /// Why synchronizing gave up: no game packet at all, or too few.
    fn sync_stalled(&self) -> String {
        let s = SYNC_TIMEOUT_STEPS / STEPS_PER_SECOND;
        match self.sync_progress {
            None => {
                format!("the other side agreed on the match but sent no game packets within {s} s")
            }
            Some((count, total)) => format!(
                "synchronizing with the other side took over {s} s ({count} of {total} round trips)"
            ),
        }
    }

    fn end(&mut self, why: String) -> Tick {
        self.ended = Some(why.clone());
        Tick::Ended(why)
    }

    /// The peer's state from matchbox, its goodbye, and the message loop.
    fn watch_connection(&mut self) {
        if self.ended.is_some() {
            return;
        }
        match self.socket.try_update_peers() {
            Ok(changes) => {
                for &(id, state) in &changes {
                    match state {
                        PeerState::Disconnected if id == self.peer => {
                            self.ended = Some("Opponent left".to_owned());
                        }
                        // The host relays to watchers (the joiner ignores them).
                        PeerState::Connected if self.i_host && is_watcher(&id) => {
                            self.relay.seat(id);
                        }
                        PeerState::Disconnected => self.relay.unseat(id),
                        PeerState::Connected => {}
                    }
                }
            }
            Err(_) => self.ended = Some("the connection closed".to_owned()),
        }
        for (from, bytes) in Datagrams::receive(self.socket.channel_mut(RELIABLE)) {
            match Message::decode(&bytes) {
                Ok(Message::Bye) if from == self.peer => {
                    self.ended = Some("Opponent left".to_owned());
                }
                // An ask for another match than the next is late or not ours.
                Ok(Message::Rematch { match_id })
                    if from == self.peer && match_id == self.match_id.wrapping_add(1) =>
                {
                    self.talk.offered = true;
                }
                // A third peer in the room hears that it is taken (see `link.rs`);
                // a watcher is not heard at all.
                Ok(Message::Hello { .. }) if from != self.peer && !is_watcher(&from) => {
                    let refusal = Message::Refuse(ROOM_TAKEN.to_owned()).encode();
                    Datagrams::send(self.socket.channel_mut(RELIABLE), refusal, &from);
                }
                _ => {}
            }
        }
        if self.ended.is_none() {
            if let Some(why) = loop_failure(&self.loop_error) {
                self.ended = Some(format!("the connection was lost: {why}"));
            }
        }
        // While synchronizing, the sync timeout says the truer reason (no game packets).
        if self.ended.is_none() && self.is_running() && self.hearing.gone(DISCONNECT_TIMEOUT) {
            self.ended = Some("Opponent left".to_owned());
        }
    }

    fn read_events(&mut self) {
        for event in self.session.events() {
            match event {
                GgrsEvent::WaitRecommendation { skip_frames } => {
                    self.skip = self.skip.max(skip_frames);
                }
                GgrsEvent::DesyncDetected { .. } => self.desyncs += 1,
                GgrsEvent::NetworkInterrupted { .. } => self.interrupted = true,
                GgrsEvent::NetworkResumed { .. } => self.interrupted = false,
                GgrsEvent::Disconnected { .. } => {
                    self.ended.get_or_insert_with(|| "Opponent left".to_owned());
                }
                GgrsEvent::Synchronizing { count, total, .. } => {
                    self.sync_progress = Some((count, total));
                }
                GgrsEvent::Synchronized { .. } => {}
            }
        }
    }

    /// Says goodbye to the other player (best effort): they see "Opponent left"
    /// at once instead of after the timeout.
    pub fn leave(mut self) {
        Datagrams::send(
            self.socket.channel_mut(RELIABLE),
            Message::Bye.encode(),
            &self.peer,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_delay_stays_at_two_steps_up_to_a_30_ms_round_trip_and_grows_to_the_cap() {
        for ping in [0, 1, 10, 29, 30] {
            assert_eq!(input_delay_for(ping), INPUT_DELAY, "{ping} ms");
        }
        // 150 ms each way: 135 ms past 15, half of it 67 ms, 8 steps on top.
        assert_eq!(input_delay_for(300), 10);
        assert_eq!(input_delay_for(150), 6);
        assert_eq!(input_delay_for(100_000), MAX_INPUT_DELAY);
        let delays: Vec<usize> = (0..600).map(input_delay_for).collect();
        assert!(
            delays.windows(2).all(|w| w[0] <= w[1]),
            "never less for a longer trip"
        );
        // What the delay leaves to predict on the long link still fits.
        let one_way_steps = 170 * STEPS_PER_SECOND as usize / 1000;
        assert!(one_way_steps - input_delay_for(300) + 3 < MAX_PREDICTION);
    }
}
