//! Where the arena sits in the window: the window-free layout
//! (`arkanong_core::app::layout`) applied to macroquad's window.

use std::sync::atomic::{AtomicBool, Ordering};

use arkanong_core::app::layout::Layout;
use arkanong_core::geom::Rect as ArenaRect;
use arkanong_core::level::Side;
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use super::palette::Palette;

/// Whether a finger has touched the window: such windows keep a touch strip.
static TOUCH_SEEN: AtomicBool = AtomicBool::new(false);

/// Notes that a finger touched the window (the layout then keeps a touch strip).
pub(crate) fn note_touch() {
    TOUCH_SEEN.store(true, Ordering::Relaxed);
}

/// Whether a finger has touched the window: the editor then sizes its buttons
/// and rows for a fingertip.
pub(crate) fn touch_seen() -> bool {
    TOUCH_SEEN.load(Ordering::Relaxed)
}

/// Whether a replay is being watched: the layout keeps room for its bar.
static WATCHING: AtomicBool = AtomicBool::new(false);

/// Notes whether a replay is being watched this frame (see [`window_layout`]).
pub(crate) fn note_watching(watching: bool) {
    WATCHING.store(watching, Ordering::Relaxed);
}

/// The layout of the window as it is now (while a replay is watched, the one
/// with room for its bar: `arkanong_core::app::play::watch_layout`).
pub(crate) fn window_layout() -> Layout {
    let window = vec2(screen_width(), screen_height());
    let touch = TOUCH_SEEN.load(Ordering::Relaxed);
    if WATCHING.load(Ordering::Relaxed) {
        arkanong_core::app::play::watch_layout(window, touch)
    } else {
        arkanong_core::app::layout::layout(window, touch)
    }
}

/// The arena point `p` turned half a turn about the arena's middle if `turned`
/// (its own inverse): where a turned view shows it, in unturned arena units.
pub(crate) fn turn_point(p: Vec2, turned: bool) -> Vec2 {
    if turned {
        vec2(ARENA_WIDTH, ARENA_HEIGHT) - p
    } else {
        p
    }
}

/// Where the arena sits in the window (see [`window_layout`]), shaken a little on
/// big events, and which way round: the one place that turns the arena half a
/// turn for an online joiner, whose paddle is the top one (so it is drawn at the
/// bottom of their screen, as the host's is on theirs). Everything drawn in
/// arena units goes through [`View::to_screen`], and text is placed at a turned
/// point but drawn upright; the pointer comes back through [`View::to_world`],
/// keys and pads through the play driver (`Hands::turned`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct View {
    /// Pixels per arena unit.
    pub(crate) scale: f32,
    /// Screen position of the arena's (0, 0) corner as it would be unturned: the
    /// arena's top-left on screen either way.
    pub(crate) origin: Vec2,
    /// Half a turn: the arena's (0, 0) at the bottom right of its place.
    pub(crate) turned: bool,
    /// The colours this frame is drawn in (from the settings, once a frame).
    pub(crate) palette: Palette,
}

impl View {
    /// The arena's place in the window, with `shake` pixels of offset, drawn in
    /// `palette`.
    pub(crate) fn fit(shake: Vec2, palette: Palette) -> Self {
        let l = window_layout();
        Self {
            scale: l.scale,
            origin: l.origin + shake,
            turned: false,
            palette,
        }
    }

    /// The same place, turned half a turn if `turned` (see the type's doc). Only
    /// an online joiner's view is turned, so without online play it is not built.
    #[cfg(feature = "online")]
    pub(crate) fn turned(self, turned: bool) -> Self {
        Self { turned, ..self }
    }

    /// The side whose goal is at the bottom of the screen: the player seeing it.
    pub(crate) fn near_side(self) -> Side {
        if self.turned {
            Side::Top
        } else {
            Side::Bottom
        }
    }

    /// An arena point as it sits in the (possibly turned) arena's frame.
    fn turn(self, p: Vec2) -> Vec2 {
        turn_point(p, self.turned)
    }

    /// Arena units to screen pixels.
    pub(crate) fn to_screen(self, p: Vec2) -> Vec2 {
        self.origin + self.turn(p) * self.scale
    }

    /// Screen pixels to arena units.
    pub(crate) fn to_world(self, p: Vec2) -> Vec2 {
        self.turn((p - self.origin) / self.scale)
    }

    /// An arena rectangle on screen, pixels (its corners swap places when turned).
    pub(crate) fn rect(self, r: ArenaRect) -> Rect {
        let (a, b) = (self.to_screen(r.min), self.to_screen(r.max));
        let min = a.min(b);
        let size = (a - b).abs();
        Rect::new(min.x, min.y, size.x, size.y)
    }

    /// A length in arena units, in pixels.
    pub(crate) fn len(self, l: f32) -> f32 {
        l * self.scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turned_view_puts_the_top_goal_at_the_bottom_and_reads_back() {
        let v = View {
            scale: 0.5,
            origin: vec2(10.0, 20.0),
            turned: true,
            palette: Palette::default(),
        };
        let w = vec2(ARENA_WIDTH, ARENA_HEIGHT);
        assert_eq!(v.to_screen(Vec2::ZERO), vec2(10.0, 20.0) + w * 0.5);
        assert_eq!(v.to_screen(w), vec2(10.0, 20.0));
        let p = vec2(123.0, 456.0);
        assert!(v.to_world(v.to_screen(p)).distance(p) < 1e-3);
        let r = v.rect(ArenaRect {
            min: vec2(0.0, 0.0),
            max: vec2(100.0, 40.0),
        });
        assert_eq!((r.x, r.y, r.w, r.h), (360.0, 500.0, 50.0, 20.0));
        assert_eq!(v.near_side(), Side::Top);
    }
}
