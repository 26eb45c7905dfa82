//! Effects fire once: the shell's view of a match's events through rollbacks.
//!
//! A rollback re-simulates steps the shell has already shown. Their events come
//! again, mostly the same (a wall bounce does not care what the other paddle did),
//! sometimes moved a step or two, sometimes gone (the goal the corrected input
//! saved), sometimes new. The ledger remembers what it handed to the shell for the
//! steps a rollback can still reach, and after each batch of GGRS requests it
//! [settles](EffectsLedger::settle): an event matching one already shown is not
//! fired again; a new one is fired; a shown one the re-simulation no longer has is
//! withdrawn (the shell removes its score pop-up; a sound that played cannot be
//! unplayed, and is short).

use glam::Vec2;

use crate::game::GameEvent;
use crate::tuning::BALL_RADIUS;

/// An event and the frame whose step produced it (the frame the step reached).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fired {
    /// The frame the step reached.
    pub frame: i32,
    /// What happened.
    pub event: GameEvent,
}

/// What the shell must do after a batch of requests.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settled {
    /// Events to show now (sounds, effects, pop-ups), in the order they happened.
    pub fire: Vec<Fired>,
    /// Events shown before that a rollback erased: their pop-ups go.
    pub withdraw: Vec<Fired>,
}

/// Frames a shown event is remembered for: well past GGRS's prediction window
/// (8 frames by default), the furthest back a rollback can go.
pub const RETAIN_FRAMES: i32 = 120;

/// How far (in frames) a re-simulated event may move and still be the one shown.
pub const MATCH_FRAMES: i32 = 16;

/// How far (in world units) a re-simulated event's point may move and still be
/// the one shown: a few ball radii, so a bounce moved by a corrected paddle is
/// the same bounce, and two bounces across the arena are not.
pub const MATCH_DISTANCE: f32 = 4.0 * BALL_RADIUS;

/// The record of events shown to the shell (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct EffectsLedger {
    shown: Vec<Fired>,
    fresh: Vec<Fired>,
    rolled_back_to: Option<i32>,
}

impl EffectsLedger {
    /// A rollback loaded `frame`: events of later frames will be simulated again.
    pub fn rolled_back_to(&mut self, frame: i32) {
        self.rolled_back_to = Some(self.rolled_back_to.map_or(frame, |f| f.min(frame)));
        self.fresh.retain(|f| f.frame <= frame);
    }

    /// The step that reached `frame` produced `events`.
    pub fn record(&mut self, frame: i32, events: &[GameEvent]) {
        self.fresh
            .extend(events.iter().map(|&event| Fired { frame, event }));
    }

    /// Ends a batch of requests whose last step reached `frame`: what to fire and
    /// what to withdraw (see the module doc).
    pub fn settle(&mut self, frame: i32) -> Settled {
        let mut candidates = match self.rolled_back_to.take() {
            Some(r) => {
                let (redone, kept) = self.shown.drain(..).partition(|f| f.frame > r);
                self.shown = kept;
                redone
            }
            None => Vec::new(),
        };
        let mut fire = Vec::new();
        for new in self.fresh.drain(..) {
            match closest_match(&candidates, &new) {
                Some(k) => {
                    candidates.remove(k);
                }
                None => fire.push(new),
            }
            self.shown.push(new);
        }
        self.shown.retain(|f| f.frame > frame - RETAIN_FRAMES);
        Settled {
            fire,
            withdraw: candidates,
        }
    }
}

/// The candidate nearest in frames that is the same event as `new`, if any.
fn closest_match(candidates: &[Fired], new: &Fired) -> Option<usize> {
    candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| (c.frame - new.frame).abs() <= MATCH_FRAMES)
        .filter(|(_, c)| same_event(&c.event, &new.event))
        .min_by_key(|(_, c)| (c.frame - new.frame).abs())
        .map(|(k, _)| k)
}

