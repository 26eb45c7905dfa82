//! The stress mode's scene headless (`--demo --balls N` without a window): the
//! attract game on the first shipped level, topped up to N small balls once per
//! step as the shell does once per frame. Prints the median cost of a step and
//! its parts at 1,000, 5,000 and 10,000 balls: the CPUs' intents, `Game::step`
//! (of which the physics `World::step`, timed on a copy), and the trails.
//!
//! `cargo bench --bench stress_arena` for the table; `-- --steps N` for longer
//! runs (a profiler's), `-- --balls N` for one count.
#[path = "common/cpu_clock.rs"]
mod cpu_clock;
use cpu_clock::thread_cpu_seconds;
use std::time::Instant;

use arkanong_core::app::play::Session;
use arkanong_core::game::{gather_inputs, Intent, DT};
use arkanong_core::level::{shipped_levels, Level};

/// Steps run before timing, so the spawned lattice has broken up into play.
const WARM_UP_STEPS: usize = 240;

/// The attract game on shipped level `index` (wrapping), as the shell starts it.
fn attract(index: usize, seed: u64) -> Session {
    let levels = shipped_levels();
    let index = index % levels.len();
    let level = Level::parse(levels[index].text).expect("the shipped levels parse");
    Session::attract(&level, index, seed)
}

/// The shell's attract loop in stress mode, without a window: a finished game
/// gives way to the next level's (seed + 1), and the balls are topped up.
struct Stress {
    session: Session,
    seed: u64,
    balls: usize,
}

impl Stress {
    fn new(balls: usize) -> Self {
        let mut s = Self {
            session: attract(0, 1),
            seed: 1,
            balls,
        };
        s.session.top_up_balls(balls);
        for _ in 0..WARM_UP_STEPS {
            s.session.step_cpus();
            s.next();
        }
        s
    }

    /// What the shell does after a step: the next game if this one is done, and
    /// the top-up.
    fn next(&mut self) {
        if self.session.is_finished() {
            self.seed += 1;
            self.session = attract(self.session.level_index + 1, self.seed);
        }
        self.session.top_up_balls(self.balls);
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// A point in time on the clock the bench reads: this thread's CPU time where
/// the system has it (on a shared machine, wall time also counts the turns of
/// other processes), else wall time.
#[derive(Clone, Copy)]
enum Clock {
    Cpu(f64),
    Wall(Instant),
}

impl Clock {
    fn now() -> Self {
        thread_cpu_seconds().map_or_else(|| Self::Wall(Instant::now()), Self::Cpu)
    }
}

/// Milliseconds since `t0`.
fn ms(t0: Clock) -> f64 {
    match t0 {
        Clock::Cpu(s) => (thread_cpu_seconds().unwrap_or(s) - s) * 1e3,
        Clock::Wall(t) => t.elapsed().as_secs_f64() * 1e3,
    }
}

/// Median ms per step of each part over `steps` steps: whole (and its mean: the
/// CPUs plan in bursts), CPUs, game step,
/// trails, physics alone (on a copy of the world, so it does not advance the game);
/// and the mean of the shell's work after the step (the top-up, and a new game
/// when one ends: rare and long, so the median would hide it).
fn measure(balls: usize, steps: usize) -> ([f64; 6], f64, usize, usize) {
    let mut stress = Stress::new(balls);
    let mut parts: [Vec<f64>; 6] = Default::default();
    let mut games = 1;
    for _ in 0..steps {
        let s = &mut stress.session;
        let mut world = s.game.world().clone();
        let t = Clock::now();
        std::hint::black_box(world.step(DT));
        parts[4].push(ms(t));

        let t0 = Clock::now();
        let inputs = gather_inputs(&s.game, &mut s.cpus, |_| Intent::IDLE);
        parts[1].push(ms(t0));
        let t = Clock::now();
        std::hint::black_box(s.game.step(&inputs));
        parts[2].push(ms(t));
        let t = Clock::now();
        s.update_trails();
        parts[3].push(ms(t));
        parts[0].push(ms(t0));
        games += usize::from(s.is_finished());
        let t = Clock::now();
        stress.next();
        parts[5].push(ms(t));
    }
    let in_play = stress.session.game.world().balls().len();
    let mean = |p: &[f64]| p.iter().sum::<f64>() / p.len().max(1) as f64;
    let (top_up, whole_mean) = (mean(&parts[5]), mean(&parts[0]));
    let mut medians = parts.map(|mut p| median(&mut p));
    medians[5] = top_up;
    (medians, whole_mean, in_play, games)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|k| args.get(k + 1)?.parse::<usize>().ok())
    };
    let steps = flag("--steps").unwrap_or(200);
    let counts = flag("--balls").map_or(vec![1_000, 5_000, 10_000], |n| vec![n]);
    println!("\nStress arena (first shipped level, radius-3 balls), median ms per step over {steps} steps");
    let clock = match Clock::now() {
        Clock::Cpu(_) => "the thread's CPU time",
        Clock::Wall(_) => "wall time",
    };
    println!("(timed by {clock})\n");
    println!(
        "{:>7} {:>8} {:>9} {:>9} {:>7} {:>10} {:>8} {:>10} {:>13} {:>14} {:>6}",
        "balls",
        "in play",
        "step ms",
        "mean ms",
        "CPUs",
        "Game::step",
        "trails",
        "physics",
        "real time %",
        "top-up (mean)",
        "games"
    );
    for balls in counts {
        let ([whole, cpus, game, trails, physics, top_up], whole_mean, in_play, games) =
            measure(balls, steps);
        // The share of real time the simulation takes at 120 steps a second.
        let share = whole * f64::from(arkanong_core::tuning::STEPS_PER_SECOND) / 10.0;
        println!(
            "{balls:>7} {in_play:>8} {whole:>9.3} {whole_mean:>9.3} {cpus:>7.3} {game:>10.3} {trails:>8.3} {physics:>10.3} {share:>12.0}% {top_up:>14.3} {games:>6}"
        );
    }
}
