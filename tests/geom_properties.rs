//! Property tests of the collision core against an f64 reference and against itself.
//!
//! Uniform inputs almost never hit the cases where geometry code breaks, so every
//! strategy is a `prop_oneof!` of a uniform generator and adversarial ones (issue
//! 10): nearly collinear and nearly parallel segment pairs, pieces of one line
//! rounded to f32, zero-length and sub-epsilon segments, points on a segment,
//! scenes 1e5 from the origin, and circles and polygons of radius 1e-6 and 1e6.
//! Tolerances that depend on f32 rounding grow with the scene: see [`ulps`].

use std::f32::consts::TAU;

use arkanong_core::geom::*;
use arkanong_core::tolerance::COLLINEAR_RELATIVE_DISTANCE;
use glam::{DVec2, Vec2};
use proptest::prelude::*;

// ---------------------------------------------------------------- f64 references

/// f64 distance from `p` to the segment.
fn distance_to_segment(p: DVec2, s: Segment) -> f64 {
    let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
    let e = b - a;
    let t = if e.length_squared() == 0.0 {
        0.0
    } else {
        ((p - a).dot(e) / e.length_squared()).clamp(0.0, 1.0)
    };
    (p - (a + e * t)).length()
}

/// f64 distance from `p` to the polygon (zero inside).
fn distance_to_polygon(p: DVec2, poly: &ConvexPolygon) -> f64 {
    let inside = poly
        .vertices()
        .iter()
        .zip(poly.normals())
        .all(|(v, n)| n.as_dvec2().dot(p - v.as_dvec2()) <= 0.0);
    if inside {
        return 0.0;
    }
    poly.edges()
        .map(|e| distance_to_segment(p, e))
        .fold(f64::INFINITY, f64::min)
}

/// The first sampled time at which the centre is closer than the radius by more
/// than `margin`: the sweep definitely touched by then.
fn first_sampled_penetration(
    c: Circle,
    m: Vec2,
    margin: f64,
    dist: impl Fn(DVec2) -> f64,
) -> Option<f64> {
    const SAMPLES: usize = 4000;
    let (p0, mv, r) = (c.center.as_dvec2(), m.as_dvec2(), f64::from(c.radius));
    (0..=SAMPLES)
        .map(|i| i as f64 / SAMPLES as f64)
        .find(|&t| dist(p0 + mv * t) < r - margin)
}

/// `k` f32 ulps at `scale`, the largest magnitude in a scene: what rounding the
/// inputs and a cast's arithmetic may cost there. 1 at scale 1 is 1.2e-7; at 1e6
/// a single ulp is already 0.06 units.
fn ulps(k: f64, scale: f32) -> f64 {
    k * f64::from(f32::EPSILON) * f64::from(scale)
}

/// The largest magnitude among `values`, at least 1.
fn scale_of(values: impl IntoIterator<Item = f32>) -> f32 {
    values.into_iter().map(f32::abs).fold(1.0, f32::max)
}

/// Whether an f64 signed distance clears its threshold by more than `margin`.
fn clearly(value: f64, margin: f64) -> Option<bool> {
    if value > margin {
        Some(true)
    } else if value < -margin {
        Some(false)
    } else {
        None
    }
}

