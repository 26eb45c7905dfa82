//! Scene 6, hexagon corner (seed 004): a ball aimed at a hexagon's vertex. The
//! tutorial tests the ball against every edge each frame and reflects the velocity
//! off each edge it touches, so at a corner it reflects twice; Arkanong casts the
//! ball against the whole polygon (`cast_circle_polygon`) and reflects once, about
//! the normal from the vertex to the centre.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{
    cast_circle_polygon, intersection_test_circle_segment, reflect, CastHit, Circle, ConvexPolygon,
};

/// Frames the tutorial's method takes over the motion: it tests overlap once per
/// frame, as the game loop of seed 004 does.
pub(super) const TUTORIAL_FRAMES: u32 = 30;

/// The method text.
pub(super) const METHOD: &str = "What happens when a ball hits a hexagon's corner? The hexagon article tests the ball against each of the six edges every frame and, for every edge it touches, flips the part of the velocity along that edge's normal: v' = v - 2 (v . n) n. At a corner two edges touch in the same frame, so the ball bounces twice, off two normals 60 degrees apart, and leaves the wrong way. Arkanong moves the ball against the whole hexagon at once: a corner hit has one normal, from the corner to the ball's centre, and one bounce.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str =
    "cast_circle_polygon, intersection_test_circle_segment, reflect.";

/// The hexagon every preset aims at.
pub(super) fn hexagon() -> ConvexPolygon {
    ConvexPolygon::regular(Vec2::ZERO, 4.0, 6, 0.0)
}

/// The tutorial's answer: the frame it first sees overlap, which edges, the
/// velocity after its reflections.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PerEdge {
    /// The first frame (1 to [`TUTORIAL_FRAMES`]) with any edge touched.
    pub frame: u32,
    /// The indices of the edges touched then, in the tutorial's loop order.
    pub edges: Vec<usize>,
    /// The ball's centre at that frame.
    pub at: Vec2,
    /// The velocity (per whole motion) after reflecting off each touched edge.
    pub velocity: Vec2,
}

/// Seed 004's loop, on the game's own overlap test and reflection.
pub(super) fn per_edge(ball: Circle, motion: Vec2, hex: &ConvexPolygon) -> Option<PerEdge> {
    (1..=TUTORIAL_FRAMES).find_map(|frame| {
        let at = ball.center + motion * (frame as f32 / TUTORIAL_FRAMES as f32);
        let c = Circle::new(at, ball.radius);
        let edges: Vec<usize> = hex
            .edges()
            .enumerate()
            .filter(|(_, e)| intersection_test_circle_segment(c, *e))
            .map(|(i, _)| i)
            .collect();
        let velocity = edges
            .iter()
            .fold(motion, |v, &i| reflect(v, hex.normals()[i]));
        (!edges.is_empty()).then_some(PerEdge {
            frame,
            edges,
            at,
            velocity,
        })
    })
}

fn parts(lab: &Lab) -> (Circle, Vec2) {
    let (ball, aim) = (lab.handles[0], lab.handles[1]);
    (Circle::new(ball, lab.param), aim - ball)
}

/// The game's first touch.
pub(super) fn cast(lab: &Lab) -> Option<CastHit> {
    let (ball, motion) = parts(lab);
    cast_circle_polygon(ball, motion, &hexagon())
}

