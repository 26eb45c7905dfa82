//! The paddles, everything about them: each in its player's colour with the balls
//! it holds, pushed back and squashed by a hit (`juice.recoil`) and lit in the
//! struck ball's owner's colour, the laser guns, the timed power-ups' bars beside
//! it (`juice.bars`), the muzzle flashes when it fires (`juice.muzzle`), and the
//! name of the power-up it just caught.

use arkanong_core::app::feel::{outline_for, timer_bars, PaddlePose, INK_LIGHT};
use arkanong_core::app::layout::MIN_TEXT_PX;
use arkanong_core::game::{laser_muzzles, Game};
use arkanong_core::geom::ConvexPolygon;
use arkanong_core::level::Side;
use arkanong_core::tuning::{LASER_MUZZLE_SHARE, PADDLE_THICKNESS};
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use crate::shell::palette::{capsule_color, color};
use crate::shell::shapes::{fill_arena_rect, fill_polygon, outline_polygon};
use crate::shell::text::{draw_outlined_in, measure};
use crate::shell::view::View;

/// The paddles layer: the power-ups' bars under the paddles, the paddles with
/// their held balls, then the muzzle flashes over them.
pub(crate) fn draw_paddles(view: &View, game: &Game, effects: &Effects) {
    draw_timer_bars(view, game, effects);
    draw_bodies(view, game, effects);
    draw_muzzle_flashes(view, game, effects);
    draw_catch_calls(view, game, effects);
}

/// The power-up a paddle just caught, named beside it on the field's side
/// ("LASER"), drifting away and fading (`app::feel::CatchCall`): white letters
/// outlined in black, over a bar of the capsule's colour, so the name reads on
/// the floor, the bricks or a ball.
fn draw_catch_calls(view: &View, game: &Game, effects: &Effects) {
    for p in game.players() {
        let Some(call) = effects.catch_call(p.side) else {
            continue;
        };
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let at = paddle.position + paddle.normal * (PADDLE_THICKNESS * 0.5 + 26.0 + call.rise);
        let c = view.to_screen(at);
        let size = view.len(26.0).max(MIN_TEXT_PX + 8.0);
        let fade = |k: Color| Color {
            a: k.a * call.alpha,
            ..k
        };
        let w = measure(&call.text, size).width;
        let bar = Color {
            a: 0.9,
            ..capsule_color(call.power_up)
        };
        draw_rectangle(
            c.x - w * 0.5,
            c.y + size * 0.42,
            w,
            (size * 0.12).max(2.0),
            fade(bar),
        );
        let (ink, outline) = (color(INK_LIGHT), color(outline_for(INK_LIGHT)));
        let r = Rect::new(c.x - w, c.y - size * 0.5, 2.0 * w, size);
        // The outline is eight layers: each this faint adds up to the ink's
        // opacity, so a fading name stays white on black, not grey.
        let layer = Color {
            a: 1.0 - (1.0 - call.alpha).powf(1.0 / 8.0),
            ..outline
        };
        draw_outlined_in(&call.text, r, size, fade(ink), layer);
    }
}

/// `poly` moved `pose.push` back against `normal` and scaled about `center`:
/// its thickness (along `normal`) and its length (across) by the pose's factors.
fn posed(poly: ConvexPolygon, center: Vec2, normal: Vec2, pose: PaddlePose) -> ConvexPolygon {
    let points = poly
        .vertices()
        .iter()
        .map(|&v| {
            let rel = v - center;
            center - normal * pose.push
                + normal * rel.dot(normal) * pose.thickness
                + normal.perp() * rel.dot(normal.perp()) * pose.length
        })
        .collect();
    // A convex shape scaled and moved stays convex; keep the plain one if not.
    ConvexPolygon::new(points).unwrap_or(poly)
}

/// Paddles, in their players' colours, with any held balls on them; a paddle that
/// just struck a ball recoils and lights up as `effects` says.
fn draw_bodies(view: &View, game: &Game, effects: &Effects) {
    for p in game.players() {
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let color = view.palette.side(p.side);
        let pose = effects.paddle_pose(p.side);
        let poly = posed(
            paddle.placed(Vec2::ZERO),
            paddle.position,
            paddle.normal,
            pose,
        );
        fill_polygon(view, &poly, paddle_fill(view, p.side, &pose));
        outline_polygon(view, &poly, view.len(1.5), WHITE);
        if p.effects.laser > 0 {
            for end in [-LASER_MUZZLE_SHARE, LASER_MUZZLE_SHARE] {
                let c = view
                    .to_screen(paddle.position + paddle.normal.perp() * paddle.half_width * end);
                draw_circle(c.x, c.y, view.len(5.0), Color::new(1.0, 0.3, 0.3, 1.0));
            }
        }
        for held in &p.held {
            let c = view.to_screen(game.held_ball_position(p, held));
            draw_circle(c.x, c.y, view.len(8.0), color);
            draw_circle_lines(c.x, c.y, view.len(8.0), view.len(1.5), WHITE);
        }
    }
}

/// How fast a running-out bar blinks, blinks per second.
const BAR_BLINK_HZ: f64 = 5.0;

/// Each timed power-up as a bar in its capsule's colour by its owner's paddle,
/// shrinking to nothing as it runs out (blinking in its last seconds, unless
/// motion is reduced); over a dark track the bar's full width, so the share left
/// reads at a glance.
fn draw_timer_bars(view: &View, game: &Game, effects: &Effects) {
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
fn draw_muzzle_flashes(view: &View, game: &Game, effects: &Effects) {
    for p in game.players() {
        let s = effects.muzzle_strength(p.side);
        if s <= 0.0 {
            continue;
        }
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let pose: PaddlePose = effects.paddle_pose(p.side);
        let n = paddle.normal;
        let color = view.palette.side(p.side);
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

/// The colour a paddle of `side` is filled with in `pose`: its own, lit up when
/// struck in the struck ball's owner's colour (the other player's for an enemy
/// or converted ball), washed toward white so it reads as light. The colour
/// holds at full until the light is half gone, so a blue paddle lit orange
/// spends little time passing through grey. (The screenshot's sidecar gives it
/// too: the colour the picture shows.)
pub(crate) fn paddle_fill(view: &View, side: Side, pose: &PaddlePose) -> Color {
    let color = view.palette.side(side);
    let light = view.palette.side(pose.light);
    let (hue, wash) = ((2.0 * pose.glow).min(1.0), 0.45 * pose.glow);
    let glow = |own: f32, ball: f32| {
        let c = own + (ball - own) * hue;
        c + (1.0 - c) * wash
    };
    Color::new(
        glow(color.r, light.r),
        glow(color.g, light.g),
        glow(color.b, light.b),
        1.0,
    )
}
