use crate::tuning;

/// The physics' tunable numbers. `Default` takes them from [`crate::tuning`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhysicsConfig {
    /// Slowest a ball may move, units per second.
    pub min_speed: f32,
    /// Fastest a ball may move, units per second.
    pub max_speed: f32,
    /// Sine of the smallest angle between a ball's path and the horizontal.
    pub min_sin_from_horizontal: f32,
    /// Sine of the smallest angle between a ball's path and the vertical.
    pub min_sin_from_vertical: f32,
    /// Contacts per ball per step before the ball stops for the rest of the step.
    pub max_contacts: u32,
    /// Steps without progress before a ball is nudged.
    pub stall_steps: u32,
    /// The nudge, radians.
    pub stall_nudge: f32,
    /// Largest angle from the paddle normal of a ball leaving the paddle, radians.
    pub paddle_max_bounce: f32,
    /// Share of the paddle's tangential velocity passed on to the ball.
    pub paddle_velocity_share: f32,
    /// Use the uniform grid (true) or test every ball against everything (false,
    /// the seed's brute force, kept for comparison).
    pub use_grid: bool,
}

impl Default for PhysicsConfig {
    fn default() -> Self {
        Self {
            min_speed: tuning::MIN_BALL_SPEED,
            max_speed: tuning::MAX_BALL_SPEED,
            min_sin_from_horizontal: crate::portable_math::sin(
                tuning::MIN_ANGLE_FROM_HORIZONTAL_DEG.to_radians(),
            ),
            min_sin_from_vertical: crate::portable_math::sin(
                tuning::MIN_ANGLE_FROM_VERTICAL_DEG.to_radians(),
            ),
            max_contacts: tuning::MAX_CONTACTS_PER_STEP,
            stall_steps: (tuning::STALL_SECONDS * tuning::STEPS_PER_SECOND as f32) as u32,
            stall_nudge: tuning::STALL_NUDGE_DEG.to_radians(),
            paddle_max_bounce: tuning::PADDLE_MAX_BOUNCE_DEG.to_radians(),
            paddle_velocity_share: tuning::PADDLE_VELOCITY_SHARE,
            use_grid: true,
        }
    }
}
