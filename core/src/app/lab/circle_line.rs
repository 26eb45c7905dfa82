//! Scene 2, circle and line (seeds 000, 003 and 004): where a circle's boundary
//! meets the infinite line through P1 and P2 and the segment between them, with
//! the discriminant; and, moved far from the origin by the slider, seed 004's
//! quadratic in world coordinates losing its digits while ours keeps them.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{crossings_circle_line, crossings_circle_segment, Circle, Line, Segment};

/// The method text.
pub(super) const METHOD: &str = "Where does a line cut a circle? A point on the line is P = P1 + u (P2 - P1). Asking for it to be r from the centre C gives a quadratic a u^2 + b u + c = 0, with d = P2 - P1, f = P1 - C, a = d . d, b = 2 f . d, c = f . f - r^2 (the line-intersection article works this out in the circle's own space). Its discriminant b^2 - 4ac says: no point, one (a tangent) or two; a segment keeps the points with u from 0 to 1. The hexagon article expands the same equation in world coordinates; far from the origin that subtracts huge, nearly equal numbers and loses every digit. Arkanong uses b^2 - 4ac = 4 (a r^2 - (f x d)^2), which stays small, and computes in double precision.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "crossings_circle_line.";

fn parts(lab: &Lab) -> (Circle, Segment) {
    let h = &lab.handles;
    (
        Circle::new(h[0], h[0].distance(h[1])),
        Segment::new(h[2], h[3]),
    )
}

/// How far the slider moves the figure: (10^k, 10^k) for k > 0, nothing at 0.
fn offset(k: f32) -> Vec2 {
    if k <= 0.0 {
        Vec2::ZERO
    } else {
        // A product of tens, not powf: the core uses only portable math.
        Vec2::splat((0..k.round() as i32).fold(1.0, |p, _| p * 10.0))
    }
}

/// Seed 000's discriminant b^2 - 4ac, in f32 in the circle's space, as printed.
fn tutorial_discriminant(c: Circle, s: Segment) -> f32 {
    let (p1, d) = (s.a - c.center, s.b - s.a);
    let a = d.dot(d);
    let b = 2.0 * d.dot(p1);
    let cc = p1.dot(p1) - c.radius * c.radius;
    b * b - 4.0 * a * cc
}

/// Seed 004's expanded quadratic in world coordinates, f32, as printed: the
/// parameters of the line's crossings, or `None` for a negative discriminant.
fn seed_004_expanded(c: Circle, s: Segment) -> Option<[f32; 2]> {
    let (e, d, k) = (s.a, s.b - s.a, c.center);
    let a = d.dot(d);
    let b = 2.0 * (e.dot(d) - d.dot(k));
    let cc = e.dot(e) - 2.0 * e.dot(k) + k.dot(k) - c.radius * c.radius;
    let disc = b * b - 4.0 * a * cc;
    (disc >= 0.0).then(|| {
        let root = disc.sqrt();
        [(-b - root) / (2.0 * a), (-b + root) / (2.0 * a)]
    })
}

/// The farthest the points `found` (moved back by `shift`, in f64) lie from `truth`.
fn worst_error(found: &[Vec2], truth: &[Vec2], shift: Vec2) -> f64 {
    found
        .iter()
        .zip(truth)
        .map(|(f, t)| (f.as_dvec2() - shift.as_dvec2()).distance(t.as_dvec2()))
        .fold(0.0, f64::max)
}

