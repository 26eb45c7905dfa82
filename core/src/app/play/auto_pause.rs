//! When a game pauses by itself: on the real signals that the player looked away
//! (the window lost focus, the page was hidden or blurred, or nobody touched
//! anything for [`IDLE_PAUSE_SECONDS`]: [`IdleWatch`]), never on a long
//! frame. A long frame has many causes (a busy machine, software rendering at a
//! high pixel ratio, a garbage collection) and none of them means the player
//! left; the fixed-step clock clamps it like any other frame
//! ([`super::MAX_STEPS_PER_FRAME`]) and the game goes on.

use crate::app::input::Hands;
use crate::game::Intent;

/// Something the shell noticed this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowSignal {
    /// A frame of this many seconds was drawn.
    Frame(f64),
    /// The window lost the focus, or the page was hidden or blurred (the browser
    /// reports all three as one focus change).
    FocusLost,
    /// The window got the focus back, or the page was shown again: what a
    /// screen shows from a server may have moved meanwhile (a community
    /// level's open page asks again, `community/screen/recheck.rs`).
    Shown,
    /// Nobody touched a key, the mouse, the screen or a pad for
    /// [`IDLE_PAUSE_SECONDS`] ([`IdleWatch`]).
    Idle,
}

/// Seconds without any input before a game pauses itself, in every mode: long
/// enough for a rally the player watches, short enough that a player who looked
/// away comes back to the game where they left it (the serve waits for them too).
pub const IDLE_PAUSE_SECONDS: f64 = 20.0;

/// What the game says when it paused itself for want of input.
pub const IDLE_PAUSE_NOTICE: &str = "Paused: no input for 20 seconds";

/// Watches a game for input: [`IdleWatch::frame`] answers
/// [`WindowSignal::Idle`] once nobody has touched anything for
/// [`IDLE_PAUSE_SECONDS`] (once per quiet stretch).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct IdleWatch {
    /// When the quiet began (the last input), on the frame clock.
    quiet_since: Option<f64>,
    /// The quiet stretch has paused the game already.
    fired: bool,
    /// Where the pointer was last frame: a pointer that moved is input.
    pointer: Option<glam::Vec2>,
}

impl IdleWatch {
    /// Notes a frame at `now` (seconds); `touched`: any key held or pressed, a
    /// click, a tap, a pointer that moved or a pad off its rest this frame.
    pub fn frame(&mut self, now: f64, touched: bool) -> Option<WindowSignal> {
        let since = *self.quiet_since.get_or_insert(now);
        if touched {
            self.quiet_since = Some(now);
            self.fired = false;
            return None;
        }
        if self.fired || now - since < IDLE_PAUSE_SECONDS {
            return None;
        }
        self.fired = true;
        Some(WindowSignal::Idle)
    }

    /// Seconds before the game pauses itself at `now` (for a countdown the shell
    /// may show: at zero the game pauses and says [`IDLE_PAUSE_NOTICE`]).
    pub fn seconds_left(&self, now: f64) -> f64 {
        let since = self.quiet_since.unwrap_or(now);
        (IDLE_PAUSE_SECONDS - (now - since)).max(0.0)
    }

    /// Starts the quiet over (a game starts or resumes).
    pub fn restart(&mut self, now: f64) {
        self.quiet_since = Some(now);
        self.fired = false;
    }

    /// Whether a frame's `hands` (and `gesture`: any key, click, tap or pad
    /// press) show a player: a key held, a pad off its rest, a pointer that
    /// moved or pressed.
    pub fn touched(&mut self, hands: &Hands, gesture: bool) -> bool {
        let at = hands.pointer.map(|p| p.position);
        let moved = at.is_some() && at != self.pointer;
        self.pointer = at;
        gesture
            || moved
            || !hands.keys_down.is_empty()
            || hands.pointer.is_some_and(|p| p.pressed)
            || hands.pads.iter().any(|&i| i != Intent::IDLE)
    }
}

/// Whether `signal` pauses a game that is being played.
pub fn pauses_game(signal: WindowSignal) -> bool {
    match signal {
        WindowSignal::FocusLost | WindowSignal::Idle => true,
        // However long: see the module comment.
        WindowSignal::Frame(_) => false,
        // Coming back resumes nothing by itself: the player presses Resume.
        WindowSignal::Shown => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::{FixedStep, MAX_STEPS_PER_FRAME};
    use crate::tuning::STEPS_PER_SECOND;

    #[test]
    fn idle_watch_pauses_once_after_the_quiet_and_any_input_starts_it_over() {
        let mut w = IdleWatch::default();
        let frame = 1.0 / 60.0;
        let mut fired = Vec::new();
        for k in 0..(60.0 * 50.0) as u32 {
            let now = f64::from(k) * frame;
            // One touch at 10 s; then nothing.
            let touched = k == 600;
            if let Some(signal) = w.frame(now, touched) {
                fired.push((now, signal));
            }
        }
        assert_eq!(fired.len(), 1, "once per quiet stretch: {fired:?}");
        let (at, signal) = fired[0];
        assert_eq!(signal, WindowSignal::Idle);
        assert!((at - (10.0 + IDLE_PAUSE_SECONDS)).abs() < 0.05, "{at}");
        assert!(pauses_game(signal));
        w.restart(100.0);
        assert_eq!(w.seconds_left(105.0), IDLE_PAUSE_SECONDS - 5.0);
        assert_eq!(w.frame(105.0, false), None);
    }

    #[test]
    fn a_700_ms_stall_does_not_pause_but_a_hidden_page_does() {
        let mut clock = FixedStep::new(STEPS_PER_SECOND);
        let mut frames = vec![1.0 / 60.0; 30];
        frames.push(0.7);
        frames.extend([1.0 / 60.0; 30]);
        for dt in frames {
            let steps = clock.advance(dt);
            assert!(
                steps <= MAX_STEPS_PER_FRAME,
                "a {dt} s frame ran {steps} steps"
            );
            assert!(
                !pauses_game(WindowSignal::Frame(dt)),
                "a {dt} s frame paused the game"
            );
        }
        assert!(pauses_game(WindowSignal::FocusLost));
    }
}
