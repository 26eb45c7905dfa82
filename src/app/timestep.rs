//! The fixed-step clock of the shell: frame times in, a whole number of physics
//! steps out, so play feels the same at 30, 60 or 144 Hz. The simulation itself
//! never sees the clock.

/// Most steps run for one frame; after a long stall the game slows down rather
/// than freezing to catch up ("spiral of death").
pub const MAX_STEPS_PER_FRAME: u32 = 12;

/// Accumulates frame time and hands out fixed steps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FixedStep {
    step: f64,
    accumulator: f64,
}

impl FixedStep {
    /// A clock of `steps_per_second` steps.
    pub fn new(steps_per_second: u32) -> Self {
        Self {
            step: 1.0 / f64::from(steps_per_second),
            accumulator: 0.0,
        }
    }

    /// Adds a frame's duration (seconds) and returns how many steps to run now.
    pub fn advance(&mut self, frame_seconds: f64) -> u32 {
        self.accumulator += frame_seconds.clamp(0.0, 0.25);
        let steps = (self.accumulator / self.step).floor() as u32;
        let run = steps.min(MAX_STEPS_PER_FRAME);
        self.accumulator -= f64::from(steps) * self.step;
        run
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
    fn fixed_step_caps_a_long_stall() {
        let mut clock = FixedStep::new(120);
        assert_eq!(clock.advance(5.0), MAX_STEPS_PER_FRAME);
        assert!(clock.alpha() < 1.0);
    }
}
