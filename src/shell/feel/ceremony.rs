//! A ceremony's fireworks and confetti, drawn over the field and the results
//! screen (see `stage.rs`, which runs it).

use arkanong_core::app::{feel::CeremonyKind, feel::Tint};
use arkanong_core::level::Side;
use macroquad::prelude::*;

use crate::shell::feel::Stage;
use crate::shell::view::View;

/// Gold confetti.
const GOLD: Color = Color::new(1.0, 0.82, 0.3, 1.0);

/// A ceremony's fireworks and confetti, over the field and the results.
pub(crate) fn draw_ceremony(view: &View, stage: &Stage) {
    let Some(c) = stage.ceremony.as_ref().filter(|_| stage.fireworks()) else {
        return;
    };
    let owner = match c.kind {
        CeremonyKind::Victory(side) => view.palette.side(side),
        CeremonyKind::Cleared => view.palette.side(Side::Bottom),
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
