//! Settings and high scores on disk: small text files in the user's data folder,
//! written atomically (a temporary file, then a rename), so a crash mid-write
//! never leaves a half file. A missing file means defaults; a corrupt one is
//! reported and replaced by defaults, never a crash.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::app::feel::Juice;
use crate::app::input::Bindings;

/// How many high scores are kept.
pub const HIGH_SCORE_SLOTS: usize = 10;

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

/// The folder for Arkanong's files: `ARKANONG_DATA_DIR` if set, else the
/// platform's user data folder.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("ARKANONG_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if cfg!(target_os = "windows") {
        std::env::var_os("APPDATA").map(|d| PathBuf::from(d).join("Arkanong"))
    } else if cfg!(target_os = "macos") {
        home.map(|h| h.join("Library/Application Support/Arkanong"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| home.map(|h| h.join(".local/share")))
            .map(|d| d.join("arkanong"))
    }
}

/// Writes `contents` to `path` atomically: into a temporary file beside it, flushed
/// to disk, then renamed over the old file.
pub fn save_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads a named record (`settings`, `scores`): `NAME.txt` in [`data_dir`] on the
/// desktop, the `arkanong.NAME` entry of localStorage in the browser. `Ok(None)`
/// when there is none yet.
pub fn read_record(name: &str) -> Result<Option<String>, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let storage = quad_storage::STORAGE.lock().map_err(|e| e.to_string())?;
        Ok(storage.get(&format!("arkanong.{name}")))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let Some(dir) = data_dir() else {
            return Ok(None);
        };
        let path = dir.join(format!("{name}.txt"));
        match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| format!("{}: not UTF-8 text", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }
}

/// Writes a named record (see [`read_record`]); atomically on the desktop.
pub fn write_record(name: &str, text: &str) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        let mut storage = quad_storage::STORAGE.lock().map_err(|e| e.to_string())?;
        storage.set(&format!("arkanong.{name}"), text);
        Ok(())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let dir = data_dir().ok_or("no user data folder (set ARKANONG_DATA_DIR)")?;
        let path = dir.join(format!("{name}.txt"));
        save_atomic(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Loads a named record with `parse`: defaults when there is none, defaults and a
/// message when it is unreadable or corrupt.
pub fn load_record<T: Default>(
    name: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> (T, Option<String>) {
    match read_record(name) {
        Ok(None) => (T::default(), None),
        Ok(Some(text)) => match parse(&text) {
            Ok(v) => (v, None),
            Err(e) => (
                T::default(),
                Some(format!("saved {name} ignored ({e}); using defaults")),
            ),
        },
        Err(e) => (
            T::default(),
            Some(format!("cannot read saved {name} ({e}); using defaults")),
        ),
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
        let mut s = Settings::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let bad = || format!("line {}: `{line}` is not a setting", n + 1);
            let (k, v) = line.split_once('=').ok_or_else(bad)?;
            match (k.trim(), v.trim()) {
                ("volume", v) => s.volume = parse_volume(v).ok_or_else(bad)?,
                ("music_volume", v) => s.music_volume = parse_volume(v).ok_or_else(bad)?,
                ("muted", v) => s.muted = v.parse().map_err(|_| bad())?,
                ("reduced_motion", v) => s.reduced_motion = v.parse().map_err(|_| bad())?,
                ("high_contrast", v) => s.high_contrast = v.parse().map_err(|_| bad())?,
                (k, v) if s.juice.parse_line(k, v) => {}
                // A key line that does not read falls through to the error below.
                (k, v) if s.bindings.parse_line(k, v) => {}
                _ => return Err(bad()),
            }
        }
        Ok(s)
    }
}

/// A volume setting's value, 0 to [`MAX_VOLUME`].
fn parse_volume(v: &str) -> Option<u8> {
    v.parse::<u8>().ok().filter(|&v| v <= MAX_VOLUME)
}

/// One high score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HighScore {
    /// Points.
    pub score: u32,
    /// `solo`, `versus` or `two players`.
    pub mode: String,
    /// The level it ended on.
    pub level: String,
    /// The player's three letters (empty in tables saved before names).
    pub name: String,
}

