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

/// Where a moving barrier goes, for drawing its path in a still frame (read
/// only: nothing here steers it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BarrierPath {
    /// Its shape in the world.
    pub shape: ShapeId,
    /// Where its pivot is written (one end of its glide).
    pub start: Vec2,
    /// The other end of its glide (`start` when it does not glide).
    pub end: Vec2,
    /// Where its pivot is now.
    pub now: Vec2,
    /// Whether it turns.
    pub spins: bool,
}

impl Game {
    /// Every moving barrier's path, as of this step.
    pub fn barrier_paths(&self) -> impl Iterator<Item = BarrierPath> + '_ {
        self.moving.iter().map(|m| BarrierPath {
            shape: m.shape,
            start: m.pivot,
            end: m.pivot
                + if m.motion.glides() {
                    m.motion.travel
                } else {
                    Vec2::ZERO
                },
            now: m.pivot + m.motion.offset_at(self.steps),
            spins: m.motion.spins(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Inputs, Mode};
    use crate::level::Level;
    use glam::Vec2;

    #[test]
    fn a_gliding_barriers_path_runs_from_where_it_is_written_by_its_travel() {
        let text = "[bricks]\n111\n[barriers]\nhexagon at 400,400 radius 40 move by 200,0 period 6\nhexagon at 200,600 radius 30\n";
        let mut game = Game::new(&Level::parse(text).unwrap(), Mode::Versus, 1);
        let paths: Vec<_> = game.barrier_paths().collect();
        assert_eq!(paths.len(), 1, "only the moving barrier has a path");
        let p = paths[0];
        assert_eq!(
            (p.start, p.end),
            (Vec2::new(400.0, 400.0), Vec2::new(600.0, 400.0))
        );
        assert!(!p.spins);
        let quarter = u64::from(crate::tuning::STEPS_PER_SECOND) * 6 / 4;
        for _ in 0..quarter {
            game.step(&Inputs::default());
        }
        // A quarter of the way through its period: halfway along, moving right.
        let now = game.barrier_paths().next().unwrap().now;
        assert!((now.x - 500.0).abs() < 1.0 && now.y == 400.0, "{now}");
    }
}
