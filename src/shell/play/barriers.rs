//! Hexagons and the other convex barriers, segment walls with round ends, and
//! the catch power-up's shield.

use arkanong_core::game::{Game, ShapeRole};
use arkanong_core::physics::Collider;
use macroquad::prelude::*;

use crate::shell::shapes::{fill_polygon, outline_polygon};
use crate::shell::view::View;

/// Hexagons and other barriers, and any shield.
pub(crate) fn draw_barriers(view: &View, game: &Game) {
    for (_, shape, role) in game.shapes() {
        if !matches!(role, ShapeRole::Barrier | ShapeRole::Shield(_)) {
            continue;
        }
        match &shape.collider {
            Collider::Polygon(p) => {
                if matches!(role, ShapeRole::Shield(_)) {
                    fill_polygon(view, p, Color::new(0.6, 1.0, 0.7, 0.7));
                } else {
                    fill_polygon(
                        view,
                        p,
                        Color {
                            a: 0.85,
                            ..view.palette.barrier()
                        },
                    );
                    outline_polygon(view, p, view.len(2.0), Color::new(0.6, 0.7, 1.0, 1.0));
                }
            }
            Collider::Segment(s) => {
                // A wall of no thickness, drawn 4 units wide in the barriers' edge
                // colour, with round ends: balls bounce round them.
                let (a, b) = (view.to_screen(s.a), view.to_screen(s.b));
                let edge = Color::new(0.6, 0.7, 1.0, 1.0);
                draw_line(a.x, a.y, b.x, b.y, view.len(4.0), edge);
                for end in [a, b] {
                    draw_circle(end.x, end.y, view.len(2.0), edge);
                }
            }
        }
    }
}
