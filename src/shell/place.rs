//! A place for each level set (issue 41, docs/look.md): the colours behind and
//! under the arena and a drawn background that moves slowly on the floor, so a
//! screenshot tells which set is playing. The classic set is a night-blue
//! arcade with a cyan grid; "Hexagons and Angles" a violet crystal lattice;
//! "Duels" a crimson court under sweeping gold lights; "Blast and Regrowth"
//! ember-dark ground with sparks rising and green shoots. Drawing only: the
//! game never sees any of it.

use std::cell::OnceCell;

use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::view::View;

/// Which set's place a frame is drawn in: the set's key (its folder under
/// levels/, empty for the classic set) picks it; any other set (the player's
/// own) is drawn in the classic place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Place {
    /// "Arkanong", the classic set (levels/).
    #[default]
    Classic,
    /// "Hexagons and Angles" (levels/angles/).
    Angles,
    /// "Duels" (levels/duels/).
    Duels,
    /// "Blast and Regrowth" (levels/blast/).
    Blast,
}

impl Place {
    /// The place of the set with this key (`LevelEntry::set`).
    pub(crate) fn of_set(key: &str) -> Self {
        match key {
            "angles" => Self::Angles,
            "duels" => Self::Duels,
            "blast" => Self::Blast,
            _ => Self::Classic,
        }
    }

    /// The window behind the arena.
    pub(crate) fn backdrop(self) -> Color {
        match self {
            Self::Classic => Color::new(0.02, 0.03, 0.09, 1.0),
            Self::Angles => Color::new(0.05, 0.02, 0.09, 1.0),
            Self::Duels => Color::new(0.08, 0.02, 0.03, 1.0),
            Self::Blast => Color::new(0.06, 0.04, 0.02, 1.0),
        }
    }

    /// The arena floor: at its top and at its bottom (a vertical gradient).
    pub(crate) fn floor(self) -> (Color, Color) {
        match self {
            Self::Classic => (
                Color::new(0.05, 0.07, 0.17, 1.0),
                Color::new(0.07, 0.05, 0.15, 1.0),
            ),
            Self::Angles => (
                Color::new(0.09, 0.05, 0.17, 1.0),
                Color::new(0.04, 0.08, 0.15, 1.0),
            ),
            Self::Duels => (
                Color::new(0.13, 0.05, 0.07, 1.0),
                Color::new(0.10, 0.06, 0.05, 1.0),
            ),
            Self::Blast => (
                Color::new(0.10, 0.07, 0.04, 1.0),
                Color::new(0.05, 0.09, 0.05, 1.0),
            ),
        }
    }

    /// The light of the drawn background's lines and motes.
    pub(crate) fn accent(self) -> Color {
        match self {
            Self::Classic => Color::new(0.25, 0.8, 1.0, 1.0),
            Self::Angles => Color::new(0.75, 0.45, 1.0, 1.0),
            Self::Duels => Color::new(1.0, 0.75, 0.3, 1.0),
            Self::Blast => Color::new(1.0, 0.5, 0.15, 1.0),
        }
    }
}

/// `c` at opacity `a`.
fn alpha(c: Color, a: f32) -> Color {
    Color { a, ..c }
}

/// The floor's gradient texture's height, texels: enough that no band shows
/// between the place's two close, dark colours.
const FLOOR_TEXELS: u16 = 64;

// One gradient texture per place, made on first use (macroquad's textures live
// on the main thread): `[Place; 4]` in declaration order.
thread_local! {
    static FLOOR: [OnceCell<Texture2D>; 4] = const {
        [OnceCell::new(), OnceCell::new(), OnceCell::new(), OnceCell::new()]
    };
}

/// The place's floor gradient, a texture one texel wide, top to bottom, opaque.
fn floor_texture(place: Place) -> Texture2D {
    FLOOR.with(|cells| {
        cells[place as usize]
            .get_or_init(|| {
                let (top, bottom) = place.floor();
                let mut px = Vec::with_capacity(usize::from(FLOOR_TEXELS) * 4);
                for y in 0..FLOOR_TEXELS {
                    let f = f32::from(y) / f32::from(FLOOR_TEXELS - 1);
                    let c = Color::new(
                        top.r + (bottom.r - top.r) * f,
                        top.g + (bottom.g - top.g) * f,
                        top.b + (bottom.b - top.b) * f,
                        1.0,
                    );
                    px.extend_from_slice(&<[u8; 4]>::from(c));
                }
                let t = Texture2D::from_rgba8(1, FLOOR_TEXELS, &px);
                t.set_filter(FilterMode::Linear);
                t
            })
            .clone()
    })
}

/// The floor in the place's gradient: an opaque texture stretched over the
/// arena. Not a mesh with a colour per corner: a software GL (llvmpipe)
/// shades a colour that varies across a triangle on its general path, about
/// 4 ms a frame for the arena at 1280x720, and copies an opaque texture on a
/// fast one (docs/look.md, "What a frame costs").
pub(crate) fn draw_place_floor(view: &View, place: Place, high_contrast: bool) {
    let r = view.rect(arkanong_core::geom::Rect {
        min: Vec2::ZERO,
        max: vec2(ARENA_WIDTH, ARENA_HEIGHT),
    });
    // High contrast keeps the floor plain and dark: nothing competes with a ball.
    if high_contrast {
        draw_rectangle(r.x, r.y, r.w, r.h, BLACK);
        return;
    }
    draw_texture_ex(
        &floor_texture(place),
        r.x,
        r.y,
        WHITE,
        DrawTextureParams {
            dest_size: Some(vec2(r.w, r.h)),
            ..Default::default()
        },
    );
}

