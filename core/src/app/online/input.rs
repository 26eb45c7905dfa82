//! A player's [`Intent`] as GGRS sends it: four bytes.
//!
//! ```text
//! bit  0-1    dx: 0 still, 1 left, 2 right (3 is not an intent)
//! bit  2-3    dy: 0 still, 1 up, 2 down (3 is not an intent)
//! bit  4      fire
//! bit  5      serve
//! bit  6      a pointer's target follows
//! bit  7      always 0
//! bit  8-17   the target's x, whole arena units (0 when bit 6 is clear)
//! bit 18-27   the target's y, whole arena units (0 when bit 6 is clear)
//! bit 28-31   always 0
//! ```
//!
//! The low byte is what the whole intent was before the pointer had a place
//! (one byte a step); the target rides above it, so a mouse player's paddle goes
//! where the mouse is on both machines, as a key's direction does.
//!
//! The word 0 is [`Intent::IDLE`]: GGRS uses the input type's default for a player
//! with no input yet and for a player who left, and it must mean "do nothing".

use crate::game::{Intent, PointerTarget};

/// One player's intent for one step, packed for the wire (see the module doc).
pub type PackedIntent = u32;

/// The target's flag bit.
const TARGET: u32 = 1 << 6;

/// Packs an intent; directions outside -1..=1 and places outside the arena are
/// clamped first.
pub fn pack_intent(intent: Intent) -> PackedIntent {
    let i = intent.clamped();
    let axis = |d: i8| match d {
        -1 => 1,
        1 => 2,
        _ => 0,
    };
    let keys = axis(i.dx) | axis(i.dy) << 2 | u32::from(i.fire) << 4 | u32::from(i.serve) << 5;
    match i.target {
        Some(t) => keys | TARGET | u32::from(t.x) << 8 | u32::from(t.y) << 18,
        None => keys,
    }
}

/// Unpacks a word, or `None` when it is not one [`pack_intent`] makes (an axis of
/// 3, a reserved bit set, a place without its flag or outside the arena): a peer
/// that sends such a word is broken or hostile, and the caller decides what it
/// means (see [`intent_or_idle`]).
pub fn unpack_intent(word: PackedIntent) -> Option<Intent> {
    if word & (1 << 7) != 0 || word >> 28 != 0 {
        return None;
    }
    let axis = |bits: u32| match bits & 3 {
        0 => Some(0),
        1 => Some(-1),
        2 => Some(1),
        _ => None,
    };
    let place = word >> 8;
    let target = match (word & TARGET != 0, place) {
        (true, _) => {
            let t = PointerTarget {
                x: (place & 0x3ff) as u16,
                y: (place >> 10) as u16,
            };
            Some(Some(t).filter(|t| t.clamped() == *t)?)
        }
        (false, 0) => None,
        (false, _) => return None,
    };
    Some(Intent {
        dx: axis(word)?,
        dy: axis(word >> 2)?,
        fire: word & 1 << 4 != 0,
        serve: word & 1 << 5 != 0,
        target,
    })
}

/// The intent a word stands for, with [`Intent::IDLE`] for a word that is not an
/// intent. Both sides of a match see the same confirmed words, so both read a bad
/// one the same way and the games stay equal.
pub fn intent_or_idle(word: PackedIntent) -> Intent {
    unpack_intent(word).unwrap_or(Intent::IDLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_intent_round_trips_every_intent_and_zero_is_idle() {
        for dx in -1..=1 {
            for dy in -1..=1 {
                for fire in [false, true] {
                    for serve in [false, true] {
                        for target in [None, Some(PointerTarget { x: 800, y: 1000 })] {
                            let i = Intent {
                                dx,
                                dy,
                                fire,
                                serve,
                                target,
                            };
                            assert_eq!(unpack_intent(pack_intent(i)), Some(i));
                        }
                    }
                }
            }
        }
        assert_eq!(pack_intent(Intent::IDLE), 0);
        assert_eq!(unpack_intent(PackedIntent::default()), Some(Intent::IDLE));
    }

    #[test]
    fn unpack_intent_rejects_every_byte_pack_never_makes() {
        let made: Vec<u32> = (0..=255u32)
            .filter_map(unpack_intent)
            .map(pack_intent)
            .collect();
        assert_eq!(
            made.len(),
            72,
            "3 x 3 directions x fire x serve x (0, 0) or not"
        );
        for byte in 0..=255u32 {
            let valid = made.contains(&byte);
            assert_eq!(unpack_intent(byte).is_some(), valid, "{byte:#04x}");
            if !valid {
                assert_eq!(intent_or_idle(byte), Intent::IDLE);
            }
        }
        let wild = Intent {
            dx: 9,
            dy: -7,
            ..Intent::IDLE
        };
        assert_eq!(unpack_intent(pack_intent(wild)), Some(wild.clamped()));
    }

    #[test]
    fn unpack_intent_refuses_a_place_outside_the_arena_or_without_its_flag() {
        let at = |x: u32, y: u32| TARGET | x << 8 | y << 18;
        assert!(unpack_intent(at(800, 1000)).is_some());
        assert_eq!(unpack_intent(at(801, 0)), None);
        assert_eq!(unpack_intent(at(0, 1001)), None);
        assert_eq!(unpack_intent(at(5, 5) & !TARGET), None, "no flag");
        assert_eq!(unpack_intent(at(5, 5) | 1 << 28), None, "a reserved bit");
    }
}
