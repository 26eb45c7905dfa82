//! What an online match's frame spends handing the match's game to the session
//! that draws it. It used to copy the whole game every frame
//! (`session.game = live.game().clone()`); the online screen now lends it, two
//! swaps a frame (`OnlineMatch::swap_game`). Both are timed here from points of
//! an attract game topped up to 2, 20 and 200 balls, each followed by the
//! trails' and squashes' update that a frame does either way. Prints the medians
//! in microseconds.
//!
//! `cargo bench --bench online_frame`.

use std::hint::black_box;
use std::time::Instant;

use arkanong_core::app::online::{pack_intent, Rollback};
use arkanong_core::app::play::Session;
use arkanong_core::game::{gather_inputs, Intent};
use arkanong_core::level::{shipped_levels, Level};

/// Frames timed per way and ball count.
const SAMPLES: usize = 400;

/// Steps the match plays between two frames (120 steps a second at 60 frames).
const STEPS_PER_FRAME: usize = 2;

fn main() {
    let level = Level::parse(shipped_levels()[0].text).expect("the shipped levels parse");
    println!(
        "{:>6} {:>16} {:>16} {:>12}",
        "balls", "clone (us)", "lend (us)", "balls (mean)"
    );
    for balls in [2, 20, 200] {
        let fresh = |k: usize| {
            let mut s = Session::attract(&level, 0, 7 + k as u64);
            s.top_up_balls(balls);
            s
        };
        let (mut cloned, mut lent, mut ball_sum) = (Vec::new(), Vec::new(), 0);
        // Before: the match keeps its game, and each frame copies it out.
        let mut session = fresh(0);
        let mut cpus = session.cpus.clone();
        let mut rollback = Rollback::new(session.game.clone());
        for k in 0..SAMPLES {
            play(&mut rollback, &mut cpus);
            if rollback.game().outcome().is_some() {
                rollback = Rollback::new(fresh(k + 1).game);
            }
            ball_sum += rollback.game().ball_count();
            let t0 = Instant::now();
            session.game = rollback.game().clone();
            session.update_trails();
            session.update_squashes();
            cloned.push(t0.elapsed().as_secs_f64() * 1e6);
        }
        // Now: the session keeps the game between frames and lends it to the
        // match for its steps (the steps themselves are not timed).
        let mut session = fresh(0);
        let mut cpus = session.cpus.clone();
        let mut rollback = Rollback::new(fresh(0).game);
        for k in 0..SAMPLES {
            if session.game.outcome().is_some() {
                session.game = fresh(k + 1).game;
            }
            let t0 = Instant::now();
            rollback.swap_game(&mut session.game);
            let taken = t0.elapsed();
            play(&mut rollback, &mut cpus);
            let t1 = Instant::now();
            rollback.swap_game(&mut session.game);
            session.update_trails();
            session.update_squashes();
            lent.push((taken + t1.elapsed()).as_secs_f64() * 1e6);
            black_box(&session.game);
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        println!(
            "{balls:>6} {:>16.2} {:>16.2} {:>12.1}",
            median(&mut cloned),
            median(&mut lent),
            ball_sum as f64 / SAMPLES as f64,
        );
    }
}

/// A frame's steps of the match, with the CPUs' intents on both sides.
fn play(rollback: &mut Rollback, cpus: &mut [Option<arkanong_core::game::Cpu>; 2]) {
    for _ in 0..STEPS_PER_FRAME {
        let i = gather_inputs(rollback.game(), cpus, |_| Intent::IDLE);
        rollback.advance(i.players.map(pack_intent));
    }
}
