//! Laser muzzle flashes (issue 13): when a paddle fires, a short bright flash at
//! each of its guns, where the shots leave (`game::laser_muzzles`). Headless: the
//! shell feeds it events and time, and draws each flash at the paddle's muzzles
//! as they are this frame, so the flash moves with the paddle.

use crate::game::GameEvent;
use crate::level::Side;

/// How long a muzzle flash lasts, seconds.
pub const MUZZLE_SECONDS: f32 = 0.08;

/// Seconds since each side's paddle last fired.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Muzzle {
    age: [f32; 2],
}

impl Default for Muzzle {
    fn default() -> Self {
        Self {
            age: [MUZZLE_SECONDS; 2],
        }
    }
}

impl Muzzle {
    /// Starts a flash for each laser shot in `events`.
    pub fn react(&mut self, events: &[GameEvent]) {
        for e in events {
            if let GameEvent::LaserFired { side } = *e {
                self.age[side.index() as usize] = 0.0;
            }
        }
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        for a in &mut self.age {
            *a = (*a + dt).min(MUZZLE_SECONDS);
        }
    }

    /// How bright `side`'s flash is: 1 as it fires, falling evenly to 0 over
    /// [`MUZZLE_SECONDS`] (a flash is only four or five frames long: a steeper
    /// fall would leave one bright frame), 0 at rest.
    pub fn strength(&self, side: Side) -> f32 {
        1.0 - self.age[side.index() as usize] / MUZZLE_SECONDS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_laser_shot_flashes_only_its_sides_muzzle_for_a_moment() {
        let mut m = Muzzle::default();
        assert_eq!(
            (m.strength(Side::Bottom), m.strength(Side::Top)),
            (0.0, 0.0)
        );
        m.react(&[GameEvent::LaserFired { side: Side::Top }]);
        assert_eq!(
            (m.strength(Side::Bottom), m.strength(Side::Top)),
            (0.0, 1.0)
        );
        m.update(MUZZLE_SECONDS * 0.5);
        let mid = m.strength(Side::Top);
        assert!(mid > 0.0 && mid < 1.0, "{mid}");
        m.update(MUZZLE_SECONDS * 0.25);
        assert!(m.strength(Side::Top) < mid);
        m.update(MUZZLE_SECONDS * 0.25);
        assert_eq!(m.strength(Side::Top), 0.0);
        // Firing again restarts it.
        m.react(&[GameEvent::LaserFired { side: Side::Top }]);
        assert_eq!(m.strength(Side::Top), 1.0);
    }
}
