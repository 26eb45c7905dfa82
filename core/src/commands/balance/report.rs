//! The measurements folded into what a designer reads: a versus row and solo
//! rows per level, and the goals of issue 32 checked against them.

use super::jobs::{Job, STRENGTHS};
use super::measure::{seconds, Played};
use crate::game::{Difficulty, Mode, Outcome};
use crate::level::{Level, Side};

/// Shortest and longest median versus match between normal CPUs, seconds of play.
pub(super) const MEDIAN_MATCH_SECONDS: (f64, f64) = (180.0, 420.0);
/// No versus match between normal CPUs is shorter, seconds of play.
pub(super) const SHORTEST_MATCH_SECONDS: f64 = 90.0;
/// Normal against normal, on every level: the share of matches whose lead
/// changes hands at least once (a match that can be turned around).
pub(super) const TURNED_SHARE: f64 = 0.5;
/// The share of matches each strength wins against the one below it.
pub(super) const STRONGER_WINS: f64 = 0.65;
/// Solo: the longest wait for a brick hit stays under this at the 90th percentile.
pub(super) const BRICK_GAP_P90_SECONDS: f64 = 15.0;
/// Solo: the median hunt for the last tenth of the bricks stays under this.
pub(super) const HUNT_MEDIAN_SECONDS: f64 = 45.0;

/// Versus on one level.
#[derive(Debug, Clone, PartialEq)]
pub struct VersusRow {
    /// Normal against normal: the median match, seconds of play.
    pub median: f64,
    /// Normal against normal: the 90th percentile.
    pub p90: f64,
    /// Normal against normal: the shortest match.
    pub shortest: f64,
    /// Normal against normal: the median number of lead changes in a match.
    pub lead_changes: f64,
    /// Normal against normal: the share of matches whose lead changed at least once.
    pub turned: f64,
    /// The share of matches normal won against easy.
    pub normal_beats_easy: f64,
    /// The share of matches hard won against normal.
    pub hard_beats_normal: f64,
    /// Each strength's longest stretch without scoring in any match it played
    /// (easy, normal, hard), seconds.
    pub scoreless: [f64; 3],
}

/// One CPU strength alone in solo on one level.
#[derive(Debug, Clone, PartialEq)]
pub struct SoloRow {
    /// Which CPU.
    pub strength: Difficulty,
    /// The share of games that cleared the level.
    pub cleared: f64,
    /// The median time of the cleared games, seconds of play.
    pub time: Option<f64>,
    /// The 90th percentile of each game's longest wait for a brick hit, seconds.
    pub gap_p90: f64,
    /// The median hunt for the last tenth of the bricks in cleared games, seconds.
    pub hunt: Option<f64>,
}

/// One level's rows.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelReport {
    /// How it was named: a shipped level's name without `.txt` (`SET/FILE` for
    /// a subfolder set's), or a file's name.
    pub label: String,
    /// Versus, if the level allows it.
    pub versus: Option<VersusRow>,
    /// Solo by strength, weakest first (empty if the level is versus only).
    pub solo: Vec<SoloRow>,
}

/// A goal of issue 32 and whether the measurements meet it.
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    /// The goal, in words.
    pub what: String,
    /// Whether every level meets it.
    pub met: bool,
    /// The numbers behind the verdict (the worst level, or the pooled share).
    pub detail: String,
}

/// Everything `balance` measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Seeds per level and pairing.
    pub seeds: u64,
    /// Games played.
    pub games: usize,
    /// Level by level.
    pub levels: Vec<LevelReport>,
    /// The goals, checked.
    pub goals: Vec<Goal>,
}

impl Report {
    /// Folds the games (`played[i]` is `jobs[i]`'s) into rows and goals.
    pub(super) fn new(
        levels: &[(String, Level)],
        seeds: u64,
        jobs: &[Job],
        played: &[Played],
    ) -> Report {
        let rows: Vec<LevelReport> = levels
            .iter()
            .enumerate()
            .map(|(k, (label, _))| {
                let games: Vec<(&Job, &Played)> = jobs
                    .iter()
                    .zip(played)
                    .filter(|(j, _)| j.level == k)
                    .collect();
                LevelReport {
                    label: label.clone(),
                    versus: versus_row(&games),
                    solo: STRENGTHS
                        .iter()
                        .filter_map(|&s| solo_row(&games, s))
                        .collect(),
                }
            })
            .collect();
        let goals = goals(&rows, jobs, played);
        Report {
            seeds,
            games: played.len(),
            levels: rows,
            goals,
        }
    }

