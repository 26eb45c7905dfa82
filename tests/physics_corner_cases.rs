//! The corner cases of ball physics, one test each, named after the case.

use arkanong_core::geom::{reflect, ConvexPolygon, Rect, Segment};
use arkanong_core::physics::{Collider, Event, Paddle, PhysicsConfig, StaticShape, World};
use arkanong_core::tolerance::MAX_OVERLAP;
use glam::Vec2;

const DT: f32 = 1.0 / 120.0;
const R: f32 = 8.0;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn world() -> World {
    World::new(
        Rect::new(v(0., 0.), v(800., 1000.)),
        PhysicsConfig::default(),
        7,
    )
}

fn polygon(p: ConvexPolygon) -> StaticShape {
    StaticShape {
        collider: Collider::Polygon(p),
        counts_as_progress: true,
    }
}

fn brick(min: Vec2, max: Vec2) -> StaticShape {
    polygon(ConvexPolygon::from_rect(Rect::new(min, max)))
}

fn shape_hits(events: &[Event]) -> Vec<(Vec2, Vec2)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::BallHitShape { point, normal, .. } => Some((point, normal)),
            _ => None,
        })
        .collect()
}

/// Steps until the first step with events, returning them (or panics).
fn step_until_contact(w: &mut World, max_steps: usize) -> Vec<Event> {
    for _ in 0..max_steps {
        let events = w.step(DT);
        if !events.is_empty() {
            return events;
        }
    }
    panic!("no contact within {max_steps} steps");
}

/// Fails if any ball overlaps a shape or paddle by more than the tolerance.
fn assert_no_overlap(w: &World, step: usize) {
    let overlap = worst_overlap(w);
    assert!(overlap < MAX_OVERLAP, "step {step}: overlap {overlap}");
}

/// The largest overlap of any ball with any static shape or paddle.
fn worst_overlap(w: &World) -> f32 {
    let mut worst = 0.0f32;
    for b in w.balls() {
        for (_, s) in w.shapes() {
            worst = worst.max(b.radius - s.collider.signed_distance(b.position));
        }
        for p in w.paddles() {
            let d = Collider::Polygon(p.placed(Vec2::ZERO)).signed_distance(b.position);
            worst = worst.max(b.radius - d);
        }
    }
    worst
}

#[test]
fn ball_hits_exact_hexagon_vertex_reflects_once_about_vertex_normal() {
    let mut w = world();
    // Vertex 1 of this hexagon points 60 degrees below the horizontal (y grows down);
    // the ball comes in along that vertex's bisector.
    let hex = ConvexPolygon::regular(v(400., 400.), 40., 6, 0.0);
    let vertex = hex.vertices()[1];
    let bisector = (vertex - v(400., 400.)).normalize();
    w.add_shape(polygon(hex));
    let id = w.add_ball(vertex + bisector * 150., R, -bisector * 900., 0);
    let hits = shape_hits(&step_until_contact(&mut w, 60));
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0].0, vertex);
    assert!(
        (hits[0].1 - bisector).length() < 1e-4,
        "the vertex normal: {:?}",
        hits[0].1
    );
    // One reflection about the vertex normal sends it straight back, speed kept; the
    // seed's two edge flips would have sent it off sideways.
    let after = w.ball(id).unwrap().velocity;
    assert!((after - bisector * 900.).length() < 1e-2 * 900., "{after}");
}

#[test]
fn ball_hits_hexagon_vertex_off_axis_single_reflection_about_vertex_to_centre() {
    let mut w = world();
    let hex = ConvexPolygon::regular(v(400., 400.), 40., 6, 0.0);
    let vertex = hex.vertices()[1];
    w.add_shape(polygon(hex));
    let incoming = v(-300., -700.);
    // Aim so the centre passes 3 units beside the vertex: a hit on the corner's arc.
    let dir = incoming.normalize();
    let start = vertex + dir.perp() * 3.0 - dir * 200.0;
    let id = w.add_ball(start, R, incoming, 0);
    let before = w.ball(id).unwrap().velocity;
    let hits = shape_hits(&step_until_contact(&mut w, 60));
    assert_eq!(hits.len(), 1);
    let (point, normal) = hits[0];
    assert_eq!(point, vertex);
    let expected = reflect(before, normal);
    let after = w.ball(id).unwrap().velocity;
    assert!(
        (after - expected).length() < 1e-2 * before.length(),
        "{after} vs {expected}"
    );
    // Not the seed's two flips: the normal is neither an edge normal nor axis-aligned.
    assert!(normal.x.abs() > 0.1 && normal.y.abs() > 0.1);
}

