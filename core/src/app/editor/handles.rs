//! Picking and dragging, in arena units: which piece is under the pointer, where a
//! shape's handles are, and the shape a drag of one of them makes. Headless, so
//! the shell only turns pointer positions into these calls.

use glam::Vec2;

use crate::level::{BarrierShape, Level, LevelBall};
use crate::tuning::BALL_RADIUS;

/// How near a handle the pointer must be to grab it, arena units.
pub const GRAB_RADIUS: f32 = 12.0;
/// How far a rotation handle sits beyond a shape's extent, arena units.
const ROTATE_REACH: f32 = 24.0;

/// A grabbable point of a barrier or ball.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    /// The whole piece: dragging moves it.
    Body,
    /// Turns a hexagon or rect about its centre.
    Rotate,
    /// Grows or shrinks a hexagon's radius or a rect's size.
    Resize,
    /// One corner of a polygon, or one end of a segment.
    Corner(usize),
    /// The tip of a staged ball's velocity arrow.
    Velocity,
}

/// Seconds of flight the velocity arrow stands for: its tip is where the ball
/// would be after this long.
pub const ARROW_SECONDS: f32 = 0.25;

fn unit(degrees: f32) -> Vec2 {
    crate::portable_math::from_angle(degrees.to_radians())
}

/// Where each handle of a barrier is.
pub fn barrier_handles(shape: &BarrierShape) -> Vec<(Handle, Vec2)> {
    match shape {
        BarrierShape::Hexagon {
            center,
            radius,
            rotation,
        } => vec![
            (Handle::Resize, *center + unit(*rotation) * *radius),
            (
                Handle::Rotate,
                *center + unit(*rotation + 90.0) * (*radius + ROTATE_REACH),
            ),
        ],
        BarrierShape::Rect {
            center,
            size,
            rotation,
        } => {
            let (u, v) = (unit(*rotation), unit(*rotation + 90.0));
            vec![
                (
                    Handle::Resize,
                    *center + u * size.x * 0.5 + v * size.y * 0.5,
                ),
                (Handle::Rotate, *center + u * (size.x * 0.5 + ROTATE_REACH)),
            ]
        }
        BarrierShape::Polygon(points) => points
            .iter()
            .enumerate()
            .map(|(i, &p)| (Handle::Corner(i), p))
            .collect(),
        BarrierShape::Segment { from, to } => {
            vec![(Handle::Corner(0), *from), (Handle::Corner(1), *to)]
        }
    }
}

/// The barrier after dragging `handle` to `to` (arena units; rotations in
/// degrees, unsnapped: the caller snaps).
pub fn drag_barrier(shape: &BarrierShape, handle: Handle, from: Vec2, to: Vec2) -> BarrierShape {
    let mut s = shape.clone();
    match (&mut s, handle) {
        (_, Handle::Body) => return super::moved(shape, to - from),
        (
            BarrierShape::Hexagon {
                center, rotation, ..
            },
            Handle::Rotate,
        )
        | (
            BarrierShape::Rect {
                center, rotation, ..
            },
            Handle::Rotate,
        ) => {
            let d = to - *center;
            let offset = if matches!(shape, BarrierShape::Hexagon { .. }) {
                90.0
            } else {
                0.0
            };
            *rotation = crate::portable_math::atan2(d.y, d.x).to_degrees() - offset;
        }
        (BarrierShape::Hexagon { center, radius, .. }, Handle::Resize) => {
            *radius = (to - *center).length().max(1.0);
        }
        (
            BarrierShape::Rect {
                center,
                size,
                rotation,
            },
            Handle::Resize,
        ) => {
            let d = to - *center;
            let (u, v) = (unit(*rotation), unit(*rotation + 90.0));
            *size = Vec2::new(d.dot(u).abs() * 2.0, d.dot(v).abs() * 2.0).max(Vec2::ONE);
        }
        (BarrierShape::Polygon(points), Handle::Corner(i)) => {
            if let Some(p) = points.get_mut(i) {
                *p = to;
            }
        }
        (BarrierShape::Segment { from: a, to: b }, Handle::Corner(i)) => {
            *(if i == 0 { a } else { b }) = to;
        }
        _ => {}
    }
    s
}

/// A ball's arrow tip.
pub fn velocity_tip(ball: &LevelBall) -> Vec2 {
    ball.position + ball.velocity * ARROW_SECONDS
}

/// The ball after dragging `handle` to `to`.
pub fn drag_ball(ball: &LevelBall, handle: Handle, from: Vec2, to: Vec2) -> LevelBall {
    match handle {
        Handle::Velocity => LevelBall {
            velocity: (to - ball.position) / ARROW_SECONDS,
            ..*ball
        },
        _ => LevelBall {
            position: ball.position + (to - from),
            ..*ball
        },
    }
}

