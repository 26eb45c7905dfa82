//! The high-score tables, one per level set and way of playing, and their
//! record (`scores`: one `SCORE<TAB>WAY<TAB>LEVEL<TAB>NAME` row per entry; see
//! docs/playing.md and `format/`). A set other than the root set rides in the
//! way's column, `WAY@SET` (`solo@angles`): rows written before sets (and the
//! root set's) are unchanged, and a version from before sets keeps a set's row
//! as written (a way it does not know), where a fifth field would have been
//! read as a newer version's row by this one too.

use serde::{Deserialize, Deserializer, Serialize};

use super::{Record, Way};

/// How many high scores each table keeps.
pub const HIGH_SCORE_SLOTS: usize = 10;

/// One high score: a row of the record (see [`Row`]). A row with more fields
/// than these is a newer version's, kept as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Row", into = "Row")]
pub struct HighScore {
    /// Points.
    pub score: u32,
    /// How it was played: its table. Tables from before the ways say `versus`
    /// for any CPU strength: those entries join the Normal table (see
    /// [`Way::from_key`]).
    pub way: Way,
    /// The level it ended on.
    pub level: String,
    /// The player's three letters (empty in tables saved before names).
    #[serde(default)]
    pub name: String,
    /// The level set it was played in (its key: a folder name; empty for the
    /// root set, which rows from before sets are).
    pub set: String,
}

/// A high score as its row has it, fields in this order: the set joins the way.
#[derive(Serialize, Deserialize)]
struct Row {
    /// Points.
    score: u32,
    /// `WAY` or `WAY@SET`.
    table: Table,
    /// The level it ended on.
    level: String,
    /// The player's three letters (empty in tables saved before names).
    #[serde(default)]
    name: String,
}

impl From<Row> for HighScore {
    fn from(r: Row) -> Self {
        HighScore {
            score: r.score,
            way: r.table.0,
            level: r.level,
            name: r.name,
            set: r.table.1,
        }
    }
}

impl From<HighScore> for Row {
    fn from(h: HighScore) -> Self {
        Row {
            score: h.score,
            table: Table(h.way, h.set),
            level: h.level,
            name: h.name,
        }
    }
}

/// A row's table: a way with a table and a set (empty for the root set).
struct Table(Way, String);

impl Serialize for Table {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.1.is_empty() {
            s.serialize_str(self.0.key())
        } else {
            s.serialize_str(&format!("{}@{}", self.0.key(), self.1))
        }
    }
}

/// A way with a table: an old table's two-player entries have none now, so
/// their rows are kept as written, not shown (as a way this version does not
/// know); after an `@`, the set.
impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Word;
        impl serde::de::Visitor<'_> for Word {
            type Value = Table;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a way of playing, and a set after `@`")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Table, E> {
                let (way, set) = v.trim().split_once('@').unwrap_or((v.trim(), ""));
                match Way::from_key(way) {
                    Some(way) if way.has_table() => Ok(Table(way, set.to_owned())),
                    _ => Err(E::unknown_variant(v, &[])),
                }
            }
        }
        d.deserialize_str(Word)
    }
}

/// The best scores, one table per level set and way of playing (see
/// [`Way::TABLES`]), each highest first. Read, each row is added in turn
/// ([`HighScores::add`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "Vec<HighScore>", into = "Vec<HighScore>")]
pub struct HighScores {
    /// Every table's entries, highest first; at most [`HIGH_SCORE_SLOTS`] of
    /// each set and way.
    pub entries: Vec<HighScore>,
}

