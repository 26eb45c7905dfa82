//! Yes/no overlap tests (seed 003). Touching counts as intersecting throughout.

use glam::Vec2;

use super::segment_contact::{segment_contact, SegmentContact};
use super::{Circle, ConvexPolygon, Line, OrientedRect, Rect, Segment};
use crate::tolerance::PARALLEL_SINE;

/// Whether `a` and `b` are parallel, relative to their lengths (see [`PARALLEL_SINE`]).
fn nearly_parallel(a: Vec2, b: Vec2) -> bool {
    a.perp_dot(b).abs() <= PARALLEL_SINE * a.length() * b.length()
}

/// Whether two infinite lines meet. Parallel lines meet only when they are the same
/// line (seed 003's "equivalent"). A zero direction makes a line a single point.
pub fn intersection_test_line_line(l1: Line, l2: Line) -> bool {
    let (d1, d2) = (l1.direction, l2.direction);
    let base_gap = l2.base - l1.base;
    match (d1 == Vec2::ZERO, d2 == Vec2::ZERO) {
        (true, true) => base_gap == Vec2::ZERO,
        (true, false) => nearly_parallel(base_gap, d2),
        (false, true) => nearly_parallel(base_gap, d1),
        // Not parallel: they cross somewhere. Parallel: equivalent when the gap
        // between the base points runs along the lines.
        (false, false) => !nearly_parallel(d1, d2) || nearly_parallel(base_gap, d1),
    }
}

/// Whether two segments share a point; touching ends and collinear overlap count.
///
/// Collinear within [`COLLINEAR_RELATIVE_DISTANCE`] (both ends of the shorter that
/// close to the longer's line, relative to the longer's length): they meet when
/// their shadows on the longer segment overlap. Otherwise by separating axes along
/// each segment (seed 003): they miss when one lies strictly on one side of the
/// other's line. A zero-length segment is a point: it meets a segment it lies on,
/// within the tolerance, and another point only if equal. Exactly symmetric under
/// swapping the segments or the ends of either. See `segment_contact.rs`.
///
/// [`COLLINEAR_RELATIVE_DISTANCE`]: crate::tolerance::COLLINEAR_RELATIVE_DISTANCE
pub fn intersection_test_segment_segment(s1: Segment, s2: Segment) -> bool {
    segment_contact(s1, s2) != SegmentContact::Apart
}

/// Whether `p` lies inside or on the circle.
pub fn intersection_test_circle_point(c: Circle, p: Vec2) -> bool {
    c.center.distance_squared(p) <= c.radius * c.radius
}

/// Whether the circle touches the segment: its closest point is within the radius.
pub fn intersection_test_circle_segment(c: Circle, s: Segment) -> bool {
    intersection_test_circle_point(c, s.closest_point(c.center))
}

/// Whether the circle touches the axis-aligned rectangle: the rectangle's point
/// closest to the centre (the centre clamped into the box) is within the radius.
pub fn intersection_test_circle_rect(c: Circle, r: Rect) -> bool {
    intersection_test_circle_point(c, c.center.clamp(r.min, r.max))
}

/// Whether two oriented rectangles overlap, by separating axes: the four edge
/// directions are the only candidates. On each axis, the rectangles miss when the
/// distance between centres exceeds the sum of their projected half-widths.
pub fn intersection_test_oriented_rect_oriented_rect(a: OrientedRect, b: OrientedRect) -> bool {
    let axes_a = a.axes();
    let axes_b = b.axes();
    let gap = b.center - a.center;
    let half_width = |r: &OrientedRect, axes: &[Vec2; 2], axis: Vec2| {
        r.half_extents.x * axes[0].dot(axis).abs() + r.half_extents.y * axes[1].dot(axis).abs()
    };
    axes_a.iter().chain(&axes_b).all(|&axis| {
        gap.dot(axis).abs() <= half_width(&a, &axes_a, axis) + half_width(&b, &axes_b, axis)
    })
}

/// How deeply two convex polygons overlap: the smallest overlap of their shadows
/// over all edge normals of both (separating axes). Positive when they overlap,
/// zero when they touch, negative (minus the widest gap found) when they are apart.
pub fn overlap_depth_polygon_polygon(a: &ConvexPolygon, b: &ConvexPolygon) -> f32 {
    let shadow = |p: &ConvexPolygon, axis: Vec2| {
        p.vertices()
            .iter()
            .map(|v| v.dot(axis))
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            })
    };
    a.normals()
        .iter()
        .chain(b.normals())
        .map(|&axis| {
            let (a_lo, a_hi) = shadow(a, axis);
            let (b_lo, b_hi) = shadow(b, axis);
            a_hi.min(b_hi) - a_lo.max(b_lo)
        })
        .fold(f32::INFINITY, f32::min)
}

