//! Scene 1, segment crossing (seeds 000, 001 and 003): two segments, where they
//! cross and at which parameters, with the parallel and collinear cases named, and
//! seed 001's y = mx + c method beside ours when the toggle is on.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::slope_intercept::slope_intercept;
use super::state::Lab;
use crate::geom::{
    crossing_segment_segment, intersection_test_line_line, intersection_test_segment_segment, Line,
    Segment,
};

/// The method text.
pub(super) const METHOD: &str = "Where do two segments cross? Write each as a start point plus a share u of its length: P = A1 + u (A2 - A1), u from 0 to 1. Setting the two equal and taking cross products gives both shares at once: u_a = ((B1 - A1) x eB) / (eA x eB) and u_b = ((B1 - A1) x eA) / (eA x eB). No slope is involved, so an upright segment is an ordinary case. When eA x eB = 0 the segments are parallel; parallel and on one line, they share a piece, and the crossing shown is its end nearest A1. The y = mx + c switch shows the bullet-path article's slope method instead: m = dy / dx divides by zero on an upright segment.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str =
    "crossing_segment_segment, intersection_test_segment_segment, intersection_test_line_line.";

/// How two segments relate, in the tutorials' words.
fn case(a: Segment, b: Segment, crossing: Option<Vec2>) -> &'static str {
    let (ea, eb) = (a.b - a.a, b.b - b.a);
    // The game's own parallel test: a line along `eb` moved off A's line meets it
    // only when the directions are not parallel.
    let parallel = !intersection_test_line_line(Line::new(a.a, ea), Line::new(a.a + ea.perp(), eb));
    let same_line = intersection_test_line_line(Line::new(a.a, ea), Line::new(b.a, eb));
    match (crossing.is_some(), parallel, same_line) {
        (true, false, _) => "crossing",
        (true, true, _) => "collinear, overlapping",
        (false, true, true) => "collinear, apart",
        (false, true, false) => "parallel",
        (false, false, _) => "apart (the lines cross off the segments)",
    }
}

/// Where `p` lies along `s`, in units of its length (0 at `a`, 1 at `b`).
fn parameter(s: Segment, p: Vec2) -> f32 {
    let e = s.b - s.a;
    let len2 = e.length_squared();
    if len2 == 0.0 {
        0.0
    } else {
        (p - s.a).dot(e) / len2
    }
}

fn segments(lab: &Lab) -> (Segment, Segment) {
    let h = &lab.handles;
    (Segment::new(h[0], h[1]), Segment::new(h[2], h[3]))
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (a, b) = segments(lab);
    let crossing = crossing_segment_segment(a, b);
    let mut out = vec![
        Readout::new("case", case(a, b, crossing)),
        Readout::new("crossing", crossing.map_or("none".to_owned(), point)),
        Readout::new(
            "u_a",
            crossing.map_or("-".to_owned(), |p| num(parameter(a, p))),
        ),
        Readout::new(
            "u_b",
            crossing.map_or("-".to_owned(), |p| num(parameter(b, p))),
        ),
        Readout::new(
            "do they touch",
            if intersection_test_segment_segment(a, b) {
                "yes"
            } else {
                "no"
            },
        ),
    ];
    if lab.toggle {
        let s = slope_intercept(a.a, a.b, b.a, b.b);
        out.push(Readout::new("m_a (y = mx + c)", num(s.m1)));
        out.push(Readout::new("m_b (y = mx + c)", num(s.m2)));
        let verdict = if !(s.m1.is_finite() && s.m2.is_finite()) {
            format!("fails: {} (divides by zero)", point(s.point))
        } else if s.cross {
            point(s.point)
        } else {
            "none".to_owned()
        };
        out.push(Readout::new("y = mx + c crossing", verdict));
    }
    out
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (a, b) = segments(lab);
    let mut out = vec![
        Mark::Segment {
            a: a.a,
            b: a.b,
            tone: Tone::Shape,
        },
        Mark::Segment {
            a: b.a,
            b: b.b,
            tone: Tone::Mover,
        },
    ];
    if let Some(p) = crossing_segment_segment(a, b) {
        out.push(Mark::Dot {
            at: p,
            tone: Tone::Hit,
        });
    }
    if lab.toggle {
        let s = slope_intercept(a.a, a.b, b.a, b.b);
        if s.point.is_finite() && s.m1 != s.m2 {
            out.push(Mark::Circle {
                center: s.point,
                radius: lab.view.size().max_element() * 0.02,
                filled: false,
                tone: Tone::Tutorial,
            });
        }
    }
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, h: [Vec2; 4], toggle| Preset {
        name,
        handles: h.to_vec(),
        param: 0.0,
        toggle,
        note: "",
        sizes: Vec::new(),
    };
    vec![
        p(
            "Crossing",
            [v(0., 0.), v(8., 6.), v(0., 6.), v(8., 0.)],
            false,
        ),
        p(
            "Basics article: apart",
            [v(3., 4.), v(11., 1.), v(8., 4.), v(11., 7.)],
            false,
        ),
        p(
            "Vertical vs y = mx + c",
            [v(4., -1.), v(4., 7.), v(0., 1.), v(8., 5.)],
            true,
        ),
        p(
            "Parallel",
            [v(0., 0.), v(8., 2.), v(0., 3.), v(8., 5.)],
            false,
        ),
        p(
            "Collinear, overlapping",
            [v(0., 0.), v(6., 3.), v(4., 2.), v(10., 5.)],
            false,
        ),
        p(
            "Collinear, apart",
            [v(0., 0.), v(4., 2.), v(6., 3.), v(10., 5.)],
            false,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::SegmentCrossing).with_preset(i)
    }

    #[test]
    fn segment_crossing_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (a, b) = segments(&lab);
            let expected = crossing_segment_segment(a, b).map_or("none".to_owned(), point);
            assert_eq!(lab.readout("crossing"), expected);
            let test = intersection_test_segment_segment(a, b);
            assert_eq!(lab.readout("do they touch") == "yes", test);
        }
    }

    #[test]
    fn segment_crossing_preset_crossing_at_the_middle() {
        let lab = preset(0);
        assert_eq!(lab.readout("crossing"), "(4, 3)");
        assert_eq!(
            (lab.readout("u_a"), lab.readout("u_b")),
            ("0.5".into(), "0.5".into())
        );
        assert_eq!(lab.readout("case"), "crossing");
    }

    #[test]
    fn segment_crossing_seed_003_segments_do_not_collide() {
        // Seed 003: assert(no == segments_collide(s1, s2)).
        let lab = preset(1);
        assert_eq!(lab.readout("do they touch"), "no");
        assert_eq!(lab.readout("crossing"), "none");
    }

    #[test]
    fn segment_crossing_vertical_segment_breaks_only_the_slope_method() {
        let lab = preset(2);
        assert_eq!(lab.readout("crossing"), "(4, 3)");
        assert_eq!(lab.readout("m_a (y = mx + c)"), "inf");
        assert!(lab.readout("y = mx + c crossing").starts_with("fails"));
    }

    #[test]
    fn segment_crossing_names_parallel_and_collinear() {
        assert_eq!(preset(3).readout("case"), "parallel");
        assert_eq!(preset(4).readout("case"), "collinear, overlapping");
        assert_eq!(preset(4).readout("crossing"), "(4, 2)");
        assert_eq!(preset(5).readout("case"), "collinear, apart");
    }
}
