//! Why a barrier has no usable outline, in the words of the line that made it.

use glam::Vec2;

use super::{BarrierShape, Diagnostic};
use crate::geom::PolygonError;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// Why a barrier is no usable shape, in the words of the line that made it.
pub(super) fn unusable_barrier(shape: &BarrierShape, line: usize, e: PolygonError) -> Diagnostic {
    let keyword = shape.keyword();
    // Finite inputs give non-finite corners, or an area that overflows to look like
    // none, only when the shape is far larger than the arena.
    let larger_than_arena = match shape {
        BarrierShape::Hexagon { radius, .. } => *radius > ARENA_WIDTH.max(ARENA_HEIGHT),
        BarrierShape::Rect { size, .. } => size.max_element() > ARENA_WIDTH.max(ARENA_HEIGHT),
        BarrierShape::Polygon(_) | BarrierShape::Segment { .. } => false,
    };
    match (shape, e) {
        (BarrierShape::Polygon(points), _) => Diagnostic::error(
            line,
            1,
            format!("this polygon {}", polygon_problem(points, e)),
        )
        .with_hint("list a convex outline's corners in order, without repeats"),
        _ if larger_than_arena || matches!(e, PolygonError::NotFinite { .. }) => Diagnostic::error(
            line,
            1,
            format!("this {keyword} is too large: its corners cannot be computed"),
        )
        .with_hint("the arena runs from 0,0 at the top left to 800,1000"),
        _ => Diagnostic::error(
            line,
            1,
            format!("this {keyword} is too small or too thin: its corners cannot be told apart"),
        )
        .with_hint("give it a size of at least a few units (a ball's radius is 8)"),
    }
}

/// What is wrong with a polygon's points, completing "this polygon ...". Points
/// count from 1 in the order the line lists them, as lines and columns do.
fn polygon_problem(points: &[Vec2], e: PolygonError) -> String {
    let at = |i: usize| {
        let p = points.get(i).copied().unwrap_or_default();
        format!("point {} ({},{})", i + 1, p.x, p.y)
    };
    match e {
        PolygonError::TooFewPoints { count } => {
            format!("needs at least 3 points, and has {count}")
        }
        PolygonError::NotFinite { index } => format!("has a {} that is not finite", at(index)),
        PolygonError::RepeatedPoint { first, second } => {
            format!("repeats {} as point {}", at(first), second + 1)
        }
        PolygonError::ZeroArea => "has no area: its points lie on one line".to_owned(),
        PolygonError::NotConvex { index } if bends_inward(points, index) => {
            format!("is not convex: it bends inward at {}", at(index))
        }
        PolygonError::NotConvex { .. } => {
            "is not convex: its outline crosses itself or winds around twice".to_owned()
        }
    }
}

/// Whether the outline turns against its overall winding at point `i`.
fn bends_inward(points: &[Vec2], i: usize) -> bool {
    let n = points.len();
    if i >= n {
        return false;
    }
    let winding: f32 = (0..n)
        .map(|k| points[k].perp_dot(points[(k + 1) % n]))
        .sum();
    let turn = (points[i] - points[(i + n - 1) % n]).perp_dot(points[(i + 1) % n] - points[i]);
    turn * winding < 0.0
}
