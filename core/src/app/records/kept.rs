//! Loading and saving a record so that nothing a player saved is lost: lines are
//! read one by one ([`super::read_keeping`]), what is not read is kept and written back,
//! and a record that cannot be read at all (not text, binary, too large, or a
//! wrong format where no line reads) is set aside under a name that says when,
//! before anything is written over it (`settings.txt.unreadable-20261124T221500`
//! beside it on the desktop, the `arkanong.settings.unreadable-20261124T221500`
//! key in the browser's localStorage), and the player is told where.

use super::lines::KeptLines;
use super::record::{read_keeping, Record};
use crate::user_file::FileKind;

/// A record as loaded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Loaded<T> {
    /// What was read (defaults for what was not).
    pub value: T,
    /// The lines not read, to be written back on save.
    pub kept: KeptLines,
    /// What the console is told, if anything.
    pub message: Option<String>,
    /// The same, short, for the Settings screen.
    pub notice: Option<String>,
    /// Why the record is there but could neither be read nor set aside, if
    /// so: writing it this run would lose what it holds.
    pub unreadable: Option<String>,
}

/// What a record's bytes hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken<T> {
    /// Read, with the lines kept.
    Read(T, KeptLines),
    /// Cannot be read at all: why.
    Unreadable(String),
}

/// Reads a record's bytes line by line (see the module's doc for what makes a
/// record unreadable).
pub fn take_record<T: Record>(bytes: &[u8]) -> Taken<T> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Taken::Unreadable("it is not UTF-8 text".to_owned());
    };
    if text.contains('\0') {
        return Taken::Unreadable("it holds binary data".to_owned());
    }
    let read = read_keeping::<T>(text);
    // Lines of a newer version alone are kept; lines that are all wrong are not
    // this record at all (another file saved under its name).
    if read.known == 0 && read.bad > 0 {
        return Taken::Unreadable("none of its lines reads: a wrong format".to_owned());
    }
    Taken::Read(read.value, read.kept)
}

/// `unix_seconds` as a UTC time for a file name: `20261124T221500`.
pub fn stamp(unix_seconds: u64) -> String {
    let days = unix_seconds / 86_400;
    let secs = unix_seconds % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Days since 1970-01-01 as a (year, month, day) in the proleptic Gregorian
/// calendar. Follows Howard Hinnant's `civil_from_days` ("chrono-Compatible
/// Low-Level Date Algorithms"): eras of 400 years of 146,097 days, years counted
/// from March so the leap day falls last.
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

/// Loads the record `name` keeping what it cannot read; `unix_seconds` names a
/// copy set aside.
pub fn load_keeping<T: Record>(name: &str, unix_seconds: u64) -> Loaded<T> {
    let bytes = match raw_record(name) {
        Ok(None) => return Loaded::default(),
        Ok(Some(b)) => b,
        Err(e) => {
            return Loaded {
                message: Some(format!("cannot read saved {name} ({e}); using defaults")),
                notice: Some(format!("Saved {name} could not be read (see the console)")),
                unreadable: Some(format!("it could not be read ({e})")),
                ..Loaded::default()
            }
        }
    };
    match take_record(&bytes) {
        Taken::Read(value, kept) => Loaded {
            message: kept.report(name),
            notice: (!kept.is_empty()).then(|| {
                let n = kept.lines.len();
                let s = if n == 1 { "" } else { "s" };
                format!("Saved {name}: {n} line{s} not read, kept as written")
            }),
            value,
            kept,
            unreadable: None,
        },
        Taken::Unreadable(why) => {
            let (message, notice, unreadable) = match set_aside(name, &stamp(unix_seconds)) {
                Ok(to) => (
                    format!("saved {name} cannot be read ({why}); moved to {to}; using defaults"),
                    format!("Saved {name} could not be read; moved to {to}"),
                    None,
                ),
                Err(e) => (
                    format!(
                        "saved {name} cannot be read ({why}) nor set aside ({e}); using defaults"
                    ),
                    format!("Saved {name} could not be read (see the console)"),
                    Some(format!("it cannot be read ({why}) nor set aside ({e})")),
                ),
            };
            Loaded {
                message: Some(message),
                notice: Some(notice),
                unreadable,
                ..Loaded::default()
            }
        }
    }
}

/// Saves the record `name`: `known` (its values as the game writes them), then the
/// lines kept from when it was loaded.
pub fn save_keeping(name: &str, known: &str, kept: &KeptLines) -> Result<(), String> {
    super::write_record(name, &kept.append_to(known))
}

/// A record's bytes, read up to the record cap; `Ok(None)` when there is none.
/// A record over the cap comes back as its first cap's worth plus one NUL byte,
/// which makes it unreadable (and so set aside whole).
fn raw_record(name: &str) -> Result<Option<Vec<u8>>, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let storage = quad_storage::STORAGE.lock().map_err(|e| e.to_string())?;
        Ok(storage.get(&format!("arkanong.{name}")).map(|t| {
            let mut bytes = t.into_bytes();
            if bytes.len() as u64 > FileKind::Record.cap() {
                bytes.push(0);
            }
            bytes
        }))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let Some(dir) = super::data_dir() else {
            return Ok(None);
        };
        let path = dir.join(format!("{name}.txt"));
        match crate::user_file::read_user_file(&path, FileKind::Record) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.is_missing() => Ok(None),
            Err(crate::user_file::ReadError::TooLarge(_)) => Ok(Some(vec![0])),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }
}

