//! What happened in a game step, for sounds, effects, the HUD and tests.

use glam::Vec2;

use crate::level::{PowerUp, Side};
use crate::physics::BallId;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Solo: every breakable brick is gone.
    Cleared,
    /// Solo: no lives left.
    OutOfLives,
    /// Versus: this side won.
    Won(Side),
    /// Versus: equal scores when the bricks ran out.
    Draw,
}

/// What struck a brick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Striker {
    /// A ball.
    Ball,
    /// A laser shot.
    Laser,
    /// An explosive brick's blast.
    Blast,
}

/// What a ball bounced off, for the sound it makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// An arena wall.
    Wall,
    /// A barrier from the level (hexagon and friends).
    Barrier,
    /// An unbreakable brick.
    Steel,
    /// A player's shield on the goal line.
    Shield,
}

/// Something that happened during a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameEvent {
    /// A ball was served.
    Served {
        /// Who served.
        side: Side,
        /// The new ball.
        ball: BallId,
    },
    /// A ball struck a paddle.
    PaddleHit {
        /// Whose paddle.
        side: Side,
        /// Where.
        point: Vec2,
        /// The ball that struck it.
        ball: BallId,
        /// That ball's owner as it struck, before the paddle took it over (the
        /// other side for a converted or enemy ball).
        owner: Side,
    },
    /// A ball bounced off something that does not break: a wall, a barrier, an
    /// unbreakable brick or a shield.
    Bounce {
        /// Where.
        point: Vec2,
        /// What it bounced off.
        surface: Surface,
    },
    /// A brick was hit but did not break.
    BrickHit {
        /// Where.
        point: Vec2,
        /// Hits it still takes.
        hits_left: u8,
        /// What struck it.
        by: Striker,
    },
    /// A brick broke.
    BrickBroken {
        /// The centre of the brick.
        center: Vec2,
        /// Who scored it.
        side: Side,
        /// The points it scored (its hit points).
        points: u32,
        /// The capsule it released, if any.
        capsule: Option<PowerUp>,
        /// What broke it.
        by: Striker,
    },
    /// An explosive brick's blast went off (the bricks it broke follow as
    /// `BrickBroken` by `Striker::Blast`).
    BrickExploded {
        /// The explosive brick's centre.
        center: Vec2,
        /// Who broke it (the blast's bricks score for them).
        side: Side,
    },
    /// A regrowing brick grew back.
    BrickRegrew {
        /// Its centre.
        center: Vec2,
    },
    /// A player caught a capsule.
    CapsuleCaught {
        /// Who.
        side: Side,
        /// What.
        power_up: PowerUp,
    },
    /// A ball changed owner by touching another player's ball.
    BallConverted {
        /// The ball that changed colour.
        ball: BallId,
        /// Its new owner.
        to: Side,
    },
    /// Two balls touched.
    BallsTouched {
        /// Where.
        point: Vec2,
    },
    /// A laser shot was fired.
    LaserFired {
        /// By whom.
        side: Side,
    },
    /// A ball went through a goal line.
    Goal {
        /// The side whose goal it was.
        against: Side,
    },
    /// Solo: a life was lost.
    LifeLost {
        /// Lives left.
        lives_left: u32,
    },
    /// A timed power-up ran out.
    EffectEnded {
        /// Whose.
        side: Side,
        /// Which.
        power_up: PowerUp,
    },
    /// Versus, rules 2: a side won a round (the match goes on unless that was
    /// its last one; then `GameOver` follows in the same step).
    RoundWon {
        /// Who won it.
        side: Side,
        /// Rounds won so far, bottom first.
        rounds: [u32; 2],
    },
    /// Solo, rules 2: no brick was hit for a while, and the balls are now pulled
    /// toward the bricks until one is (see [`crate::game::Game::guiding`]).
    Guided,
    /// The game ended.
    GameOver(Outcome),
}
