//! The fixed-step clock of the shell: frame times in, a whole number of physics
//! steps out, so play feels the same at 30, 60 or 144 Hz. The simulation itself
//! never sees the clock. A hit-stop ([`FixedStep::hold`]) spends frame time on
//! nothing: the steps come the same, only later.

/// Most steps run for one frame; after a long stall the game slows down rather
/// than freezing to catch up ("spiral of death").
pub const MAX_STEPS_PER_FRAME: u32 = 12;

/// Most steps run for one frame in the stress mode (`--balls N`): two keep real
/// time at 60 frames per second. Its steps are what makes its frames long, so
/// catching up would make the next frame longer still (the "spiral of death"):
/// below 60 frames per second its simulation runs slower than real time instead.
pub const STRESS_MAX_STEPS_PER_FRAME: u32 = 2;

/// The most seconds of play the attract game catches up on in one frame
/// ([`FixedStep::catch_up`]): long enough for a serve (about 3 s) and a rally
/// between two frames of a page drawn rarely, short enough that a frame after
/// a long absence costs a few milliseconds of steps (the speed probe measures
/// thousands of steps a second), not a stall.
pub const ATTRACT_CATCH_UP_SECONDS: f64 = 8.0;

/// Accumulates frame time and hands out fixed steps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FixedStep {
    step: f64,
    accumulator: f64,
    max_steps: u32,
    /// Seconds of frame time still to pass without steps (a hit-stop).
    held: f64,
}

impl FixedStep {
    /// A clock of `steps_per_second` steps, at most [`MAX_STEPS_PER_FRAME`] a frame.
    pub fn new(steps_per_second: u32) -> Self {
        Self::capped(steps_per_second, MAX_STEPS_PER_FRAME)
    }

    /// A clock of `steps_per_second` steps, at most `max_steps` a frame (at least
    /// one); time beyond that is dropped, so the game slows down.
    pub fn capped(steps_per_second: u32, max_steps: u32) -> Self {
        Self {
            step: 1.0 / f64::from(steps_per_second),
            accumulator: 0.0,
            max_steps: max_steps.max(1),
            held: 0.0,
        }
    }

    /// Holds the world still for the next `seconds` of frame time (a hit-stop;
    /// a longer hold already running is kept). No step is dropped: each comes
    /// that much later.
    pub fn hold(&mut self, seconds: f64) {
        self.held = self.held.max(seconds);
    }

    /// The most steps it runs for one frame.
    pub fn max_steps(&self) -> u32 {
        self.max_steps
    }

    /// Adds a frame's duration (seconds) and returns how many steps to run now.
    /// Time under a hold passes without counting toward steps.
    pub fn advance(&mut self, frame_seconds: f64) -> u32 {
        let mut t = frame_seconds.clamp(0.0, 0.25);
        let held = t.min(self.held);
        self.held -= held;
        t -= held;
        self.accumulator += t;
        let steps = (self.accumulator / self.step).floor() as u32;
        let run = steps.min(self.max_steps);
        self.accumulator -= f64::from(steps) * self.step;
        run
    }

    /// Adds a frame's duration (seconds) the way the attract game takes it, and
    /// returns how many steps to run now: all the time that passed, up to
    /// [`ATTRACT_CATCH_UP_SECONDS`], with no cap on steps. The attract game is
    /// a picture, not a player's game: when frames come seconds apart (a page
    /// opened without focus, a tab in the background: headless Chromium drew the
    /// title a few times in 12 s) it plays through the time rather than dropping
    /// it, so the title shows a game that moves. Holds (hit-stops) are a
    /// player's and do not apply.
    pub fn catch_up(&mut self, frame_seconds: f64) -> u32 {
        self.accumulator += frame_seconds.clamp(0.0, ATTRACT_CATCH_UP_SECONDS);
        let steps = (self.accumulator / self.step).floor() as u32;
        self.accumulator -= f64::from(steps) * self.step;
        steps
    }

    /// How far between the last step and the next the frame is drawn, 0 to 1, for
    /// interpolating positions.
    pub fn alpha(&self) -> f32 {
        (self.accumulator / self.step) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_step_gives_the_same_steps_per_second_at_any_frame_rate() {
        for hz in [30.0, 60.0, 144.0] {
            let mut clock = FixedStep::new(120);
            let steps: u32 = (0..(hz as usize * 10))
                .map(|_| clock.advance(1.0 / hz))
                .sum();
            assert!(
                (1199..=1201).contains(&steps),
                "{hz} Hz gave {steps} steps in 10 s"
            );
        }
    }

    #[test]
    fn fixed_step_capped_runs_slower_than_real_time_on_slow_frames() {
        // 20 frames per second with at most 2 steps each: 40 steps a second, and
        // the dropped time never comes back as a burst.
        let mut clock = FixedStep::capped(120, STRESS_MAX_STEPS_PER_FRAME);
        let steps: Vec<u32> = (0..200).map(|_| clock.advance(0.05)).collect();
        assert!(steps.iter().all(|&s| s == 2), "{steps:?}");
        // Back at 120 frames per second, one step a frame.
        let after: u32 = (0..120).map(|_| clock.advance(1.0 / 120.0)).sum();
        assert!((119..=121).contains(&after), "{after}");
    }

    #[test]
    fn fixed_step_hold_runs_no_steps_then_the_same_steps_later() {
        // Powers of two, so the sums are exact and the comparison can be too.
        let (mut plain, mut held) = (FixedStep::new(128), FixedStep::new(128));
        let frame = 1.0 / 64.0;
        let run = |c: &mut FixedStep, frames: usize| -> Vec<u32> {
            (0..frames).map(|_| c.advance(frame)).collect()
        };
        assert_eq!(run(&mut plain, 30), run(&mut held, 30));
        // Three frames held: three frames without a step.
        held.hold(3.0 * frame);
        let during = run(&mut held, 3);
        assert_eq!(during, vec![0, 0, 0]);
        let after = run(&mut held, 600);
        let plain_after = run(&mut plain, 603);
        // The held clock's steps are the plain clock's, three frames late.
        assert_eq!(after[..], plain_after[..600]);
        let lost: u32 = plain_after.iter().sum::<u32>() - after.iter().sum::<u32>();
        assert_eq!(lost, 6, "three frames' steps come later, none dropped");
        // A shorter hold inside a longer one does not cut it short.
        held.hold(6.0 * frame);
        held.hold(frame);
        assert_eq!(run(&mut held, 6), vec![0; 6]);
        assert!(run(&mut held, 1)[0] > 0);
    }

    #[test]
    fn fixed_step_caps_a_long_stall() {
        let mut clock = FixedStep::new(120);
        assert_eq!(clock.advance(5.0), MAX_STEPS_PER_FRAME);
        assert!(clock.alpha() < 1.0);
    }
}
