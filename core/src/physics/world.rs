//! The physics world: what it holds and how the game edits it between steps.
//! The step itself is in `step.rs`, the static query in `query.rs`.

use crate::portable_rng::PortableRng;
use glam::Vec2;
use rand::SeedableRng;

use super::ball_grid::BallGrid;
use super::grid::UniformGrid;
use super::movers::Mover;
use super::response::limit_velocity;
use super::sweep_order::SweepScratch;
use super::{Ball, BallId, Collider, Goal, Paddle, PaddleId, PhysicsConfig, ShapeId, StaticShape};
use crate::geom::Rect;

/// Side of a static-shape broadphase cell, world units: about one brick or hexagon.
pub const GRID_CELL: f32 = 64.0;
/// Smallest side of a ball broadphase cell, world units; the grid grows its cells
/// to about one per ball (see `ball_grid.rs`). A ball's swept box must fit in a
/// cell to take the fast path: a game ball (radius 8) at the top speed of 1600
/// units per second sweeps a box 16 + 13.3 units wide, so 32 fits it. Faster balls
/// still work, each tested against every ball.
pub const BALL_GRID_CELL: f32 = 32.0;

/// A deterministic 2D world of static shapes, kinematic paddles and balls.
///
/// Same world, same calls, same seed: same state, bit for bit. Nothing here reads
/// the clock, and every loop whose order matters runs in id order.
#[derive(Debug, Clone)]
pub struct World {
    pub(super) config: PhysicsConfig,
    pub(super) bounds: Rect,
    pub(super) shapes: Vec<Option<StaticShape>>,
    pub(super) shape_grid: UniformGrid,
    /// The moving shapes (`movers.rs`), in the order they were added.
    pub(super) movers: Vec<Mover>,
    /// By shape id: 1 + the index in `movers` of a moving shape, 0 for a still one.
    pub(super) mover_slots: Vec<u32>,
    pub(super) paddles: Vec<Paddle>,
    /// Where the game wants each paddle at the end of the next step.
    pub(super) paddle_targets: Vec<Vec2>,
    /// Balls in id order (ids only grow, and removal keeps the order).
    pub(super) balls: Vec<Ball>,
    pub(super) ball_grid: BallGrid,
    pub(super) next_ball_id: u32,
    pub(super) goals: Vec<Goal>,
    pub(super) rng: PortableRng,
    pub(super) steps: u64,
    /// Buffers the step reuses instead of allocating them anew.
    pub(super) scratch: Scratch,
}

/// Buffers the step reuses.
#[derive(Debug, Clone, Default)]
pub(super) struct Scratch {
    pub(super) boxes: Vec<Rect>,
    pub(super) pairs: Vec<(u32, u32)>,
    pub(super) starts: Vec<Vec2>,
    pub(super) contacts: Vec<u32>,
    pub(super) paddle_motion: Vec<Vec2>,
    pub(super) sweep: SweepScratch,
}

impl World {
    /// An empty world over `bounds` (the arena; the broadphase grid covers it, and
    /// anything outside still works, only slower). `seed` drives the anti-stall nudges.
    pub fn new(bounds: Rect, config: PhysicsConfig, seed: u64) -> Self {
        Self {
            config,
            bounds,
            shapes: Vec::new(),
            shape_grid: UniformGrid::new(bounds, GRID_CELL),
            movers: Vec::new(),
            mover_slots: Vec::new(),
            paddles: Vec::new(),
            paddle_targets: Vec::new(),
            balls: Vec::new(),
            ball_grid: BallGrid::new(bounds, BALL_GRID_CELL),
            next_ball_id: 0,
            goals: Vec::new(),
            rng: PortableRng::seed_from_u64(seed),
            steps: 0,
            scratch: Scratch::default(),
        }
    }

    /// The physics settings.
    pub fn config(&self) -> &PhysicsConfig {
        &self.config
    }

    /// The arena rectangle given at creation.
    pub fn bounds(&self) -> Rect {
        self.bounds
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Adds a static shape; its id stays valid until it is removed.
    pub fn add_shape(&mut self, shape: StaticShape) -> ShapeId {
        let id = self.shapes.len() as u32;
        self.shape_grid.insert(id, &shape.collider.aabb());
        self.shapes.push(Some(shape));
        ShapeId(id)
    }

    /// A wall: a static polygon that does not count as progress.
    pub fn add_wall(&mut self, rect: Rect) -> ShapeId {
        self.add_shape(StaticShape {
            collider: Collider::Polygon(crate::geom::ConvexPolygon::from_rect(rect)),
            counts_as_progress: false,
        })
    }

    /// Removes a shape (a brick breaks). Removing twice is harmless.
    pub fn remove_shape(&mut self, id: ShapeId) -> Option<StaticShape> {
        // A moving shape sits in the grid under the box of its whole step.
        let grid_box = self.mover_index(id.0).map(|k| self.movers[k].grid_box);
        let slot = self.shapes.get_mut(id.0 as usize)?;
        let shape = slot.take()?;
        let boxed = grid_box.unwrap_or_else(|| shape.collider.aabb());
        self.shape_grid.remove(id.0, &boxed);
        Some(shape)
    }

    /// A shape by id, if it is still there.
    pub fn shape(&self, id: ShapeId) -> Option<&StaticShape> {
        self.shapes.get(id.0 as usize)?.as_ref()
    }

    /// Every live shape with its id, in id order.
    pub fn shapes(&self) -> impl Iterator<Item = (ShapeId, &StaticShape)> {
        self.shapes
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((ShapeId(i as u32), s.as_ref()?)))
    }

