//! `arkanong determinism`, the cross-platform determinism check: two games whose final state hashes must be
//! the same on every platform, bit for bit. `arkanong determinism` prints them on
//! the desktop; the web build logs the same lines to the browser's console at
//! start-up, and `tests/browser_test.sh` compares the two.
//!
//! - The replay fixture (a full versus game recorded on the desktop, with serves,
//!   paddle hits and a disruption), embedded so the wasm build has it too.
//! - The attract mode, CPU against CPU, for [`ATTRACT_STEPS`] steps from
//!   [`ATTRACT_SEED`], as the shell plays it: a finished game makes way for the next
//!   shipped level with the next seed. Played by rules 1 (the rules its recorded
//!   hash was taken under; see `RulesVersion`).
//! - Issue 34's kinds: a level with explosive and regrowing bricks and moving
//!   barriers (`tests/fixtures/issue34_kinds.txt`, embedded), CPU against CPU for
//!   [`KINDS_STEPS`] steps under the current rules.

use std::io::Write;

use crate::app::play::Session;
use crate::game::Game;
use crate::level::{shipped_levels, Level, RulesVersion};

/// The replay fixture, recorded on x86_64 Linux (`tests/fixtures/`).
pub const FIXTURE_REPLAY: &str = include_str!("../../../tests/fixtures/hex_garden_versus.replay");
/// Its file name, for messages.
pub const FIXTURE_NAME: &str = "hex_garden_versus.replay";
/// The level with issue 34's bricks and moving barriers.
pub const KINDS_LEVEL: &str = include_str!("../../../tests/fixtures/issue34_kinds.txt");
/// Steps the kinds level is played.
pub const KINDS_STEPS: u64 = 6_000;
/// Steps of attract play the check runs.
pub const ATTRACT_STEPS: u64 = 10_000;
/// The attract play's first seed (the shell's default seed).
pub const ATTRACT_SEED: u64 = 1;

/// Both hashes, and what they were computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeterminismReport {
    /// The fixture's final state hash as computed here.
    pub replay_hash: u64,
    /// The hash recorded in the fixture (on the desktop).
    pub replay_recorded: u64,
    /// Steps in the fixture.
    pub replay_steps: usize,
    /// The attract play's hash: every game's final state hash, folded in order.
    pub attract_hash: u64,
    /// Attract games started (the last one may be unfinished).
    pub attract_games: u32,
    /// The kinds level's final state hash.
    pub kinds_hash: u64,
}

impl DeterminismReport {
    /// Whether the fixture ended where it did when it was recorded.
    pub fn replay_matches(&self) -> bool {
        self.replay_hash == self.replay_recorded
    }

    /// The two report lines, in the form the browser test greps for:
    /// `replay hash: 0x...` and `attract hash: 0x...`.
    pub fn lines(&self) -> [String; 3] {
        let verdict = if self.replay_matches() {
            "matches the recorded hash".to_owned()
        } else {
            format!("MISMATCH: recorded 0x{:016x}", self.replay_recorded)
        };
        [
            format!(
                "replay hash: 0x{:016x} ({FIXTURE_NAME}, {} steps, {verdict})",
                self.replay_hash, self.replay_steps
            ),
            format!(
                "attract hash: 0x{:016x} ({ATTRACT_STEPS} attract steps from seed {ATTRACT_SEED}, {} games)",
                self.attract_hash, self.attract_games
            ),
            format!(
                "kinds hash: 0x{:016x} (issue34_kinds.txt, {KINDS_STEPS} CPU steps from seed {ATTRACT_SEED})",
                self.kinds_hash
            ),
        ]
    }
}

/// Runs both games. Fails only if the embedded fixture does not load.
pub fn determinism_report() -> Result<DeterminismReport, String> {
    let replay =
        crate::game::Replay::parse(FIXTURE_REPLAY).map_err(|e| format!("{FIXTURE_NAME}: {e}"))?;
    let level = replay
        .level()
        .map_err(|_| format!("{FIXTURE_NAME}: the level in the replay does not load"))?;
    let mut game = Game::new(&level, replay.mode, replay.seed);
    for inputs in &replay.inputs {
        game.step(inputs);
    }
    let (attract_hash, attract_games) = attract_play(ATTRACT_STEPS, ATTRACT_SEED)?;
    Ok(DeterminismReport {
        replay_hash: game.state_hash(),
        replay_recorded: replay.final_hash,
        replay_steps: replay.inputs.len(),
        attract_hash,
        attract_games,
        kinds_hash: kinds_play(KINDS_STEPS, ATTRACT_SEED)?,
    })
}

