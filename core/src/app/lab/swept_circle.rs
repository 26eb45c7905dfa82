//! Scene 3, swept circle (seed 002): a circle moving from C1 to C2 against a
//! segment. Beside the tutorial's d1, d2 and t = (r - d1) / (d2 - d1), which treat
//! the segment as an infinite line, it shows the game's `cast_circle_segment`: a ray
//! against the rounded capsule, so the segment's ends count.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{cast_circle_segment, reflect, CastHit, Circle, Segment};

/// The method text.
pub(super) const METHOD: &str = "When will a moving ball touch a wall? The sweep-test article measures the centre's distance from the wall's line along its unit normal N: d1 now, d2 at the end of the move. The ball touches when the distance equals its radius r, at t = (r - d1) / (d2 - d1), as a share of the move. That treats the wall as endless. Arkanong grows the wall by r into a capsule and moves the centre as a single point against it: the flat sides give the same t, the round ends catch the wall's ends. The bounce mirrors the velocity about the contact normal: v' = v - 2 (v . n) n.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "cast_circle_segment, reflect.";

/// The tutorial's quantities: signed distances from the line, on C1's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Tutorial {
    /// C1's distance from the line.
    pub d1: f32,
    /// C2's distance, positive on C1's side.
    pub d2: f32,
    /// t = (r - d1) / (d2 - d1); a hit between frames when in [0, 1].
    pub t: f32,
}

/// Seed 002's sweep test on the segment's infinite line.
pub(super) fn tutorial(c1: Vec2, c2: Vec2, s: Segment, r: f32) -> Tutorial {
    let n = (s.b - s.a).perp().normalize_or_zero();
    let n = if (c1 - s.a).dot(n) < 0.0 { -n } else { n };
    let (d1, d2) = ((c1 - s.a).dot(n), (c2 - s.a).dot(n));
    Tutorial {
        d1,
        d2,
        t: (r - d1) / (d2 - d1),
    }
}

fn parts(lab: &Lab) -> (Vec2, Vec2, Segment, f32) {
    let h = &lab.handles;
    (h[0], h[1], Segment::new(h[2], h[3]), lab.param)
}

/// The game's first touch for the lab's handles.
pub(super) fn cast(lab: &Lab) -> Option<CastHit> {
    let (c1, c2, s, r) = parts(lab);
    cast_circle_segment(Circle::new(c1, r), c2 - c1, s)
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (c1, c2, s, r) = parts(lab);
    let tut = tutorial(c1, c2, s, r);
    let hit = cast(lab);
    let motion = c2 - c1;
    let in_range = (0.0..=1.0).contains(&tut.t);
    let mut out = vec![
        Readout::new("r", num(r)),
        Readout::new("d1", num(tut.d1)),
        Readout::new("d2", num(tut.d2)),
        Readout::new(
            "t = (r - d1) / (d2 - d1)",
            format!("{}{}", num(tut.t), if in_range { "" } else { " (no hit)" }),
        ),
    ];
    match hit {
        Some(h) => out.extend([
            Readout::new("time of impact t", num(h.toi)),
            Readout::new("first touch (centre)", point(c1 + motion * h.toi)),
            Readout::new("contact point", point(h.point)),
            Readout::new("normal", point(h.normal)),
            Readout::new("reflected velocity", point(reflect(motion, h.normal))),
        ]),
        None => out.push(Readout::new("time of impact t", "miss")),
    }
    out
}

