//! Reading a file a player hands the game: a level, a replay, a record, a level
//! opened in the editor, and later a level received from another player. Every
//! such read goes through [`read_user_file`], which never reads more than the
//! kind's cap (plus one byte, to tell "at the cap" from "over it"), so a huge file,
//! `/dev/zero` or an endless pipe answers at once with a clear message instead of
//! growing until the memory runs out.

use std::io::Read;
use std::path::Path;

/// What a file is meant to hold, which sets how much of it may be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A level's text: [`crate::level::MAX_FILE_BYTES`] (1 MiB), the parser's own cap.
    Level,
    /// A replay: [`REPLAY_CAP`] (64 MiB).
    Replay,
    /// A settings, scores, progress or key bindings record: [`RECORD_CAP`] (1 MiB).
    Record,
}

/// Largest replay file read, bytes. A replay is about 15 bytes per change of
/// input; 64 MiB holds some four million changes, far beyond
/// [`crate::game::MAX_REPLAY_STEPS`] of ordinary play.
pub const REPLAY_CAP: u64 = 64 << 20;

/// Largest record file read, bytes: a record holds a few hundred short lines.
pub const RECORD_CAP: u64 = 1 << 20;

impl FileKind {
    /// The most bytes a file of this kind may hold.
    pub fn cap(self) -> u64 {
        match self {
            // MAX_FILE_BYTES is 1 MiB; the conversion is lossless on every target.
            FileKind::Level => crate::level::MAX_FILE_BYTES as u64,
            FileKind::Replay => REPLAY_CAP,
            FileKind::Record => RECORD_CAP,
        }
    }

    /// The kind's name in messages.
    pub fn noun(self) -> &'static str {
        match self {
            FileKind::Level => "level",
            FileKind::Replay => "replay",
            FileKind::Record => "record",
        }
    }
}

/// Why a user file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The system refused (missing file, no permission, a folder, ...).
    #[error("cannot read the file: {0}")]
    Io(#[source] std::io::Error),
    /// The file holds more than its kind's cap.
    #[error(
        "the file is larger than {} ({} bytes), the most a {} may hold",
        size_words(.0.cap()),
        .0.cap(),
        .0.noun()
    )]
    TooLarge(FileKind),
    /// The file is not UTF-8 text (only from [`read_user_text`]).
    #[error("the {} is not UTF-8 text", .0.noun())]
    NotText(FileKind),
}

impl ReadError {
    /// Whether the file is simply not there (a record not yet written).
    pub fn is_missing(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

/// `1048576` as "1 MiB", for messages.
fn size_words(bytes: u64) -> String {
    format!("{} MiB", bytes >> 20)
}

/// Reads at most `kind`'s cap of the file at `path`: its bytes, or why not.
pub fn read_user_file(path: impl AsRef<Path>, kind: FileKind) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path.as_ref()).map_err(ReadError::Io)?;
    let cap = kind.cap();
    let mut bytes = Vec::new();
    // `cap + 1` cannot overflow: every cap is far below u64::MAX.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(kind));
    }
    Ok(bytes)
}

/// Reads at most `kind`'s cap of the file at `path` as UTF-8 text.
pub fn read_user_text(path: impl AsRef<Path>, kind: FileKind) -> Result<String, ReadError> {
    String::from_utf8(read_user_file(path, kind)?).map_err(|_| ReadError::NotText(kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dev_zero_is_too_large_not_endless() {
        if !Path::new("/dev/zero").exists() {
            return;
        }
        for kind in [FileKind::Level, FileKind::Replay, FileKind::Record] {
            let e = read_user_file("/dev/zero", kind).unwrap_err();
            assert!(matches!(e, ReadError::TooLarge(k) if k == kind));
            assert!(e.to_string().contains("the most a"), "{e}");
        }
    }

    #[test]
    fn a_file_at_the_cap_reads_and_one_byte_more_does_not() {
        let dir = std::env::temp_dir().join(format!("arkanong-user-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("level.txt");
        let cap = FileKind::Level.cap() as usize;
        std::fs::write(&path, vec![b'#'; cap]).unwrap();
        assert_eq!(read_user_file(&path, FileKind::Level).unwrap().len(), cap);
        std::fs::write(&path, vec![b'#'; cap + 1]).unwrap();
        assert!(matches!(
            read_user_file(&path, FileKind::Level),
            Err(ReadError::TooLarge(FileKind::Level))
        ));
        let missing = read_user_file(dir.join("none.txt"), FileKind::Record).unwrap_err();
        assert!(missing.is_missing());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
