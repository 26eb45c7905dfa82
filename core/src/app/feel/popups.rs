//! Score pop-ups (issue 13): which "+N" texts to show where, and the rally combo
//! count. Headless, so the decisions are tested; the shell only draws them.

use glam::Vec2;

use crate::game::GameEvent;
use crate::level::{arena, Side};
use crate::tuning::GOAL_POINTS;

/// How far inside the goal line a goal's pop-up appears, arena units.
const GOAL_POP_INSET: f32 = 60.0;

/// One score pop-up to show.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScorePop {
    /// Where, arena units.
    pub at: Vec2,
    /// Who scored (its colour).
    pub side: Side,
    /// Points scored.
    pub points: u32,
    /// Bricks this rally has broken so far, this one included, when more than
    /// one (shown as "in a row"; it does not multiply the points).
    pub combo: Option<u32>,
}

impl ScorePop {
    /// The pop-up's text: "+N", with "(3 in a row)" for the third brick of a
    /// rally. Not "x3": playtesters read that as a multiplier, and the score only
    /// goes up by N.
    pub fn text(&self) -> String {
        match self.combo {
            Some(n) => format!("+{} ({n} in a row)", self.points),
            None => format!("+{}", self.points),
        }
    }
}

/// Where a new pop-up centred at `at`, `half` its half size, goes so that it
/// clears the pop-ups already showing (`showing`: each one's centre now and half
/// size, arena units). It moves up a line at a time: pop-ups rise fastest when
/// new, so one placed above an older one pulls away from it instead of catching
/// it up. After a few lines it stays put: a crowd of breaks may overlap rather
/// than climb off the field.
pub fn clear_of(at: Vec2, half: Vec2, showing: &[(Vec2, Vec2)]) -> Vec2 {
    const MAX_LINES: usize = 6;
    let touches = |p: Vec2| {
        showing.iter().any(|&(c, h)| {
            let d = (p - c).abs();
            d.x < half.x + h.x && d.y < half.y + h.y
        })
    };
    let mut p = at;
    for _ in 0..MAX_LINES {
        if !touches(p) {
            return p;
        }
        p.y -= 2.0 * half.y;
    }
    if touches(p) {
        at
    } else {
        p
    }
}

/// Counts each side's rally: bricks it broke since its own last paddle hit or serve.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rallies {
    broken: [u32; 2],
}

impl Rallies {
    /// Answers `events`: the pop-ups they call for. `versus` says whether goals
    /// score (in solo a goal only costs a life).
    pub fn react(&mut self, events: &[GameEvent], versus: bool) -> Vec<ScorePop> {
        let mut pops = Vec::new();
        for e in events {
            match *e {
                GameEvent::PaddleHit { side, .. } | GameEvent::Served { side, .. } => {
                    self.broken[side.index() as usize] = 0;
                }
                GameEvent::BrickBroken {
                    center,
                    side,
                    points,
                    ..
                } => {
                    let n = &mut self.broken[side.index() as usize];
                    *n += 1;
                    pops.push(ScorePop {
                        at: center,
                        side,
                        points,
                        combo: (*n > 1).then_some(*n),
                    });
                }
                GameEvent::Goal { against } if versus => {
                    let a = arena();
                    let y = match against {
                        Side::Top => a.min.y + GOAL_POP_INSET,
                        Side::Bottom => a.max.y - GOAL_POP_INSET,
                    };
                    pops.push(ScorePop {
                        at: Vec2::new(a.center().x, y),
                        side: against.other(),
                        points: GOAL_POINTS,
                        combo: None,
                    });
                }
                _ => {}
            }
        }
        pops
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Striker;

    fn broken(side: Side, points: u32) -> GameEvent {
        GameEvent::BrickBroken {
            center: Vec2::new(100.0, 50.0),
            side,
            points,
            capsule: None,
            by: Striker::Ball,
        }
    }

    #[test]
    fn a_rally_counts_its_owners_breaks_until_that_owner_hits_the_paddle() {
        let mut r = Rallies::default();
        let hit = |side| GameEvent::PaddleHit {
            side,
            point: Vec2::ZERO,
            ball: crate::physics::BallId(0),
            owner: side,
        };
        let pops = r.react(&[broken(Side::Bottom, 1), broken(Side::Bottom, 2)], true);
        assert_eq!(pops.len(), 2);
        assert_eq!(pops[0].text(), "+1");
        assert_eq!(pops[1].text(), "+2 (2 in a row)");
        assert!(!pops[1].text().contains('x'), "no multiplier sign");
        // The other side's paddle hit and breaks do not touch this rally.
        let pops = r.react(
            &[
                hit(Side::Top),
                broken(Side::Top, 1),
                broken(Side::Bottom, 1),
            ],
            true,
        );
        assert_eq!((pops[0].combo, pops[1].combo), (None, Some(3)));
        assert_eq!(pops[0].side, Side::Top);
        let pops = r.react(&[hit(Side::Bottom), broken(Side::Bottom, 3)], true);
        assert_eq!(pops[0].text(), "+3");
    }

    #[test]
    fn goals_pop_for_the_scorer_near_the_goal_line_only_in_versus() {
        let mut r = Rallies::default();
        let goal = [GameEvent::Goal { against: Side::Top }];
        assert!(r.react(&goal, false).is_empty());
        let pops = r.react(&goal, true);
        assert_eq!(pops.len(), 1);
        let p = pops[0];
        assert_eq!((p.side, p.points), (Side::Bottom, GOAL_POINTS));
        assert!(p.at.y < arena().center().y, "{:?}", p.at);
        let p = r.react(
            &[GameEvent::Goal {
                against: Side::Bottom,
            }],
            true,
        )[0];
        assert!(p.at.y > arena().center().y && p.side == Side::Top);
    }

    #[test]
    fn a_new_pop_up_climbs_clear_of_the_ones_showing_and_gives_up_in_a_crowd() {
        let half = Vec2::new(20.0, 10.0);
        let free = Vec2::new(100.0, 300.0);
        assert_eq!(clear_of(free, half, &[]), free);
        assert_eq!(
            clear_of(free, half, &[(Vec2::new(200.0, 300.0), half)]),
            free
        );
        let one = [(Vec2::new(110.0, 295.0), half)];
        let moved = clear_of(free, half, &one);
        assert_eq!(moved, Vec2::new(100.0, 260.0));
        assert!((moved.y - one[0].0.y).abs() >= 2.0 * half.y - 5.0);
        let tower: Vec<_> = (0..10)
            .map(|i| (Vec2::new(100.0, 300.0 - 20.0 * i as f32), half))
            .collect();
        assert_eq!(clear_of(free, half, &tower), free);
    }
}
