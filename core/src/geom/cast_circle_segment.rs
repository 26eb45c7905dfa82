use glam::Vec2;

use super::cast_circle_convex::cast_circle_convex;
use super::{cast_circle_circle, CastHit, Circle, Segment};
use crate::tolerance::THIN_CIRCLE_EPSILONS;

/// First touch of `circle`, moving by `motion`, against the segment's face or
/// either end: a ray against the capsule of radius `circle.radius` around the
/// segment (seed 002's sweep test, extended to the ends).
///
/// The segment is two-sided; the normal points toward the side the circle is on.
/// A zero-length segment acts as a point. Touching or overlapping at the start:
/// `toi = 0` when approaching, `None` when moving away or along. A tangent graze
/// is not a hit.
pub fn cast_circle_segment(circle: Circle, motion: Vec2, segment: Segment) -> Option<CastHit> {
    let e = segment.b - segment.a;
    let Some(dir) = e.try_normalize() else {
        return cast_circle_circle(circle, motion, Circle::new(segment.a, 0.0));
    };
    let n = Vec2::new(dir.y, -dir.x);
    let hit = cast_circle_convex(
        circle.center,
        circle.radius,
        motion,
        &[segment.a, segment.b],
        &[n, -n],
    );
    if hit.is_none() && is_thin(circle, motion, segment) {
        return cast_point_segment(circle, motion, segment);
    }
    hit
}

/// Whether the circle is too thin for the capsule test: its radius is below the
/// rounding of its separations from the segment's faces (see
/// [`THIN_CIRCLE_EPSILONS`]). Checked only after a miss, and a ball of ordinary
/// size is never thin, so the physics' cast pays one comparison.
fn is_thin(circle: Circle, motion: Vec2, segment: Segment) -> bool {
    let reach = (circle.center - segment.a).abs().max_element()
        + (circle.center - segment.b).abs().max_element()
        + motion.abs().max_element();
    circle.radius <= THIN_CIRCLE_EPSILONS * f32::EPSILON * reach
}

/// A thin circle against the segment's face, as a point crossing its line (the
/// ends are left to the capsule test: missing a cap by less than the rounding is
/// a graze). In f64 and from one end, so the two faces cannot disagree.
///
/// With `e = b - a`, `d(x) = e x (x - a)` is `|e|` times the signed distance from
/// the line. The centre starts at `d0` and ends at `d1`; when they have strictly
/// different signs (or it ends on the line) it reaches the line at
/// `t = d0 / (d0 - d1)`, and one radius earlier at `(d0 -+ r |e|) / (d0 - d1)`.
fn cast_point_segment(circle: Circle, motion: Vec2, segment: Segment) -> Option<CastHit> {
    let (c, m) = (circle.center.as_dvec2(), motion.as_dvec2());
    let (a, e) = (segment.a.as_dvec2(), (segment.b - segment.a).as_dvec2());
    let (d0, d1) = (e.perp_dot(c - a), e.perp_dot(c + m - a));
    let crosses = (d0 > 0.0 && d1 <= 0.0) || (d0 < 0.0 && d1 >= 0.0);
    if !crosses {
        return None;
    }
    let w = (c + m * (d0 / (d0 - d1)) - a).dot(e) / e.length_squared();
    if !(0.0..=1.0).contains(&w) {
        return None;
    }
    let reach = d0.signum() * f64::from(circle.radius) * e.length();
    Some(CastHit {
        toi: ((d0 - reach) / (d0 - d1)).max(0.0) as f32,
        point: (a + e * w).as_vec2(),
        // The side the centre starts on: the left perpendicular of e when d0 > 0.
        normal: (e.perp().normalize() * d0.signum()).as_vec2(),
    })
}

