//! Verified scores: the server plays a submitted replay headless and lists
//! only what it reproduces. The replay must be of the stored level (compared
//! as the game reads it, so comments and spacing do not matter), of the
//! level's rules (its `rules` line, the current rules without one), in solo, and end in the hash it records; the score listed is
//! the one the server's own game reached (a client's claim, if it sends one,
//! must agree). Playing is bounded twice: by a step cap (30 minutes of play),
//! checked before anything is played or even allocated, and by a time budget.

use std::time::{Duration, Instant};

use arkanong_core::game::{Game, Mode, Replay};
use arkanong_core::level::{Level, LevelMode, Side};
use arkanong_core::tuning::STEPS_PER_SECOND;

/// Most steps a submitted replay may hold: 30 minutes of play.
pub(super) const MAX_SCORE_STEPS: usize = 30 * 60 * STEPS_PER_SECOND as usize;

/// How long the server may spend playing one replay.
pub(super) const VERIFY_BUDGET: Duration = Duration::from_secs(10);

/// Steps played between two looks at the clock.
const STEPS_PER_CLOCK_CHECK: usize = 4096;

/// A score the server reproduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Verified {
    /// The score the game reached.
    pub(super) score: u32,
    /// Steps played.
    pub(super) steps: usize,
    /// The final state's hash.
    pub(super) hash: u64,
}

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
    /// Playing it took longer than the budget.
    OutOfTime,
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
            Refused::OutOfTime => {
                "the server ran out of time playing the replay: try again later".into()
            }
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

/// Plays `replay_text` against the stored level's text; the score it
/// reproduces, or why not. `claimed` is a score the client said it made, if any.
pub(super) fn verify_score(
    stored_text: &str,
    replay_text: &str,
    claimed: Option<u64>,
    budget: Duration,
) -> Result<Verified, Refused> {
    let started = Instant::now();
    if claimed_steps(replay_text) > MAX_SCORE_STEPS {
        return Err(Refused::TooManySteps);
    }
    let replay = Replay::parse(replay_text).map_err(|e| Refused::Unreadable(e.to_string()))?;
    if replay.inputs.len() > MAX_SCORE_STEPS {
        return Err(Refused::TooManySteps);
    }
    let stored = Level::parse(stored_text).map_err(|_| Refused::OtherLevel)?;
    if stored.mode == LevelMode::Versus {
        return Err(Refused::NoSolo);
    }
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
    if replay.mode != Mode::Solo {
        return Err(Refused::OtherRules(format!(
            "mode {}; scores are solo games",
            replay.mode.keyword()
        )));
    }
    let level = replay.level().map_err(|_| Refused::OtherLevel)?;
    let mut game = Game::new(&level, Mode::Solo, replay.seed);
    for (k, inputs) in replay.inputs.iter().enumerate() {
        if k % STEPS_PER_CLOCK_CHECK == 0 && started.elapsed() > budget {
            return Err(Refused::OutOfTime);
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
        assert_eq!(verify_score(LEVEL, &text, claimed, VERIFY_BUDGET), Ok(v));
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
            Err(Refused::OutOfTime)
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
