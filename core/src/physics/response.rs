//! How velocities change at a contact: bounces, paddle aiming, ball-ball exchange,
//! and the anti-stall limits on speed and angle.

use glam::Vec2;

use super::{Paddle, PhysicsConfig};
use crate::geom::reflect;
use crate::portable_math as pm;

/// Keeps a velocity inside the allowed speed range and away from the horizontal and
/// the vertical. Components keep their signs, so the ball keeps its quadrant.
pub fn limit_velocity(v: Vec2, config: &PhysicsConfig) -> Vec2 {
    let speed = v.length();
    if !speed.is_finite() || speed == 0.0 {
        // No direction to keep: send it straight up at the slowest speed, bent off
        // the vertical by the minimum angle.
        let s = config.min_sin_from_vertical;
        return Vec2::new(s, -(1.0 - s * s).sqrt()) * config.min_speed;
    }
    let mut dir = v / speed;
    let speed = speed.clamp(config.min_speed, config.max_speed);
    let (sh, sv) = (config.min_sin_from_horizontal, config.min_sin_from_vertical);
    if dir.y.abs() < sh {
        dir = Vec2::new((1.0 - sh * sh).sqrt().copysign(dir.x), sh.copysign(dir.y));
    } else if dir.x.abs() < sv {
        dir = Vec2::new(sv.copysign(dir.x), (1.0 - sv * sv).sqrt().copysign(dir.y));
    }
    dir * speed
}

/// A ball's velocity after it strikes a still surface with unit `normal`: the
/// mirror image, then limited. If the limits would turn it back into the surface
/// (possible on a slanted face), only its speed is limited. The step uses it at
/// every static contact, and the CPU's prediction uses it too, so the two agree.
pub fn bounce(v: Vec2, normal: Vec2, config: &PhysicsConfig) -> Vec2 {
    let mirrored = reflect(v, normal);
    let limited = limit_velocity(mirrored, config);
    if limited.dot(normal) > 0.0 {
        limited
    } else {
        mirrored.normalize_or(normal) * mirrored.length().clamp(config.min_speed, config.max_speed)
    }
}

/// Where along the paddle's face a contact is: -1 at one end, 1 at the other.
pub fn paddle_offset(paddle: &Paddle, point: Vec2) -> f32 {
    let tangent = paddle.normal.perp();
    ((point - paddle.position).dot(tangent) / paddle.half_width).clamp(-1.0, 1.0)
}

/// A ball's velocity after it strikes a paddle at `point` with contact `normal`.
///
/// On the face, Arkanoid's aiming: the ball leaves at an angle from the paddle's
/// normal proportional to how far from the centre it struck, plus a share of the
/// paddle's sideways velocity, keeping its speed. On a side or corner, a plain
/// bounce in the paddle's frame. Either way the ball ends up leaving the paddle
/// faster than the paddle follows it.
pub fn paddle_bounce(
    v: Vec2,
    paddle: &Paddle,
    point: Vec2,
    normal: Vec2,
    config: &PhysicsConfig,
) -> Vec2 {
    let tangent = paddle.normal.perp();
    let speed = v.length().clamp(config.min_speed, config.max_speed);
    let mut out = if normal.dot(paddle.normal) > 0.5 {
        let angle = paddle_offset(paddle, point) * config.paddle_max_bounce;
        let aimed = paddle.normal * pm::cos(angle) + tangent * pm::sin(angle);
        let pushed =
            aimed * speed + tangent * (config.paddle_velocity_share * paddle.velocity.dot(tangent));
        // Keep the result within the allowed cone around the paddle normal.
        let max = config.paddle_max_bounce;
        let along = pushed.dot(paddle.normal).max(0.0);
        let across = pushed.dot(tangent);
        let a = pm::atan2(across, along).clamp(-max, max);
        limit_velocity(
            (paddle.normal * pm::cos(a) + tangent * pm::sin(a)) * speed,
            config,
        )
    } else {
        let relative = v - paddle.velocity;
        bounce(relative, normal, config) + paddle.velocity
    };
    // The ball must separate from the paddle along the contact normal.
    let follow = paddle.velocity.dot(normal);
    let leaving = out.dot(normal);
    if leaving <= follow {
        out += normal * (follow - leaving + config.min_speed * 0.25);
    }
    // Back within the speed limits. A paddle is far slower than the limit, so the
    // ball still outruns it; and a paddle moving away can take speed off a ball it
    // strikes on a side or corner (the bounce plus the paddle's velocity), which
    // must not leave it slower than the minimum.
    out.clamp_length(config.min_speed, config.max_speed)
}

/// Equal-mass elastic collision: the two velocities swap their components along
/// the unit `normal` (pointing from the second ball to the first), if approaching.
pub fn exchange(va: Vec2, vb: Vec2, normal: Vec2) -> (Vec2, Vec2) {
    let closing = (va - vb).dot(normal);
    if closing >= 0.0 {
        return (va, vb);
    }
    (va - normal * closing, vb + normal * closing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_velocity_lifts_a_horizontal_ball_and_keeps_its_quadrant() {
        let c = PhysicsConfig::default();
        let v = limit_velocity(Vec2::new(-500.0, 1.0), &c);
        assert!((v.length() - 500.0).abs() < 1e-2);
        assert!(v.x < 0.0 && v.y > 0.0);
        assert!((v.y / 500.0 - c.min_sin_from_horizontal).abs() < 1e-5);
        let slow = limit_velocity(Vec2::new(0.0, 1.0), &c);
        assert!((slow.length() - c.min_speed).abs() < 1e-3 && slow.x.abs() > 0.0);
    }

    #[test]
    fn exchange_swaps_normal_components_of_equal_masses() {
        // The first ball is to the right of the second (normal +x) and they close in.
        let (a, b) = exchange(Vec2::new(-5.0, 1.0), Vec2::new(3.0, 2.0), Vec2::X);
        assert_eq!((a, b), (Vec2::new(3.0, 1.0), Vec2::new(-5.0, 2.0)));
        // Already separating: nothing changes.
        let (a2, b2) = exchange(Vec2::new(5.0, 0.0), Vec2::new(-3.0, 0.0), Vec2::X);
        assert_eq!((a2, b2), (Vec2::new(5.0, 0.0), Vec2::new(-3.0, 0.0)));
    }
}
