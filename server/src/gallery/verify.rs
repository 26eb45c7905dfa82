//! Verified scores: the server plays a submitted replay headless and lists
//! only what it reproduces. The replay must be of the stored level (compared
//! as the game reads it, so comments and spacing do not matter), of the
//! level's rules (its `rules` line, the current rules without one), in solo, and end in the hash it records; the score listed is
//! the one the server's own game reached (a client's claim, if it sends one,
//! must agree). Playing is bounded three ways: by a step cap (30 minutes of
//! play), checked before anything is played or even allocated; by a time
//! budget, looked at before every step; and by the game's own bound on a step's
//! work (`arkanong_core::game::step_events_bound`: the balls in play are capped,
//! so no single step can run away between two looks at the clock). A caller
//! that gives up (its request dropped) stops the replay at the next step.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arkanong_core::game::{Game, Mode, Replay};
use arkanong_core::level::{Level, LevelMode, Side};
use arkanong_core::tuning::STEPS_PER_SECOND;

/// A budget as the player reads it: "10 s", "2.5 s" or "50 ms".
fn seconds(budget: Duration) -> String {
    match (budget.as_secs(), budget.subsec_millis()) {
        (s, 0) => format!("{s} s"),
        (0, ms) => format!("{ms} ms"),
        _ => format!("{:.1} s", budget.as_secs_f64()),
    }
}

/// Most steps a submitted replay may hold: 30 minutes of play.
pub(super) const MAX_SCORE_STEPS: usize = 30 * 60 * STEPS_PER_SECOND as usize;

/// How long the server may spend playing one replay, at most (and by default:
/// `--verify-budget` may lower it).
pub(super) const VERIFY_BUDGET: Duration = Duration::from_secs(10);

/// A score the server reproduced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Verified {
    /// The score the game reached.
    pub(super) score: u32,
    /// Steps played.
    pub(super) steps: usize,
    /// The final state's hash.
    pub(super) hash: u64,
    /// The replay re-encoded as the game writes it (runs of equal inputs on
    /// one line, nothing else): what is stored, whatever padding was sent.
    pub(super) canonical: String,
}

/// Bytes a replay's text may hold besides its steps: its level (at most 64
/// KiB, each line written with a 2-byte prefix) and its header lines.
const REPLAY_OVERHEAD: usize = 2 * 64 * 1024 + 1024;
/// Bytes a replay may spend per step it claims: one input line per step at
/// worst ("216000 ULRF,ULRF\r\n" is 18).
const REPLAY_BYTES_PER_STEP: usize = 20;

/// The most bytes a replay of `steps` steps may take: a body padded past it
/// (lines of zero steps, spaces) is refused before it is parsed.
pub(super) fn replay_size_cap(steps: usize) -> usize {
    REPLAY_OVERHEAD.saturating_add(steps.saturating_mul(REPLAY_BYTES_PER_STEP))
}

/// What a level with no clear check (or a failed one) is told: share only
/// what its author has cleared.
pub(super) const NOT_CLEARED: &str =
    "clear it once before sharing: play it in the editor's test-play";

/// Why a replay is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Refused {
    /// It does not read as a replay.
    Unreadable(String),
    /// Its level is not the stored level.
    OtherLevel,
    /// It was played by other rules, or not in solo.
    OtherRules(String),
    /// The level has no solo game to score.
    NoSolo,
    /// Its final hash, or the score claimed with it, is not what playing it gives.
    NotReproduced,
    /// More steps than the cap.
    TooManySteps,
    /// More bytes than its steps need ([`replay_size_cap`]).
    Padded {
        /// The steps it claims.
        steps: usize,
    },
    /// Playing it took longer than the budget (this one).
    OutOfTime(Duration),
    /// The request went (its client left, or its deadline passed) before the
    /// replay was played: nobody is waiting for the answer.
    Cancelled,
    /// A clear check's replay does not clear the level (how it ends instead).
    NotCleared(String),
    /// A versus-only level's clear check whose other paddle is not the
    /// editor's CPU (`clear_check.rs`).
    NotTheCpu,
}

