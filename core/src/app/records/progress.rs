//! What a player has done, kept between runs: the levels cleared in solo (which
//! unlock the campaign), the best score on each level for each way of playing,
//! and the three letters of the last name entered. Saved as the `progress`
//! record beside the settings and scores (files on the desktop, localStorage in
//! a browser: see `storage.rs`).

use std::collections::{BTreeMap, BTreeSet};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use super::{Record, Way};

/// The name offered when none was entered yet.
pub const DEFAULT_NAME: &str = "AAA";

/// A player's progress. Levels are named by their file label (`01_first_contact.txt`),
/// which stays put when a level's title changes. The record: `name = ABC`, then
/// `cleared = LABEL` lines, then one `best.WAY = SCORE LABEL` line per best
/// (`WAY` a [`Way::key`]), then any old `best = SCORE LABEL` lines not yet adopted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// The last name entered in the high-score table.
    #[serde(deserialize_with = "three_letters")]
    pub name: String,
    /// Levels cleared in solo.
    pub cleared: BTreeSet<String>,
    /// Best score on each level for each way of playing, by (way, level).
    #[serde(rename = "best.", with = "bests_by_way")]
    pub best: BTreeMap<(Way, String), u32>,
    /// Bests from records written before bests had a way (`best = SCORE LABEL`),
    /// by level, not yet given one: see [`Progress::adopt_old_bests`]. Written
    /// back as they came, so nothing is lost.
    #[serde(rename = "best", with = "old_bests")]
    pub old_best: BTreeMap<String, u32>,
    /// Solo games lost (out of lives) on each shipped level not cleared yet, by
    /// level: [`crate::app::play::TRIES_OPEN_NEXT`] of them open the next level.
    /// Written `failed = COUNT LABEL`, after every older line, so records from
    /// before load unchanged (no such line: no tries).
    #[serde(rename = "failed", with = "old_bests")]
    pub failed: BTreeMap<String, u32>,
}

impl Default for Progress {
    fn default() -> Self {
        Self {
            cleared: BTreeSet::new(),
            best: BTreeMap::new(),
            old_best: BTreeMap::new(),
            failed: BTreeMap::new(),
            name: DEFAULT_NAME.to_owned(),
        }
    }
}

impl Progress {
    /// Notes a score reached on `level` playing `way`; returns whether it is a
    /// new best.
    pub fn record_best(&mut self, way: Way, level: &str, score: u32) -> bool {
        let best = self.best.entry((way, level.to_owned())).or_insert(0);
        let better = score > *best;
        *best = (*best).max(score);
        better && score > 0
    }

    /// The best score on `level` playing `way`, if one above zero was reached.
    pub fn best_of(&self, way: Way, level: &str) -> Option<u32> {
        self.best
            .get(&(way, level.to_owned()))
            .copied()
            .filter(|&b| b > 0)
    }

    /// Notes a solo game lost on `level`; returns the tries lost there so far.
    pub fn note_failed(&mut self, level: &str) -> u32 {
        let tries = self.failed.entry(level.to_owned()).or_insert(0);
        *tries = tries.saturating_add(1);
        *tries
    }

    /// Solo games lost on `level` so far (0 when none).
    pub fn tries_at(&self, level: &str) -> u32 {
        self.failed.get(level).copied().unwrap_or(0)
    }

    /// Moves what is kept under the level name `from` (its bests of every way,
    /// its clear, an old best) to `to`, the better score winning where `to`
    /// has one too: a player set's level keyed by its file name before keys
    /// left the order number out (see `LevelEntry::record_key`). Nothing is
    /// dropped. Returns whether anything moved (to save it).
    pub fn rekey(&mut self, from: &str, to: &str) -> bool {
        if from == to {
            return false;
        }
        let ways: Vec<Way> = (self.best.keys())
            .filter(|(_, label)| label == from)
            .map(|&(way, _)| way)
            .collect();
        let mut moved = !ways.is_empty();
        for way in ways {
            if let Some(score) = self.best.remove(&(way, from.to_owned())) {
                let best = self.best.entry((way, to.to_owned())).or_insert(0);
                *best = (*best).max(score);
            }
        }
        if self.cleared.remove(from) {
            self.cleared.insert(to.to_owned());
            moved = true;
        }
        if let Some(score) = self.old_best.remove(from) {
            let best = self.old_best.entry(to.to_owned()).or_insert(0);
            *best = (*best).max(score);
            moved = true;
        }
        if let Some(tries) = self.failed.remove(from) {
            let kept = self.failed.entry(to.to_owned()).or_insert(0);
            *kept = (*kept).max(tries);
            moved = true;
        }
        moved
    }

