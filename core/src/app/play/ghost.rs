//! A ghost to race (issue 45, item 5): a top score's replay played beside the
//! player's game, from the same level and seed, one step of it for each step
//! of the player's. It is a game of its own: nothing of it reaches the
//! player's game (whose state hash is what it would be without it); the shell
//! draws its paddle and balls faintly over the player's.

use crate::game::{Game, Inputs, Replay};

/// The ghost's game and the inputs it plays.
#[derive(Debug, Clone)]
pub struct Ghost {
    /// Its game (drawn faint).
    pub game: Game,
    /// The replay's inputs, in order.
    inputs: Vec<Inputs>,
    /// Whose replay it is (the board's name).
    pub name: String,
}

impl Ghost {
    /// The ghost of `replay` (by `name`), at its first step; `None` when its
    /// level does not load.
    pub fn new(replay: &Replay, name: String) -> Option<Self> {
        let level = replay.level().ok()?;
        Some(Self {
            game: Game::new(&level, replay.mode, replay.seed),
            inputs: replay.inputs.clone(),
            name,
        })
    }

    /// One step of the ghost's game with its next input (its game over, it
    /// stays as it ended; past its inputs, it stands idle).
    pub fn step(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        let at = usize::try_from(self.game.steps()).unwrap_or(usize::MAX);
        let inputs = self.inputs.get(at).copied().unwrap_or_default();
        self.game.step(&inputs);
    }

    /// The ghost's score so far (its bottom player's).
    pub fn score(&self) -> u32 {
        self.game.players().first().map_or(0, |p| p.score)
    }
}
