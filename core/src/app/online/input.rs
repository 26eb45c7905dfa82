//! A player's [`Intent`] as GGRS sends it: one byte.
//!
//! ```text
//! bit  0-1  dx: 0 still, 1 left, 2 right (3 is not an intent)
//! bit  2-3  dy: 0 still, 1 up, 2 down (3 is not an intent)
//! bit  4    fire
//! bit  5    serve
//! bit  6-7  always 0
//! ```
//!
//! The byte 0 is [`Intent::IDLE`]: GGRS uses the input type's default for a player
//! with no input yet and for a player who left, and it must mean "do nothing".

use crate::game::Intent;

/// One player's intent for one step, packed for the wire (see the module doc).
pub type PackedIntent = u8;

/// Packs an intent; directions outside -1..=1 are clamped first.
pub fn pack_intent(intent: Intent) -> PackedIntent {
    let i = intent.clamped();
    let axis = |d: i8| match d {
        -1 => 1,
        1 => 2,
        _ => 0,
    };
    axis(i.dx) | axis(i.dy) << 2 | u8::from(i.fire) << 4 | u8::from(i.serve) << 5
}

/// Unpacks a byte, or `None` when it is not one [`pack_intent`] makes (an axis of 3,
/// or one of the top two bits set): a peer that sends such a byte is broken or
/// hostile, and the caller decides what it means (see [`intent_or_idle`]).
pub fn unpack_intent(byte: PackedIntent) -> Option<Intent> {
    if byte >> 6 != 0 {
        return None;
    }
    let axis = |bits: u8| match bits & 3 {
        0 => Some(0),
        1 => Some(-1),
        2 => Some(1),
        _ => None,
    };
    Some(Intent {
        dx: axis(byte)?,
        dy: axis(byte >> 2)?,
        fire: byte & 1 << 4 != 0,
        serve: byte & 1 << 5 != 0,
    })
}

/// The intent a byte stands for, with [`Intent::IDLE`] for a byte that is not an
/// intent. Both sides of a match see the same confirmed bytes, so both read a bad
/// one the same way and the games stay equal.
pub fn intent_or_idle(byte: PackedIntent) -> Intent {
    unpack_intent(byte).unwrap_or(Intent::IDLE)
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
                        let i = Intent {
                            dx,
                            dy,
                            fire,
                            serve,
                        };
                        assert_eq!(unpack_intent(pack_intent(i)), Some(i));
                    }
                }
            }
        }
        assert_eq!(pack_intent(Intent::IDLE), 0);
        assert_eq!(unpack_intent(PackedIntent::default()), Some(Intent::IDLE));
    }

    #[test]
    fn unpack_intent_rejects_every_byte_pack_never_makes() {
        let made: Vec<u8> = (0..=255u8)
            .filter_map(unpack_intent)
            .map(pack_intent)
            .collect();
        assert_eq!(made.len(), 36, "3 x 3 directions x fire x serve");
        for byte in 0..=255u8 {
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
}