    /// Whether every goal is met.
    pub fn all_met(&self) -> bool {
        self.goals.iter().all(|g| g.met)
    }
}

/// The strength on `side` of a versus job.
fn on(job: &Job, side: Side) -> Difficulty {
    job.cpus[side.index() as usize]
}

/// Whether the game between `low` and `high` (in either seat) went to `high`.
fn winner_is(job: &Job, p: &Played, high: Difficulty) -> bool {
    matches!(p.outcome, Some(Outcome::Won(side)) if on(job, side) == high)
}

/// The versus row from one level's games, if it has versus games.
fn versus_row(games: &[(&Job, &Played)]) -> Option<VersusRow> {
    let versus: Vec<_> = games
        .iter()
        .filter(|(j, _)| j.mode == Mode::Versus)
        .collect();
    if versus.is_empty() {
        return None;
    }
    let like: Vec<&Played> = versus
        .iter()
        .filter(|(j, _)| j.cpus == [Difficulty::Normal; 2])
        .map(|(_, p)| *p)
        .collect();
    let lengths: Vec<f64> = like.iter().map(|p| p.seconds()).collect();
    let changes: Vec<f64> = like.iter().map(|p| f64::from(p.lead_changes)).collect();
    let share_won = |low: Difficulty, high: Difficulty| {
        let matches: Vec<_> = versus
            .iter()
            .filter(|(j, _)| j.cpus.contains(&low) && j.cpus.contains(&high))
            .collect();
        share(
            matches
                .iter()
                .filter(|(j, p)| winner_is(j, p, high))
                .count(),
            matches.len(),
        )
    };
    let scoreless = STRENGTHS.map(|s| {
        versus
            .iter()
            .flat_map(|(j, p)| {
                [Side::Bottom, Side::Top]
                    .into_iter()
                    .filter(move |&side| on(j, side) == s)
                    .map(|side| seconds(p.scoreless[side.index() as usize]))
            })
            .fold(0.0, f64::max)
    });
    Some(VersusRow {
        median: median(&lengths),
        p90: percentile(&lengths, 0.9),
        shortest: lengths.iter().copied().fold(f64::INFINITY, f64::min),
        lead_changes: median(&changes),
        turned: share(
            like.iter().filter(|p| p.lead_changes > 0).count(),
            like.len(),
        ),
        normal_beats_easy: share_won(Difficulty::Easy, Difficulty::Normal),
        hard_beats_normal: share_won(Difficulty::Normal, Difficulty::Hard),
        scoreless,
    })
}

/// The solo row of `strength` from one level's games, if it played solo.
fn solo_row(games: &[(&Job, &Played)], strength: Difficulty) -> Option<SoloRow> {
    let solo: Vec<&Played> = games
        .iter()
        .filter(|(j, _)| j.mode == Mode::Solo && j.cpus[0] == strength)
        .map(|(_, p)| *p)
        .collect();
    if solo.is_empty() {
        return None;
    }
    let cleared: Vec<&&Played> = solo
        .iter()
        .filter(|p| p.outcome == Some(Outcome::Cleared))
        .collect();
    let times: Vec<f64> = cleared.iter().map(|p| p.seconds()).collect();
    let hunts: Vec<f64> = cleared.iter().filter_map(|p| p.hunt.map(seconds)).collect();
    let gaps: Vec<f64> = solo.iter().map(|p| seconds(p.brick_gap)).collect();
    Some(SoloRow {
        strength,
        cleared: share(cleared.len(), solo.len()),
        time: (!times.is_empty()).then(|| median(&times)),
        gap_p90: percentile(&gaps, 0.9),
        hunt: (!hunts.is_empty()).then(|| median(&hunts)),
    })
}

