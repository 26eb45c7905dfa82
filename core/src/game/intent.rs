//! What a player wants this step: intents, not keys. The shell maps keys, mouse and
//! touch to intents; the CPU produces them directly; replays store them.

/// One player's intent for one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Intent {
    /// Horizontal direction: -1 left, 0 still, 1 right.
    pub dx: i8,
    /// Vertical direction: -1 up (toward y = 0), 0 still, 1 down.
    pub dy: i8,
    /// Fire: lasers, or release a caught ball.
    pub fire: bool,
    /// Serve a waiting ball.
    pub serve: bool,
}

impl Intent {
    /// Standing still, doing nothing.
    pub const IDLE: Intent = Intent {
        dx: 0,
        dy: 0,
        fire: false,
        serve: false,
    };

    /// The same intent with directions clamped to -1..=1.
    pub fn clamped(self) -> Self {
        Self {
            dx: self.dx.clamp(-1, 1),
            dy: self.dy.clamp(-1, 1),
            ..self
        }
    }
}

/// Both players' intents for one step: index 0 is the bottom player, 1 the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Inputs {
    /// Per player, by side index.
    pub players: [Intent; 2],
}
