//! When a game pauses by itself: on the real signals that the player looked away
//! (the window lost focus, the page was hidden or blurred), never on a long
//! frame. A long frame has many causes (a busy machine, software rendering at a
//! high pixel ratio, a garbage collection) and none of them means the player
//! left; the fixed-step clock clamps it like any other frame
//! ([`super::MAX_STEPS_PER_FRAME`]) and the game goes on.

/// Something the shell noticed this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowSignal {
    /// A frame of this many seconds was drawn.
    Frame(f64),
    /// The window lost the focus, or the page was hidden or blurred (the browser
    /// reports all three as one focus change).
    FocusLost,
}

/// Whether `signal` pauses a game that is being played.
pub fn pauses_game(signal: WindowSignal) -> bool {
    match signal {
        WindowSignal::FocusLost => true,
        // However long: see the module comment.
        WindowSignal::Frame(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::{FixedStep, MAX_STEPS_PER_FRAME};
    use crate::tuning::STEPS_PER_SECOND;

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
