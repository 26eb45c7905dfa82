//! Where pictures go beside a menu panel, worked out without a window: the
//! level select's large picture of the highlighted level, in the room the panel
//! leaves (to its right in a wide window, below it in a tall one).

use glam::Vec2;

use crate::geom::Rect;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// A picture smaller than this many pixels tall shows nothing the small ones
/// in the list do not; then none is drawn.
pub const MIN_PREVIEW_PX: f32 = 160.0;
/// The gap between the panel, the picture and the window's edges, pixels.
const PREVIEW_GAP: f32 = 16.0;

/// The largest rectangle of the arena's shape (800 by 1000) that fits in
/// `room` less a gap all round, centred in it; `None` when under
/// [`MIN_PREVIEW_PX`] tall.
fn fit_arena(room: Rect) -> Option<Rect> {
    let size = room.size() - Vec2::splat(2.0 * PREVIEW_GAP);
    let h = size.y.min(size.x * ARENA_HEIGHT / ARENA_WIDTH);
    if h < MIN_PREVIEW_PX {
        return None;
    }
    let picture = Vec2::new(h * ARENA_WIDTH / ARENA_HEIGHT, h);
    let corner = room.min + (room.size() - picture) * 0.5;
    Some(Rect::new(corner, corner + picture))
}

/// Where the level select draws the highlighted level large, in a `window` of
/// pixels whose menu panel is `panel`: the bigger of the room right of the panel
/// and the room below it, or `None` when neither holds a useful picture (a
/// portrait window whose level list fills it).
pub fn preview_spot(window: Vec2, panel: Rect) -> Option<Rect> {
    // Beside the panel, no taller than it: on a 4K monitor the room right of the
    // list would otherwise hold a picture far larger than the list.
    let right = Rect::new(
        Vec2::new(panel.max.x, panel.min.y - PREVIEW_GAP),
        Vec2::new(window.x, (panel.max.y + PREVIEW_GAP).min(window.y)),
    );
    let below = Rect::new(Vec2::new(0.0, panel.max.y), window);
    let area = |r: &Option<Rect>| r.map_or(0.0, |r| r.size().x * r.size().y);
    let (a, b) = (fit_arena(right), fit_arena(below));
    if area(&a) >= area(&b) {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panel(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::new(Vec2::new(x, y), Vec2::new(x + w, y + h))
    }

    fn inside(r: Rect, window: Vec2) -> bool {
        r.min.x >= 0.0 && r.min.y >= 0.0 && r.max.x <= window.x && r.max.y <= window.y
    }

    fn apart(a: Rect, b: Rect) -> bool {
        a.max.x <= b.min.x || b.max.x <= a.min.x || a.max.y <= b.min.y || b.max.y <= a.min.y
    }

    #[test]
    fn preview_spot_right_of_the_panel_in_a_landscape_window() {
        // The level select's panel at 1280x720 (about 460 wide, centred).
        let window = Vec2::new(1280.0, 720.0);
        let p = panel(410.0, 60.0, 460.0, 620.0);
        let spot = preview_spot(window, p).expect("room for a picture");
        assert!(inside(spot, window) && apart(spot, p), "{spot:?}");
        assert!(spot.min.x >= p.max.x + PREVIEW_GAP - 0.01);
        let s = spot.size();
        assert!((s.x / s.y - ARENA_WIDTH / ARENA_HEIGHT).abs() < 1e-4);
        assert!(s.y > 300.0, "a large picture: {s:?}");
    }

    #[test]
    fn preview_spot_no_taller_than_the_list_on_a_4k_monitor() {
        let window = Vec2::new(3840.0, 2160.0);
        let p = panel(1500.0, 200.0, 840.0, 1000.0);
        let spot = preview_spot(window, p).expect("room for a picture");
        assert!(inside(spot, window) && apart(spot, p), "{spot:?}");
        assert!(
            spot.size().y <= p.size().y + 1e-3,
            "{spot:?} taller than the list"
        );
        assert!(spot.min.y >= p.min.y - PREVIEW_GAP && spot.max.y <= p.max.y + PREVIEW_GAP);
    }

    #[test]
    fn preview_spot_below_the_panel_on_a_phone() {
        // The level select's panel at 390x844 ends about 440 px down.
        let window = Vec2::new(390.0, 844.0);
        let p = panel(25.0, 145.0, 340.0, 300.0);
        let spot = preview_spot(window, p).expect("room below");
        assert!(inside(spot, window) && apart(spot, p), "{spot:?}");
        assert!(spot.min.y >= p.max.y);
    }

    #[test]
    fn preview_spot_none_when_the_list_fills_the_window() {
        // 720x900: the list of 13 levels reaches 760 px down, 450 px wide.
        let window = Vec2::new(720.0, 900.0);
        assert_eq!(
            preview_spot(window, panel(135.0, 150.0, 450.0, 612.0)),
            None
        );
        assert_eq!(preview_spot(window, panel(0.0, 0.0, 720.0, 900.0)), None);
    }
}
