//! Moving shapes (a level's gliding or spinning barriers): kinematic shapes the
//! game poses every step, swept against balls as the paddles are.
//!
//! A mover is a shape like any other (`World::shapes`, its id, its role in the
//! game, the static query between steps see it where it stands), plus a pose the
//! game asks for at the end of the next step (`World::move_mover`). Within a step:
//!
//! 1. The turn comes first, at the start of the step, in small parts: after each
//!    part no corner has moved more than half the smallest ball's radius, so a
//!    ball the turn reaches overlaps the shape by less than its radius (its centre
//!    stays on its own side), and it is pushed out the way it came, never into a
//!    static shape, and given the surface's velocity there (the turn's `w x r`
//!    plus the glide), as `push_balls_out_of_paddles` does for a paddle.
//! 2. The glide is swept exactly as a paddle's motion: each ball is cast in the
//!    mover's frame with the relative motion (`cast_shapes` with the sub-step's
//!    timing), and bounces off it in that frame (`moving_bounce`), so it leaves
//!    faster than the surface follows it.
//! 3. The balls' pairs (`pairs.rs`) run while the mover is still in its glide:
//!    a pair replayed from its contact meets the mover where it is then, and a
//!    ball it meets rides on it to the end (`carry_on_mover`). Then the mover
//!    stands at its new pose (`place_movers`).
//! 4. A squeeze: a ball the mover has closed on against a wall, a brick, another
//!    barrier or a paddle cannot be pushed out the way it came (the way is shut)
//!    and would be left inside the mover (the sweep stops at `max_contacts`; a
//!    turn's push is clipped at the wall). `free_squeezed_balls` moves every ball
//!    still inside a mover the shortest free way out of it: along the way out,
//!    across it, or over its far side (where the mover came from, free since it
//!    has just left), and turns the ball away from the face it left by. The
//!    pass only moves balls that are inside a mover, so a world where none is
//!    squeezed steps, and hashes, as before.
//!
//! The broadphase keeps a mover under the box of its whole step (the box at the
//! start and at the end of the glide), updated every step, so the grid's answer
//! holds at any moment of the step.

use glam::Vec2;

use super::exit_point_polygon::exit_point_polygon;
use super::response::limit_velocity;
use super::{Ball, Collider, PhysicsConfig, ShapeId, StaticShape, World};
use crate::geom::{CastHit, Circle, Rect, Segment};
use crate::tolerance::{CONTACT_SKIN, MAX_OVERLAP};

/// Halvings that find how far a squeezed ball must go to clear a mover: the
/// bracket starts at most a few hundred units wide, so 32 halvings leave
/// well under a float's rounding at that size.
const WAY_OUT_HALVINGS: u32 = 32;

/// A kinematic shape's pose and path.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Mover {
    /// Its id among the world's shapes.
    pub(super) shape: ShapeId,
    /// Its outline about its pivot, unturned.
    local: Collider,
    /// Its outline about its pivot, turned to `angle`.
    pub(super) turned: Collider,
    /// Where its pivot is.
    pub(super) position: Vec2,
    /// How far it has turned, radians (clockwise on screen when positive).
    angle: f32,
    /// The pose asked for at the end of the next step.
    target: (Vec2, f32),
    /// Its glide during the current step (zero between steps).
    pub(super) motion: Vec2,
    /// The box the broadphase holds it under.
    pub(super) grid_box: Rect,
}

impl Collider {
    /// The same outline turned about the origin by the unit vector `rotation`.
    fn rotated(&self, rotation: Vec2) -> Collider {
        match self {
            Self::Polygon(p) => Self::Polygon(p.rotated(rotation)),
            Self::Segment(s) => {
                Self::Segment(Segment::new(rotation.rotate(s.a), rotation.rotate(s.b)))
            }
        }
    }

    /// The same outline moved by `offset`.
    fn translated(&self, offset: Vec2) -> Collider {
        match self {
            Self::Polygon(p) => Self::Polygon(p.translated(offset)),
            Self::Segment(s) => Self::Segment(Segment::new(s.a + offset, s.b + offset)),
        }
    }

