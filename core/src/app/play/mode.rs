//! Who plays: solo, versus the CPU, or two players. The menus choose it; the
//! session, the campaign and the sound cues read it.

/// Who plays: the menu's choice. Unlike the rules' `game::Mode` (versus or solo),
/// it also says who holds each paddle; unlike `level::LevelMode`, it is a choice
/// for one game, not what a level allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayMode {
    /// One player against the bricks.
    Solo,
    /// You at the bottom, the CPU at the top.
    VersusCpu,
    /// Two people on one keyboard.
    TwoPlayers,
}
