//! `arkanong balance --player MODEL`: the difficulty a person meets, measured
//! with a simulated person ([`Person`]) instead of a CPU on the bottom paddle.
//! Versus: the person against the Easy and the Normal CPU on every versus level
//! of the first set and of Duels; solo: the person alone on every solo level of
//! every set, beside the Easy CPU on the same seeds. Ends with one summary line
//! other tools read (a contract):
//!
//! ```text
//! player newcomer: versus easy 48 % (120 matches), versus normal 22 % (120 matches); solo first three 71 % (240 games), lowest level 24 % (angles/15_kaleidoscope)
//! ```

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::measure::{play_seated, Played, Seat};
use super::person::PersonModel;
use crate::game::{Difficulty, Mode, Outcome};
use crate::level::Side;
use crate::level::{shipped_sets, Level};

/// The sets whose versus levels the person's matches are played on: the first
/// set (the root folder) and Duels.
const VERSUS_SETS: [&str; 2] = ["", "duels"];

/// The CPUs the person plays in versus, weakest first.
const OPPONENTS: [Difficulty; 2] = [Difficulty::Easy, Difficulty::Normal];

/// A level the person plays, with where it sits in its set.
#[derive(Debug, Clone)]
struct Entry {
    label: String,
    level: Level,
    /// Its place among its set's levels that allow solo (0 = the first).
    solo_rank: Option<usize>,
    /// It is a versus level of a set in [`VERSUS_SETS`].
    versus: bool,
}

/// The modes the person plays (`--modes`): a run about the solo curve need not
/// wait for the versus matches, nor one about a CPU for the solo games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PersonModes {
    /// Solo games on every solo level (and the Easy CPU alone beside them).
    pub solo: bool,
    /// Matches against each of [`OPPONENTS`] on the versus levels.
    pub versus: bool,
}

/// The entries left to play in `modes`: a mode left out plays no game and
/// prints no row (its level keeps its place in its set for "first three").
fn narrow(entries: &mut Vec<Entry>, modes: PersonModes) {
    for e in entries.iter_mut() {
        e.versus &= modes.versus;
        if !modes.solo {
            e.solo_rank = None;
        }
    }
    entries.retain(|e| e.versus || e.solo_rank.is_some());
}

/// One game to play: a level, who sits where, a seed.
#[derive(Debug, Clone, Copy)]
struct Job {
    entry: usize,
    mode: Mode,
    /// `None`: the person alone (solo) or against `opponent`.
    opponent: Option<Difficulty>,
    /// The Easy CPU alone in the person's place (solo), for comparison.
    cpu_alone: bool,
    seed: u64,
}

/// One level's row: shares of matches won and games cleared.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonRow {
    /// The level's label (`01_first_contact`, `duels/02_...`).
    pub label: String,
    /// Versus wins against each of [`OPPONENTS`], if it is a versus level measured.
    pub versus: Option<[f64; 2]>,
    /// Solo: the person's clear rate and the Easy CPU's, if solo is measured.
    pub solo: Option<(f64, f64)>,
    /// Its place among its set's solo levels.
    pub solo_rank: Option<usize>,
}

/// The entries: every shipped level, labelled as `balance` labels them.
fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    for set in shipped_sets() {
        let mut rank = 0;
        for shipped in set.levels {
            let level = Level::parse(shipped.text).expect("shipped levels parse");
            let label = label(shipped.file);
            let solo_rank = Mode::Solo.fits(level.mode).then(|| {
                rank += 1;
                rank - 1
            });
            let versus = Mode::Versus.fits(level.mode) && VERSUS_SETS.contains(&set.folder);
            out.push(Entry {
                label,
                level,
                solo_rank,
                versus,
            });
        }
    }
    out
}

/// A shipped level's label, as `balance` gives it: its file without `.txt`
/// (a subfolder set's file already starts with its folder: `duels/01_open_court`).
fn label(file: &str) -> String {
    file.trim_end_matches(".txt").to_owned()
}

fn jobs(entries: &[Entry], seeds: u64) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (k, e) in entries.iter().enumerate() {
        for seed in 1..=seeds {
            if e.versus {
                for cpu in OPPONENTS {
                    jobs.push(Job {
                        entry: k,
                        mode: Mode::Versus,
                        opponent: Some(cpu),
                        cpu_alone: false,
                        seed,
                    });
                }
            }
            if e.solo_rank.is_some() {
                for cpu_alone in [false, true] {
                    jobs.push(Job {
                        entry: k,
                        mode: Mode::Solo,
                        opponent: None,
                        cpu_alone,
                        seed,
                    });
                }
            }
        }
    }
    jobs
}

