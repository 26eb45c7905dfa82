//! The light (issue 41, item 3): a glow pass, made before the frame's picture
//! and added after the shapes, under the things that give light. What gives
//! light (balls, paddles, lasers, halos, capsules: `emitters.rs`) is drawn a
//! second time, as soft spots, into a light map an eighth of the window's
//! size each way ([`render_light`]); the map is added onto the picture over
//! the arena by a GLSL ES 1.00 shader (`shaders.rs`, for GL and WebGL 1
//! alike), stretched with a linear filter, which softens whatever edges the
//! map has ([`add_light`]). An earlier version blurred the map across and down
//! in two more passes; on a software GL each pass waited for the one before,
//! and the frame's light cost half again as much (docs/look.md). The
//! floor, bricks and barriers near a ball catch its colour; the ball, paddle and
//! laser are then drawn over their own glow in their true colours, so no effect
//! hides a ball and the screenshot sidecar's colours still hold.
//!
//! The map holding only the emitters is the pass's bright-pass: the picture
//! under it is never read back (a full-size render of the scene and a
//! threshold would cost two more full-window passes on software GL).
//!
//! Whether it runs is `arkanong_core::app::feel::light_shown`: Settings >
//! Juice > Light, off under reduced motion and high contrast, and off above
//! `LIGHT_MAX_BALLS` balls (the stress mode).

mod emitters;
mod shaders;

use std::cell::RefCell;

use arkanong_core::app::feel::{light_shown, LIGHT_MAP_SHARE, LIGHT_STRENGTH};
use arkanong_core::game::Game;
use arkanong_core::geom::Rect as ArenaRect;
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use crate::shell::view::View;

/// The composite's tiles, window pixels: light is added only on the tiles an
/// emitter's light reaches, so a frame with two balls and two paddles adds it
/// over a few tiles, not the whole arena (software GL pays per pixel).
const TILE_PX: f32 = 64.0;

/// How far the added light reaches past what was drawn, window pixels: the
/// linear filter's one texel of the map, and one more for a margin.
fn light_reach() -> f32 {
    2.0 / LIGHT_MAP_SHARE
}

/// The tiles of the `area` (window pixels) that any of `lit` (grown by
/// `reach`) touches, each once, as window rectangles clipped to `area`.
fn lit_tiles(area: Rect, lit: &[Rect], reach: f32) -> Vec<Rect> {
    let cols = (area.w / TILE_PX).ceil().max(0.0) as usize;
    let rows = (area.h / TILE_PX).ceil().max(0.0) as usize;
    let mut on = vec![false; cols * rows];
    for r in lit {
        let (x0, x1) = (r.x - reach - area.x, r.right() + reach - area.x);
        let (y0, y1) = (r.y - reach - area.y, r.bottom() + reach - area.y);
        if x1 < 0.0 || y1 < 0.0 || x0 > area.w || y0 > area.h {
            continue;
        }
        let c0 = (x0.max(0.0) / TILE_PX) as usize;
        let c1 = ((x1 / TILE_PX) as usize).min(cols.saturating_sub(1));
        let r0 = (y0.max(0.0) / TILE_PX) as usize;
        let r1 = ((y1 / TILE_PX) as usize).min(rows.saturating_sub(1));
        for row in r0..=r1 {
            for col in c0..=c1 {
                on[row * cols + col] = true;
            }
        }
    }
    let mut tiles = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            if on[row * cols + col] {
                let (x, y) = (area.x + col as f32 * TILE_PX, area.y + row as f32 * TILE_PX);
                let w = TILE_PX.min(area.right() - x);
                let h = TILE_PX.min(area.bottom() - y);
                tiles.push(Rect::new(x, y, w, h));
            }
        }
    }
    tiles
}

/// How far the added light reaches past the arena's edge, window pixels: the
/// glow of a ball on the wall spills a little onto the frame.
const SPILL_PX: f32 = 24.0;

/// The light map, at one window size.
struct Maps {
    /// The light map's size, texels.
    size: (u32, u32),
    /// The light map: the emitters' soft spots.
    light: RenderTarget,
}

/// What the pass keeps between frames: its materials (or why they failed) and
/// its maps.
struct Pass {
    materials: Result<shaders::Materials, ()>,
    maps: Option<Maps>,
}

// The pass's GPU objects, made once (macroquad's live on the main thread): no
// setting or game state.
thread_local! {
    static PASS: RefCell<Option<Pass>> = const { RefCell::new(None) };
}

/// A map of `size` texels, linearly filtered (the composite stretches it).
fn map(size: (u32, u32)) -> RenderTarget {
    let rt = render_target(size.0, size.1);
    rt.texture.set_filter(FilterMode::Linear);
    rt
}

/// A camera drawing the rectangle `(0, 0)`–`(w, h)` onto all of `target`, with
/// y down in the target's texels too (v = 0 is the top), so every pass draws
/// textures the same way up.
fn camera_onto(target: &RenderTarget, w: f32, h: f32) -> Camera2D {
    Camera2D {
        target: vec2(w * 0.5, h * 0.5),
        zoom: vec2(2.0 / w, 2.0 / h),
        render_target: Some(target.clone()),
        ..Default::default()
    }
}

/// The light map's size for a window of `w` by `h` pixels.
fn map_size(w: f32, h: f32) -> (u32, u32) {
    let side = |px: f32| ((px * LIGHT_MAP_SHARE).ceil() as u32).clamp(1, 2048);
    (side(w), side(h))
}

