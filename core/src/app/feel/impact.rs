//! Impacts with weight (issue 41, item 5): each event the field answers has a
//! weight, lightest first a brick, a conversion, a blast, a goal (or a solo life
//! lost), a round won, a match won (or a solo level cleared); and each weight its
//! punch: the screen's shake, the sparks thrown and how fast, how far its flash
//! reaches and how much it washes the arena. Heavier always punches harder, so a
//! goal and a round read as moments and a brick stays a tick. Headless: the
//! shell reads [`impacts`] from a frame's events and draws them under the Juice
//! switches it already has (sparks, flash, shake), none of which move under
//! reduced motion but the sparks, which keep a brick's size there.

use glam::Vec2;

use crate::game::{Game, GameEvent, Mode, Outcome};
use crate::level::Side;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// How heavy an event is, lightest first (the order is the point: `Ord`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weight {
    /// A brick broke.
    Brick,
    /// A ball changed owner.
    Conversion,
    /// An explosive brick went off.
    Blast,
    /// A goal (versus), or a life lost (solo).
    Goal,
    /// A round won (versus, rules 2).
    Round,
    /// A match won (versus), or a level cleared (solo).
    Match,
}

/// Every weight, lightest first.
pub const WEIGHTS: [Weight; 6] = [
    Weight::Brick,
    Weight::Conversion,
    Weight::Blast,
    Weight::Goal,
    Weight::Round,
    Weight::Match,
];

/// What an event of a weight does to the screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Punch {
    /// The screen's shake, pixels (it dies down at the shell's rate).
    pub shake: f32,
    /// Sparks thrown.
    pub sparks: usize,
    /// The fastest spark, arena units per second.
    pub spark_speed: f32,
    /// How far its flash reaches, arena units: a brick's own size, a
    /// conversion's ring, a goal line's band of light.
    pub reach: f32,
    /// How much its flash tints the whole arena at its start, an opacity (0:
    /// the flash stays where it happened).
    pub wash: f32,
    /// How long its flash lasts, seconds.
    pub seconds: f32,
}

impl Weight {
    /// Its punch. A brick and a conversion are what the field showed before
    /// (8 sparks, 28 in a burst; shake 2 and 4 px); the moments above them
    /// grow from there.
    pub fn punch(self) -> Punch {
        let (shake, sparks, spark_speed, reach, wash, seconds) = match self {
            Weight::Brick => (2.0, 8, 260.0, 30.0, 0.0, 0.18),
            Weight::Conversion => (4.0, 28, 420.0, 76.0, 0.0, 0.45),
            Weight::Blast => (6.0, 36, 460.0, 90.0, 0.0, 0.5),
            Weight::Goal => (10.0, 48, 560.0, 130.0, 0.10, 0.6),
            Weight::Round => (14.0, 72, 640.0, 200.0, 0.16, 0.8),
            Weight::Match => (18.0, 110, 720.0, 300.0, 0.22, 1.0),
        };
        Punch {
            shake,
            sparks,
            spark_speed,
            reach,
            wash,
            seconds,
        }
    }
}

/// Where a weighty moment happened and whose it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impact {
    /// How heavy.
    pub weight: Weight,
    /// Where, arena units: the middle of the goal line for a goal and a round,
    /// the middle of the arena for a match.
    pub at: Vec2,
    /// Whose colour it takes: the scorer's, the winner's, the new owner's.
    pub side: Side,
    /// The goal line it lights (its y, arena units), for a goal and a round:
    /// the flash is a band of light along it, rising into the field.
    pub goal_line: Option<f32>,
}

/// The goal line `side` defends, arena units (its y).
fn goal_line_of(side: Side) -> f32 {
    match side {
        Side::Bottom => ARENA_HEIGHT,
        Side::Top => 0.0,
    }
}

