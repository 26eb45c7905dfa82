//! How a barrier moves: the optional `move by DX,DY period S` and `spin DEG`
//! clauses of a `[barriers]` line, the pose they give at any game step, and the
//! whole path the barrier sweeps (what the checker keeps clear of everything else).
//!
//! Poses come from the game's step count, never a clock, through the portable
//! cosine, so every platform and every replay puts a barrier in the same place.

use std::f64::consts::TAU;

use glam::Vec2;

use super::{BarrierOutline, BarrierShape};
use crate::geom::{ConvexPolygon, PolygonError, Segment};
use crate::tuning::STEPS_PER_SECOND;

/// Corners of the polygon that stands in for a spinning barrier's circle in the
/// swept path: circumscribed, so the path is never smaller than the truth.
const PATH_CIRCLE_CORNERS: usize = 32;

/// A barrier's motion. The default is none: a barrier that stays where it is written.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BarrierMotion {
    /// `move by DX,DY`: the far end of the glide, relative to where the barrier
    /// is written (zero: it does not glide).
    pub travel: Vec2,
    /// `period S`: seconds for one round trip there and back (0 with no `move`).
    pub period: f32,
    /// `spin DEG`: degrees per second about its centre, clockwise on screen
    /// for a positive number (y grows downward), as `rotation` turns.
    pub spin: f32,
}

impl BarrierMotion {
    /// Whether it glides.
    pub fn glides(&self) -> bool {
        self.period > 0.0 && self.travel != Vec2::ZERO
    }

    /// Whether it turns.
    pub fn spins(&self) -> bool {
        self.spin != 0.0
    }

    /// Whether it moves at all.
    pub fn is_still(&self) -> bool {
        !self.glides() && !self.spins()
    }

    /// The glide's top speed, units per second: the cosine ease's fastest,
    /// halfway there, is `pi * |travel| / period` (0 when it does not glide).
    pub fn top_glide_speed(&self) -> f32 {
        if !self.glides() {
            return 0.0;
        }
        std::f32::consts::PI * self.travel.length() / self.period
    }

    /// Where the glide has taken it at game step `step`: `travel` times a cosine
    /// ease, `(1 - cos(2 pi t / period)) / 2`, so it starts where it is written at
    /// rest, reaches `travel` halfway through the period and comes back smoothly.
    /// The phase is taken in f64 from the step count (exact up to 2^53 steps), then
    /// the portable cosine gives the same bits everywhere.
    pub fn offset_at(&self, step: u64) -> Vec2 {
        if !self.glides() {
            return Vec2::ZERO;
        }
        let period_steps = f64::from(self.period) * f64::from(STEPS_PER_SECOND);
        let phase = (step as f64 / period_steps).fract();
        let ease = (1.0 - crate::portable_math::cos((phase * TAU) as f32)) * 0.5;
        self.travel * ease
    }

    /// How far it has turned at game step `step`, in radians in `[0, 2 pi)` (or
    /// `(-2 pi, 0]` spinning the other way), clockwise on screen when positive.
    pub fn angle_at(&self, step: u64) -> f32 {
        if !self.spins() {
            return 0.0;
        }
        let turns = step as f64 * f64::from(self.spin) / (360.0 * f64::from(STEPS_PER_SECOND));
        (turns.fract() * TAU) as f32
    }

    /// The clauses as a level line ends with them: ` move by DX,DY period S` and
    /// ` spin DEG`, each only when it moves that way; empty when still.
    pub fn clauses(&self) -> String {
        let mut s = String::new();
        if self.glides() {
            s += &format!(
                " move by {},{} period {}",
                self.travel.x, self.travel.y, self.period
            );
        }
        if self.spins() {
            s += &format!(" spin {}", self.spin);
        }
        s
    }
}

impl BarrierShape {
    /// The point it turns about: a hexagon's or rect's centre, a polygon's
    /// centroid (of its area), a segment's midpoint.
    pub fn pivot(&self) -> Vec2 {
        match self {
            Self::Hexagon { center, .. } | Self::Rect { center, .. } => *center,
            Self::Segment { from, to } => (*from + *to) * 0.5,
            Self::Polygon(points) => area_centroid(points),
        }
    }

    /// How far its farthest corner is from its pivot (`None` when its outline
    /// is broken): what a spin turns the fastest.
    pub fn reach(&self) -> Option<f32> {
        let pivot = self.pivot();
        Some(match self.outline().ok()? {
            BarrierOutline::Polygon(p) => p
                .vertices()
                .iter()
                .map(|c| c.distance(pivot))
                .fold(0.0, f32::max),
            BarrierOutline::Segment(s) => s.a.distance(pivot).max(s.b.distance(pivot)),
        })
    }

