//! Scene 4, separating axes (seed 003): two oriented rectangles. Each of the four
//! candidate axes (the edge directions of both) is drawn with both rectangles'
//! shadows on it as intervals; an axis where the shadows do not overlap separates
//! them, and is highlighted. The verdict is the game's
//! `intersection_test_oriented_rect_oriented_rect`.

use glam::Vec2;

use super::marks::{num, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{intersection_test_oriented_rect_oriented_rect, OrientedRect};

/// The method text.
pub(super) const METHOD: &str = "Do two tilted rectangles overlap? Two convex shapes miss exactly when a straight line can be drawn between them (the separating axis idea, from the collision-basics article). For rectangles only the directions of their edges need checking, two per rectangle. Drop every corner onto such a direction (p . u) to get each rectangle's shadow, from min to max; if on some direction the shadows do not overlap, that direction separates them. Drag the centres; - and + turn B by 15 degrees.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "intersection_test_oriented_rect_oriented_rect.";

/// A's half extents and rotation (degrees), then B's half extents.
fn rects(lab: &Lab) -> (OrientedRect, OrientedRect) {
    let s = |i: usize| lab.sizes.get(i).copied().unwrap_or(1.0);
    let a = OrientedRect::new(lab.handles[0], v(s(0), s(1)), s(2).to_radians());
    let b = OrientedRect::new(lab.handles[1], v(s(3), s(4)), lab.param.to_radians());
    (a, b)
}

/// One candidate axis: its name, direction and both shadows.
struct Axis {
    name: &'static str,
    dir: Vec2,
    a: (f32, f32),
    b: (f32, f32),
}

impl Axis {
    /// The gap between the shadows (positive: separated), negative for overlap.
    fn gap(&self) -> f32 {
        (self.b.0 - self.a.1).max(self.a.0 - self.b.1)
    }
}

fn shadow(r: &OrientedRect, dir: Vec2) -> (f32, f32) {
    r.corners()
        .iter()
        .map(|c| c.dot(dir))
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

fn axes(a: &OrientedRect, b: &OrientedRect) -> Vec<Axis> {
    let [a0, a1] = a.axes();
    let [b0, b1] = b.axes();
    [("A x", a0), ("A y", a1), ("B x", b0), ("B y", b1)]
        .into_iter()
        .map(|(name, dir)| Axis {
            name,
            dir,
            a: shadow(a, dir),
            b: shadow(b, dir),
        })
        .collect()
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (a, b) = rects(lab);
    let list = axes(&a, &b);
    let mut out: Vec<Readout> = list
        .iter()
        .map(|x| {
            let verdict = if x.gap() > 0.0 {
                "separates"
            } else {
                "overlap"
            };
            Readout::new(
                &format!("axis {}", x.name),
                format!(
                    "A [{}, {}]  B [{}, {}]  {verdict}",
                    num(x.a.0),
                    num(x.a.1),
                    num(x.b.0),
                    num(x.b.1)
                ),
            )
        })
        .collect();
    let separating = list
        .iter()
        .find(|x| x.gap() > 0.0)
        .map_or("none", |x| x.name);
    out.push(Readout::new("separating axis", separating));
    let test = intersection_test_oriented_rect_oriented_rect(a, b);
    out.push(Readout::new(
        "do they overlap",
        if test { "yes" } else { "no" },
    ));
    out
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (a, b) = rects(lab);
    let mut out = vec![
        Mark::Polygon {
            points: a.corners().to_vec(),
            tone: Tone::Shape,
        },
        Mark::Polygon {
            points: b.corners().to_vec(),
            tone: Tone::Mover,
        },
    ];
    // Each axis drawn beside the figure: a line along its direction, pushed out
    // past both shapes along its perpendicular, with the shadows on it (a point p
    // is dir (p . dir) + perp (p . perp), so the shadow [lo, hi] sits at dir lo..hi).
    let mid = (a.center + b.center) * 0.5;
    let reach = a
        .corners()
        .iter()
        .chain(&b.corners())
        .map(|c| c.distance(mid))
        .fold(0.0, f32::max);
    let first = axes(&a, &b)
        .into_iter()
        .find(|x| x.gap() > 0.0)
        .map(|x| x.name);
    for (i, x) in axes(&a, &b).into_iter().enumerate() {
        let across = x.dir.perp();
        let side = across * (mid.dot(across) - (reach + 0.8 + i as f32 * 0.8));
        let tone = if first == Some(x.name) {
            Tone::Warning
        } else {
            Tone::Ghost
        };
        out.push(Mark::Line {
            a: side,
            b: side + x.dir,
            tone,
        });
        let lift = x.dir.perp() * 0.2;
        for ((lo, hi), t, off) in [(x.a, Tone::Shape, lift), (x.b, Tone::Mover, -lift)] {
            out.push(Mark::Segment {
                a: side + off + x.dir * lo,
                b: side + off + x.dir * hi,
                tone: t,
            });
        }
        out.push(Mark::Label {
            at: side + x.dir * x.a.0.min(x.b.0),
            text: x.name.to_owned(),
            tone,
        });
    }
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, a, b, sizes: [f32; 5], turn| Preset {
        name,
        handles: vec![a, b],
        param: turn,
        toggle: false,
        note: "",
        sizes: sizes.to_vec(),
    };
    vec![
        p(
            "Basics article: apart",
            v(3., 5.),
            v(10., 5.),
            [1., 3., 15., 2., 2.],
            -15.,
        ),
        p(
            "Overlapping",
            v(3., 5.),
            v(5.5, 5.),
            [1., 3., 15., 2., 2.],
            -15.,
        ),
        p(
            "Only a tilted axis separates",
            v(0., 0.),
            v(4.6, 4.6),
            [2., 2., 0., 2., 2.],
            45.,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::SeparatingAxes).with_preset(i)
    }

    #[test]
    fn separating_axes_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (a, b) = rects(&lab);
            let test = intersection_test_oriented_rect_oriented_rect(a, b);
            let shown = lab.readout("do they overlap");
            assert_eq!(shown == "yes", test, "preset {i}");
            // A separating axis is found exactly when the game says they miss.
            assert_eq!(lab.readout("separating axis") == "none", test, "preset {i}");
        }
    }

    #[test]
    fn separating_axes_seed_003_rectangles_do_not_collide() {
        // Seed 003: assert(no == oriented_rectangles_collide(a, b)).
        let lab = preset(0);
        assert_eq!(lab.readout("do they overlap"), "no");
        assert_ne!(lab.readout("separating axis"), "none");
    }

    #[test]
    fn separating_axes_tilted_case_is_separated_only_by_b_axes() {
        let lab = preset(2);
        assert!(lab.readout("axis A x").ends_with("overlap"));
        assert!(lab.readout("axis A y").ends_with("overlap"));
        assert!(lab.readout("separating axis").starts_with('B'));
        assert_eq!(preset(1).readout("separating axis"), "none");
    }
}