#[test]
fn ball_on_seam_between_flush_bricks_bounces_as_from_flat_face() {
    for dx in [-0.5f32, -0.01, 0.0, 0.01, 0.5] {
        let mut w = world();
        w.add_shape(brick(v(360., 500.), v(400., 520.)));
        w.add_shape(brick(v(400., 500.), v(440., 520.)));
        // Falling down and to the right, arriving with its centre over the seam x = 400.
        let vel = v(300., 600.);
        let contact = v(400. + dx, 500. - R);
        let id = w.add_ball(contact - vel * 0.1, R, vel, 0);
        let hits = shape_hits(&step_until_contact(&mut w, 60));
        assert_eq!(hits.len(), 1, "dx {dx}: {hits:?}");
        assert_eq!(hits[0].1, v(0., -1.), "dx {dx}: a flat face's normal");
        let after = w.ball(id).unwrap().velocity;
        assert!(
            (after - v(300., -600.)).length() < 1e-2,
            "dx {dx}: no sideways kick, got {after}"
        );
    }
}

#[test]
fn ball_on_seam_between_brick_and_wall_bounces_as_from_flat_face() {
    let mut w = world();
    w.add_wall(Rect::new(v(-40., 0.), v(0., 1000.)));
    w.add_shape(brick(v(0., 300.), v(60., 320.)));
    // Travelling up and left along the wall's face, it meets the brick's underside
    // exactly where brick and wall meet.
    let vel = v(-200., -700.);
    let id = w.add_ball(v(R + 20., 320. + R + 70.), R, vel, 0);
    let events = step_until_contact(&mut w, 60);
    let hits = shape_hits(&events);
    assert!(
        hits.iter().all(|&(_, n)| n == v(0., 1.) || n == v(1., 0.)),
        "no vertex normals: {hits:?}"
    );
    let after = w.ball(id).unwrap().velocity;
    assert!(after.y > 0.0, "bounced down off the brick's face: {after}");
}

#[test]
fn ball_in_concave_corner_of_two_shapes_leaves_the_corner() {
    let mut w = world();
    w.add_wall(Rect::new(v(0., 600.), v(400., 640.)));
    w.add_wall(Rect::new(v(400., 300.), v(440., 640.)));
    let id = w.add_ball(v(300., 500.), R, v(700., 700.), 0);
    for _ in 0..60 {
        w.step(DT);
        assert!(worst_overlap(&w) < MAX_OVERLAP);
    }
    let b = w.ball(id).unwrap();
    assert!(
        b.velocity.x < 0.0 && b.velocity.y < 0.0,
        "heading out: {:?}",
        b.velocity
    );
    assert!(
        b.position.distance(v(400., 600.)) > 100.0,
        "left the corner: {:?}",
        b.position
    );
}

#[test]
fn ball_grazing_along_face_registers_no_hit() {
    let mut w = world();
    w.add_wall(Rect::new(v(-40., 0.), v(0., 1000.)));
    let id = w.add_ball(v(R, 900.), R, v(0., -800.), 0);
    // Exactly parallel to the wall, exactly one radius from it.
    w.ball_mut(id).unwrap().velocity = v(0., -800.);
    for _ in 0..100 {
        assert!(w.step(DT).is_empty());
    }
    assert_eq!(w.ball(id).unwrap().velocity, v(0., -800.));
}

#[test]
fn ball_at_100_radii_per_step_never_tunnels_through_thin_segment() {
    let config = PhysicsConfig {
        max_speed: 100.0 * R * 120.0,
        ..PhysicsConfig::default()
    };
    for k in 0..64 {
        let mut w = World::new(Rect::new(v(-2000., -2000.), v(2000., 2000.)), config, 3);
        w.add_shape(StaticShape {
            collider: Collider::Segment(Segment::new(v(-1000., 0.), v(1000., 0.))),
            counts_as_progress: false,
        });
        let angle = -0.3 - 2.5 * k as f32 / 64.0;
        let vel = Vec2::from_angle(angle) * config.max_speed;
        let id = w.add_ball(v(0., 150. + k as f32), R, vel, 0);
        w.step(DT);
        let b = w.ball(id).unwrap();
        assert!(
            b.position.y >= R - MAX_OVERLAP,
            "case {k}: crossed to {:?}",
            b.position
        );
    }
}

#[test]
fn paddle_moving_into_still_ball_pushes_it_out() {
    let mut w = world();
    let paddle = w.add_paddle(Paddle::rectangle(
        v(100., 16.),
        v(400., 900.),
        Vec2::NEG_Y,
        0,
    ));
    let id = w.add_ball(v(400., 870.), R, v(0., 250.), 1);
    w.ball_mut(id).unwrap().velocity = v(1., 1.);
    for k in 1..=6 {
        w.move_paddle(paddle, v(400., 900. - 10. * k as f32));
        w.step(DT);
        assert_no_overlap(&w, k);
    }
    let b = w.ball(id).unwrap();
    assert!(b.velocity.y < 0.0, "sent upward: {:?}", b.velocity);
    assert_eq!(b.owner, 0, "the paddle's owner takes the ball");
}

