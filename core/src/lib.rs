//! Arkanong: Arkanoid meets Pong.
//!
//! This library is the headless core of the game. It knows nothing of windows or
//! sound: it depends on glam, rand and libm (portable
//! trigonometry: [`portable_math`]) only, so every rule can be unit-tested,
//! property-tested and benchmarked without a display. The layers, lowest first:
//! [`geom`], [`physics`], [`level`], [`game`], [`app`] (the window-free half of the
//! product) and [`commands`] (the programs besides the game, and the command line
//! on clap). The macroquad shell lives in `main.rs`.

pub mod app;
pub mod commands;
pub mod game;
pub mod geom;
pub mod level;
pub mod physics;
pub mod portable_math;
pub mod portable_rng;
pub mod tolerance;
pub mod tuning;
pub mod user_file;
