//! The game's state: what a game holds, and read-only views of it.

use crate::portable_rng::PortableRng;
use glam::Vec2;

use super::{Mode, Outcome, ShapeRole};
use crate::level::{Level, PowerUp, RulesVersion, Side};
use crate::physics::{BallId, PaddleId, ShapeId, World};
use crate::tuning::{BALL_RADIUS, STEPS_PER_SECOND};

/// A falling power-up capsule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Capsule {
    /// Centre.
    pub position: Vec2,
    /// What it gives.
    pub power_up: PowerUp,
    /// Whose paddle it falls toward (the owner of the ball that freed it).
    pub target: Side,
}

/// A laser shot in flight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shot {
    /// Its tip.
    pub position: Vec2,
    /// Units per second.
    pub velocity: Vec2,
    /// Who fired it.
    pub side: Side,
}

/// A ball resting on a paddle: a serve, or a ball the catch power-up caught.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeldBall {
    /// Offset from the paddle's centre along its face.
    pub offset: f32,
    /// Steps it has waited.
    pub waited: u32,
    /// Speed it leaves at.
    pub speed: f32,
    /// Whether it is a serve (launched by `serve`) or a caught ball (by `fire`).
    pub is_serve: bool,
}

/// Timed power-ups, in steps left (0 when inactive).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effects {
    /// Catch: balls stick to the paddle.
    pub catch: u32,
    /// Laser: fire shots.
    pub laser: u32,
    /// Enlarge: a wider paddle.
    pub enlarge: u32,
    /// Shield: a wall on the goal line.
    pub shield: u32,
    /// Reduce: a narrower paddle (put on this player by the other one's capsule).
    pub reduce: u32,
}

impl Effects {
    /// The active timed effects with their remaining seconds, for the HUD.
    pub fn active(&self) -> Vec<(PowerUp, f32)> {
        let secs = |steps: u32| steps as f32 / STEPS_PER_SECOND as f32;
        [
            (PowerUp::Catch, self.catch),
            (PowerUp::Laser, self.laser),
            (PowerUp::Enlarge, self.enlarge),
            (PowerUp::Shield, self.shield),
            (PowerUp::Reduce, self.reduce),
        ]
        .into_iter()
        .filter(|&(_, s)| s > 0)
        .map(|(p, s)| (p, secs(s)))
        .collect()
    }
}

/// One player's state.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// Bottom or top.
    pub side: Side,
    /// Points, over the whole game (every round).
    pub score: u32,
    /// Points in the round being played (rules 2; equal to `score` under rules 1).
    pub round_score: u32,
    /// Rounds won (rules 2).
    pub rounds_won: u32,
    /// This side took the round that ended last (rules 2), so the HUD can say
    /// who took it while the next one opens. Follows from the inputs like the
    /// rest, so it is left out of the state hash.
    pub took_last_round: bool,
    /// Lives (solo).
    pub lives: u32,
    /// Their paddle in the physics world.
    pub paddle: PaddleId,
    /// Timed power-ups.
    pub effects: Effects,
    /// Balls resting on the paddle.
    pub held: Vec<HeldBall>,
    /// Steps until the laser may fire again.
    pub laser_cooldown: u32,
    /// The shield's shape while it is up (its role is `ShapeRole::Shield`).
    pub shield: Option<ShapeId>,
}

/// A game in progress: a pure function of (level, mode, seed, inputs per step).
#[derive(Debug, Clone)]
pub struct Game {
    pub(super) level: Level,
    pub(super) mode: Mode,
    pub(super) world: World,
    /// What each shape is, indexed by its id (`None` once it is gone); see
    /// `shapes.rs`.
    pub(super) roles: Vec<Option<ShapeRole>>,
    pub(super) players: Vec<Player>,
    pub(super) capsules: Vec<Capsule>,
    pub(super) shots: Vec<Shot>,
    pub(super) rng: PortableRng,
    /// Steps played.
    pub(super) steps: u64,
    pub(super) outcome: Option<Outcome>,
    pub(super) seed: u64,
    /// Breakable bricks at the start (a versus level without any never ends by bricks).
    pub(super) initial_breakable: usize,
    /// The physics events of the last step, for the debug overlay.
    pub(super) last_physics: Vec<crate::physics::Event>,
    /// Solo, rules 2: steps since a brick was last hit (the stall help's clock).
    pub(super) steps_since_brick: u32,
    /// Explosive bricks' blasts waiting, regrowing bricks broken (`brick_timers.rs`).
    pub(super) brick_timers: super::brick_timers::BrickTimers,
    /// The level's moving barriers (`moving.rs`).
    pub(super) moving: Vec<super::moving::MovingBarrier>,
    /// Solo, rules 3: the stall help's way round the steel, kept while the
    /// shapes stay (`guide_field.rs`); derived from the world, so not hashed.
    pub(super) guide_field: Option<super::guide_field::GuideField>,
    /// Rules 3: each ball's place after the last step and how long it has stood
    /// still (`pinch.rs`).
    pub(super) still_balls: Vec<super::pinch::StillBall>,
}