/// A bullet's path against a segment (seed 001): a circle of radius zero. The normal
/// faces the side the ray comes from; `point` is where the path crosses.
pub fn cast_ray_segment(origin: Vec2, motion: Vec2, segment: Segment) -> Option<CastHit> {
    cast_circle_segment(Circle::new(origin, 0.0), motion, segment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn floor() -> Segment {
        Segment::new(v(-10., 0.), v(10., 0.))
    }

    #[test]
    fn seed_002_sweep_toi_is_r_minus_d1_over_d2_minus_d1() {
        // d1 = 5 now, d2 = -3 next frame, r = 1: t = (1 - 5) / (-3 - 5) = 0.5.
        let hit = cast_circle_segment(Circle::new(v(0., 5.), 1.), v(2., -8.), floor()).unwrap();
        assert_eq!(hit.toi, 0.5);
        assert_eq!(hit.normal, v(0., 1.));
        assert_eq!(hit.point, v(1., 0.));
    }

    #[test]
    fn cast_circle_segment_hits_from_below_with_downward_normal() {
        let hit = cast_circle_segment(Circle::new(v(0., -5.), 1.), v(0., 8.), floor()).unwrap();
        assert_eq!((hit.toi, hit.normal), (0.5, v(0., -1.)));
    }

    #[test]
    fn cast_circle_segment_end_cap_hit_normal_from_the_end() {
        // Straight down onto the end (10, 0) from a little to its right.
        let hit = cast_circle_segment(Circle::new(v(10.6, 5.), 1.), v(0., -10.), floor()).unwrap();
        assert_eq!(hit.point, v(10., 0.));
        assert!((hit.normal - v(0.6, 0.8)).length() < 1e-6, "{hit:?}");
        assert!((hit.toi - 0.42).abs() < 1e-6);
    }

    #[test]
    fn cast_circle_segment_along_the_line_hits_the_end_cap() {
        let hit = cast_circle_segment(Circle::new(v(-20., 0.), 2.), v(20., 0.), floor()).unwrap();
        assert!((hit.toi - 0.4).abs() < 1e-6);
        assert_eq!(hit.normal, v(-1., 0.));
    }

    #[test]
    fn cast_circle_segment_graze_along_face_is_no_hit() {
        assert_eq!(
            cast_circle_segment(Circle::new(v(-20., 1.), 1.), v(40., 0.), floor()),
            None
        );
        assert_eq!(
            cast_circle_segment(Circle::new(v(-20., 1.5), 1.), v(40., 0.), floor()),
            None
        );
    }

    #[test]
    fn cast_circle_segment_overlap_leaves_freely_and_pushes_back_when_entering() {
        let c = Circle::new(v(0., 0.5), 1.);
        assert_eq!(cast_circle_segment(c, v(0., 1.), floor()), None);
        assert_eq!(cast_circle_segment(c, v(3., 0.), floor()), None);
        let hit = cast_circle_segment(c, v(0., -1.), floor()).unwrap();
        assert_eq!((hit.toi, hit.normal), (0.0, v(0., 1.)));
    }

    #[test]
    fn cast_circle_segment_centre_on_the_segment_can_leave_either_way() {
        let c = Circle::new(v(0., 0.), 1.);
        assert_eq!(cast_circle_segment(c, v(0., 1.), floor()), None);
        assert_eq!(cast_circle_segment(c, v(0., -1.), floor()), None);
    }

    #[test]
    fn cast_circle_segment_zero_length_segment_is_a_point() {
        let dot = Segment::new(v(0., 0.), v(0., 0.));
        let hit = cast_circle_segment(Circle::new(v(-4., 0.), 1.), v(8., 0.), dot).unwrap();
        assert_eq!(
            (hit.toi, hit.normal, hit.point),
            (0.375, v(-1., 0.), v(0., 0.))
        );
    }

    #[test]
    fn cast_ray_segment_hits_a_slanted_segment_it_crosses() {
        // A pentagon's edge, and a ray crossing it at (1.0743, -1.2741). The capsule
        // test measured the two faces from the two ends; their rounding (~1e-6 at
        // this distance) left an empty slab and the ray, or a circle of radius 1e-7,
        // missed. Found by the adversarial property tests.
        let edge = Segment::new(v(0.61803424, -1.902113), v(2.0, 0.0));
        let (start, motion) = (v(5.0134053, -26.296165), v(-21.54044, 136.82964));
        for r in [0.0, 1e-7, 1e-6] {
            let hit = cast_circle_segment(Circle::new(start, r), motion, edge)
                .unwrap_or_else(|| panic!("radius {r} missed"));
            assert!((hit.toi - 0.18287).abs() < 1e-5, "{hit:?}");
            assert!((hit.point - v(1.0743, -1.2741)).length() < 1e-3, "{hit:?}");
            assert!(
                (hit.normal - v(0.809017, -0.587785)).length() < 1e-5,
                "{hit:?}"
            );
        }
        assert!(cast_ray_segment(start, -motion, edge).is_none());
    }

    #[test]
    fn cast_circle_segment_degenerate_inputs_give_none_not_nan() {
        let c = Circle::new(v(0., 5.), 1.);
        assert_eq!(cast_circle_segment(c, Vec2::ZERO, floor()), None);
        let ray = cast_circle_segment(Circle::new(v(0., 5.), 0.), v(0., -10.), floor()).unwrap();
        assert_eq!((ray.toi, ray.point), (0.5, v(0., 0.)));
    }

    #[test]
    fn cast_circle_segment_far_from_origin_matches_near_origin() {
        let offset = v(1e5, -1e5);
        let near = cast_circle_segment(Circle::new(v(10.6, 5.), 1.), v(0., -10.), floor()).unwrap();
        let shifted = Segment::new(floor().a + offset, floor().b + offset);
        let far = cast_circle_segment(Circle::new(v(10.6, 5.) + offset, 1.), v(0., -10.), shifted)
            .unwrap();
        assert!((near.toi - far.toi).abs() < 2e-3, "{near:?} {far:?}");
    }

    #[test]
    fn seed_001_ray_segment_vertical_wall() {
        let wall = Segment::new(v(7., 0.), v(7., 10.));
        let hit = cast_ray_segment(v(2., 1.), v(10., 5.), wall).unwrap();
        assert_eq!(
            (hit.toi, hit.point, hit.normal),
            (0.5, v(7., 3.5), v(-1., 0.))
        );
        assert_eq!(cast_ray_segment(v(2., 1.), v(4., 2.), wall), None);
    }
}
