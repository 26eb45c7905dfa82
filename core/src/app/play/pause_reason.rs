//! Why a game is paused, so the pause screen can say so (issue 32): a game that
//! paused by itself says why, and a player coming back is not left guessing
//! whether they pressed something. The game pauses itself when the window is
//! left (`auto_pause.rs`) or, with the new serve rules, after a quiet stretch
//! with no input at all (the idle pause, h-match's `IdleWatch`).

use super::WindowSignal;

/// Why the game is paused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PauseReason {
    /// The player paused it (P, Esc, Start, the pause button).
    #[default]
    Asked,
    /// The window lost the focus, or the page was hidden ([`WindowSignal::FocusLost`]).
    LookedAway,
    /// Nobody touched anything for a while (the idle pause).
    Idle,
}

impl PauseReason {
    /// Why a game paused by itself on a frame whose window signals were
    /// `signals`: the window left if it says so, else the only other reason the
    /// game pauses itself, the quiet (the idle pause answers its own signal,
    /// which need not be among the window's).
    pub fn by_itself(signals: &[WindowSignal]) -> Self {
        if signals.contains(&WindowSignal::FocusLost) {
            PauseReason::LookedAway
        } else {
            PauseReason::Idle
        }
    }

    /// The pause screen's line saying why, when the game paused by itself.
    pub fn says(self) -> Option<&'static str> {
        match self {
            PauseReason::Asked => None,
            PauseReason::LookedAway => {
                Some("Paused by itself: the window was left. Nothing was missed.")
            }
            PauseReason::Idle => {
                Some("Paused by itself: no input for a while. Nothing was missed.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pause_the_game_took_by_itself_says_why_and_the_players_own_does_not() {
        assert_eq!(PauseReason::default().says(), None);
        let left = [WindowSignal::Frame(0.02), WindowSignal::FocusLost];
        let away = PauseReason::by_itself(&left);
        assert_eq!(away, PauseReason::LookedAway);
        assert!(away.says().unwrap().contains("window was left"));
        let quiet = PauseReason::by_itself(&[WindowSignal::Frame(0.02)]);
        assert_eq!(quiet, PauseReason::Idle);
        assert!(quiet.says().unwrap().contains("no input"));
    }
}
