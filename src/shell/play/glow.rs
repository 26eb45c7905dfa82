//! Glowing trails (issue 13, `juice.glow`): each ball's trail in its owner's
//! colour with a soft edge, and a faint halo round the ball, added onto the
//! picture (additive blending: where trails cross they brighten, as light does)
//! in one batch for all balls. The material is macroquad's own shaders (GLSL 100,
//! so WebGL 1 runs it) with the blend changed; if it cannot be made, trails are
//! drawn plain.

use std::cell::OnceCell;

use arkanong::app::feel::Trail;
use arkanong::level::Side;
use arkanong::physics::Ball;
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::prelude::*;

use crate::shell::batch::{ribbon, QuadBatch};
use crate::shell::palette::side_color;
use crate::shell::view::View;

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
fn spot_texture() -> Texture2D {
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
        let color = side_color(Side::from_index(ball.owner));
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
                ..side_color(Side::from_index(ball.owner))
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
