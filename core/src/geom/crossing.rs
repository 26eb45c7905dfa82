//! Exact crossing points: segment against segment, circle against line or segment.

use glam::Vec2;

use super::segment_contact::{segment_contact, SegmentContact};
use super::{Circle, Line, Segment};

/// Where two segments meet; `None` exactly when
/// [`intersection_test_segment_segment`](super::intersection_test_segment_segment)
/// says they miss, since both take the decision from one place (`segment_contact.rs`).
///
/// Crossing segments: by their parametric forms (seeds 000 and 001),
/// `s1.a + u (s1.b - s1.a) = s2.a + w (s2.b - s2.a)`, solved with cross products
/// (Cramer's rule) so vertical and horizontal segments are ordinary cases. In f64:
/// for nearly parallel segments the divisor is a small difference of large products,
/// and f32 would put the point off the segments.
///
/// Collinear segments (within the tolerance) that overlap share a piece, not a
/// point: the result is the end of that piece nearer `s1.a`, the first point where
/// `s1`, walked from `s1.a`, meets `s2`. It lies on the longer segment, and within
/// the tolerance of the other. A zero-length segment on the other gives itself.
pub fn crossing_segment_segment(s1: Segment, s2: Segment) -> Option<Vec2> {
    match segment_contact(s1, s2) {
        SegmentContact::Apart => None,
        SegmentContact::Collinear { from, to } => {
            let a = s1.a.as_dvec2();
            let first = if a.distance_squared(from) <= a.distance_squared(to) {
                from
            } else {
                to
            };
            Some(first.as_vec2())
        }
        SegmentContact::Crossing => {
            let (a1, a2) = (s1.a.as_dvec2(), s2.a.as_dvec2());
            let (e1, e2) = (s1.b.as_dvec2() - a1, s2.b.as_dvec2() - a2);
            // s1.a + u e1 = s2.a + w e2; take the cross product of both sides with e2:
            // u (e1 x e2) = (s2.a - s1.a) x e2. Segments that are not collinear are
            // not parallel either (parallel ones outside the band lie strictly on one
            // side of each other), so the divisor is not zero; the guard keeps NaN out.
            let denom = e1.perp_dot(e2);
            let u = if denom == 0.0 {
                0.0
            } else {
                ((a2 - a1).perp_dot(e2) / denom).clamp(0.0, 1.0)
            };
            Some((a1 + e1 * u).as_vec2())
        }
    }
}

/// Zero, one or two points where a circle's boundary meets a line or segment, in
/// order along the line's direction. Iterate it, or look at [`Crossings::as_slice`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossings {
    points: [Vec2; 2],
    len: usize,
}

impl Crossings {
    const NONE: Self = Self {
        points: [Vec2::ZERO; 2],
        len: 0,
    };

    /// The points, in order along the line.
    pub fn as_slice(&self) -> &[Vec2] {
        &self.points[..self.len]
    }

    /// How many points: 0, 1 (a tangent) or 2.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the circle and line do not meet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, p: Vec2) {
        self.points[self.len] = p;
        self.len += 1;
    }
}

impl IntoIterator for Crossings {
    type Item = Vec2;
    type IntoIter = std::iter::Take<std::array::IntoIter<Vec2, 2>>;

    fn into_iter(self) -> Self::IntoIter {
        self.points.into_iter().take(self.len)
    }
}

/// The parameters `s` (in units of `direction`) where `base + s direction` is on the
/// circle, in increasing order; `None` when the line misses.
///
/// Derivation (seed 000, made stable). In the circle's frame, `f = base - center`,
/// `|f + s d|^2 = r^2` gives `a s^2 + 2 b s + c = 0` with `a = d.d`, `b = f.d`,
/// `c = f.f - r^2`. The textbook discriminant `b^2 - a c` subtracts two numbers of size
/// `|f|^2 |d|^2`: with `f` 1e5 long and `r` 10 that is 1e10 against a difference of 1e2,
/// and f32 keeps 7 digits, so the answer is noise. Lagrange's identity in 2D,
/// `(f.d)^2 + (f x d)^2 = |f|^2 |d|^2`, turns it into `a r^2 - (f x d)^2`, which is a
/// small number computed from small numbers (Haines et al., Ray Tracing Gems ch. 7;
/// Ericson 5.3.2). The roots then come from `q = -(b + sign(b) sqrt(D))`, `s1 = q / a`,
/// `s2 = c / q`, which never subtracts nearly equal values. This routine is not on the
/// physics' hot path, so it also works in f64: the points then keep full f32
/// precision even 1e5 units from the circle.
fn circle_line_parameters(circle: Circle, base: Vec2, direction: Vec2) -> Option<(f64, f64)> {
    let f = base.as_dvec2() - circle.center.as_dvec2();
    let d = direction.as_dvec2();
    let r = f64::from(circle.radius);
    let a = d.dot(d);
    if a == 0.0 {
        return None;
    }
    let b = f.dot(d);
    let cross = f.perp_dot(d);
    let disc = a * r * r - cross * cross;
    if disc < 0.0 {
        return None;
    }
    let q = -(b + b.signum() * disc.sqrt());
    if q == 0.0 {
        // b == 0 and disc == 0: the line touches the circle at its base point.
        return Some((0.0, 0.0));
    }
    let c = f.dot(f) - r * r;
    let (s1, s2) = (q / a, c / q);
    Some((s1.min(s2), s1.max(s2)))
}