/// Whether segments `L = (la, lb)` and `S = (sa, sb)` meet, taking `L` as the
/// reference line: the definition in `intersection_test_segment_segment`'s doc,
/// computed in f64 with signed distances. `None` when moving any end by up to
/// `slack` could change the answer.
fn reference_meet_from(l: [DVec2; 2], s: [DVec2; 2], slack: f64) -> Option<bool> {
    let [la, lb] = l;
    let length = (lb - la).length();
    if length == 0.0 {
        // Both are points (S is no longer): equal ones meet.
        if s[0] == la && s[1] == la {
            return Some(true);
        }
        let gap = (s[0] - la).length().min((s[1] - la).length());
        return (gap > 2.0 * slack).then_some(false);
    }
    let u = (lb - la) / length;
    // Moving the ends by `slack` moves a point's distance from L's line by up to
    // `slack`, plus the turn of the line over the point's lever arm from `la`.
    let margin = |p: DVec2| slack * (2.0 + 2.0 * (p - la).length() / length);
    let band = f64::from(COLLINEAR_RELATIVE_DISTANCE) * length;
    let collinear = s
        .iter()
        .map(|&p| clearly(band - u.perp_dot(p - la).abs(), margin(p)))
        .try_fold(true, |all, x| x.map(|x| all && x));
    let along = || {
        // Shadows on L, in length units.
        let (t1, t2) = (u.dot(s[0] - la), u.dot(s[1] - la));
        let reaches_start = clearly(t1.max(t2), 4.0 * slack);
        let reaches_end = clearly(length - t1.min(t2), 4.0 * slack);
        match (reaches_start, reaches_end) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (Some(true), Some(true)) => Some(true),
            _ => None,
        }
    };
    let sides = || {
        let side = |a: DVec2, b: DVec2, p: DVec2| {
            let len = (b - a).length();
            let lever = (p - a).length() / len;
            clearly((b - a).perp_dot(p - a) / len, slack * (2.0 + 2.0 * lever))
        };
        let strict = |x: Option<bool>, y: Option<bool>| match (x, y) {
            (Some(x), Some(y)) => Some(x == y),
            _ => None,
        };
        let l_separates = strict(side(la, lb, s[0]), side(la, lb, s[1]));
        let s_separates = if s[0] == s[1] {
            // A point S off L's band is apart; sides of a point mean nothing.
            Some(true)
        } else {
            strict(side(s[0], s[1], la), side(s[0], s[1], lb))
        };
        match (l_separates, s_separates) {
            (Some(true), _) | (_, Some(true)) => Some(false),
            (Some(false), Some(false)) => Some(true),
            _ => None,
        }
    };
    match collinear {
        Some(true) => along(),
        Some(false) => sides(),
        // Near the band's edge: sure only if both readings agree.
        None => match (along(), sides()) {
            (Some(x), Some(y)) if x == y => Some(x),
            _ => None,
        },
    }
}

/// The f64 reference for `intersection_test_segment_segment`, with the same
/// relative tolerance: the longer segment is the reference line; at (nearly) equal
/// lengths both choices must agree. Shared ends always meet.
fn reference_meet(s1: Segment, s2: Segment, slack: f64) -> Option<bool> {
    let p = [s1.a.as_dvec2(), s1.b.as_dvec2()];
    let q = [s2.a.as_dvec2(), s2.b.as_dvec2()];
    if p.iter().any(|x| q.contains(x)) {
        return Some(true);
    }
    let (l1, l2) = ((p[1] - p[0]).length(), (q[1] - q[0]).length());
    if (l1 - l2).abs() <= 4.0 * slack {
        let x = reference_meet_from(p, q, slack)?;
        let y = reference_meet_from(q, p, slack)?;
        return (x == y).then_some(x);
    }
    if l1 > l2 {
        reference_meet_from(p, q, slack)
    } else {
        reference_meet_from(q, p, slack)
    }
}

/// Slack for comparing the f64 implementation with the f64 reference: far above
/// f64 rounding at the scene's scale, far below any f32 spacing.
fn f64_slack(s1: Segment, s2: Segment) -> f64 {
    1e-12
        * f64::from(scale_of(
            [s1.a, s1.b, s2.a, s2.b].iter().flat_map(|p| p.to_array()),
        ))
}

// ---------------------------------------------------------------- strategies

fn coord() -> impl Strategy<Value = f32> {
    -50.0f32..50.0
}

fn point() -> impl Strategy<Value = Vec2> {
    (coord(), coord()).prop_map(|(x, y)| Vec2::new(x, y))
}

/// An offset of length `distance` in any direction.
fn ring(distance: f32) -> impl Strategy<Value = Vec2> {
    (0.0f32..TAU).prop_map(move |a| Vec2::from_angle(a) * distance)
}

/// Where a scene sits: mostly at the origin, sometimes 1e4 or 1e5 away.
fn scene_offset() -> impl Strategy<Value = Vec2> {
    prop_oneof![3 => Just(Vec2::ZERO), 1 => ring(1e4), 1 => ring(1e5)]
}

