//! Scene 10, moving wall: a ball against a level's gliding barrier (issue 34).
//! The physics sweeps it as it sweeps a paddle: in the wall's frame of
//! reference, where the wall stands still and the ball moves by its motion
//! minus the wall's; the contact normal is the face's where the wall has got
//! to at the touch, and the bounce is a mirror image in the wall's frame (the
//! physics' `moving_bounce`), so a wall that runs into a ball throws it. In
//! arena units, like the game. The pass itself is [`MovingPass`], shared with
//! scene 8.

use glam::Vec2;

use super::marks::{num, point, Mark, Readout, Tone};
use super::moving_pass::{MovingPass, PASS_SECONDS};
use super::scene::{v, Preset};
use super::state::Lab;
use crate::geom::{CastHit, ConvexPolygon, Rect};
use crate::physics::{moving_bounce, PhysicsConfig};

/// The wall's half length and half thickness: a `rect ... size 160x16` barrier.
const HALF: Vec2 = Vec2::new(80.0, 8.0);

/// The method text.
pub(super) const METHOD: &str = "A level's barrier can glide (move by DX,DY period S) while the ball flies, in the same step: the ball by mB, the wall by mW. Ride along with the wall: in its frame it stands still and the ball moves by mB - mW, so one sweep against the still wall finds the first touch, even when the wall runs into a ball that is standing still or chases one slower than itself; testing against the wall where it started misses those. The contact normal is the face's, with the wall where it has got to at the touch. The bounce is a mirror image in the wall's frame: take the wall's velocity w off the ball's, reflect across the face, add w back. So the ball leaves the face at least as fast as the face follows it, a wall gliding along its own face leaves the bounce as a still wall would, and a wall running into the ball adds twice its speed (which is why a barrier may move at most 360 units a second, half the paddle's top speed). A ball a wall closes on against another wall is let out the shortest free way.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "cast_circle_polygon, moving_bounce, free_squeezed_balls.";

/// The wall's outline about its centre, turned by the scene's number (degrees).
fn wall(lab: &Lab) -> ConvexPolygon {
    ConvexPolygon::from_rect(Rect::new(-HALF, HALF))
        .rotated(crate::portable_math::from_angle(lab.param.to_radians()))
}

fn pass(lab: &Lab) -> MovingPass {
    MovingPass::new(lab, wall(lab))
}

