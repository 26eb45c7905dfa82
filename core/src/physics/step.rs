//! One fixed step of the world, in one place. The order:
//!
//! 1. Paddle motions: each paddle's path this step, cut short where it would
//!    squeeze a ball against a static shape (`paddles.rs`). Moving shapes turn
//!    (pushing out the balls they reach) and set their glide (`movers.rs`).
//! 2. Balls, each swept through the step by continuous collision against the
//!    static shapes (`World::cast_static`, `query.rs`) and the moving paddles,
//!    bouncing at each contact, up to `max_contacts`; past that the ball waits out
//!    the step where it is. Sweeps are independent of each other: many balls are
//!    swept by place for the cache (`sweep_order.rs`), their events in id order.
//! 3. Paddles move along their paths.
//! 4. Ball against ball: swept pairs exchange momentum and are set apart. A
//!    pair's rest of the step is replayed against the moving shapes still in
//!    their glide, each where it is at that moment of the step.
//! 5. Moving shapes stand where their glide ends, and a ball one has squeezed
//!    against another shape is let out (`movers.rs`). Safety net: a ball still
//!    inside a paddle is pushed out (never into a wall).
//! 6. Goals: balls beyond a goal line leave the world.
//! 7. Anti-stall: a ball that has touched nothing useful for a while is nudged.
//!
//! Determinism rests on fixed orders: balls by id, shapes by id on equal times of
//! impact, pairs by the smaller id; the only randomness is the seeded nudge.

use glam::Vec2;
use rand::Rng;

use super::movers::moving_bounce;
use super::response::{bounce, limit_velocity, paddle_bounce, paddle_offset};
use super::{Ball, Event, PaddleId, ShapeId, World};
use crate::geom::{cast_circle_polygon, CastHit, Circle};

/// What a ball touched first in a sub-step.
#[derive(Clone, Copy)]
enum Target {
    Shape(ShapeId),
    Paddle(usize),
}

impl World {
    /// Advances the world by `dt` seconds (normally `1 / STEPS_PER_SECOND`) and
    /// returns what happened, in a fixed order (see the module docs).
    pub fn step(&mut self, dt: f32) -> Vec<Event> {
        // The events are handed to the caller, so they get a fresh vector.
        let mut events = Vec::new();

        self.plan_paddle_motions(dt);
        self.turn_movers(dt);

        let mut starts = std::mem::take(&mut self.scratch.starts);
        let mut contacts = std::mem::take(&mut self.scratch.contacts);
        self.sweep_balls(dt, &mut starts, &mut contacts, &mut events);

        for (p, target) in self.paddles.iter_mut().zip(&mut self.paddle_targets) {
            p.position = *target;
        }
        // Before the movers stand at their new pose: a pair replayed from its
        // contact meets each mover where it is at that moment (`pairs.rs`).
        self.collide_balls(&starts, &contacts, dt, &mut events);
        self.place_movers(dt);

        self.push_balls_out_of_paddles();
        self.remove_balls_beyond_goals(&mut events);
        self.nudge_stalled_balls();
        for p in &mut self.paddles {
            p.velocity = Vec2::ZERO;
        }

        self.scratch.starts = starts;
        self.scratch.contacts = contacts;
        self.steps += 1;
        events
    }