/// A unit direction.
fn direction() -> impl Strategy<Value = DVec2> {
    (0.0f64..std::f64::consts::TAU).prop_map(DVec2::from_angle)
}

/// 10 to a power in `lo..hi`, with either sign.
fn signed_magnitude(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo..hi, any::<bool>()).prop_map(|(e, neg)| if neg { -10f64.powf(e) } else { 10f64.powf(e) })
}

/// An f64 point rounded to f32, the way data reaches the game.
fn f32_point(p: DVec2) -> Vec2 {
    p.as_vec2()
}

fn motion() -> impl Strategy<Value = Vec2> {
    (-200.0f32..200.0, -200.0f32..200.0).prop_map(|(x, y)| Vec2::new(x, y))
}

/// A circle near the origin with an ordinary radius (the uniform generator).
fn circle() -> impl Strategy<Value = Circle> {
    (point(), 0.0f32..10.0).prop_map(|(c, r)| Circle::new(c, r))
}

/// A radius: ordinary, about 1e-6, or about 1e6.
fn radius() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => 0.0f32..10.0,
        1 => (-7.0f32..-5.0).prop_map(|e| 10f32.powf(e)),
        1 => (5.5f32..6.5).prop_map(|e| 10f32.powf(e)),
    ]
}

/// A segment: uniform, zero-length, sub-epsilon (shorter than f32 can resolve
/// next to its coordinates, often rounding to zero), or far from the origin.
fn segment() -> impl Strategy<Value = Segment> {
    let uniform = || (point(), point()).prop_map(|(a, b)| Segment::new(a, b));
    prop_oneof![
        4 => uniform(),
        1 => point().prop_map(|p| Segment::new(p, p)),
        1 => (point(), direction(), -9.0f64..-4.0).prop_map(|(p, d, e)| {
            Segment::new(p, f32_point(p.as_dvec2() + d * 10f64.powf(e)))
        }),
        1 => (uniform(), ring(1e5)).prop_map(|(s, o)| Segment::new(s.a + o, s.b + o)),
    ]
}

/// Two pieces of one line, in f64, then rounded to f32: the second piece's ends
/// are pushed off the line by multiples of the collinearity band, from far inside
/// it (or zero: pieces of one line) to ten times outside.
fn nearly_collinear_pair() -> impl Strategy<Value = (Segment, Segment)> {
    let offset = prop_oneof![1 => Just(0.0), 3 => signed_magnitude(-3.0, 1.0)];
    (
        point(),
        direction(),
        signed_magnitude(-2.0, 2.5),
        prop::array::uniform4(-1.5f64..1.5),
        offset.clone(),
        offset,
    )
        .prop_map(|(base, d, length, t, k1, k2)| {
            let base = base.as_dvec2();
            let band = f64::from(COLLINEAR_RELATIVE_DISTANCE) * length.abs();
            let at = |t: f64, k: f64| f32_point(base + d * (t * length) + d.perp() * (k * band));
            (
                Segment::new(at(t[0], 0.0), at(t[1], 0.0)),
                Segment::new(at(t[2], k1), at(t[3], k2)),
            )
        })
}

/// Two segments 1e-7 to 1e-2 radians apart, overlapping in extent, a little apart
/// or crossing: the divisor of the crossing point is a small difference there.
fn nearly_parallel_pair() -> impl Strategy<Value = (Segment, Segment)> {
    (
        point(),
        direction(),
        1.0f64..100.0,
        signed_magnitude(-7.0, -2.0),
        signed_magnitude(-6.0, 0.0),
        prop::array::uniform4(-0.5f64..1.5),
    )
        .prop_map(|(base, d, length, angle, gap, t)| {
            let base = base.as_dvec2();
            let d2 = d.rotate(DVec2::from_angle(angle));
            let s1 = Segment::new(
                f32_point(base + d * (t[0] * length)),
                f32_point(base + d * (t[1] * length)),
            );
            let base2 = base + d.perp() * gap;
            let s2 = Segment::new(
                f32_point(base2 + d2 * (t[2] * length)),
                f32_point(base2 + d2 * (t[3] * length)),
            );
            (s1, s2)
        })
}

