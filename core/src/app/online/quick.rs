//! Quick match, as both sides spell it: who may be paired with whom (the same
//! game version and mode: the body of `POST /quick`), and how long a player
//! waits for an opponent. The server's half is `commands/server/quick.rs`; the
//! client asks through `request_quick` (desktop) or the page's fetch.

/// Seconds a quick match waits for an opponent before it says none came (the
/// server forgets the wait then too).
pub const QUICK_WAIT_SECONDS: u64 = 60;

/// The mode a quick match is for (online play is versus).
const QUICK_MODE: &str = "versus";

/// The longest key the server reads.
const MAX_QUICK_KEY_BYTES: usize = 64;

/// What this build asks `POST /quick` with: `VERSION MODE`, so only players
/// of the same version (the same rules and wire format) are paired.
pub fn quick_key() -> String {
    format!("{} {QUICK_MODE}", env!("CARGO_PKG_VERSION"))
}

/// Whether `key` is a quick match's key: a version of letters, digits, `.`,
/// `+` and `-`, a space, a known mode; at most 64 bytes.
pub fn is_quick_key(key: &str) -> bool {
    let Some((version, mode)) = key.split_once(' ') else {
        return false;
    };
    let version_ok = !version.is_empty()
        && (version.bytes()).all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    key.len() <= MAX_QUICK_KEY_BYTES && version_ok && mode == QUICK_MODE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_keys_are_this_builds_version_and_versus() {
        assert!(is_quick_key(&quick_key()));
        assert!(quick_key().starts_with(env!("CARGO_PKG_VERSION")));
        for bad in [
            "",
            "0.1.0",
            "0.1.0 solo",
            "0.1.0  versus",
            "0 1 versus",
            "é versus",
        ] {
            assert!(!is_quick_key(bad), "{bad:?}");
        }
        assert!(!is_quick_key(&format!("{} versus", "9".repeat(60))));
    }
}
