//! The games `balance` plays, shared between the machine's cores, and the
//! command itself.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::measure::{play_measured, Played};
use super::people::{balance_person, PersonModes};
use super::person::PersonModel;
use super::print::{print_json, print_tables};
use super::report::Report;
use super::select::select_levels;
use super::BalanceOptions;
use crate::game::{Difficulty, Mode};
use crate::level::Level;

/// The versus pairings, lower strength first: like against like (the match's
/// length and its lead changes), then each strength against the one above.
pub(super) const PAIRINGS: [[Difficulty; 2]; 3] = [
    [Difficulty::Normal, Difficulty::Normal],
    [Difficulty::Easy, Difficulty::Normal],
    [Difficulty::Normal, Difficulty::Hard],
];

/// Every CPU strength, weakest first.
pub(super) const STRENGTHS: [Difficulty; 3] =
    [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

/// One game to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Job {
    /// Index into the levels.
    pub level: usize,
    /// Versus or solo.
    pub mode: Mode,
    /// The CPUs, bottom first (in solo only the first plays).
    pub cpus: [Difficulty; 2],
    /// The seed.
    pub seed: u64,
}

/// The games for `levels` with `seeds` seeds: each versus pairing (the two
/// strengths change seats from one seed to the next, so neither keeps the bottom),
/// and each strength alone in solo, on the levels that allow each mode.
pub(super) fn jobs(levels: &[(String, Level)], seeds: u64) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (k, (_, level)) in levels.iter().enumerate() {
        for seed in 1..=seeds {
            if Mode::Versus.fits(level.mode) {
                for [low, high] in PAIRINGS {
                    let cpus = if seed % 2 == 1 {
                        [low, high]
                    } else {
                        [high, low]
                    };
                    jobs.push(Job {
                        level: k,
                        mode: Mode::Versus,
                        cpus,
                        seed,
                    });
                }
            }
            if Mode::Solo.fits(level.mode) {
                for cpu in STRENGTHS {
                    jobs.push(Job {
                        level: k,
                        mode: Mode::Solo,
                        cpus: [cpu; 2],
                        seed,
                    });
                }
            }
        }
    }
    jobs
}

/// Plays every job on `levels`, on as many threads as the machine has cores;
/// the results come back in the jobs' order, so the report does not depend on
/// which core finished first.
pub(super) fn play_jobs(levels: &[(String, Level)], jobs: &[Job]) -> Vec<Played> {
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
                let played = play_measured(&levels[job.level].1, job.mode, job.seed, job.cpus);
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

/// Plays and measures `levels` (labels and levels) with `seeds` seeds.
pub fn measure_levels(levels: &[(String, Level)], seeds: u64) -> Report {
    let jobs = jobs(levels, seeds);
    let played = play_jobs(levels, &jobs);
    Report::new(levels, seeds, &jobs, &played)
}

/// `arkanong balance`: measures every shipped set's levels (or `--set`'s, or
/// `--level`) and prints the tables (or JSON). Exits 1 if the level does not
/// load or the set is unknown, 0 otherwise: the
/// goals are reported, not enforced (the CI test enforces them).
pub fn balance(o: &BalanceOptions, out: &mut impl Write) -> i32 {
    let levels = match select_levels(o.level.as_deref(), o.set.as_deref()) {
        Ok(levels) => levels,
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return 1;
        }
    };
    if let Some(model) = o.player.as_deref().and_then(PersonModel::from_name) {
        // Narrowed to a set or a level, the person plays only those rows (the
        // rows' places in their sets stay the whole set's), each as loaded: a
        // shipped level's file edited on disk is measured as it now stands.
        let only = (o.level.is_some() || o.set.is_some()).then_some(levels);
        let modes = PersonModes {
            solo: o.plays("solo"),
            versus: o.plays("versus"),
        };
        return balance_person(model, o.seeds.unwrap_or(20), only, modes, out);
    }
    let started = std::time::Instant::now();
    let report = measure_levels(&levels, o.seeds.unwrap_or(5));
    let took = started.elapsed().as_secs_f64();
    let written = if o.json {
        print_json(out, &report)
    } else {
        print_tables(out, &report, took)
    };
    i32::from(written.is_err())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_alternate_seats_and_skip_modes_a_level_does_not_allow() {
        let both = Level::parse("[bricks]\n111\n").unwrap();
        let versus = Level::parse("mode = versus\n[bricks]\n111\n").unwrap();
        let levels = vec![("a".to_owned(), both), ("b".to_owned(), versus)];
        let js = jobs(&levels, 2);
        assert_eq!(js.len(), 2 * (3 + 3) + 2 * 3);
        assert!(js.iter().all(|j| j.level == 0 || j.mode == Mode::Versus));
        let easy_normal: Vec<_> = js
            .iter()
            .filter(|j| {
                j.level == 0 && j.cpus.contains(&Difficulty::Easy) && j.mode == Mode::Versus
            })
            .map(|j| j.cpus)
            .collect();
        assert_eq!(
            easy_normal,
            [
                [Difficulty::Easy, Difficulty::Normal],
                [Difficulty::Normal, Difficulty::Easy]
            ]
        );
    }
}
