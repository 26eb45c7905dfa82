//! A bounded history of the physics contacts of the last steps, with each ball's
//! cast: the live-world scene draws it, and so does the F1 overlay in play. Each
//! step's record is taken from the game itself (its balls before the step, the
//! static query's first hit along each ball's motion, and the physics events of
//! the step), so nothing here repeats the physics' math.

use std::collections::VecDeque;

use glam::Vec2;

use crate::game::{Game, DT};
use crate::physics::Event;

/// Steps whose contacts are kept (two seconds at 120 steps a second).
pub const HISTORY_STEPS: usize = 240;

/// One ball's straight motion over a step, as the static query sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cast {
    /// The centre before the step.
    pub from: Vec2,
    /// Where the centre would be after the whole step, unhindered.
    pub to: Vec2,
    /// The ball's radius: the cast is the capsule of this radius around from-to.
    pub radius: f32,
    /// The fraction of the step at which it first touches a static shape
    /// (`World::cast_static`), if it does.
    pub toi: Option<f32>,
}

/// A touch the physics reported: a ball against a shape, a paddle or a ball.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// The contact point.
    pub point: Vec2,
    /// The unit normal, where the event gives one (ball against shape).
    pub normal: Option<Vec2>,
}

/// What one step did: its number, its casts and its contacts.
#[derive(Debug, Clone, PartialEq)]
pub struct StepContacts {
    /// The game's step count before the step (the first step is 0).
    pub step: u64,
    /// Each ball's cast, in the world's ball order.
    pub casts: Vec<Cast>,
    /// The step's contacts, in the order of the physics events.
    pub contacts: Vec<Contact>,
}

impl StepContacts {
    /// The earliest time of impact among the casts, if any cast hits.
    pub fn earliest_toi(&self) -> Option<f32> {
        self.casts.iter().filter_map(|c| c.toi).reduce(f32::min)
    }
}

/// The balls' casts for the step the game is about to take.
pub fn casts_before_step(game: &Game) -> Vec<Cast> {
    let world = game.world();
    world
        .balls()
        .iter()
        .map(|b| {
            let circle = crate::geom::Circle::new(b.position, b.radius);
            let motion = b.velocity * DT;
            Cast {
                from: b.position,
                to: b.position + motion,
                radius: b.radius,
                toi: world.cast_static(circle, motion).map(|(hit, _)| hit.toi),
            }
        })
        .collect()
}

/// The contacts in a step's physics events (a goal crossing is not a contact).
pub fn contacts_of(events: &[Event]) -> Vec<Contact> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::BallHitShape { point, normal, .. } => Some(Contact {
                point,
                normal: Some(normal),
            }),
            Event::BallHitPaddle { point, .. } | Event::BallTouchedBall { point, .. } => {
                Some(Contact {
                    point,
                    normal: None,
                })
            }
            Event::BallCrossedGoal { .. } => None,
        })
        .collect()
}

/// The last [`ContactHistory::capacity`] steps' contacts, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactHistory {
    steps: VecDeque<StepContacts>,
    capacity: usize,
}

impl Default for ContactHistory {
    fn default() -> Self {
        Self::new(HISTORY_STEPS)
    }
}

impl ContactHistory {
    /// An empty history keeping at most `capacity` steps (at least one).
    pub fn new(capacity: usize) -> Self {
        let capacity = capacity.max(1);
        Self {
            steps: VecDeque::with_capacity(capacity),
            capacity,
        }
    }

    /// How many steps it keeps at most.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Adds a step's record, forgetting the oldest when full.
    pub fn push(&mut self, record: StepContacts) {
        if self.steps.len() == self.capacity {
            self.steps.pop_front();
        }
        self.steps.push_back(record);
    }

    /// Takes a step's record from the game: call [`casts_before_step`] before
    /// `Game::step` and this after, with those casts.
    pub fn record(&mut self, game: &Game, casts: Vec<Cast>) {
        self.push(StepContacts {
            step: game.steps().saturating_sub(1),
            casts,
            contacts: contacts_of(game.last_physics_events()),
        });
    }

    /// The kept steps, oldest first.
    pub fn steps(&self) -> impl Iterator<Item = &StepContacts> {
        self.steps.iter()
    }

    /// The newest step's record.
    pub fn last(&self) -> Option<&StepContacts> {
        self.steps.back()
    }

    /// Every kept contact, of every kept step.
    pub fn contact_count(&self) -> usize {
        self.steps.iter().map(|s| s.contacts.len()).sum()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.steps.clear();
    }
}

/// The F1 overlay's line: balls in play, steps per second, the broadphase cell
/// and the contacts kept ("1 ball", "2 balls").
pub fn debug_line(balls: usize, steps_per_second: f64, cell: f32, contacts: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "F1 debug: {}, {steps_per_second:.0} steps/s, cell {cell}, {} kept",
        plural(balls, "ball", "balls"),
        plural(contacts, "contact", "contacts")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_line_counts_in_good_english() {
        assert_eq!(
            debug_line(1, 119.6, 48.0, 1),
            "F1 debug: 1 ball, 120 steps/s, cell 48, 1 contact kept"
        );
        assert_eq!(
            debug_line(2, 120.0, 48.0, 0),
            "F1 debug: 2 balls, 120 steps/s, cell 48, 0 contacts kept"
        );
    }

    fn record(step: u64, n: usize) -> StepContacts {
        StepContacts {
            step,
            casts: Vec::new(),
            contacts: vec![
                Contact {
                    point: Vec2::ZERO,
                    normal: None
                };
                n
            ],
        }
    }

    #[test]
    fn history_keeps_the_newest_steps_in_order() {
        let mut h = ContactHistory::new(3);
        for s in 0..5 {
            h.push(record(s, s as usize));
        }
        let kept: Vec<u64> = h.steps().map(|r| r.step).collect();
        assert_eq!(kept, vec![2, 3, 4]);
        assert_eq!(h.contact_count(), 2 + 3 + 4);
        assert_eq!(h.last().map(|r| r.step), Some(4));
    }

    #[test]
    fn contacts_leave_out_goal_crossings() {
        let events = [
            Event::BallCrossedGoal {
                ball: crate::physics::BallId(0),
                owner: 0,
                goal: 0,
            },
            Event::BallHitShape {
                ball: crate::physics::BallId(0),
                shape: crate::physics::ShapeId(1),
                point: Vec2::new(1.0, 2.0),
                normal: Vec2::Y,
                speed: 3.0,
            },
        ];
        let c = contacts_of(&events);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].normal, Some(Vec2::Y));
    }
}