/// The moments among `events` of `game` heavier than a brick (bricks and
/// conversions the shell answers where they happen, as before): a goal lights
/// the goal line it went through in the scorer's colour, a round lights the
/// loser's line in the winner's and washes the arena, a match (or a cleared
/// level) bursts from the middle. A frame's heaviest first; at most one of each
/// weight a frame (a flurry of goals in one step is one moment).
pub fn impacts(events: &[GameEvent], game: &Game) -> Vec<Impact> {
    let middle = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) * 0.5;
    let line = |against: Side| Impact {
        weight: Weight::Goal,
        at: Vec2::new(ARENA_WIDTH * 0.5, goal_line_of(against)),
        side: against.other(),
        goal_line: Some(goal_line_of(against)),
    };
    let mut out: Vec<Impact> = Vec::new();
    for e in events {
        let impact = match *e {
            GameEvent::BrickExploded { center, side } => Some(Impact {
                weight: Weight::Blast,
                at: center,
                side,
                goal_line: None,
            }),
            GameEvent::Goal { against } if game.mode() == Mode::Versus => Some(line(against)),
            // Solo: the ball fell past the player's own line.
            GameEvent::LifeLost { .. } => Some(Impact {
                side: Side::Bottom,
                ..line(Side::Bottom)
            }),
            GameEvent::RoundWon { side, .. } => Some(Impact {
                weight: Weight::Round,
                ..line(side.other())
            }),
            GameEvent::GameOver(Outcome::Won(side)) => Some(Impact {
                weight: Weight::Match,
                at: middle,
                side,
                goal_line: None,
            }),
            GameEvent::GameOver(Outcome::Cleared) => Some(Impact {
                weight: Weight::Match,
                at: middle,
                side: Side::Bottom,
                goal_line: None,
            }),
            _ => None,
        };
        if let Some(i) = impact {
            if !out.iter().any(|o| o.weight == i.weight) {
                out.push(i);
            }
        }
    }
    out.sort_by_key(|i| std::cmp::Reverse(i.weight));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn game(mode: Mode) -> Game {
        let level = Level::parse("mode = both\n[bricks]\n1111\n").unwrap();
        Game::new(&level, mode, 1)
    }

    #[test]
    fn impact_each_weight_punches_harder_than_the_one_below() {
        for pair in WEIGHTS.windows(2) {
            let (light, heavy) = (pair[0].punch(), pair[1].punch());
            assert!(pair[0] < pair[1], "{pair:?} in order");
            assert!(heavy.shake > light.shake, "{pair:?} shake");
            assert!(heavy.sparks > light.sparks, "{pair:?} sparks");
            assert!(heavy.spark_speed > light.spark_speed, "{pair:?} speed");
            assert!(heavy.reach > light.reach, "{pair:?} reach");
            assert!(heavy.wash >= light.wash, "{pair:?} wash");
            assert!(heavy.seconds >= light.seconds, "{pair:?} seconds");
        }
        // A goal is a moment: at least five times a brick's shake and sparks.
        let (brick, goal) = (Weight::Brick.punch(), Weight::Goal.punch());
        assert!(goal.shake >= 5.0 * brick.shake && goal.sparks >= 5 * brick.sparks);
        // Nothing washes the arena so much that the field stops reading.
        assert!(WEIGHTS.iter().all(|w| w.punch().wash <= 0.25));
    }

    #[test]
    fn impact_a_goal_lights_the_line_it_went_through_in_the_scorers_colour() {
        let g = game(Mode::Versus);
        let i = impacts(&[GameEvent::Goal { against: Side::Top }], &g);
        assert_eq!(i.len(), 1);
        assert_eq!(i[0].weight, Weight::Goal);
        assert_eq!(i[0].side, Side::Bottom, "the scorer's colour");
        assert_eq!(i[0].goal_line, Some(0.0), "the top player's line");
        let i = impacts(
            &[GameEvent::Goal {
                against: Side::Bottom,
            }],
            &g,
        );
        assert_eq!((i[0].side, i[0].goal_line), (Side::Top, Some(ARENA_HEIGHT)));
        // Solo: a life lost lights the player's own line.
        let solo = game(Mode::Solo);
        let i = impacts(&[GameEvent::LifeLost { lives_left: 2 }], &solo);
        assert_eq!(
            (i[0].weight, i[0].goal_line),
            (Weight::Goal, Some(ARENA_HEIGHT))
        );
    }

    #[test]
    fn impact_a_round_and_a_match_outweigh_the_goal_that_won_them() {
        let g = game(Mode::Versus);
        let events = [
            GameEvent::Goal {
                against: Side::Bottom,
            },
            GameEvent::RoundWon {
                side: Side::Top,
                rounds: [0, 2],
            },
            GameEvent::GameOver(Outcome::Won(Side::Top)),
            GameEvent::Goal {
                against: Side::Bottom,
            },
        ];
        let i = impacts(&events, &g);
        let weights: Vec<Weight> = i.iter().map(|i| i.weight).collect();
        assert_eq!(weights, [Weight::Match, Weight::Round, Weight::Goal]);
        assert!(i.iter().all(|i| i.side == Side::Top), "the winner's colour");
        assert_eq!(i[1].goal_line, Some(ARENA_HEIGHT), "the loser's line");
        // Small events are answered where they happen, not here; a draw is no moment.
        let small = [
            GameEvent::Served {
                side: Side::Top,
                ball: crate::physics::BallId(0),
            },
            GameEvent::GameOver(Outcome::Draw),
        ];
        assert!(impacts(&small, &g).is_empty());
    }
}
