//! Barrier edges that light when struck (issue 41, item 4): each ball's bounce
//! off a barrier (a hexagon, a rectangle, a segment wall) is kept for a moment,
//! and the shell lights the edges of the barrier it touched, fading out. Under
//! the Juice switch for flashes (`juice.flash`, so reduced motion turns it off
//! too).

use glam::Vec2;

use crate::game::{GameEvent, Surface};
use crate::tuning::BALL_RADIUS;

/// How long a struck edge stays lit, seconds.
pub const STRUCK_SECONDS: f32 = 0.45;
/// How near a barrier's outline a bounce's point must be to light it, arena
/// units: the point is where the ball met it, so a ball's radius is room enough
/// for the rounding of segment ends.
pub const STRUCK_REACH: f32 = BALL_RADIUS * 1.5;
/// The most strikes kept: a crowd's bounces would otherwise grow the list.
pub const STRUCK_MAX: usize = 48;

/// Recent bounces off barriers: where, and how long ago.
#[derive(Debug, Clone, Default)]
pub struct StruckEdges {
    strikes: Vec<(Vec2, f32)>,
}

impl StruckEdges {
    /// Keeps each bounce off a barrier among `events` (the oldest dropped past
    /// [`STRUCK_MAX`]).
    pub fn react(&mut self, events: &[GameEvent]) {
        for e in events {
            if let GameEvent::Bounce {
                point,
                surface: Surface::Barrier,
            } = *e
            {
                self.strikes.push((point, 0.0));
            }
        }
        if self.strikes.len() > STRUCK_MAX {
            let extra = self.strikes.len() - STRUCK_MAX;
            self.strikes.drain(..extra);
        }
    }

    /// Ages every strike by `dt` seconds and forgets those gone dark.
    pub fn update(&mut self, dt: f32) {
        for s in &mut self.strikes {
            s.1 += dt;
        }
        self.strikes.retain(|s| s.1 < STRUCK_SECONDS);
    }

    /// How lit a barrier is, 0 to 1: the freshest strike within
    /// [`STRUCK_REACH`] of it, by `distance` (from a point to the barrier's
    /// outline, arena units), fading linearly over [`STRUCK_SECONDS`].
    pub fn light(&self, distance: impl Fn(Vec2) -> f32) -> f32 {
        self.strikes
            .iter()
            .filter(|(p, _)| distance(*p) <= STRUCK_REACH)
            .map(|(_, age)| 1.0 - age / STRUCK_SECONDS)
            .fold(0.0, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounce(x: f32, surface: Surface) -> GameEvent {
        GameEvent::Bounce {
            point: Vec2::new(x, 0.0),
            surface,
        }
    }

    #[test]
    fn a_barrier_struck_lights_near_the_point_and_fades() {
        let mut s = StruckEdges::default();
        s.react(&[bounce(100.0, Surface::Wall), bounce(100.0, Surface::Steel)]);
        let near = |p: Vec2| (p.x - 100.0).abs();
        assert_eq!(s.light(near), 0.0, "walls and steel do not light barriers");
        s.react(&[bounce(100.0, Surface::Barrier)]);
        assert_eq!(s.light(near), 1.0);
        // Another barrier, far from the point, stays dark.
        assert_eq!(s.light(|p: Vec2| (p.x - 400.0).abs()), 0.0);
        s.update(STRUCK_SECONDS * 0.5);
        assert!((s.light(near) - 0.5).abs() < 1e-4);
        s.update(STRUCK_SECONDS * 0.6);
        assert_eq!(s.light(near), 0.0);
    }

    #[test]
    fn a_crowd_of_bounces_keeps_the_newest_only() {
        let mut s = StruckEdges::default();
        let many: Vec<_> = (0..200)
            .map(|i| bounce(i as f32 * 100.0, Surface::Barrier))
            .collect();
        s.react(&many);
        assert_eq!(s.strikes.len(), STRUCK_MAX);
        assert_eq!(s.light(|p: Vec2| (p.x - 199.0 * 100.0).abs()), 1.0);
        assert_eq!(s.light(|p: Vec2| p.x.abs()), 0.0, "the oldest was dropped");
    }
}
