//! One game step, in one place. The order:
//!
//! 1. Paddles move toward their players' intents, inside their zones.
//! 2. Held balls launch (serve, fire, or after waiting too long); lasers fire.
//! 3. The physics steps; its events become game consequences (`rules.rs`):
//!    bricks, bounces, paddle hits, conversions, goals.
//! 4. Capsules fall and are caught or lost; laser shots fly (`powerups.rs`).
//! 5. Timed effects tick down.
//! 6. The outcome is decided.

use glam::Vec2;
use rand::Rng;

use super::{Game, GameEvent, Inputs, Intent, Mode, Outcome};
use crate::level::{paddle_zone, Side};
use crate::tuning::{
    BALL_RADIUS, CATCH_HOLD_SECONDS, PADDLE_SPEED, PADDLE_THICKNESS, SERVE_MIN_TURN_DEG,
    SERVE_SPREAD_DEG, SERVE_TIMEOUT_SECONDS, STEPS_PER_SECOND,
};

/// Seconds per step.
pub const DT: f32 = 1.0 / STEPS_PER_SECOND as f32;

/// Clearance between a paddle and its goal line, so a ball cannot slip behind it
/// and be struck from the wrong side.
const GOAL_CLEARANCE: f32 = 24.0;

impl Game {
    /// Advances the game by one fixed step with both players' intents (the top
    /// player's is ignored in solo). Returns what happened. After the game is over
    /// nothing moves and no events come.
    pub fn step(&mut self, inputs: &Inputs) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if self.outcome.is_some() {
            return events;
        }
        for k in 0..self.players.len() {
            let intent = inputs.players[self.players[k].side.index() as usize].clamped();
            self.move_paddle(k, intent);
            self.launch_held_balls(k, intent, &mut events);
            self.fire_lasers(k, intent, &mut events);
        }
        let before = self
            .world
            .balls()
            .iter()
            .map(|b| (b.id, b.velocity, b.owner))
            .collect::<Vec<_>>();
        let physics = self.world.step(DT);
        self.apply_physics(&physics, &before, &mut events);
        self.last_physics = physics;
        self.update_capsules(&mut events);
        self.update_shots(&mut events);
        self.tick_effects(&mut events);
        self.decide_outcome(&mut events);
        self.steps += 1;
        events
    }

    /// Moves player `k`'s paddle one step in the intent's direction (diagonals at
    /// the same speed), kept inside the player's zone.
    fn move_paddle(&mut self, k: usize, intent: Intent) {
        let player = &self.players[k];
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        let dir = Vec2::new(f32::from(intent.dx), f32::from(intent.dy)).normalize_or_zero();
        let half = Vec2::new(paddle.half_width, PADDLE_THICKNESS * 0.5);
        let zone = paddle_zone(player.side);
        let (min_y, max_y) = match player.side {
            Side::Bottom => (zone.min.y + half.y, zone.max.y - half.y - GOAL_CLEARANCE),
            Side::Top => (zone.min.y + half.y + GOAL_CLEARANCE, zone.max.y - half.y),
        };
        let target = (paddle.position + dir * PADDLE_SPEED * DT).clamp(
            Vec2::new(zone.min.x + half.x, min_y),
            Vec2::new(zone.max.x - half.x, max_y),
        );
        let id = player.paddle;
        self.world.move_paddle(id, target);
    }

    /// Launches held balls: serves on `serve` (or after the serve timeout), caught
    /// balls on `fire` (or after the catch timeout). One ball per step, so several
    /// serves do not start on top of each other.
    fn launch_held_balls(&mut self, k: usize, intent: Intent, events: &mut Vec<GameEvent>) {
        let serve_timeout = (SERVE_TIMEOUT_SECONDS * STEPS_PER_SECOND as f32) as u32;
        let catch_timeout = (CATCH_HOLD_SECONDS * STEPS_PER_SECOND as f32) as u32;
        for held in &mut self.players[k].held {
            held.waited += 1;
        }
        let ready = self.players[k].held.iter().position(|h| {
            if h.is_serve {
                intent.serve || h.waited >= serve_timeout
            } else {
                intent.fire || intent.serve || h.waited >= catch_timeout
            }
        });
        let Some(i) = ready else { return };
        let player = &self.players[k];
        let held = player.held[i];
        let position = self.held_ball_position(player, &held);
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        // Aimed from where it sits on the paddle, like a paddle hit, then turned a
        // little at random (from the seed) so no two serves are the same.
        let aim = (held.offset / paddle.half_width).clamp(-1.0, 1.0) * 0.5;
        let turn = self
            .rng
            .random_range(SERVE_MIN_TURN_DEG..=SERVE_SPREAD_DEG)
            .to_radians()
            * if self.rng.random::<bool>() { 1.0 } else { -1.0 };
        let direction = Vec2::from_angle(aim + turn).rotate(paddle.normal);
        let side = player.side;
        if !self.world.circle_is_free(position, BALL_RADIUS) {
            // Something sits on the paddle's face; wait a step rather than overlap it.
            return;
        }
        self.players[k].held.remove(i);
        let ball = self
            .world
            .add_ball(position, BALL_RADIUS, direction * held.speed, side.index());
        events.push(GameEvent::Served { side, ball });
    }

    /// Decides whether the game is over.
    fn decide_outcome(&mut self, events: &mut Vec<GameEvent>) {
        let left = self.breakable_left();
        let outcome = match self.mode {
            Mode::Solo => {
                let p = &self.players[0];
                if left == 0 && self.initial_breakable > 0 {
                    Some(Outcome::Cleared)
                } else if p.lives == 0 {
                    Some(Outcome::OutOfLives)
                } else {
                    None
                }
            }
            Mode::Versus => {
                let (a, b) = (self.players[0].score, self.players[1].score);
                let target = self.level.target_score;
                let bricks_gone = left == 0 && self.initial_breakable > 0;
                if a >= target || b >= target || bricks_gone {
                    Some(match a.cmp(&b) {
                        std::cmp::Ordering::Greater => Outcome::Won(Side::Bottom),
                        std::cmp::Ordering::Less => Outcome::Won(Side::Top),
                        std::cmp::Ordering::Equal => Outcome::Draw,
                    })
                } else {
                    None
                }
            }
        };
        if let Some(o) = outcome {
            self.outcome = Some(o);
            events.push(GameEvent::GameOver(o));
        }
    }
}
