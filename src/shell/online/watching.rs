//! The watching page over the match watched (the model is
//! `arkanong_core::app::online::WatchScreen`): the "WATCHING" mark and the
//! players at the field's top, what is happening in a band across its middle
//! (waiting, catching up, the match's end, why watching stopped), and Back
//! where the match's Leave goes. The match itself, with its HUD, is drawn
//! under it as any online match.

use arkanong_core::app::layout::FINGER_PX;
use arkanong_core::app::online::{WatchScreen, WATCHING_MARK};
use macroquad::prelude::*;

use crate::shell::play::back_button_rect;
use crate::shell::text::{draw_label_centered, draw_label_in, fit};
use crate::shell::view::window_layout;

/// The mark's ink: a broadcast's red "live" light.
const MARK: Color = Color::new(0.95, 0.25, 0.25, 1.0);

/// A line centred on `x`, fitted to `width`.
fn centred(text: &str, x: f32, y: f32, width: f32, size: f32, color: Color) -> Rect {
    let (shown, size) = fit(text, width, size);
    draw_label_centered(&shown, x, y, size, color)
}

/// Draws the page; returns its one target, Back.
pub(crate) fn draw_watching(watch: &WatchScreen) -> Vec<Rect> {
    let layout = window_layout();
    let t = layout.text;
    let field = layout.field;
    let (fx, fw) = (field.min.x, field.size().x);
    let cx = fx + fw * 0.5;
    let shade = Color::new(0.02, 0.03, 0.08, 0.8);
    // The mark and the players, in a strip at the field's top.
    let strip_h = (t.title + t.body * 1.6).round();
    let top = field.min.y + 6.0;
    draw_rectangle(fx, top, fw, strip_h, shade);
    let mark_y = top + t.title * 0.95;
    let mark = centred(WATCHING_MARK, cx, mark_y, fw - 16.0, t.title, MARK);
    // The "live" dot before the mark.
    draw_circle(
        mark.x - t.title * 0.45,
        mark.center().y,
        t.title * 0.2,
        MARK,
    );
    let players_y = mark_y + t.body * 1.4;
    centred(
        &watch.players_line(),
        cx,
        players_y,
        fw - 16.0,
        t.body,
        WHITE,
    );
    // What is happening, across the middle.
    if let Some(status) = watch.status_line() {
        let band_h = (t.body * 2.4).max(FINGER_PX);
        let y = (field.center().y - band_h * 0.5).round();
        draw_rectangle(fx, y, fw, band_h, shade);
        let ink = Color::new(0.75, 0.82, 0.9, 1.0);
        centred(
            &status,
            cx,
            y + band_h * 0.5 + t.body * 0.35,
            fw - 16.0,
            t.body,
            ink,
        );
    }
    // Back, where a played match's Leave goes (a phone has no Esc).
    let r = back_button_rect();
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.02, 0.03, 0.08, 0.55));
    draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, Color::new(0.3, 0.8, 1.0, 0.6));
    draw_label_in("Back", r, 16.0, WHITE);
    vec![r]
}
