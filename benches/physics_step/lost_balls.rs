//! Balls lost by an engine, judged with our own geometry: a ball is lost when it
//! overlaps a static shape by more than `MAX_OVERLAP`, or its centre has left the
//! arena rectangle.

use arkanong_core::physics::World;
use arkanong_core::tolerance::MAX_OVERLAP;
use glam::Vec2;

/// How many balls are where no ball should be.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Lost {
    /// Overlapping a shape by more than the tolerance (signed distance below
    /// `radius - MAX_OVERLAP`), centre still in the arena.
    pub(crate) overlapping: usize,
    /// Of those, the ones whose centre is inside the shape (tunnelled, not grazing).
    pub(crate) centre_inside: usize,
    /// Centre outside the arena rectangle.
    pub(crate) outside: usize,
    /// The deepest overlap of a ball in the arena with a shape, world units (0 if none).
    pub(crate) deepest: f32,
}

impl Lost {
    /// Overlapping or outside: every lost ball once.
    pub(crate) fn total(&self) -> usize {
        self.overlapping + self.outside
    }
}

/// Counts the lost balls among `balls` (centre, radius) against `world`'s shapes
/// and arena. Every shape is tested (no broadphase), so the count trusts nothing
/// of the engine under test.
pub(crate) fn count_lost(world: &World, balls: impl Iterator<Item = (Vec2, f32)>) -> Lost {
    let shapes: Vec<_> = world.shapes().map(|(_, s)| &s.collider).collect();
    let bounds = world.bounds();
    let mut lost = Lost::default();
    for (centre, radius) in balls {
        if !bounds.contains(centre) {
            lost.outside += 1;
            continue;
        }
        let nearest = shapes
            .iter()
            .map(|c| c.signed_distance(centre))
            .fold(f32::INFINITY, f32::min);
        lost.deepest = lost.deepest.max(radius - nearest);
        if nearest < radius - MAX_OVERLAP {
            lost.overlapping += 1;
            if nearest < 0.0 {
                lost.centre_inside += 1;
            }
        }
    }
    lost
}
