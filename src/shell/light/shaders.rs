//! The glow pass's two materials, in GLSL ES 1.00 (`#version 100`, `precision
//! mediump float`), which the desktop's GL 2.1+ and the browser's WebGL 1 both
//! build: a blur along one axis (run twice, across then down), and the
//! composite that adds the blurred light onto the window.

use macroquad::miniquad::{BlendFactor, BlendState, Equation};
use macroquad::prelude::*;

/// macroquad's default vertex shader (`quad_gl.rs`) with `uv` in `mediump`: a
/// `lowp` coordinate (10 bits on some phones) would snap the blur's taps. Both
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

/// A 9-tap Gaussian (sigma about 2 texels) in 5 fetches: the linear filter
/// blends each pair of outer taps in one fetch, placed at their weighted mean.
/// `Step` is one texel along the blur's axis.
const BLUR: &str = r#"#version 100
precision mediump float;
varying lowp vec4 color;
varying mediump vec2 uv;

uniform sampler2D Texture;
uniform vec2 Step;

void main() {
    vec3 c = texture2D(Texture, uv).rgb * 0.2270270;
    c += texture2D(Texture, uv + Step * 1.3846154).rgb * 0.3162162;
    c += texture2D(Texture, uv - Step * 1.3846154).rgb * 0.3162162;
    c += texture2D(Texture, uv + Step * 3.2307692).rgb * 0.0702703;
    c += texture2D(Texture, uv - Step * 3.2307692).rgb * 0.0702703;
    gl_FragColor = vec4(c, 1.0);
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

/// The blur (written over its target, no blending) and the composite (added
/// onto the window: `one * light + one * picture`, the window's alpha kept).
pub(crate) struct Materials {
    /// One axis of the blur; its `Step` uniform picks the axis.
    pub(crate) blur: Material,
    /// The additive composite; its `Strength` uniform scales the light.
    pub(crate) composite: Material,
}

/// Builds both materials, or says why not (the caller then draws no glow).
pub(crate) fn load() -> Result<Materials, String> {
    let blur = load_material(
        ShaderSource::Glsl {
            vertex: VERTEX,
            fragment: BLUR,
        },
        MaterialParams {
            uniforms: vec![UniformDesc::new("Step", UniformType::Float2)],
            ..Default::default()
        },
    )
    .map_err(|e| format!("the blur shader: {e}"))?;
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
    Ok(Materials { blur, composite })
}
