//! Solo without stalls (rules 2): after a while with no brick hit, every ball
//! on its way up (or above the bricks) turns a little each step toward the
//! nearest brick that still counts, like a magnet, until a brick is hit.
//!
//! Why a pull and not LBreakout2's return to the paddle: the stalls measured by
//! `arkanong balance` were mostly balls the paddle kept returning (a loop through
//! a gap, a rally with a steel line), which a "no paddle touch" timer never sees;
//! and the last-brick hunt is the same stall with one brick left. A gentle pull
//! ends both without taking the ball out of the player's hands: it stops as soon
//! as a brick is hit, and a ball coming down to the paddle is left alone.

use glam::Vec2;

use super::{Game, GameEvent, Mode, ShapeRole};
use crate::geom::Circle;
use crate::level::RulesVersion;
use crate::physics::{limit_velocity, ShapeId, World};
use crate::tuning::{GUIDE_AFTER_SECONDS, GUIDE_TURN_DEG_PER_SECOND, STEPS_PER_SECOND};

/// Steps without a brick hit before the pull starts.
pub(super) fn guide_after_steps() -> u32 {
    (GUIDE_AFTER_SECONDS * STEPS_PER_SECOND as f32) as u32
}

impl Game {
    /// Counts the steps since a brick was hit (`hit` this step) and, past
    /// [`guide_after_steps`], pulls the balls toward the bricks. Solo, rules 2.
    pub(super) fn guide_stalled_balls(&mut self, hit: bool, events: &mut Vec<GameEvent>) {
        if self.mode != Mode::Solo || self.level.rules < RulesVersion::V2 {
            return;
        }
        self.steps_since_brick = if hit {
            0
        } else {
            self.steps_since_brick.saturating_add(1)
        };
        if self.steps_since_brick < guide_after_steps() {
            return;
        }
        if self.steps_since_brick == guide_after_steps() {
            events.push(GameEvent::Guided);
        }
        let targets: Vec<(ShapeId, Vec2)> = self
            .shapes()
            .filter_map(|(id, _, role)| match role {
                ShapeRole::Brick(b) if b.kind.counts_toward_clearing() => {
                    Some((id, b.rect.center()))
                }
                _ => None,
            })
            .collect();
        let turn = crate::portable_math::from_angle(
            GUIDE_TURN_DEG_PER_SECOND.to_radians() / STEPS_PER_SECOND as f32,
        );
        let config = *self.world.config();
        let ids: Vec<_> = self.world.balls().iter().map(|b| b.id).collect();
        for id in ids {
            let Some(&ball) = self.world.ball(id) else {
                continue;
            };
            let Some(target) = nearest_in_sight(&self.world, &targets, ball.position, ball.radius)
            else {
                continue;
            };
            if ball.velocity.y >= 0.0 && ball.position.y >= target.y {
                // Coming down toward the paddle below the bricks: the player's ball.
                continue;
            }
            let velocity = turn_toward(ball.velocity, target - ball.position, turn);
            if let Some(b) = self.world.ball_mut(id) {
                b.velocity = limit_velocity(velocity, &config);
            }
        }
    }
}

/// The centre of the brick of `targets` nearest to a ball of `radius` at `from`
/// that the ball would reach in a straight line (nothing else first): pulling a
/// ball toward a brick behind steel only bounces it off the steel.
fn nearest_in_sight(
    world: &World,
    targets: &[(ShapeId, Vec2)],
    from: Vec2,
    radius: f32,
) -> Option<Vec2> {
    let mut by_distance: Vec<&(ShapeId, Vec2)> = targets.iter().collect();
    by_distance.sort_by(|a, b| {
        a.1.distance_squared(from)
            .total_cmp(&b.1.distance_squared(from))
            .then(a.0 .0.cmp(&b.0 .0))
    });
    by_distance.into_iter().find_map(|&(id, center)| {
        let (_, first) = world.cast_static(Circle::new(from, radius), center - from)?;
        (first == id).then_some(center)
    })
}

/// `velocity` turned by the rotation `turn` (a unit vector) toward `toward`,
/// or onto it if it is closer than that.
fn turn_toward(velocity: Vec2, toward: Vec2, turn: Vec2) -> Vec2 {
    let (Some(dir), Some(want)) = (velocity.try_normalize(), toward.try_normalize()) else {
        return velocity;
    };
    if dir.dot(want) >= turn.x {
        return want * velocity.length();
    }
    let step = if dir.perp_dot(want) > 0.0 {
        turn
    } else {
        Vec2::new(turn.x, -turn.y)
    };
    step.rotate(velocity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Inputs;
    use crate::level::Level;

    #[test]
    fn turn_toward_turns_by_the_step_and_lands_on_a_near_direction() {
        let turn = crate::portable_math::from_angle(10f32.to_radians());
        let v = turn_toward(Vec2::new(100.0, 0.0), Vec2::new(0.0, -5.0), turn);
        assert!((v.length() - 100.0).abs() < 1e-3);
        assert!(
            (v.y / v.x - (-10f32.to_radians()).tan()).abs() < 1e-4,
            "{v}"
        );
        let close = turn_toward(Vec2::new(100.0, 0.0), Vec2::new(100.0, -1.0), turn);
        assert!((close.normalize() - Vec2::new(100.0, -1.0).normalize()).length() < 1e-6);
    }

    /// A solo level whose ball bounces straight up and down beside a lone brick.
    fn stalled(rules: u32) -> Game {
        let text = format!(
            "rules = {rules}\nlives = 9\nbricks_center = 150,200\n[bricks]\n1\n[balls]\nball at 400,700 velocity 0,-500 owner bottom\n"
        );
        Game::new(&Level::parse(&text).unwrap(), Mode::Solo, 1)
    }

    #[test]
    fn a_stalled_solo_ball_is_pulled_to_the_last_brick_under_rules_2_only() {
        let seconds = 30 * STEPS_PER_SECOND;
        let mut guided = stalled(2);
        let mut said = 0;
        let mut took = seconds;
        for step in 0..seconds {
            said += guided
                .step(&Inputs::default())
                .iter()
                .filter(|e| matches!(e, GameEvent::Guided))
                .count();
            if guided.breakable_left() == 0 {
                took = step;
                break;
            }
        }
        assert_eq!(guided.breakable_left(), 0, "the pull found the brick");
        assert_eq!(said, 1, "the pull is announced once");
        let mut classic = stalled(1);
        for _ in 0..took {
            classic.step(&Inputs::default());
        }
        assert_eq!(
            classic.breakable_left(),
            1,
            "rules 1 leave the ball alone: in {took} steps it found no brick"
        );
    }
}
