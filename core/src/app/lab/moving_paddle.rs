//! Scene 8, moving paddle: a ball against a paddle that moves during the same
//! step. The physics casts the ball in the paddle's frame of reference (the ball
//! moves by its motion minus the paddle's), so a paddle swept into the ball cannot
//! be missed; the bounce aims by where on the face the ball lands (the physics'
//! `paddle_bounce`, Arkanoid's rule). In arena units, like the game.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::moving_pass::{MovingPass, PASS_SECONDS};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::CastHit;
use crate::physics::{paddle_bounce, paddle_offset, Paddle, PhysicsConfig};
use crate::tuning::PADDLE_THICKNESS;

/// The method text.
pub(super) const METHOD: &str = "Both move in the same step: the ball by mB, the paddle by mP. Ride along with the paddle: it stands still and the ball moves by mB - mP, so one sweep against the still paddle finds the first touch even when the paddle runs into a slow ball; testing against the paddle where it started misses it. Off the face, the ball leaves at an angle from the paddle's normal of offset x 60 degrees, the offset running from -1 at one end to 1 at the other, plus a quarter of the paddle's sideways speed; a small limit keeps it off the straight up-and-down.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "cast_circle_polygon, paddle_bounce.";

fn paddle(lab: &Lab, at: Vec2, velocity: Vec2) -> Paddle {
    let mut p = Paddle::rectangle(v(lab.param, PADDLE_THICKNESS), at, Vec2::Y, 0);
    p.velocity = velocity;
    p
}

fn pass(lab: &Lab) -> MovingPass {
    MovingPass::new(lab, paddle(lab, Vec2::ZERO, Vec2::ZERO).shape)
}

/// The paddle where it meets the ball at `hit`, moving, and the ball's velocity
/// leaving it, per second.
fn bounced(lab: &Lab, pass: &MovingPass, hit: &CastHit) -> (Paddle, Vec2) {
    let at = pass.start + pass.shape_move * hit.toi;
    let moving = paddle(lab, at, pass.shape_move / PASS_SECONDS);
    let out = paddle_bounce(
        pass.ball_move / PASS_SECONDS,
        &moving,
        hit.point + at,
        hit.normal,
        &PhysicsConfig::default(),
    );
    (moving, out)
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let pass = pass(lab);
    let still = pass.cast_still().map_or("miss".to_owned(), |h| num(h.toi));
    let Some(hit) = pass.cast() else {
        return vec![
            Readout::new("toi (paddle's frame)", "miss"),
            Readout::new("toi (paddle left still)", still),
        ];
    };
    let (moving, out_v) = bounced(lab, &pass, &hit);
    let contact = hit.point + moving.position;
    vec![
        Readout::new("toi (paddle's frame)", num(hit.toi)),
        Readout::new("toi (paddle left still)", still),
        Readout::new("ball at contact", point(pass.touch(&hit))),
        Readout::new("contact point", point(contact)),
        Readout::new("normal", point(hit.normal)),
        Readout::new("offset on the face", num(paddle_offset(&moving, contact))),
        Readout::new("velocity in", point(pass.ball_move / PASS_SECONDS)),
        Readout::new("velocity out", point(out_v)),
    ]
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let pass = pass(lab);
    let mut out = pass.start_marks();
    let hit = pass.cast();
    let bounce = hit.map(|hit| (hit, bounced(lab, &pass, &hit).1 * PASS_SECONDS));
    if let Some((hit, bounce_move)) = &bounce {
        out.extend(pass.hit_marks(hit, *bounce_move));
    }
    pass.end_marks(&mut out, lab.motion.progress(), bounce, Tone::Tutorial);
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
    use crate::geom::{cast_circle_polygon, Circle};
    use crate::tuning::BALL_RADIUS;

    fn preset(i: usize) -> Lab {
        Lab::new(Scene::MovingPaddle).with_preset(i)
    }

    #[test]
    fn moving_paddle_readouts_equal_geom_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let h = &lab.handles;
            let (ball, mb, p0, mp) = (h[0], h[1] - h[0], h[2], h[3] - h[2]);
            let local = Circle::new(ball - p0, BALL_RADIUS);
            let shape = paddle(&lab, Vec2::ZERO, Vec2::ZERO).shape;
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
