//! The bricks, everything about them: each brick in its hit points' colour,
//! raised and faded while the level's bricks drop in, the capsule it holds, its
//! hit points, the flash and wobble of a hit that did not break it, and the glint
//! that sweeps across a capsule brick (`juice.glint`).

use arkanong::app::feel::{glint_band, BrickPose};
use arkanong::game::Game;
use arkanong::geom::Rect as ArenaRect;
use arkanong::level::PowerUp;
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use crate::shell::palette::{brick_color, capsule_color};
use crate::shell::shapes::draw_pill;
use crate::shell::text::draw_label_in;
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
}

/// A brick lit by a hit that did not break it: a white flash that fades while
/// the brick swells and shrinks (the wobble).
fn draw_flashes(view: &View, effects: &Effects) {
    for (rect, t) in effects.brick_flashes() {
        let grow = view.len(2.5) * (t * 9.0).sin() * t;
        let min = view.to_screen(rect.min) - Vec2::splat(grow);
        let size = rect.size() * view.scale + Vec2::splat(2.0 * grow);
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
/// capsule shows it inside (`glint`, the Juice switch) or a small dot. Each is
/// drawn raised and faded as `pose` says (a level's bricks dropping in at its start).
fn draw_bodies(view: &View, game: &Game, glint: bool, pose: impl Fn(Vec2) -> BrickPose) {
    for b in game.bricks() {
        let BrickPose { lift, alpha } = pose(b.rect.min);
        let min = view.to_screen(b.rect.min - vec2(0.0, lift));
        let fade = |c: Color| Color {
            a: c.a * alpha,
            ..c
        };
        let size = b.rect.size() * view.scale;
        let inset = view.len(1.5);
        draw_rectangle(
            min.x + inset,
            min.y + inset,
            size.x - 2.0 * inset,
            size.y - 2.0 * inset,
            fade(brick_color(b.hits_left)),
        );
        let shade = fade(Color::new(0.0, 0.0, 0.0, 0.25));
        draw_rectangle(
            min.x + inset,
            min.y + size.y * 0.65,
            size.x - 2.0 * inset,
            size.y * 0.35 - inset,
            shade,
        );
        // The capsule mark under the hit points, so the number stays on top.
        if let (Some(power_up), Some(_)) = (b.power_up, b.hits_left) {
            let lifted = arkanong::geom::Rect {
                min: b.rect.min - vec2(0.0, lift),
                max: b.rect.max - vec2(0.0, lift),
            };
            if glint && alpha >= 1.0 {
                draw_capsule_mark(view, lifted, power_up);
            } else {
                let c = view.to_screen(lifted.center() + vec2(b.rect.size().x * 0.35, 0.0));
                draw_circle(
                    c.x,
                    c.y,
                    view.len(2.5),
                    fade(Color::new(1.0, 1.0, 1.0, 0.8)),
                );
            }
        }
        if let Some(h) = b.hits_left.filter(|&h| h > 1) {
            let text = h.to_string();
            let font = view.len(16.0).max(12.0);
            draw_label_in(
                &text,
                Rect::new(min.x, min.y, size.x, size.y),
                font,
                fade(BLACK),
            );
        }
    }
}

/// How fast a capsule brick's inner glow breathes, cycles per second.
const GLOW_HZ: f64 = 0.8;

/// The capsule inside a brick that holds one: a pill in the capsule's colour,
/// dark-edged so it shows on any brick colour (the catch capsule's green on a
/// green brick, high contrast's greys), with a soft glow around it that breathes.
/// Drawn under the brick's hit-point number, which stays readable on it.
fn draw_capsule_mark(view: &View, rect: ArenaRect, power_up: PowerUp) {
    let c = view.to_screen(rect.center());
    let size = rect.size() * view.scale;
    let (w, h) = (size.x * 0.55, (size.y * 0.5).max(4.0));
    let color = capsule_color(power_up);
    let breath = 0.5 + 0.5 * (get_time() * GLOW_HZ * std::f64::consts::TAU).sin() as f32;
    let glow = (size.y * 0.18).max(1.5) * (0.6 + 0.4 * breath);
    draw_pill(
        c,
        w + 2.0 * glow,
        h + 2.0 * glow,
        Color {
            a: 0.25 + 0.2 * breath,
            ..color
        },
    );
    let edge = (size.y * 0.06).max(1.0);
    draw_pill(
        c,
        w + 2.0 * edge,
        h + 2.0 * edge,
        Color::new(0.0, 0.0, 0.0, 0.75),
    );
    draw_pill(c, w, h, color);
    // A highlight along its top, as on the falling capsules and the balls, so it
    // reads as a shiny capsule even on a brick of its own colour.
    let shine = Color::new(1.0, 1.0, 1.0, 0.55);
    draw_pill(c - vec2(0.0, h * 0.3), w * 0.6, (h * 0.16).max(1.0), shine);
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
