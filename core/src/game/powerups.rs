//! Power-ups: capsules that fall and are caught, what each one does, laser shots,
//! and the timers of the timed ones.

use glam::Vec2;

use super::shapes::rect_shape;
use super::{Game, GameEvent, Intent, ShapeRole, Striker};
use crate::geom::{Circle, ConvexPolygon, Rect};
use crate::level::{PowerUp, Side};
use crate::physics::Paddle;
use crate::tuning::{
    CAPSULE_RADIUS, CAPSULE_SPEED, DISRUPTION_SPREAD_DEG, DISRUPTION_START_GAP, EFFECT_SECONDS,
    ENLARGE_FACTOR, GOAL_POINTS, LASER_COOLDOWN_SECONDS, LASER_MUZZLE_SHARE, LASER_SPEED,
    MAX_BALLS_IN_PLAY, PADDLE_THICKNESS, REDUCE_FACTOR, SHIELD_THICKNESS, SLOW_FACTOR,
    STEPS_PER_SECOND,
};

use super::step::DT;

/// Where a paddle's laser shots start: one near each end (at
/// [`LASER_MUZZLE_SHARE`] of its half width from the centre), a paddle's
/// thickness out from its centre along its normal, so half a thickness off its
/// face. The shell's muzzle flash sits here too.
pub fn laser_muzzles(paddle: &Paddle) -> [Vec2; 2] {
    [-LASER_MUZZLE_SHARE, LASER_MUZZLE_SHARE].map(|end| {
        paddle.position
            + paddle.normal.perp() * paddle.half_width * end
            + paddle.normal * PADDLE_THICKNESS
    })
}

fn steps(seconds: f32) -> u32 {
    (seconds * STEPS_PER_SECOND as f32) as u32
}

impl Game {
    /// Moves capsules toward their target's side; a capsule touching its target's
    /// paddle is caught, one past the goal line is lost.
    pub(super) fn update_capsules(&mut self, events: &mut Vec<GameEvent>) {
        let mut caught = Vec::new();
        let height = crate::tuning::ARENA_HEIGHT;
        let paddles = self.world.paddles();
        let players = &self.players;
        self.capsules.retain_mut(|c| {
            let down = if c.target == Side::Bottom { 1.0 } else { -1.0 };
            c.position.y += down * CAPSULE_SPEED * DT;
            if let Some(p) = players.iter().find(|p| p.side == c.target) {
                let paddle = &paddles[p.paddle.0 as usize];
                if paddle.shape.signed_distance(c.position - paddle.position) < CAPSULE_RADIUS {
                    caught.push((c.target, c.power_up));
                    return false;
                }
            }
            (0.0..=height).contains(&c.position.y)
        });
        for (side, power_up) in caught {
            events.push(GameEvent::CapsuleCaught { side, power_up });
            self.apply_power_up(side, power_up);
        }
    }

    /// Gives a player a power-up as if they had caught its capsule (for the shell's
    /// practice screen and for tests).
    pub fn grant_power_up(&mut self, side: Side, power_up: PowerUp) {
        self.apply_power_up(side, power_up);
    }

    /// What each power-up does to the player who caught it.
    pub(super) fn apply_power_up(&mut self, side: Side, power_up: PowerUp) {
        let Some(k) = self.players.iter().position(|p| p.side == side) else {
            return;
        };
        let duration = steps(EFFECT_SECONDS);
        match power_up {
            PowerUp::Slow => self.slow_balls(),
            PowerUp::Catch => self.players[k].effects.catch = duration,
            PowerUp::Laser => self.players[k].effects.laser = duration,
            PowerUp::Enlarge => {
                self.players[k].effects.enlarge = duration;
                self.fit_paddle_width(k);
            }
            PowerUp::Disruption => self.disrupt(side),
            PowerUp::ExtraLife => match self.mode {
                super::Mode::Solo => self.players[k].lives += 1,
                super::Mode::Versus => self.award(side, GOAL_POINTS),
            },
            PowerUp::Convert => {
                let ids: Vec<_> = self.world.balls().iter().map(|b| b.id).collect();
                for id in ids {
                    if let Some(b) = self.world.ball_mut(id) {
                        b.owner = side.index();
                    }
                }
            }
            PowerUp::Shield => {
                if self.players[k].shield.is_none() {
                    self.raise_shield(k);
                }
                self.players[k].effects.shield = duration;
            }
            PowerUp::Reduce => self.reduce(k, duration),
        }
    }

    /// Reduce: the other player's paddle narrows for `duration` steps; in solo
    /// (no other player) player `k`'s own.
    fn reduce(&mut self, k: usize, duration: u32) {
        let other = self
            .players
            .iter()
            .position(|p| p.side != self.players[k].side);
        let target = other.unwrap_or(k);
        self.players[target].effects.reduce = duration;
        self.fit_paddle_width(target);
    }

    /// Sets player `k`'s paddle to the level's width times each running width
    /// effect's factor (enlarge, reduce).
    fn fit_paddle_width(&mut self, k: usize) {
        let effects = self.players[k].effects;
        let mut width = self.level.paddle_width;
        if effects.enlarge > 0 {
            width *= ENLARGE_FACTOR;
        }
        if effects.reduce > 0 {
            width *= REDUCE_FACTOR;
        }
        self.set_paddle_width(k, width);
    }

