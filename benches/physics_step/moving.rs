//! Moving barriers' cost (issue 34): 12 hexagons and 2 segments in a closed box
//! of walls, once as still shapes and once as movers of the same shapes, every
//! one gliding and spinning, side by side, stepped in alternation so the
//! machine's noise falls on both alike.
//!
//! A closed box, not a level: a game's balls leave through its goals, so after a
//! few hundred steps a level's table timed an empty arena. Here the balls stay,
//! and the two worlds differ only in whether the barriers move.

use arkanong_core::geom::{ConvexPolygon, Rect, Segment};
use arkanong_core::level::BarrierMotion;
use arkanong_core::physics::{Collider, PhysicsConfig, ShapeId, StaticShape, World};
use glam::Vec2;

use super::DT;

/// Every barrier's motion in the moving world: well within the format's caps.
const MOTION: BarrierMotion = BarrierMotion {
    travel: Vec2::new(20.0, 12.0),
    period: 3.0,
    spin: 60.0,
};

/// Each barrier's outline about its pivot, and the pivot: 12 hexagons in a grid
/// and 2 segments whose paths stay clear of them.
fn barriers() -> Vec<(Collider, Vec2)> {
    let mut out = Vec::new();
    for row in 0..3 {
        for col in 0..4 {
            let pivot = Vec2::new(130.0 + 150.0 * col as f32, 330.0 + 140.0 * row as f32);
            let hexagon = ConvexPolygon::regular(Vec2::ZERO, 26.0, 6, 0.0);
            out.push((Collider::Polygon(hexagon), pivot));
        }
    }
    for (half, pivot) in [
        (70.0, Vec2::new(400.0, 780.0)),
        (30.0, Vec2::new(90.0, 250.0)),
    ] {
        let segment = Segment::new(Vec2::new(-half, 0.0), Vec2::new(half, 0.0));
        out.push((Collider::Segment(segment), pivot));
    }
    out
}

/// A world of `balls` small balls and the barriers, moving or still, and the
/// movers' ids and pivots (none when still).
fn world(moving: bool, balls: usize) -> (World, Vec<(ShapeId, Vec2)>) {
    let size = Vec2::new(800.0, 1000.0);
    let mut w = World::new(Rect::new(Vec2::ZERO, size), PhysicsConfig::default(), 7);
    let t = 40.0;
    w.add_wall(Rect::new(Vec2::new(-t, -t), Vec2::new(0.0, size.y + t)));
    w.add_wall(Rect::new(Vec2::new(size.x, -t), size + t));
    w.add_wall(Rect::new(Vec2::new(0.0, -t), Vec2::new(size.x, 0.0)));
    w.add_wall(Rect::new(
        Vec2::new(0.0, size.y),
        Vec2::new(size.x, size.y + t),
    ));
    let mut movers = Vec::new();
    for (outline, pivot) in barriers() {
        if moving {
            movers.push((w.add_mover(outline, pivot, 0.0, false), pivot));
        } else {
            let collider = match outline {
                Collider::Polygon(p) => Collider::Polygon(p.translated(pivot)),
                Collider::Segment(s) => Collider::Segment(Segment::new(s.a + pivot, s.b + pivot)),
            };
            w.add_shape(StaticShape {
                collider,
                counts_as_progress: false,
            });
        }
    }
    let mut k = 0u32;
    while w.balls().len() < balls && k < 100_000 {
        let p = Vec2::new(20.0 + (k * 37 % 760) as f32, 40.0 + (k * 53 % 920) as f32);
        let v = arkanong_core::portable_math::from_angle(k as f32 * 0.7) * 600.0;
        if w.circle_is_free(p, 4.0) {
            w.add_ball(p, 3.0, v, 0);
        }
        k += 1;
    }
    (w, movers)
}

/// One step of `w`, its movers posed for the end of the step.
fn step(w: &mut World, movers: &[(ShapeId, Vec2)]) {
    let next = w.steps() + 1;
    for &(id, pivot) in movers {
        w.move_mover(id, pivot + MOTION.offset_at(next), MOTION.angle_at(next));
    }
    std::hint::black_box(w.step(DT));
}

/// Prints the table.
pub(crate) fn print_moving_table(
    interleaved: impl Fn(&mut [&mut dyn FnMut()], usize, usize) -> Vec<f64>,
) {
    println!("\nMoving barriers: 12 hexagons + 2 segments in a closed box, still shapes vs the same shapes all gliding and spinning, median ms per step (this run, interleaved)\n");
    println!(
        "{:>7} {:>10} {:>10} {:>8}",
        "balls", "still ms", "moving ms", "ratio"
    );
    for balls in [100, 1_000] {
        let (mut a, still) = world(false, balls);
        let (mut b, movers) = world(true, balls);
        let mut step_a = || step(&mut a, &still);
        let mut step_b = || step(&mut b, &movers);
        let m = interleaved(&mut [&mut step_a, &mut step_b], 60, 10);
        println!(
            "{:>7} {:>10.4} {:>10.4} {:>7.2}x",
            b.balls().len(),
            m[0],
            m[1],
            m[1] / m[0]
        );
    }
}