    /// Everything the barrier covers over its whole motion: the outline itself
    /// when still; the outline stretched along the glide (the hull of it at both
    /// ends) when it only glides; when it spins, the circle its farthest corner
    /// draws about the pivot, stretched along the glide (a polygon around it).
    pub fn swept_outline(&self, motion: &BarrierMotion) -> Result<BarrierOutline, PolygonError> {
        let outline = self.outline()?;
        if motion.is_still() {
            return Ok(outline);
        }
        let corners: Vec<Vec2> = match &outline {
            BarrierOutline::Polygon(p) => p.vertices().to_vec(),
            BarrierOutline::Segment(s) => vec![s.a, s.b],
        };
        let travel = if motion.glides() {
            motion.travel
        } else {
            Vec2::ZERO
        };
        let mut points = Vec::new();
        if motion.spins() {
            let pivot = self.pivot();
            let reach = corners
                .iter()
                .map(|c| c.distance(pivot))
                .fold(0.0, f32::max);
            let step = std::f32::consts::TAU / PATH_CIRCLE_CORNERS as f32;
            // Circumscribed: the polygon's edges lie `reach` from the pivot.
            let outer = reach / crate::portable_math::cos(step * 0.5);
            for k in 0..PATH_CIRCLE_CORNERS {
                let p = pivot + outer * crate::portable_math::from_angle(step * k as f32);
                points.push(p);
                points.push(p + travel);
            }
        } else {
            for &c in &corners {
                points.push(c);
                points.push(c + travel);
            }
        }
        let hull = convex_hull(points);
        match ConvexPolygon::new(hull.clone()) {
            Ok(p) => Ok(BarrierOutline::Polygon(p)),
            // A segment gliding along its own line sweeps a longer segment.
            Err(PolygonError::ZeroArea | PolygonError::TooFewPoints { .. }) if hull.len() >= 2 => {
                Ok(BarrierOutline::Segment(farthest_pair(&hull)))
            }
            Err(e) => Err(e),
        }
    }
}

/// The centroid of a polygon's area (the shoelace formula, taken about its first
/// corner for precision); the mean of its corners when it has no area.
fn area_centroid(points: &[Vec2]) -> Vec2 {
    let Some(&origin) = points.first() else {
        return Vec2::ZERO;
    };
    let (mut twice_area, mut sum) = (0.0f32, Vec2::ZERO);
    for w in points.windows(2).skip(1) {
        let (a, b) = (w[0] - origin, w[1] - origin);
        let cross = a.perp_dot(b);
        twice_area += cross;
        sum += (a + b) * cross;
    }
    if twice_area.abs() <= f32::EPSILON {
        return points.iter().copied().sum::<Vec2>() / points.len() as f32;
    }
    origin + sum / (3.0 * twice_area)
}

/// The convex hull of `points`, counter-clockwise in y-up terms, without
/// collinear points (Andrew's monotone chain).
fn convex_hull(mut points: Vec<Vec2>) -> Vec<Vec2> {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(points.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                if (b - a).perp_dot(p - a) > 0.0 {
                    break;
                }
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// The two points farthest apart, as a segment.
fn farthest_pair(points: &[Vec2]) -> Segment {
    let mut best = (points[0], points[0], 0.0);
    for (i, &a) in points.iter().enumerate() {
        for &b in &points[i + 1..] {
            if a.distance(b) > best.2 {
                best = (a, b, a.distance(b));
            }
        }
    }
    Segment::new(best.0, best.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glide(dx: f32, period: f32) -> BarrierMotion {
        BarrierMotion {
            travel: Vec2::new(dx, 0.0),
            period,
            spin: 0.0,
        }
    }

    #[test]
    fn motion_glide_eases_out_and_back_over_its_period() {
        let m = glide(200.0, 6.0);
        assert_eq!(m.offset_at(0), Vec2::ZERO);
        let half = 3 * u64::from(STEPS_PER_SECOND);
        assert!((m.offset_at(half).x - 200.0).abs() < 1e-3);
        assert!((m.offset_at(half / 2).x - 100.0).abs() < 1e-2);
        assert!(m.offset_at(2 * half).x.abs() < 1e-3);
        assert_eq!(m.offset_at(7), m.offset_at(7 + 2 * half));
    }

    #[test]
    fn motion_spin_turns_clockwise_degrees_per_second() {
        let m = BarrierMotion {
            spin: 90.0,
            ..Default::default()
        };
        let one_second = u64::from(STEPS_PER_SECOND);
        assert!((m.angle_at(one_second) - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
        assert!(m.angle_at(4 * one_second).abs() < 1e-6);
        assert_eq!(BarrierMotion::default().angle_at(99), 0.0);
    }

    #[test]
    fn motion_swept_outline_covers_both_ends_and_the_spin_circle() {
        let hex = BarrierShape::Hexagon {
            center: Vec2::new(300.0, 400.0),
            radius: 40.0,
            rotation: 0.0,
        };
        let BarrierOutline::Polygon(p) = hex.swept_outline(&glide(200.0, 6.0)).unwrap() else {
            panic!("a gliding hexagon sweeps a polygon");
        };
        let b = p.aabb();
        assert_eq!((b.min.x, b.max.x), (260.0, 540.0));
        let spun = BarrierMotion {
            spin: 30.0,
            ..Default::default()
        };
        let BarrierOutline::Polygon(c) = hex.swept_outline(&spun).unwrap() else {
            panic!("a spinning hexagon sweeps a polygon");
        };
        for k in 0..64 {
            let q =
                Vec2::new(300.0, 400.0) + 40.0 * crate::portable_math::from_angle(k as f32 * 0.1);
            assert!(c.signed_distance(q) <= 1e-3, "{q}");
        }
    }

    #[test]
    fn motion_segment_gliding_along_itself_sweeps_a_segment() {
        let seg = BarrierShape::Segment {
            from: Vec2::new(100.0, 300.0),
            to: Vec2::new(200.0, 300.0),
        };
        let out = seg.swept_outline(&glide(100.0, 4.0)).unwrap();
        assert_eq!(
            out,
            BarrierOutline::Segment(Segment::new(
                Vec2::new(100.0, 300.0),
                Vec2::new(300.0, 300.0)
            ))
        );
    }

    #[test]
    fn motion_polygon_pivot_is_its_area_centroid() {
        let tri = BarrierShape::Polygon(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(30.0, 0.0),
            Vec2::new(0.0, 30.0),
        ]);
        assert!((tri.pivot() - Vec2::new(10.0, 10.0)).length() < 1e-4);
    }
}
