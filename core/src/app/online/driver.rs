//! The game under rollback: answers GGRS's requests (save, load, advance) on a
//! [`Game`], counts the rollbacks, and feeds the [`EffectsLedger`].

use ggrs::{GgrsRequest, InputStatus};

use super::{
    checksum, intent_or_idle, state_hash, EffectsLedger, InputLog, OnlineConfig, PackedIntent,
    Settled, Snapshot, StepHold,
};
use crate::game::{Game, Inputs};

/// How much rolling back a match has done.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RollbackStats {
    /// Loads of an earlier state (each one re-simulates at least a step).
    pub rollbacks: u32,
    /// The most steps one rollback re-simulated.
    pub deepest: u32,
}

/// The live game of a match and what rollback did to it.
#[derive(Debug, Clone)]
pub struct Rollback {
    game: Game,
    hold: StepHold,
    hitstop: bool,
    frame: i32,
    stats: RollbackStats,
    ledger: EffectsLedger,
    /// The watched frame, and its last simulation's hashes: the match's (with
    /// the hold) and the game's alone.
    watched: Option<(i32, Option<(u64, u64)>)>,
    /// The inputs of each frame's last simulation (frame 1 first), none for a
    /// frame the hit-stop held: what a replay of the match plays, kept for the
    /// whole match, run-length encoded (see [`InputLog`]).
    played: InputLog,
    /// The state hash of each of the last frames' last simulation, once a
    /// watcher came ([`Rollback::keep_hashes`]): the host sends the confirmed
    /// frame's to its watchers, who check their game against it.
    hashes: Option<std::collections::VecDeque<(i32, u64)>>,
}

/// Frames whose hashes [`Rollback::keep_hashes`] keeps: well past the
/// prediction window, so the confirmed frame's is among them.
const KEPT_HASHES: usize = 128;

impl Rollback {
    /// A match starting from `game` at frame 0, without hit-stop.
    pub fn new(game: Game) -> Self {
        Self::with_hitstop(game, false)
    }

    /// A match starting from `game` at frame 0, with hit-stop's holds if
    /// `hitstop` (the host's Juice setting, agreed in the offer).
    pub fn with_hitstop(game: Game, hitstop: bool) -> Self {
        Self {
            game,
            hold: StepHold::default(),
            hitstop,
            frame: 0,
            stats: RollbackStats::default(),
            ledger: EffectsLedger::default(),
            watched: None,
            played: InputLog::default(),
            hashes: None,
        }
    }

    /// From now on, keeps the state hash of each of the last frames (see
    /// [`Rollback::hash_at`]); off until a watcher comes, to spend nothing.
    pub fn keep_hashes(&mut self) {
        self.hashes.get_or_insert_with(Default::default);
    }

    /// The match's state hash (as [`Rollback::state_hash`]) at `frame`'s last
    /// simulation, if kept: final once GGRS has confirmed `frame`.
    pub fn hash_at(&self, frame: i32) -> Option<u64> {
        let hashes = self.hashes.as_ref()?;
        hashes
            .iter()
            .rev()
            .find(|(f, _)| *f == frame)
            .map(|(_, h)| *h)
    }

    /// The game as it stands (predicted where a peer's input has not arrived).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Exchanges the game with `game`, handles only: the online screen lends the
    /// game to its drawing between frames and takes it back for the next ticks,
    /// so no frame copies it.
    pub fn swap_game(&mut self, game: &mut Game) {
        std::mem::swap(&mut self.game, game);
    }

    /// The frame the game stands at.
    pub fn frame(&self) -> i32 {
        self.frame
    }

    /// The hit-stop hold as it stands.
    pub fn hold(&self) -> StepHold {
        self.hold
    }

    /// The checksum GGRS compares: the game's hash and the hold (see [`checksum`]).
    pub fn checksum(&self) -> u128 {
        checksum(&self.game, self.hold)
    }

    /// The match's state hash as one number (see [`state_hash`]).
    pub fn state_hash(&self) -> u64 {
        state_hash(&self.game, self.hold)
    }

    /// The rollbacks so far.
    pub fn stats(&self) -> RollbackStats {
        self.stats
    }

    /// Remembers the state hash of `frame` each time a step reaches it: once GGRS
    /// has confirmed that frame, [`Rollback::watched_hash`] is final.
    pub fn watch(&mut self, frame: i32) {
        self.watched = Some((frame, None));
    }

    /// The hash of the watched frame's last simulation, once a step reached it.
    pub fn watched_hash(&self) -> Option<u64> {
        self.watched
            .and_then(|(_, h)| h)
            .map(|(matched, _)| matched)
    }

    /// The frame [`Rollback::watch`] watches.
    pub fn watched_frame(&self) -> Option<i32> {
        self.watched.map(|(frame, _)| frame)
    }

