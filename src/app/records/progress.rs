//! What a player has done, kept between runs: the levels cleared in solo (which
//! unlock the campaign), the best score on each level for each way of playing,
//! and the three letters of the last name entered. Saved as the `progress`
//! record beside the settings and scores (files on the desktop, localStorage in
//! a browser: see `storage.rs`).

use std::collections::{BTreeMap, BTreeSet};

use super::lines::{quote, read_all, LineRead};
use super::Way;

/// The name offered when none was entered yet.
pub const DEFAULT_NAME: &str = "AAA";

/// A player's progress. Levels are named by their file label (`01_first_contact.txt`),
/// which stays put when a level's title changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Levels cleared in solo.
    pub cleared: BTreeSet<String>,
    /// Best score on each level for each way of playing, by (way, level).
    pub best: BTreeMap<(Way, String), u32>,
    /// Bests from records written before bests had a way (`best = SCORE LABEL`),
    /// by level, not yet given one: see [`Progress::adopt_old_bests`]. Written
    /// back as they came, so nothing is lost.
    pub old_best: BTreeMap<String, u32>,
    /// The last name entered in the high-score table.
    pub name: String,
}

impl Default for Progress {
    fn default() -> Self {
        Self {
            cleared: BTreeSet::new(),
            best: BTreeMap::new(),
            old_best: BTreeMap::new(),
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

    /// The file's text: `name = ABC`, then `cleared = LABEL` lines, then one
    /// `best.WAY = SCORE LABEL` line per best (`WAY` a [`Way::key`]), then any
    /// old `best = SCORE LABEL` lines not yet adopted.
    pub fn to_text(&self) -> String {
        let mut out = format!("name = {}\n", self.name);
        for l in &self.cleared {
            out.push_str(&format!("cleared = {l}\n"));
        }
        for ((way, l), s) in &self.best {
            out.push_str(&format!("best.{} = {s} {l}\n", way.key()));
        }
        for (l, s) in &self.old_best {
            out.push_str(&format!("best = {s} {l}\n"));
        }
        out
    }

    /// Reads the file's text; an unknown line is an error (the game itself loads
    /// the record line by line with [`Progress::read_line`], keeping such lines).
    pub fn parse(text: &str) -> Result<Self, String> {
        read_all(text, Progress::read_line)
    }

    /// Reads one line of the file (see [`super::lines`]): a line that does not
    /// read leaves the progress as it was.
    pub fn read_line(&mut self, line: &str) -> LineRead {
        let bad = || LineRead::Bad(format!("{} is not progress", quote(line)));
        let Some((k, v)) = line.split_once('=') else {
            return bad();
        };
        let v = v.trim();
        let score_and_label = || -> Option<(u32, String)> {
            let (score, label) = v.split_once(' ')?;
            Some((score.parse().ok()?, label.to_owned()))
        };
        match k.trim() {
            "name" => match clean_name(v) {
                Some(name) => self.name = name,
                None => return bad(),
            },
            "cleared" => {
                self.cleared.insert(v.to_owned());
            }
            "best" => match score_and_label() {
                Some((score, label)) => drop(self.old_best.insert(label, score)),
                None => return bad(),
            },
            k => {
                // A way this version does not know is a newer version's: kept.
                let Some(way) = k.strip_prefix("best.").and_then(Way::from_key) else {
                    return LineRead::Unknown;
                };
                match score_and_label() {
                    Some((score, label)) => drop(self.best.insert((way, label), score)),
                    None => return bad(),
                }
            }
        }
        LineRead::Known
    }
}

/// A saved name as three capital letters, or `None` if it is not one.
fn clean_name(v: &str) -> Option<String> {
    (v.len() == 3 && v.bytes().all(|b| b.is_ascii_uppercase())).then(|| v.to_owned())
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
    fn progress_rejects_junk_and_bad_names() {
        assert!(Progress::parse("score = 3\n").is_err());
        assert!(Progress::parse("name = abcd\n").is_err());
        assert!(Progress::parse("best = x y\n").is_err());
        assert!(Progress::parse("best.sideways = 3 a.txt\n").is_err());
        assert!(Progress::parse("best.solo = 3\n").is_err());
        assert_eq!(Progress::parse("").unwrap(), Progress::default());
    }
}