fn point_on(base: Vec2, direction: Vec2, s: f64) -> Vec2 {
    (base.as_dvec2() + direction.as_dvec2() * s).as_vec2()
}

/// Where the circle's boundary meets the line, ordered along `line.direction`; a
/// tangent gives one point. A line with zero direction is a point: it is returned
/// when it lies exactly on the circle.
pub fn crossings_circle_line(circle: Circle, line: Line) -> Crossings {
    crossings_between(
        circle,
        line.base,
        line.direction,
        f64::NEG_INFINITY,
        f64::INFINITY,
    )
}

/// Where the circle's boundary meets the segment, ordered from `a` toward `b`; a
/// tangent gives one point. A zero-length segment is a point on the boundary or not.
pub fn crossings_circle_segment(circle: Circle, segment: Segment) -> Crossings {
    crossings_between(circle, segment.a, segment.b - segment.a, 0.0, 1.0)
}

fn crossings_between(circle: Circle, base: Vec2, direction: Vec2, lo: f64, hi: f64) -> Crossings {
    let mut out = Crossings::NONE;
    if direction == Vec2::ZERO {
        let f = base.as_dvec2() - circle.center.as_dvec2();
        if f.length_squared() == f64::from(circle.radius) * f64::from(circle.radius) {
            out.push(base);
        }
        return out;
    }
    if let Some((s1, s2)) = circle_line_parameters(circle, base, direction) {
        let inside = |s: f64| (lo..=hi).contains(&s);
        if inside(s1) {
            out.push(point_on(base, direction, s1));
        }
        if s2 != s1 && inside(s2) {
            out.push(point_on(base, direction, s2));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn crossing_segment_segment_vertical_and_horizontal() {
        let vertical = Segment::new(v(3., -5.), v(3., 5.));
        let horizontal = Segment::new(v(-1., 2.), v(8., 2.));
        assert_eq!(
            crossing_segment_segment(vertical, horizontal),
            Some(v(3., 2.))
        );
        assert_eq!(
            crossing_segment_segment(horizontal, vertical),
            Some(v(3., 2.))
        );
    }

    #[test]
    fn crossing_segment_segment_none_when_apart_or_parallel() {
        let s = Segment::new(v(0., 0.), v(4., 4.));
        assert_eq!(
            crossing_segment_segment(s, Segment::new(v(5., 0.), v(9., -3.))),
            None
        );
        assert_eq!(
            crossing_segment_segment(s, Segment::new(v(1., 0.), v(5., 4.))),
            None
        );
        // Touching ends is a crossing at the shared point.
        assert_eq!(
            crossing_segment_segment(s, Segment::new(v(4., 4.), v(9., 0.))),
            Some(v(4., 4.))
        );
    }

    #[test]
    fn crossing_segment_segment_nearly_collinear_apart_is_none_issue_10() {
        // The old code said these meet, at (3, 0.3).
        let s1 = Segment::new(v(0., 0.), v(3., 0.3));
        let s2 = Segment::new(v(4., 0.4), v(7., 0.7));
        assert_eq!(crossing_segment_segment(s1, s2), None);
        assert_eq!(crossing_segment_segment(s2, s1), None);
    }

    #[test]
    fn crossing_segment_segment_collinear_overlap_gives_first_shared_point_along_s1() {
        let s = Segment::new(v(0., 0.), v(4., 4.));
        let inner = Segment::new(v(3., 3.), v(1., 1.));
        assert_eq!(crossing_segment_segment(s, inner), Some(v(1., 1.)));
        assert_eq!(crossing_segment_segment(inner, s), Some(v(3., 3.)));
        let reversed = Segment::new(s.b, s.a);
        assert_eq!(crossing_segment_segment(reversed, inner), Some(v(3., 3.)));
        // Overlapping past the end: the shared piece is (2, 2)-(4, 4).
        let past = Segment::new(v(6., 6.), v(2., 2.));
        assert_eq!(crossing_segment_segment(s, past), Some(v(2., 2.)));
        assert_eq!(crossing_segment_segment(past, s), Some(v(4., 4.)));
    }

    #[test]
    fn crossing_segment_segment_collinear_overlap_far_from_origin_issue_10() {
        // Pieces of one slanted line 1e4 away, rounded to f32: the old code gave None.
        let s1 = Segment::new(v(10000., 10000.), v(11000., 10333.333));
        let s2 = Segment::new(v(10500., 10166.667), v(11500., 10500.));
        let p = crossing_segment_segment(s1, s2).unwrap();
        assert!((p - s2.a).length() < 1e-2, "{p}");
        let q = crossing_segment_segment(s2, s1).unwrap();
        assert!((q - s2.a).length() < 1e-2, "{q}");
    }

    #[test]
    fn crossing_segment_segment_point_segment_on_the_other_is_itself() {
        let s = Segment::new(v(0., 0.), v(4., 2.));
        let dot = Segment::new(v(2., 1.), v(2., 1.));
        assert_eq!(crossing_segment_segment(dot, s), Some(v(2., 1.)));
        assert_eq!(crossing_segment_segment(s, dot), Some(v(2., 1.)));
        assert_eq!(crossing_segment_segment(dot, dot), Some(v(2., 1.)));
        let off = Segment::new(v(2., 1.5), v(2., 1.5));
        assert_eq!(crossing_segment_segment(s, off), None);
    }

    #[test]
    fn crossing_segment_segment_nearly_parallel_miss_past_the_end_is_none() {
        // 1.2e-4 radians apart: the lines cross 0.04 past the short one's end, which
        // is 4.6e-6 from the long one's line. The old f32 sign tests said they meet
        // and gave a point 0.066 off the short segment. Found by random search,
        // checked in exact rational arithmetic.
        let long = Segment::new(v(35.616604, 43.19264), v(86.051956, -33.861168));
        let short = Segment::new(v(67.372215, -5.325001), v(73.18912, -14.209669));
        assert_eq!(crossing_segment_segment(long, short), None);
        assert_eq!(crossing_segment_segment(short, long), None);
    }

    #[test]
    fn seed_001_bullet_path_crosses_a_vertical_wall() {
        // A bullet at (2, 1) moving (10, 5) per frame against the wall x = 7.
        let path = Segment::new(v(2., 1.), v(12., 6.));
        let wall = Segment::new(v(7., 0.), v(7., 10.));
        assert_eq!(crossing_segment_segment(path, wall), Some(v(7., 3.5)));
    }

    #[test]
    fn crossings_circle_line_two_points_in_direction_order() {
        let c = Circle::new(v(0., 0.), 5.);
        let pts: Vec<Vec2> = crossings_circle_line(c, Line::new(v(-10., 3.), v(1., 0.)))
            .into_iter()
            .collect();
        assert_eq!(pts, vec![v(-4., 3.), v(4., 3.)]);
        let back: Vec<Vec2> = crossings_circle_line(c, Line::new(v(10., 3.), v(-2., 0.)))
            .into_iter()
            .collect();
        assert_eq!(back, vec![v(4., 3.), v(-4., 3.)]);
    }

    #[test]
    fn crossings_circle_line_tangent_gives_one_point() {
        let c = Circle::new(v(1., 1.), 2.);
        let x = crossings_circle_line(c, Line::new(v(-7., 3.), v(3., 0.)));
        assert_eq!(x.as_slice(), &[v(1., 3.)]);
        let y = crossings_circle_line(c, Line::new(v(3., 50.), v(0., -1.)));
        assert_eq!(y.as_slice(), &[v(3., 1.)]);
    }

    #[test]
    fn crossings_circle_segment_keeps_points_between_the_ends() {
        let c = Circle::new(v(0., 0.), 5.);
        let one = crossings_circle_segment(c, Segment::new(v(0., 3.), v(10., 3.)));
        assert_eq!(one.as_slice(), &[v(4., 3.)]);
        let none = crossings_circle_segment(c, Segment::new(v(-1., 0.), v(1., 0.)));
        assert!(none.is_empty());
    }

    #[test]
    fn crossings_circle_segment_precise_with_ends_1e5_away_issue_seed_000() {
        let c = Circle::new(v(0.5, -0.25), 10.);
        let s = Segment::new(v(-1e5, 5.75), v(1e5, 5.75));
        let pts = crossings_circle_segment(c, s).as_slice().to_vec();
        assert_eq!(pts.len(), 2);
        let half = 8.0; // sqrt(10^2 - 6^2)
        assert!((pts[0] - v(0.5 - half, 5.75)).length() < 1e-5, "{pts:?}");
        assert!((pts[1] - v(0.5 + half, 5.75)).length() < 1e-5, "{pts:?}");
        // Far from the origin too, with a slanted line.
        let far = Circle::new(v(1e5, 1e5), 10.);
        let slant = Segment::new(v(0., 0.), v(2e5, 2e5));
        for p in crossings_circle_segment(far, slant) {
            assert!(((p - far.center).length() - 10.).abs() < 2e-2, "{p}");
        }
    }
}
