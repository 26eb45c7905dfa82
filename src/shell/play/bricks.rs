//! The bricks, everything about them: each brick in its hit points' colour,
//! raised and faded while the level's bricks drop in, the capsule it holds, its
//! hit points, the flash and wobble of a hit that did not break it, and the glint
//! that sweeps across a capsule brick (`juice.glint`); an explosive brick's
//! fuse, a regrowing brick's sprout, and the ghost of a broken regrowing brick
//! filling back up until it returns.

use arkanong_core::app::feel::{glint_band, BrickPose, BRICK_SHADE};
use arkanong_core::game::Game;
use arkanong_core::geom::Rect as ArenaRect;
use arkanong_core::level::{BrickKind, PowerUp};
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use arkanong_core::app::layout::MIN_TEXT_PX;

use crate::shell::palette::{capsule_color, ink_and_outline};
use crate::shell::shapes::draw_pill;
use crate::shell::text::brick_font;
use crate::shell::text::draw_outlined_in;
use crate::shell::view::View;

/// The bricks layer: every brick (posed by the level's drop-in), the glints on
/// capsule bricks, and the flash and wobble of bricks just hit.
pub(crate) fn draw_bricks(view: &View, game: &Game, effects: &Effects) {
    let on = effects.juice;
    draw_bodies(view, game, on.glint, |min| {
        effects.stage.brick_pose(min, on)
    });
    draw_glints(view, game, effects);
    draw_flashes(view, effects);
    draw_regrowing(view, game);
}

/// A broken regrowing brick: its ghost outline, filling from the bottom as its
/// time to grow back runs, so a player sees when it will stand again.
fn draw_regrowing(view: &View, game: &Game) {
    for r in game.regrowing() {
        let color = view.palette.brick(r.brick.kind, r.brick.hits_left);
        let px = view.rect(r.brick.rect);
        let (min, size) = (px.point(), px.size());
        let inset = view.len(1.5);
        let grown = r.grown().clamp(0.0, 1.0);
        let fill_h = (size.y - 2.0 * inset) * grown;
        draw_rectangle(
            min.x + inset,
            min.y + size.y - inset - fill_h,
            size.x - 2.0 * inset,
            fill_h,
            Color { a: 0.3, ..color },
        );
        draw_rectangle_lines(
            min.x + inset,
            min.y + inset,
            size.x - 2.0 * inset,
            size.y - 2.0 * inset,
            view.len(1.5).max(1.0),
            Color {
                a: 0.5 + 0.3 * grown,
                ..color
            },
        );
    }
}

/// What marks a kind of brick besides its colour: an explosive brick's bomb
/// with a flickering fuse spark, a regrowing brick's sprout (two leaves).
fn draw_kind_mark(kind: BrickKind, slot: Rect, fade: impl Fn(Color) -> Color) {
    let c = vec2(slot.x + slot.w * 0.5, slot.y + slot.h * 0.5);
    let r = slot.h * 0.3;
    match kind {
        BrickKind::Explosive => {
            draw_circle(c.x, c.y, r, fade(Color::new(0.05, 0.05, 0.05, 1.0)));
            draw_circle_lines(c.x, c.y, r, 1.0, fade(Color::new(0.9, 0.9, 0.9, 0.8)));
            let tip = c + vec2(r * 1.1, -r * 1.1);
            draw_line(
                c.x + r * 0.6,
                c.y - r * 0.6,
                tip.x,
                tip.y,
                1.5,
                fade(Color::new(0.9, 0.8, 0.6, 1.0)),
            );
            let flicker = 0.6 + 0.4 * (get_time() * 23.0).sin().abs() as f32;
            draw_circle(
                tip.x,
                tip.y,
                r * 0.45 * flicker,
                fade(Color::new(1.0, 0.6, 0.1, 1.0)),
            );
            draw_circle(tip.x, tip.y, r * 0.2, fade(Color::new(1.0, 1.0, 0.6, 1.0)));
        }
        BrickKind::Regrowing => {
            let stem = fade(Color::new(0.1, 0.45, 0.2, 1.0));
            let base = c + vec2(0.0, r);
            draw_line(base.x, base.y, c.x, c.y - r * 0.4, 1.5, stem);
            draw_line(c.x, c.y, c.x - r * 1.2, c.y - r * 0.8, 2.0, stem);
            draw_line(c.x, c.y - r * 0.2, c.x + r * 1.2, c.y - r, 2.0, stem);
        }
        _ => {}
    }
}

