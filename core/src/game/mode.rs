//! The rules a game is played by.

use crate::level::LevelMode;

/// The rules being played: what the game itself needs to know.
///
/// Not to be confused with [`LevelMode`], which says which of these a level
/// allows (and can be `Both`), nor with the menu's `app::PlayMode`, which also
/// says who plays each side (you, a second person, the CPU): the rules are the
/// same whoever holds the paddle, so a game only sees this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Bottom against top; each defends a goal line.
    Versus,
    /// Classic Arkanoid: one paddle at the bottom, a wall at the top, lives.
    Solo,
}

impl Mode {
    /// The word used on the command line and in replays.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::Versus => "versus",
            Self::Solo => "solo",
        }
    }

    /// Whether a level is meant for this mode.
    pub fn fits(self, level: LevelMode) -> bool {
        match self {
            Self::Versus => level.allows_versus(),
            Self::Solo => level.allows_solo(),
        }
    }
}
