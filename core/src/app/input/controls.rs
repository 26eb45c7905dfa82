//! Turning what the player's hands do into intents: keys (two sets, for two
//! players), the mouse and touch. Headless: the shell fills `HeldKeys` and
//! `Pointer` from macroquad each frame.

use glam::Vec2;

use crate::game::{Intent, PointerTarget};

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

/// The intent from the keys: opposite keys cancel.
pub fn intent_from_keys(keys: HeldKeys) -> Intent {
    let axis = |neg: bool, pos: bool| i8::from(pos) - i8::from(neg);
    Intent {
        dx: axis(keys.left, keys.right),
        dy: axis(keys.up, keys.down),
        fire: keys.fire,
        serve: keys.serve,
        target: None,
    }
}

/// The intent of a pointer: the paddle goes under it at once (inside its zone,
/// which the game keeps); a click or tap serves, a press fires.
pub fn intent_from_pointer(pointer: Pointer) -> Intent {
    Intent {
        fire: pointer.pressed,
        serve: pointer.just_pressed,
        target: Some(PointerTarget::at(pointer.position)),
        ..Intent::IDLE
    }
}

/// Keys and pointer (or keys and pad) together: keys win where they say
/// something, axis by axis; a direction from the keys drops the pointer's
/// target, so a key held moves the paddle at the keys' speed.
pub fn combine(keys: Intent, pointer: Option<Intent>) -> Intent {
    let Some(p) = pointer else { return keys };
    let keys_move = keys.dx != 0 || keys.dy != 0;
    Intent {
        dx: if keys.dx != 0 { keys.dx } else { p.dx },
        dy: if keys.dy != 0 { keys.dy } else { p.dy },
        fire: keys.fire || p.fire,
        serve: keys.serve || p.serve,
        target: if keys_move {
            None
        } else {
            keys.target.or(p.target)
        },
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
    fn pointer_asks_for_its_place_in_whole_arena_units() {
        let p = Pointer {
            position: Vec2::new(300.4, 940.6),
            pressed: false,
            just_pressed: true,
        };
        let i = intent_from_pointer(p);
        assert_eq!((i.dx, i.dy, i.serve, i.fire), (0, 0, true, false));
        assert_eq!(i.target, Some(PointerTarget { x: 300, y: 941 }));
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
            ..Intent::IDLE
        };
        assert_eq!(
            combine(keys, Some(pointer)),
            Intent {
                dx: 1,
                dy: 1,
                fire: true,
                ..Intent::IDLE
            }
        );
    }

    #[test]
    fn a_key_held_drops_the_pointer_target_and_a_still_key_keeps_it() {
        let mouse = intent_from_pointer(Pointer {
            position: Vec2::new(100.0, 900.0),
            pressed: true,
            just_pressed: false,
        });
        let left = Intent {
            dx: -1,
            ..Intent::IDLE
        };
        let both = combine(left, Some(mouse));
        assert_eq!((both.dx, both.target, both.fire), (-1, None, true));
        assert_eq!(combine(Intent::IDLE, Some(mouse)).target, mouse.target);
    }
}
