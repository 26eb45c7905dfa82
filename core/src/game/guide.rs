//! Solo without stalls (rules 2): after a while with no brick hit, every ball
//! on its way up (or above the bricks) turns a little each step toward the
//! nearest brick that still counts, like a magnet, until a brick is hit.
//! Rules 3: with no brick in sight it heads along the way round the steel
//! (`guide_field.rs`), turns faster near its target and crosses the speed
//! limits' angle bands; rules 2 keep the pull as first released, so their
//! replays keep their hashes (`tests/fixtures/rules2_fortress_solo.replay`).
//!
//! Why a pull and not LBreakout2's return to the paddle: the stalls measured by
//! `arkanong balance` were mostly balls the paddle kept returning (a loop through
//! a gap, a rally with a steel line), which a "no paddle touch" timer never sees;
//! and the last-brick hunt is the same stall with one brick left. A gentle pull
//! ends both without taking the ball out of the player's hands: it stops as soon
//! as a brick is hit, and a ball coming down to the paddle is left alone.

use glam::Vec2;

use super::guide_field::GuideField;
use super::{Game, GameEvent, Mode, ShapeRole};
use crate::geom::Circle;
use crate::level::RulesVersion;
use crate::physics::{limit_velocity, Ball, PhysicsConfig, ShapeId, World};
use crate::tuning::{
    BALL_RADIUS, GUIDE_AFTER_SECONDS, GUIDE_MAX_TURN_DEG_PER_SECOND, GUIDE_TURN_DEG_PER_SECOND,
    STEPS_PER_SECOND,
};

/// Steps a [`GuideField`] is used before it is built again, though no shape has
/// gone: one second, for shapes that move.
const FIELD_MAX_AGE_STEPS: u64 = STEPS_PER_SECOND as u64;

/// Steps without a brick hit before the pull starts.
pub(super) fn guide_after_steps() -> u32 {
    (GUIDE_AFTER_SECONDS * STEPS_PER_SECOND as f32) as u32
}

