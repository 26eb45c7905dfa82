//! What a rollback costs: restoring a saved game and simulating again the steps
//! since, saving each one (GGRS saves every re-simulated frame), as a frame of
//! online play does when the other player's input was mispredicted. Timed at the
//! deepest rollback the online match allows (`MAX_PREDICTION` steps; the loopback
//! test's worst over a 100 ms round trip was 11), from 200 points of an attract
//! game topped up to 2, 20 and 200 balls (a game that ends inside the window is
//! skipped: finished games step for free). Prints the median, the 99th
//! percentile and the worst of wall time (on a shared machine it counts other
//! processes' turns too), then the same of this thread's CPU time.
//!
//! `cargo bench --bench rollback`. The goal: under 1 ms at 20 balls.

#[path = "common/cpu_clock.rs"]
mod cpu_clock;
use cpu_clock::thread_cpu_seconds;
use std::time::Instant;

use arkanong_core::app::online::{Rollback, MAX_PREDICTION};
use arkanong_core::app::play::Session;
use arkanong_core::game::{gather_inputs, Intent};
use arkanong_core::level::{shipped_levels, Level};

/// Rollbacks timed per ball count.
const SAMPLES: usize = 200;

/// Steps between the points a rollback starts from.
const SPACING: usize = 7;

fn main() {
    let level = Level::parse(shipped_levels()[0].text).expect("the shipped levels parse");
    println!(
        "{:>6} {:>14} {:>14} {:>14} {:>12} {:>14}",
        "balls", "median (us)", "p99 (us)", "worst (us)", "steps each", "balls (mean)"
    );
    for balls in [2, 20, 200] {
        let mut session = Session::attract(&level, 0, 7);
        session.top_up_balls(balls);
        let mut cpus = session.cpus.clone();
        let mut rollback = Rollback::new(session.game.clone());
        let mut costs = Vec::with_capacity(SAMPLES);
        let mut ball_counts = 0;
        let mut cpu_costs = Vec::with_capacity(SAMPLES);
        while costs.len() < SAMPLES {
            // Play on a little, keeping the ball count up as the stress mode does.
            for _ in 0..SPACING {
                let i = gather_inputs(rollback.game(), &mut cpus, |_| Intent::IDLE);
                rollback.advance(i.players.map(arkanong_core::app::online::pack_intent));
            }
            // A finished game steps for free: start a fresh one instead, so every
            // rollback timed is one of live play.
            let mut topped = Session::attract(&level, 0, 7 + costs.len() as u64);
            if rollback.game().outcome().is_none() {
                topped.game = rollback.game().clone();
            }
            topped.top_up_balls(balls);
            rollback = Rollback::new(topped.game);
            let saved = rollback.save();
            let live_balls = rollback.game().ball_count();
            // The inputs of the steps to re-simulate, decided beforehand.
            let mut probe = rollback.clone();
            let mut probe_cpus = cpus.clone();
            let inputs: Vec<_> = (0..MAX_PREDICTION)
                .map(|_| {
                    let i = gather_inputs(probe.game(), &mut probe_cpus, |_| Intent::IDLE);
                    let packed = i.players.map(arkanong_core::app::online::pack_intent);
                    probe.advance(packed);
                    packed
                })
                .collect();
            if probe.game().outcome().is_some() {
                // The game ended inside the window: not a rollback of live play.
                rollback = probe;
                continue;
            }
            rollback = probe;
            let (t0, c0) = (Instant::now(), thread_cpu_seconds());
            rollback.load(&saved);
            for packed in &inputs {
                std::hint::black_box(rollback.save());
                rollback.advance(*packed);
            }
            costs.push(t0.elapsed().as_secs_f64() * 1e6);
            if let (Some(c0), Some(c1)) = (c0, thread_cpu_seconds()) {
                cpu_costs.push((c1 - c0) * 1e6);
            }
            ball_counts += live_balls;
        }
        costs.sort_by(f64::total_cmp);
        cpu_costs.sort_by(f64::total_cmp);
        let cpu = |q: usize| cpu_costs.get(q * cpu_costs.len() / 100).copied();
        let worst_cpu = cpu_costs.last().copied();
        println!(
            "{balls:>6} {:>14.1} {:>14.1} {:>14.1} {:>12} {:>14.1}   thread CPU: median {:.1}, p99 {:.1}, worst {:.1}",
            costs[costs.len() / 2],
            costs[costs.len() * 99 / 100],
            costs[costs.len() - 1],
            MAX_PREDICTION,
            ball_counts as f64 / SAMPLES as f64,
            cpu(50).unwrap_or(f64::NAN),
            cpu(99).unwrap_or(f64::NAN),
            worst_cpu.unwrap_or(f64::NAN),
        );
    }
}