/// The best scores, highest first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HighScores {
    /// At most [`HIGH_SCORE_SLOTS`] entries.
    pub entries: Vec<HighScore>,
}

impl HighScores {
    /// Whether `score` would enter the table.
    pub fn qualifies(&self, score: u32) -> bool {
        score > 0
            && (self.entries.len() < HIGH_SCORE_SLOTS
                || self.entries.last().is_some_and(|e| score > e.score))
    }

    /// Adds a score in its place (ties keep the older one first); returns whether
    /// it entered the table.
    pub fn add(&mut self, entry: HighScore) -> bool {
        if !self.qualifies(entry.score) {
            return false;
        }
        let at = self
            .entries
            .iter()
            .position(|e| entry.score > e.score)
            .unwrap_or(self.entries.len());
        self.entries.insert(at, entry);
        self.entries.truncate(HIGH_SCORE_SLOTS);
        true
    }

    /// The file's text: one `score<TAB>mode<TAB>level<TAB>name` line each.
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|e| {
                format!(
                    "{}\t{}\t{}\t{}\n",
                    e.score,
                    e.mode,
                    e.level.replace(['\t', '\n'], " "),
                    e.name.replace(['\t', '\n'], " ")
                )
            })
            .collect()
    }

    /// Reads the file's text.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut table = HighScores::default();
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let mut parts = line.split('\t');
            let (Some(score), Some(mode), Some(level)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(format!(
                    "line {}: expected score, mode and level separated by tabs",
                    n + 1
                ));
            };
            let score = score
                .trim()
                .parse()
                .map_err(|_| format!("line {}: `{score}` is not a score", n + 1))?;
            table.add(HighScore {
                score,
                mode: mode.to_owned(),
                level: level.to_owned(),
                name: parts.next().unwrap_or_default().to_owned(),
            });
        }
        Ok(table)
    }
}

