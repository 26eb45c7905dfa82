//! The things a [`World`](super::World) holds: static shapes, paddles, balls, goal lines.

use glam::Vec2;

use crate::geom::{
    cast_circle_polygon, cast_circle_segment, CastHit, Circle, ConvexPolygon, Rect, Segment,
};

/// Identifies a ball for as long as it lives. Ids grow in creation order and are
/// never reused, which also fixes the order in which balls move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BallId(pub u32);

/// Identifies a static shape (wall, brick, barrier) until it is removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShapeId(pub u32);

/// Identifies a paddle (its index, in the order they were added).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PaddleId(pub u32);

/// The geometry of a static shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Collider {
    /// A solid convex polygon: brick, wall, hexagon.
    Polygon(ConvexPolygon),
    /// A two-sided segment of no thickness: a thin barrier.
    Segment(Segment),
}

impl Collider {
    /// The bounding box.
    pub fn aabb(&self) -> Rect {
        match self {
            Self::Polygon(p) => p.aabb(),
            Self::Segment(s) => Rect::from_points([s.a, s.b]),
        }
    }

    /// First touch of a circle moving by `motion`.
    pub fn cast(&self, circle: Circle, motion: Vec2) -> Option<CastHit> {
        match self {
            Self::Polygon(p) => cast_circle_polygon(circle, motion, p),
            Self::Segment(s) => cast_circle_segment(circle, motion, *s),
        }
    }

    /// Signed distance from `p` to the shape's boundary (negative inside a polygon).
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        match self {
            Self::Polygon(poly) => poly.signed_distance(p),
            Self::Segment(s) => s.closest_point(p).distance(p),
        }
    }
}

/// A shape that never moves. It may be removed between steps (a brick breaks).
#[derive(Debug, Clone, PartialEq)]
pub struct StaticShape {
    /// Its geometry.
    pub collider: Collider,
    /// Whether touching it counts as progress for the anti-stall rule (a breakable
    /// brick does; walls and unbreakable bricks do not).
    pub counts_as_progress: bool,
}

/// A paddle: a convex shape that the game moves every step.
///
/// The polygon is in the paddle's own frame, centred on the origin; `position` places
/// it. `normal` is the direction it serves and returns balls toward (up for the
/// bottom paddle).
#[derive(Debug, Clone, PartialEq)]
pub struct Paddle {
    /// The outline around the paddle's centre.
    pub shape: ConvexPolygon,
    /// Centre, in world units.
    pub position: Vec2,
    /// Velocity during the current step, units per second: set by the step from the
    /// path it plans toward the target given to `World::move_paddle`, and zero
    /// between steps.
    pub velocity: Vec2,
    /// Unit vector pointing into the field from the paddle's face.
    pub normal: Vec2,
    /// Half the paddle's width along its face, for aiming.
    pub half_width: f32,
    /// Who the paddle belongs to; a ball it strikes becomes that owner's.
    pub owner: u8,
}

impl Paddle {
    /// A rectangular paddle of `size` centred at `position`, facing `normal`.
    pub fn rectangle(size: Vec2, position: Vec2, normal: Vec2, owner: u8) -> Self {
        let half = size * 0.5;
        let shape = ConvexPolygon::from_rect(Rect::new(-half, half));
        let tangent = normal.perp();
        let half_width = half.x * tangent.x.abs() + half.y * tangent.y.abs();
        Self {
            shape,
            position,
            velocity: Vec2::ZERO,
            normal,
            half_width,
            owner,
        }
    }

    /// The outline placed in the world at the paddle's position plus `offset`.
    pub fn placed(&self, offset: Vec2) -> ConvexPolygon {
        self.shape.translated(self.position + offset)
    }
}

/// A ball.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ball {
    /// Identity, fixed for its life.
    pub id: BallId,
    /// Centre, world units.
    pub position: Vec2,
    /// Radius, world units.
    pub radius: f32,
    /// Velocity, units per second.
    pub velocity: Vec2,
    /// The player it belongs to.
    pub owner: u8,
    /// Steps since it last touched a paddle or a shape that counts as progress.
    pub steps_without_progress: u32,
}

impl Ball {
    /// The ball's disc.
    pub fn circle(&self) -> Circle {
        Circle::new(self.position, self.radius)
    }
}

/// A horizontal line that removes the balls crossing it: a player's goal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goal {
    /// Height of the line.
    pub y: f32,
    /// `1.0` when balls leave downward through it (y growing past `y`), `-1.0` upward.
    pub outward: f32,
    /// The player defending it.
    pub defender: u8,
}

impl Goal {
    /// Whether a ball centre at `p` is beyond the line.
    pub fn is_beyond(&self, p: Vec2) -> bool {
        (p.y - self.y) * self.outward > 0.0
    }
}
