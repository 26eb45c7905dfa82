//! The watching page over the match watched (the model is
//! `arkanong_core::app::online::WatchScreen`): the "WATCHING" mark in the
//! field's corner (the HUD names the players and says it too), what is happening in a band across its middle
//! (waiting, catching up, the match's end, why watching stopped), and Back
//! where the match's Leave goes. The match itself, with its HUD, is drawn
//! under it as any online match.

use arkanong_core::app::layout::FINGER_PX;
use arkanong_core::app::online::{WatchScreen, WATCHING_MARK};
use macroquad::prelude::*;

use crate::shell::play::{back_button_rect, draw_back_button};
use crate::shell::text::{draw_label, draw_label_centered, fit};
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
    // The mark in the field's top corner, small and without a box: it must not
    // hide the top paddle (the players' names are the HUD's, where "YOU" and
    // "RIVAL" go for a player).
    let size = t.body;
    let mark_y = (field.min.y + size * 1.1).round();
    let dot_x = fx + 10.0 + size * 0.3;
    draw_circle(dot_x, mark_y - size * 0.32, size * 0.3, MARK);
    draw_label(WATCHING_MARK, dot_x + size * 0.6, mark_y, size, MARK);
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
    draw_back_button();
    vec![back_button_rect()]
}
