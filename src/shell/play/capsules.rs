//! What falls and flies between the paddles: capsules with their letters (and
//! their shine, `juice.shine`) and a tag saying what each does, and laser shots.

use arkanong_core::game::Game;
use arkanong_core::tuning::CAPSULE_RADIUS;
use macroquad::prelude::*;

use arkanong_core::app::feel::capsule_tag;
use arkanong_core::app::layout::MIN_TEXT_PX;

use crate::shell::palette::{capsule_color, ink_and_outline};
use crate::shell::shapes::draw_pill;
use crate::shell::text::{draw_label, draw_outlined_in, measure};
use crate::shell::view::View;

/// How long a capsule's shine takes to sweep across and rest, seconds.
const SHINE_PERIOD: f64 = 1.6;

/// A soft light band sweeping across a `w` by `h` pill at `c` (wall-clock time:
/// decoration only, never the game).
fn draw_shine(c: Vec2, w: f32, h: f32) {
    // The sweep takes the first half of the period; the band rests out of sight after.
    let t = (get_time() % SHINE_PERIOD / SHINE_PERIOD * 2.0) as f32;
    if t >= 1.0 {
        return;
    }
    let band = h * 0.35;
    let inner = w - h;
    let x = c.x - inner * 0.5 + (inner - band) * t;
    let alpha = 0.45 * (t * std::f32::consts::PI).sin();
    draw_rectangle(
        x,
        c.y - h * 0.4,
        band,
        h * 0.8,
        Color::new(1.0, 1.0, 1.0, alpha),
    );
}

/// What a capsule does, in small capitals on a dark tab beside its pill of
/// width `w` and height `h` at `p`: toward the middle of the window, so it is
/// never cut by the window's edge; in the capsule's `color` along its edge.
fn draw_tag(tag: &str, p: Vec2, (w, h): (f32, f32), color: Color) {
    let size = (h * 0.8).max(MIN_TEXT_PX);
    let dims = measure(tag, size);
    let gap = h * 0.3;
    let x = if p.x < screen_width() * 0.5 {
        p.x + w * 0.5 + gap
    } else {
        p.x - w * 0.5 - gap - dims.width
    };
    let baseline = p.y - dims.height * 0.5 + dims.offset_y;
    let pad = size * 0.25;
    draw_rectangle(
        x - pad,
        p.y - dims.height * 0.5 - pad,
        dims.width + pad * 2.0,
        dims.height + pad * 2.0,
        Color::new(0.0, 0.0, 0.0, 0.6),
    );
    draw_rectangle(
        x - pad,
        p.y + dims.height * 0.5 + pad - 2.0,
        dims.width + pad * 2.0,
        2.0,
        color,
    );
    draw_label(tag, x, baseline, size, WHITE);
}

/// Capsules with their letters and what they do, and laser shots.
pub(crate) fn draw_capsules_and_shots(view: &View, game: &Game, shine: bool) {
    for c in game.capsules() {
        let p = view.to_screen(c.position);
        // Never under a readable letter's height, however small the window.
        let h = view.len(CAPSULE_RADIUS * 1.6).max(MIN_TEXT_PX + 6.0);
        let w = h * 1.85;
        draw_pill(p, w + view.len(3.0), h + view.len(3.0), WHITE);
        let color = capsule_color(c.power_up);
        draw_pill(p, w, h, color);
        if shine {
            draw_shine(p, w, h);
        }
        // The letter large, black or white as the capsule reads best, outlined in
        // the other (4.5:1 or better: app/feel/palette_tests.rs).
        let (ink, outline) = ink_and_outline(color);
        let letter = c.power_up.letter().to_string();
        draw_outlined_in(
            &letter,
            Rect::new(p.x - w * 0.5, p.y - h * 0.5, w, h),
            h * 1.35,
            ink,
            outline,
        );
        draw_tag(&capsule_tag(c.power_up, game.mode()), p, (w, h), color);
    }
    for s in game.shots() {
        let a = view.to_screen(s.position);
        let b = view.to_screen(s.position - s.velocity.normalize_or_zero() * 18.0);
        draw_line(
            a.x,
            a.y,
            b.x,
            b.y,
            view.len(3.0),
            Color::new(1.0, 0.4, 0.4, 1.0),
        );
    }
}
