//! Physics step time on generated scenes: 100, 1,000 and 10,000 balls among 200
//! hexagons and 500 bricks, with the uniform grid and with the seed's brute force
//! (every ball against every shape and every other ball).
//!
//! Runs criterion's groups, then prints a table measured in this same run: the
//! median step time of each, the brute-force ratio, and the growth from 1,000 to
//! 10,000 balls.
#![expect(missing_docs, reason = "criterion_group! generates an undocumented fn")]

use std::time::Instant;

use arkanong::physics::{generate_scene, SceneSpec, World};
use criterion::{criterion_group, BatchSize, Criterion};

const DT: f32 = 1.0 / 120.0;

fn scene(balls: usize, use_grid: bool) -> World {
    let mut world = generate_scene(
        &SceneSpec {
            balls,
            ..SceneSpec::default()
        },
        use_grid,
    );
    // Let the first contacts happen, so the scene is in play.
    for _ in 0..10 {
        world.step(DT);
    }
    world
}

fn criterion_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("step");
    g.sample_size(20);
    for balls in [100, 1_000, 10_000] {
        let world = scene(balls, true);
        g.bench_function(format!("grid {balls} balls"), |b| {
            b.iter_batched_ref(|| world.clone(), |w| w.step(DT), BatchSize::LargeInput)
        });
    }
    for balls in [100, 1_000] {
        let world = scene(balls, false);
        g.bench_function(format!("brute force {balls} balls"), |b| {
            b.iter_batched_ref(|| world.clone(), |w| w.step(DT), BatchSize::LargeInput)
        });
    }
    g.finish();
}

criterion_group!(benches, criterion_benches);

/// Median milliseconds per step over `steps` consecutive steps.
fn median_step_ms(world: &mut World, steps: usize) -> f64 {
    let mut samples: Vec<f64> = (0..steps)
        .map(|_| {
            let t0 = Instant::now();
            std::hint::black_box(world.step(DT));
            t0.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn print_table() {
    println!("\nPhysics step, 200 hexagons + 500 bricks, median ms per step (this run)\n");
    println!(
        "{:>7} {:>8} {:>12} {:>14} {:>10}",
        "balls", "in play", "grid ms", "brute ms", "brute/grid"
    );
    let mut grid_ms = Vec::new();
    for (balls, brute_steps) in [(100, 60), (1_000, 20), (10_000, 5)] {
        let mut grid_world = scene(balls, true);
        let mut brute_world = scene(balls, false);
        let in_play = grid_world.balls().len();
        let g = median_step_ms(&mut grid_world, 200);
        let b = median_step_ms(&mut brute_world, brute_steps);
        grid_ms.push(g);
        println!(
            "{balls:>7} {in_play:>8} {g:>12.3} {b:>14.3} {:>9.1}x",
            b / g
        );
    }
    println!(
        "\ngrowth 1,000 -> 10,000 balls (the rows above): {:.1}x the time for 10x the balls",
        grid_ms[2] / grid_ms[1]
    );
    // The same ratio with both scenes stepped in alternation, so the machine's noise
    // falls on both alike: median of the per-round ratios over 300 rounds. Caveat:
    // each step then starts with the other scene's data in the caches, which costs
    // the small scene relatively more, so this figure leans low; the rows above,
    // stepped in runs, lean high on a noisy machine. Quote both.
    let (mut small, mut large) = (scene(1_000, true), scene(10_000, true));
    let mut ratios: Vec<f64> = (0..300)
        .map(|_| {
            let a = median_step_ms(&mut small, 1);
            let b = median_step_ms(&mut large, 1);
            b / a
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "growth 1,000 -> 10,000 balls, interleaved: {:.1}x (median of 300 alternating step pairs)",
        ratios[ratios.len() / 2]
    );
    println!("target: 10,000 balls under 4 ms; growth at most 12x; brute force at least 50x slower at 10,000");
}

fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
    print_table();
}
