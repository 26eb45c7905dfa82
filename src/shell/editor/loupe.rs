//! A magnifier above a finger on the editor's grid (issue 33). At a phone's
//! size a brick cell is about 24x11 px and a fingertip covers four rows of them,
//! so while a finger is down on the arena a square above it shows the grid
//! around the finger three times larger: the player sees which cell the stroke
//! paints and slides to the one they mean (a stroke is one undo step).
//!
//! A brush (and the capsule tool) paints [`PAINT_LIFT`] px above the fingertip,
//! not under it: the finger hid the very cell it painted. That point is marked
//! on the arena, in the air between the fingertip and the loupe, and is the
//! loupe's centre, its cell outlined there. Only cells and bricks are drawn in
//! the loupe, each cut to the square by hand (no scissor: that needs `unsafe`,
//! which the shell denies).

use arkanong_core::app::editor::{cell_at, Tool};
use arkanong_core::level::Level;
use macroquad::prelude::*;

use super::draw::draw_brick_marks;
use crate::shell::input::pointer;
use crate::shell::palette::ARENA;
use crate::shell::view::View;

/// How much larger the loupe shows the grid.
const ZOOM: f32 = 3.0;
/// The loupe's side, pixels.
const SIDE: f32 = 132.0;
/// The gap between the fingertip and the loupe, pixels: a fingertip's radius,
/// the painting point above it ([`PAINT_LIFT`]) and some air, so neither the
/// finger nor the loupe hides that point.
const LIFT: f32 = 44.0;
/// How far above a fingertip a brush paints, pixels: past the fingertip's
/// radius (about 20 px), where the eye sees it beside the finger.
pub(super) const PAINT_LIFT: f32 = 28.0;

/// Whether `tool` works on cells (a brick brush, the capsule tool): those
/// paint above a finger; the other tools place and grab where the finger is.
fn paints_cells(tool: Tool) -> bool {
    matches!(tool, Tool::Brick(_) | Tool::Capsule)
}

/// Where a pointer at `at` (pixels) works with `tool`: [`PAINT_LIFT`] above a
/// finger for a cell tool, else just there (a mouse's point is never hidden).
pub(super) fn working_point(at: Vec2, tool: Tool, finger: bool) -> Vec2 {
    if finger && paints_cells(tool) {
        at - vec2(0.0, PAINT_LIFT)
    } else {
        at
    }
}

/// Where the loupe goes for a finger at `finger` in a window `window` big:
/// above the finger, or below it where there is no room above; inside the
/// window.
fn loupe_rect(finger: Vec2, window: Vec2) -> Rect {
    let x = (finger.x - SIDE * 0.5).clamp(0.0, (window.x - SIDE).max(0.0));
    let above = finger.y - LIFT - SIDE;
    let y = if above >= 0.0 { above } else { finger.y + LIFT };
    Rect::new(x, y.min(window.y - SIDE), SIDE, SIDE)
}

/// `r` cut to `clip`, if anything of it is left.
fn clipped(r: Rect, clip: Rect) -> Option<Rect> {
    let (x0, y0) = (r.x.max(clip.x), r.y.max(clip.y));
    let (x1, y1) = (
        (r.x + r.w).min(clip.x + clip.w),
        (r.y + r.h).min(clip.y + clip.h),
    );
    (x1 > x0 && y1 > y0).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
}