/// A brick lit by a hit that did not break it: a white flash that fades while
/// the brick swells and shrinks (the wobble).
fn draw_flashes(view: &View, effects: &Effects) {
    for (rect, t) in effects.brick_flashes() {
        let grow = view.len(2.5) * (t * 9.0).sin() * t;
        let r = view.rect(rect);
        let min = r.point() - Vec2::splat(grow);
        let size = r.size() + Vec2::splat(2.0 * grow);
        draw_rectangle(
            min.x,
            min.y,
            size.x,
            size.y,
            Color::new(1.0, 1.0, 1.0, 0.7 * t),
        );
    }
}

/// Bricks, with their hit points written on the tough ones; a brick that holds a
/// capsule shows it inside with its letter (glowing with `glint`, the Juice switch;
/// a small dot while the level drops in), beside the digit, never under it. Each is
/// drawn raised and faded as `pose` says (a level's bricks dropping in at its start).
fn draw_bodies(view: &View, game: &Game, glint: bool, pose: impl Fn(Vec2) -> BrickPose) {
    for b in game.bricks() {
        let BrickPose { lift, alpha } = pose(b.rect.min);
        // Dropping in from above on screen, whichever way the view is turned.
        let min = view.rect(b.rect).point() - vec2(0.0, view.len(lift));
        let fade = |c: Color| Color {
            a: c.a * alpha,
            ..c
        };
        let size = b.rect.size() * view.scale;
        let inset = view.len(1.5);
        let body = Rect::new(
            min.x + inset,
            min.y + inset,
            size.x - 2.0 * inset,
            size.y - 2.0 * inset,
        );
        let color = view.palette.brick(b.kind, b.hits_left);
        if b.kind == BrickKind::Steel {
            draw_steel(body, color, &fade);
        } else {
            draw_rectangle(body.x, body.y, body.w, body.h, fade(color));
        }
        let shade = fade(Color::new(0.0, 0.0, 0.0, BRICK_SHADE));
        draw_rectangle(
            min.x + inset,
            min.y + size.y * 0.65,
            size.x - 2.0 * inset,
            size.y * 0.35 - inset,
            shade,
        );
        draw_bevel(body, &fade);
        let taken =
            (b.kind.starting_hits().zip(b.hits_left)).map_or(0, |(n, left)| n.saturating_sub(left));
        draw_cracks(body, taken, b.rect.min, &fade);
        let digit = b.hits_left.filter(|&h| h > 1);
        // A kind's mark (fuse, sprout) takes the digit's place beside a capsule.
        let marked = b.kind.explodes() || b.kind.regrows();
        let (mark_box, digit_box) = brick_slots(
            min,
            size,
            b.power_up.is_some() && (digit.is_some() || marked),
        );
        if let (Some(power_up), Some(_)) = (b.power_up, b.hits_left) {
            if alpha >= 1.0 {
                draw_capsule_mark(view, b.rect, mark_box, power_up, glint);
            } else {
                let c = vec2(mark_box.x + mark_box.w * 0.5, mark_box.y + mark_box.h * 0.5);
                draw_circle(c.x, c.y, view.len(2.5), fade(WHITE));
            }
        }
        if marked {
            draw_kind_mark(b.kind, digit_box, fade);
        }
        if let Some(h) = digit {
            let font = brick_font(size.y);
            let (ink, outline) = view.palette.digit_ink_and_outline(b.kind, b.hits_left);
            draw_outlined_in(&h.to_string(), digit_box, font, fade(ink), fade(outline));
        }
    }
}

