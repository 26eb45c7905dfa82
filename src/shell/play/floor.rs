//! The frame's first layer: the window's background, the arena floor, the paddle
//! zones and goal lines, the steel walls, and the reactive backdrop's dots and
//! pulses (`juice.backdrop`) on the floor.

use arkanong_core::app::feel::{MAX_GLOW, PULSE_SECONDS};
use arkanong_core::game::{Game, Mode};
use arkanong_core::level::Side;
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::feel::{Effects, Stage};
use crate::shell::palette::{ARENA, BACKGROUND, STEEL};
use crate::shell::place::{draw_place_background, draw_place_floor};
use crate::shell::shapes::{fill_arena, fill_arena_rect};
use crate::shell::view::View;

/// The arena's floor.
pub(crate) fn draw_floor(view: &View) {
    fill_arena(view, ARENA);
}

/// A paddle zone, tinted in its owner's colour at opacity `alpha`.
pub(crate) fn draw_zone(view: &View, side: Side, alpha: f32) {
    let zone = view.rect(arkanong_core::level::paddle_zone(side));
    let tint = Color {
        a: alpha,
        ..view.palette.side(side)
    };
    draw_rectangle(zone.x, zone.y, zone.w, zone.h, tint);
}

/// The background, the arena floor, the paddle zones and the goal lines, the
/// walls, and the backdrop when its switch is on.
pub(crate) fn draw_arena(view: &View, game: &Game, effects: &Effects) {
    let (place, high_contrast) = (view.palette.place, view.palette.high_contrast);
    clear_background(if high_contrast {
        BACKGROUND
    } else {
        place.backdrop()
    });
    draw_place_floor(view, place, high_contrast);
    if !high_contrast {
        // Still under reduced motion: the place shows, nothing drifts.
        let t = if effects.reduced_motion() {
            0.0
        } else {
            get_time() as f32
        };
        draw_place_background(view, place, t);
    }
    for p in game.players() {
        draw_zone(view, p.side, 0.06);
        let y = if p.side == Side::Bottom {
            ARENA_HEIGHT
        } else {
            0.0
        };
        let (a, b) = (
            view.to_screen(vec2(0.0, y)),
            view.to_screen(vec2(ARENA_WIDTH, y)),
        );
        draw_line(a.x, a.y, b.x, b.y, view.len(3.0), view.palette.side(p.side));
    }
    // The steel walls, 6 units thick outside the arena: left, right, and the top
    // one of solo play.
    let wall =
        |min: Vec2, max: Vec2| fill_arena_rect(view, arkanong_core::geom::Rect { min, max }, STEEL);
    if game.mode() == Mode::Solo {
        wall(vec2(0.0, -6.0), vec2(ARENA_WIDTH, 0.0));
    }
    wall(vec2(-6.0, 0.0), vec2(0.0, ARENA_HEIGHT));
    wall(
        vec2(ARENA_WIDTH, 0.0),
        vec2(ARENA_WIDTH + 6.0, ARENA_HEIGHT),
    );
    if effects.juice.backdrop {
        draw_backdrop(view, &effects.stage);
    }
}

/// The dots at rest: a faint blue-white, a little lighter than the floor.
const DOT: Color = Color::new(0.55, 0.65, 1.0, 0.07);

/// A dot's side at rest, arena units.
const DOT_SIZE: f32 = 2.5;

/// The background on the arena floor: the drifting dots, lit where a pulse's
/// ring passes, and a faint wash at each pulse's source.
fn draw_backdrop(view: &View, stage: &Stage) {
    let b = &stage.backdrop;
    for p in b.pulses() {
        let t = p.age / PULSE_SECONDS;
        let c = view.to_screen(p.center);
        // A soft wash: three discs, each smaller and adding a little more.
        let radius = view.len(120.0 + 200.0 * t);
        for k in 1..=3 {
            let wash = Color {
                a: 0.025 * p.strength * (1.0 - t),
                ..view.palette.side(p.side)
            };
            draw_circle(c.x, c.y, radius * (1.3 - 0.3 * k as f32), wash);
        }
    }
    for dot in b.dots() {
        let (color, size) = match b.glow(dot) {
            Some((light, side)) => (
                Color {
                    a: DOT.a + light,
                    ..view.palette.side(side)
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