    /// Moves one ball through the step. Returns how many contacts it had.
    pub(super) fn sweep_ball(&mut self, ball: &mut Ball, dt: f32, events: &mut Vec<Event>) -> u32 {
        let mut elapsed = 0.0f32;
        let mut contacts = 0;
        while elapsed < 1.0 {
            let remaining = 1.0 - elapsed;
            let motion = ball.velocity * (dt * remaining);
            let Some((hit, target)) = self.first_contact(ball.circle(), motion, elapsed, remaining)
            else {
                ball.position += motion;
                break;
            };
            ball.position += motion * hit.toi;
            elapsed += remaining * hit.toi;
            contacts += 1;
            let speed = ball.velocity.length();
            match target {
                Target::Shape(id) => {
                    ball.velocity = match self.mover_index(id.0) {
                        // The surface's velocity is its glide (a turn happened
                        // at the start of the step, `movers.rs`).
                        Some(k) => moving_bounce(
                            ball.velocity,
                            hit.normal,
                            self.movers[k].motion / dt,
                            &self.config,
                        ),
                        None => bounce(ball.velocity, hit.normal, &self.config),
                    };
                    if self.shapes[id.0 as usize]
                        .as_ref()
                        .is_some_and(|s| s.counts_as_progress)
                    {
                        ball.steps_without_progress = 0;
                    }
                    events.push(Event::BallHitShape {
                        ball: ball.id,
                        shape: id,
                        point: hit.point,
                        normal: hit.normal,
                        speed,
                    });
                }
                Target::Paddle(k) => {
                    let paddle = &self.paddles[k];
                    // `hit.point` is in the paddle's own frame (see `first_contact`).
                    // Aiming reads it against `paddle.position`, where the paddle
                    // started the step; the event reports where the contact is in the
                    // world, with the paddle as far along its path as the ball is.
                    let aim_point = paddle.position + hit.point;
                    let world_point = aim_point + self.scratch.paddle_motion[k] * elapsed;
                    ball.velocity =
                        paddle_bounce(ball.velocity, paddle, aim_point, hit.normal, &self.config);
                    let owner_before = ball.owner;
                    ball.owner = paddle.owner;
                    ball.steps_without_progress = 0;
                    events.push(Event::BallHitPaddle {
                        ball: ball.id,
                        paddle: PaddleId(k as u32),
                        point: world_point,
                        offset: paddle_offset(paddle, aim_point),
                        owner_before,
                    });
                }
            }
            if contacts >= self.config.max_contacts {
                // Out of contacts: stay at the last one rather than risk passing through.
                break;
            }
        }
        contacts
    }

    /// The earliest touch of a circle moving by `motion` during the part of the step
    /// from `elapsed` to the end. Ties go to the lower shape id, then to paddles.
    ///
    /// A shape hit's point is in world coordinates; a paddle hit's point is in the
    /// paddle's own frame (relative to its centre), because the paddle keeps moving
    /// during the sub-step and its world position at the touch is only known once
    /// the caller has advanced `elapsed`.
    fn first_contact(
        &self,
        circle: Circle,
        motion: Vec2,
        elapsed: f32,
        remaining: f32,
    ) -> Option<(CastHit, Target)> {
        let mut best = self
            .cast_shapes(circle, motion, Some((elapsed, remaining)))
            .map(|(hit, id)| (hit, Target::Shape(id)));
        for (k, paddle) in self.paddles.iter().enumerate() {
            // In the paddle's frame: where it is now, and the ball's relative motion.
            let path = self.scratch.paddle_motion[k];
            let here = paddle.position + path * elapsed;
            let local = Circle::new(circle.center - here, circle.radius);
            if let Some(hit) = cast_circle_polygon(local, motion - path * remaining, &paddle.shape)
            {
                if best.is_none_or(|(b, _)| hit.toi < b.toi) {
                    best = Some((hit, Target::Paddle(k)));
                }
            }
        }
        best
    }

    /// Balls beyond a goal line leave the world, in id order.
    fn remove_balls_beyond_goals(&mut self, events: &mut Vec<Event>) {
        let goals = &self.goals;
        self.balls.retain(|b| {
            let Some(goal) = goals.iter().position(|g| g.is_beyond(b.position)) else {
                return true;
            };
            events.push(Event::BallCrossedGoal {
                ball: b.id,
                owner: b.owner,
                goal,
            });
            false
        });
    }

    /// Turns a ball that has gone too long without progress by a small seeded angle.
    fn nudge_stalled_balls(&mut self) {
        for ball in &mut self.balls {
            ball.steps_without_progress += 1;
            if ball.steps_without_progress >= self.config.stall_steps {
                let sign = if self.rng.random::<bool>() { 1.0 } else { -1.0 };
                let turned = crate::portable_math::from_angle(sign * self.config.stall_nudge)
                    .rotate(ball.velocity);
                ball.velocity = limit_velocity(turned, &self.config);
                ball.steps_without_progress = 0;
            }
        }
    }
}
