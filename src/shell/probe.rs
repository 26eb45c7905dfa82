//! The shell's measurements: a running steps-per-second figure for the debug
//! overlay, the time each frame takes, and the one-off speed probe that compares
//! the desktop and browser builds (a few seconds in, it times bursts of the attract
//! game's steps, one burst per frame so the window never freezes, then logs how
//! fast the game steps and how long frames take).

use arkanong_core::app::{
    play::fastest_and_median, play::probe_steps, play::speed_probe_burst, play::Session,
};
use arkanong_core::game::{Cpu, Game};
use arkanong_core::tuning::STEPS_PER_SECOND;
use macroquad::prelude::get_time;

/// The frame, or the time in seconds, after which the probe runs at the latest
/// (headless browsers draw few frames).
const REPORT_FRAME: u64 = 300;
const REPORT_SECONDS: f64 = 3.0;
/// How many bursts the probe times (one per frame).
const PROBE_BURSTS: usize = 7;
/// Frames left out of the frame-time average: start-up (sound generation, the
/// first uploads) is not representative.
const WARM_UP_FRAMES: u64 = 30;

/// Frames whose times the log averages (after the warm-up).
const MEASURED_FRAMES: u32 = 240;

/// Frame and step timing.
#[derive(Debug, Default)]
pub(crate) struct Probe {
    /// Frames drawn so far.
    pub(crate) frames: u64,
    /// Smoothed simulation speed, steps per second (debug overlay).
    pub(crate) steps_per_second: f64,
    /// When the last frame began.
    last_start: Option<f64>,
    /// Whole frames (start to next start: input, steps, drawing and the GPU's
    /// work, which macroquad submits in `next_frame`) measured so far: total and
    /// worst seconds, and how many.
    whole_seconds: f64,
    worst_seconds: f64,
    measured: u32,
    /// The part before `next_frame` (input, steps, building the draw calls).
    busy_seconds: f64,
    /// Game steps run in this frame and in the one before, and in the measured
    /// frames: the simulation's real speed beside the frame time.
    frame_steps: u32,
    last_frame_steps: u32,
    measured_steps: u64,
    frame_logged: bool,
    /// Whether a probe burst ran in this frame (such frames are not measured).
    burst_this_frame: bool,
    /// The state every burst starts from, taken when the probe begins, and the
    /// steps per burst for its ball count.
    start: Option<(Game, [Option<Cpu>; 2], u32)>,
    rates: Vec<f64>,
    reported: bool,
}

impl Probe {
    /// Notes that `steps` steps took from `started` until now.
    pub(crate) fn steps_done(&mut self, steps: u32, started: f64) {
        self.frame_steps += steps;
        if steps > 0 {
            let spent = (get_time() - started).max(1e-6);
            self.steps_per_second = 0.9 * self.steps_per_second + 0.1 * (f64::from(steps) / spent);
        }
    }

    /// Notes that a frame's work (input, steps, drawing) began at `started`; the
    /// frame before it ended then. Logs the frame time, and how fast the game
    /// really ran over the same frames, once enough frames are in. `max_steps` is
    /// the clock's cap on steps a frame, for the log.
    pub(crate) fn frame_done(&mut self, started: f64, balls: usize, max_steps: u32) {
        let measuring = self.frames >= WARM_UP_FRAMES && !self.frame_logged;
        if let (Some(last), true) = (self.last_start, measuring && !self.burst_this_frame) {
            // `whole` is the last frame's length (this one ends at the next start),
            // so it goes with the last frame's steps.
            let whole = started - last;
            self.whole_seconds += whole;
            self.worst_seconds = self.worst_seconds.max(whole);
            self.busy_seconds += get_time() - started;
            self.measured_steps += u64::from(self.last_frame_steps);
            self.measured += 1;
        }
        self.last_frame_steps = self.frame_steps;
        self.frame_steps = 0;
        self.burst_this_frame = false;
        self.last_start = Some(started);
        self.frames += 1;
        if self.measured >= MEASURED_FRAMES && !self.frame_logged {
            self.frame_logged = true;
            self.log_frame_time(balls, max_steps);
        }
    }

    /// The frame-time log line: measured frame times, and the steps the game ran
    /// per second of those frames against the real-time rate.
    fn log_frame_time(&self, balls: usize, max_steps: u32) {
        let n = f64::from(self.measured);
        let rate = self.measured_steps as f64 / self.whole_seconds.max(1e-9);
        let real_time = f64::from(STEPS_PER_SECOND);
        macroquad::miniquad::info!(
            "arkanong: frame time: {:.2} ms average, {:.2} ms worst over {} frames (whole frames, GPU included; {:.2} ms before the hand-off to the GPU), {} balls in play; simulation: {:.0} steps per second measured over the same frames, {:.0}% of real time ({} steps a second; at most {} steps a frame{})",
            self.whole_seconds * 1e3 / n,
            self.worst_seconds * 1e3,
            self.measured,
            self.busy_seconds * 1e3 / n,
            balls,
            rate,
            rate / real_time * 1e2,
            STEPS_PER_SECOND,
            max_steps,
            if rate < real_time * 0.98 {
                ", so slower frames slow the game down"
            } else {
                ""
            }
        );
    }

    /// Runs one burst of the speed probe per frame once its time has come (after
    /// the frame-time log, or a few seconds in for browsers that draw few frames),
    /// and logs the figures when the last burst is done.
    pub(crate) fn report_once(&mut self, attract: &Session) {
        let due =
            self.frame_logged || self.frames + 1 >= REPORT_FRAME || get_time() > REPORT_SECONDS;
        if self.reported || !due {
            return;
        }
        self.burst_this_frame = true;
        let (game, cpus, steps) = self.start.get_or_insert_with(|| {
            let steps = probe_steps(attract.game.world().balls().len());
            (attract.game.clone(), attract.cpus.clone(), steps)
        });
        self.rates
            .push(speed_probe_burst(game, cpus, *steps, get_time));
        if self.rates.len() < PROBE_BURSTS {
            return;
        }
        self.reported = true;
        let balls = game.world().balls().len();
        let steps = *steps;
        self.start = None;
        let (fastest, median) = fastest_and_median(&self.rates);
        macroquad::miniquad::info!(
            "arkanong: speed probe: {} bursts of {} attract steps ({} balls): fastest {:.0} steps per second, median {:.0}",
            PROBE_BURSTS,
            steps,
            balls,
            fastest,
            median
        );
    }
}
