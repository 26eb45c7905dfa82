//! The game's state and how a level becomes one.

use glam::Vec2;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::Outcome;
use crate::geom::Rect;
use crate::level::{arena, Hits, Level, LevelMode, PowerUp, Side};
use crate::physics::{
    BallId, Collider, Goal, Paddle, PaddleId, PhysicsConfig, ShapeId, StaticShape, World,
};
use crate::tuning::{
    BALL_RADIUS, MAX_BALL_SPEED, PADDLE_REST_OFFSET, PADDLE_THICKNESS, STEPS_PER_SECOND,
};

/// Thickness of the arena's side walls (outside the arena).
const WALL: f32 = 60.0;

/// The rules being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Bottom against top; each defends a goal line. (Human or CPU on either side
    /// is the shell's business: the rules are the same.)
    Versus,
    /// Classic Arkanoid: one paddle at the bottom, a wall at the top, lives.
    Solo,
}

impl Mode {
    /// The word used on the command line and in replays.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::Versus => "versus",
            Self::Solo => "solo",
        }
    }

    /// Whether a level is meant for this mode.
    pub fn fits(self, level: LevelMode) -> bool {
        match self {
            Self::Versus => level.allows_versus(),
            Self::Solo => level.allows_solo(),
        }
    }
}

/// A brick in play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrickState {
    /// Its shape in the physics world.
    pub shape: ShapeId,
    /// Its rectangle.
    pub rect: Rect,
    /// Hits still needed to break it; `None` for unbreakable.
    pub hits_left: Option<u8>,
    /// Hits it took when new (its score).
    pub hits_total: u8,
    /// The capsule it drops.
    pub power_up: Option<PowerUp>,
}

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
    /// Points.
    pub score: u32,
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
    /// The shield's shape while it is up.
    pub shield: Option<ShapeId>,
}

/// A game in progress: a pure function of (level, mode, seed, inputs per step).
#[derive(Debug, Clone)]
pub struct Game {
    pub(super) level: Level,
    pub(super) mode: Mode,
    pub(super) world: World,
    /// Bricks, indexed by the id of their shape (`None` for other shapes).
    pub(super) bricks: Vec<Option<BrickState>>,
    pub(super) players: Vec<Player>,
    pub(super) capsules: Vec<Capsule>,
    pub(super) shots: Vec<Shot>,
    pub(super) rng: SmallRng,
    pub(super) frame: u64,
    pub(super) outcome: Option<Outcome>,
    pub(super) seed: u64,
    /// Breakable bricks at the start (a versus level without any never ends by bricks).
    pub(super) initial_breakable: usize,
    /// The physics events of the last step, for the debug overlay.
    pub(super) last_physics: Vec<crate::physics::Event>,
}

