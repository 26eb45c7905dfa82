//! Numbers from a pointer, made fit for a text file: positions on the snap grid
//! (or whole units), rotations in whole degrees (or snap steps). Also grouping
//! several edits (a brush stroke) into one undo step.

use super::Editor;
use crate::level::{BarrierShape, LevelBall};

impl Editor {
    /// A barrier with its numbers snapped or rounded.
    pub fn tidy(&self, shape: &BarrierShape) -> BarrierShape {
        match shape {
            BarrierShape::Hexagon {
                center,
                radius,
                rotation,
            } => BarrierShape::Hexagon {
                center: self.place(*center),
                radius: self.length(*radius),
                rotation: self.angle(*rotation),
            },
            BarrierShape::Rect {
                center,
                size,
                rotation,
            } => BarrierShape::Rect {
                center: self.place(*center),
                size: glam::Vec2::new(self.length(size.x), self.length(size.y)),
                rotation: self.angle(*rotation),
            },
            BarrierShape::Polygon(points) => {
                BarrierShape::Polygon(points.iter().map(|&p| self.place(p)).collect())
            }
            BarrierShape::Segment { from, to } => BarrierShape::Segment {
                from: self.place(*from),
                to: self.place(*to),
            },
        }
    }

    /// A ball with its position snapped and its velocity in whole units.
    pub fn tidy_ball(&self, ball: &LevelBall) -> LevelBall {
        LevelBall {
            position: self.place(ball.position),
            velocity: ball.velocity.round(),
            ..*ball
        }
    }

    /// Starts a group of edits that undo as one (a brush stroke); pass the
    /// result to [`Editor::end_group`].
    pub fn begin_group(&self) -> usize {
        self.undo_len()
    }

    /// Ends a group begun with [`Editor::begin_group`].
    pub fn end_group(&mut self, started: usize) {
        self.merge_since(started);
    }
}
