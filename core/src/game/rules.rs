//! What the physics' events mean for the game: bricks crack and break, paddles
//! speed balls up and catch them, balls convert each other, goals score.
//!
//! Conversion rule: when balls of different owners touch, the one that was moving
//! harder into the other (the larger velocity component along the line between
//! their centres, just before the step) takes the other for its owner. A hit where
//! both come in equally hard converts nothing, so a symmetric hit never swaps
//! colours.

use glam::Vec2;

use super::{Capsule, Game, GameEvent, HeldBall, Mode, ShapeRole, Striker, Surface};
use crate::level::Side;
use crate::physics::{limit_velocity, BallId, Event, ShapeId};
use crate::tuning::{GOAL_POINTS, RALLY_MAX_FACTOR, RALLY_SPEEDUP, SYMMETRIC_TOUCH_SPEED};

/// The conversion rule (see the module docs) for balls at `pa` and `pb` with
/// velocities `va` and `vb` just before they touched: `Some(true)` when the first
/// converts the second, `Some(false)` the other way, `None` for a symmetric touch.
/// Also shown live by the collision lab's ball-and-ball scene.
pub fn conversion_winner(pa: Vec2, va: Vec2, pb: Vec2, vb: Vec2) -> Option<bool> {
    let towards_b = (pb - pa).normalize_or_zero();
    let push_a = va.dot(towards_b);
    let push_b = vb.dot(-towards_b);
    if push_a > push_b + SYMMETRIC_TOUCH_SPEED {
        Some(true)
    } else if push_b > push_a + SYMMETRIC_TOUCH_SPEED {
        Some(false)
    } else {
        None
    }
}

impl Game {
    /// Turns the physics step's events into the game's. `before` holds each
    /// ball's id, velocity and owner before the step, in id order (the world's).
    pub(super) fn apply_physics(
        &mut self,
        physics: &[Event],
        before: &[(BallId, Vec2, u8)],
        events: &mut Vec<GameEvent>,
    ) {
        // Ids are unique and in order, so a binary search finds the one entry a
        // scan would: a scan per ball-ball touch was quadratic (two thirds of a
        // 5,000-ball stress step).
        let prior = |id: BallId| {
            let k = before.binary_search_by_key(&id, |b| b.0).ok()?;
            Some((before[k].1, before[k].2))
        };
        for event in physics {
            match *event {
                Event::BallHitShape {
                    ball, shape, point, ..
                } => {
                    let owner = self
                        .world
                        .ball(ball)
                        .map(|b| b.owner)
                        .or_else(|| prior(ball).map(|p| p.1));
                    self.hit_shape(
                        shape,
                        point,
                        owner.map_or(Side::Bottom, Side::from_index),
                        Striker::Ball,
                        events,
                    );
                }
                Event::BallHitPaddle {
                    ball,
                    paddle,
                    point,
                    owner_before,
                    ..
                } => {
                    let Some(k) = self.players.iter().position(|p| p.paddle == paddle) else {
                        continue;
                    };
                    events.push(GameEvent::PaddleHit {
                        side: self.players[k].side,
                        point,
                        ball,
                        owner: Side::from_index(owner_before),
                    });
                    self.speed_up(ball);
                    if self.players[k].effects.catch > 0 {
                        self.catch_ball(k, ball);
                    }
                }
                Event::BallTouchedBall {
                    first,
                    second,
                    point,
                } => {
                    events.push(GameEvent::BallsTouched { point });
                    self.convert(first, second, prior(first), prior(second), events);
                }
                Event::BallCrossedGoal { goal, .. } => {
                    let against = Side::from_index(self.world.goals()[goal].defender);
                    self.goal(against, events);
                }
            }
        }
    }

    /// A ball or a laser shot struck a static shape: a brick cracks or breaks,
    /// anything else bounces.
    pub(super) fn hit_shape(
        &mut self,
        shape: ShapeId,
        point: Vec2,
        owner: Side,
        by: Striker,
        events: &mut Vec<GameEvent>,
    ) {
        let surface = match self.shape_role_mut(shape) {
            // A brick broken earlier in this step (two contacts in one step): it
            // has scored and been reported already.
            None => return,
            Some(ShapeRole::Wall) => Surface::Wall,
            Some(ShapeRole::Barrier) => Surface::Barrier,
            Some(ShapeRole::Shield(_)) => Surface::Shield,
            Some(ShapeRole::Brick(brick)) => {
                let Some(hits) = brick.hits_left.as_mut() else {
                    events.push(GameEvent::Bounce {
                        point,
                        surface: Surface::Steel,
                    });
                    return;
                };
                *hits -= 1;
                if *hits == 0 {
                    self.break_brick(shape, owner, by, events);
                } else {
                    events.push(GameEvent::BrickHit {
                        point,
                        hits_left: *hits,
                        by,
                    });
                }
                return;
            }
        };
        events.push(GameEvent::Bounce { point, surface });
    }