impl Game {
    /// Sets up `level` for `mode` with `seed`: walls, goal lines, bricks, barriers,
    /// paddles, and either the level's staged balls or each side's serves.
    pub fn new(level: &Level, mode: Mode, seed: u64) -> Game {
        let area = arena();
        let (w, h) = (area.max.x, area.max.y);
        let config = PhysicsConfig {
            max_speed: MAX_BALL_SPEED,
            ..PhysicsConfig::default()
        };
        let mut world = World::new(area, config, seed);
        world.add_wall(Rect::new(Vec2::new(-WALL, -WALL), Vec2::new(0.0, h + WALL)));
        world.add_wall(Rect::new(
            Vec2::new(w, -WALL),
            Vec2::new(w + WALL, h + WALL),
        ));
        world.add_goal(Goal {
            y: h,
            outward: 1.0,
            defender: 0,
        });
        match mode {
            Mode::Solo => {
                world.add_wall(Rect::new(Vec2::new(0.0, -WALL), Vec2::new(w, 0.0)));
            }
            Mode::Versus => {
                world.add_goal(Goal {
                    y: 0.0,
                    outward: -1.0,
                    defender: 1,
                });
            }
        }
        let mut bricks = vec![None; world.shapes().count()];
        for (row, column, brick) in level.bricks_with_positions() {
            let rect = level.brick_rect(row, column);
            // Levels are checked before play (`check` reports a brick with no usable
            // rectangle); should one still fail, it is left out rather than panic.
            let Ok(polygon) = level.brick_polygon(row, column) else {
                continue;
            };
            let breakable = brick.hits != Hits::Unbreakable;
            let shape = world.add_shape(StaticShape {
                collider: Collider::Polygon(polygon),
                counts_as_progress: breakable,
            });
            let hits = match brick.hits {
                Hits::Count(n) => Some(n),
                Hits::Unbreakable => None,
            };
            bricks.push(Some(BrickState {
                shape,
                rect,
                hits_left: hits,
                hits_total: hits.unwrap_or(0),
                power_up: brick.power_up,
            }));
        }
        for barrier in &level.barriers {
            // Levels are checked before play; a shape that still fails is skipped.
            if let Ok(polygon) = barrier.to_polygon() {
                world.add_shape(StaticShape {
                    collider: Collider::Polygon(polygon),
                    counts_as_progress: false,
                });
            }
        }
        let sides: &[Side] = match mode {
            Mode::Versus => &[Side::Bottom, Side::Top],
            Mode::Solo => &[Side::Bottom],
        };
        let mut players = Vec::new();
        for &side in sides {
            let (y, normal) = match side {
                Side::Bottom => (h - PADDLE_REST_OFFSET, Vec2::NEG_Y),
                Side::Top => (PADDLE_REST_OFFSET, Vec2::Y),
            };
            let paddle = world.add_paddle(Paddle::rectangle(
                Vec2::new(level.paddle_width, PADDLE_THICKNESS),
                Vec2::new(w * 0.5, y),
                normal,
                side.index(),
            ));
            players.push(Player {
                side,
                score: 0,
                lives: level.lives,
                paddle,
                effects: Effects::default(),
                held: Vec::new(),
                laser_cooldown: 0,
                shield: None,
            });
        }
        let staged: Vec<_> = level
            .balls
            .iter()
            .filter(|b| mode == Mode::Versus || b.owner == Side::Bottom)
            .collect();
        if staged.is_empty() {
            for p in &mut players {
                for k in 0..level.balls_per_side {
                    p.held.push(HeldBall {
                        offset: (k as f32 - (level.balls_per_side - 1) as f32 * 0.5)
                            * 2.5
                            * BALL_RADIUS,
                        waited: 0,
                        speed: level.ball_speed,
                        is_serve: true,
                    });
                }
            }
        } else {
            for b in staged {
                world.add_ball(b.position, BALL_RADIUS, b.velocity, b.owner.index());
            }
        }
        bricks.resize(world.shapes().count(), None);
        let initial_breakable = bricks
            .iter()
            .flatten()
            .filter(|b| b.hits_left.is_some())
            .count();
        Game {
            level: level.clone(),
            mode,
            world,
            bricks,
            players,
            capsules: Vec::new(),
            shots: Vec::new(),
            rng: SmallRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            frame: 0,
            outcome: None,
            seed,
            initial_breakable,
            last_physics: Vec::new(),
        }
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The rules being played.
    pub fn mode(&self) -> Mode {
        self.mode
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

    /// The bricks still standing.
    pub fn bricks(&self) -> impl Iterator<Item = &BrickState> {
        self.bricks.iter().flatten()
    }

    /// The brick whose shape this is, if it is a brick still standing.
    pub fn brick(&self, shape: ShapeId) -> Option<&BrickState> {
        self.bricks.get(shape.0 as usize)?.as_ref()
    }

    /// How many breakable bricks are left.
    pub fn breakable_left(&self) -> usize {
        self.bricks().filter(|b| b.hits_left.is_some()).count()
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
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Balls in play plus balls resting on paddles.
    pub fn ball_count(&self) -> usize {
        self.world.balls().len() + self.players.iter().map(|p| p.held.len()).sum::<usize>()
    }

    /// Where a held ball sits, for drawing and for launching.
    pub fn held_ball_position(&self, player: &Player, held: &HeldBall) -> Vec2 {
        let paddle = &self.world.paddles()[player.paddle.0 as usize];
        paddle.position
            + paddle.normal.perp() * held.offset
            + paddle.normal * (PADDLE_THICKNESS * 0.5 + BALL_RADIUS + 1.0)
    }

    /// Puts an extra ball in play, if the spot is free (for stress tests and the
    /// shell's `--balls` option).
    pub fn spawn_ball(&mut self, position: Vec2, velocity: Vec2, owner: Side) -> Option<BallId> {
        if !self.world.circle_is_free(position, BALL_RADIUS) {
            return None;
        }
        Some(
            self.world
                .add_ball(position, BALL_RADIUS, velocity, owner.index()),
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
        let mut eat = |x: u64| h = (h ^ x).wrapping_mul(0x0100_0000_01b3).rotate_left(17);
        eat(self.frame);
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
            for b in &p.held {
                eat(u64::from(b.offset.to_bits()) ^ u64::from(b.waited) << 32);
            }
        }
        for c in &self.capsules {
            eat(u64::from(c.position.x.to_bits()) | u64::from(c.position.y.to_bits()) << 32);
        }
        for s in &self.shots {
            eat(u64::from(s.position.x.to_bits()) | u64::from(s.position.y.to_bits()) << 32);
        }
        h
    }
}
