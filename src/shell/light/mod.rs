//! The light (issue 41, item 3): a glow pass after the shapes and before the
//! things that give light are drawn on top. What gives light (balls, paddles,
//! lasers, halos, capsules: `emitters.rs`) is drawn a second time into a light
//! map a quarter of the window's size each way; the map is blurred across and
//! down, twice, by a GLSL ES 1.00 shader (`shaders.rs`, for GL and WebGL 1
//! alike); and the blurred light is added onto the picture over the arena. The
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

/// How many times the map is blurred across and down: twice widens the glow
/// to about 4 map texels (16 window pixels) of spread at a sixteenth of the cost
/// of a full-size blur.
const BLUR_ROUNDS: usize = 2;

/// How far the added light reaches past the arena's edge, window pixels: the
/// glow of a ball on the wall spills a little onto the frame.
const SPILL_PX: f32 = 24.0;

/// The light map and its blur's other half, at one window size.
struct Maps {
    /// The map's size, texels.
    size: (u32, u32),
    /// The light map (the emitters, then the blurred light).
    light: RenderTarget,
    /// The blur's halfway target.
    half: RenderTarget,
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

/// The glow pass for this frame, if it is on (see the module's doc): call it
/// between the shapes and the emitters' own layers. Leaves the camera as it
/// found it.
pub(crate) fn draw_light(view: &View, game: &Game, effects: &Effects) {
    let shown = effects.juice.shown(effects.stage.reduced_motion());
    if !light_shown(
        shown,
        view.palette.high_contrast,
        game.world().balls().len(),
    ) {
        return;
    }
    PASS.with(|cell| {
        let mut cell = cell.borrow_mut();
        let pass = cell.get_or_insert_with(|| Pass {
            materials: shaders::load().map_err(|e| {
                eprintln!("arkanong: no glow pass ({e}); the game draws without it");
            }),
            maps: None,
        });
        let Ok(materials) = &pass.materials else {
            return;
        };
        let (w, h) = (screen_width().max(1.0), screen_height().max(1.0));
        let size = map_size(w, h);
        if pass.maps.as_ref().map(|m| m.size) != Some(size) {
            pass.maps = Some(Maps {
                size,
                light: map(size),
                half: map(size),
            });
        }
        let Some(maps) = &pass.maps else {
            return;
        };
        push_camera_state();
        // 1. The emitters, into the map (in window pixels, shrunk).
        set_camera(&camera_onto(&maps.light, w, h));
        clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
        emitters::draw_emitters(view, game, effects, &effects.marks);
        // 2. The blur: across into the halfway map, down back into the light map.
        let (mw, mh) = (size.0 as f32, size.1 as f32);
        let whole = DrawTextureParams {
            dest_size: Some(vec2(mw, mh)),
            ..Default::default()
        };
        gl_use_material(&materials.blur);
        for _ in 0..BLUR_ROUNDS {
            for (from, onto, step) in [
                (&maps.light, &maps.half, vec2(1.0 / mw, 0.0)),
                (&maps.half, &maps.light, vec2(0.0, 1.0 / mh)),
            ] {
                set_camera(&camera_onto(onto, mw, mh));
                materials.blur.set_uniform("Step", step);
                draw_texture_ex(&from.texture, 0.0, 0.0, WHITE, whole.clone());
            }
        }
        gl_use_default_material();
        // 3. The light, added onto the picture over the arena (and a little past).
        pop_camera_state();
        let arena = view.rect(ArenaRect {
            min: Vec2::ZERO,
            max: vec2(ARENA_WIDTH, ARENA_HEIGHT),
        });
        let x0 = (arena.x - SPILL_PX).max(0.0);
        let y0 = (arena.y - SPILL_PX).max(0.0);
        let x1 = (arena.right() + SPILL_PX).min(w);
        let y1 = (arena.bottom() + SPILL_PX).min(h);
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let k = LIGHT_MAP_SHARE;
        gl_use_material(&materials.composite);
        materials.composite.set_uniform("Strength", LIGHT_STRENGTH);
        draw_texture_ex(
            &maps.light.texture,
            x0,
            y0,
            WHITE,
            DrawTextureParams {
                dest_size: Some(vec2(x1 - x0, y1 - y0)),
                source: Some(Rect::new(x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k)),
                ..Default::default()
            },
        );
        gl_use_default_material();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_is_a_quarter_of_the_window_each_way_and_never_empty() {
        assert_eq!(map_size(1280.0, 720.0), (320, 180));
        assert_eq!(map_size(1920.0, 1080.0), (480, 270));
        assert_eq!(map_size(390.0, 844.0), (98, 211));
        assert_eq!(map_size(0.5, 0.5), (1, 1));
    }
}
