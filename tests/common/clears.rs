//! A level's clear check as the gallery's tests make one (issue 45): the
//! replay of a hard CPU, in the author's place, clearing the level in solo
//! (a versus-only level: winning a match against the editor's CPU, normal,
//! seeded with the game's seed, as the server checks). Seeds are tried until
//! one clears; `clear_for` of a text that is no level is empty.

use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Outcome, Replay};
use arkanong_core::level::{Level, LevelMode, Side};

/// The most steps a clear is played for (the server's cap: 30 minutes).
const MOST_STEPS: usize = 216_000;

/// The replay of a CPU clearing `text` (a panic if forty seeds do not).
#[allow(dead_code)]
pub(crate) fn cpu_clear(text: &str) -> String {
    let level = Level::parse(text).expect("a level to clear");
    let versus = level.mode == LevelMode::Versus;
    let mode = if versus { Mode::Versus } else { Mode::Solo };
    for seed in 1..=40u64 {
        let mut game = Game::new(&level, mode, seed);
        let mut cpus = [
            Some(Cpu::new(Side::Bottom, Difficulty::Hard, seed + 100)),
            versus.then(|| Cpu::new(Side::Top, Difficulty::Normal, seed)),
        ];
        let mut inputs = Vec::new();
        while game.outcome().is_none() && inputs.len() < MOST_STEPS {
            let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
            game.step(&step);
            inputs.push(step);
        }
        if matches!(
            game.outcome(),
            Some(Outcome::Cleared | Outcome::Won(Side::Bottom))
        ) {
            return Replay::record(&level, mode, seed, inputs).to_text();
        }
    }
    panic!("no CPU cleared the level:\n{text}");
}

/// [`cpu_clear`] of `text`, or nothing for a text that is no level (the
/// server refuses its text before it looks at the clear).
#[allow(dead_code)]
pub(crate) fn clear_for(text: &str) -> String {
    match arkanong_core::level::check_text(text).level {
        Some(_) => cpu_clear(text),
        None => String::new(),
    }
}
