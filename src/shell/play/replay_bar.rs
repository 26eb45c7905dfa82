//! The watched replay's bar (`arkanong_core::app::play::replay_bar`): pause,
//! speed, restart, save and leave, each a thumb-sized button; the one keys and
//! pads work is outlined brighter.

use arkanong_core::app::play::{replay_bar, ReplayWatch, REPLAY_BUTTONS};
use macroquad::prelude::*;

/// The bar's buttons on screen, in the bar's order (clicks and taps pick them).
pub(crate) fn replay_bar_rects() -> Vec<Rect> {
    let layout = crate::shell::view::window_layout();
    (replay_bar(&layout).into_iter())
        .map(|b| Rect::new(b.min.x, b.min.y, b.max.x - b.min.x, b.max.y - b.min.y))
        .collect()
}

/// Draws the bar for `watch`: faint boxes with their words, the highlighted
/// one (keys and pads) outlined bright; in high contrast, solid black boxes
/// with white words and a yellow outline.
pub(crate) fn draw_replay_bar(watch: &ReplayWatch, high_contrast: bool) {
    let size = crate::shell::view::window_layout().text.body;
    let (fill, line, lit) = if high_contrast {
        (BLACK, WHITE, YELLOW)
    } else {
        (
            Color::new(0.02, 0.03, 0.08, 0.6),
            Color::new(0.3, 0.8, 1.0, 0.6),
            Color::new(1.0, 0.9, 0.4, 0.95),
        )
    };
    for (i, (r, button)) in replay_bar_rects().iter().zip(REPLAY_BUTTONS).enumerate() {
        draw_rectangle(r.x, r.y, r.w, r.h, fill);
        let (edge, width) = if i == watch.cursor {
            (lit, 3.0)
        } else {
            (line, 2.0)
        };
        draw_rectangle_lines(r.x, r.y, r.w, r.h, width, edge);
        crate::shell::text::draw_label_in(&watch.label(button), *r, size, WHITE);
    }
}
