//! The game rules on top of the physics: modes, serves, bricks, power-ups, goals,
//! lives and scores, the CPU player, and replays. Headless (glam and rand only):
//! a game is a pure function of (level, mode, seed, inputs per step).

mod controllers;
mod cpu;
mod event;
mod intent;
mod powerups;
mod replay;
mod rules;
mod state;
mod step;

pub use controllers::gather_inputs;
pub use cpu::{Cpu, Difficulty};
pub use event::{GameEvent, Outcome, Striker};
pub use intent::{Inputs, Intent};
pub use replay::{Replay, ReplayError};
pub use state::{BrickState, Capsule, Effects, Game, HeldBall, Mode, Player, Shot};
pub use step::DT;
