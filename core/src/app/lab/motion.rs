//! Play, pause, single step and slow motion for the scenes that move, driven by a
//! step counter (the shell calls [`Motion::tick`] once per fixed game step; there
//! is no clock here, so a test can play a scene step by step).

/// Steps one pass of a scene's motion takes at full speed (two seconds at 60 Hz).
pub const MOTION_STEPS: u32 = 120;
/// Slow motion advances one step every this many ticks.
pub const SLOW_FACTOR: u32 = 4;

/// Where a scene's motion is, and how it advances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Motion {
    /// Whether ticks advance the motion.
    pub playing: bool,
    /// Whether it advances at a quarter of the speed.
    pub slow: bool,
    /// Steps taken since the scene or preset was opened.
    pub step: u32,
    /// Ticks seen while playing slowly, to take every [`SLOW_FACTOR`]th.
    ticks: u32,
}

impl Default for Motion {
    fn default() -> Self {
        Self {
            playing: true,
            slow: false,
            step: 0,
            ticks: 0,
        }
    }
}

impl Motion {
    /// One fixed game step of the shell: advances the motion when playing (every
    /// [`SLOW_FACTOR`]th tick in slow motion).
    pub fn tick(&mut self) {
        if !self.playing {
            return;
        }
        self.ticks = self.ticks.wrapping_add(1);
        if !self.slow || self.ticks % SLOW_FACTOR == 0 {
            self.step = self.step.wrapping_add(1);
        }
    }

    /// Pauses and advances exactly one step (the "step" button).
    pub fn single_step(&mut self) {
        self.playing = false;
        self.step = self.step.wrapping_add(1);
    }

    /// Play or pause.
    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
    }

    /// Slow motion on or off.
    pub fn toggle_slow(&mut self) {
        self.slow = !self.slow;
        self.ticks = 0;
    }

    /// How far along one pass of the motion the scene is, from 0 to 1; the pass
    /// repeats (it holds at 1 for one step so the end is seen).
    pub fn progress(&self) -> f32 {
        (self.step % (MOTION_STEPS + 1)) as f32 / MOTION_STEPS as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motion_slow_takes_one_step_in_four_ticks() {
        let mut m = Motion {
            slow: true,
            ..Motion::default()
        };
        for _ in 0..8 {
            m.tick();
        }
        assert_eq!(m.step, 2);
    }

    #[test]
    fn motion_paused_ignores_ticks_and_single_step_advances_one() {
        let mut m = Motion::default();
        m.toggle_play();
        m.tick();
        assert_eq!(m.step, 0);
        m.single_step();
        assert_eq!((m.step, m.playing), (1, false));
    }

    #[test]
    fn motion_progress_runs_from_zero_to_one_and_repeats() {
        let mut m = Motion::default();
        assert_eq!(m.progress(), 0.0);
        for _ in 0..MOTION_STEPS {
            m.tick();
        }
        assert_eq!(m.progress(), 1.0);
        m.tick();
        assert_eq!(m.progress(), 0.0);
    }
}
