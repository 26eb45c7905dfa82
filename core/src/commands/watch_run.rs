//! `arkanong online --headless --watch CODE` and the browser's `?watch=CODE`
//! run: a friend watching a match (see `app/online/watch.rs`) until its step N
//! (`--steps`), and the line it prints for each match watched (the match and
//! `--rematches` more): the players' contract line, the hash the watcher's own
//! game reached, and `, watched` at its end:
//!
//! ```text
//! online: 1200 steps, state hash 0x..., rollbacks 0, deepest rollback 0 steps, desyncs 0, watched
//! ```
//!
//! (a watcher never rolls back; its desyncs are the batches whose hash, sent
//! by the host, its game did not reach). On stderr (the console in the page):
//! `online watch: checks C, most behind B steps, caught up K times`, then
//! `online watch: players HOST vs GUEST` (the names the host told, "Host" or
//! "Guest" for a player who gave none).

use super::OnlineOptions;
use crate::app::online::{WatchStats, WatchStatus, Watcher, DEFAULT_NAMES, MAX_STEPS_BEHIND};
use crate::tuning::STEPS_PER_SECOND;

use super::cpu_run::JOIN_TIMEOUT_SECONDS;

/// Most fixed steps one update runs, as the players' run (a quarter second).
const MAX_TICKS_PER_UPDATE: u32 = 30;

/// Seconds between the sends of `--sim-watcher-noise`.
const NOISE_SECONDS: f64 = 0.1;

/// A watcher's run through one or more matches (see the module doc).
pub struct WatchRun {
    watcher: Watcher,
    options: OnlineOptions,
    clock: fn() -> f64,
    started: f64,
    next_tick: f64,
    next_noise: f64,
    /// Matches reported so far.
    reported: u32,
    lines: Vec<String>,
    over: bool,
}

impl WatchRun {
    /// Joins `options.room` as a watcher; `clock` tells the time in seconds.
    pub fn new(options: &OnlineOptions, clock: fn() -> f64) -> WatchRun {
        let now = clock();
        let mut watcher = Watcher::connect(&options.server, &options.room, &options.ice);
        watcher.watch_frame(i32::try_from(options.steps).unwrap_or(i32::MAX));
        WatchRun {
            watcher,
            options: options.clone(),
            clock,
            started: now,
            next_tick: now,
            next_noise: now,
            reported: 0,
            lines: Vec::new(),
            over: false,
        }
    }

    /// Where the run stands: `waiting for the match`, `watching`, `catching
    /// up`, `over`.
    pub fn stage(&self) -> &'static str {
        match self.watcher.status() {
            _ if self.over => "over",
            WatchStatus::Waiting => "waiting for the match",
            WatchStatus::Watching { .. } if self.watcher.behind() > MAX_STEPS_BEHIND => {
                "catching up"
            }
            WatchStatus::Watching { .. } => "watching",
            WatchStatus::Ended(_) => "over",
        }
    }

    /// The lines finished since the last call (a match's contract line and its
    /// `online watch:` line), each handed over once.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    /// Seconds until the next step is due (for a loop that sleeps).
    pub fn until_next(&self) -> f64 {
        (self.next_tick - (self.clock)()).max(0.0)
    }

    /// Runs the fixed steps due by now; `Some` once the run is over: `Ok` when
    /// every match asked for was watched to its step N, else why not.
    pub fn update(&mut self) -> Option<Result<(), String>> {
        if self.over {
            return None;
        }
        let dt = 1.0 / f64::from(STEPS_PER_SECOND);
        let now = (self.clock)();
        if now - self.next_tick > dt * f64::from(MAX_TICKS_PER_UPDATE) {
            self.next_tick = now - dt;
        }
        if self.options.watcher_noise && now >= self.next_noise {
            self.next_noise = now + NOISE_SECONDS;
            self.watcher.send_noise();
        }
        while self.next_tick <= now {
            self.next_tick += dt;
            if let Some(result) = self.tick(now) {
                self.over = true;
                return Some(result);
            }
        }
        None
    }

    fn tick(&mut self, now: f64) -> Option<Result<(), String>> {
        let status = self.watcher.tick();
        // A match's step N reached is reported first, even on its last tick.
        if let Some(done) = self.watcher.match_id().and_then(|id| self.watch(id)) {
            return Some(done);
        }
        match status {
            WatchStatus::Ended(why) => Some(Err(why)),
            WatchStatus::Waiting if now - self.started > JOIN_TIMEOUT_SECONDS => {
                Some(Err(format!(
                    "no match to watch in room {} within {JOIN_TIMEOUT_SECONDS} s",
                    self.options.room
                )))
            }
            WatchStatus::Waiting | WatchStatus::Watching { .. } => None,
        }
    }

    /// Match `match_id` shown: reported once its step N is reached (the
    /// watcher keeps that step's hash), then the next match (a rematch) once
    /// it comes.
    fn watch(&mut self, match_id: u32) -> Option<Result<(), String>> {
        let hash = self.watcher.rollback_mut()?.watched_hash()?;
        if self.reported == match_id + 1 {
            // Reported: on to the next match when it comes.
            self.watcher.next_match();
            return None;
        }
        self.reported = match_id + 1;
        let stats = self.watcher.stats();
        self.lines.push(line(self.options.steps, hash, stats));
        self.lines.push(format!(
            "online watch: checks {}, most behind {} steps, caught up {} times",
            stats.checks, stats.most_behind, stats.catchups
        ));
        let told = self.watcher.names();
        let [host, guest] = [0, 1].map(|k| match told.map(|n| n[k].as_str()) {
            Some(name) if !name.is_empty() => name,
            _ => DEFAULT_NAMES[k],
        });
        self.lines
            .push(format!("online watch: players {host} vs {guest}"));
        if self.reported > self.options.rematches {
            return Some(Ok(()));
        }
        self.watcher.next_match();
        None
    }
}

/// The watcher's contract line for a match watched to step `steps`.
fn line(steps: u32, hash: u64, stats: WatchStats) -> String {
    format!(
        "online: {steps} steps, state hash 0x{hash:016x}, rollbacks 0, deepest rollback 0 steps, desyncs {}, watched",
        stats.desyncs
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watchers_line_is_the_players_with_watched_at_its_end() {
        let stats = WatchStats {
            desyncs: 2,
            ..WatchStats::default()
        };
        assert_eq!(
            line(1200, 0xab, stats),
            "online: 1200 steps, state hash 0x00000000000000ab, rollbacks 0, \
             deepest rollback 0 steps, desyncs 2, watched"
        );
    }
}