    /// Slow: every ball in play slows down, but not below the world's slowest.
    fn slow_balls(&mut self) {
        let min = self.world.config().min_speed;
        let ids: Vec<_> = self.world.balls().iter().map(|b| b.id).collect();
        for id in ids {
            if let Some(b) = self.world.ball_mut(id) {
                let speed = b.velocity.length();
                if speed > 0.0 {
                    b.velocity *= (speed * SLOW_FACTOR).max(min) / speed;
                }
            }
        }
    }

    /// Disruption: each of `side`'s balls in play becomes three, spread apart,
    /// in id order while the balls in play stay within [`MAX_BALLS_IN_PLAY`]:
    /// past it the later balls stay single (and a ball may get one copy).
    fn disrupt(&mut self, side: Side) {
        let spread = DISRUPTION_SPREAD_DEG.to_radians();
        let mine: Vec<_> = self
            .world
            .balls()
            .iter()
            .filter(|b| b.owner == side.index())
            .copied()
            .collect();
        for b in mine {
            for turn in [-spread, spread] {
                if self.ball_count() >= MAX_BALLS_IN_PLAY {
                    return;
                }
                let v = crate::portable_math::from_angle(turn).rotate(b.velocity);
                // Start the copies a little apart along their new paths, unless
                // that is inside something or past a goal line (the step removes
                // balls past a goal before this runs, so a copy put there would sit
                // outside the field until the next step).
                let start = b.position + v.normalize_or_zero() * DISRUPTION_START_GAP;
                let past_goal = self.world.goals().iter().any(|g| g.is_beyond(start));
                let position = if !past_goal && self.world.circle_is_free(start, b.radius) {
                    start
                } else {
                    b.position
                };
                self.world.add_ball(position, b.radius, v, b.owner);
            }
        }
    }

    /// Shield: a wall just inside player `k`'s goal line, until the effect ends.
    fn raise_shield(&mut self, k: usize) {
        let side = self.players[k].side;
        let (w, h) = (crate::tuning::ARENA_WIDTH, crate::tuning::ARENA_HEIGHT);
        let rect = match side {
            Side::Bottom => Rect::new(Vec2::new(0.0, h - SHIELD_THICKNESS), Vec2::new(w, h)),
            Side::Top => Rect::new(Vec2::ZERO, Vec2::new(w, SHIELD_THICKNESS)),
        };
        let id = self.add_shape(rect_shape(rect, false), ShapeRole::Shield(side));
        self.players[k].shield = Some(id);
    }

    fn set_paddle_width(&mut self, k: usize, width: f32) {
        let half = Vec2::new(width, PADDLE_THICKNESS) * 0.5;
        let id = self.players[k].paddle;
        self.world
            .set_paddle_shape(id, ConvexPolygon::from_rect(Rect::new(-half, half)), half.x);
    }

    /// Fires a pair of shots from the paddle's ends while the laser is on.
    pub(super) fn fire_lasers(&mut self, k: usize, intent: Intent, events: &mut Vec<GameEvent>) {
        let p = &mut self.players[k];
        p.laser_cooldown = p.laser_cooldown.saturating_sub(1);
        if p.effects.laser == 0 || !intent.fire || p.laser_cooldown > 0 || !p.held.is_empty() {
            return;
        }
        p.laser_cooldown = steps(LASER_COOLDOWN_SECONDS);
        let side = p.side;
        let paddle = &self.world.paddles()[p.paddle.0 as usize];
        for position in laser_muzzles(paddle) {
            self.shots.push(super::Shot {
                position,
                velocity: paddle.normal * LASER_SPEED,
                side,
            });
        }
        events.push(GameEvent::LaserFired { side });
    }

    /// Shots fly as rays; each breaks (or cracks) the first brick it crosses and
    /// stops at anything else.
    pub(super) fn update_shots(&mut self, events: &mut Vec<GameEvent>) {
        let shots = std::mem::take(&mut self.shots);
        for mut shot in shots {
            let motion = shot.velocity * DT;
            match self
                .world
                .cast_static(Circle::new(shot.position, 0.0), motion)
            {
                Some((hit, shape)) => {
                    if self.brick(shape).is_some() {
                        self.hit_shape(shape, hit.point, shot.side, Striker::Laser, events);
                    }
                }
                None => {
                    shot.position += motion;
                    if (0.0..=crate::tuning::ARENA_HEIGHT).contains(&shot.position.y) {
                        self.shots.push(shot);
                    }
                }
            }
        }
    }

    /// Counts timed effects down and ends them.
    pub(super) fn tick_effects(&mut self, events: &mut Vec<GameEvent>) {
        for k in 0..self.players.len() {
            let side = self.players[k].side;
            let e = &mut self.players[k].effects;
            let mut ended = Vec::new();
            for (timer, power_up) in [
                (&mut e.catch, PowerUp::Catch),
                (&mut e.laser, PowerUp::Laser),
                (&mut e.enlarge, PowerUp::Enlarge),
                (&mut e.shield, PowerUp::Shield),
                (&mut e.reduce, PowerUp::Reduce),
            ] {
                if *timer > 0 {
                    *timer -= 1;
                    if *timer == 0 {
                        ended.push(power_up);
                    }
                }
            }
            for power_up in ended {
                match power_up {
                    PowerUp::Enlarge | PowerUp::Reduce => self.fit_paddle_width(k),
                    PowerUp::Shield => {
                        if let Some(id) = self.players[k].shield.take() {
                            self.remove_shape(id);
                        }
                    }
                    _ => {}
                }
                events.push(GameEvent::EffectEnded { side, power_up });
            }
        }
    }
}