/// Where the ball is `progress` of the way through its motion: along the path to
/// the first touch, then along the reflected path.
fn ball_at(c1: Vec2, motion: Vec2, hit: Option<CastHit>, progress: f32) -> Vec2 {
    match hit {
        Some(h) if progress > h.toi => {
            let touch = c1 + motion * h.toi;
            touch + reflect(motion, h.normal) * (progress - h.toi)
        }
        _ => c1 + motion * progress,
    }
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (c1, c2, s, r) = parts(lab);
    let motion = c2 - c1;
    let hit = cast(lab);
    let tut = tutorial(c1, c2, s, r);
    let ring = |center, tone| Mark::Circle {
        center,
        radius: r,
        filled: false,
        tone,
    };
    let mut out = vec![
        Mark::Line {
            a: s.a,
            b: s.b,
            tone: Tone::Ghost,
        },
        Mark::Capsule {
            a: s.a,
            b: s.b,
            radius: r,
            tone: Tone::Ghost,
        },
        Mark::Segment {
            a: s.a,
            b: s.b,
            tone: Tone::Shape,
        },
        ring(c1, Tone::Ghost),
        ring(c2, Tone::Ghost),
        Mark::Arrow {
            from: c1,
            to: c2,
            tone: Tone::Ghost,
        },
        Mark::label(c2, "move", Tone::Ghost),
    ];
    if (0.0..=1.0).contains(&tut.t) {
        out.push(ring(c1 + motion * tut.t, Tone::Tutorial));
    }
    if let Some(h) = hit {
        let touch = c1 + motion * h.toi;
        let scale = motion.length().max(r).max(1.0) * 0.25;
        let (normal_tip, out_tip) = (
            h.point + h.normal * scale,
            touch + reflect(motion, h.normal) * (1.0 - h.toi),
        );
        out.extend([
            ring(touch, Tone::Hit),
            Mark::Dot {
                at: h.point,
                tone: Tone::Hit,
            },
            Mark::Arrow {
                from: h.point,
                to: normal_tip,
                tone: Tone::Normal,
            },
            Mark::label(normal_tip, "normal n", Tone::Normal),
            Mark::Arrow {
                from: touch,
                to: out_tip,
                tone: Tone::Ours,
            },
            Mark::label(out_tip, "reflected v'", Tone::Ours),
        ]);
    }
    out.push(Mark::Circle {
        center: ball_at(c1, motion, hit, lab.motion.progress()),
        radius: r,
        filled: true,
        tone: Tone::Mover,
    });
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, h: [Vec2; 4], r| Preset {
        name,
        handles: h.to_vec(),
        param: r,
        toggle: false,
        note: "",
        sizes: Vec::new(),
    };
    let floor = |c1, c2| [c1, c2, v(-10., 0.), v(10., 0.)];
    vec![
        p("Sweep article: t = 0.5", floor(v(0., 5.), v(2., -3.)), 1.0),
        p("Past the end", floor(v(12., 5.), v(12., -3.)), 1.0),
        p("Round cap", floor(v(10.6, 5.), v(10.6, -5.)), 1.0),
        p(
            "Slanted wall",
            [v(-6., 6.), v(6., -2.), v(-4., -6.), v(8., 6.)],
            1.5,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::SweptCircle).with_preset(i)
    }

    #[test]
    fn swept_circle_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (c1, c2, s, r) = parts(&lab);
            let hit = cast_circle_segment(Circle::new(c1, r), c2 - c1, s);
            let shown = lab.readout("time of impact t");
            assert_eq!(shown, hit.map_or("miss".to_owned(), |h| num(h.toi)));
            if let Some(h) = hit {
                assert_eq!(lab.readout("normal"), point(h.normal));
                assert_eq!(lab.readout("contact point"), point(h.point));
            }
        }
    }

    #[test]
    fn swept_circle_seed_002_numbers() {
        // Seed 002 via the geom test: d1 = 5, d2 = -3, r = 1, t = (1 - 5) / (-3 - 5).
        let lab = preset(0);
        assert_eq!(lab.readout("d1"), "5");
        assert_eq!(lab.readout("d2"), "-3");
        assert_eq!(lab.readout("t = (r - d1) / (d2 - d1)"), "0.5");
        assert_eq!(lab.readout("time of impact t"), "0.5");
        assert_eq!(lab.readout("first touch (centre)"), "(1, 1)");
        assert_eq!(lab.readout("normal"), "(0, 1)");
        assert_eq!(lab.readout("reflected velocity"), "(2, 8)");
    }

    #[test]
    fn swept_circle_infinite_line_hits_past_the_end_but_the_segment_does_not() {
        let lab = preset(1);
        assert_eq!(lab.readout("t = (r - d1) / (d2 - d1)"), "0.5");
        assert_eq!(lab.readout("time of impact t"), "miss");
    }

    #[test]
    fn swept_circle_round_cap_touches_later_than_the_line() {
        // Centre 0.6 right of the end (10, 0), r = 1: touch at height 0.8, so
        // toi = (5 - 0.8) / 10 = 0.42, normal (0.6, 0.8); the line says 0.4.
        let lab = preset(2);
        assert_eq!(lab.readout("t = (r - d1) / (d2 - d1)"), "0.4");
        assert_eq!(lab.readout("time of impact t"), "0.42");
        assert_eq!(lab.readout("normal"), "(0.6, 0.8)");
    }

    #[test]
    fn swept_circle_ball_bounces_at_first_touch() {
        let lab = preset(0);
        let (c1, c2, _, _) = parts(&lab);
        let hit = cast(&lab);
        assert_eq!(ball_at(c1, c2 - c1, hit, 0.5), v(1., 1.));
        assert_eq!(ball_at(c1, c2 - c1, hit, 1.0), v(2., 5.));
    }
}
