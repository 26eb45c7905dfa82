//! The screenshot used by tests: the frame as PNG, and beside it a JSON sidecar
//! saying where the arena, paddles and balls are on screen and in which colours.

use arkanong_core::game::Game;
use arkanong_core::level::Side;
use macroquad::prelude::*;

use super::feel::Effects;
use super::play::paddle_fill;
use super::text::drawn_texts;
use super::view::View;

/// Saves the frame as the window shows it: opaque. The framebuffer's alpha is
/// what translucent layers left in it (the window ignores it), and a viewer that
/// honours it showed the dark arena washed out to grey over its own backdrop.
fn export_opaque_png(path: &str) {
    let mut image = get_screen_data();
    for pixel in image.bytes.chunks_exact_mut(4) {
        pixel[3] = 255;
    }
    image.export_png(path);
}

/// Saves the frame as PNG, and beside it a JSON file saying where the arena,
/// paddles and balls are on screen and in which colours (a paddle's as drawn, lit
/// by its `effects`, and its owner's at rest), so a test can check the picture
/// against the game.
pub(crate) fn save_screenshot(path: &str, view: &View, game: &Game, effects: &Effects) {
    export_opaque_png(path);
    let to_px = |p: Vec2| {
        let s = view.to_screen(p) * screen_dpi_scale();
        format!("[{:.1},{:.1}]", s.x, s.y)
    };
    let rgb = |c: Color| {
        format!(
            "[{},{},{}]",
            (c.r * 255.0) as u8,
            (c.g * 255.0) as u8,
            (c.b * 255.0) as u8
        )
    };
    let paddles: Vec<String> = game
        .players()
        .iter()
        .map(|p| {
            format!(
                "{{\"at\":{},\"color\":{},\"owner\":{}}}",
                to_px(game.world().paddles()[p.paddle.0 as usize].position),
                // The colour drawn: the owner's, lit up if just struck.
                rgb(paddle_fill(view, p.side, &effects.paddle_pose(p.side))),
                // The owner's own colour, at rest: what the colour-blindness
                // check compares (a paddle lit by the other side's ball takes
                // on that ball's hue for a moment).
                rgb(view.palette.side(p.side))
            )
        })
        .collect();
    // Balls in play, and balls waiting on a paddle (drawn the same way).
    let radius = arkanong_core::tuning::BALL_RADIUS;
    let in_play = game.world().balls().iter().map(|b| (b.position, b.owner));
    let held = game.players().iter().flat_map(|p| {
        p.held
            .iter()
            .map(move |h| (game.held_ball_position(p, h), p.side.index()))
    });
    let balls: Vec<String> = in_play
        .chain(held)
        .map(|(at, owner)| {
            format!(
                "{{\"at\":{},\"radius\":{:.1},\"color\":{}}}",
                to_px(at),
                view.len(radius) * screen_dpi_scale(),
                rgb(view.palette.side(Side::from_index(owner)))
            )
        })
        .collect();
    let json = format!(
        "{{\"width\":{},\"height\":{},\"arena_min\":{},\"arena_max\":{},\"paddles\":[{}],\"balls\":[{}],\"text_face\":{},\"texts\":[{}]}}\n",
        (screen_width() * screen_dpi_scale()) as u32,
        (screen_height() * screen_dpi_scale()) as u32,
        to_px(Vec2::ZERO),
        to_px(vec2(arkanong_core::tuning::ARENA_WIDTH, arkanong_core::tuning::ARENA_HEIGHT)),
        paddles.join(","),
        balls.join(","),
        json_string(crate::shell::text::TEXT_FACE_NAME),
        texts_json().join(",")
    );
    if let Err(e) = std::fs::write(format!("{path}.json"), json) {
        eprintln!("{path}.json: cannot write: {e}");
    }
}

/// Saves the frame as PNG with a sidecar that has no game in it (the level
/// editor): the window, the arena's corners and the texts drawn.
pub(crate) fn save_plain_screenshot(path: &str, view: &View) {
    export_opaque_png(path);
    let to_px = |p: Vec2| {
        let s = view.to_screen(p) * screen_dpi_scale();
        format!("[{:.1},{:.1}]", s.x, s.y)
    };
    // The arena's corners on screen, top-left first even in a turned view.
    let arena = vec2(
        arkanong_core::tuning::ARENA_WIDTH,
        arkanong_core::tuning::ARENA_HEIGHT,
    );
    let (a, b) = (view.to_screen(Vec2::ZERO), view.to_screen(arena));
    let (min, max) = (view.to_world(a.min(b)), view.to_world(a.max(b)));
    let json = format!(
        "{{\"width\":{},\"height\":{},\"arena_min\":{},\"arena_max\":{},\"paddles\":[],\"balls\":[],\"text_face\":{},\"texts\":[{}]}}\n",
        (screen_width() * screen_dpi_scale()) as u32,
        (screen_height() * screen_dpi_scale()) as u32,
        to_px(min),
        to_px(max),
        json_string(crate::shell::text::TEXT_FACE_NAME),
        texts_json().join(",")
    );
    if let Err(e) = std::fs::write(format!("{path}.json"), json) {
        eprintln!("{path}.json: cannot write: {e}");
    }
}

/// Every text drawn this frame as `{"text": ..., "rect": [x, y, w, h], "size": S}`,
/// pixels: `rect` is the line's box, `size` the font size (both times the
/// device pixel ratio, as the PNG).
pub(crate) fn texts_json() -> Vec<String> {
    let k = screen_dpi_scale();
    drawn_texts()
        .iter()
        .map(|t| {
            format!(
                "{{\"text\":{},\"rect\":[{:.1},{:.1},{:.1},{:.1}],\"size\":{:.1}}}",
                json_string(&t.text),
                t.rect.x * k,
                t.rect.y * k,
                t.rect.w * k,
                t.rect.h * k,
                t.size * k
            )
        })
        .collect()
}

/// `s` as a JSON string literal.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
