//! What this machine keeps of the community, as two records (files in the
//! data folder, localStorage in the browser):
//!
//! - `community`: the anonymous player id made once and the edit keys of the
//!   levels this player shared. Small, and the only copy of the keys (the
//!   server keeps their hashes), so it is never written over a record that
//!   could not be read: one that does not read is set aside first
//!   (`records/kept.rs`), one that cannot be read at all is left alone for
//!   the run, and lines a newer version wrote are kept and written back.
//! - `community-levels`: the levels downloaded, so they stay playable offline,
//!   capped by bytes ([`MAX_KEPT_BYTES`]), the least recently opened going
//!   first. A full browser storage then refuses a level, never a key.
//!
//! A level's text is kept on one line of the record (the records' format is a
//! line per value): backslashes, line breaks and tabs escaped, and a space at
//! either end too (the format trims values), so it comes back byte for byte —
//! a score's replay must carry the text exactly as the server has it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::app::records::{load_keeping, KeptLines, Loaded, Record};

/// The keys' record's name.
pub const BOOK_RECORD: &str = "community";

/// The kept levels' record's name.
pub const KEPT_LEVELS_RECORD: &str = "community-levels";

/// Most bytes the kept levels' record holds: under the 1 MiB a record is read
/// up to, and a small part of a browser's 5 MiB of localStorage.
pub const MAX_KEPT_BYTES: usize = 768 * 1024;

/// The `community` record as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookRecord {
    /// The anonymous player id (16 to 64 of `[A-Za-z0-9_-]`); empty until made.
    #[serde(default)]
    pub player: String,
    /// The edit keys of the levels shared from here, by code.
    #[serde(rename = "key.", default)]
    pub keys: BTreeMap<String, String>,
    /// The server each key's level was shared on, by code (a key made before
    /// servers were recorded has none, and is offered on any).
    #[serde(rename = "server.", default)]
    pub servers: BTreeMap<String, String>,
    /// The code the editor's level was last shared as (its Update and Withdraw).
    #[serde(default)]
    pub editor_code: Option<String>,
    /// The name this player's scores go on the boards under (asked at the
    /// first submit; empty until then).
    #[serde(default)]
    pub name: String,
    /// Levels an older version kept in this record: moved to the kept levels'
    /// record when read (so never written here again).
    #[serde(rename = "level.", default)]
    pub levels: BTreeMap<String, String>,
}

impl Record for BookRecord {}

/// The `community-levels` record: the downloaded levels.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptLevels {
    /// The levels, by code, escaped (see the module doc).
    #[serde(rename = "level.", default)]
    pub levels: BTreeMap<String, String>,
    /// When each was last opened, as a count that grows (the least goes first).
    #[serde(rename = "opened.", default)]
    pub opened: BTreeMap<String, u64>,
}

impl Record for KeptLevels {}

/// One of the book's records as this run holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Held {
    /// Its lines that did not read, written back after the known ones.
    kept: KeptLines,
    /// Why it must not be written this run (it is there but could not be read).
    unwritable: Option<String>,
    /// Its text as last read or written (nothing is written when unchanged).
    written: String,
    /// Whether the player was told it is not written.
    told: bool,
}

impl Held {
    fn from<T>(loaded: &Loaded<T>, text: String) -> Held {
        Held {
            kept: loaded.kept.clone(),
            unwritable: loaded.unreadable.clone(),
            written: text,
            told: false,
        }
    }

    /// `text` (its kept lines after it), if it is to be written; or, once, why not.
    fn save(&mut self, text: &str) -> (Option<String>, Option<String>) {
        let text = self.kept.append_to(text);
        if text == self.written {
            return (None, None);
        }
        if let Some(why) = &self.unwritable {
            if self.told {
                return (None, None);
            }
            self.told = true;
            return (None, Some(why.clone()));
        }
        self.written.clone_from(&text);
        (Some(text), None)
    }
}

