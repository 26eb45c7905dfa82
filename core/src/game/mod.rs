//! The game rules on top of the physics: modes, serves, bricks, power-ups, goals,
//! lives and scores, the CPU player, and replays. Headless (glam and rand only):
//! a game is a pure function of (level, mode, seed, inputs per step).

mod arrival;
mod brick_timers;
mod controllers;
mod cpu;
mod cpu_band;
mod cpu_blast;
mod cpu_style;
mod event;
mod guide;
mod guide_field;
mod intent;
mod mode;
mod moving;
mod pinch;
mod powerups;
mod replay;
mod rounds;
mod rules;
mod serves;
mod setup;
mod shapes;
mod state;
mod step;
mod work;

pub use brick_timers::Regrowth;
pub use controllers::gather_inputs;
pub use cpu::{Cpu, Difficulty};
pub use cpu_band::{plays_to_the_score, pressure, CpuBand};
pub use cpu_style::{Incoming, Style};
pub use event::{GameEvent, Outcome, Striker, Surface};
pub use intent::{Inputs, Intent, PointerTarget};
pub use mode::Mode;
pub use moving::BarrierPath;
pub use powerups::laser_muzzles;
pub use replay::{Replay, ReplayError, MAX_REPLAY_STEPS};
pub use rules::conversion_winner;
pub use serves::ServeAim;
pub use shapes::{BrickState, ShapeRole};
pub use state::{Capsule, Effects, Game, HeldBall, Player, Shot};
pub use step::DT;
pub use work::step_events_bound;