/// The place's drawn background on the floor, at `t` seconds (held still under
/// reduced motion by the caller passing a fixed `t`). Faint: the balls and
/// bricks stay the brightest things on screen. None in high contrast.
pub(crate) fn draw_place_background(view: &View, place: Place, t: f32) {
    let a = place.accent();
    let line = view.len(1.2).max(1.0);
    match place {
        Place::Classic => {
            // A perspective-free arcade grid drifting down, a row every 60 units.
            let drift = (t * 12.0) % 60.0;
            for k in 0..=(ARENA_HEIGHT / 60.0) as i32 {
                let y = k as f32 * 60.0 + drift;
                if y > ARENA_HEIGHT {
                    continue;
                }
                let (p, q) = (
                    view.to_screen(vec2(0.0, y)),
                    view.to_screen(vec2(ARENA_WIDTH, y)),
                );
                draw_line(p.x, p.y, q.x, q.y, line, alpha(a, 0.07));
            }
            for k in 0..=(ARENA_WIDTH / 60.0) as i32 {
                let x = k as f32 * 60.0;
                let (p, q) = (
                    view.to_screen(vec2(x, 0.0)),
                    view.to_screen(vec2(x, ARENA_HEIGHT)),
                );
                draw_line(p.x, p.y, q.x, q.y, line, alpha(a, 0.05));
            }
        }
        Place::Angles => {
            // A lattice of hexagon outlines, each turning slowly, brighter in waves.
            let step = 90.0;
            let mut row = 0;
            let mut y = 30.0;
            while y < ARENA_HEIGHT {
                let offset = if row % 2 == 0 { 0.0 } else { step * 0.5 };
                let mut x = 20.0 + offset;
                while x < ARENA_WIDTH {
                    let wave = 0.5 + 0.5 * (t * 0.6 + (x + y) * 0.004).sin();
                    let c = view.to_screen(vec2(x, y));
                    let turn = t * 6.0 + row as f32 * 10.0;
                    draw_poly_lines(
                        c.x,
                        c.y,
                        6,
                        view.len(26.0),
                        turn,
                        line,
                        alpha(a, 0.04 + 0.07 * wave),
                    );
                    x += step;
                }
                y += step * 0.87;
                row += 1;
            }
        }
        Place::Duels => {
            // A court: a centre line, a centre circle, and two gold lights
            // sweeping across from the sides.
            let mid = ARENA_HEIGHT * 0.5;
            let (p, q) = (
                view.to_screen(vec2(0.0, mid)),
                view.to_screen(vec2(ARENA_WIDTH, mid)),
            );
            draw_line(p.x, p.y, q.x, q.y, line * 2.0, alpha(a, 0.12));
            let c = view.to_screen(vec2(ARENA_WIDTH * 0.5, mid));
            draw_circle_lines(c.x, c.y, view.len(70.0), line * 2.0, alpha(a, 0.1));
            for (k, from) in [(0.0_f32, 0.0_f32), (1.0, ARENA_WIDTH)] {
                let sweep = ARENA_WIDTH * (0.5 + 0.45 * (t * 0.35 + k * 2.1).sin());
                let top = view.to_screen(vec2(from, if k == 0.0 { 0.0 } else { ARENA_HEIGHT }));
                let hit = view.to_screen(vec2(sweep, mid));
                let w = view.len(60.0);
                draw_triangle(top, hit - vec2(w, 0.0), hit + vec2(w, 0.0), alpha(a, 0.05));
            }
        }
        Place::Blast => {
            // Embers rising from the bottom, each on its own slow sway, and a
            // row of green shoots along both goal lines.
            for k in 0..40 {
                let seed = k as f32 * 37.7;
                let speed = 18.0 + (seed * 1.3) % 22.0;
                let y = ARENA_HEIGHT - (t * speed + seed * 9.0) % ARENA_HEIGHT;
                let x = (seed * 13.0) % ARENA_WIDTH + 10.0 * (t * 0.8 + seed).sin();
                let fade = (y / ARENA_HEIGHT).clamp(0.0, 1.0);
                let p = view.to_screen(vec2(x, y));
                draw_circle(p.x, p.y, view.len(2.2), alpha(a, 0.45 * fade));
            }
            let green = Color::new(0.35, 0.85, 0.35, 1.0);
            for k in 0..24 {
                let x = (k as f32 + 0.5) * ARENA_WIDTH / 24.0;
                let sway = 3.0 * (t * 1.1 + k as f32).sin();
                for (base, dir) in [(ARENA_HEIGHT, -1.0), (0.0, 1.0)] {
                    let tall = 10.0 + (k * 7 % 5) as f32 * 3.0;
                    let (p, q) = (
                        view.to_screen(vec2(x, base)),
                        view.to_screen(vec2(x + sway, base + dir * tall)),
                    );
                    draw_line(p.x, p.y, q.x, q.y, line * 1.5, alpha(green, 0.22));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shipped_set_has_its_own_place_and_any_other_set_the_classic() {
        let places = ["", "angles", "duels", "blast"].map(Place::of_set);
        for (i, a) in places.iter().enumerate() {
            for b in &places[i + 1..] {
                assert_ne!(a, b);
                assert_ne!(a.accent(), b.accent(), "two sets share an accent");
                assert_ne!(a.floor(), b.floor(), "two sets share a floor");
            }
        }
        assert_eq!(Place::of_set("mine"), Place::Classic);
        assert_eq!(Place::of_set(""), Place::Classic);
    }
}
