//! The figure in pixels, without a window: where the scene's view sits in the
//! layout ([`FigureFrame`]), and the ink its marks and handles put on screen
//! ([`Ink`]: strokes and discs), so label placement (`labels.rs`) can keep every
//! name off the figure and a test can check it at any window size. The shell
//! draws arrows and capsules from the same outlines ([`arrow_strokes`],
//! [`capsule_outline`]), so what is tested is what is drawn.

use glam::{vec2, Vec2};

use super::fit::LabLayout;
use super::marks::{Mark, Tone};
use crate::geom::Rect;
use crate::portable_math::from_angle;

/// A handle's ring radius on screen, pixels.
pub const HANDLE_RADIUS: f32 = 9.0;
/// An arrow head's stroke length, pixels.
const HEAD_LENGTH: f32 = 12.0;
/// An arrow head's half angle, radians.
const HEAD_TURN: f32 = 0.45;
/// Pixels between a label and any ink, beyond the stroke's own half width.
pub(super) const CLEARANCE: f32 = 2.0;
/// Segments a circle's outline is cut into for the obstacle test.
const CIRCLE_SEGMENTS: usize = 32;
/// Steps round each end of a capsule's outline.
const CAPSULE_STEPS: usize = 24;

/// Where the figure sits: the scene's view fitted (aspect kept) into the layout's
/// figure, under its title band.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FigureFrame {
    /// The whole figure rectangle (the title band included), pixels.
    pub rect: Rect,
    /// The part under the title band: where the marks and their labels go.
    pub area: Rect,
    /// Pixels per scene unit.
    pub scale: f32,
    center_world: Vec2,
    center_screen: Vec2,
}

impl FigureFrame {
    /// Fits `view` (scene units) into `layout`'s figure, under the title band.
    pub fn fit(view: Rect, layout: &LabLayout) -> Self {
        let rect = layout.figure;
        let top = (rect.min.y + layout.title_band).min(rect.max.y - 1.0);
        let area = Rect::new(vec2(rect.min.x, top), rect.max);
        let size = view.size().max(Vec2::splat(1e-3));
        let room = area.size();
        let scale = (room.x / size.x).min(room.y / size.y);
        Self {
            rect,
            area,
            scale,
            center_world: view.center(),
            center_screen: area.center(),
        }
    }

    /// Scene coordinates to pixels (y flips: the scene's y points up).
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        let d = (p - self.center_world) * self.scale;
        self.center_screen + vec2(d.x, -d.y)
    }

    /// Pixels to scene coordinates.
    pub fn to_world(&self, p: Vec2) -> Vec2 {
        let d = (p - self.center_screen) / self.scale;
        self.center_world + vec2(d.x, -d.y)
    }

    /// The ends, in pixels, of the infinite line through `a` and `b` (scene
    /// units) as drawn: well past the figure on both sides, so it crosses it whole.
    pub fn line_ends(&self, a: Vec2, b: Vec2) -> (Vec2, Vec2) {
        let span = self.rect.size();
        let d = (b - a).normalize_or_zero() * (span.x + span.y) / self.scale;
        (self.to_screen(a - d), self.to_screen(b + d))
    }
}

/// An arrow from `a` to `b` (pixels) as three strokes: the shaft, then the two
/// sides of its head. A zero-length arrow is its shaft alone.
pub fn arrow_strokes(a: Vec2, b: Vec2) -> Vec<(Vec2, Vec2)> {
    let mut out = vec![(a, b)];
    if let Some(back) = (a - b).try_normalize() {
        for turn in [HEAD_TURN, -HEAD_TURN] {
            out.push((b, b + from_angle(turn).rotate(back) * HEAD_LENGTH));
        }
    }
    out
}