/// A brick's depth: a lit top edge and left edge, a dark bottom and right
/// edge, as if raised from the floor and lit from above (the light of
/// docs/look.md). Thin, so a hit-point digit keeps its contrast.
fn draw_bevel(body: Rect, fade: &impl Fn(Color) -> Color) {
    let edge = (body.h * 0.12).clamp(1.0, 4.0);
    let light = fade(Color::new(1.0, 1.0, 1.0, 0.35));
    let dark = fade(Color::new(0.0, 0.0, 0.0, 0.45));
    draw_rectangle(body.x, body.y, body.w, edge, light);
    draw_rectangle(
        body.x,
        body.y + edge,
        edge,
        body.h - edge,
        Color {
            a: light.a * 0.6,
            ..light
        },
    );
    draw_rectangle(body.x, body.y + body.h - edge, body.w, edge, dark);
    draw_rectangle(
        body.x + body.w - edge,
        body.y,
        edge,
        body.h - edge,
        Color {
            a: dark.a * 0.7,
            ..dark
        },
    );
}

/// Steel: a brushed plate (lighter at the top, darker at the bottom, a few
/// fine streaks across) with a rivet at each end, so it reads as metal and
/// never as a grey brick that might break.
fn draw_steel(body: Rect, color: Color, fade: &impl Fn(Color) -> Color) {
    let lighter = Color::new(
        (color.r * 1.35).min(1.0),
        (color.g * 1.35).min(1.0),
        (color.b * 1.35).min(1.0),
        1.0,
    );
    let darker = Color::new(color.r * 0.55, color.g * 0.55, color.b * 0.6, 1.0);
    let half = body.h * 0.5;
    draw_rectangle(body.x, body.y, body.w, half, fade(lighter));
    draw_rectangle(body.x, body.y + half, body.w, body.h - half, fade(darker));
    let streak = fade(Color::new(1.0, 1.0, 1.0, 0.12));
    for k in 1..4 {
        let y = body.y + body.h * k as f32 / 4.0;
        draw_line(body.x + 2.0, y, body.x + body.w - 2.0, y, 1.0, streak);
    }
    let r = (body.h * 0.14).clamp(1.0, 3.5);
    for x in [body.x + r * 2.2, body.x + body.w - r * 2.2] {
        let y = body.y + body.h * 0.5;
        draw_circle(x, y, r, fade(Color::new(0.15, 0.16, 0.2, 1.0)));
        draw_circle(
            x - r * 0.3,
            y - r * 0.3,
            r * 0.45,
            fade(Color::new(1.0, 1.0, 1.0, 0.6)),
        );
    }
}

/// The hits a brick has taken, as cracks: one jagged dark line per hit, from
/// an edge toward the middle, placed by the brick's position (the same cracks
/// every frame, different on each brick).
fn draw_cracks(body: Rect, taken: u8, at: Vec2, fade: &impl Fn(Color) -> Color) {
    if taken == 0 {
        return;
    }
    let ink = fade(Color::new(0.0, 0.0, 0.0, 0.55));
    let width = (body.h * 0.07).clamp(1.0, 2.0);
    let mut seed = (at.x * 7.0 + at.y * 13.0) as u32;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        ((seed >> 16) & 0x7fff) as f32 / 32_767.0
    };
    for _ in 0..taken.min(6) {
        // From the top or bottom edge, three segments zig-zagging inward.
        let from_top = next() < 0.5;
        let mut p = vec2(
            body.x + body.w * (0.1 + 0.8 * next()),
            if from_top { body.y } else { body.y + body.h },
        );
        let dir = if from_top { 1.0 } else { -1.0 };
        for _ in 0..3 {
            let q = vec2(
                (p.x + body.w * (next() - 0.5) * 0.25).clamp(body.x, body.x + body.w),
                p.y + dir * body.h * (0.15 + 0.15 * next()),
            );
            draw_line(p.x, p.y, q.x, q.y, width, ink);
            p = q;
        }
    }
}