/// A point or sub-epsilon segment at, near, or just past a segment: on it, off its
/// line by multiples of the band, or beyond an end.
fn point_near_segment_pair() -> impl Strategy<Value = (Segment, Segment)> {
    let offset = prop_oneof![1 => Just(0.0), 3 => signed_magnitude(-3.0, 1.0)];
    let t = prop_oneof![2 => 0.0f64..1.0, 1 => -0.01f64..0.01, 1 => 0.99f64..1.01];
    (segment(), t, offset, direction(), -12.0f64..-4.0).prop_map(|(s, t, k, d, e)| {
        let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
        let band = f64::from(COLLINEAR_RELATIVE_DISTANCE) * (b - a).length();
        let normal = (b - a).perp().normalize_or_zero();
        let p = a + (b - a) * t + normal * (k * band);
        (
            s,
            Segment::new(f32_point(p), f32_point(p + d * 10f64.powf(e))),
        )
    })
}

/// Segments sharing an end, the second going on in any direction (sometimes along
/// the first's line).
fn shared_end_pair() -> impl Strategy<Value = (Segment, Segment)> {
    let heading =
        prop_oneof![1 => Just(0.0f64), 1 => Just(std::f64::consts::PI), 2 => -3.2f64..3.2];
    (point(), point(), heading, 0.0f64..60.0).prop_map(|(a, b, turn, length)| {
        let d = (b - a)
            .as_dvec2()
            .normalize_or_zero()
            .rotate(DVec2::from_angle(turn));
        (
            Segment::new(a, b),
            Segment::new(b, f32_point(b.as_dvec2() + d * length)),
        )
    })
}

/// Two segments: independent ones (each from [`segment`]) or an adversarial pair,
/// the whole scene then placed at the origin or far from it.
fn segment_pair() -> impl Strategy<Value = (Segment, Segment)> {
    let pair = prop_oneof![
        2 => (segment(), segment()),
        3 => nearly_collinear_pair(),
        2 => nearly_parallel_pair(),
        2 => point_near_segment_pair(),
        1 => shared_end_pair(),
    ];
    (pair, scene_offset()).prop_map(|((s1, s2), o)| {
        (
            Segment::new(s1.a + o, s1.b + o),
            Segment::new(s2.a + o, s2.b + o),
        )
    })
}

/// The regular polygon `ConvexPolygon::regular` would build, or `None` where it
/// would panic (corners too close for f32 to keep apart).
fn regular_polygon(center: Vec2, r: f32, sides: usize, rotation: f32) -> Option<ConvexPolygon> {
    let points = (0..sides)
        .map(|i| {
            let angle = rotation + TAU * i as f32 / sides as f32;
            center + r * Vec2::new(angle.cos(), angle.sin())
        })
        .collect();
    ConvexPolygon::new(points).ok()
}

/// A regular polygon of ordinary size near the origin (the uniform generator).
fn uniform_polygon() -> impl Strategy<Value = ConvexPolygon> {
    (point(), 2.0f32..30.0, 3usize..9, 0.0f32..6.3)
        .prop_map(|(c, r, n, rot)| ConvexPolygon::regular(c, r, n, rot))
}

/// A regular polygon: ordinary, of radius about 1e6, or of radius about 1e-6. The
/// tiny ones sit within 1e-3 of the origin, where f32 can still keep their corners
/// apart; the few the constructor would still reject are skipped.
fn polygon() -> impl Strategy<Value = ConvexPolygon> {
    let tiny_center = (-1e-3f32..1e-3, -1e-3f32..1e-3).prop_map(|(x, y)| Vec2::new(x, y));
    let far = (point(), ring(1e5)).prop_map(|(p, o)| p + o);
    let center = prop_oneof![4 => point(), 1 => far, 1 => tiny_center];
    let size = prop_oneof![
        4 => 2.0f32..30.0,
        1 => (5.5f32..6.5).prop_map(|e| 10f32.powf(e)),
        1 => (-6.5f32..-5.5).prop_map(|e| 10f32.powf(e)),
    ];
    (center, size, 3usize..9, 0.0f32..6.3)
        .prop_filter_map("corners f32 cannot keep apart", |(c, r, n, rot)| {
            regular_polygon(c, r, n, rot)
        })
}

