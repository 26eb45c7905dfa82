//! The player's settings: volumes, sound, motion, contrast, the juice switches
//! and the key bindings, as the `settings` record (`volume = 7`, `juice.shake =
//! true`, `key.single.fire = Space`: see `format/` for the text, `storage.rs` for
//! where records live and `record.rs` for how a line that does not read is kept).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use super::Record;
use crate::app::feel::Juice;
use crate::app::input::Bindings;

/// The top of the volume settings' 0 to 10 range.
pub const MAX_VOLUME: u8 = 10;
/// The music volume of a new player, and of settings files from before music.
pub const DEFAULT_MUSIC_VOLUME: u8 = 5;

/// A volume setting one notch up or down, within 0 to [`MAX_VOLUME`].
pub fn nudge_volume(volume: u8, up: bool) -> u8 {
    if up {
        (volume + 1).min(MAX_VOLUME)
    } else {
        volume.saturating_sub(1)
    }
}

/// Player settings: a field is a line of the record, named as the field (a new
/// setting is a field here and its value in `Default`, which files from before
/// it get).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 0 to 10.
    #[serde(deserialize_with = "volume")]
    pub volume: u8,
    /// The music's own volume, 0 (off) to 10 (files from before music have none:
    /// [`DEFAULT_MUSIC_VOLUME`]).
    #[serde(deserialize_with = "volume")]
    pub music_volume: u8,
    /// Sound off.
    pub muted: bool,
    /// No screen shake or flashes (for players whom motion bothers).
    pub reduced_motion: bool,
    /// The owners in a colour pair far apart for colour-blind players (files
    /// from before it have none: off).
    pub high_contrast: bool,
    /// Which effects are on, as `juice.NAME` lines (files from before the Juice
    /// page have none: all on).
    #[serde(rename = "juice.")]
    pub juice: Juice,
    /// The game keys, as `key.SET.ACTION` lines (files from before rebinding have
    /// none: the defaults).
    #[serde(rename = "key.")]
    pub bindings: Bindings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            volume: 7,
            music_volume: DEFAULT_MUSIC_VOLUME,
            muted: false,
            reduced_motion: false,
            high_contrast: false,
            juice: Juice::default(),
            bindings: Bindings::default(),
        }
    }
}

impl Settings {
    /// The sound gain, 0 to 1: the volume, or 0 when muted.
    pub fn gain(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            f32::from(self.volume) / f32::from(MAX_VOLUME)
        }
    }

    /// The music's gain, 0 to 1: its volume, or 0 when muted ("Sound: off"
    /// silences everything).
    pub fn music_gain(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            f32::from(self.music_volume) / f32::from(MAX_VOLUME)
        }
    }
}

impl Record for Settings {}

/// A volume setting's value, 0 to [`MAX_VOLUME`].
fn volume<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = u8::deserialize(d)?;
    if v <= MAX_VOLUME {
        Ok(v)
    } else {
        Err(D::Error::custom(format!("`{v}` is over {MAX_VOLUME}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::feel::{Effect, EFFECTS};
    use crate::app::input::{Action, KeySet};

    /// A new player's settings, as the hand-written writer before serde wrote
    /// them: the derive writes the same bytes, in the same order.
    const DEFAULT_TEXT: &str = "volume = 7\nmusic_volume = 5\nmuted = false\n\
        reduced_motion = false\nhigh_contrast = false\njuice.flash = true\n\
        juice.shards = true\njuice.sparks = true\njuice.rings = true\njuice.shake = true\n\
        juice.trails = true\njuice.pops = true\njuice.recoil = true\njuice.shine = true\n\
        juice.squash = true\njuice.glow = true\njuice.hitstop = true\njuice.bars = true\n\
        juice.muzzle = true\njuice.glint = true\njuice.entrances = true\n\
        juice.ceremony = true\njuice.backdrop = true\njuice.catch_call = true\njuice.light = true\n\
        key.single.left = Left A\nkey.single.right = Right D\nkey.single.up = Up W\n\
        key.single.down = Down S\nkey.single.fire = Space\nkey.bottom.left = Left\n\
        key.bottom.right = Right\nkey.bottom.up = Up\nkey.bottom.down = Down\n\
        key.bottom.fire = Enter RightShift KpEnter\nkey.top.left = A\nkey.top.right = D\n\
        key.top.up = W\nkey.top.down = S\nkey.top.fire = Space LeftShift\n";

    #[test]
    fn settings_are_written_as_the_hand_written_writer_wrote_them() {
        assert_eq!(Settings::default().to_text(), DEFAULT_TEXT);
        assert_eq!(Settings::parse(DEFAULT_TEXT), Ok(Settings::default()));
    }

    #[test]
    fn juice_lines_round_trip_and_bad_ones_do_not_read() {
        let mut s = Settings::default();
        for e in [Effect::Shards, Effect::Trails, Effect::CatchCall] {
            s.juice.toggle(e);
        }
        let text = s.to_text();
        assert!(
            text.contains("juice.trails = false\njuice.pops = true\n"),
            "{text}"
        );
        assert!(text.contains("juice.catch_call = false\n"), "{text}");
        assert_eq!(Settings::parse(&text), Ok(s));
        // A file from before a switch has no line for it: on, while every switch
        // it does name reads as written.
        let mut off = Settings::default();
        for e in EFFECTS {
            off.juice.toggle(e);
        }
        let old: String = off
            .to_text()
            .lines()
            .filter(|l| !l.contains("catch_call"))
            .map(|l| format!("{l}\n"))
            .collect();
        let read = Settings::parse(&old).unwrap();
        assert!(read.juice.catch_call && !read.juice.shake && !read.juice.glint);
        for bad in ["juice.wobble = true", "juice.shake = yes", "shake = true"] {
            assert!(Settings::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn key_lines_round_trip_and_bad_ones_do_not_read() {
        let mut s = Settings::default();
        s.bindings
            .rebind(KeySet::TwoTop, Action::Left, "Key4")
            .unwrap();
        assert!(s.to_text().contains("key.top.left = Key4\n"));
        assert_eq!(Settings::parse(&s.to_text()), Ok(s));
        // One key line alone changes that action only.
        let one = Settings::parse("key.bottom.fire = J K\n").unwrap();
        let keys: Vec<_> = one.bindings.keys(KeySet::TwoBottom, Action::Fire).collect();
        assert_eq!(keys, ["J", "K"]);
        let rest: Vec<_> = one.bindings.keys(KeySet::TwoTop, Action::Fire).collect();
        assert_eq!(rest, ["Space", "LeftShift"]);
        for bad in [
            "key.top.jump = A",
            "key.top.left = Escape",
            "key.top.left = ",
            "key.top.left = A B C D",
            "key.sideways.left = A",
        ] {
            assert!(Settings::parse(bad).is_err(), "{bad}");
        }
    }
}
