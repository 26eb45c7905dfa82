//! Yes/no overlap tests (seed 003). Touching counts as intersecting throughout.

use glam::Vec2;

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

/// Which side of the line through `a` and `b` the point `p` is on: positive to the
/// left, negative to the right, zero on it.
fn orientation(a: Vec2, b: Vec2, p: Vec2) -> f32 {
    (b - a).perp_dot(p - a)
}

/// True when both values are non-zero with the same sign: the two points lie strictly
/// on one side, so the axis separates. Comparing signs avoids a product that could
/// underflow to zero.
fn same_strict_side(o1: f32, o2: f32) -> bool {
    (o1 > 0.0 && o2 > 0.0) || (o1 < 0.0 && o2 < 0.0)
}

/// Whether two segments share a point; touching ends and collinear overlap count.
///
/// Separating axes along each segment (seed 003): if one segment lies strictly on
/// one side of the other's line they miss. If all four points are collinear, they
/// meet when their bounding boxes overlap.
pub fn intersection_test_segment_segment(s1: Segment, s2: Segment) -> bool {
    let o1 = orientation(s1.a, s1.b, s2.a);
    let o2 = orientation(s1.a, s1.b, s2.b);
    let o3 = orientation(s2.a, s2.b, s1.a);
    let o4 = orientation(s2.a, s2.b, s1.b);
    if same_strict_side(o1, o2) || same_strict_side(o3, o4) {
        return false;
    }
    if o1 == 0.0 && o2 == 0.0 && o3 == 0.0 && o4 == 0.0 {
        let b1 = Rect::from_points([s1.a, s1.b]);
        let b2 = Rect::from_points([s2.a, s2.b]);
        return b1.overlaps(&b2);
    }
    true
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
