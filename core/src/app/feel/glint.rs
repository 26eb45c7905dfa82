//! The capsule brick glint (issue 13): a brick that will drop a capsule has a
//! narrow slanted band of light sweep across it now and then. The sweeps ripple
//! across the grid (each brick a little later than the one above and left of
//! it), so the marked bricks catch the eye without blinking in step, and a band
//! crossing a brick reads nothing like the whole-brick flash of a hit. Headless:
//! this file says where the band is; the shell paints it.

use glam::Vec2;

use crate::geom::Rect;

/// Seconds from one glint to the next on the same brick.
pub const GLINT_PERIOD: f64 = 2.4;
/// Seconds a glint takes to cross its brick.
pub const GLINT_SWEEP: f64 = 0.55;
/// Delay of the ripple across the grid, seconds per arena unit (of x + y): about
/// half a second from one side of the arena to the other.
pub const GLINT_RIPPLE: f64 = 0.0006;
/// The band's width, as a share of the brick's height.
pub const GLINT_WIDTH: f32 = 0.45;
/// The band's slant: how far right its top is from its bottom, as a share of the
/// brick's height (a "/" stroke).
pub const GLINT_SLANT: f32 = 0.8;

/// A glint crossing a brick.
#[derive(Debug, Clone, PartialEq)]
pub struct Glint {
    /// The band, clipped to the brick: a convex outline, arena units.
    pub outline: Vec<Vec2>,
    /// How bright it is, 0 to 1: it fades in and out over its sweep.
    pub strength: f32,
}

/// The glint across a capsule brick at `rect` at `time` seconds (any clock: it is
/// decoration), or `None` between glints.
pub fn glint_band(rect: Rect, time: f64) -> Option<Glint> {
    let delay = f64::from(rect.min.x + rect.min.y) * GLINT_RIPPLE;
    let t = ((time - delay).rem_euclid(GLINT_PERIOD) / GLINT_SWEEP) as f32;
    if t >= 1.0 {
        return None;
    }
    let size = rect.size();
    let (w, slant) = (size.y * GLINT_WIDTH, size.y * GLINT_SLANT);
    // The band's bottom edge's left end runs from fully left of the brick (its top
    // right corner off the brick's left edge) to fully right of it.
    let x = rect.min.x - w - slant + (size.x + w + slant) * t;
    let band = [
        Vec2::new(x + slant, rect.min.y),
        Vec2::new(x + slant + w, rect.min.y),
        Vec2::new(x + w, rect.max.y),
        Vec2::new(x, rect.max.y),
    ];
    let outline = clip_x(&clip_x(&band, rect.min.x, 1.0), rect.max.x, -1.0);
    (outline.len() >= 3).then(|| Glint {
        outline,
        strength: crate::portable_math::sin(t * std::f32::consts::PI),
    })
}

/// `poly` clipped to the half-plane `dir * (x - edge) >= 0` (Sutherland and
/// Hodgman's polygon clipping, one edge).
fn clip_x(poly: &[Vec2], edge: f32, dir: f32) -> Vec<Vec2> {
    let inside = |p: Vec2| dir * (p.x - edge) >= 0.0;
    let mut out = Vec::with_capacity(poly.len() + 2);
    for (i, &a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        if inside(a) {
            out.push(a);
        }
        if inside(a) != inside(b) {
            let s = (edge - a.x) / (b.x - a.x);
            out.push(Vec2::new(edge, a.y + (b.y - a.y) * s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brick(x: f32, y: f32) -> Rect {
        Rect::new(Vec2::new(x, y), Vec2::new(x + 60.0, y + 24.0))
    }

    /// The middle of the band's extent across.
    fn center_x(g: &Glint) -> f32 {
        let xs = g.outline.iter().map(|p| p.x);
        (xs.clone().fold(f32::MAX, f32::min) + xs.fold(f32::MIN, f32::max)) * 0.5
    }

    #[test]
    fn glint_sweeps_left_to_right_inside_the_brick_then_rests() {
        let r = brick(100.0, 200.0);
        let start = f64::from(r.min.x + r.min.y) * GLINT_RIPPLE;
        let mut last = f32::NEG_INFINITY;
        let mut seen = 0;
        for k in 1..40 {
            let t = start + GLINT_SWEEP * f64::from(k) / 40.0;
            let Some(g) = glint_band(r, t) else {
                continue;
            };
            seen += 1;
            for p in &g.outline {
                assert!(r.expanded(1e-3).contains(*p), "{p} outside {r:?}");
            }
            assert!(g.strength > 0.0 && g.strength <= 1.0);
            let x = center_x(&g);
            assert!(x > last, "moves right: {x} after {last}");
            last = x;
        }
        assert!(seen > 30, "visible for most of its sweep: {seen}");
        // Between sweeps it rests, then comes back a period later.
        assert!(glint_band(r, start + GLINT_SWEEP + 0.1).is_none());
        assert!(glint_band(r, start + GLINT_PERIOD - 0.01).is_none());
        let again = glint_band(r, start + GLINT_PERIOD + GLINT_SWEEP * 0.5);
        let first = glint_band(r, start + GLINT_SWEEP * 0.5);
        assert_eq!(again.map(|g| center_x(&g)), first.map(|g| center_x(&g)));
    }

    #[test]
    fn glint_is_a_narrow_band_not_the_whole_brick() {
        let r = brick(0.0, 0.0);
        let mid = glint_band(r, GLINT_SWEEP * 0.5).expect("mid-sweep");
        let span = mid.outline.iter().map(|p| p.x).fold(f32::MIN, f32::max)
            - mid.outline.iter().map(|p| p.x).fold(f32::MAX, f32::min);
        assert!(span < r.size().x * 0.6, "{span}");
    }

    #[test]
    fn glints_ripple_across_the_grid_instead_of_blinking_together() {
        let (a, b) = (brick(0.0, 0.0), brick(600.0, 0.0));
        let t = GLINT_SWEEP * 0.5;
        assert!(glint_band(a, t).is_some());
        assert!(glint_band(b, t).is_none(), "a far brick glints later");
        assert!(glint_band(b, t + 600.0 * GLINT_RIPPLE).is_some());
    }
}
