//! The player's settings: volumes, sound, motion, contrast, the juice switches
//! and the key bindings, as the `settings` record's text (see `storage.rs` for
//! where records live and `lines.rs` for how a line that does not read is kept).

use super::lines::{quote, read_all, LineRead};
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

/// Player settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// 0 to 10.
    pub volume: u8,
    /// The music's own volume, 0 (off) to 10 (files from before music have none:
    /// [`DEFAULT_MUSIC_VOLUME`]).
    pub music_volume: u8,
    /// Sound off.
    pub muted: bool,
    /// No screen shake or flashes (for players whom motion bothers).
    pub reduced_motion: bool,
    /// The owners in a colour pair far apart for colour-blind players (files
    /// from before it have none: off).
    pub high_contrast: bool,
    /// Which effects are on (files from before the Juice page have none: all on).
    pub juice: Juice,
    /// The game keys (files from before rebinding have none: the defaults).
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

    /// The file's text.
    pub fn to_text(&self) -> String {
        format!(
            "volume = {}\nmusic_volume = {}\nmuted = {}\nreduced_motion = {}\nhigh_contrast = {}\n{}{}",
            self.volume,
            self.music_volume,
            self.muted,
            self.reduced_motion,
            self.high_contrast,
            self.juice.to_text(),
            self.bindings.to_text()
        )
    }

    /// Reads the file's text; unknown lines are an error.
    pub fn parse(text: &str) -> Result<Self, String> {
        read_all(text, Settings::read_line)
    }

    /// Reads one line of the file (see [`super::lines`]): a line that does not
    /// read leaves the settings as they were.
    pub fn read_line(&mut self, line: &str) -> LineRead {
        let bad = || LineRead::Bad(format!("{} is not a setting", quote(line)));
        let Some((k, v)) = line.split_once('=') else {
            return bad();
        };
        let (k, v) = (k.trim(), v.trim());
        let read = match k {
            "volume" => parse_volume(v).map(|v| self.volume = v),
            "music_volume" => parse_volume(v).map(|v| self.music_volume = v),
            "muted" => v.parse().ok().map(|v| self.muted = v),
            "reduced_motion" => v.parse().ok().map(|v| self.reduced_motion = v),
            "high_contrast" => v.parse().ok().map(|v| self.high_contrast = v),
            _ if self.juice.parse_line(k, v) || self.bindings.parse_line(k, v) => Some(()),
            // A juice switch or a key this version does not know, or a key line
            // that does not read (an unknown key name, a clash): kept as written.
            _ if k.starts_with("juice.") || k.starts_with("key.") => None,
            _ => return LineRead::Unknown,
        };
        read.map_or_else(bad, |()| LineRead::Known)
    }
}

/// A volume setting's value, 0 to [`MAX_VOLUME`].
fn parse_volume(v: &str) -> Option<u8> {
    v.parse::<u8>().ok().filter(|&v| v <= MAX_VOLUME)
}