impl Refused {
    /// The sentence a player reads.
    pub(super) fn message(&self) -> String {
        match self {
            Refused::Unreadable(e) => format!("the replay does not read: {e}"),
            Refused::OtherLevel => "the replay is of another level".into(),
            Refused::OtherRules(what) => format!("the replay is played by other rules ({what})"),
            Refused::NoSolo => "this level has no solo game to score".into(),
            Refused::NotReproduced => "the replay does not reproduce its score/hash".into(),
            Refused::TooManySteps => format!(
                "too many steps: a scored replay may hold {MAX_SCORE_STEPS} (30 minutes of play)"
            ),
            Refused::Padded { steps } => format!(
                "the replay is padded: {steps} steps take at most {} bytes",
                replay_size_cap(*steps)
            ),
            Refused::OutOfTime(budget) => format!(
                "the replay took the server more than its budget of {} to play: try again later",
                seconds(*budget)
            ),
            Refused::Cancelled => "the request ended before the replay was played".into(),
            Refused::NotCleared(how) => format!("{NOT_CLEARED}: its author's replay {how}"),
            Refused::NotTheCpu => "the replay's other paddle is not the CPU of the editor's \
                                   test-play (versus the CPU, normal): win a match against it"
                .into(),
        }
    }
}

/// The steps a replay's text claims, summed from its input lines' counts
/// without building them (a 4 MiB file may claim billions). Lines that do not
/// start with a count are skipped here; the parser refuses them after.
fn claimed_steps(text: &str) -> usize {
    let mut inputs = false;
    let mut steps = 0usize;
    for line in arkanong_core::level::parse_lines(text) {
        let line = line.trim();
        if !inputs {
            inputs = line == "inputs";
            continue;
        }
        if line == "end" {
            break;
        }
        let count = line.split(' ').next().unwrap_or("");
        steps = steps.saturating_add(match count.parse::<usize>() {
            Ok(n) => n,
            Err(_) if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) => usize::MAX,
            Err(_) => 0,
        });
    }
    steps
}

/// The level text a replay's header says it played (its `| ` lines between
/// `level` and `inputs`), read without its inputs: an old version's score is
/// told so (`score_routes.rs`). `None` when there is no such header.
pub(super) fn played_level(replay_text: &str) -> Option<String> {
    let mut lines = arkanong_core::level::parse_lines(replay_text);
    lines.by_ref().take(8).find(|l| l.trim() == "level")?;
    let mut text = String::new();
    for l in lines {
        if l.trim() == "inputs" {
            return Some(text);
        }
        text.push_str(l.strip_prefix("| ").or_else(|| l.strip_prefix('|'))?);
        text.push('\n');
    }
    None
}

/// Whether two level texts are one level as the game reads them.
pub(super) fn same_level(a: &str, b: &str) -> bool {
    match (Level::parse(a), Level::parse(b)) {
        (Ok(a), Ok(b)) => a.to_text() == b.to_text(),
        _ => false,
    }
}

/// The bounds and the level's checks every replay the gallery plays passes
/// before its first step: its steps under the cap and its bytes under what
/// they need (both counted before anything is built), the stored level's
/// (as the game reads it) and by its own rules. The replay and the stored
/// level, or why not.
pub(super) fn read_against(
    stored_text: &str,
    replay_text: &str,
) -> Result<(Replay, Level), Refused> {
    let steps = claimed_steps(replay_text);
    if steps > MAX_SCORE_STEPS {
        return Err(Refused::TooManySteps);
    }
    if replay_text.len() > replay_size_cap(steps) {
        return Err(Refused::Padded { steps });
    }
    let replay = Replay::parse(replay_text).map_err(|e| Refused::Unreadable(e.to_string()))?;
    if replay.inputs.len() > MAX_SCORE_STEPS {
        return Err(Refused::TooManySteps);
    }
    let stored = Level::parse(stored_text).map_err(|_| Refused::OtherLevel)?;
    let played = Level::parse(&replay.level_text).map_err(|_| Refused::OtherLevel)?;
    if played.to_text() != stored.to_text() {
        return Err(Refused::OtherLevel);
    }
    // The level's own rules, not the newest: a level shared with `rules = 1`
    // is played by rules 1 (the client records its games so), and a level
    // stays scorable when a newer rules version comes out.
    if replay.rules != stored.rules {
        return Err(Refused::OtherRules(format!(
            "rules {}; this level is played by rules {}",
            replay.rules.number(),
            stored.rules.number()
        )));
    }
    Ok((replay, stored))
}

