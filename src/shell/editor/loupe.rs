//! A magnifier above a finger on the editor's grid (issue 33). At a phone's
//! size a brick cell is about 24x11 px and a fingertip covers four rows of them,
//! so while a finger is down on the arena a square above it shows the grid
//! around the finger three times larger, the cell under the finger outlined: the
//! player sees which cell the stroke paints and slides to the one they mean
//! (a stroke is one undo step). Only cells and bricks are drawn in it, each cut
//! to the square by hand (no scissor: that needs `unsafe`, which the shell denies).

use arkanong::app::editor::cell_at;
use arkanong::level::Level;
use macroquad::prelude::*;

use super::draw::draw_brick_marks;
use crate::shell::input::pointer;
use crate::shell::palette::ARENA;
use crate::shell::view::View;

/// How much larger the loupe shows the grid.
const ZOOM: f32 = 3.0;
/// The loupe's side, pixels.
const SIDE: f32 = 132.0;
/// The gap between the fingertip and the loupe, pixels: a fingertip's radius
/// and some air, so the finger never hides it.
const LIFT: f32 = 36.0;

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
/// arena (nothing with a mouse, or a finger elsewhere).
pub(super) fn draw_loupe(view: &View, level: &Level) {
    let p = pointer();
    if !(p.down && p.touched) {
        return;
    }
    let world = view.to_world(p.at);
    if !arkanong::level::arena().contains(world) {
        return;
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
    // The finger's own point, and the loupe's edge.
    let centre = vec2(area.x + area.w * 0.5, area.y + area.h * 0.5);
    draw_circle_lines(centre.x, centre.y, 4.0, 1.5, WHITE);
    draw_rectangle_lines(area.x, area.y, area.w, area.h, 2.0, WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loupe_sits_above_the_finger_inside_the_window_or_below_it_at_the_top() {
        let window = vec2(390.0, 844.0);
        let r = loupe_rect(vec2(200.0, 400.0), window);
        assert!(r.y + r.h <= 400.0 - LIFT + 1e-3 && r.x <= 200.0 && r.x + r.w >= 200.0);
        // At the window's right edge it stays inside.
        let r = loupe_rect(vec2(385.0, 400.0), window);
        assert!(r.x + r.w <= window.x + 1e-3);
        // Near the top there is no room above: below the finger, clear of it.
        let r = loupe_rect(vec2(200.0, 60.0), window);
        assert!(r.y >= 60.0 + LIFT - 1e-3);
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
