use glam::Vec2;

use super::{BallId, PaddleId, ShapeId};

/// Something that happened during a step. A step's events come in a fixed order:
/// each ball's contacts in ball-id order, then ball-ball touches, then goals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// A ball bounced off a static shape.
    BallHitShape {
        /// The ball.
        ball: BallId,
        /// The shape it hit.
        shape: ShapeId,
        /// Contact point on the shape.
        point: Vec2,
        /// Unit normal from the shape toward the ball.
        normal: Vec2,
        /// The ball's speed at impact, units per second.
        speed: f32,
    },
    /// A ball bounced off a paddle.
    BallHitPaddle {
        /// The ball.
        ball: BallId,
        /// The paddle.
        paddle: PaddleId,
        /// Contact point on the paddle.
        point: Vec2,
        /// Where along the paddle it struck: -1 at one end, 0 in the middle, 1 at the other.
        offset: f32,
        /// The ball's owner as it struck (the paddle's owner takes it over).
        owner_before: u8,
    },
    /// Two balls touched and exchanged momentum.
    BallTouchedBall {
        /// The ball with the smaller id.
        first: BallId,
        /// The other ball.
        second: BallId,
        /// The contact point, between the two centres.
        point: Vec2,
    },
    /// A ball crossed a goal line and left the world.
    BallCrossedGoal {
        /// The ball (already removed).
        ball: BallId,
        /// Its owner when it left.
        owner: u8,
        /// The index of the goal, in the order goals were added.
        goal: usize,
    },
}