fn points(list: &[Vec2]) -> String {
    if list.is_empty() {
        "none".to_owned()
    } else {
        list.iter().map(|p| point(*p)).collect::<Vec<_>>().join(" ")
    }
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (c, s) = parts(lab);
    let line = crossings_circle_line(c, Line::new(s.a, s.b - s.a));
    let seg = crossings_circle_segment(c, s);
    let along = |p: &Vec2| num((*p - s.a).dot(s.b - s.a) / (s.b - s.a).length_squared());
    let mut out = vec![
        Readout::new("r", num(c.radius)),
        Readout::new(
            "b^2 - 4ac (circle-line article)",
            num(tutorial_discriminant(c, s)),
        ),
        Readout::new("line crossings", points(line.as_slice())),
        Readout::new(
            "u",
            line.as_slice()
                .iter()
                .map(along)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Readout::new("segment crossings", points(seg.as_slice())),
    ];
    let o = offset(lab.param);
    if o != Vec2::ZERO {
        let far_c = Circle::new(c.center + o, c.radius);
        let far_s = Segment::new(s.a + o, s.b + o);
        let ours = crossings_circle_line(far_c, Line::new(far_s.a, far_s.b - far_s.a));
        out.push(Readout::new("moved by", point(o)));
        out.push(Readout::new(
            "ours, error",
            num(worst_error(ours.as_slice(), line.as_slice(), o) as f32),
        ));
        let naive = seed_004_expanded(far_c, far_s).map(|us| {
            us.map(|u| {
                (far_s.a.as_dvec2() + (far_s.b - far_s.a).as_dvec2() * f64::from(u)).as_vec2()
            })
        });
        let shown = match naive {
            None if line.is_empty() => "none (right)".to_owned(),
            None => "none (wrong: it misses)".to_owned(),
            Some(_) if line.is_empty() => "two points (wrong)".to_owned(),
            Some(p) => num(worst_error(&p, line.as_slice(), o) as f32),
        };
        out.push(Readout::new("hexagon article's expansion, error", shown));
    }
    out
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (c, s) = parts(lab);
    let mut out = vec![
        Mark::Line {
            a: s.a,
            b: s.b,
            tone: Tone::Ghost,
        },
        Mark::Segment {
            a: s.a,
            b: s.b,
            tone: Tone::Mover,
        },
        Mark::Circle {
            center: c.center,
            radius: c.radius,
            filled: false,
            tone: Tone::Shape,
        },
    ];
    let line = crossings_circle_line(c, Line::new(s.a, s.b - s.a));
    out.extend(line.into_iter().map(|at| Mark::Dot {
        at,
        tone: Tone::Ghost,
    }));
    out.extend(
        crossings_circle_segment(c, s)
            .into_iter()
            .map(|at| Mark::Dot {
                at,
                tone: Tone::Hit,
            }),
    );
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, h: [Vec2; 4], k, note| Preset {
        name,
        handles: h.to_vec(),
        param: k,
        toggle: false,
        note,
        sizes: Vec::new(),
    };
    vec![
        p(
            "Two crossings",
            [v(0., 0.), v(3., 0.), v(-5., -1.), v(5., 2.)],
            0.0,
            "",
        ),
        p(
            "Hexagon article: t = 0.5",
            [v(7., 2.), v(7., 0.), v(4., 0.), v(10., 0.)],
            0.0,
            "The hexagon article prints the point at t = 0.5 on (4,0)-(10,0) as (9,0); \
             p = e + t d = (4,0) + 0.5 (6,0) = (7,0).",
        ),
        p(
            "Basics article: line misses",
            [v(6., 3.), v(8., 3.), v(4., 7.), v(9., 6.)],
            0.0,
            "",
        ),
        p(
            "Basics article: segment misses",
            [v(4., 4.), v(7., 4.), v(8., 6.), v(13., 6.)],
            0.0,
            "",
        ),
        p(
            "Far from the origin",
            [v(0., 0.), v(3., 0.), v(-5., -1.), v(5., 2.)],
            4.0,
            "",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::CircleLine).with_preset(i)
    }

    #[test]
    fn circle_line_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (c, s) = parts(&lab);
            let line = crossings_circle_line(c, Line::new(s.a, s.b - s.a));
            assert_eq!(lab.readout("line crossings"), points(line.as_slice()));
            let seg = crossings_circle_segment(c, s);
            assert_eq!(lab.readout("segment crossings"), points(seg.as_slice()));
            // The tutorial's discriminant agrees with geom on how many points.
            let disc = tutorial_discriminant(c, s);
            assert_eq!(disc > 0.0, line.len() == 2, "preset {i}");
        }
    }

    #[test]
    fn circle_line_seed_004_midpoint_is_7_0_not_9_0() {
        let lab = preset(1);
        assert_eq!(lab.readout("segment crossings"), "(7, 0)");
        assert_eq!(lab.readout("u"), "0.5");
        assert!(lab.note().contains("(7,0)"));
    }

    #[test]
    fn circle_line_seed_003_examples_do_not_collide() {
        // Seed 003: circle {6,3} r 2 against the line {4,7} + s {5,-1}: no.
        assert_eq!(preset(2).readout("line crossings"), "none");
        // Circle {4,4} r 3 against the segment (8,6)-(13,6): no, though its line does.
        assert_eq!(preset(3).readout("segment crossings"), "none");
        assert_eq!(preset(3).readout("line crossings"), "(1.764, 6) (6.236, 6)");
    }

    #[test]
    fn circle_line_far_from_origin_ours_stays_exact_and_seed_004_does_not() {
        let lab = preset(4);
        let ours: f32 = lab.readout("ours, error").parse().unwrap_or(f32::MAX);
        assert!(ours < 0.01, "{ours}");
        let naive = lab.readout("hexagon article's expansion, error");
        let bad = naive.parse::<f32>().map_or(true, |e| e > 0.1);
        assert!(bad, "{naive}");
    }
}
