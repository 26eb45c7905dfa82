//! What the portable math costs: `arkanong_core::portable_math` (the libm crate, the same
//! bits on every platform) beside std's `sin`, `cos` and `atan2` (this platform's C
//! library), timed in the same run, interleaved in rounds; how often the two
//! disagree in the last bit on this machine; and what the difference costs a real
//! game: the trigonometry calls of a 10,000-step attract game, counted from its
//! events, times the extra nanoseconds per call, over the game's own step time.
//!
//! The physics step bench (`physics_step`) calls no trigonometry at all: its scene
//! has no paddles, and `World::step` turns velocities by angle only on paddle
//! bounces and stall nudges.

use std::hint::black_box;
use std::time::Instant;

use arkanong_core::app::play::Session;
use arkanong_core::commands::{ATTRACT_SEED, ATTRACT_STEPS};
use arkanong_core::game::GameEvent;
use arkanong_core::level::{shipped_levels, Level, PowerUp};
use arkanong_core::portable_math as pm;

/// Inputs per timed pass, and timed rounds (each round times std then libm).
const INPUTS: usize = 4096;
const ROUNDS: usize = 31;
const PASSES_PER_ROUND: usize = 50;

/// Angles over the range the game uses (a few turns either side of zero).
fn angles() -> Vec<f32> {
    (0..INPUTS)
        .map(|i| (i as f32 / INPUTS as f32 - 0.5) * 4.0 * std::f32::consts::PI + 1e-3)
        .collect()
}

/// Median nanoseconds per call of each of two functions, timed alternately.
fn ns_per_call(
    xs: &[f32],
    std_fn: impl Fn(f32) -> f32,
    portable: impl Fn(f32) -> f32,
) -> (f64, f64) {
    let time = |f: &dyn Fn(f32) -> f32| {
        let t0 = Instant::now();
        for _ in 0..PASSES_PER_ROUND {
            let mut acc = 0.0f32;
            for &x in xs {
                acc += f(black_box(x));
            }
            black_box(acc);
        }
        t0.elapsed().as_secs_f64() * 1e9 / (PASSES_PER_ROUND * xs.len()) as f64
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        a.push(time(&std_fn));
        b.push(time(&portable));
    }
    (median(&mut a), median(&mut b))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// How many inputs give a different `f32` from std's and from libm's.
fn disagreements(xs: &[f32], std_fn: impl Fn(f32) -> f32, portable: impl Fn(f32) -> f32) -> usize {
    xs.iter()
        .filter(|&&x| std_fn(x).to_bits() != portable(x).to_bits())
        .count()
}

/// The attract play `determinism` runs, timed; returns seconds and an upper bound
/// on its trigonometry calls: 5 per paddle hit (`paddle_bounce`: cos, sin, atan2,
/// cos, sin), 2 per serve (`from_angle`), 4 per ball a disruption splits.
fn attract_game() -> (f64, u64) {
    let levels: Vec<Level> = shipped_levels()
        .iter()
        .map(|l| Level::parse(l.text).expect("shipped levels are valid"))
        .collect();
    let (mut index, mut seed) = (0, ATTRACT_SEED);
    let mut session = Session::attract(&levels[index], index, seed);
    let mut calls = 0u64;
    let t0 = Instant::now();
    for _ in 0..ATTRACT_STEPS {
        for e in session.step_cpus() {
            calls += match e {
                GameEvent::PaddleHit { .. } => 5,
                GameEvent::Served { .. } => 2,
                GameEvent::CapsuleCaught {
                    power_up: PowerUp::Disruption,
                    ..
                } => 4 * session.game.world().balls().len() as u64,
                _ => 0,
            };
        }
        if session.is_finished() {
            index = (index + 1) % levels.len();
            seed += 1;
            session = Session::attract(&levels[index], index, seed);
        }
    }
    (t0.elapsed().as_secs_f64(), calls)
}

fn main() {
    let xs = angles();
    let ys: Vec<f32> = xs.iter().map(|&a| a.sin() * 450.0).collect();
    println!("\nPortable math (libm crate) beside std on this machine, {INPUTS} angles in [-2 pi, 2 pi],");
    println!("median of {ROUNDS} interleaved rounds\n");
    println!("function  std ns/call  libm ns/call  libm / std  results that differ");
    let rows: [(&str, (f64, f64), usize); 3] = [
        (
            "sin",
            ns_per_call(&xs, f32::sin, pm::sin),
            disagreements(&xs, f32::sin, pm::sin),
        ),
        (
            "cos",
            ns_per_call(&xs, f32::cos, pm::cos),
            disagreements(&xs, f32::cos, pm::cos),
        ),
        (
            "atan2",
            ns_per_call(&ys, |y| y.atan2(320.0), |y| pm::atan2(y, 320.0)),
            disagreements(&ys, |y| y.atan2(320.0), |y| pm::atan2(y, 320.0)),
        ),
    ];
    // A paddle hit, most of the calls, makes two cos, two sin and one atan2.
    let mut extra_ns = 0.0f64;
    for (name, (s, p), differ) in rows {
        println!(
            "{name:<8} {s:>12.2} {p:>13.2} {:>11.2} {differ:>11} of {INPUTS}",
            p / s
        );
        extra_ns += (p - s) * if name == "atan2" { 1.0 } else { 2.0 } / 5.0;
    }
    let mut runs: Vec<(f64, u64)> = (0..5).map(|_| attract_game()).collect();
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (seconds, calls) = runs[runs.len() / 2];
    let change = calls as f64 * extra_ns * 1e-9 / seconds;
    println!(
        "\nattract game: {ATTRACT_STEPS} steps in {:.1} ms (median of 5), at most {calls} trigonometry calls",
        seconds * 1e3
    );
    println!(
        "portable math / std math, game step time: {:.4} ({calls} calls x {extra_ns:+.2} ns each)",
        1.0 + change
    );
    println!("physics step bench: no trigonometry in its scene's steps, so no change");
}
