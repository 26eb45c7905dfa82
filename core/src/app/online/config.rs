//! What GGRS needs to know about our game: the input it sends, the state it asks
//! us to save and load, and how peers are addressed.

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use super::{PackedIntent, StepHold};
use crate::game::Game;

/// GGRS's compile-time configuration for an Arkanong match. `A` is how the
/// transport names a peer (matchbox's `PeerId` online, anything in tests).
pub struct OnlineConfig<A>(PhantomData<A>);

impl<A> ggrs::Config for OnlineConfig<A>
where
    A: Clone + PartialEq + Eq + Hash + Debug + 'static,
{
    type Input = PackedIntent;
    // A held key stays held: repeating the last input is the best guess for a
    // paddle, and a wrong guess is corrected by a rollback.
    type InputPredictor = ggrs::PredictRepeatLast;
    type State = Snapshot;
    type Address = A;
}

/// A saved moment of the match, by value: the whole game (which is `Clone` and
/// owns everything it needs, so a copy shares nothing with the live game), the
/// hit-stop hold and the GGRS frame it belongs to.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The game at that frame.
    pub game: Game,
    /// The hit-stop hold at that frame (part of the match, like the game).
    pub hold: StepHold,
    /// The frame: GGRS's count of steps since the match began. It goes on counting
    /// after the game ends, while the game's own step counter stops.
    pub frame: i32,
}

/// The checksum GGRS compares between the peers for desync detection: the game's
/// own state hash, which replays and the determinism check already rely on, and
/// the hit-stop hold above it (so two sides holding differently are a desync).
pub fn checksum(game: &Game, hold: StepHold) -> u128 {
    u128::from(game.state_hash()) | (u128::from(hold.word()) << 64)
}

/// The match's state hash as one `u64` (the `online` line's): the game's hash,
/// with the hold folded in once one began (a match without hit-stop hashes as
/// its game alone).
pub fn state_hash(game: &Game, hold: StepHold) -> u64 {
    game.state_hash() ^ hold.word().wrapping_mul(0x9e37_79b9_7f4a_7c15)
}
