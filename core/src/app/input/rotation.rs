//! A phone turned between portrait and landscape: the window's long side
//! changes. In a game that pauses it (the layout moves everything, and a life
//! lost while the player turns the phone is not their fault).

use glam::Vec2;

/// Remembers which way the window was last seen.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RotationWatch {
    tall: Option<bool>,
}

impl RotationWatch {
    /// Whether the window of size `window` is turned since the last call (the
    /// first call only notes it; a square window keeps the last way).
    pub fn turned(&mut self, window: Vec2) -> bool {
        if window.x == window.y {
            return false;
        }
        let tall = window.y > window.x;
        let turned = self.tall.is_some_and(|was| was != tall);
        self.tall = Some(tall);
        turned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_watch_sees_a_phone_turned_either_way_once() {
        let mut w = RotationWatch::default();
        assert!(
            !w.turned(Vec2::new(390.0, 844.0)),
            "the first look only notes"
        );
        assert!(
            !w.turned(Vec2::new(390.0, 700.0)),
            "a taller or shorter window is no turn"
        );
        assert!(w.turned(Vec2::new(844.0, 390.0)));
        assert!(!w.turned(Vec2::new(844.0, 390.0)), "once per turn");
        assert!(!w.turned(Vec2::new(500.0, 500.0)));
        assert!(w.turned(Vec2::new(390.0, 844.0)));
    }
}
