//! Many small shapes in few draw calls: quads gathered into one mesh and drawn
//! when it is full or at the end. The stress mode's thousands of balls and trails
//! cost a handful of draw calls instead of one shape each (macroquad's circle is
//! 20 triangles; here a ball is one textured quad).

use std::cell::OnceCell;

use macroquad::models::{draw_mesh, Mesh, Vertex};
use macroquad::prelude::*;

/// Quads per draw call: 4 vertices each, within the window's draw-call capacity
/// (`main.rs` raises it; indices are 16-bit, so at most 65,536 vertices).
pub(crate) const QUADS_PER_CALL: usize = 8000;
/// The draw-call capacity `main.rs` asks macroquad for: vertices, indices.
pub(crate) const CALL_CAPACITY: (usize, usize) = (QUADS_PER_CALL * 4 + 4, QUADS_PER_CALL * 6 + 6);

/// Quads waiting to be drawn with one texture (or none).
pub(crate) struct QuadBatch {
    mesh: Mesh,
    /// Drawn with this material instead of macroquad's default (additive glow).
    material: Option<Material>,
}

impl QuadBatch {
    /// An empty batch of quads textured with `texture`.
    pub(crate) fn new(texture: Option<Texture2D>) -> Self {
        Self {
            mesh: Mesh {
                vertices: Vec::new(),
                indices: Vec::new(),
                texture,
            },
            material: None,
        }
    }

    /// An empty batch drawn with `material` (its blending, macroquad's shaders).
    pub(crate) fn with_material(texture: Option<Texture2D>, material: Material) -> Self {
        let mut batch = Self::new(texture);
        batch.material = Some(material);
        batch
    }

    /// Adds a quad: corners in order round it, each with its colour; the
    /// texture's corners in the same order.
    pub(crate) fn quad(&mut self, corners: [Vec2; 4], colors: [Color; 4]) {
        let uv = [
            vec2(0.0, 0.0),
            vec2(1.0, 0.0),
            vec2(1.0, 1.0),
            vec2(0.0, 1.0),
        ];
        self.quad_uv(corners, uv, colors);
    }

    /// Adds a quad with its own texture coordinates, one per corner.
    pub(crate) fn quad_uv(&mut self, corners: [Vec2; 4], uv: [Vec2; 4], colors: [Color; 4]) {
        if self.mesh.vertices.len() >= QUADS_PER_CALL * 4 {
            self.flush();
        }
        let base = self.mesh.vertices.len() as u16;
        for k in 0..4 {
            self.mesh
                .vertices
                .push(Vertex::new2(corners[k].extend(0.0), uv[k], colors[k]));
        }
        self.mesh
            .indices
            .extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    /// A square of half-side `r` centred on `c` in one colour (with the disc
    /// texture: a circle of radius `r`).
    pub(crate) fn square(&mut self, c: Vec2, r: f32, color: Color) {
        self.quad(
            [
                c + vec2(-r, -r),
                c + vec2(r, -r),
                c + vec2(r, r),
                c + vec2(-r, r),
            ],
            [color; 4],
        );
    }

    /// The square of [`QuadBatch::square`] mapped by `shape` (pixels per unit of
    /// the unit square's half-side) about `c`: with the disc texture, an ellipse
    /// (a squashed or stretched ball). One quad, like a round ball.
    pub(crate) fn ellipse(&mut self, c: Vec2, shape: Mat2, color: Color) {
        self.quad(
            [
                c + shape * vec2(-1.0, -1.0),
                c + shape * vec2(1.0, -1.0),
                c + shape * vec2(1.0, 1.0),
                c + shape * vec2(-1.0, 1.0),
            ],
            [color; 4],
        );
    }

    /// Draws what is gathered.
    pub(crate) fn flush(&mut self) {
        if !self.mesh.vertices.is_empty() {
            if let Some(m) = &self.material {
                gl_use_material(m);
            }
            draw_mesh(&self.mesh);
            if self.material.is_some() {
                gl_use_default_material();
            }
            self.mesh.vertices.clear();
            self.mesh.indices.clear();
        }
    }
}

impl Drop for QuadBatch {
    fn drop(&mut self) {
        self.flush();
    }
}

// A cache of a texture made once (macroquad's textures live on the main thread):
// no setting or game state.
thread_local! {
    static DISC: OnceCell<Texture2D> = const { OnceCell::new() };
}

/// A white disc with a soft one-pixel edge, made once: tinted, it draws a ball.
pub(crate) fn disc_texture() -> Texture2D {
    DISC.with(|d| {
        d.get_or_init(|| {
            const N: u16 = 64;
            let mut px = Vec::with_capacity(usize::from(N) * usize::from(N) * 4);
            let half = f32::from(N) * 0.5;
            for y in 0..N {
                for x in 0..N {
                    let p = vec2(f32::from(x) + 0.5, f32::from(y) + 0.5) - Vec2::splat(half);
                    let a = (half - p.length()).clamp(0.0, 1.0);
                    px.extend_from_slice(&[255, 255, 255, (a * 255.0) as u8]);
                }
            }
            let t = Texture2D::from_rgba8(N, N, &px);
            t.set_filter(FilterMode::Linear);
            t
        })
        .clone()
    })
}

/// The corners of a ribbon from `a` to `b` (each a centre and a half width,
/// pixels), in the order a quad takes them: `a`'s left, `b`'s left, `b`'s right,
/// `a`'s right; `None` when the two centres are one point (no direction).
pub(crate) fn ribbon(a: (Vec2, f32), b: (Vec2, f32)) -> Option<[Vec2; 4]> {
    let d = b.0 - a.0;
    if d.length_squared() < 1e-4 {
        return None;
    }
    let side = d.normalize().perp();
    Some([
        a.0 + side * a.1,
        b.0 + side * b.1,
        b.0 - side * b.1,
        a.0 - side * a.1,
    ])
}