/// A circle and motion aimed at a shape around `center` reaching `reach` from it:
/// starting 1 to 300 units outside that reach, heading at it within 0.6 radians.
fn aimed_at(center: Vec2, reach: f32) -> impl Strategy<Value = (Circle, Vec2)> {
    (
        radius(),
        0.0f32..TAU,
        -0.6f32..0.6,
        1.0f32..200.0,
        1.0f32..300.0,
    )
        .prop_map(move |(r, angle, aim, speed, gap)| {
            let u = Vec2::from_angle(angle);
            let c = Circle::new(center + u * (reach + r + gap), r);
            (c, -u.rotate(Vec2::from_angle(aim)) * speed)
        })
}

/// A circle, motion and segment: independent, or the circle aimed at the segment.
fn cast_segment_scene() -> impl Strategy<Value = (Circle, Vec2, Segment)> {
    prop_oneof![
        (circle(), motion(), segment()),
        segment().prop_flat_map(|s| {
            let reach = (s.b - s.a).length() * 0.5;
            aimed_at((s.a + s.b) * 0.5, reach).prop_map(move |(c, m)| (c, m, s))
        }),
    ]
}

/// A circle, motion and polygon: independent, or the circle aimed at the polygon.
fn cast_polygon_scene() -> impl Strategy<Value = (Circle, Vec2, ConvexPolygon)> {
    prop_oneof![
        (circle(), motion(), uniform_polygon()),
        polygon().prop_flat_map(|p| {
            let center = p.centroid();
            let reach = p
                .vertices()
                .iter()
                .map(|v| v.distance(center))
                .fold(0.0, f32::max);
            aimed_at(center, reach).prop_map(move |(c, m)| (c, m, p.clone()))
        }),
    ]
}

/// A moving circle and a still one: independent, or aimed at each other.
fn cast_circle_scene() -> impl Strategy<Value = (Circle, Vec2, Circle)> {
    let still = (point(), radius()).prop_map(|(c, r)| Circle::new(c, r));
    prop_oneof![
        (circle(), motion(), circle()),
        still.prop_flat_map(|o| aimed_at(o.center, o.radius).prop_map(move |(c, m)| (c, m, o))),
    ]
}

// ---------------------------------------------------------------- cast checks

/// The largest magnitude in a cast's scene.
fn cast_scale(c: Circle, m: Vec2, shape: impl IntoIterator<Item = Vec2>) -> f32 {
    let shape = shape.into_iter().flat_map(|p| p.to_array());
    scale_of(
        shape
            .chain(c.center.to_array())
            .chain([c.radius, m.length()]),
    )
}

/// Checks one cast against the f64 reference: no earlier true touch was missed, and
/// at the reported toi the centre is one radius from the shape.
fn check_against_reference(
    c: Circle,
    m: Vec2,
    scale: f32,
    hit: Option<CastHit>,
    dist: impl Fn(DVec2) -> f64,
) -> Result<(), TestCaseError> {
    // The depth a touch must reach to count, and how far the contact distance may
    // miss the radius: 1e-3 in an ordinary scene (up to ~200 units), and some
    // ulps of the scene's largest magnitude beyond that.
    let margin = 1e-3 + ulps(16.0, scale);
    let contact_error = 0.2f64.max(ulps(64.0, scale));
    let start = dist(c.center.as_dvec2());
    prop_assume!(start > f64::from(c.radius) + margin);
    let sampled = first_sampled_penetration(c, m, margin, &dist);
    match (hit, sampled) {
        (None, Some(t)) => prop_assert!(false, "missed a touch at t = {t}"),
        (Some(h), Some(t)) => prop_assert!(
            f64::from(h.toi) <= t + 1e-6,
            "toi {} after touch at {t}",
            h.toi
        ),
        _ => {}
    }
    if let Some(h) = hit {
        prop_assert!((0.0..=1.0).contains(&h.toi));
        prop_assert!((h.normal.length() - 1.0).abs() < 1e-4);
        prop_assert!(m.dot(h.normal) < 0.0, "a hit must approach");
        let centre = c.center.as_dvec2() + m.as_dvec2() * f64::from(h.toi);
        let d = dist(centre);
        prop_assert!(
            (d - f64::from(c.radius)).abs() < contact_error,
            "distance {d} at toi, radius {}",
            c.radius
        );
    }
    Ok(())
}

