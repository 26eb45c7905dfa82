//! The versus match under rules 2: rounds won by a lead, and a fresh field
//! between them.
//!
//! A round is won by the first side to reach the level's `target_score` points
//! in it with a lead of at least `win_by` (two goals' worth unless the level
//! says): a close round goes on until one side pulls ahead, so it can be turned
//! around to the end; under rules 3 it is capped, so it always ends: the first
//! side to reach `target_score` + 2 x `win_by` wins it, lead or not (badminton's
//! cap). The match goes to the first side to win `rounds` rounds
//! (the best of three unless the level says). Between rounds the field starts
//! again: bricks back, balls gone, both sides serving, as at the start. Why this
//! shape is in docs/playing.md.

use super::{Game, GameEvent, Outcome};
use crate::level::{RulesVersion, Side};
use crate::tuning::ROUND_CAP_LEADS;

impl Game {
    /// Rules 2, versus: the side that has just won the round, if any.
    fn round_winner(&self) -> Option<Side> {
        let (a, b) = (self.players[0].round_score, self.players[1].round_score);
        let (target, lead) = (self.level.target_score, self.level.win_by);
        // Rules 3: past the cap the side ahead wins (both past it in one step
        // and level: the next point decides).
        let cap = (self.level.rules >= RulesVersion::V3)
            .then(|| target.saturating_add(ROUND_CAP_LEADS.saturating_mul(lead)));
        let capped = |s: u32| cap.is_some_and(|c| s >= c);
        if a >= target && (a >= b + lead || (capped(a) && a > b)) {
            Some(Side::Bottom)
        } else if b >= target && (b >= a + lead || (capped(b) && b > a)) {
            Some(Side::Top)
        } else {
            None
        }
    }

    /// Rules 2, versus: ends the round when a side has won it, and the match
    /// when that was its last round; otherwise the next round starts.
    pub(super) fn decide_round(&mut self, events: &mut Vec<GameEvent>) -> Option<Outcome> {
        let side = self.round_winner()?;
        let k = side.index() as usize;
        self.players[k].rounds_won += 1;
        for p in &mut self.players {
            p.took_last_round = p.side == side;
        }
        events.push(GameEvent::RoundWon {
            side,
            rounds: [self.players[0].rounds_won, self.players[1].rounds_won],
        });
        if self.players[k].rounds_won >= self.level.rounds {
            return Some(Outcome::Won(side));
        }
        self.next_round();
        None
    }

