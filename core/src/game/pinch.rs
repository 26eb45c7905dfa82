//! A ball wedged between a paddle's end and a wall (rules 3): freed by the paddle.
//!
//! A ball that comes down just beside a paddle standing one ball's width from a
//! side wall can end up touching both, its velocity pointing into one of them.
//! Each step the wall sends it into the paddle and the paddle back into the wall,
//! and the physics' contact passes leave it where it was: it hangs there, the
//! paddle frozen beside it (the CPU keeps waiting under it), until something
//! moves the paddle away; `arkanong balance` found one for 20 minutes on Shields
//! Up. Rules 3 notice a ball that has not moved for [`PINCH_STEPS`] and let the
//! paddle flick it out, up off its face as from a hit near its end, turned
//! toward the arena's middle. Under rules 1 and 2 (replays recorded before it) the ball stays.

use glam::Vec2;

use super::Game;
use crate::level::RulesVersion;
use crate::physics::{limit_velocity, BallId};
use crate::tuning::{
    BALL_RADIUS, HELD_BALL_GAP, PADDLE_THICKNESS, PINCH_LAUNCH_DEG, PINCH_SECONDS, STEPS_PER_SECOND,
};

/// Steps a ball may stand still before it counts as pinched.
pub(super) fn pinch_steps() -> u32 {
    (PINCH_SECONDS * STEPS_PER_SECOND as f32) as u32
}

/// A ball's place at the end of the last step and how many steps in a row it has
/// not moved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct StillBall {
    /// The ball.
    pub id: BallId,
    /// Where it was.
    pub position: Vec2,
    /// Steps in a row it moved less than [`STILL_DISTANCE`].
    pub still: u32,
}

/// How far a ball may move in a step and still count as standing: a hundredth
/// of the slowest ball's step (a free ball always moves more).
const STILL_SHARE_OF_SLOWEST_STEP: f32 = 0.01;

impl Game {
    /// Counts the steps each ball has stood still and frees those pinched for
    /// [`pinch_steps`]. Every mode, rules 3.
    pub(super) fn free_pinched_balls(&mut self) {
        if self.level.rules < RulesVersion::V3 {
            return;
        }
        let config = *self.world.config();
        let still_distance =
            config.min_speed / STEPS_PER_SECOND as f32 * STILL_SHARE_OF_SLOWEST_STEP;
        let mut now: Vec<StillBall> = Vec::with_capacity(self.world.balls().len());
        // Both lists are in id order (the world's) with unique ids, so a binary
        // search finds the entry the scan it replaced did: the scan per ball was
        // quadratic, two thirds of a 5,000-ball stress step.
        for ball in self.world.balls() {
            let before = self
                .still_balls
                .binary_search_by_key(&ball.id, |s| s.id)
                .ok()
                .map(|k| &self.still_balls[k]);
            let still = match before {
                Some(s) if s.position.distance(ball.position) < still_distance => s.still + 1,
                _ => 0,
            };
            now.push(StillBall {
                id: ball.id,
                position: ball.position,
                still,
            });
        }
        for s in &mut now {
            if s.still >= pinch_steps() && self.flick_out(s.id) {
                s.still = 0;
            }
        }
        self.still_balls = now;
    }

