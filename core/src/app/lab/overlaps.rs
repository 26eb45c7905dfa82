//! Scene 5, overlap tests (seed 003): point-point, circle-point, circle-segment,
//! circle-rectangle and line-line, each a yes-or-no answer from the game's own
//! `intersection_test_*` functions. The scene's number picks the test; the presets
//! are seed 003's own assertions.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{
    intersection_test_circle_point, intersection_test_circle_rect,
    intersection_test_circle_segment, intersection_test_line_line, Circle, Line, Rect, Segment,
};

/// The method text.
pub(super) const METHOD: &str = "The collision-basics article's yes-or-no tests, where touching counts as overlap. Two points meet when they are equal. A point is in a circle when its distance from the centre is at most r. A circle meets a segment when the segment's point nearest the centre is in the circle; it meets a rectangle when the centre, pushed into the box, is. Two lines meet unless they are parallel and apart. - and + pick the test.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "intersection_test_circle_point, intersection_test_circle_segment, intersection_test_circle_rect, intersection_test_line_line.";

/// The tests, in the order of the scene's number.
pub(super) const TESTS: [&str; 5] = [
    "point-point",
    "circle-point",
    "circle-segment",
    "circle-rectangle",
    "line-line",
];

/// The handles' names for test `k`.
pub(super) fn handle_names(k: usize) -> &'static [&'static str] {
    match k {
        0 => &["A", "B"],
        1 => &["centre", "rim", "P"],
        2 => &["centre", "rim", "P1", "P2"],
        3 => &["centre", "rim", "min", "max"],
        _ => &["base 1", "base 1 + d1", "base 2", "base 2 + d2"],
    }
}

/// Which test the scene's number picks.
pub(super) fn test_index(lab: &Lab) -> usize {
    (lab.param.max(0.0).round() as usize).min(TESTS.len() - 1)
}

/// Handle `i`, or the origin when the lab has fewer (a test switched by the keys
/// without a preset keeps the handles it has).
fn h(lab: &Lab, i: usize) -> Vec2 {
    lab.handles.get(i).copied().unwrap_or(Vec2::ZERO)
}

fn circle(lab: &Lab) -> Circle {
    Circle::new(h(lab, 0), h(lab, 0).distance(h(lab, 1)))
}

fn lines(lab: &Lab) -> (Line, Line) {
    (
        Line::new(h(lab, 0), h(lab, 1) - h(lab, 0)),
        Line::new(h(lab, 2), h(lab, 3) - h(lab, 2)),
    )
}

