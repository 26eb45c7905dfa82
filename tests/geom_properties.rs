//! Property tests of the collision core against an f64 reference and against itself.

use arkanong::geom::*;
use glam::{DVec2, Vec2};
use proptest::prelude::*;

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

/// The first sampled time at which the centre is clearly closer than the radius:
/// the sweep definitely touched by then.
fn first_sampled_penetration(c: Circle, m: Vec2, dist: impl Fn(DVec2) -> f64) -> Option<f64> {
    const SAMPLES: usize = 4000;
    let (p0, mv, r) = (c.center.as_dvec2(), m.as_dvec2(), f64::from(c.radius));
    (0..=SAMPLES)
        .map(|i| i as f64 / SAMPLES as f64)
        .find(|&t| dist(p0 + mv * t) < r - 1e-3)
}

fn coord() -> impl Strategy<Value = f32> {
    -50.0f32..50.0
}

fn point() -> impl Strategy<Value = Vec2> {
    (coord(), coord()).prop_map(|(x, y)| Vec2::new(x, y))
}

fn motion() -> impl Strategy<Value = Vec2> {
    (-200.0f32..200.0, -200.0f32..200.0).prop_map(|(x, y)| Vec2::new(x, y))
}

fn circle() -> impl Strategy<Value = Circle> {
    (point(), 0.0f32..10.0).prop_map(|(c, r)| Circle::new(c, r))
}

fn polygon() -> impl Strategy<Value = ConvexPolygon> {
    (point(), 2.0f32..30.0, 3usize..9, 0.0f32..6.3)
        .prop_map(|(c, r, n, rot)| ConvexPolygon::regular(c, r, n, rot))
}

fn segment() -> impl Strategy<Value = Segment> {
    (point(), point()).prop_map(|(a, b)| Segment::new(a, b))
}

/// Checks one cast against the f64 reference: no earlier true touch was missed, and
/// at the reported toi the centre is one radius from the shape.
fn check_against_reference(
    c: Circle,
    m: Vec2,
    hit: Option<CastHit>,
    dist: impl Fn(DVec2) -> f64,
) -> Result<(), TestCaseError> {
    let start = dist(c.center.as_dvec2());
    prop_assume!(start > f64::from(c.radius) + 1e-3);
    let sampled = first_sampled_penetration(c, m, &dist);
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
        // 1e-3 relative to the scene: coordinates and motions are up to ~200 units.
        prop_assert!(
            (d - f64::from(c.radius)).abs() < 1e-3 * 200.0,
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn cast_circle_segment_never_later_than_a_true_touch(c in circle(), m in motion(), s in segment()) {
        check_against_reference(c, m, cast_circle_segment(c, m, s), |p| distance_to_segment(p, s))?;
    }

    #[test]
    fn cast_circle_polygon_never_later_than_a_true_touch(c in circle(), m in motion(), poly in polygon()) {
        check_against_reference(c, m, cast_circle_polygon(c, m, &poly), |p| distance_to_polygon(p, &poly))?;
    }

    #[test]
    fn cast_circle_circle_never_later_than_a_true_touch(c in circle(), m in motion(), o in circle()) {
        let hit = cast_circle_circle(c, m, o);
        check_against_reference(c, m, hit, |p| (p - o.center.as_dvec2()).length() - f64::from(o.radius))?;
    }

    #[test]
    fn cast_circle_polygon_equals_minimum_over_its_edges(c in circle(), m in motion(), poly in polygon()) {
        prop_assume!(distance_to_polygon(c.center.as_dvec2(), &poly) > f64::from(c.radius) + 1e-3);
        let whole = cast_circle_polygon(c, m, &poly);
        let per_edge = poly
            .edges()
            .filter_map(|e| cast_circle_segment(c, m, e))
            .min_by(|x, y| x.toi.total_cmp(&y.toi));
        match (whole, per_edge) {
            (Some(a), Some(b)) => {
                prop_assert!((a.toi - b.toi).abs() < 1e-4, "{a:?} vs {b:?}");
                prop_assert!((a.normal - b.normal).length() < 1e-2 || grazing(m, whole));
            }
            (None, None) => {}
            (a, b) => prop_assert!(grazing(m, a) || grazing(m, b), "{a:?} vs {b:?}"),
        }
    }

    #[test]
    fn crossing_segment_segment_agrees_with_intersection_test(s1 in segment(), s2 in segment()) {
        let parallel = s1.direction().perp_dot(s2.direction()) == 0.0;
        let crossing = crossing_segment_segment(s1, s2);
        if !parallel {
            prop_assert_eq!(crossing.is_some(), intersection_test_segment_segment(s1, s2));
        }
        if let Some(p) = crossing {
            let d = distance_to_segment(p.as_dvec2(), s1).max(distance_to_segment(p.as_dvec2(), s2));
            prop_assert!(d < 1e-3, "crossing {p} is {d} off a segment");
        }
    }

    #[test]
    fn casts_invariant_under_translation(
        c in circle(), m in motion(), poly in polygon(),
        shift in (-1e4f32..1e4, -1e4f32..1e4).prop_map(|(x, y)| Vec2::new(x, y)),
    ) {
        prop_assume!(distance_to_polygon(c.center.as_dvec2(), &poly) > f64::from(c.radius) + 0.1);
        let here = cast_circle_polygon(c, m, &poly);
        let there = cast_circle_polygon(Circle::new(c.center + shift, c.radius), m, &poly.translated(shift));
        match (here, there) {
            // f32 spacing at 1e4 is 1e-3 units and each coordinate of the shifted
            // scene is rounded to it: allow some tens of those along the motion.
            (Some(a), Some(b)) => prop_assert!((a.toi - b.toi).abs() * m.length() < 5e-2, "{a:?} vs {b:?}"),
            (None, None) => {}
            (a, b) => prop_assert!(grazing(m, a) || grazing(m, b), "{a:?} vs {b:?}"),
        }
    }

    #[test]
    fn crossings_lie_on_the_circle_and_the_segment(c in circle(), s in segment()) {
        for p in crossings_circle_segment(c, s) {
            let on_circle = (p.as_dvec2() - c.center.as_dvec2()).length() - f64::from(c.radius);
            prop_assert!(on_circle.abs() < 1e-3);
            prop_assert!(distance_to_segment(p.as_dvec2(), s) < 1e-3);
        }
    }
}
