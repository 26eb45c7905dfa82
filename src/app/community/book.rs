//! What this machine keeps of the community (the `community` record: a file in
//! the data folder, localStorage in the browser): the anonymous player id made
//! once, the edit keys of the levels this player shared, and the levels
//! downloaded, so they stay playable offline.
//!
//! A level's text is kept on one line of the record (the records' format is a
//! line per value): backslashes, line breaks and tabs escaped, and a space at
//! either end too (the format trims values), so it comes back byte for byte —
//! a score's replay must carry the text exactly as the server has it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::app::records::Record;

/// The record's name.
pub const BOOK_RECORD: &str = "community";

/// Levels kept for offline play, at most (past it, the first in the codes'
/// order goes).
pub const MAX_KEPT_LEVELS: usize = 200;

/// The community record (see the module doc).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommunityBook {
    /// The anonymous player id (16 to 64 of `[A-Za-z0-9_-]`); empty until made.
    #[serde(default)]
    pub player: String,
    /// The edit keys of the levels shared from here, by code.
    #[serde(rename = "key.", default)]
    pub keys: BTreeMap<String, String>,
    /// The code the editor's level was last shared as (its Update and Withdraw).
    #[serde(default)]
    pub editor_code: Option<String>,
    /// The levels downloaded, by code, escaped (see the module doc).
    #[serde(rename = "level.", default)]
    pub levels: BTreeMap<String, String>,
}

impl Record for CommunityBook {}

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

    /// Keeps the text of level `code` for offline play.
    pub fn keep_level(&mut self, code: &str, text: &str) {
        self.levels.insert(code.to_owned(), escape(text));
        while self.levels.len() > MAX_KEPT_LEVELS {
            let Some(first) = self.levels.keys().next().cloned() else {
                break;
            };
            if first == code {
                break;
            }
            self.levels.remove(&first);
        }
    }

    /// The kept text of level `code`.
    pub fn level(&self, code: &str) -> Option<String> {
        self.levels.get(code).map(|t| unescape(t))
    }

    /// The record as the shell loads it (defaults when there is none or it does
    /// not read).
    pub fn load() -> Self {
        crate::app::records::load_record(BOOK_RECORD, |t| Ok(Self::read(t))).0
    }

    /// Reads the record's text, keeping what reads.
    pub fn read(text: &str) -> Self {
        crate::app::records::read_keeping::<Self>(text).value
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
        book.keep_level("ABCDEF", text);
        let again = CommunityBook::read(&book.to_text());
        assert_eq!(again, book);
        assert_eq!(again.level("ABCDEF").as_deref(), Some(text));
        assert!(is_player_id(&again.player));
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
    fn the_kept_levels_are_capped() {
        let mut book = CommunityBook::default();
        for k in 0..MAX_KEPT_LEVELS + 5 {
            book.keep_level(&format!("L{k:05}"), "x");
        }
        assert_eq!(book.levels.len(), MAX_KEPT_LEVELS);
    }
}