#[test]
fn paddle_moving_into_ball_against_wall_stops_short() {
    let mut w = world();
    w.add_wall(Rect::new(v(-40., 0.), v(0., 1000.)));
    // A tall paddle sweeping left toward the wall, with a still ball between them.
    let paddle = w.add_paddle(Paddle::rectangle(
        v(20., 100.),
        v(100., 500.),
        Vec2::NEG_X,
        0,
    ));
    let id = w.add_ball(v(R + 1., 500.), R, v(0., 1.), 1);
    w.ball_mut(id).unwrap().velocity = Vec2::ZERO;
    for k in 0..10 {
        w.move_paddle(paddle, v(0., 500.));
        w.step(DT);
        assert_no_overlap(&w, k);
    }
    let b = w.ball(id).unwrap();
    assert!(
        b.position.x >= R - MAX_OVERLAP,
        "inside the wall: {:?}",
        b.position
    );
    assert!(
        w.paddles()[0].position.x - 10. >= b.position.x + R - MAX_OVERLAP,
        "paddle stopped short"
    );
}

#[test]
fn two_balls_and_wall_in_contact_same_step() {
    let mut w = world();
    w.add_wall(Rect::new(v(0., 600.), v(800., 640.)));
    // Side by side, just touching each other, both about to reach the floor.
    let a = w.add_ball(v(392., 600. - R - 2.), R, v(300., 600.), 0);
    let b = w.add_ball(v(408.01, 600. - R - 2.), R, v(-300., 600.), 1);
    let mut touched = false;
    for _ in 0..10 {
        let events = w.step(DT);
        touched |= events
            .iter()
            .any(|e| matches!(e, Event::BallTouchedBall { .. }));
        assert!(worst_overlap(&w) < MAX_OVERLAP);
    }
    assert!(touched);
    let (ba, bb) = (w.ball(a).unwrap(), w.ball(b).unwrap());
    assert!(
        ba.velocity.y < 0.0 && bb.velocity.y < 0.0,
        "both bounced off the floor"
    );
    assert!(
        ba.position.distance(bb.position) >= 2.0 * R - MAX_OVERLAP,
        "and apart"
    );
}

#[test]
fn paddle_moving_sideways_aims_by_the_contact_point_in_its_own_frame() {
    // A ball falling straight down meets a paddle that slides right by 12 units
    // during the step of contact, 40% of the way through that step. Aiming must use
    // where the ball strikes the paddle at that moment, not where the paddle was at
    // the start of the step or the sub-step.
    let mut w = world();
    let paddle = w.add_paddle(Paddle::rectangle(
        v(100., 20.),
        v(380., 900.),
        Vec2::NEG_Y,
        0,
    ));
    let half_width = w.paddles()[paddle.0 as usize].half_width;
    // The paddle's face is at y = 890, so the ball touches at y = 882. Falling 5
    // units a step from y = 700, it touches 0.4 of the way through step 37.
    let ball = w.add_ball(v(400., 700.), R, v(0., 600.), 1);
    for _ in 0..36 {
        assert!(w.step(DT).is_empty(), "no contact before the 37th step");
    }
    // The world keeps balls off the exact vertical, so the ball drifts a little
    // sideways: take its actual position and velocity.
    let (before, velocity) = {
        let b = w.ball(ball).unwrap();
        (b.position, b.velocity)
    };
    let fraction = (882.0 - before.y) / (velocity.y * DT);
    assert!((fraction - 0.4).abs() < 0.05, "set-up: fraction {fraction}");
    let ball_x_at_touch = before.x + velocity.x * DT * fraction;
    w.move_paddle(paddle, v(392., 900.));
    let events = w.step(DT);
    let (point, offset) = events
        .iter()
        .find_map(|e| match *e {
            Event::BallHitPaddle { point, offset, .. } => Some((point, offset)),
            _ => None,
        })
        .expect("the ball hits the paddle in this step");
    let paddle_x_at_touch = 380.0 + 12.0 * fraction;
    let expected_offset = (ball_x_at_touch - paddle_x_at_touch) / half_width;
    assert!(
        (offset - expected_offset).abs() < 1e-4,
        "offset {offset}, expected {expected_offset}"
    );
    assert!(
        point.distance(v(ball_x_at_touch, 890.)) < 1e-3,
        "the contact is reported where it happens in the world: {point}"
    );
    // Struck right of centre, so the ball leaves up and to the right.
    let out = w.ball(ball).unwrap().velocity;
    assert!(out.y < 0.0 && out.x > 0.0, "aimed right and up: {out}");
}
