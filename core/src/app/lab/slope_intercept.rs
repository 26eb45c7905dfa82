//! Seed 001's method, reproduced only to show it failing beside ours: each segment
//! as y = m x + c with m = dy / dx, crossing at x = (c2 - c1) / (m1 - m2). On a
//! vertical segment dx = 0, so m is infinite and c and x come out infinite or NaN.
//! This is the tutorial's arithmetic, not the game's; the game never uses it.

use glam::Vec2;

/// What the slope-intercept method makes of two segments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct SlopeResult {
    /// Slope of the first segment (infinite when it is vertical).
    pub m1: f32,
    /// Slope of the second.
    pub m2: f32,
    /// The point it computes, NaN or infinite when it divides by zero.
    pub point: Vec2,
    /// Whether it says the segments cross (its range check, as printed).
    pub cross: bool,
}

/// Seed 001's `line_intersect`, in f32 as printed.
pub(super) fn slope_intercept(a1: Vec2, a2: Vec2, b1: Vec2, b2: Vec2) -> SlopeResult {
    let m1 = (a2.y - a1.y) / (a2.x - a1.x);
    let c1 = -(m1 * a1.x) + a1.y;
    let m2 = (b2.y - b1.y) / (b2.x - b1.x);
    let c2 = -(m2 * b1.x) + b1.y;
    if m1 == m2 {
        return SlopeResult {
            m1,
            m2,
            point: Vec2::ZERO,
            cross: false,
        };
    }
    let x = (c2 - c1) / (m1 - m2);
    let y = m1 * x + c1;
    let p = Vec2::new(x, y);
    // The printed range check: outside either box means no crossing. NaN compares
    // false everywhere, so a NaN point passes it and is reported as a crossing.
    let outside = |s: Vec2, e: Vec2| {
        p.x > s.x.max(e.x) || p.x < s.x.min(e.x) || p.y > s.y.max(e.y) || p.y < s.y.min(e.y)
    };
    SlopeResult {
        m1,
        m2,
        point: p,
        cross: !(outside(a1, a2) || outside(b1, b2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slope_intercept_agrees_on_an_ordinary_crossing() {
        let r = slope_intercept(
            Vec2::new(0., 0.),
            Vec2::new(4., 4.),
            Vec2::new(0., 4.),
            Vec2::new(4., 0.),
        );
        assert_eq!((r.point, r.cross), (Vec2::new(2., 2.), true));
    }

    #[test]
    fn slope_intercept_fails_on_a_vertical_segment() {
        let r = slope_intercept(
            Vec2::new(2., -1.),
            Vec2::new(2., 3.),
            Vec2::new(0., 0.),
            Vec2::new(4., 2.),
        );
        assert!(r.m1.is_infinite());
        assert!(!r.point.is_finite());
    }
}
