//! The static query: the first static shape a moving circle touches. The step, the
//! paddles, ball separation, the CPU's prediction and laser shots all ask this one
//! function, so they all see the same shapes with the same tie-break.

use glam::Vec2;

use super::{ShapeId, World};
use crate::geom::{CastHit, Circle, Rect};
use crate::tolerance::BROADPHASE_FAR_MARGIN;

/// The box a circle covers moving in a straight line from its centre to `end`: what
/// a sweep looks up in a broadphase.
pub(super) fn swept_box(circle: Circle, end: Vec2) -> Rect {
    Rect::from_points([circle.center, end]).expanded(circle.radius)
}

impl World {
    /// The first static shape a circle moving by `motion` touches, and where. Ties
    /// go to the lower id.
    ///
    /// The candidates are the grid's shapes around the swept box, or every shape
    /// when `config.use_grid` is off. Both give the same answer: a shape the circle
    /// touches has a bounding box that meets the swept box. Allocates nothing.
    pub fn cast_static(&self, circle: Circle, motion: Vec2) -> Option<(CastHit, ShapeId)> {
        self.cast_shapes(circle, motion, None)
    }

    /// [`World::cast_static`], and during a step's sweep (`during`: the share of
    /// the step already gone and the share `motion` covers) the moving shapes
    /// cast with the relative motion, where they are at that moment
    /// (`movers.rs`). Without `during` a moving shape is cast where it stands.
    pub(super) fn cast_shapes(
        &self,
        circle: Circle,
        motion: Vec2,
        during: Option<(f32, f32)>,
    ) -> Option<(CastHit, ShapeId)> {
        let mut best: Option<(CastHit, u32)> = None;
        let mut consider = |id: u32| {
            let Some(shape) = &self.shapes[id as usize] else {
                return;
            };
            let moving = during.zip(self.mover_index(id));
            let hit = match moving {
                Some((timing, k)) => self.cast_mover(k, circle, motion, timing),
                None => shape.collider.cast(circle, motion),
            };
            let Some(hit) = hit else {
                return;
            };
            // The grid hands out ids cell by cell, not in id order, so the tie-break
            // compares ids. A toi is never NaN (it lies in [0, 1]), so this is the
            // total order (toi, id) and the answer does not depend on the visiting order.
            let earlier =
                |(b, b_id): (CastHit, u32)| hit.toi < b.toi || (hit.toi == b.toi && id < b_id);
            if best.is_none_or(earlier) {
                best = Some((hit, id));
            }
        };
        if self.config.use_grid {
            let swept = swept_box(circle, circle.center + motion);
            // Shapes whose box is clearly apart from the swept box cannot be touched;
            // skipping them spares most casts (a grid cell is three times a ball's
            // swept box). See `BROADPHASE_FAR_MARGIN` for why the margin is safe.
            let margin =
                BROADPHASE_FAR_MARGIN * swept.min.abs().max(swept.max.abs()).max_element().max(1.0);
            self.shape_grid.query_near(&swept, margin, &mut consider);
        } else {
            (0..self.shapes.len() as u32).for_each(&mut consider);
        }
        best.map(|(hit, id)| (hit, ShapeId(id)))
    }

    /// Where a circle ends up moved by `motion`, stopped by the first static shape.
    pub(super) fn move_clipped(&self, circle: Circle, motion: Vec2) -> Vec2 {
        let toi = self
            .cast_static(circle, motion)
            .map_or(1.0, |(hit, _)| hit.toi);
        circle.center + motion * toi
    }

    /// [`World::move_clipped`] during the part of a step's glide that `during`
    /// gives (the share gone, the share `motion` covers; see `cast_shapes`):
    /// stopped by the first shape it meets, a moving one where it is at that
    /// moment, which then carries the circle on (`carry_on_mover`) so that it
    /// ends touching the shape, never inside. Without moving shapes this is
    /// `move_clipped`, bit for bit.
    pub(super) fn move_clipped_during(
        &self,
        circle: Circle,
        motion: Vec2,
        (elapsed, remaining): (f32, f32),
    ) -> Vec2 {
        let Some((hit, id)) = self.cast_shapes(circle, motion, Some((elapsed, remaining))) else {
            return circle.center + motion;
        };
        let touch = Circle::new(circle.center + motion * hit.toi, circle.radius);
        match self.mover_index(id.0) {
            Some(k) => self.carry_on_mover(
                k,
                touch,
                (elapsed + remaining * hit.toi, remaining * (1.0 - hit.toi)),
            ),
            None => touch.center,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{generate_scene, SceneSpec};

    #[test]
    fn cast_static_grid_matches_every_shape_on_long_sweeps() {
        let spec = SceneSpec::default();
        let (grid, brute) = (generate_scene(&spec, true), generate_scene(&spec, false));
        let mut hits = 0;
        for ball in grid.balls() {
            // Sweeps of up to 80 steps' motion, so most of them reach a shape, some
            // only graze one at the end.
            for steps in [1.0, 7.0, 80.0] {
                let motion = ball.velocity * (steps / 120.0);
                let from_grid = grid.cast_static(ball.circle(), motion);
                assert_eq!(from_grid, brute.cast_static(ball.circle(), motion));
                hits += usize::from(from_grid.is_some());
            }
        }
        assert!(hits > 500, "the sweeps meet shapes ({hits})");
    }
}