/// Plays `replay_text` against the stored level's text; the score it
/// reproduces, or why not. `claimed` is a score the client said it made, if any.
#[cfg(test)]
pub(super) fn verify_score(
    stored_text: &str,
    replay_text: &str,
    claimed: Option<u64>,
    budget: Duration,
) -> Result<Verified, Refused> {
    verify_score_until(
        stored_text,
        replay_text,
        claimed,
        budget,
        &AtomicBool::new(false),
    )
}

/// [`verify_score`], stopping with [`Refused::Cancelled`] at the first step
/// after `cancelled` is set and with [`Refused::OutOfTime`] at the first step
/// past `budget`: both are looked at before every step.
pub(super) fn verify_score_until(
    stored_text: &str,
    replay_text: &str,
    claimed: Option<u64>,
    budget: Duration,
    cancelled: &AtomicBool,
) -> Result<Verified, Refused> {
    let started = Instant::now();
    // A versus-only level has no board, whatever is sent for it.
    if Level::parse(stored_text).is_ok_and(|l| l.mode == LevelMode::Versus) {
        return Err(Refused::NoSolo);
    }
    let (replay, _) = read_against(stored_text, replay_text)?;
    if replay.mode != Mode::Solo {
        return Err(Refused::OtherRules(format!(
            "mode {}; scores are solo games",
            replay.mode.keyword()
        )));
    }
    let level = replay.level().map_err(|_| Refused::OtherLevel)?;
    let mut game = Game::new(&level, Mode::Solo, replay.seed);
    // A look at the clock costs tens of nanoseconds, a step microseconds: every
    // step is looked at, so the budget holds to within one (bounded) step.
    for inputs in &replay.inputs {
        if cancelled.load(Ordering::Relaxed) {
            return Err(Refused::Cancelled);
        }
        if started.elapsed() > budget {
            return Err(Refused::OutOfTime(budget));
        }
        game.step(inputs);
    }
    let hash = game.state_hash();
    let score = game.player(Side::Bottom).map_or(0, |p| p.score);
    if hash != replay.final_hash || claimed.is_some_and(|c| c != u64::from(score)) {
        return Err(Refused::NotReproduced);
    }
    Ok(Verified {
        score,
        steps: replay.inputs.len(),
        hash,
        canonical: replay.to_text(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Intent};
    use arkanong_core::level::RulesVersion;

    const LEVEL: &str = "title = \"Verify me\"\nmode = both\n[bricks]\n1111111\n2222222\n";

    /// A solo game of `LEVEL` played by the CPU for `steps` steps, recorded.
    fn cpu_replay(level_text: &str, steps: usize) -> (Replay, u32) {
        let level = Level::parse(level_text).unwrap();
        let mut game = Game::new(&level, Mode::Solo, 7);
        let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, 7)), None];
        let mut inputs = Vec::new();
        for _ in 0..steps {
            let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
            game.step(&step);
            inputs.push(step);
        }
        let score = game.player(Side::Bottom).unwrap().score;
        (Replay::record(&level, Mode::Solo, 7, inputs), score)
    }

    #[test]
    fn verify_accepts_a_cpu_game_with_its_reproduced_score() {
        let (replay, score) = cpu_replay(LEVEL, 6000);
        assert!(score > 0, "the CPU broke bricks in 50 s");
        let text = replay.to_text();
        let v = verify_score(LEVEL, &text, None, VERIFY_BUDGET).unwrap();
        assert_eq!((v.score, v.steps, v.hash), (score, 6000, replay.final_hash));
        let claimed = Some(u64::from(score));
        assert_eq!(
            verify_score(LEVEL, &text, claimed, VERIFY_BUDGET),
            Ok(v.clone())
        );
        // Padding (a few lines of no steps) is accepted within the cap, and the
        // stored text is the canonical one.
        let padded = text.replace("inputs\n", "inputs\n0 ....,....\n0 ....,....\n");
        let again = verify_score(LEVEL, &padded, None, VERIFY_BUDGET).unwrap();
        assert_eq!(again.canonical, text);
        // Past the cap it is refused before it is played.
        let stuffed = text.replace(
            "inputs\n",
            &format!("inputs\n{}", "0 ....,....\n".repeat(40_000)),
        );
        assert_eq!(
            verify_score(LEVEL, &stuffed, None, VERIFY_BUDGET),
            Err(Refused::Padded { steps: 6000 })
        );
        // The stored text may differ in comments and spacing from the replay's.
        let commented = format!("# mine\n{LEVEL}\n\n");
        assert!(verify_score(&commented, &text, None, VERIFY_BUDGET).is_ok());
    }

    #[test]
    fn verify_refuses_doctored_other_level_other_rules_and_edited_inputs() {
        let (replay, score) = cpu_replay(LEVEL, 3000);
        let text = replay.to_text();
        let over = Some(u64::from(score) + 100);
        assert_eq!(
            verify_score(LEVEL, &text, over, VERIFY_BUDGET),
            Err(Refused::NotReproduced)
        );
        let doctored_hash = Replay {
            final_hash: replay.final_hash ^ 1,
            ..replay.clone()
        };
        assert_eq!(
            verify_score(LEVEL, &doctored_hash.to_text(), None, VERIFY_BUDGET),
            Err(Refused::NotReproduced)
        );
        let other = "title = \"Other\"\nmode = both\n[bricks]\n1111111\n";
        assert_eq!(
            verify_score(other, &text, None, VERIFY_BUDGET),
            Err(Refused::OtherLevel)
        );
        let rules_1 = Replay {
            rules: RulesVersion::V1,
            ..replay.clone()
        };
        assert!(matches!(
            verify_score(LEVEL, &rules_1.to_text(), None, VERIFY_BUDGET),
            Err(Refused::OtherRules(_))
        ));
        let versus = Replay {
            mode: Mode::Versus,
            ..replay.clone()
        };
        assert!(matches!(
            verify_score(LEVEL, &versus.to_text(), None, VERIFY_BUDGET),
            Err(Refused::OtherRules(_))
        ));
        let mut edited = replay.clone();
        let k = edited.inputs.len() / 2;
        edited.inputs[k].players[0].dx = -edited.inputs[k].players[0].dx + 1;
        edited.inputs[k + 1].players[0].dx = 1;
        edited.inputs[k + 2].players[0].dx = 1;
        assert_eq!(
            verify_score(LEVEL, &edited.to_text(), None, VERIFY_BUDGET),
            Err(Refused::NotReproduced)
        );
    }

    #[test]
    fn verify_plays_a_level_by_its_own_rules() {
        let old_rules = format!("rules = 1\n{LEVEL}");
        let (replay, score) = cpu_replay(&old_rules, 3000);
        assert_eq!(
            replay.rules,
            RulesVersion::V1,
            "recorded by the level's rules"
        );
        let v = verify_score(&old_rules, &replay.to_text(), None, VERIFY_BUDGET);
        assert_eq!(v.map(|v| v.score), Ok(score), "a rules-1 level has scores");
        let current = Replay {
            rules: RulesVersion::CURRENT,
            ..replay.clone()
        };
        assert!(matches!(
            verify_score(&old_rules, &current.to_text(), None, VERIFY_BUDGET),
            Err(Refused::OtherRules(_))
        ));
    }

    /// A solo level built to be heavy: the most staged balls, piled on one
    /// spot, and a row of D capsules over the paddle.
    /// A solo level that never ends by itself: its balls fly between a steel
    /// ceiling and a steel floor, never reaching the bricks above the ceiling nor
    /// the goal below the floor, so every step of a long replay costs a full step.
    fn heavy_level() -> String {
        let mut text = String::from(
            "title = \"Heavy\"\nmode = solo\nlives = 9\nbricks_center = 400,450\n[bricks]\n",
        );
        text.push_str("1111111111111111\n================\n");
        for _ in 0..35 {
            text.push_str("................\n");
        }
        text.push_str("================\n[powerups]\nDDDDDDDDDDDDDDDD\n");
        for _ in 0..37 {
            text.push_str("................\n");
        }
        text.push_str("[balls]\n");
        for k in 0..arkanong_core::level::MAX_BALLS {
            let x = 400.0 + (k % 8) as f32;
            let y = 600.0 + (k / 8) as f32;
            text.push_str(&format!("ball at {x},{y} velocity 0,-400 owner bottom\n"));
        }
        text
    }

    #[test]
    fn a_heavy_replay_is_refused_within_its_budget() {
        let level_text = heavy_level();
        let level = Level::parse(&level_text).unwrap();
        // Played to its end it would take minutes: the budget stops it, within a
        // step of the budget, whatever the steps cost.
        let replay = Replay {
            seed: 3,
            mode: Mode::Solo,
            rules: level.rules,
            level_text: level.to_text(),
            inputs: vec![Default::default(); MAX_SCORE_STEPS],
            final_hash: 1,
        };
        let budget = Duration::from_millis(300);
        let started = Instant::now();
        let verdict = verify_score(&level_text, &replay.to_text(), None, budget);
        let took = started.elapsed();
        assert_eq!(verdict, Err(Refused::OutOfTime(budget)));
        // Parsing 216,000 steps of text is part of the cost, and a shared
        // machine may pause the thread: a second of slack, far under the
        // 4,096 steps the clock used to wait.
        assert!(took < budget + Duration::from_secs(1), "took {took:?}");
    }

    #[test]
    fn a_cancelled_verification_stops_before_its_next_step() {
        let (replay, _) = cpu_replay(LEVEL, 10);
        let mut long = replay.clone();
        long.inputs = vec![replay.inputs[0]; 50_000];
        let cancelled = AtomicBool::new(true);
        assert_eq!(
            verify_score_until(LEVEL, &long.to_text(), None, VERIFY_BUDGET, &cancelled),
            Err(Refused::Cancelled)
        );
    }

    #[test]
    fn verify_caps_steps_before_playing_and_keeps_to_its_budget() {
        let (replay, _) = cpu_replay(LEVEL, 10);
        let mut long = replay.clone();
        long.inputs = vec![replay.inputs[0]; MAX_SCORE_STEPS + 1];
        assert_eq!(
            verify_score(LEVEL, &long.to_text(), None, VERIFY_BUDGET),
            Err(Refused::TooManySteps)
        );
        let huge = replay
            .to_text()
            .replace("inputs\n", "inputs\n99999999999999999999999 ....,....\n");
        assert_eq!(
            verify_score(LEVEL, &huge, None, VERIFY_BUDGET),
            Err(Refused::TooManySteps)
        );
        let mut slow = replay.clone();
        slow.inputs = vec![replay.inputs[0]; 20_000];
        assert_eq!(
            verify_score(LEVEL, &slow.to_text(), None, Duration::ZERO),
            Err(Refused::OutOfTime(Duration::ZERO))
        );
        let versus_only = "title = \"V\"\nmode = versus\n[bricks]\n111\n";
        assert_eq!(
            verify_score(versus_only, &replay.to_text(), None, VERIFY_BUDGET),
            Err(Refused::NoSolo)
        );
        assert!(matches!(
            verify_score(LEVEL, "not a replay", None, VERIFY_BUDGET),
            Err(Refused::Unreadable(_))
        ));
    }
}