/// Draws the loupe over `level` drawn in `view` while a finger is down on the
/// arena with `tool` (nothing with a mouse, or a finger elsewhere): centred on
/// the point the tool works at. Returns the cell marked there, if any.
pub(super) fn draw_loupe(view: &View, level: &Level, tool: Tool) -> Option<(usize, usize)> {
    let p = pointer();
    if !(p.down && p.touched) {
        return None;
    }
    let point = working_point(p.at, tool, true);
    let world = view.to_world(point);
    if !arkanong_core::level::arena().contains(world) {
        return None;
    }
    let area = loupe_rect(p.at, vec2(screen_width(), screen_height()));
    // The finger's point at the loupe's centre, everything ZOOM times larger.
    let scale = view.scale * ZOOM;
    let origin = vec2(area.x + area.w * 0.5, area.y + area.h * 0.5) - world * scale;
    let at = |v: Vec2| origin + v * scale;
    draw_rectangle(area.x, area.y, area.w, area.h, ARENA);
    let target = cell_at(level, world);
    for row in 0..level.bricks.rows {
        for column in 0..level.bricks.columns {
            let b = level.brick_rect(row, column);
            let (a, s) = (at(b.min), b.size() * scale);
            let cell = Rect::new(a.x, a.y, s.x, s.y);
            let Some(seen) = clipped(cell, area) else {
                continue;
            };
            draw_rectangle_lines(seen.x, seen.y, seen.w, seen.h, 1.0, super::draw::GRID_LINE);
            if let Some(brick) = level.bricks.get(row, column) {
                let fill = view.palette.brick(brick.kind, brick.kind.starting_hits());
                draw_rectangle(seen.x + 1.0, seen.y + 1.0, seen.w - 2.0, seen.h - 2.0, fill);
                if seen == cell {
                    draw_brick_marks(cell, (brick.kind, brick.power_up), view.palette);
                }
            }
            if target == Some((row, column)) {
                let c = super::draw::selected_color(view.palette);
                draw_rectangle_lines(seen.x, seen.y, seen.w, seen.h, 3.0, c);
            }
        }
    }
    // The working point, and the loupe's edge.
    let centre = vec2(area.x + area.w * 0.5, area.y + area.h * 0.5);
    draw_circle_lines(centre.x, centre.y, 4.0, 1.5, WHITE);
    draw_rectangle_lines(area.x, area.y, area.w, area.h, 2.0, WHITE);
    // The same point on the arena itself, above the fingertip, and its cell.
    if point != p.at {
        if let Some((row, column)) = target {
            let b = level.brick_rect(row, column);
            let (a, s) = (view.to_screen(b.min), view.len(1.0) * b.size());
            let c = super::draw::selected_color(view.palette);
            draw_rectangle_lines(a.x - 1.0, a.y - 1.0, s.x + 2.0, s.y + 2.0, 2.0, c);
        }
        draw_circle(point.x, point.y, 3.0, WHITE);
    }
    target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loupe_sits_above_the_finger_inside_the_window_or_below_it_at_the_top() {
        let window = vec2(390.0, 844.0);
        let r = loupe_rect(vec2(200.0, 400.0), window);
        assert!(r.y + r.h <= 400.0 - LIFT + 1e-3 && r.x <= 200.0 && r.x + r.w >= 200.0);
        // The point a brush paints lies between the fingertip and the loupe.
        let paint = working_point(vec2(200.0, 400.0), Tool::Capsule, true);
        assert!(
            paint.y < 400.0 - 20.0 && paint.y > r.y + r.h,
            "{paint} under {r:?}"
        );
        // At the window's right edge it stays inside.
        let r = loupe_rect(vec2(385.0, 400.0), window);
        assert!(r.x + r.w <= window.x + 1e-3);
        // Near the top there is no room above: below the finger, clear of it.
        let r = loupe_rect(vec2(200.0, 60.0), window);
        assert!(r.y >= 60.0 + LIFT - 1e-3);
    }

    #[test]
    fn a_finger_paints_above_itself_a_mouse_and_other_tools_where_they_are() {
        let at = vec2(100.0, 300.0);
        let brush = Tool::Brick(arkanong_core::app::editor::Paint::Empty);
        assert_eq!(
            working_point(at, brush, true),
            vec2(100.0, 300.0 - PAINT_LIFT)
        );
        assert_eq!(
            working_point(at, brush, false),
            at,
            "a mouse paints at its point"
        );
        assert_eq!(
            working_point(at, Tool::Select, true),
            at,
            "a grab is under the finger"
        );
    }

    #[test]
    fn clipped_cuts_to_the_loupe_and_drops_what_is_outside() {
        let clip = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert_eq!(
            clipped(Rect::new(5.0, 5.0, 10.0, 10.0), clip),
            Some(Rect::new(5.0, 5.0, 5.0, 5.0))
        );
        assert_eq!(clipped(Rect::new(20.0, 0.0, 5.0, 5.0), clip), None);
    }
}