    /// Gives the bests from before the ways a way: the old record did not say how
    /// a best was reached, and the complaint that led to ways was a two-player
    /// score shown as a solo best. A level that allows solo (`allows_solo` says,
    /// `None` for a level not in the list) takes it as its solo best (solo is
    /// the campaign, where most bests came from); any other stays in
    /// [`Progress::old_best`], shown nowhere and written back unchanged.
    /// Returns whether anything moved (to save it).
    pub fn adopt_old_bests(&mut self, allows_solo: impl Fn(&str) -> Option<bool>) -> bool {
        let old = std::mem::take(&mut self.old_best);
        let mut moved = false;
        for (label, score) in old {
            if allows_solo(&label) == Some(true) {
                self.record_best(Way::Solo, &label, score);
                moved = true;
            } else {
                self.old_best.insert(label, score);
            }
        }
        moved
    }
}

impl Record for Progress {}

/// A saved name: three capital letters.
fn three_letters<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let name = String::deserialize(d)?;
    if name.len() == 3 && name.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(name)
    } else {
        Err(D::Error::custom(format!(
            "`{name}` is not three capital letters"
        )))
    }
}

/// The bests as the record has them: per way, a `SCORE LABEL` line per level.
mod bests_by_way {
    use std::collections::BTreeMap;

    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Way;

