//! Drawing the show around a game (see `stage.rs`): the background's dots and
//! pulses under the bricks, a defeat's dim over the field, and a ceremony's
//! fireworks and confetti over everything.

use arkanong::app::{feel::CeremonyKind, feel::Tint, feel::MAX_GLOW};
use arkanong::level::Side;
use macroquad::prelude::*;

use crate::shell::feel::Stage;
use crate::shell::palette::side_color;
use crate::shell::view::View;

/// The dots at rest: a faint blue-white, a little lighter than the floor.
const DOT: Color = Color::new(0.55, 0.65, 1.0, 0.07);
/// A dot's side at rest, arena units.
const DOT_SIZE: f32 = 2.5;
/// Gold confetti.
const GOLD: Color = Color::new(1.0, 0.82, 0.3, 1.0);

/// The background on the arena floor: the drifting dots, lit where a pulse's
/// ring passes, and a faint wash at each pulse's source.
pub(crate) fn draw_backdrop(view: &View, stage: &Stage) {
    let b = &stage.backdrop;
    for p in b.pulses() {
        let t = p.age / arkanong::app::feel::PULSE_SECONDS;
        let c = view.to_screen(p.center);
        // A soft wash: three discs, each smaller and adding a little more.
        let radius = view.len(120.0 + 200.0 * t);
        for k in 1..=3 {
            let wash = Color {
                a: 0.025 * p.strength * (1.0 - t),
                ..side_color(p.side)
            };
            draw_circle(c.x, c.y, radius * (1.3 - 0.3 * k as f32), wash);
        }
    }
    for dot in b.dots() {
        let (color, size) = match b.glow(dot) {
            Some((light, side)) => (
                Color {
                    a: DOT.a + light,
                    ..side_color(side)
                },
                DOT_SIZE * (1.0 + 1.5 * light / MAX_GLOW),
            ),
            None => (DOT, DOT_SIZE),
        };
        let c = view.to_screen(dot);
        let half = view.len(size) * 0.5;
        draw_rectangle(c.x - half, c.y - half, half * 2.0, half * 2.0, color);
    }
}

/// A defeat's dim: the field turns dark and grey as the ceremony begins.
pub(crate) fn draw_defeat_dim(view: &View, stage: &Stage) {
    let Some(c) = stage.ceremony.as_ref().filter(|c| c.dim() > 0.0) else {
        return;
    };
    // A dark grey rather than black: it drains the colour as well as the light.
    super::draw::fill_arena(view, Color::new(0.08, 0.08, 0.09, c.dim()));
}

/// A ceremony's fireworks and confetti, over the field and the results.
pub(crate) fn draw_ceremony(view: &View, stage: &Stage) {
    let Some(c) = stage.ceremony.as_ref().filter(|_| stage.fireworks()) else {
        return;
    };
    let owner = match c.kind {
        CeremonyKind::Victory(side) => side_color(side),
        CeremonyKind::Cleared => side_color(Side::Bottom),
        CeremonyKind::Defeat => return,
    };
    for p in c.particles() {
        let base = match p.tint {
            Tint::Owner => owner,
            Tint::White => WHITE,
            Tint::Gold => GOLD,
        };
        let color = Color {
            a: (p.life * 2.0).min(1.0),
            ..base
        };
        let at = view.to_screen(p.position);
        if p.strip {
            // A strip seen edge-on as it flutters: its height follows its turn.
            let (w, h) = (view.len(7.0), view.len(4.0) * p.angle.sin().abs().max(0.2));
            draw_rectangle(at.x - w * 0.5, at.y - h * 0.5, w, h, color);
        } else {
            let tail = at - p.velocity.normalize_or_zero() * view.len(10.0);
            draw_line(tail.x, tail.y, at.x, at.y, view.len(2.5), color);
            draw_circle(at.x, at.y, view.len(2.2), color);
        }
    }
}
