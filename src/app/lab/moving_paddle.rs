//! Scene 8, moving paddle: a ball against a paddle that moves during the same
//! step. The physics casts the ball in the paddle's frame of reference (the ball
//! moves by its motion minus the paddle's), so a paddle swept into the ball cannot
//! be missed; the bounce aims by where on the face the ball lands (the physics'
//! `paddle_bounce`, Arkanoid's rule). In arena units, like the game.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{cast_circle_polygon, CastHit, Circle};
use crate::physics::{paddle_bounce, paddle_offset, Paddle, PhysicsConfig};
use crate::tuning::{BALL_RADIUS, PADDLE_THICKNESS};

/// Seconds one pass of the motion stands for (velocity = motion / this).
pub(super) const PASS_SECONDS: f32 = 0.1;

/// The method text.
pub(super) const METHOD: &str = "Both move in the same step: the ball by mB, the paddle by mP. Ride along with the paddle: it stands still and the ball moves by mB - mP, so one sweep against the still paddle finds the first touch even when the paddle runs into a slow ball; testing against the paddle where it started misses it. Off the face, the ball leaves at an angle from the paddle's normal of offset x 60 degrees, the offset running from -1 at one end to 1 at the other, plus a quarter of the paddle's sideways speed; a small limit keeps it off the straight up-and-down.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "cast_circle_polygon, paddle_bounce.";

fn paddle(lab: &Lab, at: Vec2, velocity: Vec2) -> Paddle {
    let mut p = Paddle::rectangle(v(lab.param, PADDLE_THICKNESS), at, Vec2::Y, 0);
    p.velocity = velocity;
    p
}

fn parts(lab: &Lab) -> (Circle, Vec2, Vec2, Vec2) {
    let h = &lab.handles;
    (
        Circle::new(h[0], BALL_RADIUS),
        h[1] - h[0],
        h[2],
        h[3] - h[2],
    )
}

/// The first touch in the paddle's frame (point and normal in that frame).
pub(super) fn cast(lab: &Lab) -> Option<CastHit> {
    let (ball, mb, p0, mp) = parts(lab);
    let local = Circle::new(ball.center - p0, ball.radius);
    cast_circle_polygon(local, mb - mp, &paddle(lab, p0, Vec2::ZERO).shape)
}