    /// A brick's last hit: it leaves the world, scores its hit points for `owner`
    /// and releases its capsule toward them (toward the only paddle, in solo).
    pub(super) fn break_brick(
        &mut self,
        shape: ShapeId,
        owner: Side,
        by: Striker,
        events: &mut Vec<GameEvent>,
    ) {
        let Some(ShapeRole::Brick(broken)) = self.remove_shape(shape) else {
            return;
        };
        self.award(owner, u32::from(broken.kind.points()));
        self.brick_broke(&broken, owner);
        let target = if self.mode == Mode::Solo {
            Side::Bottom
        } else {
            owner
        };
        if let Some(power_up) = broken.power_up {
            self.capsules.push(Capsule {
                position: broken.rect.center(),
                power_up,
                target,
            });
        }
        events.push(GameEvent::BrickBroken {
            center: broken.rect.center(),
            side: owner,
            points: u32::from(broken.kind.points()),
            capsule: broken.power_up,
            by,
        });
    }

    /// A paddle hit speeds the ball up a little, up to the rally's top speed.
    fn speed_up(&mut self, ball: BallId) {
        let base = self.level.ball_speed;
        let config = *self.world.config();
        let Some(b) = self.world.ball_mut(ball) else {
            return;
        };
        let speed = b.velocity.length();
        if speed > 0.0 {
            let target = (speed * RALLY_SPEEDUP).clamp(base, base * RALLY_MAX_FACTOR);
            // The world's limits hold for every velocity a ball carries, including a
            // rally that would take it past the top speed.
            b.velocity = limit_velocity(b.velocity * (target / speed), &config);
        }
    }

    /// The catch power-up: the ball leaves the field and rests on the paddle.
    fn catch_ball(&mut self, k: usize, ball: BallId) {
        let paddle = &self.world.paddles()[self.players[k].paddle.0 as usize];
        let (position, normal, half) = (paddle.position, paddle.normal, paddle.half_width);
        let Some(b) = self.world.remove_ball(ball) else {
            return;
        };
        let offset = (b.position - position)
            .dot(normal.perp())
            .clamp(-half, half);
        self.players[k].held.push(HeldBall {
            offset,
            waited: 0,
            speed: b.velocity.length(),
            is_serve: false,
        });
    }

    /// Applies the conversion rule (see the module docs) to two touching balls.
    fn convert(
        &mut self,
        first: BallId,
        second: BallId,
        a: Option<(Vec2, u8)>,
        b: Option<(Vec2, u8)>,
        events: &mut Vec<GameEvent>,
    ) {
        let (Some(ba), Some(bb)) = (
            self.world.ball(first).copied(),
            self.world.ball(second).copied(),
        ) else {
            return;
        };
        if ba.owner == bb.owner {
            return;
        }
        let (Some((va, _)), Some((vb, _))) = (a, b) else {
            return;
        };
        let (winner, loser) = match conversion_winner(ba.position, va, bb.position, vb) {
            Some(true) => (ba, bb),
            Some(false) => (bb, ba),
            None => return,
        };
        if let Some(l) = self.world.ball_mut(loser.id) {
            l.owner = winner.owner;
        }
        events.push(GameEvent::BallConverted {
            ball: loser.id,
            to: Side::from_index(winner.owner),
        });
    }

    /// `points` for `side`: to the game's score and the round's.
    pub(super) fn award(&mut self, side: Side, points: u32) {
        if let Some(p) = self.players.iter_mut().find(|p| p.side == side) {
            p.score += points;
            p.round_score += points;
        }
    }

    /// A ball left through `against`'s goal line.
    fn goal(&mut self, against: Side, events: &mut Vec<GameEvent>) {
        events.push(GameEvent::Goal { against });
        match self.mode {
            Mode::Versus => {
                self.award(against.other(), GOAL_POINTS);
                // The serve returns to the player who lost the ball, keeping each side's
                // starting number of balls in play (extra balls from disruption are not replaced).
                if self.ball_count() < 2 * self.level.balls_per_side as usize {
                    let speed = self.level.ball_speed;
                    if let Some(p) = self.players.iter_mut().find(|p| p.side == against) {
                        p.held.push(HeldBall::serve(0.0, speed));
                    }
                }
            }
            Mode::Solo => {
                if self.ball_count() > 0 {
                    return;
                }
                let p = &mut self.players[0];
                p.lives = p.lives.saturating_sub(1);
                events.push(GameEvent::LifeLost {
                    lives_left: p.lives,
                });
                if p.lives > 0 {
                    self.queue_serves(0);
                }
            }
        }
    }
}
