//! The on-screen pause button: the way to pause, and from the pause menu to
//! leave, a game without a keyboard (a phone, a tablet, a mouse alone); and the
//! Back button test-play shows in the same corner.

use macroquad::prelude::*;

/// Where the pause button is: the layout's place for it (`app::layout`), in the
/// window's top right corner clear of the HUD's text.
pub(crate) fn pause_button_rect() -> Rect {
    let b = crate::shell::view::window_layout().pause_button;
    Rect::new(b.min.x, b.min.y, b.max.x - b.min.x, b.max.y - b.min.y)
}

/// Draws the button: two bars in a faint square.
pub(crate) fn draw_pause_button() {
    let r = pause_button_rect();
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.02, 0.03, 0.08, 0.55));
    draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, Color::new(0.3, 0.8, 1.0, 0.6));
    let bar = Color::new(0.9, 0.92, 1.0, 0.85);
    let (w, h) = (r.w * 0.14, r.h * 0.46);
    let y = r.y + (r.h - h) * 0.5;
    draw_rectangle(r.x + r.w * 0.3, y, w, h, bar);
    draw_rectangle(r.x + r.w * 0.7 - w, y, w, h, bar);
}

/// Draws a "Back" button where the pause button goes (test-play's way back to
/// the editor).
pub(crate) fn draw_back_button() {
    let r = back_button_rect();
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.02, 0.03, 0.08, 0.55));
    draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, Color::new(0.3, 0.8, 1.0, 0.6));
    crate::shell::text::draw_label_in("Back", r, 16.0, WHITE);
}

/// Where [`draw_back_button`] draws: the layout's place for it.
pub(crate) fn back_button_rect() -> Rect {
    let b = crate::shell::view::window_layout().back_button();
    Rect::new(b.min.x, b.min.y, b.max.x - b.min.x, b.max.y - b.min.y)
}
