//! A way of playing, as the records keep it: solo, versus the CPU at one of its
//! strengths, or two players. Bests and high-score tables are kept per way, so a
//! two-player game never shows as a solo best and an easy CPU's loss never
//! pushes a hard one's win out of its table.

use std::cmp::Ordering;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::Difficulty;

/// A way of playing. (The menus' `PlayMode` says who plays; this adds the CPU's
/// strength, which is what makes two versus scores comparable.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// One player against the bricks.
    Solo,
    /// One player against the CPU at this strength.
    Versus(Difficulty),
    /// Two people on one keyboard.
    TwoPlayers,
}

impl Way {
    /// Every way, in the order the high-score screen pages through them.
    pub const ALL: [Way; 5] = [
        Way::Solo,
        Way::Versus(Difficulty::Easy),
        Way::Versus(Difficulty::Normal),
        Way::Versus(Difficulty::Hard),
        Way::TwoPlayers,
    ];

    /// The ways with a high-score table: one player each (a two-player game has
    /// two names and two scores, so it keeps only a best per level).
    pub const TABLES: [Way; 4] = [
        Way::Solo,
        Way::Versus(Difficulty::Easy),
        Way::Versus(Difficulty::Normal),
        Way::Versus(Difficulty::Hard),
    ];

    /// Its word in the records (`solo`, `versus-easy`, `versus-normal`,
    /// `versus-hard`, `two-players`): a file format's key, never renamed.
    pub fn key(self) -> &'static str {
        match self {
            Way::Solo => "solo",
            Way::Versus(Difficulty::Easy) => "versus-easy",
            Way::Versus(Difficulty::Normal) => "versus-normal",
            Way::Versus(Difficulty::Hard) => "versus-hard",
            Way::TwoPlayers => "two-players",
        }
    }

    /// The way a record's word names. Records from before the ways also say
    /// `versus` (the CPU's strength was not kept; read as Normal, the strength
    /// a new player starts with) and `two players`.
    pub fn from_key(key: &str) -> Option<Way> {
        match key {
            "versus" => Some(Way::Versus(Difficulty::Normal)),
            "two players" => Some(Way::TwoPlayers),
            _ => Way::ALL.into_iter().find(|w| w.key() == key),
        }
    }

    /// How a player would name it ("Versus the CPU (hard)").
    pub fn name(self) -> &'static str {
        match self {
            Way::Solo => "Solo",
            Way::Versus(Difficulty::Easy) => "Versus the CPU (easy)",
            Way::Versus(Difficulty::Normal) => "Versus the CPU (normal)",
            Way::Versus(Difficulty::Hard) => "Versus the CPU (hard)",
            Way::TwoPlayers => "Two players",
        }
    }

    /// Whether it has a high-score table (see [`Way::TABLES`]).
    pub fn has_table(self) -> bool {
        self != Way::TwoPlayers
    }

    /// Its place in [`Way::ALL`], which orders the records.
    fn index(self) -> usize {
        Way::ALL.iter().position(|&w| w == self).unwrap_or(0)
    }
}

impl PartialOrd for Way {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Way {
    fn cmp(&self, other: &Self) -> Ordering {
        self.index().cmp(&other.index())
    }
}

/// A way in a record is its [`Way::key`].
impl Serialize for Way {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// A way in a record: any word [`Way::from_key`] reads; another is a newer
/// version's way (an unknown variant, so its line is kept as written).
impl<'de> Deserialize<'de> for Way {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Word;
        impl Visitor<'_> for Word {
            type Value = Way;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a way of playing")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Way, E> {
                // The expected list is only for messages, which the line says.
                Way::from_key(v.trim()).ok_or_else(|| E::unknown_variant(v, &[]))
            }
        }
        d.deserialize_str(Word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn way_keys_round_trip_and_old_words_still_read() {
        for w in Way::ALL {
            assert_eq!(Way::from_key(w.key()), Some(w));
        }
        assert_eq!(
            Way::from_key("versus"),
            Some(Way::Versus(Difficulty::Normal))
        );
        assert_eq!(Way::from_key("two players"), Some(Way::TwoPlayers));
        assert_eq!(Way::from_key("versus-impossible"), None);
        assert!(Way::TABLES.iter().all(|w| w.has_table()));
        assert!(!Way::TwoPlayers.has_table());
    }
}
