//! Hit-stop (issue 13, `juice.hitstop`): on a big event the world holds still
//! for a few milliseconds, so the moment lands. Big events only: a goal (or a
//! solo life lost), a ball changing owner, the level's last breakable brick.
//! Headless: the shell asks [`HitStop::react`] after each frame's steps and
//! hands the pause to its fixed-step clock ([`super::FixedStep::hold`]), which
//! then runs the very same steps with the same inputs, only that much later: the
//! game stays bit for bit what it would have been. Online, a one-sided wall-clock
//! pause cannot work (the other side goes on, and a rollback would pause again):
//! there the same rule, [`pause_for`], decides a hold counted in fixed steps
//! inside the state rollback saves (`app::online`'s `StepHold`).
//!
//! It must never make the game stutter: at most one pause per [`HITSTOP_GAP`]
//! seconds, and none while more than [`HITSTOP_MAX_BALLS`] balls are in play
//! (a busy multi-ball rally converts balls all the time).

use crate::game::GameEvent;

/// The pause for a goal or a solo life lost, seconds.
pub const HITSTOP_GOAL: f64 = 0.08;
/// The pause for breaking the level's last breakable brick, seconds.
pub const HITSTOP_LAST_BRICK: f64 = 0.07;
/// The pause for a ball changing owner, seconds.
pub const HITSTOP_CONVERSION: f64 = 0.04;
/// The shortest time from one pause's start to the next's, seconds.
pub const HITSTOP_GAP: f64 = 0.6;
/// Above this many balls in play there are no pauses at all.
pub const HITSTOP_MAX_BALLS: usize = 6;

/// When the last pause began.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HitStop {
    last: Option<f64>,
}

/// What the shell knows of the game after a frame's steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    /// Balls in play.
    pub balls: usize,
    /// Breakable bricks left.
    pub bricks_left: usize,
}

impl HitStop {
    /// The pause, seconds (0 for none), that `events` (a frame's steps) call for
    /// at time `now` (seconds, any clock that only moves forward): the biggest
    /// of their events', unless a pause began less than [`HITSTOP_GAP`] ago or
    /// more than [`HITSTOP_MAX_BALLS`] balls are in play.
    pub fn react(&mut self, events: &[GameEvent], moment: Moment, now: f64) -> f64 {
        if self.last.is_some_and(|t| now - t < HITSTOP_GAP) {
            return 0.0;
        }
        let pause = pause_for(events, moment);
        if pause > 0.0 {
            self.last = Some(now);
        }
        pause
    }
}

/// The pause, seconds (0 for none), that `events` call for in `moment`, gap
/// aside: the biggest of their events', none above [`HITSTOP_MAX_BALLS`] balls.
/// One rule for [`HitStop`] and online play's hold (which counts it in steps).
pub fn pause_for(events: &[GameEvent], moment: Moment) -> f64 {
    if moment.balls > HITSTOP_MAX_BALLS {
        return 0.0;
    }
    events
        .iter()
        .map(|e| match e {
            GameEvent::Goal { .. } | GameEvent::LifeLost { .. } => HITSTOP_GOAL,
            GameEvent::BrickBroken { .. } if moment.bricks_left == 0 => HITSTOP_LAST_BRICK,
            GameEvent::BallConverted { .. } => HITSTOP_CONVERSION,
            _ => 0.0,
        })
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Striker;
    use crate::level::Side;
    use crate::physics::BallId;
    use glam::Vec2;

    const CALM: Moment = Moment {
        balls: 2,
        bricks_left: 10,
    };

    fn converted() -> GameEvent {
        GameEvent::BallConverted {
            ball: BallId(3),
            to: Side::Top,
        }
    }

    fn broken() -> GameEvent {
        GameEvent::BrickBroken {
            center: Vec2::ZERO,
            side: Side::Bottom,
            points: 1,
            capsule: None,
            by: Striker::Ball,
        }
    }

    #[test]
    fn hitstop_only_on_big_events_scaled_by_the_biggest() {
        let mut h = HitStop::default();
        let small = [broken(), GameEvent::BallsTouched { point: Vec2::ZERO }];
        assert_eq!(h.react(&small, CALM, 0.0), 0.0);
        assert_eq!(h.react(&[converted()], CALM, 1.0), HITSTOP_CONVERSION);
        let goal = [converted(), GameEvent::Goal { against: Side::Top }];
        assert_eq!(h.react(&goal, CALM, 2.0), HITSTOP_GOAL);
        let last = Moment {
            bricks_left: 0,
            ..CALM
        };
        assert_eq!(h.react(&[broken()], last, 3.0), HITSTOP_LAST_BRICK);
        let lost = [GameEvent::LifeLost { lives_left: 2 }];
        assert_eq!(h.react(&lost, CALM, 4.0), HITSTOP_GOAL);
        for p in [HITSTOP_GOAL, HITSTOP_LAST_BRICK, HITSTOP_CONVERSION] {
            assert!((0.03..=0.08).contains(&p), "{p}");
        }
    }

    #[test]
    fn hitstop_in_a_busy_rally_pauses_at_most_once_per_gap() {
        let mut h = HitStop::default();
        // A conversion every 50 ms for 3 s.
        let paused: Vec<f64> = (0..60)
            .map(|k| f64::from(k) * 0.05)
            .filter(|&t| h.react(&[converted()], CALM, t) > 0.0)
            .collect();
        assert_eq!(
            paused.len(),
            (3.0 / HITSTOP_GAP).ceil() as usize,
            "{paused:?}"
        );
        assert!(paused.windows(2).all(|w| w[1] - w[0] >= HITSTOP_GAP));
        // Not even a goal inside the gap.
        let last = paused[paused.len() - 1];
        let goal = [GameEvent::Goal { against: Side::Top }];
        assert_eq!(h.react(&goal, CALM, last + 0.1), 0.0);
    }

    #[test]
    fn hitstop_never_with_many_balls_in_play() {
        let mut h = HitStop::default();
        let crowd = Moment {
            balls: HITSTOP_MAX_BALLS + 1,
            bricks_left: 0,
        };
        let all = [
            converted(),
            broken(),
            GameEvent::Goal { against: Side::Top },
        ];
        assert_eq!(h.react(&all, crowd, 0.0), 0.0);
        // Refused pauses do not start the gap.
        assert_eq!(h.react(&[converted()], CALM, 0.1), HITSTOP_CONVERSION);
    }
}