    /// The game's own state hash (without the hold: what a replay of it
    /// reaches) at the watched frame's last simulation.
    pub fn watched_game_hash(&self) -> Option<u64> {
        self.watched.and_then(|(_, h)| h).map(|(_, game)| game)
    }

    /// The inputs of the steps the game took in frames 1 to `upto`, in order:
    /// a replay of them reaches the game of frame `upto`. Frames the hit-stop
    /// held are left out (the game did not step). Final once GGRS has
    /// confirmed `upto`: a wrong prediction up to there was rolled back and
    /// simulated again with the right inputs, which replaced the guessed ones.
    pub fn confirmed_inputs(&self, upto: i32) -> Vec<Inputs> {
        self.played.steps(usize::try_from(upto).unwrap_or(0))
    }

    /// The input log the replay is made from (for its size).
    pub fn input_log(&self) -> &InputLog {
        &self.played
    }

    /// A copy of the present, by value.
    pub fn save(&self) -> Snapshot {
        Snapshot {
            game: self.game.clone(),
            hold: self.hold,
            frame: self.frame,
        }
    }

    /// Goes back to a saved moment: a rollback, counted by how many steps it
    /// undoes (the steps it will have to simulate again).
    pub fn load(&mut self, snapshot: &Snapshot) {
        let depth = (self.frame - snapshot.frame).max(0).unsigned_abs();
        self.stats.rollbacks += 1;
        self.stats.deepest = self.stats.deepest.max(depth);
        self.game = snapshot.game.clone();
        self.hold = snapshot.hold;
        self.frame = snapshot.frame;
        self.played
            .truncate(usize::try_from(snapshot.frame).unwrap_or(0));
        self.ledger.rolled_back_to(snapshot.frame);
        if let Some(hashes) = &mut self.hashes {
            hashes.retain(|(f, _)| *f <= snapshot.frame);
        }
    }

    /// One step with both players' packed inputs (bottom first); bytes that are not
    /// intents are read as idle (see [`intent_or_idle`]). During a hit-stop hold
    /// the frame goes on and the game stays as it is (the inputs are not used).
    pub fn advance(&mut self, packed: [PackedIntent; 2]) {
        let stepped = (!self.hold.take()).then(|| Inputs {
            players: packed.map(intent_or_idle),
        });
        let events = match &stepped {
            Some(inputs) => self.game.step(inputs),
            None => Vec::new(),
        };
        self.played
            .truncate(usize::try_from(self.frame).unwrap_or(0));
        self.played.push(stepped);
        self.frame += 1;
        if self.hitstop {
            self.hold.react(&events, &self.game, self.frame);
        }
        self.ledger.record(self.frame, &events);
        if let Some(hashes) = &mut self.hashes {
            if hashes.len() == KEPT_HASHES {
                hashes.pop_front();
            }
            hashes.push_back((self.frame, state_hash(&self.game, self.hold)));
        }
        if let Some((frame, hash)) = &mut self.watched {
            if *frame == self.frame {
                *hash = Some((state_hash(&self.game, self.hold), self.game.state_hash()));
            }
        }
    }

    /// Answers a batch of GGRS requests in order, then settles the ledger: the
    /// events the shell should show and withdraw.
    pub fn handle<A>(&mut self, requests: Vec<GgrsRequest<OnlineConfig<A>>>) -> Settled
    where
        A: Clone + PartialEq + Eq + std::hash::Hash + std::fmt::Debug + 'static,
    {
        for request in requests {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => {
                    cell.save(frame, Some(self.save()), Some(self.checksum()));
                }
                GgrsRequest::LoadGameState { cell, .. } => {
                    // GGRS only asks for frames it saved; a missing one would be
                    // its bug, and loading nothing keeps the present.
                    if let Some(snapshot) = cell.load() {
                        self.load(&snapshot);
                    }
                }
                GgrsRequest::AdvanceFrame { inputs } => {
                    self.advance(packed_pair(&inputs));
                }
            }
        }
        self.settle()
    }

    /// What the shell should show and withdraw after the steps and rollbacks
    /// since the last call (see [`EffectsLedger::settle`]).
    pub fn settle(&mut self) -> Settled {
        self.ledger.settle(self.frame)
    }
}

/// The two players' bytes from GGRS's list (bottom first); a player who left
/// plays idle (GGRS hands over the default input for them).
fn packed_pair(inputs: &[(PackedIntent, InputStatus)]) -> [PackedIntent; 2] {
    let byte = |k: usize| match inputs.get(k) {
        Some((_, InputStatus::Disconnected)) | None => 0,
        Some((b, _)) => *b,
    };
    [byte(0), byte(1)]
}
