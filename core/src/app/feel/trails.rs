//! The balls' trails for drawing: the last few positions of each ball, kept in
//! the world's ball order so drawing pairs each ball with its trail by index.
//! An update is one merge pass over the balls and the old trails, both in id
//! order (the old search per ball per step was quadratic: 16 s of freeze at 5,000
//! balls).
use glam::Vec2;

use crate::physics::Ball;

/// Positions kept for each ball's trail.
pub const TRAIL_LEN: usize = 8;

/// One ball's recent positions, in a ring.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trail {
    /// The ball's id.
    pub id: u32,
    ring: [Vec2; TRAIL_LEN],
    len: u8,
    /// Where the next position goes.
    next: u8,
}

impl Trail {
    fn new(id: u32, at: Vec2) -> Self {
        let mut t = Self {
            id,
            ring: [Vec2::ZERO; TRAIL_LEN],
            len: 0,
            next: 0,
        };
        t.push(at);
        t
    }

    fn push(&mut self, p: Vec2) {
        self.ring[self.next as usize] = p;
        self.next = ((self.next as usize + 1) % TRAIL_LEN) as u8;
        self.len = (self.len + 1).min(TRAIL_LEN as u8);
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it holds none (never, once made).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The positions, oldest first.
    pub fn points(&self) -> impl Iterator<Item = Vec2> + '_ {
        let start = (self.next as usize + TRAIL_LEN - self.len as usize) % TRAIL_LEN;
        (0..self.len as usize).map(move |k| self.ring[(start + k) % TRAIL_LEN])
    }
}

/// Every ball's trail, in the order of the balls at the last update.
#[derive(Debug, Clone, Default)]
pub struct Trails {
    trails: Vec<Trail>,
    spare: Vec<Trail>,
}

impl Trails {
    /// Records each ball's position; forgets balls that left. `balls` come in id
    /// order (as `World::balls` gives them), and the trails are kept in the same
    /// order, so one merge pass pairs each ball with its trail: no lookup per ball
    /// (a hash map here took a quarter of a 5,000-ball stress step).
    pub fn update(&mut self, balls: &[Ball]) {
        std::mem::swap(&mut self.trails, &mut self.spare);
        self.trails.clear();
        let mut old = self.spare.iter().peekable();
        for b in balls {
            // Trails of balls that left come before the next ball's id: skip them.
            while old.next_if(|t| t.id < b.id.0).is_some() {}
            let trail = match old.next_if(|t| t.id == b.id.0) {
                Some(t) => {
                    let mut t = *t;
                    t.push(b.position);
                    t
                }
                None => Trail::new(b.id.0, b.position),
            };
            self.trails.push(trail);
        }
    }

    /// The trails, in the balls' order at the last update.
    pub fn as_slice(&self) -> &[Trail] {
        &self.trails
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.trails.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{PhysicsConfig, World};

    #[test]
    fn trails_follow_their_balls_when_balls_leave_and_arrive() {
        let mut world = World::new(crate::level::arena(), PhysicsConfig::default(), 1);
        let ids: Vec<_> = (0..4)
            .map(|k| world.add_ball(Vec2::new(20.0 + 40.0 * k as f32, 10.0), 8.0, Vec2::ZERO, 0))
            .collect();
        let mut trails = Trails::default();
        trails.update(world.balls());
        trails.update(world.balls());
        world.remove_ball(ids[1]);
        world.remove_ball(ids[2]);
        let late = world.add_ball(Vec2::new(300.0, 10.0), 8.0, Vec2::ZERO, 1);
        trails.update(world.balls());
        let kept: Vec<(u32, usize)> = trails
            .as_slice()
            .iter()
            .map(|t| (t.id, t.points().count()))
            .collect();
        assert_eq!(kept, vec![(ids[0].0, 3), (ids[3].0, 3), (late.0, 1)]);
    }

    #[test]
    fn trails_keep_the_last_positions_oldest_first_in_ball_order() {
        let mut world = World::new(crate::level::arena(), PhysicsConfig::default(), 1);
        let a = world.add_ball(Vec2::new(10.0, 10.0), 8.0, Vec2::ZERO, 0);
        world.add_ball(Vec2::new(50.0, 10.0), 8.0, Vec2::ZERO, 1);
        let mut trails = Trails::default();
        for k in 0..12 {
            let moved: Vec<Ball> = world
                .balls()
                .iter()
                .map(|b| Ball {
                    position: b.position + Vec2::new(k as f32, 0.0),
                    ..*b
                })
                .collect();
            trails.update(&moved);
        }
        let t = trails.as_slice();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].len(), TRAIL_LEN);
        let xs: Vec<f32> = t[0].points().map(|p| p.x).collect();
        assert_eq!(xs, (4..12).map(|k| 10.0 + k as f32).collect::<Vec<_>>());
        world.remove_ball(a);
        trails.update(world.balls());
        assert_eq!(trails.as_slice().len(), 1);
        assert_eq!(trails.as_slice()[0].points().count(), TRAIL_LEN);
    }
}
