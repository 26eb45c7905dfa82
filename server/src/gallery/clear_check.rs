//! The clear check (issue 45): a level is shared (or updated) only with a
//! replay of its author clearing it, which the server plays as it plays a
//! score, within the same bounds (`verify.rs`: the step cap, the padding cap,
//! the time budget looked at before every step, a cancel flag). A level that
//! can be played solo is cleared in solo: every breakable brick gone. A
//! versus-only level is won: one match against the CPU the editor's test-play
//! puts on the top side (normal, seeded with the game's seed), which the
//! server plays itself beside the replay, so the other paddle cannot be a
//! second human, or still.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arkanong_core::game::{Cpu, Difficulty, Game, Mode, Outcome};
use arkanong_core::level::{LevelMode, Side};

use super::verify::{read_against, Refused, Verified};

/// The CPU the editor's test-play sets against its author in versus
/// (`core/src/app/editor/play.rs`): the only opponent a clear check accepts,
/// at its fixed row ([`Cpu::fixed`]: it does not play to the score, so clear
/// checks recorded before the band, and after any retuning of it, verify).
pub(super) const CLEAR_CPU: Difficulty = Difficulty::Normal;

/// Plays the clear check `replay_text` against the level `stored_text`: the
/// game it reproduces (`steps`: the step the level was cleared or the match
/// won at), or why not. Stops with [`Refused::Cancelled`] or
/// [`Refused::OutOfTime`] as [`super::verify::verify_score_until`] does.
pub(super) fn verify_clear_until(
    stored_text: &str,
    replay_text: &str,
    budget: Duration,
    cancelled: &AtomicBool,
) -> Result<Verified, Refused> {
    let started = Instant::now();
    let (replay, stored) = read_against(stored_text, replay_text)?;
    let versus_only = stored.mode == LevelMode::Versus;
    let mode = if versus_only {
        Mode::Versus
    } else {
        Mode::Solo
    };
    if replay.mode != mode {
        return Err(Refused::OtherRules(format!(
            "mode {}; this level is clear-checked by {}",
            replay.mode.keyword(),
            if versus_only {
                "a match won against the CPU"
            } else {
                "a solo game that clears it"
            }
        )));
    }
    let level = replay.level().map_err(|_| Refused::OtherLevel)?;
    let mut game = Game::new(&level, mode, replay.seed);
    let mut cpu = versus_only.then(|| Cpu::fixed(Side::Top, CLEAR_CPU, replay.seed));
    let mut ended_at = None;
    for inputs in &replay.inputs {
        if cancelled.load(Ordering::Relaxed) {
            return Err(Refused::Cancelled);
        }
        if started.elapsed() > budget {
            return Err(Refused::OutOfTime(budget));
        }
        if let Some(cpu) = cpu.as_mut() {
            // The CPU's intent from the state before the step, as the
            // test-play's gather_inputs asks it.
            if cpu.intent(&game) != inputs.players[Side::Top.index() as usize] {
                return Err(Refused::NotTheCpu);
            }
        }
        game.step(inputs);
        if ended_at.is_none() && game.outcome().is_some() {
            ended_at = Some(game.steps());
        }
    }
    let hash = game.state_hash();
    if hash != replay.final_hash {
        return Err(Refused::NotReproduced);
    }
    let won = match game.outcome() {
        Some(Outcome::Cleared) => true,
        Some(Outcome::Won(side)) => side == Side::Bottom,
        _ => false,
    };
    if !won {
        let how = match game.outcome() {
            None => "stops before the end",
            Some(Outcome::OutOfLives) => "runs out of lives",
            Some(Outcome::Won(_)) => "loses the match",
            Some(Outcome::Draw) => "ends in a draw",
            Some(Outcome::Cleared) => "clears it",
        };
        return Err(Refused::NotCleared(how.to_owned()));
    }
    Ok(Verified {
        score: game.player(Side::Bottom).map_or(0, |p| p.score),
        steps: usize::try_from(ended_at.unwrap_or(0)).unwrap_or(usize::MAX),
        hash,
        canonical: replay.to_text(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gallery::verify::{NOT_CLEARED, VERIFY_BUDGET};
    use arkanong_core::game::{gather_inputs, Intent, Replay};
    use arkanong_core::level::Level;

    const SOLO: &str = "title = \"Clear me\"\nmode = both\nlives = 9\n[bricks]\n1\n";
    const VERSUS: &str = "title = \"Win me\"\nmode = versus\n[bricks]\n1\n";

    /// A game of `text` in `mode`, the bottom played by a hard CPU, the top
    /// (in versus) by `top`, until it ends or `cap` steps.
    fn played(text: &str, mode: Mode, top: Option<Difficulty>, cap: usize) -> Replay {
        let level = Level::parse(text).unwrap();
        let seed = 5;
        let mut game = Game::new(&level, mode, seed);
        let mut cpus = [
            Some(Cpu::new(Side::Bottom, Difficulty::Hard, 9)),
            top.map(|d| Cpu::fixed(Side::Top, d, seed)),
        ];
        let mut inputs = Vec::new();
        while game.outcome().is_none() && inputs.len() < cap {
            let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
            game.step(&step);
            inputs.push(step);
        }
        Replay::record(&level, mode, seed, inputs)
    }

    fn check(text: &str, replay: &Replay) -> Result<Verified, Refused> {
        verify_clear_until(
            text,
            &replay.to_text(),
            VERIFY_BUDGET,
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn a_solo_clear_passes_with_the_step_it_cleared_at() {
        let replay = played(SOLO, Mode::Solo, None, 60_000);
        let v = check(SOLO, &replay).expect("the hard CPU clears one brick");
        assert_eq!(v.steps, replay.inputs.len());
        // Idle steps after the clear change nothing: still the clear's step.
        let mut longer = replay.clone();
        longer
            .inputs
            .extend(vec![arkanong_core::game::Inputs::default(); 50]);
        let level = Level::parse(SOLO).unwrap();
        let longer = Replay::record(&level, Mode::Solo, 5, longer.inputs);
        assert_eq!(check(SOLO, &longer).unwrap().steps, v.steps);
    }

    #[test]
    fn a_game_that_does_not_clear_is_refused_with_the_sentence() {
        let replay = played(SOLO, Mode::Solo, None, 30);
        let refused = check(SOLO, &replay).unwrap_err();
        assert_eq!(refused, Refused::NotCleared("stops before the end".into()));
        assert!(
            refused.message().starts_with(NOT_CLEARED),
            "{}",
            refused.message()
        );
        // A versus game of a level that allows solo is no clear check.
        let versus = played(SOLO, Mode::Versus, Some(CLEAR_CPU), 60_000);
        assert!(matches!(check(SOLO, &versus), Err(Refused::OtherRules(_))));
        // Another level's clear is not this one's.
        let other = "title = \"Other\"\nmode = both\nlives = 9\n[bricks]\n11\n";
        assert_eq!(check(other, &replay), Err(Refused::OtherLevel));
    }

    #[test]
    fn a_versus_only_level_is_won_against_the_editors_cpu_only() {
        let won = played(VERSUS, Mode::Versus, Some(CLEAR_CPU), 200_000);
        let level = Level::parse(VERSUS).unwrap();
        let mut game = Game::new(&level, Mode::Versus, 5);
        for i in &won.inputs {
            game.step(i);
        }
        if game.outcome() == Some(Outcome::Won(Side::Bottom)) {
            assert!(check(VERSUS, &won).is_ok());
        } else {
            assert!(matches!(check(VERSUS, &won), Err(Refused::NotCleared(_))));
        }
        // A still top paddle (a second human who never moves) is no CPU.
        let still = played(VERSUS, Mode::Versus, None, 2000);
        assert_eq!(check(VERSUS, &still), Err(Refused::NotTheCpu));
        // A hard CPU on top is not the test-play's.
        let hard = played(VERSUS, Mode::Versus, Some(Difficulty::Hard), 2000);
        assert_eq!(check(VERSUS, &hard), Err(Refused::NotTheCpu));
    }

    /// The level of `fixtures/rules3_versus_clear_check.replay`: a short
    /// versus-only match, as an author's level stored in the gallery.
    const SHORT: &str = "title = \"Won before the band\"\nmode = versus\ntarget_score = 10\nwin_by = 2\nrounds = 1\n[bricks]\n1\n";

    #[test]
    fn a_clear_check_recorded_before_the_band_still_verifies() {
        // A clear check as a client before the band recorded it (rules 3, the
        // replay format unchanged): its top paddle is Normal's fixed row. The
        // server plays Cpu::fixed, which keeps that row, so it still verifies
        // (h-cpu6's server played the CPU that plays to the score: refused).
        let text = include_str!("../../tests/fixtures/rules3_versus_clear_check.replay");
        let old = Replay::parse(text).expect("the fixture parses");
        assert_eq!(old.rules, arkanong_core::level::RulesVersion::V3);
        let v = check(SHORT, &old).expect("an old client's clear check verifies");
        assert_eq!(v.hash, old.final_hash);
        // Its top paddle is not the CPU that plays to the score: a server
        // that played that one would refuse it.
        let level = old.level().unwrap();
        let mut game = Game::new(&level, Mode::Versus, old.seed);
        let mut banded = Cpu::new(Side::Top, CLEAR_CPU, old.seed);
        let differs = old.inputs.iter().any(|i| {
            let mine = banded.intent(&game);
            game.step(i);
            mine != i.players[Side::Top.index() as usize]
        });
        assert!(differs, "the fixture tells the two CPUs apart");
    }
}
