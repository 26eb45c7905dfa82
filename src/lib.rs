//! Arkanong: Arkanoid meets Pong.
//!
//! This library is the headless core of the game. It knows nothing of windows or
//! sound: it depends on glam, rand and libm (portable
//! trigonometry: [`portable_math`]) only, so every rule can be unit-tested,
//! property-tested and benchmarked without a display. The macroquad shell lives
//! in `main.rs`.

pub mod app;
pub mod cli;
pub mod game;
pub mod geom;
pub mod level;
pub mod physics;
pub mod portable_math;
pub mod portable_rng;
pub mod tolerance;
pub mod tuning;
pub mod usage;
pub mod user_file;