    /// A fresh field for the next round: every ball and capsule and shot gone,
    /// every brick back (cracked ones whole again), round scores at zero, and
    /// the level's opening (its staged balls, or both sides serving). Timed
    /// power-ups run on: they were earned.
    fn next_round(&mut self) {
        let balls: Vec<_> = self.world.balls().iter().map(|b| b.id).collect();
        for id in balls {
            self.world.remove_ball(id);
        }
        self.capsules.clear();
        self.shots.clear();
        let bricks: Vec<_> = self
            .shapes()
            .filter(|(_, _, role)| matches!(role, super::ShapeRole::Brick(_)))
            .map(|(id, _, _)| id)
            .collect();
        for id in bricks {
            self.remove_shape(id);
        }
        self.add_bricks();
        for p in &mut self.players {
            p.held.clear();
            p.round_score = 0;
        }
        if !self.stage_balls() {
            for k in 0..self.players.len() {
                self.queue_serves(k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, GameEvent, Inputs, Mode, Outcome};
    use crate::level::{Level, Side};

    /// A versus level whose every staged ball flies into the top goal at once.
    fn level(extra: &str) -> Level {
        Level::parse(&format!(
            "mode = versus\ntarget_score = 5\n{extra}\n[bricks]\n1\n[balls]\nball at 100,300 velocity 0,-1500 owner bottom\n"
        ))
        .unwrap()
    }

    /// Steps until the game ends or `limit`, serving for both sides; the round wins seen.
    fn play(game: &mut Game, limit: u32) -> Vec<(Side, [u32; 2])> {
        let mut serve = Inputs::default();
        serve.players[0].serve = true;
        serve.players[1].serve = true;
        let mut rounds = Vec::new();
        for _ in 0..limit {
            for e in game.step(&serve) {
                if let GameEvent::RoundWon { side, rounds: r } = e {
                    rounds.push((side, r));
                }
            }
            if game.outcome().is_some() {
                break;
            }
        }
        rounds
    }

    #[test]
    fn a_round_won_starts_a_fresh_field_and_the_match_goes_on() {
        let mut game = Game::new(&level("rounds = 2\nwin_by = 5"), Mode::Versus, 1);
        let mut won = None;
        for _ in 0..300 {
            for e in game.step(&Inputs::default()) {
                if let GameEvent::RoundWon { side, rounds } = e {
                    won = Some((side, rounds));
                }
            }
            if won.is_some() {
                break;
            }
        }
        assert_eq!(won, Some((Side::Bottom, [1, 0])), "the goal won round one");
        assert_eq!(game.outcome(), None, "one round of two");
        let bottom = game.player(Side::Bottom).unwrap();
        assert_eq!(
            (bottom.score, bottom.round_score, bottom.rounds_won),
            (5, 0, 1)
        );
        assert_eq!(game.world().balls().len(), 1, "the staged opening again");
        assert_eq!(game.breakable_left(), 1);
    }

    #[test]
    fn the_match_goes_to_the_first_side_to_win_its_rounds() {
        let mut game = Game::new(&level("rounds = 3\nwin_by = 5"), Mode::Versus, 1);
        let rounds = play(&mut game, 5_000);
        assert_eq!(
            rounds,
            [
                (Side::Bottom, [1, 0]),
                (Side::Bottom, [2, 0]),
                (Side::Bottom, [3, 0])
            ]
        );
        assert_eq!(game.outcome(), Some(Outcome::Won(Side::Bottom)));
    }

    #[test]
    fn a_round_needs_its_lead_as_well_as_its_target() {
        let mut game = Game::new(&level("rounds = 1\nwin_by = 10"), Mode::Versus, 1);
        play(&mut game, 300);
        let bottom = game.player(Side::Bottom).unwrap();
        assert_eq!(bottom.round_score, 5, "the staged goal scored");
        assert_eq!(bottom.rounds_won, 0, "5 points lead by 5, not by 10");
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn a_round_past_its_cap_goes_to_the_side_ahead_under_rules_3_only() {
        // Target 5, lead 10: the cap is 5 + 2 x 10 = 25.
        let at = |rules: u32, a: u32, b: u32| {
            let mut game = Game::new(
                &level(&format!("rules = {rules}\nrounds = 1\nwin_by = 10")),
                Mode::Versus,
                1,
            );
            game.players[0].round_score = a;
            game.players[1].round_score = b;
            game.round_winner()
        };
        assert_eq!(at(3, 20, 20), None, "a deuce below the cap goes on");
        assert_eq!(at(3, 24, 20), None, "4 ahead, below the cap");
        assert_eq!(at(3, 25, 20), Some(Side::Bottom), "the cap, 5 ahead");
        assert_eq!(
            at(3, 25, 30),
            Some(Side::Top),
            "both past it: the side ahead"
        );
        assert_eq!(at(3, 25, 25), None, "level past the cap: the next point");
        assert_eq!(at(3, 30, 20), Some(Side::Bottom), "the lead as before");
        assert_eq!(at(2, 25, 20), None, "rules 2 have no cap");
        assert_eq!(at(2, 95, 90), None, "rules 2 have no cap");
    }

    #[test]
    fn rules_1_end_the_game_at_the_target_without_rounds() {
        let mut game = Game::new(
            &level("rules = 1\nrounds = 3\nwin_by = 10"),
            Mode::Versus,
            1,
        );
        let rounds = play(&mut game, 300);
        assert!(rounds.is_empty());
        assert_eq!(game.outcome(), Some(Outcome::Won(Side::Bottom)));
    }
}