fn play(entries: &[Entry], jobs: &[Job], model: PersonModel) -> Vec<Played> {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Played>>> = Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let bottom = if job.cpu_alone {
                    Seat::Cpu(Difficulty::Easy)
                } else {
                    Seat::Person(model)
                };
                let top = Seat::Cpu(job.opponent.unwrap_or(Difficulty::Easy));
                let level = &entries[job.entry].level;
                let played = play_seated(level, job.mode, job.seed, [bottom, top]);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(played);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|p| p.expect("every job was played"))
        .collect()
}

/// The rows, one per level measured.
fn rows(entries: &[Entry], jobs: &[Job], played: &[Played]) -> Vec<PersonRow> {
    let share = |pick: &dyn Fn(&Job) -> bool, good: &dyn Fn(&Played) -> bool| {
        let games: Vec<&Played> = jobs
            .iter()
            .zip(played)
            .filter(|(j, _)| pick(j))
            .map(|(_, p)| p)
            .collect();
        let won = games.iter().filter(|p| good(p)).count();
        won as f64 / games.len().max(1) as f64
    };
    let won = |p: &Played| p.outcome == Some(Outcome::Won(Side::Bottom));
    let cleared = |p: &Played| p.outcome == Some(Outcome::Cleared);
    entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.versus || e.solo_rank.is_some())
        .map(|(k, e)| PersonRow {
            label: e.label.clone(),
            versus: e.versus.then(|| {
                OPPONENTS.map(|cpu| {
                    share(
                        &|j| j.entry == k && j.opponent == Some(cpu) && j.mode == Mode::Versus,
                        &won,
                    )
                })
            }),
            solo: e.solo_rank.map(|_| {
                let of = |alone: bool| {
                    share(
                        &|j| j.entry == k && j.mode == Mode::Solo && j.cpu_alone == alone,
                        &cleared,
                    )
                };
                (of(false), of(true))
            }),
            solo_rank: e.solo_rank,
        })
        .collect()
}

/// The summary the last line gives: versus wins against each opponent, the
/// first three solo levels' clear rate, and the hardest solo level.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonSummary {
    /// Wins against Easy and Normal, and the matches each.
    pub versus: [(f64, usize); 2],
    /// The clear rate over each set's first three solo levels, and the games.
    pub first_three: (f64, usize),
    /// The solo level cleared least often, and its rate.
    pub lowest: Option<(String, f64)>,
}

