//! Mirroring, left-right or top-bottom about the arena's middle (versus levels
//! are often symmetric), and copy and paste.

use glam::Vec2;

use super::{Clip, Editor, Selection};
use crate::level::{strip_comment, BarrierShape, LevelBall};
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// Offset of a pasted item from the one copied, world units.
const PASTE_OFFSET: Vec2 = Vec2::new(20.0, 20.0);

/// Which way to mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// Left and right swap (x becomes 800 - x).
    LeftRight,
    /// Top and bottom swap (y becomes 1000 - y); balls change owner.
    TopBottom,
}

impl Axis {
    fn point(self, p: Vec2) -> Vec2 {
        match self {
            Self::LeftRight => Vec2::new(ARENA_WIDTH - p.x, p.y),
            Self::TopBottom => Vec2::new(p.x, ARENA_HEIGHT - p.y),
        }
    }

    fn vector(self, v: Vec2) -> Vec2 {
        match self {
            Self::LeftRight => Vec2::new(-v.x, v.y),
            Self::TopBottom => Vec2::new(v.x, -v.y),
        }
    }

    /// A shape's mirror image. A reflection turns a rotation around, so rotations
    /// change sign.
    pub fn shape(self, s: &BarrierShape) -> BarrierShape {
        match s {
            BarrierShape::Hexagon {
                center,
                radius,
                rotation,
            } => BarrierShape::Hexagon {
                center: self.point(*center),
                radius: *radius,
                rotation: -rotation,
            },
            BarrierShape::Rect {
                center,
                size,
                rotation,
            } => BarrierShape::Rect {
                center: self.point(*center),
                size: *size,
                rotation: -rotation,
            },
            BarrierShape::Polygon(points) => {
                BarrierShape::Polygon(points.iter().map(|&p| self.point(p)).collect())
            }
            BarrierShape::Segment { from, to } => BarrierShape::Segment {
                from: self.point(*from),
                to: self.point(*to),
            },
        }
    }

    /// A staged ball's mirror image; top-bottom also hands it to the other side.
    pub fn ball(self, b: &LevelBall) -> LevelBall {
        LevelBall {
            position: self.point(b.position),
            velocity: self.vector(b.velocity),
            owner: match self {
                Self::LeftRight => b.owner,
                Self::TopBottom => b.owner.other(),
            },
        }
    }
}

/// A shape moved by `by`.
pub fn moved(s: &BarrierShape, by: Vec2) -> BarrierShape {
    match s {
        BarrierShape::Hexagon {
            center,
            radius,
            rotation,
        } => BarrierShape::Hexagon {
            center: *center + by,
            radius: *radius,
            rotation: *rotation,
        },
        BarrierShape::Rect {
            center,
            size,
            rotation,
        } => BarrierShape::Rect {
            center: *center + by,
            size: *size,
            rotation: *rotation,
        },
        BarrierShape::Polygon(points) => {
            BarrierShape::Polygon(points.iter().map(|&p| p + by).collect())
        }
        BarrierShape::Segment { from, to } => BarrierShape::Segment {
            from: *from + by,
            to: *to + by,
        },
    }
}

impl Editor {
    /// Adds a mirrored copy of the selected barrier or ball: the quick way to a
    /// symmetric level. With nothing selected, mirrors the whole level in place.
    pub fn mirror(&mut self, axis: Axis) -> bool {
        let level = &self.doc.level;
        match self.selection {
            Some(Selection::Barrier(i)) => match level.barriers.get(i) {
                Some(s) => self.add_barrier(&axis.shape(s)),
                None => false,
            },
            Some(Selection::Ball(i)) => match level.balls.get(i) {
                Some(b) => self.add_ball(&axis.ball(b)),
                None => false,
            },
            None => self.mirror_level(axis),
        }
    }

    /// Mirrors every barrier, ball and brick row; one undo step.
    fn mirror_level(&mut self, axis: Axis) -> bool {
        let level = self.doc.level.clone();
        let mut d = self.draft();
        for (i, s) in level.barriers.iter().enumerate() {
            if let Some(line) = self.doc.barrier_line(i) {
                // A mirrored motion: its glide flips with the axis, its spin turns
                // the other way.
                let mut m = level.barrier_motion(i);
                match axis {
                    Axis::LeftRight => m.travel.x = -m.travel.x,
                    Axis::TopBottom => m.travel.y = -m.travel.y,
                }
                m.spin = -m.spin;
                let text = super::format::barrier_line(&axis.shape(s)) + &m.clauses();
                d.rewrite_item(line, &text);
            }
        }
        for (i, b) in level.balls.iter().enumerate() {
            if let Some(line) = self.doc.ball_line(i) {
                d.rewrite_item(line, &super::format::ball_line(&axis.ball(b)));
            }
        }
        let bricks: Vec<usize> = (0..level.bricks.rows)
            .filter_map(|r| self.doc.brick_row_line(r))
            .collect();
        let power = self.doc.outline.rows(super::outline::Part::PowerUps);
        for rows in [bricks, power] {
            let cells: Vec<String> = rows
                .iter()
                .map(|&l| strip_comment(d.lines.content(l)).trim().to_owned())
                .collect();
            for (k, &line) in rows.iter().enumerate() {
                let new: String = match axis {
                    Axis::LeftRight => cells[k].chars().rev().collect(),
                    Axis::TopBottom => cells[rows.len() - 1 - k].clone(),
                };
                d.rewrite_item(line, &new);
            }
        }
        let center = axis.point(level.bricks_center);
        let before = self.undo_len();
        let mut changed = self.commit(d);
        if center != level.bricks_center {
            changed |= self.set_setting("bricks_center", &super::format::point(center));
        }
        self.merge_since(before);
        changed
    }

    /// Copies the selected barrier or ball.
    pub fn copy(&mut self) -> bool {
        let level = &self.doc.level;
        self.clip = match self.selection {
            Some(Selection::Barrier(i)) => level.barriers.get(i).cloned().map(Clip::Barrier),
            Some(Selection::Ball(i)) => level.balls.get(i).copied().map(Clip::Ball),
            None => return false,
        };
        self.clip.is_some()
    }

    /// Pastes what was copied, a little down and right of the original, and
    /// selects the copy.
    pub fn paste(&mut self) -> bool {
        match self.clip.clone() {
            Some(Clip::Barrier(s)) => self.add_barrier(&moved(&s, PASTE_OFFSET)),
            Some(Clip::Ball(b)) => self.add_ball(&LevelBall {
                position: b.position + PASTE_OFFSET,
                ..b
            }),
            None => false,
        }
    }
}
