//! Drawing the HUD over the arena: each player's name, score, lives and power-ups
//! in the layout's panels or strips, the level's title and goal, and the touch strip.

use std::cell::OnceCell;

use arkanong_core::app::{
    feel::ConversionMarks, layout::touch_hint_lines_for, layout::Layout, layout::Orientation,
    layout::TextSlot, layout::MIN_TEXT_PX, play::MatchFacts,
};
use arkanong_core::game::{Game, Mode};
use arkanong_core::level::Side;
use macroquad::prelude::*;

use crate::shell::text::{draw_in_slot, draw_label_in, fit, measure};
use crate::shell::view::View;

/// The HUD in the layout's panels (landscape) or strips (portrait): each player's
/// name, score, lives and power-ups with their seconds left in the player's
/// colour, and the level's title and goal. `scores` are the numbers shown,
/// bottom first (the run's total in solo). `near` is the side whose goal is at
/// the bottom of the screen (the top one in an online joiner's turned view): its
/// player's HUD takes the bottom player's place, the other the top's. `view`
/// gives `near` and the palette. `two_players`: two people on one device, each
/// steering from their own half of a touch screen. `marks` counts each side's
/// conversions, shown beside its power-ups ("converted 3", "conv 3").
pub(crate) fn draw_hud(
    layout: &Layout,
    game: &Game,
    (labels, scores, marks): ([&str; 2], [u32; 2], &ConversionMarks),
    (banner, two_players): (Option<&str>, bool),
    view: &View,
) {
    let near = view.near_side();
    let facts = MatchFacts::of(game);
    for p in game.players() {
        let i = p.side.index() as usize;
        let place = usize::from(p.side != near);
        let color = view.palette.side(p.side);
        draw_panel_tint(layout, layout.panels[place], color);
        let slots = &layout.players[place];
        draw_in_slot(labels[i], &slots.name, color);
        // Versus shows the round's points (what the target and lead are about)
        // and what each side still needs; solo the run's total and the lives.
        let score = facts.map_or(scores[i], |f| f.round_scores[i]);
        draw_in_slot(&score.to_string(), &slots.score, color);
        match facts {
            Some(f) => draw_in_slot(&f.need_line(i), &slots.lives, color),
            None => draw_in_slot(&format!("lives {}", p.lives), &slots.lives, color),
        }
        // The conversions first: the game's own rule, counted where the
        // player looks for what their side has going for it; the short count
        // where the long one would push the power-ups out of a narrow strip.
        let powers: Vec<String> = p
            .effects
            .active()
            .iter()
            .map(|(e, s)| format!("{} {:.0}s", e.letter(), s.ceil()))
            .collect();
        let line = |count: Option<&String>| -> String {
            count
                .into_iter()
                .chain(&powers)
                .cloned()
                .collect::<Vec<_>>()
                .join("  ")
        };
        let slot = &slots.effects;
        let mut text = line(marks.hud_line(p.side).as_ref());
        if measure(&text, slot.size).width > slot.rect.size().x {
            text = line(marks.hud_short(p.side).as_ref());
        }
        draw_in_slot(&text, slot, WHITE);
    }
    let faint = Color::new(0.8, 0.82, 0.9, 0.8);
    draw_touch_strip(layout, view.palette.side(near), two_players);
    // The match's shape (its target, rounds, who serves); "solo" alone. A
    // banner over the title's row leaves it where its row is its own.
    let own_row = layout.info.rect.min.y > layout.banner.rect.min.y;
    let info = facts.map_or_else(
        || "solo".to_owned(),
        |m| {
            let room = layout.info.rect.size().x;
            m.line_that_fits(labels, |t| measure(t, MIN_TEXT_PX).width <= room)
        },
    );
    // The round's tension: who took the last round, match point, one more
    // point; in the banner's place while no banner speaks.
    let callout = facts.and_then(|f| f.callout(labels));
    let banner = banner.or(callout.as_deref());
    if banner.is_none() || own_row || layout.orientation == Orientation::Landscape {
        draw_in_slot(&info, &layout.info, faint);
    }
    if let Some(text) = banner {
        draw_in_slot(text, &layout.banner, Color::new(1.0, 1.0, 1.0, 0.6));
        if layout.orientation == Orientation::Portrait {
            return;
        }
    }
    match solo_title(layout, game) {
        Some(slot) => draw_in_slot(&game.level().title, &slot, WHITE),
        None => draw_in_slot(&game.level().title, &layout.level_name, faint),
    }
}

