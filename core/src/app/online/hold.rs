//! Hit-stop online: the hold counted in fixed steps, inside the saved state.
//!
//! Offline, hit-stop holds the window's clock for 40 to 80 ms (`app::feel`'s
//! `HitStop`). Online that cannot work: the other side goes on stepping, and a
//! rollback re-simulating the goal would pause again. So online the hold is part
//! of the match: after a step whose events call for a pause (the same rule,
//! [`pause_for`], the same durations and gap, only counted in steps), the next
//! steps keep the game as it is. Both sides decide it from the same game, GGRS
//! saves and restores it with the game ([`super::Snapshot`]), and the checksum
//! GGRS compares covers it, so both sides hold the very same steps and a rollback
//! across a hold lands where it would have without one.

use crate::app::feel::{pause_for, Moment, HITSTOP_GAP};
use crate::game::{Game, GameEvent};
use crate::tuning::STEPS_PER_SECOND;

/// A duration in seconds as whole fixed steps, rounded (0.08 s is 10 steps at
/// 120 steps a second, 0.04 s is 5).
pub fn seconds_to_steps(seconds: f64) -> u32 {
    (seconds * f64::from(STEPS_PER_SECOND)).round().max(0.0) as u32
}

/// The hit-stop hold of an online match (see the module doc).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct StepHold {
    /// Steps of the hold still to come: the game stays as it is for these.
    pub left: u32,
    /// The frame whose step began the last hold (for the minimum gap).
    pub last: Option<i32>,
}

impl StepHold {
    /// Whether the step reaching the next frame is held; counts it if so.
    pub fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }

    /// Decides the hold after the step that reached `frame` fired `events` and
    /// left `game`: the biggest event's pause in steps, unless a hold began less
    /// than the gap ago or too many balls are in play (as offline).
    pub fn react(&mut self, events: &[GameEvent], game: &Game, frame: i32) {
        let gap = i64::from(seconds_to_steps(HITSTOP_GAP));
        if self
            .last
            .is_some_and(|t| i64::from(frame) - i64::from(t) < gap)
        {
            return;
        }
        let moment = Moment {
            balls: game.world().balls().len(),
            bricks_left: game.breakable_left(),
        };
        let steps = seconds_to_steps(pause_for(events, moment));
        if steps > 0 {
            self.left = steps;
            self.last = Some(frame);
        }
    }

    /// The hold as a number for the checksum: 0 before any hold, so a match
    /// without hit-stop hashes as its game alone.
    pub fn word(&self) -> u64 {
        match self.last {
            None => u64::from(self.left),
            Some(t) => {
                // Frame in the high half, steps left in the low: distinct holds,
                // distinct words (frames are never negative here).
                ((u64::from(t.unsigned_abs()) << 32) | u64::from(self.left)) ^ (1 << 63)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::feel::{HITSTOP_CONVERSION, HITSTOP_GOAL, HITSTOP_LAST_BRICK};

    #[test]
    fn hold_durations_in_steps_match_the_offline_seconds() {
        assert_eq!(seconds_to_steps(HITSTOP_GOAL), 10);
        assert_eq!(seconds_to_steps(HITSTOP_LAST_BRICK), 8);
        assert_eq!(seconds_to_steps(HITSTOP_CONVERSION), 5);
        assert_eq!(seconds_to_steps(HITSTOP_GAP), 72);
    }

    #[test]
    fn hold_counts_down_and_words_differ() {
        let mut h = StepHold {
            left: 2,
            last: Some(5),
        };
        let w = h.word();
        assert!(h.take());
        assert_ne!(h.word(), w);
        assert!(h.take());
        assert!(!h.take());
        assert_eq!(StepHold::default().word(), 0);
    }
}
