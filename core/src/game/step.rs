//! One game step, in one place. The order:
//!
//! 1. Paddles move toward their players' intents, inside their zones.
//! 2. Held balls launch (serve, fire, or after waiting too long: `serves.rs`);
//!    lasers fire.
//! 3. The physics steps; its events become game consequences (`rules.rs`):
//!    bricks, bounces, paddle hits, conversions, goals.
//!    Moving barriers are posed for the step first (`moving.rs`). Rules 2: a
//!    ball pinched between a paddle's end and a wall is flicked out (`pinch.rs`).
//! 4. Capsules fall and are caught or lost; laser shots fly (`powerups.rs`);
//!    blasts go off and regrowing bricks grow back (`brick_timers.rs`).
//! 5. Solo, rules 2: a stalled ball is pulled toward the bricks (`guide.rs`);
//!    rules 3: only a hit on a brick that counts toward clearing is progress.
//! 6. Timed effects tick down.
//! 7. The outcome is decided (rules 2 versus: a round, `rounds.rs`).

use glam::Vec2;

use super::{Game, GameEvent, Inputs, Intent, Mode, Outcome};
use crate::level::{paddle_zone, RulesVersion, Side};
use crate::tuning::{GOAL_CLEARANCE, PADDLE_SPEED, PADDLE_THICKNESS, STEPS_PER_SECOND};

/// Seconds per step.
pub const DT: f32 = 1.0 / STEPS_PER_SECOND as f32;

impl Game {
    /// Advances the game by one fixed step with both players' intents (the top
    /// player's is ignored in solo). Returns what happened. After the game is over
    /// nothing moves and no events come.
    pub fn step(&mut self, inputs: &Inputs) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if self.outcome.is_some() {
            return events;
        }
        let clearing_before = self.clearing_hits_left();
        for k in 0..self.players.len() {
            let intent = inputs.players[self.players[k].side.index() as usize].clamped();
            self.move_paddle(k, intent);
            self.launch_held_balls(k, intent, &mut events);
            self.fire_lasers(k, intent, &mut events);
        }
        // In id order, as the world keeps its balls: `apply_physics` searches it.
        let before = self
            .world
            .balls()
            .iter()
            .map(|b| (b.id, b.velocity, b.owner))
            .collect::<Vec<_>>();
        self.steer_barriers();
        let physics = self.world.step(DT);
        self.apply_physics(&physics, &before, &mut events);
        self.last_physics = physics;
        self.free_pinched_balls();
        self.update_capsules(&mut events);
        self.update_shots(&mut events);
        self.tick_brick_timers(&mut events);
        let brick_hit = match clearing_before {
            Some(before) => self.clearing_hits_left().is_some_and(|now| now < before),
            None => events.iter().any(|e| {
                matches!(
                    e,
                    GameEvent::BrickHit { .. } | GameEvent::BrickBroken { .. }
                )
            }),
        };
        self.guide_stalled_balls(brick_hit, &mut events);
        self.tick_effects(&mut events);
        self.decide_outcome(&mut events);
        self.steps += 1;
        events
    }

    /// Moves player `k`'s paddle one step in the intent's direction (diagonals at
    /// the same speed), or to its pointer's target at once, kept inside the
    /// player's zone. A jump across the arena is safe: the physics sweeps the
    /// paddle's whole path against every ball (`plan_paddle_motions`).
    fn move_paddle(&mut self, k: usize, intent: Intent) {
        let player = &self.players[k];
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        let dir = Vec2::new(f32::from(intent.dx), f32::from(intent.dy)).normalize_or_zero();
        let wanted = match intent.target {
            Some(t) => t.point(),
            None => paddle.position + dir * PADDLE_SPEED * DT,
        };
        let half = Vec2::new(paddle.half_width, PADDLE_THICKNESS * 0.5);
        let zone = paddle_zone(player.side);
        let (min_y, max_y) = match player.side {
            Side::Bottom => (zone.min.y + half.y, zone.max.y - half.y - GOAL_CLEARANCE),
            Side::Top => (zone.min.y + half.y + GOAL_CLEARANCE, zone.max.y - half.y),
        };
        let target = wanted.clamp(
            Vec2::new(zone.min.x + half.x, min_y),
            Vec2::new(zone.max.x - half.x, max_y),
        );
        let id = player.paddle;
        self.world.move_paddle(id, target);
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
            Mode::Versus if self.level.rules >= RulesVersion::V2 => self.decide_round(events),
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
