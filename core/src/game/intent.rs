//! What a player wants this step: intents, not keys. The shell maps keys, mouse and
//! touch to intents; the CPU produces them directly; replays store them.
//!
//! Keys and pads ask for a direction (the paddle moves at `PADDLE_SPEED`); a
//! pointer asks for a place ([`Intent::target`]: the paddle goes there in one
//! step, inside its zone, as a mouse moves a paddle 1:1 in Arkanoid). The place is
//! in whole arena units, so it is an input like any other: replays write it,
//! online sends it, and both ends step the same game.

use glam::Vec2;

use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// Where a pointer asks a paddle to be, in whole arena units (`x` from the left
/// wall, `y` from the top goal), at most the arena's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointerTarget {
    /// Arena units from the left wall, `0..=ARENA_WIDTH`.
    pub x: u16,
    /// Arena units from the top goal line, `0..=ARENA_HEIGHT`.
    pub y: u16,
}

impl PointerTarget {
    /// The nearest target to `at` (arena units): rounded to whole units and kept
    /// inside the arena, so a pointer outside the window or a NaN still names a
    /// place in it (NaN reads as 0).
    pub fn at(at: Vec2) -> Self {
        let whole = |v: f32, max: f32| v.clamp(0.0, max).round() as u16;
        Self {
            x: whole(at.x, ARENA_WIDTH),
            y: whole(at.y, ARENA_HEIGHT),
        }
    }

    /// The target as a point, arena units.
    pub fn point(self) -> Vec2 {
        Vec2::new(f32::from(self.x), f32::from(self.y))
    }

    /// The same target kept inside the arena (a decoded replay or packet may say
    /// more).
    pub fn clamped(self) -> Self {
        Self {
            x: self.x.min(ARENA_WIDTH as u16),
            y: self.y.min(ARENA_HEIGHT as u16),
        }
    }
}

/// One player's intent for one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Intent {
    /// Horizontal direction: -1 left, 0 still, 1 right.
    pub dx: i8,
    /// Vertical direction: -1 up (toward y = 0), 0 still, 1 down.
    pub dy: i8,
    /// Fire: lasers, or release a caught ball.
    pub fire: bool,
    /// Serve a waiting ball.
    pub serve: bool,
    /// A pointer's place: the paddle goes there this step (inside its zone) and
    /// `dx`, `dy` are ignored. `None` for keys, pads and the CPU.
    pub target: Option<PointerTarget>,
}

impl Intent {
    /// Standing still, doing nothing.
    pub const IDLE: Intent = Intent {
        dx: 0,
        dy: 0,
        fire: false,
        serve: false,
        target: None,
    };

    /// The same intent with directions clamped to -1..=1 and the target inside
    /// the arena.
    pub fn clamped(self) -> Self {
        Self {
            dx: self.dx.clamp(-1, 1),
            dy: self.dy.clamp(-1, 1),
            target: self.target.map(PointerTarget::clamped),
            ..self
        }
    }
}

/// Both players' intents for one step: index 0 is the bottom player, 1 the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Inputs {
    /// Per player, by side index.
    pub players: [Intent; 2],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_target_outside_the_window_or_nan_names_a_place_in_the_arena() {
        let far = PointerTarget::at(Vec2::new(-5000.0, 1e9));
        assert_eq!((far.x, far.y), (0, ARENA_HEIGHT as u16));
        let nan = PointerTarget::at(Vec2::new(f32::NAN, 400.4));
        assert_eq!((nan.x, nan.y), (0, 400));
        let wild = PointerTarget {
            x: u16::MAX,
            y: u16::MAX,
        };
        assert_eq!(wild.clamped(), PointerTarget::at(Vec2::splat(1e6)));
    }
}
