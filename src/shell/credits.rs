//! The Credits screen drawn (`app::credits`): a panel over the attract game
//! where `credits_layout` puts it, the lines from the scroll's top down as far
//! as they fit, wrapped to the panel, and the one item, Back, at its foot.

use arkanong_core::app::credits::{credit_lines, credits_layout, CreditsScreen};
use arkanong_core::app::layout::wrap_balanced;
use arkanong_core::level::Side;
use macroquad::prelude::*;

use crate::shell::palette::Palette;
use crate::shell::text::{draw_display_centered, draw_label, draw_label_in, measure};
use crate::shell::view::window_layout;

/// A layout's rectangle as macroquad's.
fn rect(r: arkanong_core::geom::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.size().x, r.size().y)
}

/// Draws the credits `screen` over the game; returns the Back button's box
/// (the screen's one item: a click or a tap on it picks it).
pub(crate) fn draw_credits(screen: &CreditsScreen, palette: Palette) -> Rect {
    let text = window_layout().text;
    let placed = credits_layout(vec2(screen_width(), screen_height()), text);
    let (panel, back) = (rect(placed.panel), rect(placed.back));
    draw_rectangle(
        panel.x,
        panel.y,
        panel.w,
        panel.h,
        Color::new(0.02, 0.03, 0.08, 0.9),
    );
    let edge = Color::new(0.3, 0.8, 1.0, 0.35);
    draw_rectangle_lines(panel.x, panel.y, panel.w, panel.h, 2.0, edge);
    let mut y = panel.y + text.title * 1.3;
    draw_display_centered("Credits", panel.center().x, y, text.title, WHITE);
    y += text.title * 0.4;
    let inset = text.body * 1.5;
    let (width, bottom) = (panel.w - 2.0 * inset, back.y - text.body * 0.5);
    'lines: for line in credit_lines().iter().skip(screen.top) {
        let (size, ink) = match line.heading {
            true => (text.item, Color::new(0.8, 0.85, 1.0, 1.0)),
            false => (text.body, Color::new(0.85, 0.85, 0.9, 1.0)),
        };
        let step = size * if line.heading { 1.9 } else { 1.3 };
        // A blank line of the licence is a break between its paragraphs.
        let parts = match line.text.is_empty() {
            true => vec![String::new()],
            false => wrap_balanced(&line.text, width, |s| measure(s, size).width),
        };
        for part in parts {
            if y + step > bottom {
                break 'lines;
            }
            y += step;
            if !part.is_empty() {
                draw_label(&part, panel.x + inset, y, size, ink);
            }
        }
    }
    draw_rectangle(
        back.x,
        back.y,
        back.w,
        back.h,
        Color::new(0.3, 0.8, 1.0, 0.25),
    );
    draw_rectangle_lines(
        back.x,
        back.y,
        back.w,
        back.h,
        2.0,
        palette.side(Side::Bottom),
    );
    draw_label_in("Back", back, text.item, WHITE);
    back
}