/// What this machine keeps of the community (see the module doc).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommunityBook {
    /// The anonymous player id (16 to 64 of `[A-Za-z0-9_-]`); empty until made.
    pub player: String,
    /// The edit keys of the levels shared from here, by code.
    pub keys: BTreeMap<String, String>,
    /// The server each key's level was shared on, by code (none: a key kept
    /// before servers were recorded). A key works on its own server only: a
    /// level code names a level on one server (issue 45: pointed at another
    /// server, the Share page offered an Update that failed).
    pub servers: BTreeMap<String, String>,
    /// The code the editor's level was last shared as (its Update and Withdraw).
    pub editor_code: Option<String>,
    /// The name this player's scores go on the boards under (empty: not asked yet).
    pub name: String,
    /// The downloaded levels.
    kept: KeptLevels,
    /// The two records as held: keys, then levels.
    held: [Held; 2],
    /// What loading them told (for the console and the banner).
    pub messages: Vec<String>,
}

/// Whether two server addresses name the same server (case and a final `/` aside).
fn same_server(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.trim().trim_end_matches('/').to_ascii_lowercase();
    norm(a) == norm(b)
}

/// Whether `id` is a player id the gallery takes.
pub fn is_player_id(id: &str) -> bool {
    (16..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A new player id from 16 random bytes: 32 hex digits.
pub fn new_player_id(bytes: [u8; 16]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 16 bytes of the system's randomness (the page's in the browser).
pub fn random_bytes() -> [u8; 16] {
    let mut bytes = [0u8; 16];
    #[cfg(not(target_arch = "wasm32"))]
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: the clock, which is enough for an anonymous id.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes = now.to_le_bytes();
    }
    #[cfg(target_arch = "wasm32")]
    for b in &mut bytes {
        *b = (js_sys::Math::random() * 256.0) as u8;
    }
    bytes
}

impl CommunityBook {
    /// The player id, made now (from `bytes`) if there was none or it was bad.
    /// Returns whether it was made (the record is to be saved).
    pub fn ensure_player(&mut self, bytes: [u8; 16]) -> bool {
        if is_player_id(&self.player) {
            return false;
        }
        self.player = new_player_id(bytes);
        true
    }

    /// The edit key of level `code` as shared on `server` (a key from another
    /// server is no key here).
    pub fn key_for(&self, code: &str, server: &str) -> Option<&str> {
        let here = self
            .servers
            .get(code)
            .is_none_or(|s| same_server(s, server));
        self.keys.get(code).filter(|_| here).map(String::as_str)
    }

    /// The server level `code`'s key was kept for, if it is not `server`.
    pub fn key_elsewhere(&self, code: &str, server: &str) -> Option<&str> {
        self.servers
            .get(code)
            .filter(|s| self.keys.contains_key(code) && !same_server(s, server))
            .map(String::as_str)
    }

    /// Keeps the edit key of level `code`, just shared on `server`.
    pub fn keep_key(&mut self, code: &str, key: String, server: &str) {
        self.keys.insert(code.to_owned(), key);
        self.servers.insert(code.to_owned(), server.to_owned());
    }

    /// Forgets the edit key of level `code` (withdrawn).
    pub fn drop_key(&mut self, code: &str) {
        self.keys.remove(code);
        self.servers.remove(code);
    }

    /// Keeps the text of level `code` for offline play, as the one opened
    /// last; the least recently opened go past [`MAX_KEPT_BYTES`]. Returns
    /// whether the record changed.
    pub fn keep_level(&mut self, code: &str, text: &str) -> bool {
        let last = self.kept.opened.values().copied().max().unwrap_or(0);
        let escaped = escape(text);
        let same = self.kept.levels.get(code) == Some(&escaped);
        if same && self.kept.opened.get(code) == Some(&last) {
            return false;
        }
        self.kept.levels.insert(code.to_owned(), escaped);
        self.kept.opened.insert(code.to_owned(), last + 1);
        while self.kept.levels.len() > 1 && self.kept.to_text().len() > MAX_KEPT_BYTES {
            let oldest = (self.kept.levels.keys())
                .filter(|c| c.as_str() != code)
                .min_by_key(|c| self.kept.opened.get(*c).copied().unwrap_or(0))
                .cloned();
            let Some(oldest) = oldest else { break };
            self.kept.levels.remove(&oldest);
            self.kept.opened.remove(&oldest);
        }
        true
    }

    /// The kept text of level `code`.
    pub fn level(&self, code: &str) -> Option<String> {
        self.kept.levels.get(code).map(|t| unescape(t))
    }

    /// The codes of the kept levels, in order.
    pub fn kept_codes(&self) -> Vec<String> {
        self.kept.levels.keys().cloned().collect()
    }

    /// The `community` record's values.
    fn book_record(&self) -> BookRecord {
        BookRecord {
            player: self.player.clone(),
            keys: self.keys.clone(),
            servers: self.servers.clone(),
            editor_code: self.editor_code.clone(),
            name: self.name.clone(),
            levels: BTreeMap::new(),
        }
    }

    /// Both records as loaded (`load_keeping`); levels an older version kept
    /// in the `community` record move to the kept levels.
    pub fn loaded(book: Loaded<BookRecord>, levels: Loaded<KeptLevels>) -> Self {
        let book_text = book.kept.append_to(&book.value.to_text());
        let levels_text = levels.kept.append_to(&levels.value.to_text());
        let mut out = CommunityBook {
            player: book.value.player.clone(),
            keys: book.value.keys.clone(),
            servers: book.value.servers.clone(),
            editor_code: book.value.editor_code.clone(),
            name: book.value.name.clone(),
            kept: levels.value.clone(),
            held: [
                Held::from(&book, book_text),
                Held::from(&levels, levels_text),
            ],
            messages: [&book.message, &levels.message]
                .into_iter()
                .flatten()
                .cloned()
                .collect(),
        };
        for (code, escaped) in &book.value.levels {
            if !out.kept.levels.contains_key(code) {
                out.keep_level(code, &unescape(escaped));
            }
        }
        out
    }

    /// Loads both records (`unix_seconds` names one set aside).
    pub fn load(unix_seconds: u64) -> Self {
        Self::loaded(
            load_keeping(BOOK_RECORD, unix_seconds),
            load_keeping(KEPT_LEVELS_RECORD, unix_seconds),
        )
    }

    /// Reads the `community` record's text alone (tests, tools), keeping what
    /// does not read.
    pub fn read(text: &str) -> Self {
        let read = crate::app::records::read_keeping::<BookRecord>(text);
        let loaded = Loaded {
            value: read.value,
            kept: read.kept,
            ..Loaded::default()
        };
        Self::loaded(loaded, Loaded::default())
    }

    /// The `community` record's text as it would be written (its kept lines last).
    pub fn record_text(&self) -> String {
        self.held[0].kept.append_to(&self.book_record().to_text())
    }

    /// The records to write now, by name (only what changed; never one that
    /// could not be read), and a line to tell the player once when one is
    /// held back.
    pub fn saves(&mut self) -> (Vec<(&'static str, String)>, Vec<String>) {
        let (mut saves, mut told) = (Vec::new(), Vec::new());
        let texts = [self.book_record().to_text(), self.kept.to_text()];
        for ((name, text), held) in [BOOK_RECORD, KEPT_LEVELS_RECORD]
            .into_iter()
            .zip(texts)
            .zip(&mut self.held)
        {
            let (save, why) = held.save(&text);
            saves.extend(save.map(|t| (name, t)));
            told.extend(why.map(|w| format!("community {name} not saved this run: {w}")));
        }
        (saves, told)
    }
}

/// A text on one line (see the module doc).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let last = text.chars().count().saturating_sub(1);
    for (k, c) in text.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ' ' if k == 0 || k == last => out.push_str("\\s"),
            c => out.push(c),
        }
    }
    out
}

