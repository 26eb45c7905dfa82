//! One game played headless by CPUs, and what a designer wants to know about it:
//! its length, how often the lead changed hands, each side's longest wait for a
//! point, the longest wait for a brick hit, and the hunt for the last bricks.

use super::person::{Person, PersonModel};
use crate::game::{gather_inputs, Cpu, Difficulty, Game, GameEvent, Intent, Mode, Outcome};
use crate::level::{Level, Side};
use crate::tuning::STEPS_PER_SECOND;

/// The longest game `balance` plays: 20 minutes of play. A game still going then
/// is reported unfinished (a solo game that long has not cleared).
pub(super) const MAX_STEPS: u64 = STEPS_PER_SECOND as u64 * 60 * 20;

/// The share of breakable bricks gone when the last-brick hunt starts.
pub(super) const HUNT_FROM: f64 = 0.9;

/// What one game measured, in steps (1/120 s).
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Steps played.
    pub steps: u64,
    /// How it ended (`None`: still going at [`MAX_STEPS`]).
    pub outcome: Option<Outcome>,
    /// Scores, bottom first (one in solo).
    pub scores: Vec<u32>,
    /// Times the lead passed from one side to the other (a tie in between does
    /// not count as a change; the first lead does not either).
    pub lead_changes: u32,
    /// Each side's longest stretch without scoring, bottom first, counted from
    /// the start and up to the end.
    pub scoreless: Vec<u64>,
    /// The longest stretch without any brick hit (cracked or broken), from the
    /// start to the end.
    pub brick_gap: u64,
    /// Solo: steps from [`HUNT_FROM`] of the bricks gone to the last one gone,
    /// when the level was cleared.
    pub hunt: Option<u64>,
}

impl Played {
    /// Seconds of play.
    pub fn seconds(&self) -> f64 {
        seconds(self.steps)
    }
}

/// Steps as seconds of play.
pub(super) fn seconds(steps: u64) -> f64 {
    steps as f64 / f64::from(STEPS_PER_SECOND)
}

/// Who plays a side in a measured game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seat {
    /// A CPU of this strength.
    Cpu(Difficulty),
    /// A simulated person (see `person.rs`).
    Person(PersonModel),
}

/// Plays `level` in `mode` from `seed` with a CPU of strength `cpus[k]` on each
/// side (bottom first; the top one is ignored in solo) and measures it.
pub fn play_measured(level: &Level, mode: Mode, seed: u64, cpus: [Difficulty; 2]) -> Played {
    play_seated(level, mode, seed, cpus.map(Seat::Cpu))
}

/// Plays `level` in `mode` from `seed` with `seats` (bottom first; the top one
/// is ignored in solo) and measures it.
pub fn play_seated(level: &Level, mode: Mode, seed: u64, seats: [Seat; 2]) -> Played {
    let mut game = Game::new(level, mode, seed);
    let plays = |k: usize| k == 0 || mode == Mode::Versus;
    let sides = [Side::Bottom, Side::Top];
    // Each seat's seed as it has always been: the bottom's the game's, the top's one more.
    let seat_seed = |k: usize| seed.wrapping_add(k as u64);
    let mut players: [Option<Cpu>; 2] = std::array::from_fn(|k| match seats[k] {
        Seat::Cpu(d) if plays(k) => Some(Cpu::new(sides[k], d, seat_seed(k))),
        _ => None,
    });
    let mut people: [Option<Person>; 2] = std::array::from_fn(|k| match seats[k] {
        Seat::Person(m) if plays(k) => Some(Person::new(m, sides[k], seat_seed(k))),
        _ => None,
    });
    let sides = game.players().len();
    let breakable = game.breakable_left();
    let hunt_left = breakable - (breakable as f64 * HUNT_FROM).ceil() as usize;
    let mut m = Meter {
        last_score: vec![0; sides],
        scores: vec![0; sides],
        scoreless: vec![0; sides],
        ..Meter::default()
    };
    while game.outcome().is_none() && game.steps() < MAX_STEPS {
        let inputs = gather_inputs(&game, &mut players, |side| {
            people[side.index() as usize]
                .as_mut()
                .map_or(Intent::IDLE, |p| p.intent(&game))
        });
        let events = game.step(&inputs);
        let now = game.steps();
        if events.iter().any(|e| {
            matches!(
                e,
                GameEvent::BrickHit { .. } | GameEvent::BrickBroken { .. }
            )
        }) {
            m.brick_gap = m.brick_gap.max(now - m.last_brick);
            m.last_brick = now;
        }
        let scores: Vec<u32> = game.players().iter().map(|p| p.score).collect();
        m.count_scores(&scores, now);
        if m.hunt_start.is_none() && breakable > 0 && game.breakable_left() <= hunt_left {
            m.hunt_start = Some(now);
        }
    }
    let end = game.steps();
    for k in 0..sides {
        m.scoreless[k] = m.scoreless[k].max(end - m.last_score[k]);
    }
    let cleared = game.outcome() == Some(Outcome::Cleared);
    Played {
        steps: end,
        outcome: game.outcome(),
        scores: m.scores,
        lead_changes: m.lead_changes,
        scoreless: m.scoreless,
        brick_gap: m.brick_gap.max(end - m.last_brick),
        hunt: m.hunt_start.filter(|_| cleared).map(|s| end - s),
    }
}

/// The running measurements of one game.
#[derive(Debug, Default)]
struct Meter {
    scores: Vec<u32>,
    last_score: Vec<u64>,
    scoreless: Vec<u64>,
    leader: Option<usize>,
    lead_changes: u32,
    last_brick: u64,
    brick_gap: u64,
    hunt_start: Option<u64>,
}

impl Meter {
    /// Notes the scores after step `now`: who scored, and who leads.
    fn count_scores(&mut self, scores: &[u32], now: u64) {
        for (k, &s) in scores.iter().enumerate() {
            if s != self.scores[k] {
                self.scoreless[k] = self.scoreless[k].max(now - self.last_score[k]);
                self.last_score[k] = now;
            }
        }
        self.scores = scores.to_vec();
        if let [a, b] = *scores {
            let leader = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            if let Some(l) = leader {
                if self.leader.is_some_and(|old| old != l) {
                    self.lead_changes += 1;
                }
                self.leader = Some(l);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meter_counts_lead_changes_through_ties_and_scoreless_stretches() {
        let mut m = Meter {
            scores: vec![0, 0],
            last_score: vec![0, 0],
            scoreless: vec![0, 0],
            ..Meter::default()
        };
        // Bottom leads, a tie, top leads (one change), bottom again (two).
        for (now, s) in [(10, [5, 0]), (20, [5, 5]), (30, [5, 6]), (100, [12, 6])] {
            m.count_scores(&s, now);
        }
        assert_eq!(m.lead_changes, 2);
        assert_eq!(
            m.scoreless,
            vec![90, 20],
            "bottom waited 10..100, top 0..20"
        );
    }

    #[test]
    fn play_measured_measures_a_solo_clear_and_its_hunt() {
        let level = Level::parse("lives = 9\n[bricks]\n1111111111\n").unwrap();
        let p = play_measured(&level, Mode::Solo, 3, [Difficulty::Hard; 2]);
        assert_eq!(p.outcome, Some(Outcome::Cleared), "{p:?}");
        assert_eq!(p.scores, vec![10]);
        let hunt = p.hunt.expect("a cleared level has a hunt");
        assert!(
            hunt > 0 && hunt < p.steps && p.brick_gap <= p.steps,
            "{p:?}"
        );
    }
}