    pub(super) fn serialize<S: Serializer>(
        best: &BTreeMap<(Way, String), u32>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut by_way: BTreeMap<Way, Vec<(u32, &str)>> = BTreeMap::new();
        for ((way, label), &score) in best {
            by_way.entry(*way).or_default().push((score, label));
        }
        by_way.serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<(Way, String), u32>, D::Error> {
        // By the word as written: two words for one way (`versus` is an old
        // word for `versus-normal`) must not replace each other's lines.
        let by_word = BTreeMap::<String, Vec<(u32, String)>>::deserialize(d)?;
        let mut best = BTreeMap::new();
        for (word, bests) in by_word {
            // A way this version does not know is a newer version's: kept.
            let way = Way::from_key(&word).ok_or_else(|| D::Error::unknown_variant(&word, &[]))?;
            for (score, label) in bests {
                best.insert((way, label), score);
            }
        }
        Ok(best)
    }
}

/// The bests from before the ways: a `SCORE LABEL` line per level (and the
/// tries lost, a `COUNT LABEL` line per level, the same shape).
mod old_bests {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        old: &BTreeMap<String, u32>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(old.iter().map(|(label, score)| (score, label)))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, u32>, D::Error> {
        let lines = Vec::<(u32, String)>::deserialize(d)?;
        Ok(lines
            .into_iter()
            .map(|(score, label)| (label, score))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Difficulty;

    #[test]
    fn progress_round_trips_and_keeps_the_best() {
        let mut p = Progress::default();
        p.cleared.insert("01_first_contact.txt".into());
        assert!(p.record_best(Way::Solo, "levels/my level.txt", 40));
        assert!(!p.record_best(Way::Solo, "levels/my level.txt", 30));
        assert!(p.record_best(Way::Solo, "levels/my level.txt", 45));
        p.name = "ZED".into();
        assert_eq!(Progress::parse(&p.to_text()).unwrap(), p);
        assert_eq!(p.best_of(Way::Solo, "levels/my level.txt"), Some(45));
    }

    #[test]
    fn tries_lost_are_kept_and_old_records_load_without_them() {
        let old = "name = ABC\ncleared = a.txt\nbest.solo = 40 a.txt\n";
        let mut p = Progress::parse(old).unwrap();
        assert_eq!(p.tries_at("b.txt"), 0);
        assert_eq!(p.to_text(), old, "nothing new written for no tries");
        p.note_failed("b.txt");
        p.note_failed("angles/02_fan.txt");
        assert_eq!(p.note_failed("b.txt"), 2);
        let text = p.to_text();
        assert!(text.starts_with(old), "{text}");
        assert!(text.contains("failed = 2 b.txt\n"), "{text}");
        assert_eq!(Progress::parse(&text).unwrap(), p);
        // Moved with the level's key like the rest.
        assert!(p.rekey("b.txt", "set/b.txt"));
        assert_eq!(p.tries_at("set/b.txt"), 2);
    }

    #[test]
    fn bests_are_kept_per_way_of_playing() {
        let mut p = Progress::default();
        let hard = Way::Versus(Difficulty::Hard);
        assert!(p.record_best(Way::TwoPlayers, "a.txt", 26));
        assert!(p.record_best(Way::Solo, "a.txt", 10));
        assert!(p.record_best(hard, "a.txt", 12));
        assert_eq!(p.best_of(Way::Solo, "a.txt"), Some(10), "not the 26");
        assert_eq!(p.best_of(Way::TwoPlayers, "a.txt"), Some(26));
        assert_eq!(p.best_of(Way::Versus(Difficulty::Easy), "a.txt"), None);
        let text = p.to_text();
        assert!(text.contains("best.versus-hard = 12 a.txt\n"), "{text}");
        assert!(text.contains("best.two-players = 26 a.txt\n"), "{text}");
        assert_eq!(Progress::parse(&text).unwrap(), p);
    }

    #[test]
    fn old_bests_load_and_become_solo_where_the_level_allows_solo() {
        let old =
            "name = ABC\ncleared = a.txt\nbest = 26 a.txt\nbest = 9 v.txt\nbest = 4 gone.txt\n";
        let mut p = Progress::parse(old).unwrap();
        assert_eq!(p.best_of(Way::Solo, "a.txt"), None, "not until adopted");
        let modes = |l: &str| match l {
            "a.txt" => Some(true),
            "v.txt" => Some(false),
            _ => None,
        };
        assert!(p.adopt_old_bests(modes));
        assert_eq!(p.best_of(Way::Solo, "a.txt"), Some(26));
        assert_eq!(
            p.best_of(Way::Solo, "v.txt"),
            None,
            "versus-only: no way known"
        );
        let again = Progress::parse(&p.to_text()).unwrap();
        assert_eq!(again, p, "the unadopted old lines are written back");
        assert!(p.to_text().contains("best = 9 v.txt\n"));
        assert!(!p.clone().adopt_old_bests(|_| None));
    }

    #[test]
    fn rekeying_moves_every_way_and_the_clear_and_keeps_the_better_best() {
        let old = "name = ABC\ncleared = mine/02_a.txt\nbest.solo = 40 mine/02_a.txt\n\
                   best.two-players = 7 mine/02_a.txt\nbest.solo = 55 mine/a.txt\n\
                   best.solo = 9 other/02_a.txt\n";
        let mut p = Progress::parse(old).unwrap();
        assert!(p.rekey("mine/02_a.txt", "mine/a.txt"));
        assert_eq!(p.best_of(Way::Solo, "mine/a.txt"), Some(55), "the better");
        assert_eq!(p.best_of(Way::TwoPlayers, "mine/a.txt"), Some(7));
        assert_eq!(p.best_of(Way::Solo, "mine/02_a.txt"), None);
        assert!(p.cleared.contains("mine/a.txt") && !p.cleared.contains("mine/02_a.txt"));
        assert_eq!(p.best_of(Way::Solo, "other/02_a.txt"), Some(9), "untouched");
        assert!(
            !p.clone().rekey("mine/02_a.txt", "mine/a.txt"),
            "moved once"
        );
        assert!(!p.rekey("mine/a.txt", "mine/a.txt"));
    }

    #[test]
    fn progress_rejects_junk_and_bad_names() {
        assert!(Progress::parse("score = 3\n").is_err());
        assert!(Progress::parse("name = abcd\n").is_err());
        assert!(Progress::parse("best = x y\n").is_err());
        assert!(Progress::parse("best.sideways = 3 a.txt\n").is_err());
        assert!(Progress::parse("best.solo = 3\n").is_err());
        assert_eq!(Progress::parse("").unwrap(), Progress::default());
    }
}