/// The text [`escape`] wrote.
pub fn unescape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('s') => out.push(' '),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_level_comes_back_byte_for_byte_through_the_record() {
        let text = " title = A \\ b\r\n[bricks]\n\t1 1 \n";
        let mut book = CommunityBook::default();
        assert!(book.ensure_player([7; 16]));
        assert!(!book.ensure_player([9; 16]), "an id is made once");
        book.keys.insert("ABCDEF".into(), "secret-key".into());
        assert!(book.keep_level("ABCDEF", text));
        assert!(
            !book.keep_level("ABCDEF", text),
            "kept already, opened last"
        );
        let (saves, told) = book.saves();
        assert!(told.is_empty());
        let find = |name: &str| saves.iter().find(|(n, _)| *n == name).unwrap().1.clone();
        let keys = find(BOOK_RECORD);
        assert!(!keys.contains("level."), "the keys' record holds no level");
        let levels = Loaded {
            value: KeptLevels::parse(&find(KEPT_LEVELS_RECORD)).unwrap(),
            ..Loaded::default()
        };
        let book_loaded = Loaded {
            value: BookRecord::parse(&keys).unwrap(),
            ..Loaded::default()
        };
        let again = CommunityBook::loaded(book_loaded, levels);
        assert_eq!((&again.player, &again.keys), (&book.player, &book.keys));
        assert_eq!(again.level("ABCDEF").as_deref(), Some(text));
        assert!(is_player_id(&again.player));
        assert!(
            book.saves().0.is_empty(),
            "nothing changed, nothing written"
        );
    }

    #[test]
    fn a_bad_player_id_is_made_again() {
        let mut book = CommunityBook {
            player: "short".into(),
            ..Default::default()
        };
        assert!(book.ensure_player([1; 16]));
        assert_eq!(book.player, "01".repeat(16));
    }

    #[test]
    fn the_kept_levels_are_capped_by_bytes_the_least_recently_opened_going() {
        let mut book = CommunityBook::default();
        let big = "x".repeat(60 * 1024);
        for k in 0..20 {
            book.keep_level(&format!("L{k:05}"), &big);
            if k == 15 {
                book.keep_level("L00000", &big);
            }
        }
        assert!(book.kept.to_text().len() <= MAX_KEPT_BYTES);
        let codes = book.kept_codes();
        assert!(codes.len() >= 10, "{codes:?}");
        assert!(codes.contains(&"L00019".to_owned()), "the last kept stays");
        assert!(codes.contains(&"L00000".to_owned()), "opened again: kept");
        assert!(
            !codes.contains(&"L00001".to_owned()),
            "the least recent went"
        );
    }

    #[test]
    fn an_older_records_levels_move_out_and_a_newer_versions_lines_stay() {
        let old = format!(
            "player = {}\nkey.ABCDEF = k1\nlevel.ABCDEF = title = A\\n[bricks]\\n1\\n\nfuture = 9\n",
            "ab".repeat(16)
        );
        let mut book = CommunityBook::read(&old);
        assert_eq!(book.keys["ABCDEF"], "k1");
        assert_eq!(
            book.level("ABCDEF").as_deref(),
            Some("title = A\n[bricks]\n1\n")
        );
        let (saves, _) = book.saves();
        let keys = &saves.iter().find(|(n, _)| *n == BOOK_RECORD).unwrap().1;
        assert!(!keys.contains("level."), "{keys}");
        assert!(keys.contains("key.ABCDEF = k1"), "{keys}");
        assert!(
            keys.ends_with("future = 9\n"),
            "a newer version's line kept: {keys}"
        );
        assert!(saves
            .iter()
            .any(|(n, t)| *n == KEPT_LEVELS_RECORD && t.contains("level.ABCDEF")));
    }

    #[test]
    fn a_record_that_could_not_be_read_is_never_written_over() {
        let failed = Loaded::<BookRecord> {
            message: Some("cannot read saved community (denied); using defaults".into()),
            unreadable: Some("it could not be read (denied)".into()),
            ..Loaded::default()
        };
        let mut book = CommunityBook::loaded(failed, Loaded::default());
        assert!(book.ensure_player([5; 16]));
        book.keys.insert("ABCDEF".into(), "new-key".into());
        book.keep_level("ABCDEF", "title = A\n");
        let (saves, told) = book.saves();
        assert!(saves.iter().all(|(n, _)| *n != BOOK_RECORD), "{saves:?}");
        assert!(saves.iter().any(|(n, _)| *n == KEPT_LEVELS_RECORD));
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].contains("not saved"), "{told:?}");
        book.keys.insert("ABCDEG".into(), "k2".into());
        assert_eq!(book.saves(), (Vec::new(), Vec::new()), "told once");
    }
}