/// A capsule's outline (scene units): the side from `a` to `b`, half a circle
/// round `b`, the other side back, half a circle round `a`; closed (the last
/// point is the first). A capsule of zero length is a circle.
pub fn capsule_outline(a: Vec2, b: Vec2, r: f32) -> Vec<Vec2> {
    let dir = (b - a).try_normalize().unwrap_or(Vec2::X);
    let n = dir.perp();
    let mut out = Vec::with_capacity(2 * CAPSULE_STEPS + 3);
    for (end, side) in [(b, n), (a, -n)] {
        // From `side`, half a turn clockwise, round the end away from the core.
        for k in 0..=CAPSULE_STEPS {
            let angle = -std::f32::consts::PI * k as f32 / CAPSULE_STEPS as f32;
            out.push(end + from_angle(angle).rotate(side) * r);
        }
    }
    out.push(out[0]);
    out
}

/// A stroke of ink: a thick segment, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Stroke {
    /// One end.
    pub(super) a: Vec2,
    /// The other end.
    pub(super) b: Vec2,
    /// How far from its centre line a label must stay: half the line's width
    /// and a clearance.
    pub(super) reach: f32,
    /// False for the faint construction lines (earlier positions, capsules,
    /// endless lines): a label may cross one when there is no other room.
    pub(super) solid: bool,
}

/// A filled round (a disc, a dot, a handle's ring), pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Disc {
    /// Its centre.
    pub(super) center: Vec2,
    /// Its radius with the clearance.
    pub(super) reach: f32,
}

/// Everything the figure draws, as obstacles for its labels, pixels.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Ink {
    /// Lines, outlines and arrows.
    pub(super) strokes: Vec<Stroke>,
    /// Discs, dots and handles.
    pub(super) discs: Vec<Disc>,
}

impl Ink {
    /// The ink of `marks` (labels aside) and of handles at `handles` (scene
    /// units), drawn by `frame`.
    pub(super) fn of(marks: &[Mark], handles: &[Vec2], frame: &FigureFrame) -> Self {
        let mut ink = Ink::default();
        for m in marks {
            ink.add_mark(m, frame);
        }
        for h in handles {
            ink.discs.push(Disc {
                center: frame.to_screen(*h),
                reach: HANDLE_RADIUS + 1.5 + CLEARANCE,
            });
        }
        ink
    }

    fn line(&mut self, a: Vec2, b: Vec2, width: f32, tone: Tone) {
        self.strokes.push(Stroke {
            a,
            b,
            reach: width * 0.5 + CLEARANCE,
            solid: tone != Tone::Ghost,
        });
    }

    fn path(&mut self, points: &[Vec2], width: f32, tone: Tone) {
        for pair in points.windows(2) {
            self.line(pair[0], pair[1], width, tone);
        }
    }

    fn add_mark(&mut self, mark: &Mark, f: &FigureFrame) {
        let px = |p: &Vec2| f.to_screen(*p);
        match mark {
            Mark::Segment { a, b, tone } => self.line(px(a), px(b), 3.0, *tone),
            Mark::Line { a, b, tone } => {
                let (from, to) = f.line_ends(*a, *b);
                self.line(from, to, 1.0, *tone);
            }
            Mark::Circle {
                center,
                radius,
                filled,
                tone,
            } => {
                let (c, r) = (px(center), (radius * f.scale).max(2.0));
                if *filled {
                    self.discs.push(Disc {
                        center: c,
                        reach: r + CLEARANCE,
                    });
                } else {
                    let ring: Vec<Vec2> = (0..=CIRCLE_SEGMENTS)
                        .map(|k| {
                            let angle = std::f32::consts::TAU * k as f32 / CIRCLE_SEGMENTS as f32;
                            c + from_angle(angle) * r
                        })
                        .collect();
                    self.path(&ring, 2.5, *tone);
                }
            }
            Mark::Capsule { a, b, radius, tone } => {
                let outline: Vec<Vec2> = capsule_outline(*a, *b, *radius).iter().map(px).collect();
                self.path(&outline, 1.5, *tone);
            }
            Mark::Arrow { from, to, .. } => {
                for (a, b) in arrow_strokes(px(from), px(to)) {
                    // An arrow is never a construction line, whatever its tone:
                    // it is a vector to read.
                    self.line(a, b, 2.0, Tone::Normal);
                }
            }
            Mark::Dot { at, .. } => self.discs.push(Disc {
                center: px(at),
                reach: 5.0 + CLEARANCE,
            }),
            Mark::Polygon { points, tone } => {
                let mut ring: Vec<Vec2> = points.iter().map(px).collect();
                ring.extend(ring.first().copied());
                self.path(&ring, 3.0, *tone);
            }
            Mark::Label { .. } => {}
        }
    }
}

