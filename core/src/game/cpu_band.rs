//! The CPU plays to the score (issue 40, the lead's decision; docs/playing.md,
//! "The three CPUs"): within a versus match its sharpness moves between a floor
//! and a ceiling by the round's state, as a sports game's opponent eases off
//! when it leads and presses when it trails.
//!
//! Sharpness is a row of `tuning.rs`'s CPU table: how often it looks, how many
//! bounces it follows, its aim error, and its paddle's top speed (above 1, faster
//! than the keys' 720 units a second, as a pointer moves a paddle). Each
//! difficulty has its band, two rows ([`CpuBand`]): Easy's low, Normal's wide,
//! Hard's high. Where in its band a CPU plays is [`pressure`]: a pure function
//! of the game's state (the round's points, the points each side still needs,
//! the rounds won, match point), no clock and no random numbers, so a game with
//! a CPU is still a pure function of (level, mode, seed, the person's inputs).
//!
//! Only versus under rules 2 and later plays to the score; solo and rules 1
//! games keep the fixed row they were played with, and so does the editor's
//! test-play CPU ([`super::Cpu::fixed`]), whose won match is a level's clear
//! check that the gallery verifies by playing that CPU again.

use super::{Game, Mode};
use crate::level::{RulesVersion, Side};
use crate::tuning::{CpuSkill, CPU_BAND_LEAD_GAIN, CPU_BAND_ROUND_GAIN};

/// A difficulty's band: the row it plays at when it is far ahead (`loose`) and
/// when it is far behind or the other side is on match point (`sharp`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CpuBand {
    /// Its floor: the row at pressure 0.
    pub loose: CpuSkill,
    /// Its ceiling: the row at pressure 1.
    pub sharp: CpuSkill,
}

impl CpuBand {
    /// The row at `pressure` (0 = the floor, 1 = the ceiling; clamped): each
    /// number moved that share of the way from floor to ceiling, the counts
    /// rounded to the nearest whole one. The serve delay is the floor's.
    pub fn at(&self, pressure: f32) -> CpuSkill {
        let p = if pressure.is_nan() {
            0.5
        } else {
            pressure.clamp(0.0, 1.0)
        };
        let mix = |a: f32, b: f32| a + (b - a) * p;
        let whole = |a: u32, b: u32| mix(a as f32, b as f32).round() as u32;
        let (lo, hi) = (&self.loose, &self.sharp);
        CpuSkill {
            reaction_steps: whole(lo.reaction_steps, hi.reaction_steps).max(1),
            bounces: whole(lo.bounces, hi.bounces),
            error: mix(lo.error, hi.error),
            speed: mix(lo.speed, hi.speed),
            serve_delay: lo.serve_delay,
        }
    }
}

/// How hard the CPU on `side` presses, 0 (far ahead: its floor) to 1 (far
/// behind, or the other side one point from the match: its ceiling); 0.5 for an
/// even round at an even match. A pure function of the game's state.
///
/// The round: each side's points still needed to take it (to `target_score`,
/// and at least `win_by` past the other), their difference over the target,
/// times [`CPU_BAND_LEAD_GAIN`]. The match: the rounds the other side leads by,
/// over the rounds a match asks, times [`CPU_BAND_ROUND_GAIN`]. The level's
/// `cpu_ease` (hundredths) lowers it (raises it, if negative).
pub fn pressure(game: &Game, side: Side) -> f32 {
    let (Some(me), Some(them)) = (game.player(side), game.player(side.other())) else {
        return 0.5;
    };
    let level = game.level();
    let target = level.target_score.max(1);
    let needs = |mine: u32, theirs: u32| -> f32 {
        let goal = target.max(theirs.saturating_add(level.win_by));
        goal.saturating_sub(mine) as f32
    };
    let round = (needs(me.round_score, them.round_score) - needs(them.round_score, me.round_score))
        / target as f32;
    let rounds = them.rounds_won as f32 - me.rounds_won as f32;
    let matched = rounds / level.rounds.max(1) as f32;
    let ease = level.cpu_ease as f32 / 100.0;
    (0.5 - ease + CPU_BAND_LEAD_GAIN * round + CPU_BAND_ROUND_GAIN * matched).clamp(0.0, 1.0)
}