/// The goals of issue 32, each over every level measured.
fn goals(rows: &[LevelReport], jobs: &[Job], played: &[Played]) -> Vec<Goal> {
    let versus: Vec<(&str, &VersusRow)> = rows
        .iter()
        .filter_map(|r| Some((r.label.as_str(), r.versus.as_ref()?)))
        .collect();
    let solo: Vec<(&str, &SoloRow)> = rows
        .iter()
        .flat_map(|r| r.solo.iter().map(move |s| (r.label.as_str(), s)))
        .collect();
    let (lo, hi) = MEDIAN_MATCH_SECONDS;
    let mut goals = vec![
        every(
            format!("versus, normal CPUs: median match {lo:.0}-{hi:.0} s"),
            &versus,
            |v| (lo..=hi).contains(&v.median),
            |v| format!("{:.0} s", v.median),
        ),
        every(
            format!("versus, normal CPUs: no match under {SHORTEST_MATCH_SECONDS:.0} s"),
            &versus,
            |v| v.shortest >= SHORTEST_MATCH_SECONDS,
            |v| format!("{:.0} s", v.shortest),
        ),
        every(
            format!(
                "versus, normal CPUs: the lead turns in >= {:.0} % of matches",
                TURNED_SHARE * 100.0
            ),
            &versus,
            |v| v.turned >= TURNED_SHARE,
            |v| format!("{:.0} %", v.turned * 100.0),
        ),
    ];
    for (low, high) in [
        (Difficulty::Easy, Difficulty::Normal),
        (Difficulty::Normal, Difficulty::Hard),
    ] {
        let matches: Vec<(&Job, &Played)> = jobs
            .iter()
            .zip(played)
            .filter(|(j, _)| {
                j.mode == Mode::Versus
                    && j.cpus.contains(&low)
                    && j.cpus.contains(&high)
                    && low != high
            })
            .collect();
        let won = share(
            matches
                .iter()
                .filter(|(j, p)| winner_is(j, p, high))
                .count(),
            matches.len(),
        );
        goals.push(Goal {
            what: format!(
                "{} beats {} in >= {:.0} % of matches",
                high.keyword(),
                low.keyword(),
                STRONGER_WINS * 100.0
            ),
            met: matches.is_empty() || won >= STRONGER_WINS,
            detail: format!("{:.0} % of {}", won * 100.0, matches.len()),
        });
    }
    goals.push(every(
        format!("solo, every CPU: longest brick gap p90 < {BRICK_GAP_P90_SECONDS:.0} s"),
        &solo,
        |s| s.gap_p90 < BRICK_GAP_P90_SECONDS,
        |s| format!("{} {:.1} s", s.strength.keyword(), s.gap_p90),
    ));
    goals.push(every(
        format!("solo, every CPU: median last-brick hunt < {HUNT_MEDIAN_SECONDS:.0} s"),
        &solo,
        |s| s.hunt.is_none_or(|h| h < HUNT_MEDIAN_SECONDS),
        |s| format!("{} {:.1} s", s.strength.keyword(), s.hunt.unwrap_or(0.0)),
    ));
    goals
}

/// A goal that every row must meet: the detail names the rows that miss it (or
/// says all meet it).
fn every<T>(
    what: String,
    rows: &[(&str, &T)],
    meets: impl Fn(&T) -> bool,
    shown: impl Fn(&T) -> String,
) -> Goal {
    let missed: Vec<String> = rows
        .iter()
        .filter(|(_, r)| !meets(r))
        .map(|(label, r)| format!("{label} {}", shown(r)))
        .collect();
    Goal {
        what,
        met: missed.is_empty(),
        detail: if missed.is_empty() {
            format!("all {} rows", rows.len())
        } else {
            format!("missed by {}", missed.join(", "))
        },
    }
}

/// `part` of `whole` as a share (0 of nothing).
fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The median (the mean of the middle two for an even count; 0 for none).
pub(super) fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) * 0.5,
    }
}

/// The `q` quantile by nearest rank (the smallest value with at least `q` of
/// the values at or below it; 0 for none).
pub(super) fn percentile(values: &[f64], q: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return 0.0;
    }
    let rank = (q * v.len() as f64).ceil() as usize;
    v[rank.clamp(1, v.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_percentile_by_nearest_rank() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile(&ten, 0.9), 9.0);
        assert_eq!(percentile(&[7.0, 1.0, 5.0, 3.0, 9.0], 0.9), 9.0);
        assert_eq!(percentile(&[], 0.9), 0.0);
    }
}