    /// Farthest distance from the origin to the outline (its corners).
    fn reach(&self) -> f32 {
        match self {
            Self::Polygon(p) => p.vertices().iter().map(|v| v.length()).fold(0.0, f32::max),
            Self::Segment(s) => s.a.length().max(s.b.length()),
        }
    }

    /// The way out of the outline for a point `p` near or in it (the nearest
    /// face's normal inside a polygon, away from the nearest point otherwise).
    fn exit(&self, p: Vec2) -> Vec2 {
        match self {
            Self::Polygon(poly) => exit_point_polygon(p, poly),
            Self::Segment(s) => (p - s.closest_point(p)).normalize_or(s.direction().perp()),
        }
    }
}

impl World {
    /// Adds a moving shape: `local` is its outline about its pivot, unturned;
    /// it starts with its pivot at `position`, turned by `angle` radians. Returns
    /// its id among the shapes.
    pub fn add_mover(
        &mut self,
        local: Collider,
        position: Vec2,
        angle: f32,
        counts_as_progress: bool,
    ) -> ShapeId {
        let turned = local.rotated(crate::portable_math::from_angle(angle));
        let placed = turned.translated(position);
        let grid_box = placed.aabb();
        let id = self.add_shape(StaticShape {
            collider: placed,
            counts_as_progress,
        });
        let slot = id.0 as usize;
        if self.mover_slots.len() <= slot {
            self.mover_slots.resize(slot + 1, 0);
        }
        self.movers.push(Mover {
            shape: id,
            local,
            turned,
            position,
            angle,
            target: (position, angle),
            motion: Vec2::ZERO,
            grid_box,
        });
        self.mover_slots[slot] = self.movers.len() as u32;
        id
    }

    /// Asks for mover `id` to have its pivot at `position`, turned by `angle`
    /// radians, at the end of the next step. It glides there in a straight line
    /// and turns at the start of the step (see the module docs).
    pub fn move_mover(&mut self, id: ShapeId, position: Vec2, angle: f32) {
        if let Some(k) = self.mover_index(id.0) {
            self.movers[k].target = (position, angle);
        }
    }

    /// The mover with shape id `id`, by its index in `movers`.
    pub(super) fn mover_index(&self, id: u32) -> Option<usize> {
        let slot = *self.mover_slots.get(id as usize)?;
        (slot > 0 && self.shapes[id as usize].is_some()).then(|| slot as usize - 1)
    }

