//! `arkanong online ... --headless` on the desktop: the [`CpuRun`] in a loop that
//! sleeps between steps, and the one line it prints.

use std::io::Write;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::{CpuRun, OnlineArgs, OnlineOptions, RunReport, WatchRun};

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
    // Before the first request: the room request and the signaling both trust it.
    if let Err(e) = crate::app::net::trust_ca_file(args.ca_file.as_deref()) {
        eprintln!("online: {e}");
        return 1;
    }
    if options.watch {
        return watch(&options, out);
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
        for report in run.take_finished() {
            if let Err(why) = print_report(&report, &options, out) {
                eprintln!("online: {why}");
                return 1;
            }
        }
        if let Some(result) = result {
            // Give the message loop a moment to send our goodbye.
            std::thread::sleep(Duration::from_millis(200));
            let printed = result.and_then(|report| print_report(&report, &options, out));
            return match printed {
                Ok(()) => 0,
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

/// `arkanong online --watch CODE --headless`: watches the match and prints
/// the watcher's line for each match (see [`WatchRun`]). Exit code 0, 1 when
/// watching failed (the reason on stderr).
fn watch(options: &OnlineOptions, out: &mut impl Write) -> i32 {
    let mut run = WatchRun::new(options, seconds_since_start);
    let mut stage = "";
    loop {
        let result = run.update();
        if run.stage() != stage {
            stage = run.stage();
            eprintln!("online: {stage}");
        }
        for line in run.take_lines() {
            if line.starts_with("online: ") {
                let _ = writeln!(out, "{line}");
            } else {
                eprintln!("{line}");
            }
        }
        match result {
            Some(Ok(())) => return 0,
            Some(Err(why)) => {
                eprintln!("online: {why}");
                return 1;
            }
            None => {}
        }
        let wait = run.until_next().clamp(0.0005, 0.004);
        std::thread::sleep(Duration::from_secs_f64(wait));
    }
}

/// A finished match's lines (the contract line on `out`, the timings on
/// stderr) and its replay written where `--save-replay` says.
fn print_report(
    report: &RunReport,
    options: &OnlineOptions,
    out: &mut impl Write,
) -> Result<(), String> {
    eprintln!("{}", report.timing_line());
    eprintln!("{}", report.hold_line());
    let _ = writeln!(out, "{}", report.line());
    let Some(base) = &options.save_replay else {
        return Ok(());
    };
    let path = report.replay_place(base);
    let replay = (report.replay.as_ref()).ok_or("the match's last step has no replay")?;
    crate::app::records::save_atomic(std::path::Path::new(&path), &replay.to_text())
        .map_err(|e| format!("{path}: {e}"))?;
    eprintln!("{}", report.replay_line(&path).unwrap_or_default());
    Ok(())
}