/// The angle between two directions, in degrees.
fn degrees_between(a: Vec2, b: Vec2) -> f32 {
    a.angle_between(b).abs().to_degrees()
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (ball, motion) = parts(lab);
    let hit = cast(lab);
    let tut = per_edge(ball, motion, &hexagon());
    let mut out = vec![Readout::new("r", num(ball.radius))];
    let ours = hit.map(|h| reflect(motion, h.normal));
    match hit {
        Some(h) => out.extend([
            Readout::new("time of impact t", num(h.toi)),
            Readout::new("contact point", point(h.point)),
            Readout::new("Arkanong normal", point(h.normal)),
            Readout::new("Arkanong out", point(reflect(motion, h.normal))),
        ]),
        None => out.push(Readout::new("time of impact t", "miss")),
    }
    match &tut {
        Some(t) => {
            let list: Vec<String> = t.edges.iter().map(usize::to_string).collect();
            out.extend([
                Readout::new(
                    "tutorial edges touched",
                    format!("{} (edges {})", t.edges.len(), list.join(", ")),
                ),
                Readout::new("tutorial out", point(t.velocity)),
            ]);
        }
        None => out.push(Readout::new("tutorial edges touched", "0")),
    }
    if let (Some(o), Some(t)) = (ours, &tut) {
        let angle = degrees_between(o, t.velocity);
        out.push(Readout::new("paths part by (degrees)", num(angle)));
    }
    out
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (ball, motion) = parts(lab);
    let hex = hexagon();
    let hit = cast(lab);
    let tut = per_edge(ball, motion, &hex);
    let progress = lab.motion.progress();
    let r = ball.radius;
    let circle = |center, filled, tone| Mark::Circle {
        center,
        radius: r,
        filled,
        tone,
    };
    let mut out = vec![
        Mark::Polygon {
            points: hex.vertices().to_vec(),
            tone: Tone::Shape,
        },
        circle(ball.center, false, Tone::Ghost),
        Mark::Arrow {
            from: ball.center,
            to: ball.center + motion,
            tone: Tone::Ghost,
        },
        Mark::label(ball.center + motion, "move", Tone::Ghost),
    ];
    let mut ours_now = ball.center + motion * progress;
    if let Some(h) = hit {
        let touch = ball.center + motion * h.toi;
        let out_v = reflect(motion, h.normal);
        out.extend([
            circle(touch, false, Tone::Hit),
            Mark::Arrow {
                from: h.point,
                to: h.point + h.normal * r * 2.0,
                tone: Tone::Normal,
            },
            Mark::label(h.point + h.normal * r * 2.0, "normal n", Tone::Normal),
            Mark::Arrow {
                from: touch,
                to: touch + out_v * (1.0 - h.toi),
                tone: Tone::Ours,
            },
            Mark::label(
                touch + out_v * (1.0 - h.toi),
                "Arkanong's bounce",
                Tone::Ours,
            ),
        ]);
        if progress > h.toi {
            ours_now = touch + out_v * (progress - h.toi);
        }
    }
    let mut tut_now = ball.center + motion * progress;
    if let Some(t) = &tut {
        let when = t.frame as f32 / TUTORIAL_FRAMES as f32;
        out.extend([
            circle(t.at, false, Tone::Tutorial),
            Mark::Arrow {
                from: t.at,
                to: t.at + t.velocity * (1.0 - when),
                tone: Tone::Tutorial,
            },
            Mark::label(
                t.at + t.velocity * (1.0 - when),
                "the article's bounces",
                Tone::Tutorial,
            ),
        ]);
        if progress > when {
            tut_now = t.at + t.velocity * (progress - when);
        }
    }
    out.extend([
        circle(tut_now, true, Tone::Tutorial),
        circle(ours_now, true, Tone::Mover),
    ]);
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, ball, aim| Preset {
        name,
        handles: vec![ball, aim],
        param: 1.0,
        toggle: false,
        note: "",
        sizes: Vec::new(),
    };
    vec![
        p("Corner, head on", v(12., 0.), v(-2., 0.)),
        p("Corner, from above", v(10., 8.), v(-1., -4.)),
        p("Flat face", v(0., 12.), v(0., -2.)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::HexagonCorner).with_preset(i)
    }

    #[test]
    fn hexagon_corner_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (ball, motion) = parts(&lab);
            let hit = cast_circle_polygon(ball, motion, &hexagon());
            let shown = lab.readout("time of impact t");
            assert_eq!(shown, hit.map_or("miss".to_owned(), |h| num(h.toi)));
            if let Some(h) = hit {
                assert_eq!(lab.readout("Arkanong normal"), point(h.normal));
            }
        }
    }

    #[test]
    fn hexagon_corner_head_on_tutorial_reflects_twice_and_we_once() {
        let lab = preset(0);
        // Vertex (4, 0), r = 1: the centre stops at x = 5 after 7 of 14 units.
        assert_eq!(lab.readout("time of impact t"), "0.5");
        assert_eq!(lab.readout("Arkanong normal"), "(1, 0)");
        assert_eq!(lab.readout("Arkanong out"), "(14, 0)");
        assert!(lab.readout("tutorial edges touched").starts_with("2 "));
        let angle: f32 = lab
            .readout("paths part by (degrees)")
            .parse()
            .unwrap_or(0.0);
        assert!((angle - 60.0).abs() < 0.01, "{angle}");
    }

    #[test]
    fn hexagon_corner_flat_face_both_methods_agree() {
        let lab = preset(2);
        assert!(lab.readout("tutorial edges touched").starts_with("1 "));
        assert_eq!(lab.readout("paths part by (degrees)"), "0");
    }
}