    /// The moving shapes' pose words, for the state hash: empty without movers,
    /// so every world before them keeps its hash.
    pub(super) fn mover_words(&self) -> impl Iterator<Item = u64> + '_ {
        self.movers.iter().flat_map(|m| {
            [
                u64::from(m.position.x.to_bits()) | u64::from(m.position.y.to_bits()) << 32,
                u64::from(m.angle.to_bits()) | u64::from(m.shape.0) << 32,
            ]
        })
    }

    /// Step part 1 and the broadphase: each mover turns to its target angle
    /// where it stands, in parts, pushing the balls it reaches out; then its
    /// glide for the step is set and its grid box covers the whole glide.
    pub(super) fn turn_movers(&mut self, dt: f32) {
        let smallest = self
            .balls
            .iter()
            .map(|b| b.radius)
            .fold(f32::INFINITY, f32::min);
        for k in 0..self.movers.len() {
            let (target_position, target_angle) = self.movers[k].target;
            let m = &self.movers[k];
            let turn = target_angle - m.angle;
            // A whole turn the short way round (angles wrap at a full turn).
            let turn = turn - std::f32::consts::TAU * (turn / std::f32::consts::TAU).round();
            let glide = target_position - m.position;
            if turn != 0.0 {
                let corner_travel = m.local.reach() * turn.abs();
                let part = (smallest * 0.5).clamp(0.05, 4.0);
                let parts = if smallest.is_finite() {
                    (corner_travel / part).ceil().clamp(1.0, 1000.0) as u32
                } else {
                    1
                };
                let start = m.angle;
                for i in 1..=parts {
                    let angle = if i == parts {
                        target_angle
                    } else {
                        start + turn * (i as f32 / parts as f32)
                    };
                    self.pose_mover(k, self.movers[k].position, angle);
                    self.push_balls_out_of_mover(k, turn / dt, glide / dt);
                }
            }
            let m = &mut self.movers[k];
            m.motion = glide;
            let here = m.turned.translated(m.position).aabb();
            let there = Rect::new(here.min + glide, here.max + glide);
            let swept = Rect::new(here.min.min(there.min), here.max.max(there.max));
            let (id, old) = (m.shape.0, m.grid_box);
            m.grid_box = swept;
            if self.shapes[id as usize].is_some() {
                self.shape_grid.remove(id, &old);
                self.shape_grid.insert(id, &swept);
            }
        }
    }

    /// After the balls' pairs (part 3): each mover stands where its glide
    /// ended; then the balls squeezed into one are let out (part 4).
    pub(super) fn place_movers(&mut self, dt: f32) {
        for k in 0..self.movers.len() {
            let m = &self.movers[k];
            let end = m.position + m.motion;
            let angle = m.angle;
            self.pose_mover(k, end, angle);
        }
        for k in 0..self.movers.len() {
            self.free_squeezed_balls(k, self.movers[k].motion / dt);
        }
        for m in &mut self.movers {
            m.motion = Vec2::ZERO;
        }
    }

    /// Step part 4: every ball more than the overlap tolerance inside mover `k`
    /// (moving at `glide` units a second) goes the shortest way out of it
    /// among four (the way out, across either side, through to the far side)
    /// that ends in free space, with a skin, and is turned away from the mover
    /// there. A ball with no free way stays, for the next step to try again.
    fn free_squeezed_balls(&mut self, k: usize, glide: Vec2) {
        let reach = self.movers[k].local.reach();
        for i in 0..self.balls.len() {
            let ball = self.balls[i];
            let Some((local, depth)) = self.depth_in_mover(k, reach, &ball) else {
                continue;
            };
            if depth <= MAX_OVERLAP * 0.5 {
                continue;
            }
            let turned = &self.movers[k].turned;
            let exit = turned.exit(local);
            let ways = [exit, exit.perp(), -exit.perp(), -exit];
            let clear = ball.radius + CONTACT_SKIN;
            let mut best: Option<(f32, Vec2)> = None;
            for way in ways {
                let distance = way_out(turned, local, way, clear, reach + clear);
                if best.is_some_and(|(d, _)| d <= distance) {
                    continue;
                }
                if self.circle_is_free(ball.position + way * distance, ball.radius) {
                    best = Some((distance, way));
                }
            }
            let Some((distance, way)) = best else {
                continue;
            };
            let config = self.config;
            let ball = &mut self.balls[i];
            ball.position += way * distance;
            ball.velocity = moving_bounce(ball.velocity, way, glide, &config);
        }
    }

    /// Where `ball` is in mover `k`'s frame and how deep it is inside the mover
    /// (negative outside), or None when it is beyond the mover's `reach` (its
    /// outline's farthest point from the pivot) and so cannot touch it: the cheap
    /// test that spares most balls the exact distance.
    fn depth_in_mover(&self, k: usize, reach: f32, ball: &Ball) -> Option<(Vec2, f32)> {
        let m = &self.movers[k];
        let local = ball.position - m.position;
        if local.length() > reach + ball.radius {
            return None;
        }
        Some((local, ball.radius - m.turned.signed_distance(local)))
    }

    /// Puts mover `k` at `position`, turned by `angle`, in the shape table too.
    fn pose_mover(&mut self, k: usize, position: Vec2, angle: f32) {
        let m = &mut self.movers[k];
        if angle != m.angle {
            m.turned = m.local.rotated(crate::portable_math::from_angle(angle));
        }
        m.position = position;
        m.angle = angle;
        let placed = m.turned.translated(position);
        if let Some(shape) = self.shapes[m.shape.0 as usize].as_mut() {
            shape.collider = placed;
        }
    }

    /// Pushes every ball that overlaps mover `k` out the quickest way (never into
    /// a static shape) and gives it the surface's velocity there: `spin` radians
    /// per second about the pivot plus `glide` units per second.
    fn push_balls_out_of_mover(&mut self, k: usize, spin: f32, glide: Vec2) {
        let reach = self.movers[k].local.reach();
        for i in 0..self.balls.len() {
            let ball = self.balls[i];
            let Some((local, depth)) = self.depth_in_mover(k, reach, &ball) else {
                continue;
            };
            if depth <= 0.0 {
                continue;
            }
            let turned = &self.movers[k].turned;
            let exit = turned.exit(local);
            let moved_to = self.move_clipped(ball.circle(), exit * (depth + CONTACT_SKIN));
            let contact = local - exit * (ball.radius - depth);
            let surface = glide + spin * contact.perp();
            let config = self.config;
            let ball = &mut self.balls[i];
            ball.position = moved_to;
            ball.velocity = moving_bounce(ball.velocity, exit, surface, &config);
        }
    }

    /// The first touch of a circle moving by `motion` with mover `k`, during the
    /// part of the step from `elapsed` (a share of the step) that `motion` covers
    /// (`remaining`): cast in the mover's frame with the relative motion, as
    /// `first_contact` casts the paddles. The point is in the world, where the
    /// mover is at the touch.
    pub(super) fn cast_mover(
        &self,
        k: usize,
        circle: Circle,
        motion: Vec2,
        (elapsed, remaining): (f32, f32),
    ) -> Option<CastHit> {
        let m = &self.movers[k];
        let here = m.position + m.motion * elapsed;
        let local = Circle::new(circle.center - here, circle.radius);
        let hit = m.turned.cast(local, motion - m.motion * remaining)?;
        Some(CastHit {
            point: hit.point + here + m.motion * (remaining * hit.toi),
            ..hit
        })
    }

    /// Where a circle touching mover `k` at the share `elapsed` of the step ends
    /// when the mover carries it through the next `remaining` share: along the
    /// mover's glide (a turn is over by then, see the module docs), so it stays
    /// where it touched in the mover's frame, stopped by the first other shape on
    /// the way (a squeeze, for `free_squeezed_balls`). The mover itself casts no
    /// hit: the circle's motion relative to it is exactly zero (the same product
    /// as `cast_mover` subtracts), and a cast with no motion meets nothing.
    pub(super) fn carry_on_mover(
        &self,
        k: usize,
        circle: Circle,
        (elapsed, remaining): (f32, f32),
    ) -> Vec2 {
        let carry = self.movers[k].motion * remaining;
        let toi = self
            .cast_shapes(circle, carry, Some((elapsed, remaining)))
            .map_or(1.0, |(hit, _)| hit.toi);
        circle.center + carry * toi
    }
}