/// Whether a hit is so glancing that float rounding may decide it either way.
fn grazing(m: Vec2, hit: Option<CastHit>) -> bool {
    hit.is_some_and(|h| m.normalize_or_zero().dot(h.normal).abs() < 1e-2)
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn cast_circle_segment_never_later_than_a_true_touch((c, m, s) in cast_segment_scene()) {
        let scale = cast_scale(c, m, [s.a, s.b]);
        check_against_reference(c, m, scale, cast_circle_segment(c, m, s), |p| distance_to_segment(p, s))?;
    }

    #[test]
    fn cast_circle_polygon_never_later_than_a_true_touch((c, m, poly) in cast_polygon_scene()) {
        let scale = cast_scale(c, m, poly.vertices().iter().copied());
        check_against_reference(c, m, scale, cast_circle_polygon(c, m, &poly), |p| distance_to_polygon(p, &poly))?;
    }

    #[test]
    fn cast_circle_circle_never_later_than_a_true_touch((c, m, o) in cast_circle_scene()) {
        let scale = cast_scale(c, m, [o.center + Vec2::splat(o.radius)]);
        let hit = cast_circle_circle(c, m, o);
        check_against_reference(c, m, scale, hit, |p| (p - o.center.as_dvec2()).length() - f64::from(o.radius))?;
    }

    #[test]
    fn cast_circle_polygon_equals_minimum_over_its_edges((c, m, poly) in cast_polygon_scene()) {
        let scale = cast_scale(c, m, poly.vertices().iter().copied());
        prop_assume!(distance_to_polygon(c.center.as_dvec2(), &poly) > f64::from(c.radius) + 1e-3 + ulps(16.0, scale));
        let whole = cast_circle_polygon(c, m, &poly);
        let per_edge = poly
            .edges()
            .filter_map(|e| cast_circle_segment(c, m, e))
            .min_by(|x, y| x.toi.total_cmp(&y.toi));
        match (whole, per_edge) {
            (Some(a), Some(b)) => {
                prop_assert!(f64::from((a.toi - b.toi).abs() * m.length()) < 1e-4 * f64::from(m.length()) + ulps(16.0, scale), "{a:?} vs {b:?}");
                prop_assert!((a.normal - b.normal).length() < 1e-2 || grazing(m, whole));
            }
            (None, None) => {}
            (a, b) => prop_assert!(grazing(m, a) || grazing(m, b), "{a:?} vs {b:?}"),
        }
    }

    #[test]
    fn casts_invariant_under_translation(
        (c, m, poly) in cast_polygon_scene(),
        shift in (-1e4f32..1e4, -1e4f32..1e4).prop_map(|(x, y)| Vec2::new(x, y)),
    ) {
        let scale = cast_scale(c, m, poly.vertices().iter().copied());
        prop_assume!(distance_to_polygon(c.center.as_dvec2(), &poly) > f64::from(c.radius) + 0.1 + ulps(16.0, scale));
        let far_poly = poly.translated(shift);
        // A polygon of radius 1e-6 moved 1e4 away loses its corners to f32 rounding;
        // `translated` does not check, and a collapsed polygon is not a valid input.
        prop_assume!(ConvexPolygon::new(far_poly.vertices().to_vec()).is_ok());
        let here = cast_circle_polygon(c, m, &poly);
        let there = cast_circle_polygon(Circle::new(c.center + shift, c.radius), m, &far_poly);
        // f32 spacing at 1e4 is 1e-3 units and each coordinate of the shifted
        // scene is rounded to it: allow some tens of those along the motion (and
        // some tens of ulps of a larger scene's own magnitude).
        let allowed = 5e-2 + ulps(64.0, scale);
        // A touch that close to the end of the motion may fall either side of it.
        let at_end = |h: Option<CastHit>| {
            h.is_some_and(|h| f64::from((1.0 - h.toi) * m.length()) < allowed)
        };
        match (here, there) {
            // The touch time is ill-conditioned at a slant: a rounding error e across
            // the normal moves the touch by e / |cos| along the motion, where cos is
            // between the motion and the normal (a graze, cos near 0, may move it far).
            (Some(a), Some(b)) => prop_assert!(
                f64::from((a.toi - b.toi).abs() * m.length())
                    < allowed / f64::from(m.normalize_or_zero().dot(a.normal).abs().max(1e-3))
                    || grazing(m, here),
                "{a:?} vs {b:?}"
            ),
            (None, None) => {}
            (a, b) => prop_assert!(
                grazing(m, a) || grazing(m, b) || at_end(a) || at_end(b),
                "{a:?} vs {b:?}"
            ),
        }
    }

    #[test]
    fn crossings_lie_on_the_circle_and_the_segment((c, _, s) in cast_segment_scene()) {
        let scale = cast_scale(c, Vec2::ZERO, [s.a, s.b]);
        for p in crossings_circle_segment(c, s) {
            let on_circle = (p.as_dvec2() - c.center.as_dvec2()).length() - f64::from(c.radius);
            prop_assert!(on_circle.abs() < 1e-3 + ulps(4.0, scale), "{p} is {on_circle} off the circle");
            prop_assert!(distance_to_segment(p.as_dvec2(), s) < 1e-3 + ulps(4.0, scale));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20000))]

    #[test]
    fn intersection_test_segment_segment_agrees_with_f64_reference((s1, s2) in segment_pair()) {
        if let Some(expected) = reference_meet(s1, s2, f64_slack(s1, s2)) {
            prop_assert_eq!(intersection_test_segment_segment(s1, s2), expected);
        }
    }

    #[test]
    fn crossing_segment_segment_agrees_with_intersection_test((s1, s2) in segment_pair()) {
        let crossing = crossing_segment_segment(s1, s2);
        prop_assert_eq!(crossing.is_some(), intersection_test_segment_segment(s1, s2));
        if let Some(p) = crossing {
            // On both, up to the collinearity band and the f32 rounding of the point.
            let longer = (s1.b - s1.a).length().max((s2.b - s2.a).length());
            let allowed = f64::from(COLLINEAR_RELATIVE_DISTANCE * longer) * 1.001
                + ulps(1.0, scale_of(p.to_array()));
            let d = distance_to_segment(p.as_dvec2(), s1).max(distance_to_segment(p.as_dvec2(), s2));
            prop_assert!(d <= allowed, "crossing {p} is {d} off a segment (allowed {allowed})");
        }
    }

    #[test]
    fn intersection_test_segment_segment_symmetric_under_swaps((s1, s2) in segment_pair()) {
        let reversed = |s: Segment| Segment::new(s.b, s.a);
        let answer = intersection_test_segment_segment(s1, s2);
        prop_assert_eq!(intersection_test_segment_segment(s2, s1), answer);
        prop_assert_eq!(intersection_test_segment_segment(reversed(s1), s2), answer);
        prop_assert_eq!(intersection_test_segment_segment(s1, reversed(s2)), answer);
        prop_assert_eq!(intersection_test_segment_segment(reversed(s2), reversed(s1)), answer);
    }

    #[test]
    fn intersection_test_segment_segment_invariant_under_translation(
        (s1, s2) in segment_pair(),
        shift in ring(1e4),
    ) {
        let moved = |s: Segment| Segment::new(s.a + shift, s.b + shift);
        let (t1, t2) = (moved(s1), moved(s2));
        // Sure answers only: those that no move of the ends by the rounding of the
        // shifted coordinates (one ulp of the largest) can change.
        let scale = scale_of([t1.a, t1.b, t2.a, t2.b].iter().flat_map(|p| p.to_array()));
        if let Some(expected) = reference_meet(s1, s2, ulps(1.0, scale)) {
            prop_assert_eq!(intersection_test_segment_segment(s1, s2), expected);
            prop_assert_eq!(intersection_test_segment_segment(t1, t2), expected);
        }
    }
}