impl Game {
    /// Solo, rules 3: the hits the bricks that count toward clearing still
    /// take; the stall clock restarts only when this falls. Under rules 2 any
    /// brick hit restarted it, so a ball that kept striking a regrowing hedge
    /// (Hedge) was never helped to the last bricks behind it. `None` where the
    /// clock counts any brick hit (rules 2) or does not run (versus).
    pub(super) fn clearing_hits_left(&self) -> Option<u32> {
        (self.mode == Mode::Solo && self.level.rules >= RulesVersion::V3).then(|| {
            self.bricks()
                .filter(|b| b.kind.counts_toward_clearing())
                .map(|b| u32::from(b.hits_left.unwrap_or(1)))
                .sum()
        })
    }

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
        let config = *self.world.config();
        let ids: Vec<_> = self.world.balls().iter().map(|b| b.id).collect();
        for id in ids {
            let Some(&ball) = self.world.ball(id) else {
                continue;
            };
            let in_sight = nearest_in_sight(&self.world, &targets, ball.position, ball.radius);
            // Rules 2 as released: only a brick in sight pulls, at one rate.
            let rules3 = self.level.rules >= RulesVersion::V3;
            let target = match in_sight {
                Some(t) => t,
                None if rules3 => match self.way_to_bricks(&targets, &ball) {
                    Some(t) => t,
                    None => continue,
                },
                None => continue,
            };
            if ball.velocity.y >= 0.0 && ball.position.y >= target.y {
                // Coming down toward the paddle below its target: the player's ball.
                continue;
            }
            let toward = target - ball.position;
            let rate = if rules3 {
                turn_rate(ball.velocity.length(), toward.length())
            } else {
                GUIDE_TURN_DEG_PER_SECOND.to_radians()
            };
            let turn = crate::portable_math::from_angle(rate / STEPS_PER_SECOND as f32);
            let turned = turn_toward(ball.velocity, toward, turn);
            let velocity = if rules3 {
                across_the_limits(turned, toward, &config)
            } else {
                turned
            };
            if let Some(b) = self.world.ball_mut(id) {
                b.velocity = limit_velocity(velocity, &config);
            }
        }
    }

    /// Where `ball` heads for when no brick is in sight: the next point on the
    /// way round the steel ([`GuideField`]), built when first needed and again
    /// when a shape has gone or it is [`FIELD_MAX_AGE_STEPS`] old.
    fn way_to_bricks(&mut self, targets: &[(ShapeId, Vec2)], ball: &Ball) -> Option<Vec2> {
        let alive = self.world.shapes().count();
        let stale = self.guide_field.as_ref().is_none_or(|f| {
            f.shapes_alive != alive || self.steps >= f.built_at + FIELD_MAX_AGE_STEPS
        });
        if stale {
            let mut ids: Vec<ShapeId> = targets.iter().map(|&(id, _)| id).collect();
            ids.sort();
            self.guide_field = Some(GuideField::build(
                &self.world,
                &ids,
                BALL_RADIUS,
                self.steps,
            ));
        }
        self.guide_field
            .as_ref()?
            .waypoint(&self.world, ball.position, ball.radius)
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

/// How fast the pull turns a ball of `speed` whose target is `distance` away,
/// radians per second: [`GUIDE_TURN_DEG_PER_SECOND`], or faster near the target,
/// so that the ball's turning circle (radius speed / rate) fits in half the
/// distance. At the base rate a fast ball turns in a circle wider than the way
/// to a brick close by, and would orbit it (seen above Fortress's top gate);
/// up to [`GUIDE_MAX_TURN_DEG_PER_SECOND`], beyond which it looks like a snap.
fn turn_rate(speed: f32, distance: f32) -> f32 {
    let base = GUIDE_TURN_DEG_PER_SECOND.to_radians();
    let max = GUIDE_MAX_TURN_DEG_PER_SECOND.to_radians();
    if distance <= 0.0 {
        return max;
    }
    (speed / (0.5 * distance)).clamp(base, max)
}

/// `velocity`, when it lies inside a band `limit_velocity` keeps balls out of
/// (too near the horizontal or the vertical), set on the side of the band that
/// `toward` is on. Without it a pull across the vertical (a ball going up a little
/// to the right, its brick up to the left) stalls at the band's edge: each step
/// turns it into the band and the limit pushes it back out on the side it came
/// from, so the ball flies straight on past its brick.
fn across_the_limits(velocity: Vec2, toward: Vec2, config: &PhysicsConfig) -> Vec2 {
    let speed = velocity.length();
    let Some(dir) = velocity.try_normalize() else {
        return velocity;
    };
    let mut dir = dir;
    if dir.y.abs() < config.min_sin_from_horizontal && toward.y != 0.0 {
        dir.y = dir.y.abs().copysign(toward.y);
    } else if dir.x.abs() < config.min_sin_from_vertical && toward.x != 0.0 {
        dir.x = dir.x.abs().copysign(toward.x);
    }
    dir * speed
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

    #[test]
    fn a_regrowing_brick_hit_restarts_the_stall_clock_under_rules_2_only() {
        // A breakable brick out of the way, and a regrowing one the ball flies at.
        let clock_at_first_hit = |rules: u32| {
            let text = format!(
                "rules = {rules}\nlives = 9\nbricks_center = 400,200\n[bricks]\n1.~\n[balls]\nball at 450,400 velocity 0,-500 owner bottom\n"
            );
            let mut game = Game::new(&Level::parse(&text).unwrap(), Mode::Solo, 1);
            for _ in 0..STEPS_PER_SECOND {
                let events = game.step(&Inputs::default());
                if events.iter().any(|e| {
                    matches!(
                        e,
                        GameEvent::BrickHit { .. } | GameEvent::BrickBroken { .. }
                    )
                }) {
                    return (game.steps_since_brick, game.clearing_hits_left());
                }
            }
            panic!("the ball never reached the regrowing brick");
        };
        assert_eq!(clock_at_first_hit(2), (0, None), "rules 2: any brick hit");
        let (clock, left) = clock_at_first_hit(3);
        assert!(clock > 0, "rules 3: a regrowing brick is no progress");
        assert_eq!(left, Some(1), "the one breakable brick, one hit");
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
