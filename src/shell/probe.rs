//! The shell's measurements: a running steps-per-second figure for the debug
//! overlay, the time each frame takes, and the one-off speed probe that compares
//! the desktop and browser builds (a few seconds in, it times bursts of the attract
//! game's steps, one burst per frame so the window never freezes, then logs how
//! fast the game steps and how long frames take).

use arkanong::app::{fastest_and_median, probe_steps, speed_probe_burst, Session};
use arkanong::game::{Cpu, Game};
use macroquad::prelude::get_time;

/// The frame, or the time in seconds, after which the probe runs (whichever comes
/// first: headless browsers draw few frames).
const REPORT_FRAME: u64 = 300;
const REPORT_SECONDS: f64 = 3.0;
/// How many bursts the probe times (one per frame).
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
    /// The state every burst starts from, taken when the probe begins, and the
    /// steps per burst for its ball count.
    start: Option<(Game, [Option<Cpu>; 2], u32)>,
    rates: Vec<f64>,
    reported: bool,
    /// The frame of the last burst, if any.
    last_burst_frame: Option<u64>,
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

    /// Whether a burst ran in the last couple of frames: a long frame then is the
    /// probe's doing, not a hidden tab.
    pub(crate) fn recently_busy(&self) -> bool {
        self.last_burst_frame.is_some_and(|f| self.frames <= f + 2)
    }

    /// Runs one burst of the speed probe per frame once its time has come, and logs
    /// both figures when the last burst is done.
    pub(crate) fn report_once(&mut self, attract: &Session) {
        if self.reported || (self.frames + 1 < REPORT_FRAME && get_time() <= REPORT_SECONDS) {
            return;
        }
        let (game, cpus, steps) = self.start.get_or_insert_with(|| {
            let steps = probe_steps(attract.game.world().balls().len());
            (attract.game.clone(), attract.cpus.clone(), steps)
        });
        self.rates
            .push(speed_probe_burst(game, cpus, *steps, get_time));
        self.last_burst_frame = Some(self.frames);
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
        macroquad::miniquad::info!(
            "arkanong: frame time (input, steps, drawing; not the wait for the display): {:.2} ms average over {} frames, {} balls in play",
            self.busy_seconds * 1e3 / f64::from(self.busy_frames.max(1)),
            self.busy_frames,
            attract.game.world().balls().len()
        );
    }
}