/// `steps` steps of the kinds level, CPU against CPU from `seed`, as the
/// attract game plays a level; its final state hash.
pub fn kinds_play(steps: u64, seed: u64) -> Result<u64, String> {
    let level =
        Level::parse(KINDS_LEVEL).map_err(|_| "issue34_kinds.txt does not load".to_owned())?;
    let mut session = Session::attract(&level, 0, seed);
    for _ in 0..steps {
        session.step_cpus();
    }
    Ok(session.game.state_hash())
}

/// `steps` steps of the shell's attract sequence over the shipped levels from the
/// first, starting at `seed`; returns the folded hash and the games started.
pub fn attract_play(steps: u64, seed: u64) -> Result<(u64, u32), String> {
    let levels = shipped_levels()
        .iter()
        .map(|l| {
            let mut level = Level::parse(l.text)
                .map_err(|_| format!("shipped level {} does not load", l.file))?;
            // The hash both platforms compare was first taken under rules 1; the
            // rules 2 game is checked natively by the fixture's twin and the tests.
            level.rules = RulesVersion::V1;
            Ok::<_, String>(level)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (mut index, mut seed) = (0, seed);
    let mut session = Session::attract(&levels[index], index, seed);
    let mut hash = 0u64;
    let mut games = 1;
    for _ in 0..steps {
        session.step_cpus();
        if session.is_finished() {
            hash = fold(hash, session.game.state_hash());
            index = (index + 1) % levels.len();
            seed = seed.wrapping_add(1);
            session = Session::attract(&levels[index], index, seed);
            games += 1;
        }
    }
    Ok((fold(hash, session.game.state_hash()), games))
}

/// `arkanong determinism`: prints the two cross-platform hashes (the embedded replay
/// fixture's and the attract play's), as the web build logs them at start-up; exits
/// 1 if the fixture no longer ends in its recorded hash.
pub fn determinism(out: &mut impl Write) -> i32 {
    match determinism_report() {
        Ok(report) => {
            for line in report.lines() {
                let _ = writeln!(out, "{line}");
            }
            i32::from(!report.replay_matches())
        }
        Err(e) => {
            let _ = writeln!(out, "error: {e}");
            1
        }
    }
}

/// Folds one game's hash into the running one (FNV-1a's 64-bit prime, as
/// `Game::state_hash` uses).
fn fold(acc: u64, h: u64) -> u64 {
    (acc.rotate_left(17) ^ h).wrapping_mul(0x0000_0100_0000_01b3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn determinism_fixture_matches_its_recorded_hash() {
        let r = determinism_report().expect("the embedded fixture loads");
        assert!(r.replay_matches(), "{:?}", r.lines());
        assert!(r.replay_steps > 5_000);
        assert!(r.lines()[0].starts_with(&format!("replay hash: 0x{:016x} (", r.replay_recorded)));
    }

    #[test]
    fn determinism_kinds_play_repeats_and_depends_on_its_steps() {
        let a = kinds_play(2_000, ATTRACT_SEED).expect("the kinds level loads");
        assert_eq!(a, kinds_play(2_000, ATTRACT_SEED).expect("loads"));
        assert_ne!(a, kinds_play(1_999, ATTRACT_SEED).expect("loads"));
    }

    #[test]
    fn determinism_attract_play_repeats_and_depends_on_its_seed() {
        let a = attract_play(3_000, ATTRACT_SEED).expect("shipped levels load");
        assert_eq!(
            a,
            attract_play(3_000, ATTRACT_SEED).expect("shipped levels load")
        );
        assert_ne!(
            a.0,
            attract_play(3_000, ATTRACT_SEED + 7)
                .expect("shipped levels load")
                .0
        );
        assert_ne!(
            a.0,
            attract_play(2_999, ATTRACT_SEED)
                .expect("shipped levels load")
                .0
        );
    }
}
