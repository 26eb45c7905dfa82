//! Where the arena sits in the window: the window-free layout
//! (`arkanong::app::layout`) applied to macroquad's window.

use std::sync::atomic::{AtomicBool, Ordering};

use arkanong::app::layout::Layout;
use macroquad::prelude::*;

/// Whether a finger has touched the window: such windows keep a touch strip.
static TOUCH_SEEN: AtomicBool = AtomicBool::new(false);

/// Notes that a finger touched the window (the layout then keeps a touch strip).
pub(crate) fn note_touch() {
    TOUCH_SEEN.store(true, Ordering::Relaxed);
}

/// The layout of the window as it is now.
pub(crate) fn window_layout() -> Layout {
    arkanong::app::layout::layout(
        vec2(screen_width(), screen_height()),
        TOUCH_SEEN.load(Ordering::Relaxed),
    )
}

/// Where the arena sits in the window (see [`window_layout`]), shaken a little on
/// big events.
#[derive(Debug, Clone, Copy)]
pub(crate) struct View {
    /// Pixels per arena unit.
    pub(crate) scale: f32,
    /// Screen position of the arena's (0, 0).
    pub(crate) origin: Vec2,
}

impl View {
    /// The arena's place in the window, with `shake` pixels of offset.
    pub(crate) fn fit(shake: Vec2) -> Self {
        let l = window_layout();
        Self {
            scale: l.scale,
            origin: l.origin + shake,
        }
    }

    /// Arena units to screen pixels.
    pub(crate) fn to_screen(self, p: Vec2) -> Vec2 {
        self.origin + p * self.scale
    }

    /// Screen pixels to arena units.
    pub(crate) fn to_world(self, p: Vec2) -> Vec2 {
        (p - self.origin) / self.scale
    }

    /// A length in arena units, in pixels.
    pub(crate) fn len(self, l: f32) -> f32 {
        l * self.scale
    }
}