impl Game {
    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The rules being played.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The rules the game is played by (its level's).
    pub fn rules(&self) -> RulesVersion {
        self.level.rules
    }

    /// Solo, rules 2: whether the balls are being guided toward the bricks,
    /// after a while without a brick hit (see `guide.rs`).
    pub fn guiding(&self) -> bool {
        self.mode == Mode::Solo
            && self.level.rules >= RulesVersion::V2
            && self.steps_since_brick >= super::guide::guide_after_steps()
    }

    /// The seed the game started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The physics world (balls, paddles, shapes).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The players: one in solo, two in versus (bottom first).
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// A player by side, if that side plays.
    pub fn player(&self, side: Side) -> Option<&Player> {
        self.players.iter().find(|p| p.side == side)
    }

    /// Capsules falling.
    pub fn capsules(&self) -> &[Capsule] {
        &self.capsules
    }

    /// Laser shots in flight.
    pub fn shots(&self) -> &[Shot] {
        &self.shots
    }

    /// The physics events of the last step (contacts with their normals), for the
    /// debug overlay.
    pub fn last_physics_events(&self) -> &[crate::physics::Event] {
        &self.last_physics
    }

    /// Steps played.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Balls in play plus balls resting on paddles.
    pub fn ball_count(&self) -> usize {
        self.world.balls().len() + self.players.iter().map(|p| p.held.len()).sum::<usize>()
    }

    /// Puts an extra ball in play, if the spot is free (for stress tests and the
    /// shell's `--balls` option).
    pub fn spawn_ball(&mut self, position: Vec2, velocity: Vec2, owner: Side) -> Option<BallId> {
        self.spawn_ball_of_radius(position, velocity, owner, BALL_RADIUS)
    }

    /// Like [`Game::spawn_ball`], with a radius of its own (the stress test's
    /// small balls).
    pub fn spawn_ball_of_radius(
        &mut self,
        position: Vec2,
        velocity: Vec2,
        owner: Side,
        radius: f32,
    ) -> Option<BallId> {
        if !self.world.circle_is_free(position, radius) {
            return None;
        }
        Some(
            self.world
                .add_ball(position, radius, velocity, owner.index()),
        )
    }

    /// The owner of the ball with this id, if it is still in play.
    pub fn ball_owner(&self, ball: BallId) -> Option<Side> {
        self.world.ball(ball).map(|b| Side::from_index(b.owner))
    }

    /// A hash of the whole game state: physics, scores, lives, effects, capsules,
    /// shots, held balls. Equal hashes mean equal games.
    pub fn state_hash(&self) -> u64 {
        let mut h = self.world.state_hash();
        // FNV-1a's 64-bit prime, with a rotation so high bits reach low ones. The
        // constants are part of every recorded replay's hash: never change them.
        let mut eat = |x: u64| h = (h ^ x).wrapping_mul(0x0100_0000_01b3).rotate_left(17);
        eat(self.steps);
        for p in &self.players {
            for x in [
                p.score,
                p.lives,
                p.effects.catch,
                p.effects.laser,
                p.effects.enlarge,
                p.effects.shield,
                p.laser_cooldown,
            ] {
                eat(u64::from(x));
            }
            // Eaten only while it runs, so games without it (every replay recorded
            // before it existed) keep their hashes.
            if p.effects.reduce > 0 {
                eat(u64::from(p.effects.reduce) | 1 << 40);
            }
            for b in &p.held {
                eat(u64::from(b.offset.to_bits()) ^ u64::from(b.waited) << 32);
            }
            // Rules 1 games (every replay recorded before rules 2) never eat these,
            // and keep their hashes.
            if self.level.rules >= RulesVersion::V2 {
                eat(u64::from(p.round_score) | u64::from(p.rounds_won) << 32);
            }
        }
        if self.level.rules >= RulesVersion::V2 {
            eat(u64::from(self.steps_since_brick));
        }
        // Rules 3: how long each ball has stood still decides when it is
        // flicked out, so a desync in it must show (rules 2 never counts it).
        if self.level.rules >= RulesVersion::V3 {
            for s in &self.still_balls {
                eat(u64::from(s.id.0) | u64::from(s.still) << 32);
            }
        }
        for c in &self.capsules {
            eat(u64::from(c.position.x.to_bits()) | u64::from(c.position.y.to_bits()) << 32);
        }
        for s in &self.shots {
            eat(u64::from(s.position.x.to_bits()) | u64::from(s.position.y.to_bits()) << 32);
        }
        // Nothing in a game without blasts or regrowing bricks (so older hashes
        // stand); the timers otherwise. Moving barriers' poses are in the world's.
        for word in self.brick_timers.hash_words() {
            eat(word);
        }
        h
    }
}
