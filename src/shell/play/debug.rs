//! The F1 debug overlay over play: the broadphase cells, each ball's velocity, and
//! the kept contacts ([`ContactHistory`]): every contact of the last steps (older
//! ones fainter) with its normal, and the newest step's casts as capsules with
//! their times of impact.

use arkanong_core::app::lab::ContactHistory;
use arkanong_core::app::play::Session;
use arkanong_core::physics::Event;
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::text::draw_label;
use crate::shell::view::View;

/// The broadphase cells, each ball's velocity, and the kept contacts of the last
/// steps (the lab's contact history), or the last step's when none are kept yet.
pub(crate) fn draw_debug(view: &View, session: &Session, steps_per_second: f64) {
    let game = &session.game;
    let cell = game.world().grid_cell_size();
    let faint = Color::new(1.0, 1.0, 1.0, 0.07);
    let mut x = 0.0;
    while x <= ARENA_WIDTH {
        let (a, b) = (
            view.to_screen(vec2(x, 0.0)),
            view.to_screen(vec2(x, ARENA_HEIGHT)),
        );
        draw_line(a.x, a.y, b.x, b.y, 1.0, faint);
        x += cell;
    }
    let mut y = 0.0;
    while y <= ARENA_HEIGHT {
        let (a, b) = (
            view.to_screen(vec2(0.0, y)),
            view.to_screen(vec2(ARENA_WIDTH, y)),
        );
        draw_line(a.x, a.y, b.x, b.y, 1.0, faint);
        y += cell;
    }
    let dt = arkanong_core::game::DT;
    for b in game.world().balls() {
        let (a, e) = (
            view.to_screen(b.position),
            view.to_screen(b.position + b.velocity * dt * 4.0),
        );
        draw_line(a.x, a.y, e.x, e.y, 1.5, YELLOW);
    }
    if let Some(history) = &session.contacts {
        draw_contact_history(view, history);
    }
    for e in game
        .last_physics_events()
        .iter()
        .filter(|_| session.contacts.is_none())
    {
        if let Event::BallHitShape { point, normal, .. } = e {
            let (a, b) = (
                view.to_screen(*point),
                view.to_screen(*point + *normal * 30.0),
            );
            draw_line(a.x, a.y, b.x, b.y, 2.0, GREEN);
            draw_circle(a.x, a.y, 3.0, GREEN);
        }
    }
    let text = arkanong_core::app::play::debug_line(
        game.world().balls().len(),
        steps_per_second,
        cell,
        session.contacts.as_ref().map_or(0, |h| h.contact_count()),
    );
    draw_label(&text, 8.0, screen_height() - 8.0, 18.0, GREEN);
}

/// How long a drawn normal is, in arena units.
const NORMAL_LENGTH: f32 = 30.0;

/// Draws the history in the arena's view.
fn draw_contact_history(view: &View, history: &ContactHistory) {
    let newest = history.last().map_or(0, |s| s.step);
    let span = history.capacity().max(1) as f32;
    for record in history.steps() {
        // Fade with age: the newest step fully opaque, the oldest kept one faint.
        let age = newest.saturating_sub(record.step) as f32 / span;
        let alpha = (1.0 - age).clamp(0.15, 1.0);
        let color = Color::new(0.2, 1.0, 0.3, alpha);
        for c in &record.contacts {
            let a = view.to_screen(c.point);
            draw_circle(a.x, a.y, 3.0, color);
            if let Some(n) = c.normal {
                let b = view.to_screen(c.point + n * NORMAL_LENGTH);
                draw_line(a.x, a.y, b.x, b.y, 2.0, color);
            }
        }
    }
    let Some(last) = history.last() else {
        return;
    };
    let cast_color = Color::new(1.0, 1.0, 0.3, 0.6);
    for c in &last.casts {
        let (a, b) = (view.to_screen(c.from), view.to_screen(c.to));
        let r = view.len(c.radius);
        draw_circle_lines(a.x, a.y, r, 1.0, cast_color);
        draw_circle_lines(b.x, b.y, r, 1.0, cast_color);
        // The capsule's sides: the core segment offset by the radius either way.
        let side = (b - a).perp().normalize_or_zero() * r;
        draw_line(
            a.x + side.x,
            a.y + side.y,
            b.x + side.x,
            b.y + side.y,
            1.0,
            cast_color,
        );
        draw_line(
            a.x - side.x,
            a.y - side.y,
            b.x - side.x,
            b.y - side.y,
            1.0,
            cast_color,
        );
        if let Some(toi) = c.toi {
            let at = a + (b - a) * toi;
            draw_circle_lines(at.x, at.y, r, 2.0, RED);
            let text = format!("toi {toi:.2}");
            crate::shell::text::draw_label(&text, at.x + r + 2.0, at.y - r, 14.0, RED);
        }
    }
}
