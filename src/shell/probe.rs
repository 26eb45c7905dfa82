//! The shell's measurements: a running steps-per-second figure for the debug
//! overlay, the time each frame takes, and the one-off speed probe that compares
//! the desktop and browser builds (it logs, a few seconds in, how fast the attract
//! game steps and how long frames take).

use arkanong::app::{speed_probe, Session};
use macroquad::prelude::get_time;

/// The frame, or the time in seconds, after which the probe runs (whichever comes
/// first: headless browsers draw few frames).
const REPORT_FRAME: u64 = 300;
const REPORT_SECONDS: f64 = 3.0;
/// Steps in each burst of the probe, and how many bursts.
const PROBE_STEPS: u32 = 2000;
const PROBE_BURSTS: usize = 7;
/// Frames left out of the frame-time average: start-up (sound generation, the
/// first uploads) is not representative.
const WARM_UP_FRAMES: u64 = 30;

/// Frame and step timing.
#[derive(Debug, Default)]
pub(crate) struct Probe {
    /// Frames drawn so far.
    pub(crate) frames: u64,
    /// Smoothed simulation speed, steps per second (debug overlay).
    pub(crate) steps_per_second: f64,
    busy_seconds: f64,
    busy_frames: u32,
    reported: bool,
}

impl Probe {
    /// Notes that `steps` steps took from `started` until now.
    pub(crate) fn steps_done(&mut self, steps: u32, started: f64) {
        if steps > 0 {
            let spent = (get_time() - started).max(1e-6);
            self.steps_per_second = 0.9 * self.steps_per_second + 0.1 * (f64::from(steps) / spent);
        }
    }

    /// Notes that a frame's work (input, steps, drawing) began at `started`.
    pub(crate) fn frame_done(&mut self, started: f64) {
        if self.frames >= WARM_UP_FRAMES {
            self.busy_seconds += get_time() - started;
            self.busy_frames += 1;
        }
        self.frames += 1;
    }

    /// Runs the speed probe once, when its time has come, and logs both figures.
    pub(crate) fn report_once(&mut self, attract: &Session) {
        if self.reported || (self.frames + 1 < REPORT_FRAME && get_time() <= REPORT_SECONDS) {
            return;
        }
        self.reported = true;
        let (fastest, median) = speed_probe(
            &attract.game,
            &attract.cpus,
            PROBE_STEPS,
            PROBE_BURSTS,
            get_time,
        );
        macroquad::miniquad::info!(
            "arkanong: speed probe: {} bursts of {} attract steps: fastest {:.0} steps per second, median {:.0}",
            PROBE_BURSTS,
            PROBE_STEPS,
            fastest,
            median
        );
        macroquad::miniquad::info!(
            "arkanong: frame time (input, steps, drawing; not the wait for the display): {:.2} ms average over {} frames, {} balls in play",
            self.busy_seconds * 1e3 / f64::from(self.busy_frames.max(1)),
            self.busy_frames,
            attract.game.world().balls().len()
        );
    }
}
