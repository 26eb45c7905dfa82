//! Where a level's pieces sit in the arena, as geometry: brick rectangles, barrier
//! polygons, paddle zones and walls. Shared by the checker and the game.

use glam::Vec2;

use super::{BarrierShape, Level, Side};
use crate::geom::{ConvexPolygon, OrientedRect, PolygonError, Rect, Segment};
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, PADDLE_ZONE_DEPTH};

/// The arena, from (0, 0) at the top left to (width, height).
pub fn arena() -> Rect {
    Rect::new(Vec2::ZERO, Vec2::new(ARENA_WIDTH, ARENA_HEIGHT))
}

/// The band a side's paddle moves in: the full width, `PADDLE_ZONE_DEPTH` deep,
/// next to that side's goal line.
pub fn paddle_zone(side: Side) -> Rect {
    match side {
        Side::Bottom => Rect::new(
            Vec2::new(0.0, ARENA_HEIGHT - PADDLE_ZONE_DEPTH),
            Vec2::new(ARENA_WIDTH, ARENA_HEIGHT),
        ),
        Side::Top => Rect::new(Vec2::ZERO, Vec2::new(ARENA_WIDTH, PADDLE_ZONE_DEPTH)),
    }
}

impl Level {
    /// The rectangle of the brick at (row, column); the grid is centred on
    /// `bricks_center`.
    pub fn brick_rect(&self, row: usize, column: usize) -> Rect {
        let grid = Vec2::new(self.bricks.columns as f32, self.bricks.rows as f32) * self.brick_size;
        let min = self.bricks_center - grid * 0.5
            + Vec2::new(column as f32, row as f32) * self.brick_size;
        Rect::new(min, min + self.brick_size)
    }

    /// The brick at (row, column) as a polygon, or why it has none (a brick rect
    /// is never degenerate in a checked level, but the game builds it fallibly all
    /// the same: level data never reaches a panicking constructor).
    pub fn brick_polygon(&self, row: usize, column: usize) -> Result<ConvexPolygon, PolygonError> {
        ConvexPolygon::try_from_rect(self.brick_rect(row, column))
    }

    /// Every brick with its (row, column), top row first.
    pub fn bricks_with_positions(&self) -> impl Iterator<Item = (usize, usize, super::Brick)> + '_ {
        let columns = self.bricks.columns.max(1);
        self.bricks
            .cells
            .iter()
            .enumerate()
            .filter_map(move |(i, b)| Some((i / columns, i % columns, (*b)?)))
    }
}

/// A barrier's outline in arena units: what the game puts in the world and the
/// checker measures.
#[derive(Debug, Clone, PartialEq)]
pub enum BarrierOutline {
    /// A solid convex polygon (hexagon, rect, polygon).
    Polygon(ConvexPolygon),
    /// A wall of no thickness (segment).
    Segment(Segment),
}

impl BarrierOutline {
    /// The bounding box.
    pub fn aabb(&self) -> Rect {
        match self {
            Self::Polygon(p) => p.aabb(),
            Self::Segment(s) => Rect::from_points([s.a, s.b]),
        }
    }

    /// Distance from `p` to the outline, negative inside a polygon (a segment has
    /// no inside).
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        match self {
            Self::Polygon(poly) => poly.signed_distance(p),
            Self::Segment(s) => s.closest_point(p).distance(p),
        }
    }
}

impl BarrierShape {
    /// The barrier's outline in arena units, or why it has none (a polygon that
    /// is not convex, a shape too small or too large to compute; a segment always
    /// has one).
    pub fn outline(&self) -> Result<BarrierOutline, PolygonError> {
        let polygon = match self {
            Self::Hexagon {
                center,
                radius,
                rotation,
            } => ConvexPolygon::try_regular(*center, *radius, 6, rotation.to_radians()),
            Self::Rect {
                center,
                size,
                rotation,
            } => {
                let r = OrientedRect::new(*center, *size * 0.5, rotation.to_radians());
                ConvexPolygon::new(r.corners().to_vec())
            }
            Self::Polygon(points) => ConvexPolygon::new(points.clone()),
            Self::Segment { from, to } => {
                return Ok(BarrierOutline::Segment(Segment::new(*from, *to)))
            }
        };
        polygon.map(BarrierOutline::Polygon)
    }

    /// The keyword that starts this barrier's line.
    pub fn keyword(&self) -> &'static str {
        match self {
            Self::Hexagon { .. } => "hexagon",
            Self::Rect { .. } => "rect",
            Self::Polygon(_) => "polygon",
            Self::Segment { .. } => "segment",
        }
    }
}
