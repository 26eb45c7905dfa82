//! What gives light, drawn into the light map: each ball a soft spot in its
//! owner's colour, each paddle its shape in its fill (brighter while lit up by
//! a strike), held balls, laser shots, conversion halos, falling capsules and
//! a goal's band of light.
//! The map is in window pixels (its camera shrinks them), so every position
//! goes through the [`View`] as the frame's own layers do. Reads the game only.

use arkanong_core::app::feel::{ConversionMarks, BALL_LIGHT_RADII};
use arkanong_core::game::{Game, ShapeRole};
use arkanong_core::level::Side;
use arkanong_core::physics::Collider;
use arkanong_core::tuning::{ARENA_WIDTH, BALL_RADIUS};
use macroquad::prelude::*;

use crate::shell::batch::QuadBatch;
use crate::shell::feel::Effects;
use crate::shell::palette::capsule_color;
use crate::shell::play::{paddle_fill, spot_texture, struck_light};
use crate::shell::shapes::{fill_polygon, outline_polygon};
use crate::shell::view::View;

/// `c` at opacity `a`.
fn with_alpha(c: Color, a: f32) -> Color {
    Color { a, ..c }
}

/// The window rectangle of the points `a` and `b` span, widened by `r`.
fn span(a: Vec2, b: Vec2, r: f32) -> Rect {
    let (lo, hi) = (a.min(b) - Vec2::splat(r), a.max(b) + Vec2::splat(r));
    Rect::new(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)
}

/// A goal's or a round's band of light along its goal line, fading: spots
/// along the line (none smaller than `min_r` pixels), so the bricks and shapes
/// near it catch the scorer's colour; says where in `lit`.
fn goal_bands(
    view: &View,
    effects: &Effects,
    spots: &mut QuadBatch,
    lit: &mut Vec<Rect>,
    min_r: f32,
) {
    for (impact, left) in effects.moments() {
        let Some(line) = impact.goal_line else {
            continue;
        };
        let r = view.len(impact.weight.punch().reach).max(min_r);
        let color = with_alpha(view.palette.side(impact.side), left * left);
        let step = (ARENA_WIDTH / 8.0) as usize;
        for x in (0..=ARENA_WIDTH as usize).step_by(step) {
            spots.square(view.to_screen(vec2(x as f32, line)), r, color);
        }
        let (a, b) = (
            view.to_screen(vec2(0.0, line)),
            view.to_screen(vec2(ARENA_WIDTH, line)),
        );
        lit.push(span(a, b, r));
    }
}

/// Draws every emitter of `game` (and the halos in `marks`) into the bound
/// light map, and says where (window rectangles): the composite adds light
/// only there.
pub(crate) fn draw_emitters(
    view: &View,
    game: &Game,
    effects: &Effects,
    marks: &ConversionMarks,
) -> Vec<Rect> {
    let mut lit = Vec::new();
    let mut spots = QuadBatch::new(Some(spot_texture()));
    // The smallest spot, pixels: on a phone a ball is 4 px across, and a glow
    // of twice that would vanish in the quarter-size map.
    let min_r = 10.0;
    for ball in game.world().balls() {
        let c = view.to_screen(ball.position);
        let r = view.len(ball.radius * BALL_LIGHT_RADII).max(min_r);
        spots.square(c, r, view.palette.side(Side::from_index(ball.owner)));
        lit.push(span(c, c, r));
    }
    for p in game.players() {
        for held in &p.held {
            let c = view.to_screen(game.held_ball_position(p, held));
            let r = view.len(BALL_RADIUS * BALL_LIGHT_RADII).max(min_r);
            spots.square(c, r, view.palette.side(p.side));
            lit.push(span(c, c, r));
        }
    }
    for mark in marks.shown(effects.reduced_motion()) {
        let c = view.to_screen(mark.at);
        let r = view
            .len(BALL_RADIUS * BALL_LIGHT_RADII * 1.6)
            .max(min_r * 1.6)
            * mark.swell;
        spots.square(c, r, with_alpha(view.palette.side(mark.to), mark.alpha));
        lit.push(span(c, c, r));
    }
    for cap in game.capsules() {
        let c = view.to_screen(cap.position);
        spots.square(
            c,
            view.len(40.0).max(min_r),
            with_alpha(capsule_color(cap.power_up), 0.6),
        );
    }
    goal_bands(view, effects, &mut spots, &mut lit, min_r);
    // Paddles: a soft spot stretched over each (a pool of light round it),
    // then their own shape, so the light hugs them; in the fill they are drawn
    // in, so a strike's light-up brightens the glow too.
    let fills: Vec<_> = game
        .players()
        .iter()
        .map(|p| {
            let paddle = &game.world().paddles()[p.paddle.0 as usize];
            let fill = paddle_fill(view, p.side, &effects.paddle_pose(p.side));
            let poly = paddle.placed(Vec2::ZERO);
            let (lo, hi) = poly.vertices().iter().fold(
                (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
                |(lo, hi), &v| (lo.min(v), hi.max(v)),
            );
            let (a, b) = (view.to_screen(lo), view.to_screen(hi));
            let (c, half) = (
                (a + b) * 0.5,
                (a - b).abs() * 0.5 + Vec2::splat(view.len(40.0)),
            );
            lit.push(span(c - half, c + half, 0.0));
            spots.quad(
                [
                    c + vec2(-half.x, -half.y),
                    c + vec2(half.x, -half.y),
                    c + vec2(half.x, half.y),
                    c + vec2(-half.x, half.y),
                ],
                [with_alpha(fill, 0.7); 4],
            );
            (poly, fill)
        })
        .collect();
    spots.flush();
    for (poly, fill) in &fills {
        fill_polygon(view, poly, *fill);
    }
    // A barrier just struck: its edges, fading.
    for (_, shape, role) in game.shapes() {
        if !matches!(role, ShapeRole::Barrier) {
            continue;
        }
        let light = struck_light(&effects.struck, &shape.collider);
        if light <= 0.0 {
            continue;
        }
        let edge = Color::new(0.75, 0.85, 1.0, light);
        let (lo, hi) = match &shape.collider {
            Collider::Polygon(p) => {
                outline_polygon(view, p, view.len(6.0).max(3.0), edge);
                let v = p.vertices();
                let lo = v.iter().fold(Vec2::splat(f32::MAX), |m, &q| m.min(q));
                let hi = v.iter().fold(Vec2::splat(f32::MIN), |m, &q| m.max(q));
                (lo, hi)
            }
            Collider::Segment(s) => {
                let (a, b) = (view.to_screen(s.a), view.to_screen(s.b));
                draw_line(a.x, a.y, b.x, b.y, view.len(8.0).max(4.0), edge);
                (s.a, s.b)
            }
        };
        lit.push(span(view.to_screen(lo), view.to_screen(hi), view.len(8.0)));
    }
    let laser = Color::new(1.0, 0.4, 0.4, 1.0);
    for s in game.shots() {
        let a = view.to_screen(s.position);
        let b = view.to_screen(s.position - s.velocity.normalize_or_zero() * 18.0);
        draw_line(a.x, a.y, b.x, b.y, view.len(8.0).max(4.0), laser);
        lit.push(span(a, b, view.len(8.0).max(4.0)));
    }
    lit
}
