//! A raced ghost (`arkanong_core::app::play::Ghost`): its paddle and balls
//! drawn faint over the player's game, with its player's name by its paddle,
//! in a colour of their own (pale violet; white in high contrast, where the
//! ghost is outlined rather than filled so it never hides the real ball).

use arkanong_core::app::layout::MIN_TEXT_PX;
use arkanong_core::app::play::Ghost;
use arkanong_core::tuning::PADDLE_THICKNESS;
use macroquad::prelude::*;

use crate::shell::shapes::{fill_polygon, outline_polygon};
use crate::shell::view::View;

/// Draws `ghost` faintly (see the module doc).
pub(crate) fn draw_ghost(view: &View, ghost: &Ghost) {
    let high = view.palette.high_contrast;
    let ink = if high {
        Color::new(1.0, 1.0, 1.0, 0.8)
    } else {
        Color::new(0.85, 0.7, 1.0, 0.55)
    };
    let fill = Color { a: 0.18, ..ink };
    let world = ghost.game.world();
    for p in ghost.game.players() {
        let paddle = &world.paddles()[p.paddle.0 as usize];
        let poly = paddle.placed(Vec2::ZERO);
        if !high {
            fill_polygon(view, &poly, fill);
        }
        outline_polygon(view, &poly, view.len(2.0).max(1.5), ink);
        let at = paddle.position + paddle.normal * (PADDLE_THICKNESS * 0.5 + 18.0);
        let c = view.to_screen(at);
        let size = view.len(20.0).max(MIN_TEXT_PX);
        let label = format!("ghost {}", ghost.name);
        let r = Rect::new(c.x - 200.0, c.y - size * 0.5, 400.0, size);
        crate::shell::text::draw_label_in(&label, r, size, ink);
    }
    for ball in world.balls() {
        let c = view.to_screen(ball.position);
        let r = view.len(ball.radius);
        if !high {
            draw_circle(c.x, c.y, r, fill);
        }
        draw_circle_lines(c.x, c.y, r, view.len(2.0).max(1.5), ink);
    }
}