/// Loads a file with `parse`: defaults when missing, defaults and a message when
/// unreadable or corrupt.
pub fn load_or_default<T: Default>(
    path: &Path,
    parse: impl Fn(&str) -> Result<T, String>,
) -> (T, Option<String>) {
    match std::fs::read_to_string(path) {
        Ok(text) => match parse(&text) {
            Ok(v) => (v, None),
            Err(e) => (
                T::default(),
                Some(format!("{}: ignored ({e}); using defaults", path.display())),
            ),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (T::default(), None),
        Err(e) => (
            T::default(),
            Some(format!(
                "{}: cannot read ({e}); using defaults",
                path.display()
            )),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arkanong-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn settings_round_trip_through_an_atomic_write() {
        let path = temp_dir("settings").join("settings.txt");
        let s = Settings {
            volume: 3,
            music_volume: 0,
            muted: true,
            reduced_motion: true,
            high_contrast: true,
            juice: Juice {
                shake: false,
                trails: false,
                ..Juice::default()
            },
            bindings: Bindings::default(),
        };
        save_atomic(&path, &s.to_text()).unwrap();
        assert!(!path.with_extension("tmp").exists());
        assert_eq!(load_or_default(&path, Settings::parse), (s, None));
    }

    #[test]
    fn corrupt_or_missing_files_give_defaults_and_a_message() {
        let dir = temp_dir("corrupt");
        let (s, msg) = load_or_default(&dir.join("none.txt"), Settings::parse);
        assert_eq!((s, msg), (Settings::default(), None));
        std::fs::write(dir.join("bad.txt"), "volume = loud\n").unwrap();
        let (s, msg) = load_or_default(&dir.join("bad.txt"), Settings::parse);
        assert_eq!(s, Settings::default());
        assert!(msg.unwrap().contains("line 1"));
        std::fs::write(dir.join("scores.txt"), [0xff, 0xfe, 0x00]).unwrap();
        let (t, msg) = load_or_default(&dir.join("scores.txt"), HighScores::parse);
        assert!(t.entries.is_empty() && msg.is_some());
    }

    #[test]
    fn high_scores_keep_the_best_ten_in_order() {
        let mut t = HighScores::default();
        for s in [5, 50, 20, 0, 70, 1, 2, 3, 4, 6, 7, 8] {
            t.add(HighScore {
                score: s,
                mode: "solo".into(),
                level: "L".into(),
                name: "ABC".into(),
            });
        }
        let scores: Vec<u32> = t.entries.iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![70, 50, 20, 8, 7, 6, 5, 4, 3, 2]);
        assert!(!t.qualifies(1) && t.qualifies(3));
        assert_eq!(HighScores::parse(&t.to_text()).unwrap(), t);
        let old = HighScores::parse("12\tsolo\tFunnel\n").unwrap();
        assert_eq!(
            old.entries[0].name, "",
            "tables from before names still load"
        );
    }

    #[test]
    fn settings_keep_rebound_keys_and_old_files_load() {
        use crate::app::{input::Action, input::KeySet};
        let mut s = Settings::default();
        s.bindings
            .rebind(KeySet::Single, Action::Fire, "J")
            .unwrap();
        assert_eq!(Settings::parse(&s.to_text()), Ok(s));
        // A file saved before rebinding existed: the default keys.
        let old = Settings::parse("volume = 4\nmuted = false\nreduced_motion = true\n").unwrap();
        assert_eq!((old.volume, old.bindings), (4, Bindings::default()));
        assert!(Settings::parse("key.single.fire = Escape\n").is_err());
    }

    #[test]
    fn high_contrast_round_trips_and_old_files_have_it_off() {
        let s = Settings {
            high_contrast: true,
            ..Settings::default()
        };
        assert!(s.to_text().contains("high_contrast = true"));
        assert_eq!(Settings::parse(&s.to_text()), Ok(s));
        // A file saved before the setting existed: off, everything else kept.
        let old = Settings::parse("volume = 4\nmuted = true\nreduced_motion = true\n").unwrap();
        assert!(!old.high_contrast && old.muted && old.reduced_motion);
        assert!(Settings::parse("high_contrast = maybe\n").is_err());
        // Nor the Juice page: every effect on.
        assert_eq!(old.juice, Juice::default());
        assert!(Settings::parse("juice.wobble = true\n").is_err());
        // A file from before the score pop-ups' switch: they are on.
        let older = Settings::parse("juice.shake = false\n").unwrap();
        assert!(older.juice.pops && older.juice.recoil && older.juice.shine && !older.juice.shake);
    }

    #[test]
    fn music_volume_round_trips_mutes_with_sound_and_old_files_get_the_default() {
        let s = Settings {
            music_volume: 9,
            ..Settings::default()
        };
        assert!(s.to_text().contains("music_volume = 9"));
        assert_eq!(Settings::parse(&s.to_text()), Ok(s));
        assert!((s.music_gain() - 0.9).abs() < 1e-6);
        // A file saved before music: the default, everything else kept.
        let old = Settings::parse("volume = 4\nmuted = false\nreduced_motion = true\n").unwrap();
        assert_eq!((old.volume, old.music_volume), (4, DEFAULT_MUSIC_VOLUME));
        // Sound off silences the music too; music 0 is off on its own.
        let muted = Settings { muted: true, ..s };
        assert_eq!((muted.music_gain(), muted.gain()), (0.0, 0.0));
        let off = Settings {
            music_volume: 0,
            ..Settings::default()
        };
        assert!(off.music_gain() == 0.0 && off.gain() > 0.0);
        assert!(Settings::parse("music_volume = 11\n").is_err());
        assert!(Settings::parse("music_volume = loud\n").is_err());
        assert_eq!(
            (
                nudge_volume(10, true),
                nudge_volume(0, false),
                nudge_volume(4, true)
            ),
            (10, 0, 5)
        );
    }
}
