//! Over the field, under the HUD: a waiting serve's cue (the aiming arc as dots
//! from the ball, and "Ready" or the serve prompt with its countdown between the
//! ball and the field), and a defeat's dim as its ceremony begins.

use arkanong_core::app::play::{ServeCue, Session};
use arkanong_core::level::Side;
use arkanong_core::tuning::ARENA_WIDTH;
use macroquad::prelude::*;

use crate::shell::feel::{Effects, Stage};
use crate::shell::shapes::fill_arena;
use crate::shell::text::{draw_label, measure};
use crate::shell::view::View;

/// The overlays layer: a defeat's dim (with the ceremonies switch on), then each
/// waiting serve's cue.
pub(crate) fn draw_overlays(view: &View, session: &Session, effects: &Effects) {
    if effects.juice.ceremony {
        draw_defeat_dim(view, &effects.stage);
    }
    for cue in session.serve_cues() {
        draw_serve_cue(view, &cue);
    }
}

/// A defeat's dim: the field turns dark and grey as the ceremony begins.
fn draw_defeat_dim(view: &View, stage: &Stage) {
    let Some(c) = stage.ceremony.as_ref().filter(|c| c.dim() > 0.0) else {
        return;
    };
    // A dark grey rather than black: it drains the colour as well as the light.
    fill_arena(view, Color::new(0.08, 0.08, 0.09, c.dim()));
}

/// Distance between the arc's dots, world units.
const DOT_SPACING: f32 = 18.0;

/// Draws one cue: the arc (fainter while "Ready"), then its text.
fn draw_serve_cue(view: &View, cue: &ServeCue) {
    let color = view.palette.side(cue.side);
    let alpha = if cue.live { 0.85 } else { 0.35 };
    let mut walked = 0.0_f32;
    for pair in cue.arc.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let length = a.distance(b);
        let mut t = (DOT_SPACING - walked % DOT_SPACING) % DOT_SPACING;
        while t <= length {
            let p = view.to_screen(a + (b - a) * (t / length.max(1e-6)));
            // Dots shrink along the arc, so its end reads as "about here".
            let fade = 1.0 - (walked + t) / 500.0;
            draw_circle(
                p.x,
                p.y,
                view.len(3.2 * fade.max(0.6)),
                Color { a: alpha, ..color },
            );
            t += DOT_SPACING;
        }
        walked += length;
    }
    let size = view.len(if cue.live { 26.0 } else { 40.0 }).max(14.0);
    // Toward the middle of the field, clear of the paddle and the HUD line.
    let offset = if cue.side == Side::Bottom {
        -70.0
    } else {
        90.0
    };
    // Beside the arc rather than across it: on the side it does not head for.
    let heading = cue.arc.last().map_or(0.0, |end| end.x - cue.anchor.x);
    let x = ARENA_WIDTH * 0.5 - heading.signum() * ARENA_WIDTH * 0.2;
    let at = view.to_screen(vec2(x, cue.anchor.y + offset));
    let dims = measure(&cue.text, size);
    // Kept inside the window (a phone is narrow).
    let x = (at.x - dims.width * 0.5)
        .min(screen_width() - dims.width - 12.0)
        .max(12.0);
    draw_rectangle(
        x - 10.0,
        at.y - dims.offset_y - 6.0,
        dims.width + 20.0,
        dims.height + 12.0,
        Color::new(0.0, 0.0, 0.0, 0.55),
    );
    draw_label(&cue.text, x, at.y, size, Color { a: 1.0, ..color });
}
