//! The F1 overlay's kept contacts: the lab's [`ContactHistory`] drawn over play,
//! every contact of the last steps (older ones fainter) with its normal, and the
//! newest step's casts as capsules with their times of impact.

use arkanong::app::lab::ContactHistory;
use macroquad::prelude::*;

use crate::shell::view::View;

/// How long a drawn normal is, in arena units.
const NORMAL_LENGTH: f32 = 30.0;

/// Draws the history in the arena's view.
pub(crate) fn draw_contact_history(view: &View, history: &ContactHistory) {
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
