//! A level's moving barriers in the game: each one's pose is a function of the
//! game's step count (`BarrierMotion::offset_at`, `angle_at`), handed to the
//! physics before every step, which sweeps it against the balls
//! (`physics/movers.rs`).

use glam::Vec2;

use super::{Game, ShapeRole};
use crate::level::{BarrierMotion, BarrierOutline};
use crate::physics::{Collider, ShapeId};

/// A barrier that moves, as the game steers it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct MovingBarrier {
    /// Its shape in the world.
    shape: ShapeId,
    /// Where its pivot is written in the level.
    pivot: Vec2,
    /// How it moves.
    motion: BarrierMotion,
}

impl Game {
    /// Adds a moving barrier: its outline about `pivot`, as a mover of the world
    /// with the role of a barrier.
    pub(super) fn add_moving_barrier(
        &mut self,
        outline: BarrierOutline,
        pivot: Vec2,
        motion: BarrierMotion,
    ) {
        let local = match outline {
            BarrierOutline::Polygon(p) => Collider::Polygon(p.translated(-pivot)),
            BarrierOutline::Segment(s) => {
                Collider::Segment(crate::geom::Segment::new(s.a - pivot, s.b - pivot))
            }
        };
        let at = pivot + motion.offset_at(self.steps);
        let shape = self
            .world
            .add_mover(local, at, motion.angle_at(self.steps), false);
        self.set_role(shape, ShapeRole::Barrier);
        self.moving.push(MovingBarrier {
            shape,
            pivot,
            motion,
        });
    }

    /// Asks the physics for each moving barrier's pose at the end of the coming
    /// step.
    pub(super) fn steer_barriers(&mut self) {
        let next = self.steps + 1;
        for m in &self.moving {
            let at = m.pivot + m.motion.offset_at(next);
            self.world.move_mover(m.shape, at, m.motion.angle_at(next));
        }
    }
}
