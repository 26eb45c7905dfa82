//! The side panels' gauges (`app/play/panel_gauges.rs`), drawn in each
//! player's colour under its lines: the rounds as pips, the round's points as a
//! bar filling toward what takes it, the balls the side owns as balls, and the
//! capsules falling its way as small pills with their letters.

use arkanong_core::app::layout::{Layout, MIN_TEXT_PX};
use arkanong_core::app::play::{gauge_areas, PanelGauge};
use arkanong_core::game::Game;
use arkanong_core::geom::Rect as Area;
use macroquad::prelude::*;

use crate::shell::palette::{capsule_color, ink_and_outline};
use crate::shell::shapes::draw_pill;
use crate::shell::text::{draw_label, draw_outlined_in, measure};
use crate::shell::view::View;

/// The most ball icons in a row before the row says "+N".
const BALL_ICONS: u32 = 12;

/// Draws each player's gauge where the layout has room (landscape panels).
/// `near` decides which place a side takes, as the HUD's lines do.
pub(crate) fn draw_gauges(layout: &Layout, game: &Game, view: &View) {
    let areas = gauge_areas(layout);
    let gauges = arkanong_core::app::play::panel_gauges(game);
    for p in game.players() {
        let i = p.side.index() as usize;
        let place = usize::from(p.side != view.near_side());
        if let Some(area) = areas[place] {
            draw_gauge(&gauges[i], area, view.palette.side(p.side));
        }
    }
}

/// A row's caption in small print at the area's right end (what the shapes
/// count, for a player who has not learnt them yet).
fn caption(text: &str, right: f32, y: f32, row: f32, color: Color) {
    let size = MIN_TEXT_PX.max(row * 0.42);
    let dims = measure(text, size);
    let baseline = y + (row - dims.height) * 0.5 + dims.offset_y;
    draw_label(text, right - dims.width, baseline, size, color);
}

/// One gauge in `area`: its rows from the top, each a quarter of the area.
fn draw_gauge(g: &PanelGauge, area: Area, color: Color) {
    let row = area.size().y / 4.0;
    let (x, w) = (area.min.x, area.size().x);
    let mut y = area.min.y;
    let dim = Color { a: 0.35, ..color };
    let faint = Color::new(0.8, 0.82, 0.9, 0.7);
    if let Some((won, needed)) = g.rounds {
        let r = (row * 0.28).min(w / (needed as f32 * 3.0));
        for k in 0..needed {
            let c = vec2(x + r + k as f32 * r * 3.0, y + row * 0.5);
            if k < won {
                draw_circle(c.x, c.y, r, color);
            } else {
                draw_circle_lines(c.x, c.y, r, 2.0, dim);
            }
        }
        caption("rounds", x + w, y, row, faint);
        y += row;
    }
    if let Some(share) = g.progress {
        let h = (row * 0.35).max(4.0);
        let top = y + (row - h) * 0.5;
        // The bar leaves its row's end to the caption.
        let bar = w * 0.7;
        draw_rectangle(x, top, bar, h, Color::new(1.0, 1.0, 1.0, 0.08));
        draw_rectangle(x, top, bar * share, h, color);
        draw_rectangle_lines(x, top, bar, h, 1.5, dim);
        caption("round", x + w, y, row, faint);
        y += row;
    }
    // The balls it owns: what a conversion takes from the other side.
    let r = (row * 0.22).max(3.0);
    let shown = g.balls.min(BALL_ICONS);
    for k in 0..shown {
        let c = vec2(x + r + k as f32 * r * 2.8, y + row * 0.5);
        draw_circle(c.x, c.y, r, color);
    }
    caption("balls", x + w, y, row, faint);
    if g.balls > shown {
        let size = (row * 0.6).max(MIN_TEXT_PX);
        let at = x + shown as f32 * r * 2.8 + r;
        let dims = measure("+0", size);
        let baseline = y + (row - dims.height) * 0.5 + dims.offset_y;
        draw_label(&format!("+{}", g.balls - shown), at, baseline, size, color);
    }
    y += row;
    // The capsules falling its way.
    if !g.capsules.is_empty() {
        caption("coming", x + w, y, row, faint);
    }
    let h = (row * 0.7).max(MIN_TEXT_PX + 4.0);
    let pill = h * 1.85;
    for (k, power) in g.capsules.iter().enumerate() {
        let c = vec2(x + pill * 0.5 + k as f32 * pill * 1.2, y + row * 0.5);
        if c.x + pill * 0.5 > x + w {
            break;
        }
        let fill = capsule_color(*power);
        draw_pill(c, pill, h, fill);
        let (ink, outline) = ink_and_outline(fill);
        let r = Rect::new(c.x - pill * 0.5, c.y - h * 0.5, pill, h);
        draw_outlined_in(&power.letter().to_string(), r, h * 1.2, ink, outline);
    }
}