/// The game's answer for the lab's test and handles.
pub(super) fn answer(lab: &Lab) -> bool {
    match test_index(lab) {
        0 => intersection_test_circle_point(Circle::new(h(lab, 0), 0.0), h(lab, 1)),
        1 => intersection_test_circle_point(circle(lab), h(lab, 2)),
        2 => intersection_test_circle_segment(circle(lab), Segment::new(h(lab, 2), h(lab, 3))),
        3 => intersection_test_circle_rect(circle(lab), Rect::from_points([h(lab, 2), h(lab, 3)])),
        _ => {
            let (a, b) = lines(lab);
            intersection_test_line_line(a, b)
        }
    }
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let k = test_index(lab);
    let mut out = vec![Readout::new("test", TESTS[k])];
    match k {
        1 => out.push(Readout::new(
            "|P - C| vs r",
            format!(
                "{} vs {}",
                num(h(lab, 0).distance(h(lab, 2))),
                num(circle(lab).radius)
            ),
        )),
        2 => {
            let near = Segment::new(h(lab, 2), h(lab, 3)).closest_point(h(lab, 0));
            out.push(Readout::new("nearest point", point(near)));
        }
        _ => {}
    }
    out.push(Readout::new(
        "overlap",
        if answer(lab) { "yes" } else { "no" },
    ));
    out
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let tone = if answer(lab) { Tone::Hit } else { Tone::Mover };
    let c = circle(lab);
    let ring = Mark::Circle {
        center: c.center,
        radius: c.radius,
        filled: false,
        tone,
    };
    let dot = |at, tone| Mark::Dot { at, tone };
    match test_index(lab) {
        0 => vec![dot(h(lab, 0), Tone::Shape), dot(h(lab, 1), tone)],
        1 => vec![ring, dot(h(lab, 2), Tone::Shape)],
        2 => vec![
            ring,
            Mark::Segment {
                a: h(lab, 2),
                b: h(lab, 3),
                tone: Tone::Shape,
            },
            dot(
                Segment::new(h(lab, 2), h(lab, 3)).closest_point(c.center),
                Tone::Ours,
            ),
        ],
        3 => vec![
            ring,
            Mark::Polygon {
                points: Rect::from_points([h(lab, 2), h(lab, 3)]).corners().to_vec(),
                tone: Tone::Shape,
            },
        ],
        _ => vec![
            Mark::Line {
                a: h(lab, 0),
                b: h(lab, 1),
                tone: Tone::Shape,
            },
            Mark::Line {
                a: h(lab, 2),
                b: h(lab, 3),
                tone,
            },
        ],
    }
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, k: f32, handles: Vec<Vec2>| Preset {
        name,
        handles,
        param: k,
        toggle: false,
        note: "",
        sizes: Vec::new(),
    };
    // Seed 003's lines: a = (3,5), b = (3,2), c = (8,4), down = (5,-1), up = (5,2).
    let (a, b, c) = (v(3., 5.), v(3., 2.), v(8., 4.));
    let (down, up) = (v(5., -1.), v(5., 2.));
    vec![
        p(
            "Circle, p1 inside",
            1.,
            vec![v(6., 4.), v(9., 4.), v(8., 3.)],
        ),
        p(
            "Circle, p2 outside",
            1.,
            vec![v(6., 4.), v(9., 4.), v(11., 7.)],
        ),
        p(
            "Circle, segment misses",
            2.,
            vec![v(4., 4.), v(7., 4.), v(8., 6.), v(13., 6.)],
        ),
        p(
            "Circle at the corner",
            3.,
            vec![v(10., 7.), v(11.5, 7.), v(3., 2.), v(9., 6.)],
        ),
        p("Lines l1, l2 cross", 4., vec![a, a + down, a, a + up]),
        p("Lines l2, l3 parallel", 4., vec![a, a + up, b, b + up]),
        p("Lines l1, l4 the same", 4., vec![a, a + down, c, c + down]),
        p("Points a = b", 0., vec![v(2., 3.), v(2., 3.)]),
        p("Points a, c", 0., vec![v(2., 3.), v(3., 4.)]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::Overlaps).with_preset(i)
    }

    fn overlap(lab: &Lab) -> String {
        lab.readouts()
            .into_iter()
            .find(|r| r.name == "overlap")
            .map(|r| r.value)
            .unwrap_or_default()
    }

    #[test]
    fn overlaps_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            assert_eq!(overlap(&lab) == "yes", answer(&lab), "preset {i}");
            assert_eq!(lab.handles.len(), handle_names(test_index(&lab)).len());
        }
        let lab = preset(2);
        let s = Segment::new(lab.handles[2], lab.handles[3]);
        let c = Circle::new(lab.handles[0], 3.0);
        assert_eq!(answer(&lab), intersection_test_circle_segment(c, s));
    }

    #[test]
    fn overlaps_presets_reproduce_seed_003_assertions() {
        // yes(p1), no(p2); no(segment); a circle over the corner (9,6) of the
        // rectangle (3,2)+(6,4); yes(l1, l2), no(l2, l3), yes(l1, l4); yes(a, b), no(a, c).
        let want = ["yes", "no", "no", "yes", "yes", "no", "yes", "yes", "no"];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(overlap(&preset(i)), *w, "preset {i}: {}", presets()[i].name);
        }
    }
}
