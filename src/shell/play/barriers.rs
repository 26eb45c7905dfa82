//! Hexagons and the other convex barriers, segment walls with round ends, and
//! the catch power-up's shield. A barrier just struck lights its edges, fading
//! (`app::feel::StruckEdges`, under `juice.flash`); a moving barrier shows its
//! path in a still frame: a dashed track from end to end of its glide with a
//! faint outline of itself at each end, and a faint ring where a spinning one
//! sweeps.

use arkanong_core::app::feel::StruckEdges;
use arkanong_core::game::{Game, ShapeRole};
use arkanong_core::geom::{ConvexPolygon, Segment};
use arkanong_core::physics::Collider;
use macroquad::prelude::*;

use crate::shell::shapes::{fill_polygon, outline_polygon};
use crate::shell::view::View;

/// The barriers' edge colour.
const EDGE: Color = Color::new(0.6, 0.7, 1.0, 1.0);

/// How lit a barrier's `collider` is by the strikes in `struck`, 0 to 1.
pub(crate) fn struck_light(struck: &StruckEdges, collider: &Collider) -> f32 {
    match collider {
        Collider::Polygon(p) => struck.light(|q| p.signed_distance(q).abs()),
        Collider::Segment(s) => struck.light(|q| s.closest_point(q).distance(q)),
    }
}

/// `EDGE` brightened toward white by `lit` (0 to 1).
fn lit_edge(lit: f32) -> Color {
    Color::new(
        EDGE.r + (1.0 - EDGE.r) * lit,
        EDGE.g + (1.0 - EDGE.g) * lit,
        EDGE.b + (1.0 - EDGE.b) * lit,
        1.0,
    )
}

/// How much a facet facing the light brightens (and one facing away darkens).
const FACET_SHADE: f32 = 0.35;

/// A barrier as a cut stone lit from above and a little from the left, as the
/// bricks' bevels are: each face, from the middle to one edge, shaded by how
/// that edge faces the light. Flat fills read as placeholders beside the
/// bevelled bricks (a newcomer's playtest, issue 41). Worked out on screen, so
/// the light stays above in a turned view too.
fn fill_faceted(view: &View, p: &ConvexPolygon, base: Color) {
    let v: Vec<Vec2> = p.vertices().iter().map(|&q| view.to_screen(q)).collect();
    if v.len() < 3 {
        return;
    }
    let centre = v.iter().copied().sum::<Vec2>() / v.len() as f32;
    let light = vec2(-0.4, -1.0).normalize();
    for (i, &a) in v.iter().enumerate() {
        let b = v[(i + 1) % v.len()];
        let mid = (a + b) * 0.5;
        let out = (mid - centre).normalize_or_zero();
        let shade = out.dot(light) * FACET_SHADE;
        let toward = if shade > 0.0 { 1.0 } else { 0.0 };
        let k = shade.abs();
        let color = Color {
            r: base.r + (toward - base.r) * k,
            g: base.g + (toward - base.g) * k,
            b: base.b + (toward - base.b) * k,
            a: base.a,
        };
        draw_triangle(centre, a, b, color);
    }
}

/// Hexagons and other barriers, and any shield; struck edges lit.
pub(crate) fn draw_barriers(view: &View, game: &Game, struck: &StruckEdges) {
    draw_paths(view, game);
    for (_, shape, role) in game.shapes() {
        if !matches!(role, ShapeRole::Barrier | ShapeRole::Shield(_)) {
            continue;
        }
        let lit = if matches!(role, ShapeRole::Barrier) {
            struck_light(struck, &shape.collider)
        } else {
            0.0
        };
        match &shape.collider {
            Collider::Polygon(p) => {
                if matches!(role, ShapeRole::Shield(_)) {
                    fill_polygon(view, p, Color::new(0.6, 1.0, 0.7, 0.7));
                } else {
                    let base = Color {
                        a: 0.85,
                        ..view.palette.barrier()
                    };
                    if view.palette.high_contrast {
                        fill_polygon(view, p, base);
                    } else {
                        fill_faceted(view, p, base);
                    }
                    outline_polygon(view, p, view.len(2.0 + 2.5 * lit), lit_edge(lit));
                }
            }
            Collider::Segment(s) => {
                // A wall of no thickness, drawn 4 units wide in the barriers' edge
                // colour, with round ends: balls bounce round them.
                let (a, b) = (view.to_screen(s.a), view.to_screen(s.b));
                let edge = lit_edge(lit);
                let w = 4.0 + 2.0 * lit;
                draw_line(a.x, a.y, b.x, b.y, view.len(w), edge);
                for end in [a, b] {
                    draw_circle(end.x, end.y, view.len(w * 0.5), edge);
                }
            }
        }
    }
}

/// A dashed line from `a` to `b`, pixels: dashes of `dash` with gaps as long.
fn dashed(a: Vec2, b: Vec2, dash: f32, width: f32, color: Color) {
    let length = a.distance(b);
    if length < 1.0 || dash <= 0.0 {
        return;
    }
    let dir = (b - a) / length;
    let mut t = 0.0;
    while t < length {
        let (p, q) = (a + dir * t, a + dir * (t + dash).min(length));
        draw_line(p.x, p.y, q.x, q.y, width, color);
        t += dash * 2.0;
    }
}

/// Each moving barrier's path (see the module's doc), under the barriers.
fn draw_paths(view: &View, game: &Game) {
    let track = Color { a: 0.45, ..EDGE };
    let ghost = Color { a: 0.22, ..EDGE };
    for path in game.barrier_paths() {
        let Some((_, shape, _)) = game.shapes().find(|(id, _, _)| *id == path.shape) else {
            continue;
        };
        if path.end != path.start {
            let (a, b) = (view.to_screen(path.start), view.to_screen(path.end));
            dashed(a, b, view.len(10.0).max(4.0), view.len(2.0).max(1.5), track);
            for end in [path.start, path.end] {
                let c = view.to_screen(end);
                draw_circle_lines(
                    c.x,
                    c.y,
                    view.len(6.0).max(3.0),
                    view.len(1.5).max(1.0),
                    track,
                );
                // The barrier itself there, as it is turned now.
                let d = end - path.now;
                match &shape.collider {
                    Collider::Polygon(p) => {
                        outline_polygon(view, &p.translated(d), view.len(1.5).max(1.0), ghost)
                    }
                    Collider::Segment(s) => {
                        let g = Segment::new(s.a + d, s.b + d);
                        let (a, b) = (view.to_screen(g.a), view.to_screen(g.b));
                        draw_line(a.x, a.y, b.x, b.y, view.len(3.0), ghost);
                    }
                }
            }
        }
        if path.spins {
            let reach = match &shape.collider {
                Collider::Polygon(p) => p
                    .vertices()
                    .iter()
                    .map(|v| v.distance(path.now))
                    .fold(0.0, f32::max),
                Collider::Segment(s) => s.a.distance(path.now).max(s.b.distance(path.now)),
            };
            let c = view.to_screen(path.now);
            draw_circle_lines(c.x, c.y, view.len(reach), view.len(1.5).max(1.0), ghost);
        }
    }
}
