//! Squash and stretch of the balls for drawing (issue 13): a moving ball is drawn
//! as an ellipse stretched along its velocity, more the faster it goes, and a ball
//! that touches something flattens along the contact's normal and springs back
//! within [`SQUASH_SECONDS`]. Every shape keeps the disc's area (its matrix has
//! determinant 1), so a ball never looks bigger or smaller, only bent.
//!
//! Headless and linear like `trails.rs`: one state per ball in the world's id
//! order, updated each step by one merge pass over the balls, the old states and
//! the step's contacts (sorted by ball id). The contacts come from the physics'
//! own events (`Game::last_physics_events`), which already name the ball and, for
//! shapes, the normal: the game's events and hashes are untouched.

use glam::{Mat2, Vec2};

use crate::physics::{Ball, Event};
use crate::portable_math::cos;

/// How long a ball's squash takes to spring back, seconds.
pub const SQUASH_SECONDS: f32 = 0.1;
/// The most a contact flattens a ball along its normal (a share of its radius).
pub const SQUASH_MAX: f32 = 0.4;
/// Flattening per unit of speed along the normal, per (units per second).
pub const SQUASH_PER_SPEED: f32 = 6e-4;
/// The most a fast ball stretches along its velocity (a share of its radius).
pub const STRETCH_MAX: f32 = 0.25;
/// Stretch per unit of speed, per (units per second): a served ball (about 400
/// units/s) stretches by 7 %, a rally's fastest balls by the full [`STRETCH_MAX`].
pub const STRETCH_PER_SPEED: f32 = 1.8e-4;

/// One ball's last contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BallSquash {
    /// The ball's id.
    pub id: u32,
    /// The last contact's unit normal (the axis the ball flattens along).
    normal: Vec2,
    /// How much that contact flattened it at first, 0 to [`SQUASH_MAX`].
    amount: f32,
    /// Seconds since that contact.
    age: f32,
}

impl BallSquash {
    fn new(id: u32) -> Self {
        Self {
            id,
            normal: Vec2::Y,
            amount: 0.0,
            age: SQUASH_SECONDS,
        }
    }

    /// Whether its contact came in the last step (the squash has not begun to
    /// spring back).
    pub fn is_fresh(&self) -> bool {
        self.age == 0.0
    }

    /// How far into its spring-back the squash is, 0 (just touched) to 1 (at rest).
    fn progress(&self) -> f32 {
        (self.age / SQUASH_SECONDS).clamp(0.0, 1.0)
    }

    /// The flattening along the normal now: the contact's amount at first,
    /// springing back through a small overshoot (a damped half wave,
    /// `(1 - u)^2 cos(1.5 pi u)`) to 0 at [`SQUASH_SECONDS`].
    pub fn squash(&self) -> f32 {
        let u = self.progress();
        let left = 1.0 - u;
        self.amount * left * left * cos(1.5 * std::f32::consts::PI * u)
    }

    /// The linear map from the unit disc to the ball's drawn shape (scale it by
    /// the radius): stretched along `velocity`, squashed along the last contact's
    /// normal. Its determinant is 1. The stretch eases in again as a squash springs
    /// back, so a fresh contact reads as a squash, not a stretch.
    pub fn shape(&self, velocity: Vec2) -> Mat2 {
        let left = 1.0 - self.progress();
        let squash = axis_scale(self.normal, 1.0 - self.squash());
        squash * stretch(velocity, 1.0 - left * left)
    }

    /// A fresh contact: flattened along its normal by the ball's speed along it.
    fn touch(&mut self, ball: &Ball, touch: Touch) {
        let normal = match touch {
            Touch::Normal(n) => n,
            Touch::From(p) => (ball.position - p).normalize_or_zero(),
        };
        if normal == Vec2::ZERO {
            return;
        }
        self.normal = normal;
        self.amount = (ball.velocity.dot(normal).abs() * SQUASH_PER_SPEED).min(SQUASH_MAX);
        self.age = 0.0;
    }
}

/// The stretch of a ball moving at `velocity` with no contact: along the
/// velocity by 1 + `speed * STRETCH_PER_SPEED` (at most 1 + [`STRETCH_MAX`]),
/// across by the inverse, scaled by `weight` (0 to 1).
pub fn stretch(velocity: Vec2, weight: f32) -> Mat2 {
    let speed = velocity.length();
    if speed <= 0.0 {
        return Mat2::IDENTITY;
    }
    let k = 1.0 + (speed * STRETCH_PER_SPEED).min(STRETCH_MAX) * weight;
    axis_scale(velocity / speed, k)
}

/// Scales by `k` along the unit `axis` and by `1 / k` across it (area kept):
/// `k a aT + (1/k) p pT` with `p` the axis turned a quarter.
fn axis_scale(axis: Vec2, k: f32) -> Mat2 {
    let p = axis.perp();
    let outer = |v: Vec2, s: f32| Mat2::from_cols(v * (v.x * s), v * (v.y * s));
    outer(axis, k) + outer(p, 1.0 / k)
}