/// Whether a game's CPUs play to the score: versus under rules 2 and later.
pub fn plays_to_the_score(game: &Game) -> bool {
    game.mode() == Mode::Versus && game.rules() >= RulesVersion::V2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cpu, Difficulty, Intent};
    use crate::level::Level;
    use crate::tuning::{CPU_NORMAL, PADDLE_SPEED, STEPS_PER_SECOND};

    /// A versus match to 40 by 8, best of three rounds.
    const MATCH: &str =
        "mode = versus\ntarget_score = 40\nwin_by = 8\nrounds = 3\n[bricks]\n111111\n";

    fn game_at(seed: u64, bottom: u32, top: u32, rounds: [u32; 2]) -> Game {
        let mut game = Game::new(&Level::parse(MATCH).unwrap(), Mode::Versus, seed);
        for (k, p) in game.players.iter_mut().enumerate() {
            p.round_score = [bottom, top][k];
            p.rounds_won = rounds[k];
        }
        game
    }

    #[test]
    fn a_cpu_far_ahead_plays_looser_than_one_far_behind() {
        // Bottom leads 30-5: it eases to its floor, the top presses at its ceiling.
        let game = game_at(1, 30, 5, [0, 0]);
        let (ahead, behind) = (pressure(&game, Side::Bottom), pressure(&game, Side::Top));
        assert_eq!((ahead, behind), (0.0, 1.0));
        let band = Difficulty::Normal.band();
        let (loose, sharp) = (band.at(ahead), band.at(behind));
        assert!(
            loose.reaction_steps > sharp.reaction_steps,
            "{loose:?} {sharp:?}"
        );
        assert!(loose.error > sharp.error && loose.speed < sharp.speed);
        assert!(loose.bounces < sharp.bounces);
        // The CPU itself plays those rows.
        assert_eq!(Difficulty::Normal.skill_now(&game, Side::Bottom), loose);
        assert_eq!(Difficulty::Normal.skill_now(&game, Side::Top), sharp);
        // Even: the middle of the band; a small lead, a little looser.
        let even = game_at(1, 12, 12, [0, 0]);
        assert_eq!(pressure(&even, Side::Bottom), 0.5);
        let small = game_at(1, 14, 12, [0, 0]);
        let p = pressure(&small, Side::Bottom);
        assert!(0.0 < p && p < 0.5, "{p}");
        // Every difficulty's ceiling is sharper than its floor.
        for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
            let b = d.band();
            assert!(
                b.sharp.error < b.loose.error && b.sharp.speed > b.loose.speed,
                "{d:?}"
            );
        }
    }

    #[test]
    fn the_other_side_on_match_point_presses_the_cpu() {
        // An even round, the top one round from the match: the bottom presses.
        let game = game_at(1, 10, 10, [0, 2]);
        assert!(pressure(&game, Side::Bottom) > 0.5);
        assert!(pressure(&game, Side::Top) < 0.5);
    }

    #[test]
    fn pressure_is_a_pure_function_of_the_score() {
        // Two games with other seeds, one played on for a while: the same
        // scores give the same pressure, asked any number of times.
        let mut played = game_at(7, 20, 26, [1, 0]);
        let mut cpus = [
            Some(Cpu::new(Side::Bottom, Difficulty::Normal, 7)),
            Some(Cpu::new(Side::Top, Difficulty::Easy, 7)),
        ];
        for _ in 0..600 {
            let inputs = crate::game::gather_inputs(&played, &mut cpus, |_| Intent::IDLE);
            played.step(&inputs);
        }
        for (k, p) in played.players.iter_mut().enumerate() {
            (p.round_score, p.rounds_won) = ([20, 26][k], [1, 0][k]);
        }
        let fresh = game_at(99, 20, 26, [1, 0]);
        for side in [Side::Bottom, Side::Top] {
            let p = pressure(&fresh, side);
            assert_eq!(p, pressure(&played, side));
            assert_eq!(p, pressure(&fresh, side));
        }
    }

    #[test]
    fn solo_and_rules_1_keep_the_fixed_table() {
        let solo = Game::new(&Level::parse(MATCH).unwrap(), Mode::Solo, 1);
        assert_eq!(
            Difficulty::Normal.skill_now(&solo, Side::Bottom),
            CPU_NORMAL
        );
        let v1 = format!("rules = 1\n{MATCH}");
        let old = Game::new(&Level::parse(&v1).unwrap(), Mode::Versus, 1);
        assert!(!plays_to_the_score(&old));
    }

    #[test]
    fn a_pressed_cpu_moves_faster_than_the_keys() {
        // Normal far behind: its ceiling's speed is above 1, so it moves by
        // pointer targets, several key steps at a time, and never past its aim.
        let game = game_at(3, 2, 35, [0, 0]);
        let skill = Difficulty::Normal.skill_now(&game, Side::Bottom);
        assert!(skill.speed > 1.0);
        let mut cpu = Cpu::new(Side::Bottom, Difficulty::Normal, 3);
        cpu.target_x = 100.0;
        let at = glam::Vec2::new(400.0, 900.0);
        let moved = cpu
            .movement(&skill, at, true)
            .target
            .expect("a pointer move")
            .point();
        let key_step = PADDLE_SPEED / STEPS_PER_SECOND as f32;
        assert!(at.x - moved.x > 3.0 * key_step, "{moved}");
        let mut fresh = Cpu::new(Side::Bottom, Difficulty::Normal, 3);
        fresh.target_x = 390.0;
        let near = fresh.movement(&skill, at, true).target.unwrap().point();
        assert_eq!(near.x, 390.0, "it stops at its aim");
    }

    #[test]
    fn a_pressed_cpu_sends_a_new_target_only_every_few_steps() {
        // The steadier target that keeps the online input log in runs: moving
        // across the arena, a new target at most every CPU_POINTER_EVERY
        // steps; resting on its aim, the same target every step.
        use crate::tuning::CPU_POINTER_EVERY;
        let game = game_at(3, 2, 35, [0, 0]);
        let skill = Difficulty::Normal.skill_now(&game, Side::Bottom);
        let mut cpu = Cpu::new(Side::Bottom, Difficulty::Normal, 3);
        cpu.target_x = 60.0;
        let mut at = glam::Vec2::new(700.0, 900.0);
        let mut sent = Vec::new();
        for _ in 0..120 {
            let t = cpu.movement(&skill, at, true).target;
            if let Some(t) = t {
                at.x = t.point().x; // the paddle goes to its pointer at once
            }
            sent.push(t);
        }
        assert_eq!(at.x, 60.0, "it arrives");
        let changes = sent.windows(2).filter(|w| w[0] != w[1]).count();
        let jumps = (640.0 / (skill.speed * 6.0).floor() / CPU_POINTER_EVERY as f32).ceil();
        assert!(
            changes <= jumps as usize,
            "{changes} new targets, {jumps} jumps"
        );
        assert!(sent.iter().all(Option::is_some), "it rests on its target");
        let last = sent.len() - CPU_POINTER_EVERY as usize;
        assert!(sent[last..].windows(2).all(|w| w[0] == w[1]));
    }

    #[test]
    fn a_banded_cpu_slower_than_the_keys_moves_by_steady_targets_too() {
        // Easy far ahead of a person: its floor is slower than the keys. In its
        // band it still moves as a pointer does, a new target at most every
        // CPU_POINTER_EVERY steps (the keys' share of steps changed its input
        // every step or two: two such CPUs online overran the input log's
        // bound); its fixed row (solo, facing a CPU) keeps the keys.
        use crate::tuning::CPU_POINTER_EVERY;
        let mut game = game_at(5, 2, 35, [0, 0]);
        let skill = Difficulty::Easy.skill_now(&game, Side::Top);
        assert!(skill.speed < 1.0, "{skill:?}");
        let mut pointer = [None, Some(Cpu::new(Side::Top, Difficulty::Easy, 5))];
        let mut keys = Cpu::new(Side::Top, Difficulty::Easy, 5);
        let (mut sent, mut key_inputs) = (Vec::new(), Vec::new());
        for _ in 0..600 {
            let i = crate::game::gather_inputs(&game, &mut pointer, |_| Intent::IDLE);
            key_inputs.push(keys.intent_against_a_cpu(&game));
            sent.push(i.players[1]);
            game.step(&i);
        }
        assert!(sent.iter().all(|i| i.dx == 0), "no keys in its band");
        let moves: Vec<usize> = (1..sent.len())
            .filter(|&k| sent[k].target != sent[k - 1].target)
            .collect();
        assert!(moves.len() > 3, "it moves: {moves:?}");
        assert!(
            moves
                .windows(2)
                .all(|w| w[1] - w[0] >= CPU_POINTER_EVERY as usize),
            "a new target at most every {CPU_POINTER_EVERY} steps: {moves:?}"
        );
        assert!(key_inputs.iter().any(|i| i.dx != 0 && i.target.is_none()));
    }

    #[test]
    fn two_cpus_facing_each_other_keep_their_fixed_rows() {
        // The top Normal far behind: facing a person it presses at its
        // ceiling (pointer targets, faster than the keys); facing a CPU it
        // plays its fixed row (the keys), so two CPUs cannot press each
        // other into a match where neither ever misses.
        let game = game_at(4, 35, 2, [0, 0]);
        let mut alone = [None, Some(Cpu::new(Side::Top, Difficulty::Normal, 4))];
        let mut pair = [
            Some(Cpu::new(Side::Bottom, Difficulty::Normal, 4)),
            Some(Cpu::new(Side::Top, Difficulty::Normal, 4)),
        ];
        let mut fixed = Cpu::fixed(Side::Top, Difficulty::Normal, 4);
        let (mut pressed, mut paired) = (game.clone(), game);
        let mut pointer_moves = 0;
        for _ in 0..240 {
            let a = crate::game::gather_inputs(&pressed, &mut alone, |_| Intent::IDLE);
            pointer_moves += usize::from(a.players[1].target.is_some());
            let want = fixed.intent(&paired);
            let b = crate::game::gather_inputs(&paired, &mut pair, |_| Intent::IDLE);
            assert_eq!(b.players[1], want, "the fixed row against a CPU");
            assert!(b.players[1].target.is_none());
            pressed.step(&a);
            paired.step(&b);
        }
        assert!(pointer_moves > 0, "against a person it presses");
    }

    #[test]
    fn a_levels_cpu_ease_moves_the_pressure_and_survives_a_round_trip() {
        // `cpu_ease = 20`: the same score, the CPUs 0.2 looser; negative, sharper.
        let eased = format!("cpu_ease = 20\n{MATCH}");
        let level = Level::parse(&eased).unwrap();
        assert_eq!(level.cpu_ease, 20);
        let at = |level: &Level| {
            let mut game = Game::new(level, Mode::Versus, 1);
            game.players[0].round_score = 12;
            game.players[1].round_score = 12;
            pressure(&game, Side::Top)
        };
        assert!((at(&level) - 0.3).abs() < 1e-6, "{}", at(&level));
        let sharp = Level::parse(&format!("cpu_ease = -20\n{MATCH}")).unwrap();
        assert!((at(&sharp) - 0.7).abs() < 1e-6);
        // Written back only when set, and read back the same.
        let text = level.to_text();
        assert!(text.contains("cpu_ease = 20"), "{text}");
        assert_eq!(Level::parse(&text).unwrap().cpu_ease, 20);
        assert!(!Level::parse(MATCH).unwrap().to_text().contains("cpu_ease"));
        // Out of range or not a number: an error on its line, no panic.
        for bad in [
            "cpu_ease = 51",
            "cpu_ease = -51",
            "cpu_ease = 0.5",
            "cpu_ease = x",
        ] {
            let text = format!("{bad}\n{MATCH}");
            assert!(Level::parse(&text).is_err(), "{bad}");
        }
    }
}
