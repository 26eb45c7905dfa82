//! Paddle recoil and light-up (issue 13): after a paddle strikes a ball it is
//! drawn pushed back along its facing, squashed a little and lit in the struck
//! ball's owner's colour (the other player's for a converted or enemy ball),
//! easing back.
//! Headless: the shell feeds it events and time and draws what [`Recoil::pose`] says.

use crate::game::GameEvent;
use crate::level::Side;

/// How long a paddle's recoil and light-up last, seconds.
pub const RECOIL_SECONDS: f32 = 0.15;
/// How far a struck paddle is pushed back at first, arena units.
pub const RECOIL_PUSH: f32 = 5.0;
/// How much thinner a struck paddle is at first (a share of its thickness).
pub const RECOIL_SQUASH: f32 = 0.3;

/// How to draw one paddle this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaddlePose {
    /// Push back against its facing, arena units.
    pub push: f32,
    /// Its thickness's scale (1 at rest, less when squashed) and its length's
    /// (1 at rest, more: it spreads as it squashes).
    pub thickness: f32,
    /// Its length's scale.
    pub length: f32,
    /// How strongly it is lit, 0 to 1.
    pub glow: f32,
    /// Whose colour it is lit in: the owner of the ball it last struck.
    pub light: Side,
}

/// Seconds since each side's paddle last struck a ball, and that ball's owner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recoil {
    age: [f32; 2],
    light: [Side; 2],
}

impl Default for Recoil {
    fn default() -> Self {
        Self {
            age: [RECOIL_SECONDS; 2],
            light: [Side::Bottom, Side::Top],
        }
    }
}

impl Recoil {
    /// Starts a recoil for each paddle hit in `events`.
    pub fn react(&mut self, events: &[GameEvent]) {
        for e in events {
            if let GameEvent::PaddleHit { side, owner, .. } = *e {
                self.age[side.index() as usize] = 0.0;
                self.light[side.index() as usize] = owner;
            }
        }
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        for a in &mut self.age {
            *a = (*a + dt).min(RECOIL_SECONDS);
        }
    }

    /// How to draw `side`'s paddle: eased back to rest over [`RECOIL_SECONDS`];
    /// with `reduced_motion` it does not move or change shape, it only lights up.
    pub fn pose(&self, side: Side, reduced_motion: bool) -> PaddlePose {
        let i = side.index() as usize;
        let left = 1.0 - self.age[i] / RECOIL_SECONDS;
        // Ease out: most of the way back early on.
        let k = left * left;
        let m = if reduced_motion { 0.0 } else { k };
        PaddlePose {
            push: RECOIL_PUSH * m,
            thickness: 1.0 - RECOIL_SQUASH * m,
            length: 1.0 + 0.5 * RECOIL_SQUASH * m,
            glow: k,
            // At rest it is its own colour (the glow is 0 then anyway).
            light: if k > 0.0 { self.light[i] } else { side },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::BallId;
    use glam::Vec2;

    fn rest(side: Side) -> PaddlePose {
        PaddlePose {
            push: 0.0,
            thickness: 1.0,
            length: 1.0,
            glow: 0.0,
            light: side,
        }
    }

    fn hit(side: Side, owner: Side) -> GameEvent {
        GameEvent::PaddleHit {
            side,
            point: Vec2::ZERO,
            ball: BallId(7),
            owner,
        }
    }

    #[test]
    fn a_hit_pushes_squashes_and_lights_only_that_paddle_then_eases_back() {
        let mut r = Recoil::default();
        assert_eq!(r.pose(Side::Bottom, false), rest(Side::Bottom));
        r.react(&[hit(Side::Bottom, Side::Bottom)]);
        let hit = r.pose(Side::Bottom, false);
        assert_eq!(hit.push, RECOIL_PUSH);
        assert!(hit.thickness < 1.0 && hit.length > 1.0 && hit.glow == 1.0);
        assert_eq!(hit.light, Side::Bottom);
        assert_eq!(r.pose(Side::Top, false), rest(Side::Top));
        r.update(RECOIL_SECONDS * 0.5);
        let mid = r.pose(Side::Bottom, false);
        assert!(mid.push > 0.0 && mid.push < hit.push && mid.glow < 1.0);
        r.update(RECOIL_SECONDS);
        assert_eq!(r.pose(Side::Bottom, false), rest(Side::Bottom));
    }

    #[test]
    fn a_paddle_lights_in_the_struck_balls_owners_colour() {
        let mut r = Recoil::default();
        // The top player's ball (say, converted) strikes the bottom paddle.
        r.react(&[hit(Side::Bottom, Side::Top)]);
        assert_eq!(r.pose(Side::Bottom, false).light, Side::Top);
        // Its own ball next: its own colour again.
        r.update(RECOIL_SECONDS * 0.5);
        r.react(&[hit(Side::Bottom, Side::Bottom)]);
        assert_eq!(r.pose(Side::Bottom, false).light, Side::Bottom);
        r.react(&[hit(Side::Top, Side::Bottom)]);
        assert_eq!(r.pose(Side::Top, false).light, Side::Bottom);
        // Once the light has faded the paddle is back to its own colour.
        r.update(RECOIL_SECONDS);
        assert_eq!(r.pose(Side::Top, false), rest(Side::Top));
    }

    #[test]
    fn reduced_motion_keeps_the_light_but_not_the_motion() {
        let mut r = Recoil::default();
        r.react(&[hit(Side::Top, Side::Bottom)]);
        let p = r.pose(Side::Top, true);
        assert_eq!(
            (p.push, p.thickness, p.length, p.glow, p.light),
            (0.0, 1.0, 1.0, 1.0, Side::Bottom)
        );
    }
}
