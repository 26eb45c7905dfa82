use glam::Vec2;

use super::cast_circle_convex::cast_circle_convex;
use super::{cast_circle_circle, CastHit, Circle, Segment};

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
    cast_circle_convex(
        circle.center,
        circle.radius,
        motion,
        &[segment.a, segment.b],
        &[n, -n],
    )
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