/// This frame's light, made by [`render_light`] and added by [`add_light`]:
/// the tiles of the window its light reaches (the map itself is the pass's).
pub(crate) struct FrameLight {
    /// The lit tiles, window pixels.
    tiles: Vec<Rect>,
}

/// The glow pass's first half, if it is on (see the module's doc): the
/// emitters drawn into the light map. Call it before anything of
/// the frame is drawn on the window: switching to a render target makes the
/// GL draw what is queued so far, and a software GL (llvmpipe, SwiftShader)
/// then rasterises the window's picture in two halves, with the drawing
/// thread waiting on the first when the map is read. Made first, the map's small passes run alone and the window's picture
/// is drawn once, at the frame's end. Leaves the camera as it found it.
pub(crate) fn render_light(view: &View, game: &Game, effects: &Effects) -> Option<FrameLight> {
    let shown = effects.juice.shown(effects.stage.reduced_motion());
    if !light_shown(
        shown,
        view.palette.high_contrast,
        game.world().balls().len(),
    ) {
        return None;
    }
    PASS.with(|cell| {
        let mut cell = cell.borrow_mut();
        let pass = cell.get_or_insert_with(|| Pass {
            materials: shaders::load().map_err(|e| {
                eprintln!("arkanong: no glow pass ({e}); the game draws without it");
            }),
            maps: None,
        });
        if pass.materials.is_err() {
            return None;
        }
        let (w, h) = (screen_width().max(1.0), screen_height().max(1.0));
        let size = map_size(w, h);
        if pass.maps.as_ref().map(|m| m.size) != Some(size) {
            pass.maps = Some(Maps {
                size,
                light: map(size),
            });
        }
        let maps = pass.maps.as_ref()?;
        push_camera_state();
        // 1. The emitters, into the map (in window pixels, shrunk).
        set_camera(&camera_onto(&maps.light, w, h));
        clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
        let lit = emitters::draw_emitters(view, game, effects, &effects.marks);
        pop_camera_state();
        // 2. Where it will be added: over the arena (and a little past).
        let arena = view.rect(ArenaRect {
            min: Vec2::ZERO,
            max: vec2(ARENA_WIDTH, ARENA_HEIGHT),
        });
        let x0 = (arena.x - SPILL_PX).max(0.0);
        let y0 = (arena.y - SPILL_PX).max(0.0);
        let x1 = (arena.right() + SPILL_PX).min(w);
        let y1 = (arena.bottom() + SPILL_PX).min(h);
        if x1 <= x0 || y1 <= y0 {
            return None;
        }
        let area = Rect::new(x0, y0, x1 - x0, y1 - y0);
        Some(FrameLight {
            tiles: lit_tiles(area, &lit, light_reach()),
        })
    })
}

/// The glow pass's second half: this frame's light map added onto the
/// picture on the tiles it reaches. Call it between the shapes that catch the
/// light and the emitters' own layers.
pub(crate) fn add_light(light: Option<&FrameLight>) {
    let Some(light) = light else {
        return;
    };
    PASS.with(|cell| {
        let cell = cell.borrow();
        let Some(Pass {
            materials: Ok(materials),
            maps: Some(maps),
        }) = cell.as_ref()
        else {
            return;
        };
        let k = LIGHT_MAP_SHARE;
        gl_use_material(&materials.composite);
        materials.composite.set_uniform("Strength", LIGHT_STRENGTH);
        // One textured quad per lit tile, all in one draw call (same texture,
        // same material).
        for t in &light.tiles {
            draw_texture_ex(
                &maps.light.texture,
                t.x,
                t.y,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(t.w, t.h)),
                    source: Some(Rect::new(t.x * k, t.y * k, t.w * k, t.h * k)),
                    ..Default::default()
                },
            );
        }
        gl_use_default_material();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_is_an_eighth_of_the_window_each_way_and_never_empty() {
        assert_eq!(map_size(1280.0, 720.0), (160, 90));
        assert_eq!(map_size(1920.0, 1080.0), (240, 135));
        assert_eq!(map_size(390.0, 844.0), (49, 106));
        assert_eq!(map_size(0.5, 0.5), (1, 1));
    }

    #[test]
    fn light_is_added_only_on_the_tiles_it_reaches_each_once() {
        let area = Rect::new(100.0, 0.0, 300.0, 200.0);
        // Nothing lit: no tile.
        assert!(lit_tiles(area, &[], 10.0).is_empty());
        // A ball in the first tile, its reach inside it: that tile alone.
        let ball = Rect::new(120.0, 20.0, 10.0, 10.0);
        assert_eq!(
            lit_tiles(area, &[ball], 5.0),
            vec![Rect::new(100.0, 0.0, 64.0, 64.0)]
        );
        // Reaching across a tile edge: both tiles; twice: still once each.
        let two = lit_tiles(area, &[ball, ball], 40.0);
        assert_eq!(two.len(), 4, "{two:?}");
        // The last column is clipped to the area; light outside it adds nothing.
        let edge = lit_tiles(area, &[Rect::new(390.0, 195.0, 5.0, 5.0)], 1.0);
        assert_eq!(edge, vec![Rect::new(356.0, 192.0, 44.0, 8.0)]);
        assert!(lit_tiles(area, &[Rect::new(900.0, 900.0, 5.0, 5.0)], 1.0).is_empty());
    }
}
