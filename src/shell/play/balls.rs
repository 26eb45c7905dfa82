//! The balls, everything about them: each a disc in its owner's colour (an
//! ellipse under squash and stretch, `juice.squash`), all in one mesh, behind
//! their trails (`juice.trails`): plain, alpha-blended streaks, or glowing
//! (`juice.glow`): each trail in its owner's colour with a soft edge and a faint
//! halo round the ball, added onto the picture (additive blending: where trails
//! cross they brighten, as light does) in one batch for all balls. The glow's
//! material is macroquad's own shaders (GLSL 100, so WebGL 1 runs it) with the
//! blend changed; if it cannot be made, trails are drawn plain.

use std::cell::OnceCell;

use arkanong_core::app::feel::{stretch, BallSquash, Juice, Trail, TRAIL_LEN};
use arkanong_core::app::play::Session;
use arkanong_core::game::Game;
use arkanong_core::level::Side;
use arkanong_core::physics::Ball;
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::prelude::*;

use crate::shell::batch::{disc_texture, ribbon, QuadBatch};
use crate::shell::view::View;

/// The balls layer: the session's balls with their trails and squashes, as the
/// Juice switches say (`trails`, `squash`, `glow`).
pub(crate) fn draw_balls(view: &View, session: &Session, on: Juice) {
    let trails = if on.trails {
        session.trails.as_slice()
    } else {
        &[]
    };
    let squashes = if on.squash {
        session.squashes.as_slice()
    } else {
        &[]
    };
    draw_balls_with(view, &session.game, trails, squashes, on.glow);
}

/// Above this many balls the highlight on each ball is left out (it doubles the
/// quads, and at that count no one sees it).
const HIGHLIGHT_MAX_BALLS: usize = 500;

/// Above this many balls each trail is one quad (see [`trail_stride`]).
const CROWD_BALLS: usize = 500;

/// Every how many trail points a trail is drawn through (the ball's own position
/// always ends it): all of them, or in a crowd only the oldest, so one quad from
/// there to the ball. Software GL pays per triangle, and eight tiny ones a trail
/// made up half of a 5,000-ball frame.
pub(crate) fn trail_stride(balls: usize) -> usize {
    if balls > CROWD_BALLS {
        TRAIL_LEN
    } else {
        1
    }
}

/// Balls in their owners' colours, each with a fading trail of recent positions
/// (glowing, added onto the picture, when `glow`), each bent by its squash and
/// stretch (round when `squashes` is empty): two batches (trails, then balls), a
/// few draw calls however many balls there are.
fn draw_balls_with(
    view: &View,
    game: &Game,
    trails: &[Trail],
    squashes: &[BallSquash],
    glow: bool,
) {
    let balls = game.world().balls();
    if !(glow && draw_glowing_trails(view, balls, trails)) {
        draw_trails(view, balls, trails);
    }
    draw_discs(view, balls, squashes);
}

/// The plain trails: one fading streak per ball, alpha-blended.
fn draw_trails(view: &View, balls: &[Ball], trails: &[Trail]) {
    let mut streaks = QuadBatch::new(None);
    // The trails are in the balls' order as of the last step; a ball without its
    // trail at the same index (just spawned) simply has none yet.
    let stride = trail_stride(balls.len());
    for (ball, trail) in balls.iter().zip(trails).filter(|(b, t)| b.id.0 == t.id) {
        let color = view.palette.side(Side::from_index(ball.owner));
        let n = trail.len();
        let mut prev: Option<(Vec2, f32, f32)> = None;
        let points = trail.points().chain(std::iter::once(ball.position));
        for (k, p) in points.enumerate() {
            if k % stride != 0 && k != n {
                continue;
            }
            let t = k as f32 / n as f32;
            let half = view.len(ball.radius) * (0.2 + 0.6 * t);
            let at = view.to_screen(p);
            if let Some((from, from_half, from_t)) = prev {
                trail_segment(
                    &mut streaks,
                    (from, from_half),
                    (at, half),
                    (from_t, t),
                    color,
                );
            }
            prev = Some((at, half, t));
        }
    }
}

