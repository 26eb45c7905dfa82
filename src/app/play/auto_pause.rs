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

/// Why a game is paused, so the pause screen can say so (issue 32: a game that
/// paused by itself says why, and a player coming back is not left guessing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PauseReason {
    /// The player paused it (P, Esc, Start, the pause button).
    #[default]
    Asked,
    /// The window lost the focus, or the page was hidden ([`WindowSignal::FocusLost`]).
    LookedAway,
    /// No input at all for `seconds` seconds while a serve waited: the idle pause
    /// of the new serve rules (h-match's), which sets this when it pauses.
    Idle {
        /// How long the game waited, whole seconds.
        seconds: u32,
    },
}

impl PauseReason {
    /// The pause screen's line saying why, when the game paused by itself.
    pub fn says(self) -> Option<String> {
        match self {
            PauseReason::Asked => None,
            PauseReason::LookedAway => {
                Some("Paused by itself: the window was left. Nothing was missed.".to_owned())
            }
            PauseReason::Idle { seconds } => Some(format!(
                "Paused by itself: no input for {seconds} s. Nothing was missed."
            )),
        }
    }
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

    #[test]
    fn a_pause_the_game_took_by_itself_says_why_and_the_players_own_does_not() {
        assert_eq!(PauseReason::default().says(), None);
        let away = PauseReason::LookedAway.says().unwrap();
        assert!(away.contains("window was left"), "{away}");
        let idle = PauseReason::Idle { seconds: 20 }.says().unwrap();
        assert!(idle.contains("no input for 20 s"), "{idle}");
    }
}
