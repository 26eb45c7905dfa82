//! The record layer under every record (settings, high scores, progress; the
//! records themselves are in `settings.rs`, `scores.rs` and `progress.rs`): small
//! text files in the user's data folder,
//! written atomically (a temporary file, then a rename), so a crash mid-write
//! never leaves a half file. A missing file means defaults; a corrupt one is
//! reported and replaced by defaults, never a crash.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder for Arkanong's files: `ARKANONG_DATA_DIR` if set, else
/// [`platform_data_dir`].
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os("ARKANONG_DATA_DIR") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => platform_data_dir(),
    }
}

/// Our folder in the platform's user data folder, as `directories` finds it:
/// `$XDG_DATA_HOME/arkanong` or `~/.local/share/arkanong` on Linux,
/// `~/Library/Application Support/Arkanong` on macOS, `%APPDATA%\Arkanong`
/// (the roaming AppData) on Windows. The base folder, not `ProjectDirs`: that
/// one is `Arkanong\data` on Windows, and a player's records must not move.
/// With neither `HOME` nor `XDG_DATA_HOME` there is none, as there never was
/// (a service without a home keeps no records, docs/server.md), where
/// `directories` would look the home up in the password database.
#[cfg(not(target_arch = "wasm32"))]
fn platform_data_dir() -> Option<PathBuf> {
    let unset = |name| std::env::var_os(name).is_none();
    if cfg!(unix) && unset("HOME") && unset("XDG_DATA_HOME") {
        return None;
    }
    let name = if cfg!(any(target_os = "windows", target_os = "macos")) {
        "Arkanong"
    } else {
        "arkanong"
    };
    directories::BaseDirs::new().map(|dirs| dirs.data_dir().join(name))
}

/// A page has no folders: its records are in localStorage.
#[cfg(target_arch = "wasm32")]
fn platform_data_dir() -> Option<PathBuf> {
    None
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

/// What [`write_record`] says when the browser keeps nothing (private mode,
/// blocked site data, a full quota).
pub const STORAGE_BLOCKED: &str = "the browser's storage is blocked or full";

/// Writes a named record (see [`read_record`]); atomically on the desktop.
pub fn write_record(name: &str, text: &str) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        let mut storage = quad_storage::STORAGE.lock().map_err(|e| e.to_string())?;
        let key = format!("arkanong.{name}");
        storage.set(&key, text);
        // localStorage fails quietly (web/storage.js catches it): read it back, so
        // a blocked or full storage is said rather than taken for kept.
        if storage.get(&key).as_deref() != Some(text) {
            return Err(STORAGE_BLOCKED.to_owned());
        }
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
    use super::super::Record;
    use super::*;
    use crate::app::feel::Juice;
    use crate::app::input::Bindings;
    use crate::app::records::HighScores;

    /// Issue 46: the data folder found by `directories` is the one the game
    /// always used on Linux, so no player's records move; ARKANONG_DATA_DIR
    /// still wins. Each case runs this test again in a child process with
    /// only that environment (no test here changes its own environment).
    #[test]
    #[cfg(target_os = "linux")]
    fn the_data_folder_stays_where_records_always_were_on_linux() {
        if std::env::var_os("ARKANONG_DATA_DIR_CHILD").is_some() {
            let found = data_dir().map_or("none".into(), |d| d.display().to_string());
            println!("data_dir={found}");
            return;
        }
        let name = module_path!().split_once("::").unwrap().1;
        let name = format!("{name}::the_data_folder_stays_where_records_always_were_on_linux");
        for (home, xdg, own, expected) in [
            (
                Some("/home/ann"),
                None,
                None,
                "/home/ann/.local/share/arkanong",
            ),
            (
                Some("/home/ann"),
                Some("/srv/xdg"),
                None,
                "/srv/xdg/arkanong",
            ),
            (
                Some("/home/ann"),
                Some("/srv/xdg"),
                Some("/tmp/mine"),
                "/tmp/mine",
            ),
            (Some("/home/ann"), None, Some("/tmp/mine"), "/tmp/mine"),
            (None, Some("/srv/xdg"), None, "/srv/xdg/arkanong"),
            (None, None, Some("/tmp/mine"), "/tmp/mine"),
            // No home at all (a service): no folder, so the gallery closes.
            (None, None, None, "none"),
        ] {
            let mut child = std::process::Command::new(std::env::current_exe().unwrap());
            child
                .args(["--exact", &name, "--nocapture", "--test-threads=1"])
                .env("ARKANONG_DATA_DIR_CHILD", "1")
                .env_remove("HOME")
                .env_remove("XDG_DATA_HOME")
                .env_remove("ARKANONG_DATA_DIR");
            if let Some(home) = home {
                child.env("HOME", home);
            }
            if let Some(xdg) = xdg {
                child.env("XDG_DATA_HOME", xdg);
            }
            if let Some(own) = own {
                child.env("ARKANONG_DATA_DIR", own);
            }
            let out = child.output().unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            // libtest writes the line after the test's name.
            let found =
                (said.lines()).find_map(|l| l.split_once("data_dir=").map(|(_, d)| d.trim()));
            assert_eq!(found, Some(expected), "{home:?} {xdg:?} {own:?}: {said}");
        }
    }

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
        // And from before the catch call's switch (issue 25): it is on, and off stays off.
        assert!(older.juice.catch_call);
        let quiet = Settings::parse("juice.catch_call = false\n").unwrap();
        assert!(!quiet.juice.catch_call && Settings::parse(&quiet.to_text()) == Ok(quiet));
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