/// The balls themselves: one textured quad each (and a highlight when there
/// are few), each an ellipse as its squash and stretch say; round when
/// `squashes` is empty (the effect is off). A ball whose squash is not at the
/// same index (just spawned) is stretched only.
fn draw_discs(view: &View, balls: &[Ball], squashes: &[BallSquash]) {
    let mut discs = QuadBatch::new(Some(disc_texture()));
    let highlight = balls.len() <= HIGHLIGHT_MAX_BALLS;
    let mut states = squashes.iter().peekable();
    for ball in balls {
        let c = view.to_screen(ball.position);
        let r = view.len(ball.radius);
        let shape = if squashes.is_empty() {
            Mat2::IDENTITY
        } else {
            while states.next_if(|s| s.id < ball.id.0).is_some() {}
            match states.next_if(|s| s.id == ball.id.0) {
                Some(s) => s.shape(ball.velocity),
                None => stretch(ball.velocity, 1.0),
            }
        } * r;
        discs.ellipse(c, shape, view.palette.side(Side::from_index(ball.owner)));
        if highlight {
            // A round glint, carried along as the ball bends.
            discs.square(
                c + shape * Vec2::splat(-0.3),
                r * 0.3,
                Color::new(1.0, 1.0, 1.0, 0.6),
            );
        }
    }
}

/// One piece of a trail: a quad from `a` to `b` (centres and half-widths, pixels),
/// fading toward the tail; `t` is how far along the trail `a` and `b` are (1 at
/// the ball).
fn trail_segment(
    batch: &mut QuadBatch,
    a: (Vec2, f32),
    b: (Vec2, f32),
    t: (f32, f32),
    color: Color,
) {
    let Some(corners) = ribbon(a, b) else {
        return;
    };
    let fade = |t: f32| Color {
        a: 0.3 * t * t,
        ..color
    };
    batch.quad(corners, [fade(t.0), fade(t.1), fade(t.1), fade(t.0)]);
}

// The glowing trails.

/// Above this many balls the halos are left out and the trails are no wider
/// than plain ones (software GL pays for every pixel covered, and at that count
/// the trails alone glow enough).
const HALO_MAX_BALLS: usize = 500;
/// A halo's radius, in ball radii.
const HALO_RADII: f32 = 3.0;
/// A halo's strength at its centre (alpha added at full colour).
const HALO_ALPHA: f32 = 0.4;
/// A trail's strength at the ball, fading toward its tail.
const TRAIL_ALPHA: f32 = 0.9;

/// macroquad's default vertex shader (`quad_gl.rs`), unchanged.
const VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;

varying lowp vec2 uv;
varying lowp vec4 color;

uniform mat4 Model;
uniform mat4 Projection;

void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    uv = texcoord;
}"#;

/// macroquad's default fragment shader, unchanged: colour times texture.
const FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
varying lowp vec2 uv;

uniform sampler2D Texture;

void main() {
    gl_FragColor = color * texture2D(Texture, uv);
}"#;

// A cache of a material and texture made once (macroquad's live on the main
// thread): no setting or game state.
thread_local! {
    static GLOW: OnceCell<Option<(Material, Texture2D)>> = const { OnceCell::new() };
}

/// The additive material and the soft-spot texture, made once (`None` when
/// the shader would not build: the caller then draws plain trails).
fn glow_parts() -> Option<(Material, Texture2D)> {
    GLOW.with(|g| {
        g.get_or_init(|| {
            let params = MaterialParams {
                pipeline_params: PipelineParams {
                    color_blend: Some(BlendState::new(
                        Equation::Add,
                        BlendFactor::Value(BlendValue::SourceAlpha),
                        BlendFactor::One,
                    )),
                    ..Default::default()
                },
                ..Default::default()
            };
            let source = ShaderSource::Glsl {
                vertex: VERTEX,
                fragment: FRAGMENT,
            };
            match load_material(source, params) {
                Ok(m) => Some((m, spot_texture())),
                Err(e) => {
                    eprintln!("arkanong: no glowing trails ({e}); drawing them plain");
                    None
                }
            }
        })
        .clone()
    })
}