/// How far a point at `from` (about the pivot) must go along the unit vector
/// `way` to stand `clear` from `outline`. The distance to a convex outline is
/// convex along a line, so the points short of `clear` form one stretch
/// starting at `from`; its far end is found by halving between 0 and a point
/// past the outline's reach (`beyond`, from the pivot).
fn way_out(outline: &Collider, from: Vec2, way: Vec2, clear: f32, beyond: f32) -> f32 {
    let (mut short, mut far) = (0.0f32, from.length() + beyond);
    for _ in 0..WAY_OUT_HALVINGS {
        let middle = (short + far) * 0.5;
        if outline.signed_distance(from + way * middle) >= clear {
            far = middle;
        } else {
            short = middle;
        }
    }
    far
}

/// A ball's velocity after it strikes a surface with unit `normal` that moves at
/// `surface`: the mirror image in the surface's frame, so the ball leaves it at
/// least as fast as it follows; then limited as every velocity is, unless the
/// limit would turn it back into a surface that chases it.
pub fn moving_bounce(v: Vec2, normal: Vec2, surface: Vec2, config: &PhysicsConfig) -> Vec2 {
    let into = (v - surface).dot(normal);
    if into >= 0.0 {
        return v;
    }
    let mirrored = v - 2.0 * into * normal;
    let limited = limit_velocity(mirrored, config);
    if (limited - surface).dot(normal) > 0.0 {
        limited
    } else {
        mirrored
    }
}