/// The ball's velocity leaving the face, per second, for a touch `hit`.
fn bounced(pass: &MovingPass, hit: &CastHit) -> Vec2 {
    moving_bounce(
        pass.ball_move / PASS_SECONDS,
        hit.normal,
        pass.shape_move / PASS_SECONDS,
        &PhysicsConfig::default(),
    )
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let pass = pass(lab);
    let still = pass.cast_still().map_or("miss".to_owned(), |h| num(h.toi));
    let (v_in, w) = (
        pass.ball_move / PASS_SECONDS,
        pass.shape_move / PASS_SECONDS,
    );
    let mut out = vec![
        Readout::new("toi (wall's frame)", "miss"),
        Readout::new("toi (wall left still)", still),
        Readout::new("wall's velocity", point(w)),
        Readout::new("velocity in", point(v_in)),
        Readout::new("velocity in, wall's frame", point(v_in - w)),
    ];
    let Some(hit) = pass.cast() else {
        return out;
    };
    let at = pass.start + pass.shape_move * hit.toi;
    let v_out = bounced(&pass, &hit);
    out[0] = Readout::new("toi (wall's frame)", num(hit.toi));
    out.extend([
        Readout::new("ball at contact", point(pass.touch(&hit))),
        Readout::new("contact point", point(hit.point + at)),
        Readout::new("normal", point(hit.normal)),
        Readout::new("velocity out", point(v_out)),
        Readout::new("leaving the face at", num((v_out - w).dot(hit.normal))),
        Readout::new("face follows at", num(w.dot(hit.normal))),
    ]);
    out
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let pass = pass(lab);
    let (ball, mb, w0, mw) = (
        pass.ball.center,
        pass.ball_move,
        pass.start,
        pass.shape_move,
    );
    let mut out = pass.start_marks();
    out.extend([
        Mark::Arrow {
            from: w0,
            to: w0 + mw,
            tone: Tone::Mover,
        },
        Mark::label(w0 + mw, "wall's move", Tone::Mover),
        Mark::Arrow {
            from: ball,
            to: ball + mb - mw,
            tone: Tone::Tutorial,
        },
        Mark::label(ball + mb - mw, "move in the wall's frame", Tone::Tutorial),
    ]);
    let hit = pass.cast();
    let bounce = hit.map(|hit| (hit, bounced(&pass, &hit) * PASS_SECONDS));
    if let Some((hit, bounce_move)) = &bounce {
        let contact = hit.point + w0 + mw * hit.toi;
        out.extend(pass.hit_marks(hit, *bounce_move));
        out.extend([
            Mark::Arrow {
                from: contact,
                to: contact + hit.normal * 24.0,
                tone: Tone::Normal,
            },
            Mark::label(contact + hit.normal * 24.0, "normal", Tone::Normal),
        ]);
    }
    pass.end_marks(&mut out, lab.motion.progress(), bounce, Tone::Warning);
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, param, h: [Vec2; 4]| Preset {
        name,
        handles: h.to_vec(),
        param,
        toggle: false,
        note: "",
        sizes: Vec::new(),
    };
    vec![
        p(
            "Wall runs into a still ball",
            0.0,
            [v(0., 40.), v(0., 40.), v(0., 0.), v(0., 50.)],
        ),
        p(
            "Wall glides along its face",
            0.0,
            [v(-40., 70.), v(0., -10.), v(0., 0.), v(60., 0.)],
        ),
        p(
            "Tilted wall chases the ball",
            30.0,
            [v(10., 30.), v(10., 60.), v(0., 0.), v(0., 55.)],
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
        Lab::new(Scene::MovingWall).with_preset(i)
    }

    #[test]
    fn moving_wall_readouts_equal_geom_and_physics_for_the_same_handles() {
        for i in 0..presets().len() {
            let lab = preset(i);
            let h = &lab.handles;
            let (ball, mb, w0, mw) = (h[0], h[1] - h[0], h[2], h[3] - h[2]);
            let local = Circle::new(ball - w0, BALL_RADIUS);
            let hit = cast_circle_polygon(local, mb - mw, &wall(&lab));
            let shown = lab.readout("toi (wall's frame)");
            assert_eq!(shown, hit.map_or("miss".to_owned(), |h| num(h.toi)));
            let hit = hit.expect("every preset touches");
            let out = moving_bounce(
                mb / PASS_SECONDS,
                hit.normal,
                mw / PASS_SECONDS,
                &PhysicsConfig::default(),
            );
            assert_eq!(lab.readout("velocity out"), point(out), "preset {i}");
        }
    }

    #[test]
    fn moving_wall_running_into_a_still_ball_is_found_only_in_its_frame_and_throws_it() {
        let lab = preset(0);
        assert_eq!(lab.readout("toi (wall left still)"), "miss");
        // The face at y = 8, the ball's underside at 32: 24 of the wall's 50.
        assert_eq!(lab.readout("toi (wall's frame)"), "0.48");
        // The wall moves at 500; the still ball leaves at twice that (less the
        // lean every ball keeps off the straight up-and-down).
        let leaving: f32 = lab.readout("leaving the face at").parse().unwrap();
        assert!(leaving >= 499.0, "{leaving}");
    }

    #[test]
    fn moving_wall_gliding_along_its_face_bounces_as_a_still_wall() {
        let lab = preset(1);
        let hit = pass(&lab).cast().expect("it touches");
        let mb = pass(&lab).ball_move;
        let still =
            crate::physics::bounce(mb / PASS_SECONDS, hit.normal, &PhysicsConfig::default());
        assert_eq!(lab.readout("velocity out"), point(still));
    }
}
