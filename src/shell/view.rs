//! Where the arena sits in the window.

use arkanong::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

/// Where the arena sits in the window: letterboxed, aspect kept, shaken a little
/// on big events.
#[derive(Debug, Clone, Copy)]
pub(crate) struct View {
    /// Pixels per arena unit.
    pub(crate) scale: f32,
    /// Screen position of the arena's (0, 0).
    pub(crate) origin: Vec2,
}

impl View {
    /// Fits the arena in the window, with `shake` pixels of offset.
    pub(crate) fn fit(shake: Vec2) -> Self {
        let (w, h) = (screen_width(), screen_height());
        let scale = (w / ARENA_WIDTH).min(h / ARENA_HEIGHT);
        let origin = (vec2(w, h) - vec2(ARENA_WIDTH, ARENA_HEIGHT) * scale) * 0.5 + shake;
        Self { scale, origin }
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