    /// Adds a paddle.
    pub fn add_paddle(&mut self, paddle: Paddle) -> PaddleId {
        self.paddle_targets.push(paddle.position);
        self.paddles.push(paddle);
        PaddleId(self.paddles.len() as u32 - 1)
    }

    /// The paddles, indexed by `PaddleId`.
    pub fn paddles(&self) -> &[Paddle] {
        &self.paddles
    }

    /// Asks for paddle `id` to be at `target` at the end of the next step. It moves
    /// there in a straight line at constant speed, unless a ball that cannot get out
    /// of the way stops it (a paddle never squeezes a ball into a wall).
    pub fn move_paddle(&mut self, id: PaddleId, target: Vec2) {
        if let Some(t) = self.paddle_targets.get_mut(id.0 as usize) {
            *t = target;
        }
    }

    /// Changes a paddle's outline (a power-up enlarges it); the new shape is centred
    /// on the paddle's position.
    pub fn set_paddle_shape(
        &mut self,
        id: PaddleId,
        shape: crate::geom::ConvexPolygon,
        half_width: f32,
    ) {
        if let Some(p) = self.paddles.get_mut(id.0 as usize) {
            p.shape = shape;
            p.half_width = half_width;
        }
    }

    /// Adds a goal line; its index is its position in [`World::goals`].
    pub fn add_goal(&mut self, goal: Goal) -> usize {
        self.goals.push(goal);
        self.goals.len() - 1
    }

    /// The goal lines.
    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }

    /// Adds a ball; its velocity is brought inside the allowed speeds and angles.
    pub fn add_ball(&mut self, position: Vec2, radius: f32, velocity: Vec2, owner: u8) -> BallId {
        let id = BallId(self.next_ball_id);
        self.next_ball_id += 1;
        self.balls.push(Ball {
            id,
            position,
            radius,
            velocity: limit_velocity(velocity, &self.config),
            owner,
            steps_without_progress: 0,
        });
        id
    }

    /// Removes a ball.
    pub fn remove_ball(&mut self, id: BallId) -> Option<Ball> {
        let i = self.ball_index(id)?;
        Some(self.balls.remove(i))
    }

    /// The balls, in id order.
    pub fn balls(&self) -> &[Ball] {
        &self.balls
    }

    /// A ball by id.
    pub fn ball(&self, id: BallId) -> Option<&Ball> {
        self.ball_index(id).map(|i| &self.balls[i])
    }

    /// A ball by id, to change its owner or velocity between steps. A velocity set
    /// here is limited at the ball's next contact, not before.
    pub fn ball_mut(&mut self, id: BallId) -> Option<&mut Ball> {
        self.ball_index(id).map(|i| &mut self.balls[i])
    }

    fn ball_index(&self, id: BallId) -> Option<usize> {
        self.balls.binary_search_by_key(&id, |b| b.id).ok()
    }

    /// A hash of everything that evolves (balls, paddles, live shapes, step count),
    /// over the exact bits of every float: equal hashes mean equal states.
    pub fn state_hash(&self) -> u64 {
        // FNV-1a: simple, stable across platforms and Rust versions (unlike the std hasher).
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            for byte in x.to_le_bytes() {
                h = (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(self.steps);
        for b in &self.balls {
            eat(u64::from(b.id.0));
            for f in [
                b.position.x,
                b.position.y,
                b.velocity.x,
                b.velocity.y,
                b.radius,
            ] {
                eat(u64::from(f.to_bits()));
            }
            eat(u64::from(b.owner));
        }
        for p in &self.paddles {
            for f in [p.position.x, p.position.y] {
                eat(u64::from(f.to_bits()));
            }
        }
        for (id, _) in self.shapes() {
            eat(u64::from(id.0));
        }
        for word in self.mover_words() {
            eat(word);
        }
        h
    }

    /// The broadphase cell size, for the debug overlay.
    pub fn grid_cell_size(&self) -> f32 {
        self.shape_grid.cell_size()
    }
}

impl World {
    /// Whether a disc of `radius` at `center` touches no static shape or paddle.
    pub fn circle_is_free(&self, center: Vec2, radius: f32) -> bool {
        let mut touching = false;
        let area = Rect::new(center, center).expanded(radius);
        let shapes = &self.shapes;
        self.shape_grid.query(&area, |id| {
            if let Some(s) = &shapes[id as usize] {
                touching |= s.collider.signed_distance(center) < radius;
            }
        });
        !touching
            && !self
                .paddles
                .iter()
                .any(|p| p.shape.signed_distance(center - p.position) < radius)
    }
}
