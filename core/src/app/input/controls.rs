//! Turning what the player's hands do into intents: keys (two sets, for two
//! players), the mouse and touch. Headless: the shell fills `HeldKeys` and
//! `Pointer` from macroquad each frame.

use glam::Vec2;

use crate::game::Intent;

/// The game keys held down this frame, by meaning, for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HeldKeys {
    /// Move left.
    pub left: bool,
    /// Move right.
    pub right: bool,
    /// Move up.
    pub up: bool,
    /// Move down.
    pub down: bool,
    /// Fire (lasers, release a caught ball).
    pub fire: bool,
    /// Serve.
    pub serve: bool,
}

/// A pointer (mouse or finger) in arena units, and whether it is pressed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pointer {
    /// Where it is, in arena units.
    pub position: Vec2,
    /// Button or finger down.
    pub pressed: bool,
    /// Pressed this frame (a click or tap).
    pub just_pressed: bool,
}

/// How close (arena units) the paddle must be to the pointer before it stops
/// chasing it; less than one step of paddle travel, so it settles without jitter.
const POINTER_DEADZONE: f32 = 4.0;

/// The intent from the keys: opposite keys cancel.
pub fn intent_from_keys(keys: HeldKeys) -> Intent {
    let axis = |neg: bool, pos: bool| i8::from(pos) - i8::from(neg);
    Intent {
        dx: axis(keys.left, keys.right),
        dy: axis(keys.up, keys.down),
        fire: keys.fire,
        serve: keys.serve,
    }
}

/// The intent that brings a paddle at `paddle` toward the pointer: the paddle
/// follows the pointer's x (and y, inside its zone); a click or tap serves and fires.
pub fn intent_from_pointer(pointer: Pointer, paddle: Vec2) -> Intent {
    let d = pointer.position - paddle;
    let axis = |v: f32| {
        if v.abs() <= POINTER_DEADZONE {
            0
        } else {
            v.signum() as i8
        }
    };
    Intent {
        dx: axis(d.x),
        dy: axis(d.y),
        fire: pointer.pressed,
        serve: pointer.just_pressed,
    }
}

/// Keys and pointer together: keys win where they say something.
pub fn combine(keys: Intent, pointer: Option<Intent>) -> Intent {
    let Some(p) = pointer else { return keys };
    Intent {
        dx: if keys.dx != 0 { keys.dx } else { p.dx },
        dy: if keys.dy != 0 { keys.dy } else { p.dy },
        fire: keys.fire || p.fire,
        serve: keys.serve || p.serve,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_eight_directions_and_cancel() {
        let i = intent_from_keys(HeldKeys {
            left: true,
            up: true,
            ..HeldKeys::default()
        });
        assert_eq!((i.dx, i.dy), (-1, -1));
        let i = intent_from_keys(HeldKeys {
            left: true,
            right: true,
            serve: true,
            ..HeldKeys::default()
        });
        assert_eq!((i.dx, i.dy, i.serve), (0, 0, true));
    }

    #[test]
    fn pointer_pulls_the_paddle_and_settles_near_it() {
        let p = Pointer {
            position: Vec2::new(300.0, 940.0),
            pressed: false,
            just_pressed: true,
        };
        let i = intent_from_pointer(p, Vec2::new(400.0, 940.0));
        assert_eq!((i.dx, i.dy, i.serve, i.fire), (-1, 0, true, false));
        let near = intent_from_pointer(
            Pointer {
                position: Vec2::new(402.0, 940.0),
                ..p
            },
            Vec2::new(400.0, 940.0),
        );
        assert_eq!(near.dx, 0);
    }

    #[test]
    fn keys_override_the_pointer_axis_by_axis() {
        let keys = Intent {
            dx: 1,
            ..Intent::IDLE
        };
        let pointer = Intent {
            dx: -1,
            dy: 1,
            fire: true,
            serve: false,
        };
        assert_eq!(
            combine(keys, Some(pointer)),
            Intent {
                dx: 1,
                dy: 1,
                fire: true,
                serve: false
            }
        );
    }
}