/// The same test with the paddle left where it started, as if it did not move.
fn cast_still(lab: &Lab) -> Option<CastHit> {
    let (ball, mb, p0, _) = parts(lab);
    let local = Circle::new(ball.center - p0, ball.radius);
    cast_circle_polygon(local, mb, &paddle(lab, p0, Vec2::ZERO).shape)
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let (ball, mb, p0, mp) = parts(lab);
    let still = cast_still(lab).map_or("miss".to_owned(), |h| num(h.toi));
    let Some(hit) = cast(lab) else {
        return vec![
            Readout::new("toi (paddle's frame)", "miss"),
            Readout::new("toi (paddle left still)", still),
        ];
    };
    let at = p0 + mp * hit.toi;
    let moving = paddle(lab, at, mp / PASS_SECONDS);
    let contact = hit.point + at;
    let out_v = paddle_bounce(
        mb / PASS_SECONDS,
        &moving,
        contact,
        hit.normal,
        &PhysicsConfig::default(),
    );
    vec![
        Readout::new("toi (paddle's frame)", num(hit.toi)),
        Readout::new("toi (paddle left still)", still),
        Readout::new("ball at contact", point(ball.center + mb * hit.toi)),
        Readout::new("contact point", point(contact)),
        Readout::new("normal", point(hit.normal)),
        Readout::new("offset on the face", num(paddle_offset(&moving, contact))),
        Readout::new("velocity in", point(mb / PASS_SECONDS)),
        Readout::new("velocity out", point(out_v)),
    ]
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let (ball, mb, p0, mp) = parts(lab);
    let shape = |at: Vec2, tone| Mark::Polygon {
        points: paddle(lab, at, Vec2::ZERO)
            .shape
            .vertices()
            .iter()
            .map(|p| *p + at)
            .collect(),
        tone,
    };
    let ring = |center, tone| Mark::Circle {
        center,
        radius: ball.radius,
        filled: false,
        tone,
    };
    let mut out = vec![
        shape(p0, Tone::Ghost),
        shape(p0 + mp, Tone::Ghost),
        ring(ball.center, Tone::Ghost),
        Mark::Arrow {
            from: ball.center,
            to: ball.center + mb,
            tone: Tone::Ghost,
        },
        Mark::label(ball.center + mb, "ball's move", Tone::Ghost),
    ];
    let progress = lab.motion.progress();
    let mut now_ball = ball.center + mb * progress;
    let mut now_paddle = p0 + mp * progress;
    if let Some(hit) = cast(lab) {
        let at = p0 + mp * hit.toi;
        let touch = ball.center + mb * hit.toi;
        let moving = paddle(lab, at, mp / PASS_SECONDS);
        let out_v = paddle_bounce(
            mb / PASS_SECONDS,
            &moving,
            hit.point + at,
            hit.normal,
            &PhysicsConfig::default(),
        ) * PASS_SECONDS;
        out.extend([
            shape(at, Tone::Hit),
            ring(touch, Tone::Hit),
            Mark::Dot {
                at: hit.point + at,
                tone: Tone::Hit,
            },
            Mark::Arrow {
                from: touch,
                to: touch + out_v * (1.0 - hit.toi),
                tone: Tone::Ours,
            },
            Mark::label(touch + out_v * (1.0 - hit.toi), "bounce", Tone::Ours),
        ]);
        if progress > hit.toi {
            now_ball = touch + out_v * (progress - hit.toi);
            now_paddle = at + mp * (progress - hit.toi);
        }
    }
    if let Some(h) = cast_still(lab) {
        out.push(ring(ball.center + mb * h.toi, Tone::Tutorial));
    }
    out.push(shape(now_paddle, Tone::Shape));
    out.push(Mark::Circle {
        center: now_ball,
        radius: ball.radius,
        filled: true,
        tone: Tone::Mover,
    });
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, h: [Vec2; 4]| Preset {
        name,
        handles: h.to_vec(),
        param: 110.0,
        toggle: false,
        note: "",
        sizes: Vec::new(),
    };
    vec![
        p(
            "Centre, still paddle",
            [v(0., 60.), v(0., -20.), v(0., 0.), v(0., 0.)],
        ),
        p(
            "Near the end",
            [v(45., 60.), v(45., -20.), v(0., 0.), v(0., 0.)],
        ),
        p(
            "Paddle runs into a slow ball",
            [v(120., 12.), v(115., 12.), v(0., 0.), v(90., 0.)],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::MovingPaddle).with_preset(i)
    }

    #[test]
    fn moving_paddle_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let (ball, mb, p0, mp) = parts(&lab);
            let local = Circle::new(ball.center - p0, ball.radius);
            let shape = paddle(&lab, p0, Vec2::ZERO).shape;
            let hit = cast_circle_polygon(local, mb - mp, &shape);
            let shown = lab.readout("toi (paddle's frame)");
            assert_eq!(shown, hit.map_or("miss".to_owned(), |h| num(h.toi)));
        }
    }

    #[test]
    fn moving_paddle_centre_hit_goes_straight_back() {
        // Face at y = 8, ball radius 8: the centre stops at 16 after 44 of 80 units.
        let lab = preset(0);
        assert_eq!(lab.readout("toi (paddle's frame)"), "0.55");
        assert_eq!(lab.readout("offset on the face"), "0");
        // Straight back up, but the anti-stall limit keeps every ball a little off
        // the vertical (limit_velocity), so it leans by the minimum angle.
        let out = lab.readout("velocity out");
        assert_eq!(out, "(27.92, 799.513)");
    }

    #[test]
    fn moving_paddle_end_hit_aims_outward() {
        let lab = preset(1);
        let offset: f32 = lab.readout("offset on the face").parse().unwrap_or(0.0);
        // The face's direction is the normal's perpendicular: facing +y, it runs
        // toward -x, so the right-hand end is -1.
        assert!((offset + 45.0 / 55.0).abs() < 1e-3, "{offset}");
        assert!(lab.readout("velocity out").starts_with("(6"));
    }

    #[test]
    fn moving_paddle_running_into_a_ball_is_found_only_in_its_frame() {
        let lab = preset(2);
        assert_eq!(lab.readout("toi (paddle left still)"), "miss");
        assert_ne!(lab.readout("toi (paddle's frame)"), "miss");
    }
}
