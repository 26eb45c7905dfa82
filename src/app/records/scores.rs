//! The high-score tables, one per way of playing, and their record (`scores`:
//! one `SCORE<TAB>WAY<TAB>LEVEL<TAB>NAME` row per entry, a [`HighScore`]'s fields
//! in order; see docs/playing.md and `format/`).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use super::{Record, Way};

/// How many high scores each table keeps.
pub const HIGH_SCORE_SLOTS: usize = 10;

/// One high score: a row of the record, its fields in this order. A row with
/// more fields than these is a newer version's, kept as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighScore {
    /// Points.
    pub score: u32,
    /// How it was played: its table. Tables from before the ways say `versus`
    /// for any CPU strength: those entries join the Normal table (see
    /// [`Way::from_key`]).
    #[serde(deserialize_with = "table_way")]
    pub way: Way,
    /// The level it ended on.
    pub level: String,
    /// The player's three letters (empty in tables saved before names).
    #[serde(default)]
    pub name: String,
}

/// A way with a table: an old table's two-player entries have none now, so
/// their rows are kept as written, not shown (as a way this version does not know).
fn table_way<'de, D: Deserializer<'de>>(d: D) -> Result<Way, D::Error> {
    let way = Way::deserialize(d)?;
    if way.has_table() {
        Ok(way)
    } else {
        Err(D::Error::unknown_variant(way.key(), &[]))
    }
}

/// The best scores, one table per way of playing (see [`Way::TABLES`]), each
/// highest first. Read, each row is added in turn ([`HighScores::add`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "Vec<HighScore>", into = "Vec<HighScore>")]
pub struct HighScores {
    /// Every table's entries, highest first; at most [`HIGH_SCORE_SLOTS`] of
    /// each way.
    pub entries: Vec<HighScore>,
}

impl HighScores {
    /// The table of `way`, highest first.
    pub fn table(&self, way: Way) -> impl Iterator<Item = &HighScore> + '_ {
        self.entries.iter().filter(move |e| e.way == way)
    }

    /// The place (1 for the top) `score` would take in `way`'s table, or `None`
    /// when it would not enter: it must have scored, and beat the last of a
    /// full table (a tie keeps the older one), and the way must have a table.
    pub fn place(&self, way: Way, score: u32) -> Option<usize> {
        if score == 0 || !way.has_table() {
            return None;
        }
        let above = self.table(way).filter(|e| e.score >= score).count();
        (above < HIGH_SCORE_SLOTS).then_some(above + 1)
    }

    /// Whether `score` would enter `way`'s table.
    pub fn qualifies(&self, way: Way, score: u32) -> bool {
        self.place(way, score).is_some()
    }

    /// Adds a score in its place in its table (ties keep the older one first);
    /// returns whether it entered.
    pub fn add(&mut self, entry: HighScore) -> bool {
        if !self.qualifies(entry.way, entry.score) {
            return false;
        }
        let at = self
            .entries
            .iter()
            .position(|e| entry.score > e.score)
            .unwrap_or(self.entries.len());
        self.entries.insert(at, entry);
        // Drop the one pushed out of that table (the 11th of its way).
        let way = self.entries[at].way;
        if let Some(out) = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.way == way)
            .nth(HIGH_SCORE_SLOTS)
            .map(|(i, _)| i)
        {
            self.entries.remove(out);
        }
        true
    }
}

impl From<Vec<HighScore>> for HighScores {
    fn from(rows: Vec<HighScore>) -> Self {
        let mut scores = HighScores::default();
        for row in rows {
            scores.add(row);
        }
        scores
    }
}

impl From<HighScores> for Vec<HighScore> {
    fn from(scores: HighScores) -> Self {
        scores.entries
    }
}

impl Record for HighScores {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn high_scores_keep_the_best_ten_in_order() {
        let mut t = HighScores::default();
        for s in [5, 50, 20, 0, 70, 1, 2, 3, 4, 6, 7, 8] {
            t.add(HighScore {
                score: s,
                way: Way::Solo,
                level: "L".into(),
                name: "ABC".into(),
            });
        }
        let scores: Vec<u32> = t.entries.iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![70, 50, 20, 8, 7, 6, 5, 4, 3, 2]);
        assert!(!t.qualifies(Way::Solo, 1) && t.qualifies(Way::Solo, 3));
        assert_eq!(t.place(Way::Solo, 60), Some(2));
        assert_eq!(HighScores::parse(&t.to_text()).unwrap(), t);
        let old = HighScores::parse("12\tsolo\tFunnel\n").unwrap();
        assert_eq!(
            old.entries[0].name, "",
            "tables from before names still load"
        );
    }

    #[test]
    fn high_scores_are_kept_per_way_and_old_versus_lines_join_normal() {
        let mut t = HighScores::default();
        let hard = Way::Versus(crate::game::Difficulty::Hard);
        for s in 1..=10 {
            t.add(HighScore {
                score: 100 + s,
                way: Way::Solo,
                level: "L".into(),
                name: "SOL".into(),
            });
        }
        // A full solo table does not keep a low versus score out of its own table.
        assert_eq!(t.place(hard, 12), Some(1));
        assert!(t.add(HighScore {
            score: 12,
            way: hard,
            level: "Hex Garden".into(),
            name: "VER".into(),
        }));
        assert_eq!(t.table(Way::Solo).count(), 10);
        assert_eq!(t.table(hard).count(), 1);
        assert!(!t.qualifies(Way::Solo, 50), "the solo table is full");
        assert!(
            !t.qualifies(Way::TwoPlayers, 50),
            "two players keep no table"
        );
        assert!(
            !t.qualifies(hard, 0),
            "a run that never scored enters nothing"
        );
        assert_eq!(HighScores::parse(&t.to_text()).unwrap(), t);
        assert!(t.to_text().contains("12\tversus-hard\tHex Garden\tVER\n"));
        // A table from before the ways: `versus` had no strength.
        let old = HighScores::parse("30\tversus\tFunnel\tBOB\n9\tsolo\tArc\tEVE\n").unwrap();
        let normal = Way::Versus(crate::game::Difficulty::Normal);
        assert_eq!(old.table(normal).map(|e| e.score).collect::<Vec<_>>(), [30]);
        assert_eq!(
            old.table(Way::Solo).map(|e| e.score).collect::<Vec<_>>(),
            [9]
        );
        assert!(HighScores::parse("3\tsideways\tL\n").is_err());
    }
}