impl HighScores {
    /// The table of `set` (its key, empty for the root set) and `way`,
    /// highest first.
    pub fn table<'a>(&'a self, set: &'a str, way: Way) -> impl Iterator<Item = &'a HighScore> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.way == way && e.set == set)
    }

    /// The place (1 for the top) `score` would take in the table of `set` and
    /// `way`, or `None` when it would not enter: it must have scored, and beat
    /// the last of a full table (a tie keeps the older one), and the way must
    /// have a table.
    pub fn place(&self, set: &str, way: Way, score: u32) -> Option<usize> {
        if score == 0 || !way.has_table() {
            return None;
        }
        let above = self.table(set, way).filter(|e| e.score >= score).count();
        (above < HIGH_SCORE_SLOTS).then_some(above + 1)
    }

    /// Whether `score` would enter the table of `set` and `way`.
    pub fn qualifies(&self, set: &str, way: Way, score: u32) -> bool {
        self.place(set, way, score).is_some()
    }

    /// Adds a score in its place in its table (ties keep the older one first);
    /// returns whether it entered.
    pub fn add(&mut self, entry: HighScore) -> bool {
        if !self.qualifies(&entry.set, entry.way, entry.score) {
            return false;
        }
        let at = self
            .entries
            .iter()
            .position(|e| entry.score > e.score)
            .unwrap_or(self.entries.len());
        self.entries.insert(at, entry);
        // Drop the one pushed out of that table (the 11th of its set and way).
        let (way, set) = (self.entries[at].way, self.entries[at].set.clone());
        if let Some(out) = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.way == way && e.set == set)
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
                set: String::new(),
            });
        }
        let scores: Vec<u32> = t.entries.iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![70, 50, 20, 8, 7, 6, 5, 4, 3, 2]);
        assert!(!t.qualifies("", Way::Solo, 1) && t.qualifies("", Way::Solo, 3));
        assert_eq!(t.place("", Way::Solo, 60), Some(2));
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
                set: String::new(),
            });
        }
        // A full solo table does not keep a low versus score out of its own table.
        assert_eq!(t.place("", hard, 12), Some(1));
        assert!(t.add(HighScore {
            score: 12,
            way: hard,
            level: "Hex Garden".into(),
            name: "VER".into(),
            set: String::new(),
        }));
        assert_eq!(t.table("", Way::Solo).count(), 10);
        assert_eq!(t.table("", hard).count(), 1);
        assert!(!t.qualifies("", Way::Solo, 50), "the solo table is full");
        assert!(
            !t.qualifies("", Way::TwoPlayers, 50),
            "two players keep no table"
        );
        assert!(
            !t.qualifies("", hard, 0),
            "a run that never scored enters nothing"
        );
        assert_eq!(HighScores::parse(&t.to_text()).unwrap(), t);
        assert!(t.to_text().contains("12\tversus-hard\tHex Garden\tVER\n"));
        // A table from before the ways: `versus` had no strength.
        let old = HighScores::parse("30\tversus\tFunnel\tBOB\n9\tsolo\tArc\tEVE\n").unwrap();
        let normal = Way::Versus(crate::game::Difficulty::Normal);
        assert_eq!(
            old.table("", normal).map(|e| e.score).collect::<Vec<_>>(),
            [30]
        );
        assert_eq!(
            old.table("", Way::Solo)
                .map(|e| e.score)
                .collect::<Vec<_>>(),
            [9]
        );
        assert!(HighScores::parse("3\tsideways\tL\n").is_err());
    }

    #[test]
    fn high_scores_are_kept_per_set_and_root_rows_stay_four_fields() {
        let mut t = HighScores::default();
        for s in 1..=10 {
            t.add(HighScore {
                score: 100 + s,
                way: Way::Solo,
                level: "Funnel".into(),
                name: "ROO".into(),
                set: String::new(),
            });
        }
        // A full root table does not keep a set's low score out of its own.
        assert_eq!(t.place("angles", Way::Solo, 5), Some(1));
        assert!(t.add(HighScore {
            score: 5,
            way: Way::Solo,
            level: "Spin".into(),
            name: "SET".into(),
            set: "angles".into(),
        }));
        assert_eq!(t.table("", Way::Solo).count(), 10);
        assert_eq!(t.table("angles", Way::Solo).count(), 1);
        let text = t.to_text();
        assert!(text.contains("5\tsolo@angles\tSpin\tSET\n"), "{text}");
        assert!(text.contains("110\tsolo\tFunnel\tROO\n"), "{text}");
        assert_eq!(HighScores::parse(&text).unwrap(), t);
        // An old table reads as the root set's and writes back byte for byte.
        let old = "30\tsolo\tFunnel\tBOB\n9\tversus-hard\tArc\tEVE\n";
        let read = HighScores::parse(old).unwrap();
        assert_eq!(read.table("", Way::Solo).count(), 1);
        assert_eq!(read.to_text(), old);
    }
}
