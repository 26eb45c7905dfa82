//! Scene 7, ball and ball: two moving balls. The time of impact comes from the
//! game's `cast_circle_circle` in B's frame (A moves by the difference of the two
//! motions); the bounce from the physics' equal-mass `exchange`; the colour change
//! from the game's `conversion_winner`. In arena units, like the game.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::game::conversion_winner;
use crate::geom::{cast_circle_circle, CastHit, Circle};
use crate::physics::exchange;

/// Seconds one pass of the motion stands for: a handle's offset from its ball
/// divided by this is the ball's velocity, in arena units per second.
pub(super) const PASS_SECONDS: f32 = 0.1;

/// The method text.
pub(super) const METHOD: &str = "When do two moving balls touch, and what then? Ride along with B: it stands still and A moves by mA - mB, so the question becomes one point against a circle of both radii added: |A - B + t (mA - mB)| = rA + rB, the first t. At contact the normal n points from B to A. Equal masses swap their speeds along n: vA' = vA - n ((vA - vB) . n), vB' = vB + n ((vA - vB) . n), only when they are closing. The ball pushing harder along the line between the centres (by more than 1 unit/s) takes the other into its colour; an even touch takes none.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "cast_circle_circle.";

fn parts(lab: &Lab) -> (Circle, Vec2, Circle, Vec2) {
    let h = &lab.handles;
    let r = lab.param;
    (
        Circle::new(h[0], r),
        h[1] - h[0],
        Circle::new(h[2], r),
        h[3] - h[2],
    )
}

/// The first touch in B's frame.
pub(super) fn cast(lab: &Lab) -> Option<CastHit> {
    let (a, ma, b, mb) = parts(lab);
    cast_circle_circle(a, ma - mb, b)
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (a, ma, b, mb) = parts(lab);
    let (va, vb) = (ma / PASS_SECONDS, mb / PASS_SECONDS);
    let Some(hit) = cast(lab) else {
        return vec![Readout::new("time of impact t", "miss")];
    };
    let (pa, pb) = (a.center + ma * hit.toi, b.center + mb * hit.toi);
    let (va2, vb2) = exchange(va, vb, hit.normal);
    let owner = match conversion_winner(pa, va, pb, vb) {
        Some(true) => "A converts B",
        Some(false) => "B converts A",
        None => "neither (an even touch)",
    };
    vec![
        Readout::new("time of impact t", num(hit.toi)),
        Readout::new("A at contact", point(pa)),
        Readout::new("B at contact", point(pb)),
        Readout::new("normal (B to A)", point(hit.normal)),
        Readout::new(
            "vA before / after",
            format!("{} / {}", point(va), point(va2)),
        ),
        Readout::new(
            "vB before / after",
            format!("{} / {}", point(vb), point(vb2)),
        ),
        Readout::new("ownership", owner),
    ]
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (a, ma, b, mb) = parts(lab);
    let r = a.radius;
    let progress = lab.motion.progress();
    let ring = |center, tone| Mark::Circle {
        center,
        radius: r,
        filled: false,
        tone,
    };
    let mut out = vec![
        ring(a.center, Tone::Ghost),
        ring(b.center, Tone::Ghost),
        Mark::Arrow {
            from: a.center,
            to: a.center + ma,
            tone: Tone::Ghost,
        },
        Mark::label(a.center + ma, "A's move", Tone::Ghost),
        Mark::Arrow {
            from: b.center,
            to: b.center + mb,
            tone: Tone::Ghost,
        },
        Mark::label(b.center + mb, "B's move", Tone::Ghost),
    ];
    let (mut now_a, mut now_b) = (a.center + ma * progress, b.center + mb * progress);
    if let Some(hit) = cast(lab) {
        let (pa, pb) = (a.center + ma * hit.toi, b.center + mb * hit.toi);
        let (ma2, mb2) = exchange(ma, mb, hit.normal);
        let rest = 1.0 - hit.toi;
        out.extend([
            ring(pa, Tone::Hit),
            ring(pb, Tone::Hit),
            Mark::Arrow {
                from: pa,
                to: pa + ma2 * rest,
                tone: Tone::Ours,
            },
            Mark::label(pa + ma2 * rest, "A after", Tone::Ours),
            Mark::Arrow {
                from: pb,
                to: pb + mb2 * rest,
                tone: Tone::Ours,
            },
            Mark::label(pb + mb2 * rest, "B after", Tone::Ours),
        ]);
        if progress > hit.toi {
            now_a = pa + ma2 * (progress - hit.toi);
            now_b = pb + mb2 * (progress - hit.toi);
        }
    }
    out.push(Mark::Circle {
        center: now_a,
        radius: r,
        filled: true,
        tone: Tone::Mover,
    });
    out.push(Mark::Circle {
        center: now_b,
        radius: r,
        filled: true,
        tone: Tone::Tutorial,
    });
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, h: [Vec2; 4]| Preset {
        name,
        handles: h.to_vec(),
        param: crate::tuning::BALL_RADIUS,
        toggle: false,
        note: "",
        sizes: Vec::new(),
    };
    vec![
        p(
            "Head on, even",
            [v(0., 0.), v(40., 0.), v(60., 0.), v(20., 0.)],
        ),
        p("A faster", [v(0., 0.), v(60., 0.), v(60., 0.), v(50., 0.)]),
        p(
            "Glancing",
            [v(0., 0.), v(60., 0.), v(40., 14.), v(40., -6.)],
        ),
        p("Miss", [v(0., 0.), v(60., 0.), v(30., 40.), v(30., 20.)]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::BallBall).with_preset(i)
    }

    #[test]
    fn ball_ball_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (a, ma, b, mb) = parts(&lab);
            let hit = cast_circle_circle(a, ma - mb, b);
            let shown = lab.readout("time of impact t");
            assert_eq!(shown, hit.map_or("miss".to_owned(), |h| num(h.toi)));
        }
    }

    #[test]
    fn ball_ball_head_on_even_touch_swaps_and_converts_none() {
        // Gap 60, radii 8 + 8: they close 80 units per pass, so touch at 44 / 80.
        let lab = preset(0);
        assert_eq!(lab.readout("time of impact t"), "0.55");
        assert_eq!(lab.readout("A at contact"), "(22, 0)");
        assert_eq!(lab.readout("vA before / after"), "(400, 0) / (-400, 0)");
        assert_eq!(lab.readout("ownership"), "neither (an even touch)");
    }

    #[test]
    fn ball_ball_faster_ball_converts_the_other() {
        assert_eq!(preset(1).readout("ownership"), "A converts B");
        assert_eq!(preset(3).readout("time of impact t"), "miss");
    }
}