/// A contact of this step, by ball id: its normal, or a point to take it from.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Touch {
    /// The unit normal the physics gave.
    Normal(Vec2),
    /// The contact point (paddles and other balls): the normal runs from it to
    /// the ball's centre.
    From(Vec2),
}

/// Every ball's squash, in the balls' order at the last update.
#[derive(Debug, Clone, Default)]
pub struct Squashes {
    states: Vec<BallSquash>,
    spare: Vec<BallSquash>,
    /// This step's contacts, sorted by ball id (kept to reuse its memory).
    touches: Vec<(u32, Touch)>,
}

impl Squashes {
    /// Lets `dt` seconds pass for each ball, starts a squash for each ball in
    /// `contacts` (a step's physics events; a ball's last contact in the step
    /// wins) and forgets balls that left. `balls` come in id order (as
    /// `World::balls` gives them), and the states are kept in the same order.
    pub fn update(&mut self, balls: &[Ball], contacts: &[Event], dt: f32) {
        self.touches.clear();
        for e in contacts {
            match *e {
                Event::BallHitShape { ball, normal, .. } => {
                    self.touches.push((ball.0, Touch::Normal(normal)));
                }
                Event::BallHitPaddle { ball, point, .. } => {
                    self.touches.push((ball.0, Touch::From(point)));
                }
                Event::BallTouchedBall {
                    first,
                    second,
                    point,
                } => {
                    self.touches.push((first.0, Touch::From(point)));
                    self.touches.push((second.0, Touch::From(point)));
                }
                Event::BallCrossedGoal { .. } => {}
            }
        }
        // Stable: a ball's contacts stay in the step's order, so the last wins.
        self.touches.sort_by_key(|t| t.0);
        std::mem::swap(&mut self.states, &mut self.spare);
        self.states.clear();
        let mut old = self.spare.iter().peekable();
        let mut touches = self.touches.iter().peekable();
        for b in balls {
            while old.next_if(|s| s.id < b.id.0).is_some() {}
            let mut s = match old.next_if(|s| s.id == b.id.0) {
                Some(s) => BallSquash {
                    age: s.age + dt,
                    ..*s
                },
                None => BallSquash::new(b.id.0),
            };
            // Contacts of balls that left in the step come first: skip them.
            while touches.next_if(|t| t.0 < b.id.0).is_some() {}
            while let Some(&(_, touch)) = touches.next_if(|t| t.0 == b.id.0) {
                s.touch(b, touch);
            }
            self.states.push(s);
        }
    }

