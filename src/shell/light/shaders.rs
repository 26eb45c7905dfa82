//! The glow pass's material, in GLSL ES 1.00 (`#version 100`, `precision
//! mediump float`), which the desktop's GL 2.1+ and the browser's WebGL 1 both
//! build: the composite that adds the light map onto the window.

use macroquad::miniquad::{BlendFactor, BlendState, Equation};
use macroquad::prelude::*;

/// macroquad's default vertex shader (`quad_gl.rs`) with `uv` in `mediump`: a
/// `lowp` coordinate (10 bits on some phones) would snap the map's texels. Both
/// stages declare it alike, as WebGL's linker wants.
const VERTEX: &str = r#"#version 100
precision mediump float;
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;

varying mediump vec2 uv;
varying lowp vec4 color;

uniform mat4 Model;
uniform mat4 Projection;

void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    uv = texcoord;
}"#;

/// The light map, scaled by `Strength`, for adding onto the window.
const COMPOSITE: &str = r#"#version 100
precision mediump float;
varying lowp vec4 color;
varying mediump vec2 uv;

uniform sampler2D Texture;
uniform float Strength;

void main() {
    gl_FragColor = vec4(texture2D(Texture, uv).rgb * Strength, 0.0);
}"#;

/// The composite (added onto the window: `one * light + one * picture`, the
/// window's alpha kept).
pub(crate) struct Materials {
    /// The additive composite; its `Strength` uniform scales the light.
    pub(crate) composite: Material,
}

/// Builds the material, or says why not (the caller then draws no glow).
pub(crate) fn load() -> Result<Materials, String> {
    let composite = load_material(
        ShaderSource::Glsl {
            vertex: VERTEX,
            fragment: COMPOSITE,
        },
        MaterialParams {
            uniforms: vec![UniformDesc::new("Strength", UniformType::Float1)],
            pipeline_params: PipelineParams {
                color_blend: Some(BlendState::new(
                    Equation::Add,
                    BlendFactor::One,
                    BlendFactor::One,
                )),
                alpha_blend: Some(BlendState::new(
                    Equation::Add,
                    BlendFactor::Zero,
                    BlendFactor::One,
                )),
                ..Default::default()
            },
            ..Default::default()
        },
    )
    .map_err(|e| format!("the composite shader: {e}"))?;
    Ok(Materials { composite })
}
