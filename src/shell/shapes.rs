//! Filled and outlined shapes, the pieces every picture is made of: polygons and
//! rectangles in arena units (through the [`View`]), and pills in pixels. The
//! frame's layers (`play/`), the editor and the lab all draw with these.

use arkanong_core::geom::{ConvexPolygon, Rect as ArenaRect};
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::view::View;

/// A convex polygon in arena units, filled.
pub(crate) fn fill_polygon(view: &View, poly: &ConvexPolygon, color: Color) {
    let v: Vec<Vec2> = poly.vertices().iter().map(|&p| view.to_screen(p)).collect();
    for i in 1..v.len() - 1 {
        draw_triangle(v[0], v[i], v[i + 1], color);
    }
}

/// A convex polygon in arena units, outlined `thickness` pixels wide.
pub(crate) fn outline_polygon(view: &View, poly: &ConvexPolygon, thickness: f32, color: Color) {
    let v = poly.vertices();
    for i in 0..v.len() {
        let (a, b) = (view.to_screen(v[i]), view.to_screen(v[(i + 1) % v.len()]));
        draw_line(a.x, a.y, b.x, b.y, thickness, color);
    }
}

/// The whole arena's rectangle in one colour.
pub(crate) fn fill_arena(view: &View, color: Color) {
    let r = view.rect(ArenaRect {
        min: Vec2::ZERO,
        max: vec2(ARENA_WIDTH, ARENA_HEIGHT),
    });
    draw_rectangle(r.x, r.y, r.w, r.h, color);
}

/// A rectangle in arena units, filled on screen (at least a pixel each way, so a
/// nearly spent bar still shows).
pub(crate) fn fill_arena_rect(view: &View, r: ArenaRect, color: Color) {
    // Snapped to whole pixels across the thin way, so stacked bars keep even gaps.
    let s = view.rect(r);
    let (y0, y1) = (s.y.round(), (s.y + s.h).round());
    draw_rectangle(s.x, y0, s.w.max(1.0), (y1 - y0).max(1.0), color);
}

/// A pill (a rounded capsule) `w` by `h` pixels centred on `c`.
pub(crate) fn draw_pill(c: Vec2, w: f32, h: f32, color: Color) {
    let r = h * 0.5;
    draw_rectangle(c.x - w * 0.5 + r, c.y - r, (w - h).max(0.0), h, color);
    draw_circle(c.x - w * 0.5 + r, c.y, r, color);
    draw_circle(c.x + w * 0.5 - r, c.y, r, color);
}

/// A rectangle's edge `px` pixels wide, inside `r`. Not macroquad's
/// `draw_rectangle_lines`: it puts half its thickness inside, so a 1 px line
/// is half a pixel and vanishes wherever no pixel's centre falls in it (the
/// Community page's buttons lost their bottom edge, and its picture box, at
/// 1280x720). Here each side is `px` whole pixels of `r` snapped to pixels.
pub(crate) fn draw_edge(r: Rect, px: f32, color: Color) {
    let (x0, y0) = (r.x.round(), r.y.round());
    let (x1, y1) = ((r.x + r.w).round(), (r.y + r.h).round());
    let t = px
        .round()
        .max(1.0)
        .min((x1 - x0) * 0.5)
        .min((y1 - y0) * 0.5);
    draw_rectangle(x0, y0, x1 - x0, t, color);
    draw_rectangle(x0, y1 - t, x1 - x0, t, color);
    draw_rectangle(x0, y0 + t, t, y1 - y0 - 2.0 * t, color);
    draw_rectangle(x1 - t, y0 + t, t, y1 - y0 - 2.0 * t, color);
}
