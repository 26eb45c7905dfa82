//! Level codes and edit keys, from the OS's randomness. A code is 6 letters of
//! the room codes' alphabet (30 bits: a billion codes); an edit key is 128
//! random bits in hex, given once to the uploader. The server keeps only the
//! key's SHA-256, so a copy of the database edits nothing.

use sha2::{Digest, Sha256};

use arkanong_core::app::online::CODE_ALPHABET;

/// Letters in a level code.
pub(super) const LEVEL_CODE_LEN: usize = 6;

/// A fresh level code (`None` only if the OS has no randomness to give).
pub(super) fn fresh_level_code() -> Option<String> {
    // 32 letters are 5 bits each: 4 random bytes give 6 uniform letters.
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).ok()?;
    let mut bits = u32::from_le_bytes(bytes);
    let mut code = String::with_capacity(LEVEL_CODE_LEN);
    for _ in 0..LEVEL_CODE_LEN {
        code.push(char::from(CODE_ALPHABET[(bits & 31) as usize]));
        bits >>= 5;
    }
    Some(code)
}

/// Whether `code` has a level code's form (checked before any query).
pub(super) fn is_level_code(code: &str) -> bool {
    code.len() == LEVEL_CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A fresh edit key: 32 hex digits.
pub(super) fn fresh_edit_key() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(hex(&bytes))
}

/// The hash stored for an edit key.
pub(super) fn key_hash(key: &str) -> String {
    hex(&Sha256::digest(key.as_bytes()))
}

/// Whether `key` is the key whose hash is `stored`. Hashes are compared, not
/// keys, so the time taken says nothing about the key.
pub(super) fn key_matches(key: &str, stored: &str) -> bool {
    let given = key_hash(key);
    given.len() == stored.len()
        && given
            .bytes()
            .zip(stored.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_codes_are_fresh_and_of_the_code_form() {
        let a = fresh_level_code().unwrap();
        let b = fresh_level_code().unwrap();
        assert!(is_level_code(&a) && is_level_code(&b));
        assert_ne!(a, b, "30 random bits twice");
        for bad in ["", "ABCDE", "ABCDEFG", "abcdef", "ABCDE0", "ABCDÉ"] {
            assert!(!is_level_code(bad), "{bad}");
        }
    }

    #[test]
    fn edit_keys_match_only_their_own_hash() {
        let key = fresh_edit_key().unwrap();
        assert_eq!(key.len(), 32);
        let stored = key_hash(&key);
        assert_eq!(stored.len(), 64);
        assert!(!stored.contains(&key));
        assert!(key_matches(&key, &stored));
        assert!(!key_matches(&fresh_edit_key().unwrap(), &stored));
        assert!(!key_matches("", &stored));
        assert_eq!(
            key_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "SHA-256's own test vector"
        );
    }
}
