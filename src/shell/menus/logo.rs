//! The logo, drawn in code (issue 41, docs/look.md): the word in the display
//! face, split as the game is, "ARKA" (Arkanoid) in the bottom player's colour
//! and "NONG" (Pong) in the top player's, each half under its own paddle's
//! bar, and a lit ball rallying between the two bars across the word. Vector
//! shapes and a vector face: sharp at every size, no image to download.

use arkanong_core::level::Side;
use macroquad::prelude::*;

use crate::shell::palette::Palette;
use crate::shell::text::{display_box, draw_display, fit_display, measure_display, note};

/// The word the logo writes, noted whole for the screenshot's sidecar.
const WORD: &str = "ARKANONG";

/// How long the ball takes from one bar to the other, seconds.
const RALLY_SECONDS: f64 = 1.6;

/// Draws the logo centred on `x` with the word's baseline at `y`, its word at
/// most `size` pixels and `width` wide. `still`: reduced motion (the ball rests
/// in the middle). Returns the word's box.
pub(crate) fn draw_logo(
    x: f32,
    y: f32,
    (size, width): (f32, f32),
    palette: Palette,
    still: bool,
) -> Rect {
    let size = fit_display(WORD, width, size);
    let left_half = measure_display("ARKA", size).width;
    let whole = measure_display(WORD, size).width;
    let left = x - whole * 0.5;
    let word = display_box(WORD, left, y, size);
    let (bottom, top) = (palette.side(Side::Bottom), palette.side(Side::Top));
    // The two bars: the top player's over "NONG", the bottom player's under "ARKA".
    let bar_h = (size * 0.1).max(2.0);
    let gap = size * 0.18;
    // The capitals' top, above the baseline (the word has no descenders).
    let cap = measure_display("ARKA", size).offset_y;
    let top_bar = Rect::new(
        left + left_half + whole * 0.08,
        y - cap - gap - bar_h,
        whole * 0.34,
        bar_h,
    );
    let bottom_bar = Rect::new(left + whole * 0.06, y + gap * 0.7, whole * 0.34, bar_h);
    // The ball: from the bottom bar's middle to the top bar's and back.
    let from = vec2(bottom_bar.x + bottom_bar.w * 0.5, bottom_bar.y);
    let to = vec2(top_bar.x + top_bar.w * 0.5, top_bar.y + top_bar.h);
    let phase = if still {
        0.5
    } else {
        let t = (get_time() / RALLY_SECONDS) % 2.0;
        (if t > 1.0 { 2.0 - t } else { t }) as f32
    };
    // The rally's path, faint, so a still frame shows where the ball goes.
    draw_line(
        from.x,
        from.y,
        to.x,
        to.y,
        1.5,
        Color::new(1.0, 1.0, 1.0, 0.12),
    );
    let ball = from.lerp(to, phase);
    let r = (size * 0.11).max(3.0);
    for (k, a) in [(3.2, 0.08), (2.0, 0.16), (1.4, 0.3)] {
        draw_circle(ball.x, ball.y, r * k, Color::new(1.0, 0.95, 0.8, a));
    }
    for (bar, color) in [(top_bar, top), (bottom_bar, bottom)] {
        // A soft glow under each bar, then the bar.
        draw_rectangle(
            bar.x - 3.0,
            bar.y - 3.0,
            bar.w + 6.0,
            bar.h + 6.0,
            Color { a: 0.18, ..color },
        );
        draw_rectangle(bar.x, bar.y, bar.w, bar.h, color);
    }
    // The word: a dark drop shadow for depth, then the two halves in the
    // players' colours, then a thin light along the letters' tops.
    let drop = (size * 0.05).max(1.0);
    draw_display(
        WORD,
        left + drop,
        y + drop,
        size,
        Color::new(0.0, 0.0, 0.05, 0.8),
    );
    draw_display("ARKA", left, y, size, bottom);
    draw_display("NONG", left + left_half, y, size, top);
    draw_circle(ball.x, ball.y, r, WHITE);
    note(WORD, word, size);
    word
}