fn summary(rows: &[PersonRow], seeds: u64) -> PersonSummary {
    let seeds = seeds as usize;
    let versus: Vec<&[f64; 2]> = rows.iter().filter_map(|r| r.versus.as_ref()).collect();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let against = |k: usize| {
        let rates: Vec<f64> = versus.iter().map(|r| r[k]).collect();
        (mean(&rates), rates.len() * seeds)
    };
    let first: Vec<f64> = rows
        .iter()
        .filter(|r| r.solo_rank.is_some_and(|k| k < 3))
        .filter_map(|r| r.solo.map(|s| s.0))
        .collect();
    let lowest = rows
        .iter()
        .filter_map(|r| r.solo.map(|s| (r.label.clone(), s.0)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    PersonSummary {
        versus: [against(0), against(1)],
        first_three: (mean(&first), first.len() * seeds),
        lowest,
    }
}

/// The contract line (see the module comment).
pub(super) fn summary_line(model: &PersonModel, s: &PersonSummary) -> String {
    let pct = |v: f64| (v * 100.0).round() as i64;
    let lowest = s
        .lowest
        .as_ref()
        .map_or("no solo level".to_owned(), |(l, v)| {
            format!("{} % ({l})", pct(*v))
        });
    format!(
        "player {}: versus easy {} % ({} matches), versus normal {} % ({} matches); solo first three {} % ({} games), lowest level {lowest}",
        model.name,
        pct(s.versus[0].0),
        s.versus[0].1,
        pct(s.versus[1].0),
        s.versus[1].1,
        pct(s.first_three.0),
        s.first_three.1,
    )
}

/// `arkanong balance --player MODEL --seeds N`: plays, prints the tables and the
/// summary line. `only`: the levels to play (`--set`, `--level`), by label,
/// each played as given (a level file edited on disk, in its shipped place);
/// every shipped level if `None`. `modes`: which of solo and versus to play.
/// Exit status 0 (the targets are read, not enforced, here).
pub(super) fn balance_person(
    model: PersonModel,
    seeds: u64,
    only: Option<Vec<(String, Level)>>,
    modes: PersonModes,
    out: &mut impl Write,
) -> i32 {
    let started = std::time::Instant::now();
    let mut entries = entries();
    if let Some(only) = only {
        entries.retain_mut(|e| match only.iter().find(|(label, _)| *label == e.label) {
            Some((_, level)) => {
                e.level = level.clone();
                true
            }
            None => false,
        });
    }
    narrow(&mut entries, modes);
    let jobs = jobs(&entries, seeds);
    let played = play(&entries, &jobs, model);
    let rows = rows(&entries, &jobs, &played);
    let took = started.elapsed().as_secs_f64();
    i32::from(print(out, &model, &rows, seeds, jobs.len(), took).is_err())
}

fn print(
    out: &mut impl Write,
    model: &PersonModel,
    rows: &[PersonRow],
    seeds: u64,
    games: usize,
    took: f64,
) -> std::io::Result<()> {
    writeln!(
        out,
        "arkanong balance --player {}: {games} games, {seeds} seeds per level and opponent, {took:.0} s on this machine",
        model.name
    )?;
    writeln!(
        out,
        "the model: sees {:.0} ± {:.0} ms late, misjudges a landing by {:.2} paddle widths (sd), moves {:.0} arena widths/s, ignores capsules beyond {:.0} % of the arena, serves after {:.0}-{:.0} s",
        model.reaction_ms,
        model.reaction_jitter_ms,
        model.aim_error_paddles,
        model.hand_speed_widths,
        model.capsule_reach * 100.0,
        model.serve_after.0,
        model.serve_after.1
    )?;
    let w = rows.iter().map(|r| r.label.len()).fold(20, usize::max);
    // A mode `--modes` left out has no rows, and no table.
    if rows.iter().any(|r| r.versus.is_some()) {
        writeln!(out, "\nversus (the player at the bottom; matches won)")?;
        writeln!(out, "{:<w$} {:>9} {:>11}", "level", "vs easy", "vs normal")?;
    }
    for r in rows {
        if let Some([e, n]) = r.versus {
            writeln!(
                out,
                "{:<w$} {:>8.0}% {:>10.0}%",
                r.label,
                e * 100.0,
                n * 100.0
            )?;
        }
    }
    if rows.iter().any(|r| r.solo.is_some()) {
        writeln!(
            out,
            "\nsolo (games cleared: the player, and the Easy CPU on the same seeds)"
        )?;
        writeln!(out, "{:<w$} {:>7} {:>9}", "level", "player", "easy cpu")?;
    }
    for r in rows {
        if let Some((p, c)) = r.solo {
            writeln!(
                out,
                "{:<w$} {:>6.0}% {:>8.0}%",
                r.label,
                p * 100.0,
                c * 100.0
            )?;
        }
    }
    writeln!(out)?;
    writeln!(out, "{}", summary_line(model, &summary(rows, seeds)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn person_summary_line_has_the_contract_shape() {
        let rows = vec![
            PersonRow {
                label: "01_first_contact".into(),
                versus: Some([0.5, 0.25]),
                solo: Some((0.75, 1.0)),
                solo_rank: Some(0),
            },
            PersonRow {
                label: "angles/15_kaleidoscope".into(),
                versus: None,
                solo: Some((0.2, 0.9)),
                solo_rank: Some(14),
            },
        ];
        let line = summary_line(&PersonModel::NEWCOMER, &summary(&rows, 20));
        assert_eq!(
            line,
            "player newcomer: versus easy 50 % (20 matches), versus normal 25 % (20 matches); solo first three 75 % (20 games), lowest level 20 % (angles/15_kaleidoscope)"
        );
    }

    #[test]
    fn person_jobs_cover_the_first_set_and_duels_in_versus_and_every_solo_level() {
        let e = entries();
        assert!(e.iter().any(|x| x.versus && x.label.starts_with("duels/")));
        assert!(e
            .iter()
            .all(|x| !x.versus || !x.label.starts_with("angles/")));
        let js = jobs(&e, 2);
        let solo_levels = e.iter().filter(|x| x.solo_rank.is_some()).count();
        let versus_levels = e.iter().filter(|x| x.versus).count();
        assert_eq!(js.len(), 2 * (2 * solo_levels + 2 * versus_levels));
    }

    #[test]
    fn person_modes_solo_plays_no_match_and_keeps_each_levels_place_in_its_set() {
        let all = entries();
        let mut solo = all.clone();
        narrow(
            &mut solo,
            PersonModes {
                solo: true,
                versus: false,
            },
        );
        let js = jobs(&solo, 2);
        assert!(!js.is_empty());
        assert!(
            js.iter().all(|j| j.mode == Mode::Solo),
            "a match was played"
        );
        let ranks = |es: &[Entry]| -> Vec<(String, Option<usize>)> {
            es.iter()
                .filter(|e| e.solo_rank.is_some())
                .map(|e| (e.label.clone(), e.solo_rank))
                .collect()
        };
        assert_eq!(ranks(&solo), ranks(&all));
        let mut versus = all.clone();
        narrow(
            &mut versus,
            PersonModes {
                solo: false,
                versus: true,
            },
        );
        let js = jobs(&versus, 2);
        assert!(!js.is_empty());
        assert!(
            js.iter().all(|j| j.mode == Mode::Versus),
            "a solo game was played"
        );
        assert!(
            versus.iter().all(|e| e.versus),
            "a solo-only level kept a row"
        );
    }
}
