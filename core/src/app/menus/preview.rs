//! A level's picture for the level select: its bricks and barriers in arena
//! units, read from a game set up on it (so the preview shows exactly what play
//! will), kept as plain shapes the shell scales down.

use glam::Vec2;

use crate::game::{Game, Mode, ShapeRole};
use crate::geom::Rect;
use crate::level::{BrickKind, Level};
use crate::physics::Collider;

/// The shapes to draw for one level.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LevelPreview {
    /// Each brick's rectangle and kind (new, so its hits are the kind's).
    pub bricks: Vec<(Rect, BrickKind)>,
    /// Each barrier's outline: a convex polygon's vertices, or a segment's two ends.
    pub barriers: Vec<Vec<Vec2>>,
}

impl LevelPreview {
    /// The preview of `level`, as a game of it starts.
    pub fn of(level: &Level) -> Self {
        let mode = if level.mode.allows_versus() {
            Mode::Versus
        } else {
            Mode::Solo
        };
        let game = Game::new(level, mode, 0);
        let bricks = game.bricks().map(|b| (b.rect, b.kind)).collect();
        let barriers = game
            .shapes()
            .filter(|(_, _, role)| matches!(role, ShapeRole::Barrier))
            .map(|(_, shape, _)| match &shape.collider {
                Collider::Polygon(p) => p.vertices().to_vec(),
                Collider::Segment(s) => vec![s.a, s.b],
            })
            .collect();
        Self { bricks, barriers }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preview_has_the_levels_bricks_and_barriers() {
        let level =
            Level::parse("[bricks]\n1=2\n[barriers]\nhexagon at 400,700 radius 40\n").unwrap();
        let p = LevelPreview::of(&level);
        assert_eq!(p.bricks.len(), 3);
        assert!(
            p.bricks.iter().any(|(_, k)| *k == BrickKind::Steel),
            "the steel brick"
        );
        assert_eq!(p.barriers.len(), 1);
        assert_eq!(p.barriers[0].len(), 6);
    }
}