/// Where a portrait solo game names its level: large, across the top player's
/// empty row (no top player in solo), so the level reads at a glance as the
/// score and lives do. None elsewhere (the level's row then holds it).
fn solo_title(layout: &Layout, game: &Game) -> Option<TextSlot> {
    if game.mode() != Mode::Solo || layout.orientation != Orientation::Portrait {
        return None;
    }
    let top = &layout.players[Side::Top.index() as usize];
    let rect = arkanong_core::geom::Rect::new(top.name.rect.min, top.effects.rect.max);
    Some(TextSlot {
        rect,
        size: top.lives.size,
        right: false,
    })
}

/// The touch strip under a phone's arena (see `app::layout`): a faint band with
/// a line saying what it is for, so a player does not take it for empty screen;
/// in `color`, the colour of the player whose paddle it steers.
/// With `two_players` a faint line marks where the halves meet, and the hint
/// says each steers from their own.
fn draw_touch_strip(layout: &Layout, color: Color, two_players: bool) {
    let (Some(strip), Some(hint)) = (layout.touch_strip, layout.touch_hint) else {
        return;
    };
    if two_players {
        // (Only portrait has a strip; in landscape the halves are the panels.)
        let w = layout.window;
        let line = Color::new(0.8, 0.82, 0.9, 0.25);
        draw_line(0.0, w.y * 0.5, w.x, w.y * 0.5, 1.0, line);
    }
    let size = strip.size();
    draw_rectangle(
        strip.min.x,
        strip.min.y,
        size.x,
        size.y,
        Color { a: 0.04, ..color },
    );
    draw_line(
        strip.min.x,
        strip.min.y + 1.0,
        strip.max.x,
        strip.min.y + 1.0,
        1.0,
        Color { a: 0.25, ..color },
    );
    let r = hint.rect;
    let lines = touch_hint_lines_for(two_players, r.size().x, |s| measure(s, hint.size).width);
    let line_h = r.size().y / 2.0;
    let top = r.min.y + (r.size().y - line_h * lines.len() as f32) * 0.5;
    for (i, line) in lines.iter().enumerate() {
        let (text, px) = fit(line, r.size().x, hint.size);
        let rect = Rect::new(r.min.x, top + line_h * i as f32, r.size().x, line_h);
        draw_label_in(&text, rect, px, Color { a: 0.55, ..color });
    }
}

/// A player's colour over their HUD area: in landscape a wash fading out from
/// the field's edge, with an edge line toward the field; in portrait's strips
/// a faint wash over the whole strip. Not a wash over the whole side panel: a
/// software GL (llvmpipe) pays about 11 ns for each blended pixel, and two
/// panels at 1280x720 are half a million of them, 5 to 6 ms a frame
/// (docs/look.md, "What a frame costs").
fn draw_panel_tint(layout: &Layout, r: arkanong_core::geom::Rect, color: Color) {
    let size = r.size();
    if size.x <= 0.0 || size.y <= 0.0 {
        return;
    }
    if layout.orientation != Orientation::Landscape {
        draw_rectangle(r.min.x, r.min.y, size.x, size.y, Color { a: 0.05, ..color });
        return;
    }
    // The panel left of the field fades leftward from its right edge.
    let left_of_field = r.min.x < layout.field.min.x;
    let w = (size.y * PANEL_WASH_SHARE).min(size.x);
    let x = if left_of_field { r.max.x - w } else { r.min.x };
    draw_texture_ex(
        &wash_texture(),
        x,
        r.min.y,
        color,
        DrawTextureParams {
            dest_size: Some(vec2(w, size.y)),
            flip_x: left_of_field,
            ..Default::default()
        },
    );
    let edge = Color { a: 0.35, ..color };
    let x = if left_of_field {
        r.max.x - 2.0
    } else {
        r.min.x
    };
    draw_rectangle(x, r.min.y, 2.0, size.y, edge);
}

/// How wide a landscape panel's wash is, as a share of the panel's height.
const PANEL_WASH_SHARE: f32 = 0.13;

thread_local! {
    static WASH: OnceCell<Texture2D> = const { OnceCell::new() };
}

/// The panel wash: white, its alpha falling from 0.14 at its left texel to 0
/// at its right, quadratically (tinted by the draw's colour).
fn wash_texture() -> Texture2D {
    WASH.with(|cell| {
        cell.get_or_init(|| {
            const N: u16 = 32;
            let mut px = Vec::with_capacity(usize::from(N) * 4);
            for x in 0..N {
                let f = 1.0 - f32::from(x) / f32::from(N - 1);
                px.extend_from_slice(&[255, 255, 255, (0.14 * f * f * 255.0) as u8]);
            }
            let t = Texture2D::from_rgba8(N, 1, &px);
            t.set_filter(FilterMode::Linear);
            t
        })
        .clone()
    })
}
