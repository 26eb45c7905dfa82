//! How far two pieces of a level overlap, and which way to move one to part them:
//! separating axes over outlines that may be polygons or segments.

use glam::Vec2;

use super::BarrierOutline;
use crate::geom::overlap_depth_polygon_polygon;

/// The overlap of two outlines `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Overlap {
    /// How deep they overlap, world units: the shortest move of `a` that parts
    /// them. Negative (the gap) when they are apart, 0 when they touch.
    pub(super) depth: f32,
    /// The unit direction of that shortest move of `a`.
    pub(super) away: Vec2,
}

/// The overlap of `a` and `b`, by separating axes (Ericson 5.2.1): on each edge
/// normal of either outline, the shadows of the two overlap by some length, and
/// moving `a` along the axis by that length parts them. A segment is a polygon
/// of two corners whose only edge normal is its own; its shadow on that normal
/// is a point, and a polygon it crosses must still move off it, so each axis
/// counts the full move that parts the shadows (not just their common length).
///
/// Two polygons keep the common length of their shadows as the depth, as the
/// checker has always measured them (a level that passed before still passes);
/// `away` is the direction of the shortest full move.
pub(super) fn overlap(a: &BarrierOutline, b: &BarrierOutline) -> Overlap {
    let mut best = Overlap {
        depth: f32::INFINITY,
        away: Vec2::X,
    };
    for axis in axes(a).into_iter().chain(axes(b)) {
        let (a_lo, a_hi) = shadow(a, axis);
        let (b_lo, b_hi) = shadow(b, axis);
        for (depth, away) in [(b_hi - a_lo, axis), (a_hi - b_lo, -axis)] {
            if depth < best.depth {
                best = Overlap { depth, away };
            }
        }
    }
    if let (BarrierOutline::Polygon(pa), BarrierOutline::Polygon(pb)) = (a, b) {
        best.depth = best.depth.min(overlap_depth_polygon_polygon(pa, pb));
    }
    best
}

/// The edge normals of an outline (unit length): a polygon's, or a segment's one.
fn axes(outline: &BarrierOutline) -> Vec<Vec2> {
    match outline {
        BarrierOutline::Polygon(p) => p.normals().to_vec(),
        BarrierOutline::Segment(s) => vec![s.direction().normalize_or_zero().perp()],
    }
}

/// The interval an outline covers along `axis`.
fn shadow(outline: &BarrierOutline, axis: Vec2) -> (f32, f32) {
    let corners: &[Vec2] = match outline {
        BarrierOutline::Polygon(p) => p.vertices(),
        BarrierOutline::Segment(s) => &[s.a, s.b],
    };
    corners
        .iter()
        .map(|v| v.dot(axis))
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// Words for a direction on screen (y grows downward): one of eight.
pub(super) fn direction_words(d: Vec2) -> &'static str {
    // Eight sectors of 45 degrees, centred on right, down-right, down, ...
    let sector =
        (crate::portable_math::atan2(d.y, d.x) / std::f32::consts::FRAC_PI_4).round() as i32;
    match sector.rem_euclid(8) {
        0 => "right",
        1 => "down and right",
        2 => "down",
        3 => "down and left",
        4 => "left",
        5 => "up and left",
        6 => "up",
        _ => "up and right",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{ConvexPolygon, Rect, Segment};

    fn square(x: f32, y: f32, side: f32) -> BarrierOutline {
        let r = Rect::new(Vec2::new(x, y), Vec2::new(x + side, y + side));
        BarrierOutline::Polygon(ConvexPolygon::from_rect(r))
    }

    fn segment(a: (f32, f32), b: (f32, f32)) -> BarrierOutline {
        BarrierOutline::Segment(Segment::new(Vec2::new(a.0, a.1), Vec2::new(b.0, b.1)))
    }

    #[test]
    fn overlap_squares_reports_depth_and_shortest_way_out() {
        let o = overlap(&square(0.0, 0.0, 10.0), &square(7.0, 1.0, 10.0));
        assert_eq!(o.depth, 3.0);
        assert_eq!(o.away, Vec2::NEG_X);
        assert_eq!(direction_words(o.away), "left");
    }

    #[test]
    fn overlap_segment_through_square_is_deep_and_apart_is_negative() {
        let through = overlap(&segment((5.0, -5.0), (5.0, 20.0)), &square(0.0, 0.0, 10.0));
        assert_eq!(through.depth, 5.0, "{through:?}");
        let apart = overlap(
            &segment((15.0, -5.0), (15.0, 20.0)),
            &square(0.0, 0.0, 10.0),
        );
        assert!(apart.depth < 0.0, "{apart:?}");
    }

    #[test]
    fn overlap_crossing_segments_overlap_and_collinear_ones_touch() {
        let cross = overlap(
            &segment((0.0, 0.0), (10.0, 10.0)),
            &segment((0.0, 10.0), (10.0, 0.0)),
        );
        assert!(cross.depth > 5.0, "{cross:?}");
        let along = overlap(
            &segment((0.0, 0.0), (10.0, 0.0)),
            &segment((5.0, 0.0), (20.0, 0.0)),
        );
        assert_eq!(along.depth, 0.0, "{along:?}");
    }

    #[test]
    fn direction_words_name_the_eight_ways_with_y_down() {
        assert_eq!(direction_words(Vec2::new(0.0, -1.0)), "up");
        assert_eq!(direction_words(Vec2::new(1.0, 1.0)), "down and right");
        assert_eq!(direction_words(Vec2::new(-1.0, -0.9)), "up and left");
    }
}
