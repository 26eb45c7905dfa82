//! What a player has done, kept between runs: the levels cleared in solo (which
//! unlock the campaign), the best score on each level, and the three letters of
//! the last name entered. Saved as the `progress` record beside the settings and
//! scores (files on the desktop, localStorage in a browser: see `storage.rs`).

use std::collections::{BTreeMap, BTreeSet};

/// The name offered when none was entered yet.
pub const DEFAULT_NAME: &str = "AAA";

/// A player's progress. Levels are named by their file label (`01_first_contact.txt`),
/// which stays put when a level's title changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Levels cleared in solo.
    pub cleared: BTreeSet<String>,
    /// Best run score shown when a game on the level ended, by level.
    pub best: BTreeMap<String, u32>,
    /// The last name entered in the high-score table.
    pub name: String,
}

impl Default for Progress {
    fn default() -> Self {
        Self {
            cleared: BTreeSet::new(),
            best: BTreeMap::new(),
            name: DEFAULT_NAME.to_owned(),
        }
    }
}

impl Progress {
    /// Notes a score reached on `level`; returns whether it is a new best.
    pub fn record_best(&mut self, level: &str, score: u32) -> bool {
        let best = self.best.entry(level.to_owned()).or_insert(0);
        let better = score > *best;
        *best = (*best).max(score);
        better && score > 0
    }

    /// The file's text: `name = ABC`, then `cleared = LABEL` and `best = SCORE LABEL`
    /// lines.
    pub fn to_text(&self) -> String {
        let mut out = format!("name = {}\n", self.name);
        for l in &self.cleared {
            out.push_str(&format!("cleared = {l}\n"));
        }
        for (l, s) in &self.best {
            out.push_str(&format!("best = {s} {l}\n"));
        }
        out
    }

    /// Reads the file's text; an unknown line is an error (the caller falls back to
    /// defaults and says so).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut p = Progress::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let bad = || format!("line {}: `{line}` is not progress", n + 1);
            let (k, v) = line.split_once('=').ok_or_else(bad)?;
            let v = v.trim();
            match k.trim() {
                "name" => p.name = clean_name(v).ok_or_else(bad)?,
                "cleared" => {
                    p.cleared.insert(v.to_owned());
                }
                "best" => {
                    let (score, label) = v.split_once(' ').ok_or_else(bad)?;
                    let score = score.parse().map_err(|_| bad())?;
                    p.best.insert(label.to_owned(), score);
                }
                _ => return Err(bad()),
            }
        }
        Ok(p)
    }
}

/// A saved name as three capital letters, or `None` if it is not one.
fn clean_name(v: &str) -> Option<String> {
    (v.len() == 3 && v.bytes().all(|b| b.is_ascii_uppercase())).then(|| v.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_keeps_the_best() {
        let mut p = Progress::default();
        p.cleared.insert("01_first_contact.txt".into());
        assert!(p.record_best("levels/my level.txt", 40));
        assert!(!p.record_best("levels/my level.txt", 30));
        assert!(p.record_best("levels/my level.txt", 45));
        p.name = "ZED".into();
        assert_eq!(Progress::parse(&p.to_text()).unwrap(), p);
        assert_eq!(p.best["levels/my level.txt"], 45);
    }

    #[test]
    fn progress_rejects_junk_and_bad_names() {
        assert!(Progress::parse("score = 3\n").is_err());
        assert!(Progress::parse("name = abcd\n").is_err());
        assert!(Progress::parse("best = x y\n").is_err());
        assert_eq!(Progress::parse("").unwrap(), Progress::default());
    }
}
