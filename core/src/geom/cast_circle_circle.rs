use glam::Vec2;

use super::{CastHit, Circle};

/// The first `t` in `[0, 1]` at which `offset + t motion` reaches length `radius`,
/// for an `offset` that starts outside that radius. `None` if it never does, if it
/// only grazes (a tangent is not a hit), or if it is moving away.
///
/// Derivation: `|f + t m|^2 = r^2` is `a t^2 + 2 b t + c = 0` with `a = m.m`,
/// `b = f.m`, `c = f.f - r^2 > 0`. The plain discriminant `b^2 - a c` cancels badly
/// when `f` is long; by Lagrange's identity in 2D (`(f.m)^2 + (f x m)^2 = |f|^2 |m|^2`)
/// it equals `a r^2 - (f x m)^2`, which has no such cancellation (Haines et al.,
/// "Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems ch. 7).
/// The earlier root `(-b - sqrt(D)) / a` would subtract nearly equal numbers for a
/// glancing hit, so it is taken in the equivalent form `c / (-b + sqrt(D))`
/// (Ericson, Real-Time Collision Detection 5.3.2; Numerical Recipes 5.6). Approaching
/// means `b < 0`, so that denominator is a sum of positives.
#[inline]
pub(crate) fn cast_offset_to_radius(offset: Vec2, motion: Vec2, radius: f32) -> Option<f32> {
    let b = offset.dot(motion);
    if b >= 0.0 {
        return None;
    }
    let a = motion.dot(motion);
    let cross = offset.perp_dot(motion);
    let disc = a * radius * radius - cross * cross;
    if disc <= 0.0 {
        return None;
    }
    let c = offset.dot(offset) - radius * radius;
    // c can round below zero for an offset a hair outside the radius: that is t = 0.
    let t = (c / (-b + disc.sqrt())).max(0.0);
    (t <= 1.0).then_some(t)
}

/// First touch of `circle`, moving by `motion`, against the still circle `other`
/// (for two moving balls, pass the relative motion). The normal points from `other`
/// toward the moving circle; the point is on `other`'s boundary.
///
/// Circles that already touch or overlap give `toi = 0` when approaching and `None`
/// when separating. Exactly coincident centres push out against the motion.
pub fn cast_circle_circle(circle: Circle, motion: Vec2, other: Circle) -> Option<CastHit> {
    let offset = circle.center - other.center;
    let reach = circle.radius + other.radius;
    let hit_at = |toi: f32, normal: Vec2| CastHit {
        toi,
        point: other.center + normal * other.radius,
        normal,
    };
    if offset.length_squared() <= reach * reach {
        let normal = offset
            .try_normalize()
            .or_else(|| (-motion).try_normalize())?;
        return (motion.dot(normal) < 0.0).then(|| hit_at(0.0, normal));
    }
    let toi = cast_offset_to_radius(offset, motion, reach)?;
    let normal = (offset + motion * toi).normalize_or(offset.normalize());
    Some(hit_at(toi, normal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn cast_circle_circle_head_on() {
        let hit = cast_circle_circle(
            Circle::new(v(0., 0.), 1.),
            v(10., 0.),
            Circle::new(v(8., 0.), 2.),
        )
        .unwrap();
        assert!((hit.toi - 0.5).abs() < 1e-6);
        assert_eq!(hit.normal, v(-1., 0.));
        assert_eq!(hit.point, v(6., 0.));
    }

    #[test]
    fn cast_circle_circle_overlap_approaching_and_leaving() {
        let a = Circle::new(v(0., 0.), 1.);
        let b = Circle::new(v(1.5, 0.), 1.);
        assert_eq!(cast_circle_circle(a, v(1., 0.), b).unwrap().toi, 0.0);
        assert_eq!(cast_circle_circle(a, v(-1., 0.), b), None);
        assert_eq!(cast_circle_circle(a, v(0., 1.), b), None);
    }

    #[test]
    fn cast_circle_circle_tangent_graze_is_no_hit() {
        let hit = cast_circle_circle(
            Circle::new(v(-5., 2.), 1.),
            v(10., 0.),
            Circle::new(v(0., 0.), 1.),
        );
        assert_eq!(hit, None);
    }

    #[test]
    fn cast_circle_circle_coincident_centres_push_against_motion() {
        let c = Circle::new(v(3., 3.), 1.);
        let hit = cast_circle_circle(c, v(0., 2.), c).unwrap();
        assert_eq!((hit.toi, hit.normal), (0.0, v(0., -1.)));
        assert_eq!(cast_circle_circle(c, Vec2::ZERO, c), None);
    }
}