    /// Puts ball `id` on the face of the paddle nearest to it, at the end nearer
    /// the ball, and sends it off as a hit there would, turned toward the middle.
    /// False when no paddle is near or no spot on its face is free.
    fn flick_out(&mut self, id: BallId) -> bool {
        let Some(&ball) = self.world.ball(id) else {
            return false;
        };
        let Some(paddle) = self
            .world
            .paddles()
            .iter()
            .filter(|p| p.position.distance(ball.position) < p.half_width + 4.0 * BALL_RADIUS)
            .min_by(|a, b| {
                a.position
                    .distance_squared(ball.position)
                    .total_cmp(&b.position.distance_squared(ball.position))
            })
            .map(|p| (p.position, p.normal, p.half_width))
        else {
            return false;
        };
        let (position, normal, half_width) = paddle;
        let along = normal.perp();
        let reach = (half_width - ball.radius).max(0.0);
        let offset = (ball.position - position).dot(along).clamp(-reach, reach);
        let lift = normal * (PADDLE_THICKNESS * 0.5 + ball.radius + HELD_BALL_GAP);
        let Some(spot) = [offset, 0.0]
            .into_iter()
            .map(|o| position + along * o + lift)
            .find(|&p| self.world.circle_is_free(p, ball.radius))
        else {
            return false;
        };
        let middle = self.world.bounds().center();
        let toward_middle = (middle - spot).dot(along).signum();
        let turn = crate::portable_math::from_angle(PINCH_LAUNCH_DEG.to_radians() * toward_middle);
        let speed = ball.velocity.length();
        let config = *self.world.config();
        let Some(b) = self.world.ball_mut(id) else {
            return false;
        };
        b.position = spot;
        b.velocity = limit_velocity(turn.rotate(normal) * speed, &config);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Inputs, Intent, Mode, DT};
    use crate::level::{Level, Side};
    use crate::physics::PaddleId;

    /// The normal CPU's steering as it chased the ball: four steps left, one
    /// still (its 0.8 speed).
    fn chasing(step: u32) -> Inputs {
        let mut inputs = Inputs::default();
        inputs.players[Side::Bottom.index() as usize] = Intent {
            dx: if step % 5 == 4 { 0 } else { -1 },
            ..Intent::IDLE
        };
        inputs
    }

    /// A pinch found by a scan of the shipped levels under rules 1 (Shields Up,
    /// seed 2, the normal CPU, at 229 s), replayed in an empty arena: the ball
    /// comes down by the left wall and the paddle, hurrying left to meet it,
    /// shuts it in between its end and the wall.
    fn pinched(rules: u32) -> (Game, BallId) {
        let text = format!("rules = {rules}\nlives = 9\n[bricks]\n1\n");
        let mut game = Game::new(&Level::parse(&text).unwrap(), Mode::Solo, 1);
        // The game moves paddles by intents; the world moves this one straight there.
        game.world.move_paddle(PaddleId(0), Vec2::new(163.0, 940.0));
        game.world.step(DT);
        let ball = game
            .spawn_ball(
                Vec2::new(32.579_292, 857.806_76),
                Vec2::new(-135.993_3, 517.878_8),
                Side::Bottom,
            )
            .expect("a free spot");
        (game, ball)
    }

    #[test]
    fn a_ball_pinched_at_the_paddle_end_is_flicked_out_under_rules_3_only() {
        for rules in [1, 2] {
            let (mut old, ball) = pinched(rules);
            for step in 0..STEPS_PER_SECOND {
                old.step(&chasing(step));
            }
            let caught = old.world.ball(ball).expect("still in play").position;
            for step in 0..2 * STEPS_PER_SECOND {
                old.step(&chasing(step));
            }
            let later = old.world.ball(ball).expect("still in play").position;
            assert!(
                later.distance(caught) < 1.0 && later.x < 2.0 * BALL_RADIUS,
                "rules {rules} keep their physics: the ball hangs by the wall ({caught} then {later})"
            );
        }

        let (mut new, ball) = pinched(3);
        let mut freed = None;
        for step in 0..2 * STEPS_PER_SECOND {
            new.step(&chasing(step));
            let b = new.world.ball(ball).expect("flicked up, not lost");
            if b.velocity.y < 0.0 && b.position.y < 900.0 {
                freed = Some(step);
                break;
            }
        }
        let step = freed.expect("rules 3 free the ball");
        assert!(
            step <= STEPS_PER_SECOND / 2 + pinch_steps(),
            "freed after {step} steps, soon after it stood still"
        );
        let b = new.world.ball(ball).unwrap();
        assert!(b.velocity.x > 0.0, "sent toward the middle: {}", b.velocity);
    }
}