/// Where a brick's capsule mark and its hit-point digit go, in pixels: side by
/// side when it has both (the mark on the left, the digit on the right, so the
/// digit never covers the letter), else each alone in the whole brick.
fn brick_slots(min: Vec2, size: Vec2, both: bool) -> (Rect, Rect) {
    let whole = Rect::new(min.x, min.y, size.x, size.y);
    if !both {
        return (whole, whole);
    }
    let split = size.x * 0.6;
    (
        Rect::new(min.x, min.y, split, size.y),
        Rect::new(min.x + split, min.y, size.x - split, size.y),
    )
}

/// How fast a capsule brick's inner glow breathes, cycles per second.
const GLOW_HZ: f64 = 0.8;

/// The capsule inside a brick that holds one: a pill in the capsule's colour,
/// with its letter, dark-edged so it shows on any brick colour (the catch capsule's green on a
/// green brick, high contrast's greys), with a soft glow around it that breathes (`glow_on`),
/// in `slot` (pixels), beside the brick's hit-point digit.
fn draw_capsule_mark(view: &View, rect: ArenaRect, slot: Rect, power_up: PowerUp, glow_on: bool) {
    let c = vec2(slot.x + slot.w * 0.5, slot.y + slot.h * 0.5);
    let size = rect.size() * view.scale;
    let (w, h) = (slot.w * 0.8, (slot.h * 0.72).max(4.0));
    let color = capsule_color(power_up);
    if glow_on {
        let breath = 0.5 + 0.5 * (get_time() * GLOW_HZ * std::f64::consts::TAU).sin() as f32;
        let glow = (size.y * 0.12).max(1.5) * (0.6 + 0.4 * breath);
        draw_pill(
            c,
            w + 2.0 * glow,
            h + 2.0 * glow,
            Color {
                a: 0.25 + 0.2 * breath,
                ..color
            },
        );
    }
    let edge = (size.y * 0.06).max(1.0);
    draw_pill(
        c,
        w + 2.0 * edge,
        h + 2.0 * edge,
        Color::new(0.0, 0.0, 0.0, 0.75),
    );
    draw_pill(c, w, h, color);
    // Its letter, large and outlined (readable even where it spills past a
    // phone's small brick), so a player can tell what the brick holds.
    let (ink, outline) = ink_and_outline(color);
    // The default font's capitals are about half its size: 1.3 fills the pill.
    let font = (slot.h * 1.3).min(brick_font(size.y)).max(MIN_TEXT_PX);
    draw_outlined_in(&power_up.letter().to_string(), slot, font, ink, outline);
}

/// The glint on every brick that holds a capsule: now and then a slanted band of
/// light sweeps across it (not under reduced motion: the capsule inside marks it
/// then, see [`draw_capsule_mark`]).
fn draw_glints(view: &View, game: &Game, effects: &Effects) {
    if !effects.juice.glint || effects.reduced_motion() {
        return;
    }
    let now = get_time();
    for b in game.bricks() {
        // A brick still dropping in at the level's start glints once it lands.
        let dropping = effects.stage.brick_pose(b.rect.min, effects.juice).lift > 0.0;
        if b.power_up.is_none() || b.hits_left.is_none() || dropping {
            continue;
        }
        if let Some(g) = glint_band(b.rect, now) {
            let v: Vec<Vec2> = g.outline.iter().map(|&p| view.to_screen(p)).collect();
            let light = Color::new(1.0, 1.0, 1.0, 0.6 * g.strength);
            for i in 1..v.len() - 1 {
                draw_triangle(v[0], v[i], v[i + 1], light);
            }
        }
    }
}
