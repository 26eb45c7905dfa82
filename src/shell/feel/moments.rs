//! The flash of a moment heavier than a brick (`app::feel::impact`): a goal or a
//! round lights the goal line it went through, a band of the scorer's light
//! rising into the field; a round and a match also wash the arena in the
//! winner's colour; a match bursts from the middle. Drawn under the paddles and
//! balls (`play/frame.rs`), so no flash ever covers a ball. High contrast keeps
//! the band and drops the wash and the burst's fill: its black floor stays black.

use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use super::Effects;
use crate::shell::view::View;

/// Strips the band of light is drawn in, each fainter further from the line.
const BAND_STRIPS: usize = 8;
/// The band's brightness at the line when it begins, an opacity.
const BAND_PEAK: f32 = 0.55;

/// Draws the moments flashing now (none with the flash switch off: `Effects`
/// keeps none then).
pub(crate) fn draw_moments(effects: &Effects, view: &View) {
    let high_contrast = view.palette.high_contrast;
    for (impact, left) in effects.moments() {
        let punch = impact.weight.punch();
        let color = view.palette.side(impact.side);
        // Fast in, slow out: most of the light is in the first third.
        let fade = left * left;
        if punch.wash > 0.0 && !high_contrast {
            fill_arena(
                view,
                0.0,
                ARENA_HEIGHT,
                Color {
                    a: punch.wash * fade,
                    ..color
                },
            );
        }
        match impact.goal_line {
            Some(line) => draw_band(view, line, punch.reach, color, fade),
            None if !high_contrast => {
                // The match: a disc of light growing from the middle, and its edge.
                let c = view.to_screen(impact.at);
                let r = view.len(punch.reach * (1.0 - left * 0.7));
                draw_circle(
                    c.x,
                    c.y,
                    r,
                    Color {
                        a: 0.25 * fade,
                        ..color
                    },
                );
                draw_circle_lines(
                    c.x,
                    c.y,
                    r,
                    view.len(6.0) * left,
                    Color { a: fade, ..color },
                );
            }
            None => {}
        }
    }
}

/// The band of light along the goal line at `line` (its y), `reach` arena units
/// deep into the field, brightest at the line, and the line itself lit toward
/// white.
fn draw_band(view: &View, line: f32, reach: f32, color: Color, fade: f32) {
    let inward = if line > 0.0 { -1.0 } else { 1.0 };
    let strip = reach / BAND_STRIPS as f32;
    for k in 0..BAND_STRIPS {
        let near = line + inward * strip * k as f32;
        let far = near + inward * strip;
        let a = BAND_PEAK * fade * (1.0 - k as f32 / BAND_STRIPS as f32).powi(2);
        fill_arena(view, near.min(far), near.max(far), Color { a, ..color });
    }
    let hot = Color {
        r: color.r + (1.0 - color.r) * 0.6,
        g: color.g + (1.0 - color.g) * 0.6,
        b: color.b + (1.0 - color.b) * 0.6,
        a: fade,
    };
    let (a, b) = (
        view.to_screen(vec2(0.0, line)),
        view.to_screen(vec2(ARENA_WIDTH, line)),
    );
    draw_line(a.x, a.y, b.x, b.y, view.len(3.0 + 9.0 * fade), hot);
}

/// Fills the arena's full width between `y0` and `y1` (arena units, y0 < y1),
/// through the view (which may be turned half a turn).
fn fill_arena(view: &View, y0: f32, y1: f32, color: Color) {
    let (a, b) = (
        view.to_screen(vec2(0.0, y0)),
        view.to_screen(vec2(ARENA_WIDTH, y1)),
    );
    let (lo, hi) = (a.min(b), a.max(b));
    draw_rectangle(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, color);
}
