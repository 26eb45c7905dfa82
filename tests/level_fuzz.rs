//! A structured level fuzzer: texts shaped like real levels (settings, a brick grid,
//! power-ups, barriers, staged balls) whose numbers are ordinary most of the time
//! and, in half the levels, drawn from a table of extremes: zeros of both signs,
//! subnormals, each limit the parser and checker enforce and its neighbours one f32
//! step away, huge values, and NaN and infinity spelled as text.
//!
//! Property: `check` never panics and answers soundly, and every level it accepts
//! builds a `Game` that plays 3,000 steps in each mode the level allows (CPU
//! against CPU) with every ball finite and inside the arena.
//!
//! Deterministic: case `i` draws from a `SmallRng` seeded with `LEVEL_FUZZ_SEED`
//! (default 20261122) plus `i`, so a failure names the seed that replays it. The
//! `cargo test` run is small; the long run is
//! `LEVEL_FUZZ_COUNT=100000 cargo test --release --test level_fuzz -- --ignored --nocapture`.

use std::fmt::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use arkanong_core::game::{Cpu, Difficulty, Game, Inputs, Intent, Mode};
use arkanong_core::level::{arena, check_text, Level, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

mod common;

/// Levels checked by the `cargo test` run.
const CI_CASES: u64 = 600;
/// Steps each accepted level is played in each of its modes.
const PLAY_STEPS: u64 = 3_000;
/// Default base seed (CI's proptest seed, for one number to remember).
const DEFAULT_SEED: u64 = 20_261_122;

/// The numbers that matter to the format: each limit `check` enforces, spelled
/// exactly, and its neighbours one f32 step below and above.
const LIMITS: [f32; 16] = [
    250.0, 1600.0, // ball_speed
    40.0, 400.0, // paddle_width
    10.0, 200.0, // brick_size
    0.0, 800.0, 1000.0, // bricks_center, the arena
    8.0, 792.0, 992.0, // a staged ball's centre, a radius from the edges
    130.0, 870.0, // the paddle zones
    0.5,   // overlap still counted as touching
    1e-6,  // MIN_RELATIVE_AREA
];

/// Spellings that are not ordinary numbers, or are numbers at the edge of f32.
const ODD: [&str; 30] = [
    "0",
    "-0",
    "0.0",
    "1e-45",
    "-1e-45",
    "1.1754942e-38",
    "1e-30",
    "1e-6",
    "-1e-6",
    "1e30",
    "-1e30",
    "3.4028235e38",
    "-3.4028235e38",
    "3.4028236e38",
    "1e39",
    "1e400",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "+inf",
    "infinity",
    "-Infinity",
    "0x10",
    "1_000",
    "1e",
    ".",
    "-",
    "+5",
    "٣",
];

/// One number, as a level writer might spell it.
struct Numbers {
    /// Chance that a number is replaced by an extreme (0 in tame levels).
    hot: f64,
}

impl Numbers {
    fn extreme(rng: &mut SmallRng) -> String {
        if rng.random_bool(0.5) {
            return ODD[rng.random_range(0..ODD.len())].to_owned();
        }
        let limit = LIMITS[rng.random_range(0..LIMITS.len())];
        let bits = limit.to_bits();
        let v = match rng.random_range(0..4) {
            0 => f32::from_bits(bits.wrapping_sub(1)),
            1 => f32::from_bits(bits + 1),
            2 => -limit,
            _ => limit,
        };
        format!("{v}")
    }

    /// A real number near `ordinary`, or an extreme.
    fn real(&self, rng: &mut SmallRng, ordinary: f32) -> String {
        if rng.random_bool(self.hot) {
            return Self::extreme(rng);
        }
        match rng.random_range(0..3) {
            0 => format!("{}", ordinary.round()),
            1 => format!("{ordinary:.2}"),
            _ => format!("{ordinary}"),
        }
    }

    /// A whole number from `lo` to `hi`, or an extreme.
    fn whole(&self, rng: &mut SmallRng, lo: u32, hi: u32) -> String {
        if rng.random_bool(self.hot) {
            let odd = ["0", "-1", "10", "1000", "4294967296", "1.0", "1e3", "+3"];
            return odd[rng.random_range(0..odd.len())].to_owned();
        }
        rng.random_range(lo..=hi).to_string()
    }
}

/// Joins words with a separator a writer might use.
fn words(rng: &mut SmallRng, parts: &[String]) -> String {
    let sep = [" ", " ", " ", "\t", "  "][rng.random_range(0..5)];
    parts.join(sep)
}

/// A level text built from the grammar in `levels/README.md`, and whether its
/// numbers may be extreme.
fn level_text(rng: &mut SmallRng) -> (String, bool) {
    let n = Numbers {
        hot: if rng.random_bool(0.5) {
            0.0
        } else {
            rng.random_range(0.02..0.25)
        },
    };
    let mut lines: Vec<String> = Vec::new();
    if rng.random_bool(0.2) {
        lines.push("# a fuzzed level".into());
    }
    if rng.random_bool(0.2) {
        lines.push("[level]".into());
    }
    let mut setting = |rng: &mut SmallRng, key: &str, value: String| {
        if rng.random_bool(0.5) {
            lines.push(format!("{key} = {value}"));
        }
    };
    let title = format!("\"Fuzz {}\"", rng.random_range(0..1000));
    setting(rng, "title", title);
    let mode = ["versus", "solo", "both"][rng.random_range(0..3)].to_owned();
    setting(rng, "mode", mode);
    let speed = rng.random_range(250.0..1600.0);
    let speed = n.real(rng, speed);
    setting(rng, "ball_speed", speed);
    let balls = n.whole(rng, 1, 8);
    setting(rng, "balls", balls);
    let lives = n.whole(rng, 1, 9);
    setting(rng, "lives", lives);
    let target = n.whole(rng, 1, 999);
    setting(rng, "target_score", target);
    let paddle = rng.random_range(40.0..400.0);
    let paddle = n.real(rng, paddle);
    setting(rng, "paddle_width", paddle);

    // Bricks: sized so a tame grid fits the arena between the paddle zones.
    let (w, h) = (
        rng.random_range(20.0f32..60.0),
        rng.random_range(10.0f32..30.0),
    );
    let columns = rng.random_range(1..=(700.0 / w) as usize);
    let rows = rng.random_range(1..=8usize);
    lines.push(format!(
        "brick_size = {}x{}",
        n.real(rng, w),
        n.real(rng, h)
    ));
    let (cx, cy) = (
        rng.random_range(350.0f32..450.0),
        rng.random_range(400.0f32..600.0),
    );
    if rng.random_bool(0.5) {
        lines.push(format!(
            "bricks_center = {},{}",
            n.real(rng, cx),
            n.real(rng, cy)
        ));
    }
    let mut grid: Vec<Vec<char>> = Vec::new();
    if rng.random_bool(0.9) {
        lines.push("[bricks]".into());
        for _ in 0..rows {
            let row: Vec<char> = (0..columns)
                .map(|_| match rng.random_range(0..20) {
                    0..=5 => '.',
                    6..=8 => '=',
                    _ => char::from(b'1' + rng.random_range(0..9u8)),
                })
                .collect();
            lines.push(row.iter().collect());
            grid.push(row);
        }
    }
    if !grid.is_empty() && rng.random_bool(0.3) {
        lines.push("[powerups]".into());
        for row in &grid {
            let letters: String = row
                .iter()
                .map(|&c| {
                    if c.is_ascii_digit() && rng.random_bool(0.3) {
                        ['S', 'C', 'L', 'E', 'D', 'P', 'V', 'G'][rng.random_range(0..8)]
                    } else {
                        '.'
                    }
                })
                .collect();
            lines.push(letters);
        }
    }

    // Barriers: in eight slots above and below the grid so tame ones do not overlap.
    if rng.random_bool(0.6) {
        lines.push("[barriers]".into());
        let mut slots: Vec<usize> = (0..8).collect();
        for _ in 0..rng.random_range(1..=4) {
            let slot = slots.swap_remove(rng.random_range(0..slots.len()));
            let r = rng.random_range(6.0f32..50.0);
            let x = 100.0 + 200.0 * (slot % 4) as f32 + rng.random_range(-40.0..40.0);
            let y = if slot < 4 { 205.0 } else { 795.0 } + rng.random_range(-10.0..10.0);
            let at = format!("{},{}", n.real(rng, x), n.real(rng, y));
            let rotation = rng.random_range(-360.0..360.0);
            let rotation = n.real(rng, rotation);
            let mut parts: Vec<String> = match rng.random_range(0..4) {
                0 => vec![
                    "hexagon".into(),
                    "at".into(),
                    at,
                    "radius".into(),
                    n.real(rng, r),
                ],
                1 => {
                    let (rw, rh) = (
                        rng.random_range(4.0..1.4 * r),
                        rng.random_range(4.0..1.4 * r),
                    );
                    vec![
                        "rect".into(),
                        "at".into(),
                        at,
                        "size".into(),
                        format!("{}x{}", n.real(rng, rw), n.real(rng, rh)),
                    ]
                }
                3 => {
                    let a: f32 = rng.random_range(0.0..std::f32::consts::PI);
                    let (dx, dy) = (r * a.cos(), r * a.sin());
                    vec![
                        "segment".into(),
                        "from".into(),
                        format!("{},{}", n.real(rng, x - dx), n.real(rng, y - dy)),
                        "to".into(),
                        format!("{},{}", n.real(rng, x + dx), n.real(rng, y + dy)),
                    ]
                }
                _ => {
                    let mut angles: Vec<f32> = (0..rng.random_range(3..=8))
                        .map(|_| rng.random_range(0.0..std::f32::consts::TAU))
                        .collect();
                    angles.sort_by(f32::total_cmp);
                    if rng.random_bool(0.5) {
                        angles.reverse();
                    }
                    let mut p = vec!["polygon".to_owned()];
                    for a in angles {
                        let (px, py) = (x + r * a.cos(), y + r * a.sin());
                        p.push(format!("{},{}", n.real(rng, px), n.real(rng, py)));
                    }
                    p
                }
            };
            if ["hexagon", "rect"].contains(&parts[0].as_str()) && rng.random_bool(0.5) {
                parts.extend(["rotation".to_owned(), rotation]);
            }
            lines.push(words(rng, &parts));
        }
    }

    if rng.random_bool(0.4) {
        lines.push("[balls]".into());
        let mut last: Option<(f32, f32)> = None;
        for _ in 0..rng.random_range(1..=3) {
            // Mostly in the open field; sometimes in a paddle zone (even on a
            // paddle), or on top of the previous ball: `check` does not test either.
            let (x, y) = match last {
                Some((x, y)) if rng.random_bool(0.2) => (
                    x + rng.random_range(-10.0..10.0),
                    y + rng.random_range(-10.0..10.0),
                ),
                _ if rng.random_bool(0.3) => (
                    rng.random_range(8.0f32..792.0),
                    rng.random_range(8.0f32..992.0),
                ),
                _ => (
                    rng.random_range(20.0f32..780.0),
                    rng.random_range(140.0f32..860.0),
                ),
            };
            last = Some((x, y));
            let (vx, vy) = (
                rng.random_range(-1200.0f32..1200.0),
                rng.random_range(-1200.0f32..1200.0),
            );
            let mut parts = vec![
                "ball".to_owned(),
                "at".into(),
                format!("{},{}", n.real(rng, x), n.real(rng, y)),
                "velocity".into(),
                format!("{},{}", n.real(rng, vx), n.real(rng, vy)),
            ];
            if rng.random_bool(0.6) {
                let owner = if rng.random_bool(0.5) {
                    "top"
                } else {
                    "bottom"
                };
                parts.extend(["owner".to_owned(), owner.to_owned()]);
            }
            lines.push(words(rng, &parts));
        }
    }
    let ending = if rng.random_bool(0.8) { "\n" } else { "\r\n" };
    let mut text = String::new();
    for line in lines {
        let _ = write!(text, "{line}{ending}");
    }
    (text, n.hot > 0.0)
}

/// Plays `level` in `mode`, CPU against CPU, for up to `PLAY_STEPS` steps (less if
/// the game ends), checking every ball after every step. Returns the steps played.
fn play(level: &Level, mode: Mode, seed: u64) -> Result<u64, String> {
    let mut game = Game::new(level, mode, seed);
    let mut cpus = vec![Cpu::new(Side::Bottom, Difficulty::Hard, seed)];
    if mode == Mode::Versus {
        cpus.push(Cpu::new(Side::Top, Difficulty::Normal, seed ^ 1));
    }
    let arena = arena();
    while game.steps() < PLAY_STEPS && game.outcome().is_none() {
        let mut inputs = Inputs {
            players: [Intent::IDLE; 2],
        };
        for (k, cpu) in cpus.iter_mut().enumerate() {
            inputs.players[k] = cpu.intent(&game);
        }
        game.step(&inputs);
        for b in game.world().balls() {
            if !(b.position.is_finite() && b.velocity.is_finite()) {
                return Err(format!("step {}: ball {:?} is not finite", game.steps(), b));
            }
            if !arena.contains(b.position) {
                return Err(format!(
                    "step {}: ball {:?} left the arena",
                    game.steps(),
                    b
                ));
            }
        }
    }
    Ok(game.steps())
}

/// What one case did.
#[derive(Default)]
struct Tally {
    cases: u64,
    accepted: u64,
    /// Accepted levels whose numbers could be extreme.
    accepted_hot: u64,
    games: u64,
    steps: u64,
    failures: Vec<String>,
}

/// Checks the level of case `seed` and plays it if accepted.
fn run_case(seed: u64, tally: &mut Tally) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (text, hot) = level_text(&mut rng);
    tally.cases += 1;
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<u64>, String> {
        let checked = check_text(&text);
        if let Some(problem) = common::unsound(&text, &checked) {
            return Err(format!("unsound check: {problem}"));
        }
        let Some(level) = checked.level else {
            return Ok(Vec::new());
        };
        if let Some(problem) = common::round_trip_problem(&level) {
            return Err(problem);
        }
        [Mode::Solo, Mode::Versus]
            .into_iter()
            .filter(|m| m.fits(level.mode))
            .map(|m| play(&level, m, seed).map_err(|e| format!("{}: {e}", m.keyword())))
            .collect()
    }));
    match outcome {
        Ok(Ok(played)) => {
            if !played.is_empty() {
                tally.accepted += 1;
                tally.accepted_hot += u64::from(hot);
            }
            tally.games += played.len() as u64;
            tally.steps += played.iter().sum::<u64>();
        }
        Ok(Err(e)) => tally
            .failures
            .push(format!("seed {seed}: {e}\n--- level ---\n{text}")),
        Err(_) => tally
            .failures
            .push(format!("seed {seed}: panicked\n--- level ---\n{text}")),
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `count` cases from the base seed, prints a summary, fails on any failure
/// or when too few levels are accepted for the play property to mean anything.
fn fuzz(count: u64) {
    let base = env_u64("LEVEL_FUZZ_SEED", DEFAULT_SEED);
    let started = Instant::now();
    let mut tally = Tally::default();
    for i in 0..count {
        run_case(base.wrapping_add(i), &mut tally);
    }
    let rate = tally.accepted as f64 / tally.cases.max(1) as f64;
    println!(
        "level fuzz: {} levels from seed {base} in {:.1} s; {} accepted ({:.1}%; {} of them with extremes), {} games, {} steps; {} failures",
        tally.cases,
        started.elapsed().as_secs_f64(),
        tally.accepted,
        100.0 * rate,
        tally.accepted_hot,
        tally.games,
        tally.steps,
        tally.failures.len()
    );
    let shown: Vec<&String> = tally.failures.iter().take(5).collect();
    assert!(
        tally.failures.is_empty(),
        "{} failures; the first:\n{}",
        tally.failures.len(),
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(
        rate > 0.2,
        "only {:.1}% of levels accepted: the play property tests too little",
        100.0 * rate
    );
}

#[test]
fn fuzzed_levels_check_soundly_and_accepted_ones_play() {
    fuzz(CI_CASES);
}

#[test]
#[ignore = "long run: LEVEL_FUZZ_COUNT=100000 cargo test --release --test level_fuzz -- --ignored --nocapture"]
fn fuzzed_levels_long_run() {
    fuzz(env_u64("LEVEL_FUZZ_COUNT", 100_000));
}
