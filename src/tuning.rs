//! Gameplay tuning: every number that sets how the game feels, grouped and documented.
//!
//! Units: world units (see [`crate::tolerance`]) and seconds. Physics reads these
//! through [`crate::physics::PhysicsConfig`], whose `Default` uses them.

/// Physics steps per second. 120 keeps a ball at top speed under two radii per step.
pub const STEPS_PER_SECOND: u32 = 120;

/// Slowest a ball may go, units per second.
pub const MIN_BALL_SPEED: f32 = 250.0;
/// Fastest a ball may go, units per second (about 1.7 radii per step at 120 Hz).
pub const MAX_BALL_SPEED: f32 = 1600.0;

/// Smallest angle between a ball's path and the horizontal, degrees. Below this a
/// ball crawls sideways between the side walls without ever reaching a paddle.
pub const MIN_ANGLE_FROM_HORIZONTAL_DEG: f32 = 12.0;
/// Smallest angle between a ball's path and the vertical, degrees. A perfectly
/// vertical ball can bounce between a paddle and an unbreakable brick forever.
pub const MIN_ANGLE_FROM_VERTICAL_DEG: f32 = 2.0;

/// Contacts a ball may resolve in one step before it stops for the rest of the step.
pub const MAX_CONTACTS_PER_STEP: u32 = 8;

/// Seconds without touching a paddle or a shape that counts as progress (a
/// breakable brick) before a ball's direction is nudged.
pub const STALL_SECONDS: f32 = 8.0;
/// Size of that nudge, degrees.
pub const STALL_NUDGE_DEG: f32 = 7.0;

/// Widest angle from the paddle's normal at which a ball leaves the paddle, degrees,
/// reached when it strikes the paddle's very end (Arkanoid's aiming).
pub const PADDLE_MAX_BOUNCE_DEG: f32 = 60.0;
/// Share of the paddle's sideways velocity given to the ball it strikes.
pub const PADDLE_VELOCITY_SHARE: f32 = 0.25;

/// Arena width, world units. Levels are written in these units, whatever the window.
pub const ARENA_WIDTH: f32 = 800.0;
/// Arena height, world units. y grows downward; the bottom player defends y = height.
pub const ARENA_HEIGHT: f32 = 1000.0;
/// Depth of each player's paddle zone, measured from its goal line.
pub const PADDLE_ZONE_DEPTH: f32 = 130.0;
/// Distance from the goal line to the paddle's resting centre.
pub const PADDLE_REST_OFFSET: f32 = 60.0;
/// Paddle thickness, world units.
pub const PADDLE_THICKNESS: f32 = 16.0;
/// Radius of every ball, world units.
pub const BALL_RADIUS: f32 = 8.0;