/// The brick cell under `p`, if `p` is on the grid.
pub fn cell_at(level: &Level, p: Vec2) -> Option<(usize, usize)> {
    let grid = &level.bricks;
    if grid.rows == 0 {
        return None;
    }
    let origin = level.brick_rect(0, 0).min;
    let rc = ((p - origin) / level.brick_size).floor();
    let (r, c) = (rc.y, rc.x);
    (r >= 0.0 && c >= 0.0 && (r as usize) < grid.rows && (c as usize) < grid.columns)
        .then_some((r as usize, c as usize))
}

/// The cells a brush dragged from `a` to `b` passes over, in order, each once
/// (a pointer can move several cells between two frames: none is skipped).
pub fn cells_along(level: &Level, a: Vec2, b: Vec2) -> Vec<(usize, usize)> {
    // A quarter of a brick's smaller side: no cell is crossed between samples
    // (a corner may be clipped, as a brush would).
    let step = (level.brick_size.min_element() * 0.25).max(0.5);
    let n = ((b - a).length() / step).ceil().min(4096.0) as usize;
    let mut out: Vec<(usize, usize)> = Vec::new();
    for k in 0..=n {
        let t = if n == 0 { 1.0 } else { k as f32 / n as f32 };
        if let Some(cell) = cell_at(level, a.lerp(b, t)) {
            if !out.contains(&cell) {
                out.push(cell);
            }
        }
    }
    out
}

/// The barrier under `p` (inside it, or within grab reach of a thin one), last
/// drawn first.
pub fn barrier_at(level: &Level, p: Vec2) -> Option<usize> {
    level.barriers.iter().rposition(|s| {
        s.outline()
            .is_ok_and(|o| o.signed_distance(p) <= GRAB_RADIUS * 0.5)
    })
}

/// The staged ball under `p`.
pub fn ball_at(level: &Level, p: Vec2) -> Option<usize> {
    level
        .balls
        .iter()
        .rposition(|b| b.position.distance(p) <= BALL_RADIUS + GRAB_RADIUS * 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_resize_and_rotate_a_hexagon() {
        let hex = BarrierShape::Hexagon {
            center: Vec2::new(100.0, 100.0),
            radius: 30.0,
            rotation: 0.0,
        };
        let h = barrier_handles(&hex);
        assert_eq!(h[0], (Handle::Resize, Vec2::new(130.0, 100.0)));
        let bigger = drag_barrier(&hex, Handle::Resize, h[0].1, Vec2::new(150.0, 100.0));
        assert!(matches!(bigger, BarrierShape::Hexagon { radius, .. } if radius == 50.0));
        let turned = drag_barrier(&hex, Handle::Rotate, h[1].1, Vec2::new(200.0, 100.0));
        assert!(
            matches!(turned, BarrierShape::Hexagon { rotation, .. } if (rotation + 90.0).abs() < 1e-3)
        );
    }

    #[test]
    fn handles_drag_a_polygon_corner_and_a_ball_arrow() {
        let tri = BarrierShape::Polygon(vec![Vec2::ZERO, Vec2::X * 10.0, Vec2::Y * 10.0]);
        let moved = drag_barrier(
            &tri,
            Handle::Corner(1),
            Vec2::X * 10.0,
            Vec2::new(20.0, 5.0),
        );
        assert_eq!(
            moved,
            BarrierShape::Polygon(vec![Vec2::ZERO, Vec2::new(20.0, 5.0), Vec2::Y * 10.0])
        );
        let ball = LevelBall {
            position: Vec2::new(400.0, 800.0),
            velocity: Vec2::ZERO,
            owner: crate::level::Side::Bottom,
        };
        let aimed = drag_ball(
            &ball,
            Handle::Velocity,
            velocity_tip(&ball),
            Vec2::new(400.0, 700.0),
        );
        assert_eq!(aimed.velocity, Vec2::new(0.0, -400.0));
    }

    #[test]
    fn handles_cells_along_a_fast_stroke_skip_none() {
        let level = crate::level::Level::parse("mode = versus\n[bricks]\n..........\n..........\n")
            .unwrap();
        let (a, b) = (
            level.brick_rect(1, 0).center(),
            level.brick_rect(1, 9).center(),
        );
        let cells = cells_along(&level, a, b);
        assert_eq!(cells, (0..10).map(|c| (1, c)).collect::<Vec<_>>());
        assert_eq!(cells_along(&level, a, a), vec![(1, 0)]);
        // Off the grid at both ends, across it: only the cells on the way.
        let across = cells_along(&level, Vec2::new(0.0, a.y), Vec2::new(800.0, a.y));
        assert_eq!(across.len(), 10);
    }

    #[test]
    fn handles_pick_cells_and_barriers() {
        let level = crate::level::Level::parse(
            "mode = versus\n[bricks]\n11\n[barriers]\nhexagon at 150,300 radius 40\n",
        )
        .unwrap();
        let r = level.brick_rect(0, 1);
        assert_eq!(cell_at(&level, r.min + Vec2::ONE), Some((0, 1)));
        assert_eq!(cell_at(&level, Vec2::new(10.0, 10.0)), None);
        assert_eq!(barrier_at(&level, Vec2::new(150.0, 300.0)), Some(0));
        assert_eq!(barrier_at(&level, Vec2::new(300.0, 300.0)), None);
    }
}