/// Whether two convex polygons share any point (touching counts), by separating axes.
pub fn intersection_test_polygon_polygon(a: &ConvexPolygon, b: &ConvexPolygon) -> bool {
    overlap_depth_polygon_polygon(a, b) >= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn seed_003_line_line_examples() {
        let (a, b, c) = (v(3., 5.), v(3., 2.), v(8., 4.));
        let (down, up) = (v(5., -1.), v(5., 2.));
        let (l1, l2, l3, l4) = (
            Line::new(a, down),
            Line::new(a, up),
            Line::new(b, up),
            Line::new(c, down),
        );
        assert!(intersection_test_line_line(l1, l2));
        assert!(intersection_test_line_line(l1, l3));
        assert!(!intersection_test_line_line(l2, l3));
        assert!(intersection_test_line_line(l1, l4));
    }

    #[test]
    fn line_line_equivalent_parallel_lines_meet() {
        let l1 = Line::new(v(0., 0.), v(1., 1.));
        let l2 = Line::new(v(5., 5.), v(-2., -2.));
        assert!(intersection_test_line_line(l1, l2));
        // Vertical lines: the y = mx + c form of the seeds cannot say this.
        let v1 = Line::new(v(3., 0.), v(0., 1.));
        assert!(!intersection_test_line_line(
            v1,
            Line::new(v(4., 0.), v(0., 7.))
        ));
        assert!(intersection_test_line_line(
            v1,
            Line::new(v(3., 9.), v(0., -2.))
        ));
    }

    #[test]
    fn seed_003_segments_that_miss() {
        let s1 = Segment::new(v(3., 4.), v(11., 1.));
        let s2 = Segment::new(v(8., 4.), v(11., 7.));
        assert!(!intersection_test_segment_segment(s1, s2));
    }

    #[test]
    fn segment_segment_touching_ends_and_collinear_overlap_count() {
        let s = Segment::new(v(0., 0.), v(4., 0.));
        assert!(intersection_test_segment_segment(
            s,
            Segment::new(v(4., 0.), v(6., 3.))
        ));
        assert!(intersection_test_segment_segment(
            s,
            Segment::new(v(3., 0.), v(9., 0.))
        ));
        assert!(!intersection_test_segment_segment(
            s,
            Segment::new(v(5., 0.), v(9., 0.))
        ));
        assert!(intersection_test_segment_segment(
            s,
            Segment::new(v(2., -1.), v(2., 1.))
        ));
        // A zero-length segment is a point.
        assert!(intersection_test_segment_segment(
            s,
            Segment::new(v(1., 0.), v(1., 0.))
        ));
        assert!(!intersection_test_segment_segment(
            s,
            Segment::new(v(1., 1.), v(1., 1.))
        ));
    }

    #[test]
    fn segment_intersect_nearly_collinear_apart_issue_10() {
        // One line, 1 unit apart: rounding made some orientations exactly zero and
        // the old sign tests said they meet.
        let s1 = Segment::new(v(0., 0.), v(3., 0.3));
        let s2 = Segment::new(v(4., 0.4), v(7., 0.7));
        assert!(!intersection_test_segment_segment(s1, s2));
        assert!(!intersection_test_segment_segment(s2, s1));
    }

    #[test]
    fn segment_intersect_collinear_overlap_far_from_origin_issue_10() {
        // Two 1000-unit pieces of the slope-1/3 line through (1e4, 1e4), overlapping
        // by half. Rounded to f32 they are a few 1e-4 off the line, on one side,
        // and the old sign tests said they miss.
        let s1 = Segment::new(v(10000., 10000.), v(11000., 10333.333));
        let s2 = Segment::new(v(10500., 10166.667), v(11500., 10500.));
        assert!(intersection_test_segment_segment(s1, s2));
        assert!(intersection_test_segment_segment(s2, s1));
    }

    #[test]
    fn segment_intersect_point_on_a_wall_far_from_origin_issue_10() {
        // 1e-4 above the wall's line, well inside the tolerance (0.01 for a
        // 1054-unit wall); the old sign tests said it is off the wall.
        let wall = Segment::new(v(10000., 10000.), v(11000., 10333.333));
        let point = |p| Segment::new(p, p);
        assert!(intersection_test_segment_segment(
            wall,
            point(v(10300., 10100.))
        ));
        assert!(!intersection_test_segment_segment(
            wall,
            point(v(10300., 10100.02))
        ));
        // On the line, past the end.
        assert!(!intersection_test_segment_segment(
            wall,
            point(v(11300., 10433.333))
        ));
    }

    #[test]
    fn segment_intersect_sub_epsilon_segment_within_tolerance() {
        // A segment one f32 step long (2.4e-7), across a 45-degree line: on it when
        // within 1e-5 of the line's length (5.7e-5 here), off it beyond.
        let s = Segment::new(v(0., 0.), v(4., 4.));
        let on = Segment::new(v(2., 2.00002), v(2., 2.0000203));
        let off = Segment::new(v(2., 2.0001), v(2., 2.0001003));
        assert!(on.a != on.b && off.a != off.b);
        assert!(intersection_test_segment_segment(s, on));
        assert!(!intersection_test_segment_segment(s, off));
    }

    #[test]
    fn seed_003_oriented_rectangles_that_miss() {
        let a = OrientedRect::new(v(3., 5.), v(1., 3.), 15f32.to_radians());
        let b = OrientedRect::new(v(10., 5.), v(2., 2.), (-15f32).to_radians());
        assert!(!intersection_test_oriented_rect_oriented_rect(a, b));
        let c = OrientedRect::new(v(6., 5.), v(2., 2.), 0.7);
        assert!(intersection_test_oriented_rect_oriented_rect(a, c));
    }

    #[test]
    fn oriented_rect_diamond_gap_needs_the_second_rectangles_axes() {
        // The corner of a diamond points at a square's corner: only the diamond's
        // own axes separate them.
        let square = OrientedRect::new(v(0., 0.), v(1., 1.), 0.0);
        let diamond = OrientedRect::new(v(2.6, 2.6), v(1., 1.), std::f32::consts::FRAC_PI_4);
        assert!(!intersection_test_oriented_rect_oriented_rect(
            square, diamond
        ));
        assert!(!intersection_test_oriented_rect_oriented_rect(
            diamond, square
        ));
    }

    #[test]
    fn polygon_polygon_overlap_touch_and_gap() {
        let square = ConvexPolygon::from_rect(Rect::new(v(0., 0.), v(4., 4.)));
        let touching = ConvexPolygon::from_rect(Rect::new(v(4., 1.), v(6., 2.)));
        let apart = ConvexPolygon::regular(v(10., 2.), 2.0, 6, 0.0);
        let inside = ConvexPolygon::regular(v(3., 2.), 2.0, 6, 0.0);
        assert_eq!(overlap_depth_polygon_polygon(&square, &touching), 0.0);
        assert!(intersection_test_polygon_polygon(&square, &touching));
        assert!(!intersection_test_polygon_polygon(&square, &apart));
        assert!((overlap_depth_polygon_polygon(&square, &inside) - 3.0).abs() < 1e-5);
    }

    #[test]
    fn seed_003_circle_point_examples() {
        let c = Circle::new(v(6., 4.), 3.);
        assert!(intersection_test_circle_point(c, v(8., 3.)));
        assert!(!intersection_test_circle_point(c, v(11., 7.)));
    }

    #[test]
    fn seed_003_circle_segment_misses_beyond_the_end() {
        let c = Circle::new(v(4., 4.), 3.);
        assert!(!intersection_test_circle_segment(
            c,
            Segment::new(v(8., 6.), v(13., 6.))
        ));
        assert!(intersection_test_circle_segment(
            c,
            Segment::new(v(-8., 6.), v(13., 6.))
        ));
    }

    #[test]
    fn seed_003_circle_rect() {
        let r = Rect::new(v(3., 2.), v(9., 6.));
        assert!(intersection_test_circle_rect(Circle::new(v(5., 4.), 1.), r));
        assert!(intersection_test_circle_rect(
            Circle::new(v(10., 7.), 1.5),
            r
        ));
        assert!(!intersection_test_circle_rect(
            Circle::new(v(10., 7.), 1.),
            r
        ));
    }
}
