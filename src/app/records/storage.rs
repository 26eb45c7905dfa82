//! Records on disk (settings, high scores; the settings themselves are in
//! `settings.rs`): small text files in the user's data folder,
//! written atomically (a temporary file, then a rename), so a crash mid-write
//! never leaves a half file. A missing file means defaults; a corrupt one is
//! reported and replaced by defaults, never a crash.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::lines::{quote, read_all, LineRead};
use super::Way;

/// How many high scores are kept.
pub const HIGH_SCORE_SLOTS: usize = 10;

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

/// One high score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HighScore {
    /// Points.
    pub score: u32,
    /// How it was played: its table.
    pub way: Way,
    /// The level it ended on.
    pub level: String,
    /// The player's three letters (empty in tables saved before names).
    pub name: String,
}

/// The best scores, one table per way of playing (see [`Way::TABLES`]), each
/// highest first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HighScores {
    /// Every table's entries, highest first; at most [`HIGH_SCORE_SLOTS`] of
    /// each way.
    pub entries: Vec<HighScore>,
}

impl HighScores {
    /// The table of `way`, highest first.
    pub fn table(&self, way: Way) -> impl Iterator<Item = &HighScore> + '_ {
        self.entries.iter().filter(move |e| e.way == way)
    }

    /// The place (1 for the top) `score` would take in `way`'s table, or `None`
    /// when it would not enter: it must have scored, and beat the last of a
    /// full table (a tie keeps the older one), and the way must have a table.
    pub fn place(&self, way: Way, score: u32) -> Option<usize> {
        if score == 0 || !way.has_table() {
            return None;
        }
        let above = self.table(way).filter(|e| e.score >= score).count();
        (above < HIGH_SCORE_SLOTS).then_some(above + 1)
    }

    /// Whether `score` would enter `way`'s table.
    pub fn qualifies(&self, way: Way, score: u32) -> bool {
        self.place(way, score).is_some()
    }

    /// Adds a score in its place in its table (ties keep the older one first);
    /// returns whether it entered.
    pub fn add(&mut self, entry: HighScore) -> bool {
        if !self.qualifies(entry.way, entry.score) {
            return false;
        }
        let at = self
            .entries
            .iter()
            .position(|e| entry.score > e.score)
            .unwrap_or(self.entries.len());
        self.entries.insert(at, entry);
        // Drop the one pushed out of that table (the 11th of its way).
        let way = self.entries[at].way;
        if let Some(out) = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.way == way)
            .nth(HIGH_SCORE_SLOTS)
            .map(|(i, _)| i)
        {
            self.entries.remove(out);
        }
        true
    }

    /// The file's text: one `score<TAB>way<TAB>level<TAB>name` line each, `way`
    /// being a [`Way::key`].
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|e| {
                format!(
                    "{}\t{}\t{}\t{}\n",
                    e.score,
                    e.way.key(),
                    e.level.replace(['\t', '\n'], " "),
                    e.name.replace(['\t', '\n'], " ")
                )
            })
            .collect()
    }

    /// Reads the file's text. Tables from before the ways say `versus` for any
    /// CPU strength: those entries join the Normal table (see [`Way::from_key`]).
    pub fn parse(text: &str) -> Result<Self, String> {
        read_all(text, HighScores::read_line)
    }

    /// Reads one `score<TAB>way<TAB>level<TAB>name` line (see [`super::lines`]).
    /// A way this version does not know (or keeps no table for), or more fields
    /// than it writes, is kept as written, not shown.
    pub fn read_line(&mut self, line: &str) -> LineRead {
        let parts: Vec<&str> = line.split('\t').collect();
        let [score, way, level, ref rest @ ..] = parts[..] else {
            return LineRead::Bad(format!(
                "{} is not a score, way and level separated by tabs",
                quote(line)
            ));
        };
        if rest.len() > 1 {
            return LineRead::Unknown;
        }
        let Ok(score) = score.trim().parse() else {
            return LineRead::Bad(format!("{} is not a score", quote(score)));
        };
        // An old table's two-player entries have no table now: kept, not shown.
        let Some(way) = Way::from_key(way.trim()).filter(|w| w.has_table()) else {
            return LineRead::Unknown;
        };
        self.add(HighScore {
            score,
            way,
            level: level.to_owned(),
            name: rest.first().map_or_else(String::new, |n| (*n).to_owned()),
        });
        LineRead::Known
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
    use super::super::settings::{nudge_volume, Settings, DEFAULT_MUSIC_VOLUME};
    use super::*;
    use crate::app::feel::Juice;
    use crate::app::input::Bindings;

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
                way: Way::Solo,
                level: "L".into(),
                name: "ABC".into(),
            });
        }
        let scores: Vec<u32> = t.entries.iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![70, 50, 20, 8, 7, 6, 5, 4, 3, 2]);
        assert!(!t.qualifies(Way::Solo, 1) && t.qualifies(Way::Solo, 3));
        assert_eq!(t.place(Way::Solo, 60), Some(2));
        assert_eq!(HighScores::parse(&t.to_text()).unwrap(), t);
        let old = HighScores::parse("12\tsolo\tFunnel\n").unwrap();
        assert_eq!(
            old.entries[0].name, "",
            "tables from before names still load"
        );
    }

    #[test]
    fn high_scores_are_kept_per_way_and_old_versus_lines_join_normal() {
        let mut t = HighScores::default();
        let hard = Way::Versus(crate::game::Difficulty::Hard);
        for s in 1..=10 {
            t.add(HighScore {
                score: 100 + s,
                way: Way::Solo,
                level: "L".into(),
                name: "SOL".into(),
            });
        }
        // A full solo table does not keep a low versus score out of its own table.
        assert_eq!(t.place(hard, 12), Some(1));
        assert!(t.add(HighScore {
            score: 12,
            way: hard,
            level: "Hex Garden".into(),
            name: "VER".into(),
        }));
        assert_eq!(t.table(Way::Solo).count(), 10);
        assert_eq!(t.table(hard).count(), 1);
        assert!(!t.qualifies(Way::Solo, 50), "the solo table is full");
        assert!(
            !t.qualifies(Way::TwoPlayers, 50),
            "two players keep no table"
        );
        assert!(
            !t.qualifies(hard, 0),
            "a run that never scored enters nothing"
        );
        assert_eq!(HighScores::parse(&t.to_text()).unwrap(), t);
        assert!(t.to_text().contains("12\tversus-hard\tHex Garden\tVER\n"));
        // A table from before the ways: `versus` had no strength.
        let old = HighScores::parse("30\tversus\tFunnel\tBOB\n9\tsolo\tArc\tEVE\n").unwrap();
        let normal = Way::Versus(crate::game::Difficulty::Normal);
        assert_eq!(old.table(normal).map(|e| e.score).collect::<Vec<_>>(), [30]);
        assert_eq!(
            old.table(Way::Solo).map(|e| e.score).collect::<Vec<_>>(),
            [9]
        );
        assert!(HighScores::parse("3\tsideways\tL\n").is_err());
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