/// Whether the segment from `a` to `b`, grown by `reach` on every side, touches
/// `r`: the box grown by `reach` is clipped against the segment (Liang-Barsky),
/// which errs only near the box's corners, on the safe side.
pub(super) fn stroke_meets_box(a: Vec2, b: Vec2, reach: f32, r: Rect) -> bool {
    let r = r.expanded(reach);
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-d.x, a.x - r.min.x),
        (d.x, r.max.x - a.x),
        (-d.y, a.y - r.min.y),
        (d.y, r.max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
            continue;
        }
        let t = q / p;
        if p < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return false;
        }
    }
    true
}

/// Whether a disc of radius `reach` round `c` touches `r`.
pub(super) fn disc_meets_box(c: Vec2, reach: f32, r: Rect) -> bool {
    c.clamp(r.min, r.max).distance_squared(c) <= reach * reach
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::new(vec2(x, y), vec2(x + w, y + h))
    }

    #[test]
    fn stroke_meets_box_through_inside_beside_and_within_reach() {
        let r = boxed(10.0, 10.0, 20.0, 10.0);
        let crosses = (vec2(0.0, 15.0), vec2(40.0, 15.0));
        assert!(stroke_meets_box(crosses.0, crosses.1, 0.0, r));
        assert!(stroke_meets_box(vec2(12.0, 12.0), vec2(14.0, 14.0), 0.0, r));
        assert!(!stroke_meets_box(vec2(0.0, 5.0), vec2(40.0, 5.0), 1.0, r));
        assert!(stroke_meets_box(vec2(0.0, 5.0), vec2(40.0, 5.0), 5.0, r));
        // A diagonal passing the corner outside.
        assert!(!stroke_meets_box(vec2(0.0, 8.0), vec2(8.0, 0.0), 1.0, r));
        assert!(disc_meets_box(vec2(5.0, 15.0), 5.0, r));
        assert!(!disc_meets_box(vec2(5.0, 5.0), 6.0, r));
    }

    #[test]
    fn frame_round_trips_and_keeps_the_view_in_the_area() {
        let layout = LabLayout::for_window(vec2(390.0, 844.0));
        let view = Rect::new(vec2(-3.0, -2.0), vec2(12.0, 5.0));
        let f = FigureFrame::fit(view, &layout);
        for p in [view.min, view.max, view.center()] {
            assert!(f.to_world(f.to_screen(p)).distance(p) < 1e-3);
            assert!(f.area.expanded(0.5).contains(f.to_screen(p)), "{p}");
        }
        assert!(f.area.min.y >= layout.figure.min.y + layout.title_band - 0.5);
    }

    #[test]
    fn arrows_have_heads_and_capsules_close_round_both_ends() {
        let s = arrow_strokes(vec2(0.0, 0.0), vec2(100.0, 0.0));
        assert_eq!(s.len(), 3);
        for (from, to) in &s[1..] {
            assert_eq!(*from, vec2(100.0, 0.0));
            assert!(to.x < 100.0 && (from.distance(*to) - HEAD_LENGTH).abs() < 1e-3);
        }
        assert_eq!(arrow_strokes(Vec2::ONE, Vec2::ONE).len(), 1);
        let c = capsule_outline(vec2(0.0, 0.0), vec2(10.0, 0.0), 2.0);
        assert_eq!(c.first(), c.last());
        let far = c.iter().fold(f32::MIN, |m, p| m.max(p.x));
        assert!((far - 12.0).abs() < 1e-3 && c.iter().all(|p| p.y.abs() <= 2.0 + 1e-3));
    }
}
