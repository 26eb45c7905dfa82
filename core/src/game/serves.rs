//! Balls resting on paddles: serves queued at the start and after a lost ball,
//! balls the catch power-up caught, where they sit, and how they launch.

use crate::portable_rng::PortableRng;
use glam::Vec2;
use rand::Rng;

use super::{Game, GameEvent, HeldBall, Intent, Player};
use crate::level::{RulesVersion, Side};
use crate::physics::Paddle;
use crate::tuning::{
    BALL_RADIUS, CATCH_HOLD_SECONDS, HELD_BALL_GAP, PADDLE_THICKNESS, SERVE_MAX_AIM_RAD,
    SERVE_MIN_TURN_DEG, SERVE_SPACING, SERVE_SPREAD_DEG, SERVE_TIMEOUT_SECONDS, STEPS_PER_SECOND,
};

impl HeldBall {
    /// A serve waiting at `offset` along the paddle's face, to leave at `speed`.
    pub(super) fn serve(offset: f32, speed: f32) -> HeldBall {
        HeldBall {
            offset,
            waited: 0,
            speed,
            is_serve: true,
        }
    }
}

/// The direction a serve of `held` leaves `paddle` in: aimed from where it sits on
/// the paddle, like a paddle hit, then turned a little at random (two draws from
/// `rng`, the game's own) so no two serves are the same. The launch and the aiming
/// preview ([`Game::serve_aim`]) both call it, so the preview cannot drift from the
/// rule.
fn serve_direction(held: &HeldBall, paddle: &Paddle, rng: &mut PortableRng) -> Vec2 {
    let aim = (held.offset / paddle.half_width).clamp(-1.0, 1.0) * SERVE_MAX_AIM_RAD;
    let turn = rng
        .random_range(SERVE_MIN_TURN_DEG..=SERVE_SPREAD_DEG)
        .to_radians()
        * if rng.random::<bool>() { 1.0 } else { -1.0 };
    crate::portable_math::from_angle(aim + turn).rotate(paddle.normal)
}

/// Where the next serve of a side will start and its velocity, from
/// [`Game::serve_aim`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServeAim {
    /// The held ball's centre now.
    pub position: Vec2,
    /// Its velocity when it leaves, units per second.
    pub velocity: Vec2,
}

impl Game {
    /// Where `side`'s next serve goes if it leaves now: the first held ball, when
    /// it is a serve. The random turn is drawn from a copy of the game's generator,
    /// so this is the very serve the player will get as long as nothing else draws
    /// from it first (in solo, nothing else does while a serve waits).
    pub fn serve_aim(&self, side: Side) -> Option<ServeAim> {
        let player = self.player(side)?;
        let held = player.held.first().filter(|h| h.is_serve)?;
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        let direction = serve_direction(held, paddle, &mut self.rng.clone());
        Some(ServeAim {
            position: self.held_ball_position(player, held),
            velocity: direction * held.speed,
        })
    }

    /// Queues the level's serves for player `k`: its balls per side, side by side
    /// and centred on the paddle.
    pub(super) fn queue_serves(&mut self, k: usize) {
        let (n, speed) = (self.level.balls_per_side, self.level.ball_speed);
        for i in 0..n {
            let offset = (i as f32 - (n - 1) as f32 * 0.5) * SERVE_SPACING;
            self.players[k].held.push(HeldBall::serve(offset, speed));
        }
    }

    /// Where a held ball sits, for drawing and for launching.
    pub fn held_ball_position(&self, player: &Player, held: &HeldBall) -> Vec2 {
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        paddle.position
            + paddle.normal.perp() * held.offset
            + paddle.normal * (PADDLE_THICKNESS * 0.5 + BALL_RADIUS + HELD_BALL_GAP)
    }

    /// Launches held balls: serves on `serve` (or, under rules 1, after the serve timeout), caught
    /// balls on `fire` (or after the catch timeout). One ball per step, so several
    /// serves do not start on top of each other.
    pub(super) fn launch_held_balls(
        &mut self,
        k: usize,
        intent: Intent,
        events: &mut Vec<GameEvent>,
    ) {
        let serve_timeout = (SERVE_TIMEOUT_SECONDS * STEPS_PER_SECOND as f32) as u32;
        let catch_timeout = (CATCH_HOLD_SECONDS * STEPS_PER_SECOND as f32) as u32;
        // Rules 2: a serve waits for its player (never into an empty room); the
        // app pauses a game nobody touches (`app/play/auto_pause.rs`).
        let auto_serve = self.level.rules < RulesVersion::V2;
        for held in &mut self.players[k].held {
            held.waited += 1;
        }
        let ready = self.players[k].held.iter().position(|h| {
            if h.is_serve {
                intent.serve || (auto_serve && h.waited >= serve_timeout)
            } else {
                intent.fire || intent.serve || h.waited >= catch_timeout
            }
        });
        let Some(i) = ready else { return };
        let player = &self.players[k];
        let held = player.held[i];
        let position = self.held_ball_position(player, &held);
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        let direction = serve_direction(&held, paddle, &mut self.rng);
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
}
