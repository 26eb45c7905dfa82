//! How a level becomes a game: `Game::new` and its steps, in the order they touch
//! the world. Shape ids follow that order (walls, then bricks, then barriers), and
//! the order is part of the game's determinism: keep it.

use crate::portable_rng::PortableRng;
use glam::Vec2;
use rand::SeedableRng;

use super::shapes::rect_shape;
use super::{BrickState, Effects, Game, Mode, Player, ShapeRole};
use crate::geom::Rect;
use crate::level::{arena, BarrierOutline, Level, Side};
use crate::physics::{Collider, Goal, Paddle, PhysicsConfig, StaticShape, World};
use crate::tuning::{BALL_RADIUS, PADDLE_REST_OFFSET, PADDLE_THICKNESS, WALL_THICKNESS};

/// Mixed into the seed for the game's own random numbers (serve turns), so they
/// do not repeat the physics' stream, which starts from the bare seed. (The
/// fractional part of the golden ratio, a common choice for such a salt.)
const RNG_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

impl Game {
    /// Sets up `level` for `mode` with `seed`: walls, bricks, barriers, goal lines
    /// and paddles, then either the level's staged balls or each side's serves.
    pub fn new(level: &Level, mode: Mode, seed: u64) -> Game {
        let mut game = Game::empty(level, mode, seed);
        game.add_walls();
        game.add_bricks();
        game.add_barriers();
        game.add_paddles_and_goals();
        if !game.stage_balls() {
            for k in 0..game.players.len() {
                game.queue_serves(k);
            }
        }
        game.initial_breakable = game.breakable_left();
        game
    }

    /// A game with an empty arena and no players yet.
    fn empty(level: &Level, mode: Mode, seed: u64) -> Game {
        Game {
            level: level.clone(),
            mode,
            world: World::new(arena(), PhysicsConfig::default(), seed),
            roles: Vec::new(),
            players: Vec::new(),
            capsules: Vec::new(),
            shots: Vec::new(),
            rng: PortableRng::seed_from_u64(seed ^ RNG_SALT),
            steps: 0,
            outcome: None,
            seed,
            initial_breakable: 0,
            last_physics: Vec::new(),
            steps_since_brick: 0,
            brick_timers: Default::default(),
            moving: Vec::new(),
            guide_field: None,
            still_balls: Vec::new(),
        }
    }

    /// The side walls, and the top wall in solo (versus has a goal line there).
    /// They reach past the corners so that no ball slips between them.
    fn add_walls(&mut self) {
        let (w, h, t) = (arena().max.x, arena().max.y, WALL_THICKNESS);
        let mut walls = vec![
            Rect::new(Vec2::new(-t, -t), Vec2::new(0.0, h + t)),
            Rect::new(Vec2::new(w, -t), Vec2::new(w + t, h + t)),
        ];
        if self.mode == Mode::Solo {
            walls.push(Rect::new(Vec2::new(0.0, -t), Vec2::new(w, 0.0)));
        }
        for rect in walls {
            self.add_shape(rect_shape(rect, false), ShapeRole::Wall);
        }
    }

    /// The level's bricks, row by row; the kinds that count toward clearing count
    /// as progress (a ball that hits them is not stalled).
    pub(super) fn add_bricks(&mut self) {
        let level = &self.level;
        // Levels are checked before play (`check` reports a brick with no usable
        // rectangle); should one still fail, it is left out rather than panic.
        let bricks: Vec<_> = level
            .bricks_with_positions()
            .filter_map(|(row, column, brick)| {
                let polygon = level.brick_polygon(row, column).ok()?;
                Some((level.brick_rect(row, column), polygon, brick))
            })
            .collect();
        for (rect, polygon, brick) in bricks {
            let state = BrickState {
                rect,
                kind: brick.kind,
                hits_left: brick.kind.starting_hits(),
                power_up: brick.power_up,
            };
            let shape = StaticShape {
                collider: Collider::Polygon(polygon),
                counts_as_progress: brick.kind.counts_toward_clearing(),
            };
            self.add_shape(shape, ShapeRole::Brick(state));
        }
    }

    /// The level's barriers: polygons, and segments as thin two-sided walls.
    /// Levels are checked before play; a shape that still fails to make an outline
    /// is skipped.
    fn add_barriers(&mut self) {
        let outlines: Vec<_> = self
            .level
            .barriers
            .iter()
            .enumerate()
            .filter_map(|(i, b)| Some((b.outline().ok()?, b.pivot(), self.level.barrier_motion(i))))
            .collect();
        for (outline, pivot, motion) in outlines {
            if !motion.is_still() {
                // In file order with the rest, so the ids stay as they were.
                self.add_moving_barrier(outline, pivot, motion);
                continue;
            }
            let collider = match outline {
                BarrierOutline::Polygon(p) => Collider::Polygon(p),
                BarrierOutline::Segment(s) => Collider::Segment(s),
            };
            let shape = StaticShape {
                collider,
                counts_as_progress: false,
            };
            self.add_shape(shape, ShapeRole::Barrier);
        }
    }

    /// Each playing side's goal line (its edge of the arena) and its paddle, at
    /// rest in front of it; the bottom player first.
    fn add_paddles_and_goals(&mut self) {
        let sides: &[Side] = match self.mode {
            Mode::Versus => &[Side::Bottom, Side::Top],
            Mode::Solo => &[Side::Bottom],
        };
        let (w, h) = (arena().max.x, arena().max.y);
        for &side in sides {
            // The goal line's outward direction, and the paddle facing the field.
            let (goal_y, outward, paddle_y, normal) = match side {
                Side::Bottom => (h, 1.0, h - PADDLE_REST_OFFSET, Vec2::NEG_Y),
                Side::Top => (0.0, -1.0, PADDLE_REST_OFFSET, Vec2::Y),
            };
            self.world.add_goal(Goal {
                y: goal_y,
                outward,
                defender: side.index(),
            });
            let paddle = self.world.add_paddle(Paddle::rectangle(
                Vec2::new(self.level.paddle_width, PADDLE_THICKNESS),
                Vec2::new(w * 0.5, paddle_y),
                normal,
                side.index(),
            ));
            self.players
                .push(Player::new(side, paddle, self.level.lives));
        }
    }

    /// Puts the level's staged balls in play (in solo, only the bottom player's).
    /// Returns whether there were any; without them, the players serve.
    pub(super) fn stage_balls(&mut self) -> bool {
        let staged: Vec<_> = self
            .level
            .balls
            .iter()
            .filter(|b| self.mode == Mode::Versus || b.owner == Side::Bottom)
            .copied()
            .collect();
        for b in &staged {
            self.world
                .add_ball(b.position, BALL_RADIUS, b.velocity, b.owner.index());
        }
        !staged.is_empty()
    }
}

impl Player {
    /// A player at the start of a game.
    fn new(side: Side, paddle: crate::physics::PaddleId, lives: u32) -> Player {
        Player {
            side,
            score: 0,
            round_score: 0,
            rounds_won: 0,
            took_last_round: false,
            lives,
            paddle,
            effects: Effects::default(),
            held: Vec::new(),
            laser_cooldown: 0,
            shield: None,
        }
    }
}