/// Moves the record `name` aside to a name ending `.unreadable-STAMP`; returns
/// where it went, as the player would find it.
fn set_aside(name: &str, stamp: &str) -> Result<String, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let mut storage = quad_storage::STORAGE.lock().map_err(|e| e.to_string())?;
        let key = format!("arkanong.{name}");
        let aside = format!("{key}.unreadable-{stamp}");
        // Strings reach localStorage as C strings, which end at a NUL: each NUL
        // is written as U+2400 (a visible NUL symbol) so nothing after it is cut.
        let text = storage
            .get(&key)
            .unwrap_or_default()
            .replace('\0', "\u{2400}");
        storage.set(&aside, &text);
        storage.remove(&key);
        Ok(format!("the browser's localStorage key {aside}"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let dir = super::data_dir().ok_or("no user data folder")?;
        let path = dir.join(format!("{name}.txt"));
        let aside = dir.join(format!("{name}.txt.unreadable-{stamp}"));
        // A rename keeps every byte and cannot fail half-way; the next save
        // then writes a fresh record where it was.
        std::fs::rename(&path, &aside).map_err(|e| e.to_string())?;
        Ok(aside.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::records::HighScores;

    #[test]
    fn stamps_read_as_utc_dates() {
        assert_eq!(stamp(0), "19700101T000000");
        assert_eq!(stamp(1_795_558_500), "20261124T221500");
        // 2000 was a leap year (divisible by 400), 2100 will not be.
        assert_eq!(stamp(951_782_400), "20000229T000000");
        assert_eq!(stamp(4_107_542_400), "21000301T000000");
    }

    #[test]
    fn binary_wrong_format_and_junk_records() {
        let unreadable = |b: &[u8]| matches!(take_record::<HighScores>(b), Taken::Unreadable(_));
        assert!(unreadable(&[0xff, 0xfe, b'1']));
        assert!(unreadable(b"1\tsolo\tL\0\n"));
        assert!(unreadable(b"junk\nmore junk\n"));
        // A newer version's lines alone are not a wrong format: they are kept.
        assert!(!unreadable(b"1\tversus-insane\tL\n"));
        assert!(!unreadable(b""));
        let Taken::Read(t, kept) = take_record::<HighScores>(b"junk\n1\tsolo\tL\n") else {
            panic!("a record with a score reads");
        };
        assert_eq!((t.entries.len(), kept.lines), (1, vec!["junk".to_owned()]));
    }
}
