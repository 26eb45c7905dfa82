//! Drawing the paddle, power-up and brick juice (issue 13): the timed power-ups'
//! shrinking bars by each paddle, the laser muzzle flashes, and the glint on
//! bricks that hold a capsule. Where things go is decided headless, in
//! `arkanong::app` (`timer_bars`, `Muzzle`, `glint_band`); this file only paints.

use arkanong::app::{feel::glint_band, feel::timer_bars, feel::PaddlePose};
use arkanong::game::{laser_muzzles, Game};
use arkanong::geom::Rect as ArenaRect;
use arkanong::level::PowerUp;
use arkanong::tuning::PADDLE_THICKNESS;
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use crate::shell::palette::{capsule_color, side_color};
use crate::shell::view::View;

/// How fast a running-out bar blinks, blinks per second.
const BAR_BLINK_HZ: f64 = 5.0;

/// A rectangle in arena units, filled on screen (at least a pixel each way, so a
/// nearly spent bar still shows).
fn fill_arena_rect(view: &View, r: ArenaRect, color: Color) {
    // Snapped to whole pixels across the thin way, so stacked bars keep even gaps.
    let (min, max) = (view.to_screen(r.min), view.to_screen(r.max));
    let (y0, y1) = (min.y.round(), max.y.round());
    draw_rectangle(
        min.x,
        y0,
        (max.x - min.x).max(1.0),
        (y1 - y0).max(1.0),
        color,
    );
}

/// Each timed power-up as a bar in its capsule's colour by its owner's paddle,
/// shrinking to nothing as it runs out (blinking in its last seconds, unless
/// motion is reduced); over a dark track the bar's full width, so the share left
/// reads at a glance.
pub(crate) fn draw_timer_bars(view: &View, game: &Game, effects: &Effects) {
    if !effects.juice.bars {
        return;
    }
    let blink_off = !effects.reduced_motion() && (get_time() * BAR_BLINK_HZ).fract() > 0.6;
    for p in game.players() {
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let rect = paddle.placed(Vec2::ZERO).aabb();
        let active = p.effects.active();
        for bar in timer_bars(rect, p.side, &active, 1.0 / view.scale) {
            let color = capsule_color(bar.power_up);
            fill_arena_rect(view, bar.track, Color::new(0.0, 0.0, 0.0, 0.55));
            fill_arena_rect(view, bar.track, Color { a: 0.18, ..color });
            let a = if bar.running_out() && blink_off {
                0.35
            } else {
                1.0
            };
            fill_arena_rect(view, bar.rect, Color { a, ..color });
        }
    }
}

/// A short flash at each gun of a paddle that just fired: a glow in its owner's
/// colour, a spike of fire along the shots' way and a white-hot core, where the
/// shots leave (`laser_muzzles`), moved back with the paddle's recoil.
pub(crate) fn draw_muzzle_flashes(view: &View, game: &Game, effects: &Effects) {
    for p in game.players() {
        let s = effects.muzzle_strength(p.side);
        if s <= 0.0 {
            continue;
        }
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let pose: PaddlePose = effects.paddle_pose(p.side);
        let n = paddle.normal;
        let color = side_color(p.side);
        // Never smaller than a few pixels: a phone shows the arena at under half scale.
        let px = |units: f32, least: f32| view.len(units).max(least);
        for m in laser_muzzles(paddle) {
            let m = m - n * pose.push;
            let face = m - n * PADDLE_THICKNESS * 0.5;
            let c = view.to_screen(m);
            draw_circle(
                c.x,
                c.y,
                px(15.0, 7.0) * (0.6 + 0.4 * s),
                Color {
                    a: 0.6 * s,
                    ..color
                },
            );
            let across = vec2(-n.y, n.x) * px(6.0, 3.0);
            let base = view.to_screen(face);
            let tip = view.to_screen(m + n * 26.0 * s);
            let fire = Color::new(
                0.5 + 0.5 * color.r,
                0.5 + 0.5 * color.g,
                0.5 + 0.5 * color.b,
                s,
            );
            draw_triangle(base - across, base + across, tip, fire);
            draw_circle(c.x, c.y, px(5.0, 2.5), Color::new(1.0, 1.0, 1.0, s));
        }
    }
}

/// How fast a capsule brick's inner glow breathes, cycles per second.
const GLOW_HZ: f64 = 0.8;

/// The capsule inside a brick that holds one: a pill in the capsule's colour,
/// dark-edged so it shows on any brick colour (the catch capsule's green on a
/// green brick, high contrast's greys), with a soft glow around it that breathes.
/// Drawn under the brick's hit-point number, which stays readable on it.
pub(crate) fn draw_capsule_mark(view: &View, rect: ArenaRect, power_up: PowerUp) {
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

/// A pill (a rounded capsule) `w` by `h` pixels centred on `c`.
fn draw_pill(c: Vec2, w: f32, h: f32, color: Color) {
    let r = h * 0.5;
    draw_rectangle(c.x - w * 0.5 + r, c.y - r, (w - h).max(0.0), h, color);
    draw_circle(c.x - w * 0.5 + r, c.y, r, color);
    draw_circle(c.x + w * 0.5 - r, c.y, r, color);
}

/// The glint on every brick that holds a capsule: now and then a slanted band of
/// light sweeps across it (not under reduced motion: the capsule inside marks it
/// then, see [`draw_capsule_mark`]).
pub(crate) fn draw_glints(view: &View, game: &Game, effects: &Effects) {
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
