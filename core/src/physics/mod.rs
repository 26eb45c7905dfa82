//! The physics world: static shapes, kinematic paddles and balls, stepped at a fixed
//! rate by continuous collision, deterministically. Headless (glam and rand only).

mod ball_grid;
mod body;
mod config;
mod event;
mod exit_point_polygon;
mod grid;
mod movers;
mod paddles;
mod pairs;
mod query;
mod response;
mod scene;
mod step;
mod sweep_order;
mod world;

pub use body::{Ball, BallId, Collider, Goal, Paddle, PaddleId, ShapeId, StaticShape};
pub use config::PhysicsConfig;
pub use event::Event;
pub use movers::moving_bounce;
pub use response::{bounce, exchange, limit_velocity, paddle_bounce, paddle_offset};
pub use scene::{generate_scene, SceneSpec};
pub use world::{World, BALL_GRID_CELL, GRID_CELL};
