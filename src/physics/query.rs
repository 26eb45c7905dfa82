//! The static query: the first static shape a moving circle touches. The step, the
//! paddles, ball separation, the CPU's prediction and laser shots all ask this one
//! function, so they all see the same shapes with the same tie-break.

use glam::Vec2;

use super::{ShapeId, World};
use crate::geom::{CastHit, Circle, Rect};

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
        let mut best: Option<(CastHit, u32)> = None;
        let mut consider = |id: u32| {
            let Some(shape) = &self.shapes[id as usize] else {
                return;
            };
            let Some(hit) = shape.collider.cast(circle, motion) else {
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
            self.shape_grid.query(&swept, &mut consider);
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
}