/// A white spot fading from its centre to nothing at its edge, `(1 - d)^2`:
/// whole, a halo; its middle column, the soft cross-section of a trail.
pub(crate) fn spot_texture() -> Texture2D {
    const N: u16 = 32;
    let half = f32::from(N) * 0.5;
    let mut px = Vec::with_capacity(usize::from(N) * usize::from(N) * 4);
    for y in 0..N {
        for x in 0..N {
            let p = vec2(f32::from(x) + 0.5, f32::from(y) + 0.5) - Vec2::splat(half);
            let d = (p.length() / half).min(1.0);
            px.extend_from_slice(&[255, 255, 255, ((1.0 - d) * (1.0 - d) * 255.0) as u8]);
        }
    }
    let t = Texture2D::from_rgba8(N, N, &px);
    t.set_filter(FilterMode::Linear);
    t
}

/// Draws every ball's trail glowing, with a halo round each ball when there are
/// few; `false` (and nothing drawn) when the glow material is not available.
/// `trails` pair with `balls` by index and id, as in `draw_balls::draw_balls`.
pub(crate) fn draw_glowing_trails(view: &View, balls: &[Ball], trails: &[Trail]) -> bool {
    let Some((material, spot)) = glow_parts() else {
        return false;
    };
    let mut glow = QuadBatch::with_material(Some(spot), material);
    let crowd = balls.len() > HALO_MAX_BALLS;
    // Half-widths at the tail and the head, in ball radii (plain trails: 0.2, 0.8).
    let (tail, head) = if crowd { (0.3, 0.9) } else { (0.5, 1.8) };
    let stride = super::balls::trail_stride(balls.len());
    for (ball, trail) in balls.iter().zip(trails).filter(|(b, t)| b.id.0 == t.id) {
        let color = view.palette.side(Side::from_index(ball.owner));
        let n = trail.len();
        let r = view.len(ball.radius);
        let mut prev: Option<(Vec2, f32, f32)> = None;
        let points = trail.points().chain(std::iter::once(ball.position));
        for (k, p) in points.enumerate() {
            if k % stride != 0 && k != n {
                continue;
            }
            let t = k as f32 / n as f32;
            let (at, half) = (view.to_screen(p), r * (tail + (head - tail) * t));
            if let Some(from) = prev {
                glow_segment(&mut glow, from, (at, half, t), color);
            }
            prev = Some((at, half, t));
        }
    }
    if !crowd {
        for ball in balls {
            let c = view.to_screen(ball.position);
            let color = Color {
                a: HALO_ALPHA,
                ..view.palette.side(Side::from_index(ball.owner))
            };
            glow.square(c, view.len(ball.radius) * HALO_RADII, color);
        }
    }
    true
}

/// One piece of a glowing trail from `a` to `b` (centres and half-widths,
/// pixels, and how far along the trail each is: 1 at the ball), soft across its
/// width (the spot's middle column), fading toward the tail.
fn glow_segment(batch: &mut QuadBatch, a: (Vec2, f32, f32), b: (Vec2, f32, f32), color: Color) {
    let Some(corners) = ribbon((a.0, a.1), (b.0, b.1)) else {
        return;
    };
    let fade = |t: f32| Color {
        a: TRAIL_ALPHA * t * t,
        ..color
    };
    batch.quad_uv(
        corners,
        [
            vec2(0.5, 0.0),
            vec2(0.5, 0.0),
            vec2(0.5, 1.0),
            vec2(0.5, 1.0),
        ],
        [fade(a.2), fade(b.2), fade(b.2), fade(a.2)],
    );
}