    /// The states, in the balls' order at the last update.
    pub fn as_slice(&self) -> &[BallSquash] {
        &self.states
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{BallId, PaddleId, PhysicsConfig, ShapeId, World};

    const DT: f32 = 1.0 / 120.0;

    fn ball(id: u32, position: Vec2, velocity: Vec2) -> Ball {
        Ball {
            id: BallId(id),
            position,
            radius: 8.0,
            velocity,
            owner: 0,
            steps_without_progress: 0,
        }
    }

    fn hit(id: u32, normal: Vec2) -> Event {
        Event::BallHitShape {
            ball: BallId(id),
            shape: ShapeId(0),
            point: Vec2::ZERO,
            normal,
            speed: 500.0,
        }
    }

    /// How long the shape makes the unit vector `dir` (its radius along `dir`
    /// scale, for directions along the ellipse's axes).
    fn reach(m: Mat2, dir: Vec2) -> f32 {
        (m * dir).length()
    }

    #[test]
    fn stretch_grows_with_speed_and_is_bounded() {
        let mut last = 1.0;
        for speed in [0.0, 100.0, 400.0, 800.0, 1200.0] {
            let r = reach(stretch(Vec2::new(speed, 0.0), 1.0), Vec2::X);
            assert!(r > last || speed == 0.0, "{speed}: {r} after {last}");
            last = r;
        }
        for speed in [2000.0, 5000.0, 1e6] {
            let m = stretch(Vec2::new(0.0, -speed), 1.0);
            assert!((reach(m, Vec2::Y) - (1.0 + STRETCH_MAX)).abs() < 1e-5);
            assert!((reach(m, Vec2::X) - 1.0 / (1.0 + STRETCH_MAX)).abs() < 1e-5);
        }
        assert_eq!(stretch(Vec2::ZERO, 1.0), Mat2::IDENTITY);
    }

    #[test]
    fn squash_and_stretch_keep_the_area() {
        let b = ball(0, Vec2::new(100.0, 100.0), Vec2::new(900.0, -700.0));
        let mut squashes = Squashes::default();
        let n = Vec2::new(0.6, 0.8);
        squashes.update(&[b], &[hit(0, n)], DT);
        for step in 0..20 {
            let m = squashes.as_slice()[0].shape(b.velocity);
            assert!((m.determinant() - 1.0).abs() < 1e-5, "step {step}: {m}");
            squashes.update(&[b], &[], DT);
        }
    }

    #[test]
    fn squash_flattens_along_the_normal_and_springs_back() {
        let b = ball(0, Vec2::new(100.0, 100.0), Vec2::new(0.0, -500.0));
        let mut squashes = Squashes::default();
        squashes.update(&[b], &[], DT);
        squashes.update(&[b], &[hit(0, Vec2::Y)], DT);
        let fresh = squashes.as_slice()[0];
        let m = fresh.shape(b.velocity);
        let flat = reach(m, Vec2::Y);
        assert!(
            (flat - (1.0 - 500.0 * SQUASH_PER_SPEED)).abs() < 1e-5,
            "{flat}"
        );
        assert!(reach(m, Vec2::X) > 1.0);
        // Springing back: flatter no more after the first few steps, at rest by
        // SQUASH_SECONDS, and never thicker than a small overshoot.
        let steps = (SQUASH_SECONDS / DT).ceil() as usize;
        let mut squash = Vec::new();
        for _ in 0..steps {
            squashes.update(&[b], &[], DT);
            squash.push(squashes.as_slice()[0].squash());
        }
        assert!(squash[0] < fresh.squash() && squash[0] > 0.0);
        assert!(squash
            .iter()
            .all(|s| s.abs() <= fresh.squash() * 0.25 || *s > 0.0));
        assert!(squash.iter().any(|s| *s < 0.0), "no overshoot: {squash:?}");
        assert_eq!(*squash.last().unwrap(), 0.0);
        let rest = squashes.as_slice()[0].shape(b.velocity);
        assert_eq!(rest, stretch(b.velocity, 1.0));
    }

    #[test]
    fn squash_is_bounded_and_grazing_contacts_squash_less() {
        let fast = ball(0, Vec2::ZERO, Vec2::new(0.0, 5000.0));
        let grazing = ball(1, Vec2::ZERO, Vec2::new(400.0, 30.0));
        let mut squashes = Squashes::default();
        squashes.update(&[fast, grazing], &[hit(0, Vec2::Y), hit(1, Vec2::Y)], DT);
        let s = squashes.as_slice();
        assert_eq!(s[0].squash(), SQUASH_MAX);
        assert!((s[1].squash() - 30.0 * SQUASH_PER_SPEED).abs() < 1e-6);
    }

    #[test]
    fn paddle_and_ball_contacts_take_the_normal_from_the_point() {
        let a = ball(0, Vec2::new(0.0, 10.0), Vec2::new(0.0, 400.0));
        let b = ball(1, Vec2::new(10.0, 0.0), Vec2::new(400.0, 0.0));
        let events = [
            Event::BallHitPaddle {
                ball: BallId(0),
                paddle: PaddleId(0),
                point: Vec2::new(0.0, 20.0),
                offset: 0.0,
                owner_before: 0,
            },
            Event::BallTouchedBall {
                first: BallId(0),
                second: BallId(1),
                point: Vec2::new(5.0, 0.0),
            },
        ];
        let mut squashes = Squashes::default();
        squashes.update(&[a, b], &events, DT);
        let s = squashes.as_slice();
        // Ball 0's last contact (the other ball) wins over the paddle's.
        let n0 = (a.position - Vec2::new(5.0, 0.0)).normalize();
        assert!(reach(s[0].shape(Vec2::ZERO), n0) < 1.0);
        assert!(reach(s[1].shape(Vec2::ZERO), Vec2::X) < 1.0);
        assert!(reach(s[1].shape(Vec2::ZERO), Vec2::Y) > 1.0);
    }

    #[test]
    fn squashes_follow_their_balls_when_balls_leave_and_arrive() {
        let mut world = World::new(crate::level::arena(), PhysicsConfig::default(), 1);
        let ids: Vec<_> = (0..4)
            .map(|k| {
                let at = Vec2::new(20.0 + 40.0 * k as f32, 10.0);
                world.add_ball(at, 8.0, Vec2::new(0.0, -300.0), 0)
            })
            .collect();
        let mut squashes = Squashes::default();
        squashes.update(world.balls(), &[hit(ids[3].0, Vec2::Y)], DT);
        world.remove_ball(ids[1]);
        world.remove_ball(ids[2]);
        let late = world.add_ball(Vec2::new(300.0, 10.0), 8.0, Vec2::ZERO, 1);
        // A contact of a ball that left in the step is dropped.
        let contacts = [hit(ids[2].0, Vec2::Y), hit(ids[0].0, Vec2::X)];
        squashes.update(world.balls(), &contacts, DT);
        let s = squashes.as_slice();
        let kept: Vec<u32> = s.iter().map(|s| s.id).collect();
        assert_eq!(kept, vec![ids[0].0, ids[3].0, late.0]);
        assert!(s[0].squash() > 0.0 && s[0].age == 0.0);
        assert!(s[1].squash() > 0.0 && s[1].age == DT);
        assert_eq!(s[2].squash(), 0.0);
    }
}
