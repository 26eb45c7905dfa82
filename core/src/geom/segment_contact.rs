//! The one decision behind `intersection_test_segment_segment` and
//! `crossing_segment_segment`, so the two can never disagree (issue 10).
//!
//! Sign tests alone (seed 003, Ericson 5.1.9.1) misjudge collinear pieces: rounding
//! makes some of the four orientations zero and others tiny, and the exact-zero test
//! for "collinear" then passes or fails by chance. So collinearity is decided first,
//! with a relative tolerance ([`COLLINEAR_RELATIVE_DISTANCE`]), and collinear pieces
//! are compared as intervals along the longer segment. Only segments that are not
//! collinear go to the sign tests, which are then far from their degenerate case.
//!
//! Everything runs in f64: the ends are f32, so their differences are exact and the
//! orientations nearly so, and a sub-epsilon segment's squared length cannot
//! underflow. The inputs are put in a canonical order first (each segment's ends by
//! x then y, the longer segment first), so swapping the segments or the ends of
//! either gives bit-for-bit the same answer.

use std::cmp::Ordering;

use glam::DVec2;

use super::Segment;
use crate::tolerance::COLLINEAR_RELATIVE_DISTANCE;

/// How two segments meet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum SegmentContact {
    /// No common point.
    Apart,
    /// They cross or touch at one point, and are not collinear.
    Crossing,
    /// Collinear within tolerance with overlapping shadows on the longer segment:
    /// the shared piece runs from `from` to `to`, both on the longer segment.
    /// Two equal point segments share the piece `from == to`.
    Collinear {
        /// One end of the shared piece.
        from: DVec2,
        /// The other end.
        to: DVec2,
    },
}

/// Orders points by x, then y (a total order, so NaN cannot break symmetry).
fn lexicographic(p: DVec2, q: DVec2) -> Ordering {
    p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y))
}

/// The segment's ends in f64, the lexicographically smaller first.
fn canonical(s: Segment) -> [DVec2; 2] {
    let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
    match lexicographic(a, b) {
        Ordering::Greater => [b, a],
        _ => [a, b],
    }
}

/// True when both values are non-zero with the same sign: the two points lie strictly
/// on one side of a line. Comparing signs avoids a product that could underflow.
fn same_strict_side(o1: f64, o2: f64) -> bool {
    (o1 > 0.0 && o2 > 0.0) || (o1 < 0.0 && o2 < 0.0)
}

/// Classifies how `s1` and `s2` meet; touching counts as meeting throughout.
///
/// With `L` the longer segment (length `l`) and `S` the other: they are collinear
/// when both ends of `S` are within `COLLINEAR_RELATIVE_DISTANCE * l` of `L`'s line
/// (a point segment near `L` is the usual case). Collinear segments meet when their
/// shadows on `L`, parameters `t = (p - L.a).(L.b - L.a) / l^2`, overlap `[0, 1]`
/// exactly (touching ends count). Otherwise the separating-axis sign tests decide:
/// apart when one segment lies strictly on one side of the other's line. Two point
/// segments meet only when they are the same point.
pub(crate) fn segment_contact(s1: Segment, s2: Segment) -> SegmentContact {
    let (c1, c2) = (canonical(s1), canonical(s2));
    let length_squared = |[a, b]: [DVec2; 2]| (b - a).length_squared();
    // Longer first; a tie is broken by the ends, so which one was s1 never matters.
    let order = length_squared(c1)
        .total_cmp(&length_squared(c2))
        .then(lexicographic(c1[0], c2[0]))
        .then(lexicographic(c1[1], c2[1]));
    let ([la, lb], [sa, sb]) = if order == Ordering::Less {
        (c2, c1)
    } else {
        (c1, c2)
    };
    let e = lb - la;
    let ll = e.length_squared();
    if ll == 0.0 {
        // Both are points: the other one is no longer.
        return if la == sa {
            SegmentContact::Collinear { from: la, to: la }
        } else {
            SegmentContact::Apart
        };
    }
    // e x (p - la) is the distance of p from L's line times l: compare with the
    // band's half-width times l.
    let o1 = e.perp_dot(sa - la);
    let o2 = e.perp_dot(sb - la);
    let band = f64::from(COLLINEAR_RELATIVE_DISTANCE) * ll;
    if o1.abs() <= band && o2.abs() <= band {
        let (t1, t2) = (e.dot(sa - la) / ll, e.dot(sb - la) / ll);
        let (lo, hi) = (t1.min(t2).max(0.0), t1.max(t2).min(1.0));
        return if lo <= hi {
            SegmentContact::Collinear {
                from: la + e * lo,
                to: la + e * hi,
            }
        } else {
            SegmentContact::Apart
        };
    }
    let f = sb - sa;
    let o3 = f.perp_dot(la - sa);
    let o4 = f.perp_dot(lb - sa);
    if same_strict_side(o1, o2) || same_strict_side(o3, o4) {
        SegmentContact::Apart
    } else {
        SegmentContact::Crossing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn seg(ax: f32, ay: f32, bx: f32, by: f32) -> Segment {
        Segment::new(Vec2::new(ax, ay), Vec2::new(bx, by))
    }

    #[test]
    fn segment_contact_shared_piece_lies_on_the_longer_segment() {
        // The short one pokes out past the long one's end: the piece stops there.
        let long = seg(0., 0., 4., 2.);
        let short = seg(5., 2.5, 3., 1.5);
        let piece = SegmentContact::Collinear {
            from: DVec2::new(3., 1.5),
            to: DVec2::new(4., 2.),
        };
        assert_eq!(segment_contact(short, long), piece);
        assert_eq!(segment_contact(long, short), piece);
    }

    #[test]
    fn segment_contact_equal_lengths_same_answer_either_order() {
        // Equal lengths, 1e-5 radians apart. Measured from s1's line, s2's far end is
        // 1.25e-4 off (outside the 1e-4 band); from s2's line, s1's ends are at most
        // 7.5e-5 off (inside). Only the tie-break keeps the answer symmetric.
        let d = 5e-5;
        let s1 = seg(0., 0., 10., d);
        let s2 = seg(5., 0., 15., -d);
        assert_eq!(segment_contact(s1, s2), segment_contact(s2, s1));
        assert!(matches!(
            segment_contact(s1, s2),
            SegmentContact::Collinear { .. }
        ));
    }

    #[test]
    fn segment_contact_two_point_segments_meet_only_when_equal() {
        let p = seg(1., 2., 1., 2.);
        assert!(matches!(
            segment_contact(p, p),
            SegmentContact::Collinear { .. }
        ));
        assert_eq!(
            segment_contact(p, seg(1., 2.000001, 1., 2.000001)),
            SegmentContact::Apart
        );
    }
}