/// Whether two events are one happening, simulated twice: the same kind and the
/// same who and what, with points a little apart allowed (see [`MATCH_DISTANCE`]);
/// a paddle hit's point is ignored (the corrected paddle is elsewhere).
pub fn same_event(a: &GameEvent, b: &GameEvent) -> bool {
    use GameEvent as E;
    let near = |p: &Vec2, q: &Vec2| p.distance(*q) <= MATCH_DISTANCE;
    match (a, b) {
        (E::Served { side, ball }, E::Served { side: s, ball: k }) => side == s && ball == k,
        (
            E::PaddleHit {
                side, ball, owner, ..
            },
            E::PaddleHit {
                side: s,
                ball: k,
                owner: o,
                ..
            },
        ) => side == s && ball == k && owner == o,
        (
            E::Bounce { point, surface },
            E::Bounce {
                point: p,
                surface: s,
            },
        ) => surface == s && near(point, p),
        (
            E::BrickHit {
                point,
                hits_left,
                by,
            },
            E::BrickHit {
                point: p,
                hits_left: h,
                by: y,
            },
        ) => hits_left == h && by == y && near(point, p),
        (
            E::BrickBroken {
                center,
                side,
                capsule,
                by,
                ..
            },
            E::BrickBroken {
                center: c,
                side: s,
                capsule: k,
                by: y,
                ..
            },
        ) => center == c && side == s && capsule == k && by == y,
        (E::BallsTouched { point }, E::BallsTouched { point: p }) => near(point, p),
        _ => same_tagged(a, b),
    }
}

/// The events with no point: equal fields make the same event.
fn same_tagged(a: &GameEvent, b: &GameEvent) -> bool {
    use GameEvent as E;
    match (a, b) {
        (E::CapsuleCaught { .. }, E::CapsuleCaught { .. })
        | (E::BallConverted { .. }, E::BallConverted { .. })
        | (E::LaserFired { .. }, E::LaserFired { .. })
        | (E::Goal { .. }, E::Goal { .. })
        | (E::LifeLost { .. }, E::LifeLost { .. })
        | (E::EffectEnded { .. }, E::EffectEnded { .. })
        | (E::GameOver(_), E::GameOver(_)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Surface;
    use crate::level::Side;

    fn bounce(x: f32) -> GameEvent {
        GameEvent::Bounce {
            point: Vec2::new(x, 10.0),
            surface: Surface::Wall,
        }
    }

    #[test]
    fn ledger_fires_new_events_once_without_rollbacks() {
        let mut l = EffectsLedger::default();
        l.record(1, &[bounce(5.0)]);
        l.record(2, &[GameEvent::LaserFired { side: Side::Top }]);
        let s = l.settle(2);
        assert_eq!(s.fire.len(), 2);
        assert!(s.withdraw.is_empty());
        assert_eq!(l.settle(2), Settled::default(), "nothing twice");
    }

    #[test]
    fn ledger_keeps_a_moved_event_withdraws_an_erased_one_fires_a_new_one() {
        let mut l = EffectsLedger::default();
        l.record(3, &[bounce(100.0)]);
        l.record(4, &[GameEvent::Goal { against: Side::Top }]);
        assert_eq!(l.settle(4).fire.len(), 2);
        // The corrected input: the bounce comes a step later and a little
        // elsewhere, the goal never happens, a paddle hit does.
        l.rolled_back_to(2);
        l.record(4, &[bounce(110.0)]);
        let hit = GameEvent::PaddleHit {
            side: Side::Top,
            point: Vec2::ZERO,
            ball: crate::physics::BallId(0),
            owner: Side::Bottom,
        };
        l.record(5, &[hit]);
        let s = l.settle(5);
        assert_eq!(
            s.fire,
            [Fired {
                frame: 5,
                event: hit
            }]
        );
        assert_eq!(
            s.withdraw,
            [Fired {
                frame: 4,
                event: GameEvent::Goal { against: Side::Top }
            }]
        );
    }

    #[test]
    fn ledger_ignores_events_of_a_superseded_pass_within_one_batch() {
        let mut l = EffectsLedger::default();
        l.record(1, &[bounce(1.0)]);
        l.rolled_back_to(0);
        l.record(1, &[bounce(1.0)]);
        assert_eq!(l.settle(1).fire.len(), 1, "only the last pass counts");
    }

    #[test]
    fn same_event_tells_far_bounces_apart() {
        assert!(same_event(&bounce(0.0), &bounce(MATCH_DISTANCE)));
        assert!(!same_event(&bounce(0.0), &bounce(MATCH_DISTANCE + 1.0)));
        let goal = |against| GameEvent::Goal { against };
        assert!(same_event(&goal(Side::Top), &goal(Side::Top)));
        assert!(!same_event(&goal(Side::Top), &goal(Side::Bottom)));
        assert!(!same_event(&goal(Side::Top), &bounce(0.0)));
    }
}
