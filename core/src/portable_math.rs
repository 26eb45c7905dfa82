//! The simulation's transcendental functions, the same bit for bit on every platform.
//!
//! `f32::sin`, `cos` and `atan2` are not computed by Rust: on x86_64 Linux they call
//! the system's C library (glibc), in the browser (wasm32) the Rust port of musl's
//! libm that ships with the compiler, on macOS Apple's libm. Those are all accurate
//! to within an ulp, but not the same ulp, so a replay recorded on the desktop could
//! drift in the browser after the first paddle hit, and an online game between the
//! two would. These wrappers call the `libm` crate (the same musl port, compiled
//! into our binary), so every platform runs the same code on the same IEEE
//! operations. `sqrt` is correctly rounded by IEEE 754 on every platform, and the
//! hardware's, so it stays std's (glam's `length` and `normalize` use it).
//!
//! Rules the core keeps (checked by `tests/portable_math.rs`, which scans `src/`):
//! - no `f32::sin`, `cos`, `tan`, `atan2`, `exp`, `ln`, `powf`, `hypot`... outside
//!   this file; glam's `Vec2::from_angle` and `to_angle` call std's, so the core
//!   uses [`from_angle`] here instead (glam's `libm` feature would also route
//!   glam's `sqrt` through software in the browser, for no gain in exactness);
//! - no `mul_add` (a fused multiply-add rounds once where `a * b + c` rounds twice,
//!   and only some targets have it). Rust never contracts `a * b + c` into an FMA on
//!   its own, on any target, so plain arithmetic is safe.

use glam::Vec2;

/// Sine of `x` radians (musl's `sinf`, identical on every platform).
#[inline]
pub fn sin(x: f32) -> f32 {
    libm::sinf(x)
}

/// Cosine of `x` radians (musl's `cosf`, identical on every platform).
#[inline]
pub fn cos(x: f32) -> f32 {
    libm::cosf(x)
}

/// The angle of the point `(x, y)` from the positive x axis, in `[-pi, pi]` radians
/// (musl's `atan2f`, identical on every platform). Note the argument order, `y` first,
/// as `f32::atan2` is called `y.atan2(x)`.
#[inline]
pub fn atan2(y: f32, x: f32) -> f32 {
    libm::atan2f(y, x)
}

/// `e` to the power `x` (musl's `expf`, identical on every platform): the
/// lists' glide (`app::input::momentum`) decays by it, since the core calls
/// no platform's own transcendental functions (tests/portable_math.rs).
#[inline]
pub fn exp(x: f32) -> f32 {
    libm::expf(x)
}

/// The base-2 logarithm of `x` (musl's `log2f`): the text sizes' ladder
/// (`app::text_ladder`) climbs by octaves.
#[inline]
pub fn log2(x: f32) -> f32 {
    libm::log2f(x)
}

/// 2 to the power `x` (musl's `exp2f`): the text sizes' ladder's rungs.
#[inline]
pub fn exp2(x: f32) -> f32 {
    libm::exp2f(x)
}

/// The unit vector at `angle` radians counter-clockwise from the x axis: what
/// `Vec2::from_angle` returns, computed with the portable [`cos`] and [`sin`].
#[inline]
pub fn from_angle(angle: f32) -> Vec2 {
    Vec2::new(cos(angle), sin(angle))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::{FRAC_PI_2, PI};

    #[test]
    fn portable_math_agrees_with_std_to_an_ulp() {
        for k in -2000..2000 {
            let x = k as f32 * 0.0031;
            let close = |a: f32, b: f32| (a - b).abs() <= 2.0 * f32::EPSILON * b.abs().max(1.0);
            assert!(close(sin(x), x.sin()), "sin({x})");
            assert!(close(cos(x), x.cos()), "cos({x})");
            assert!(close(atan2(x, 1.3), x.atan2(1.3)), "atan2({x}, 1.3)");
        }
    }

    #[test]
    fn portable_math_exact_at_simple_angles() {
        assert_eq!(sin(0.0), 0.0);
        assert_eq!(cos(0.0), 1.0);
        assert_eq!(atan2(0.0, 1.0), 0.0);
        assert_eq!(atan2(1.0, 0.0), FRAC_PI_2);
        assert_eq!(atan2(0.0, -1.0), PI);
        assert_eq!(from_angle(0.0), Vec2::X);
    }
}
