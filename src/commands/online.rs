//! `arkanong online ... --headless` on the desktop: the [`CpuRun`] in a loop that
//! sleeps between steps, and the one line it prints.

use std::io::Write;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::{CpuRun, OnlineArgs};

/// Seconds since the first call: the headless run's clock (never the simulation's).
pub fn seconds_since_start() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// `arkanong online`: plays the match headless and prints the contract line on
/// `out` (and the timings on stderr). Exit code 0, 1 when the match failed (the
/// reason on stderr), 2 for bad options.
pub fn online(args: &OnlineArgs, out: &mut impl Write) -> i32 {
    let options = match args.options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("online: {e}");
            return 2;
        }
    };
    if !options.headless {
        eprintln!("online: the windowed online game is in the menus; pass --headless here");
        return 2;
    }
    let mut run = match CpuRun::new(&options, seconds_since_start) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("online: {e}");
            return 1;
        }
    };
    let mut stage = "";
    loop {
        let result = run.update();
        if run.stage() != stage {
            stage = run.stage();
            eprintln!("online: {stage}");
        }
        if let Some(result) = result {
            // Give the message loop a moment to send our goodbye.
            std::thread::sleep(Duration::from_millis(200));
            return match result {
                Ok(report) => {
                    eprintln!("{}", report.timing_line());
                    eprintln!("{}", report.hold_line());
                    let _ = writeln!(out, "{}", report.line());
                    0
                }
                Err(why) => {
                    eprintln!("online: {why}");
                    1
                }
            };
        }
        let wait = run.until_next().clamp(0.0005, 0.004);
        std::thread::sleep(Duration::from_secs_f64(wait));
    }
}
