//! A game's end as the records and the results screen see it: the way it was
//! played, whether it ends the run, the best it sets, its one high-score entry,
//! and how the results read, the result first ("You win 28-21"; a match of
//! rounds: "You win 2-1 in rounds", each round's score under it).

use super::{PlayMode, Session};
use crate::app::records::{HighScore, HighScores, Way};
use crate::game::{Difficulty, Outcome};
use crate::level::Side;

impl Session {
    /// How this game is played, as the records keep bests and tables.
    pub fn way(&self) -> Way {
        match self.play_mode {
            PlayMode::Solo => Way::Solo,
            PlayMode::VersusCpu => Way::Versus(self.difficulty),
            PlayMode::TwoPlayers => Way::TwoPlayers,
        }
    }

    /// Whether this game's end is the run's end: anything but a solo level cleared
    /// with `next_level` to come.
    pub fn ends_run(&self, next_level: Option<usize>) -> bool {
        !(self.play_mode == PlayMode::Solo
            && self.game.outcome() == Some(Outcome::Cleared)
            && next_level.is_some())
    }

    /// The run's score so far: points carried from earlier levels of a solo run
    /// plus this game's. The HUD, the cleared screen and the table all show it.
    pub fn run_total(&self) -> u32 {
        self.run_score + self.game.players()[0].score
    }

    /// The scores the HUD shows, bottom first: the run's total in solo, each
    /// side's points in versus.
    pub fn hud_scores(&self) -> [u32; 2] {
        let players = self.game.players();
        let top = players.get(1).map_or(0, |p| p.score);
        [self.run_total(), top]
    }

    /// The score this game sets as the level's best for its way: the run's total
    /// for one player, the higher of the two in a two-player game.
    pub fn best_score(&self) -> u32 {
        let top = self.game.players().get(1).map_or(0, |p| p.score);
        match self.play_mode {
            PlayMode::TwoPlayers => self.run_total().max(top),
            _ => self.run_total(),
        }
    }

    /// The place (1 for the top) the run's score would take in its set's and
    /// way's table:
    /// `None` when it was entered (or skipped) already, never scored, or does
    /// not beat the table's last (see [`HighScores::place`]), or is no result
    /// worth a place (see [`Session::earned_a_result`]).
    pub fn table_place(&self, table: &HighScores) -> Option<usize> {
        (!self.recorded && self.earned_a_result())
            .then(|| table.place(&self.set, self.way(), self.run_total()))
            .flatten()
    }

    /// Whether the game's end is a result a table may hold (issue 40 bug 2: "New
    /// high score #1" after quitting with 2 points and after 3-0 defeats): a solo
    /// run that ended by itself (cleared, out of lives) or quit after clearing a
    /// level (it carries points), and a versus match the player won. A solo run
    /// quit in the middle of its first level, and a lost or drawn match, are not.
    pub fn earned_a_result(&self) -> bool {
        let outcome = self.game.outcome();
        match self.play_mode {
            PlayMode::Solo => outcome.is_some() || self.run_score > 0,
            PlayMode::VersusCpu => outcome == Some(Outcome::Won(Side::Bottom)),
            PlayMode::TwoPlayers => false,
        }
    }

    /// Whether the run's score would enter its way's table.
    pub fn makes_table(&self, table: &HighScores) -> bool {
        self.table_place(table).is_some()
    }

    /// The run's high-score entry under `name`, once; `None` for two humans (no
    /// table) or when already taken.
    pub fn take_high_score(&mut self, name: &str) -> Option<HighScore> {
        let way = self.way();
        if self.recorded || !way.has_table() {
            return None;
        }
        self.recorded = true;
        Some(HighScore {
            score: self.run_total(),
            way,
            level: self.game.level().title.clone(),
            name: name.to_owned(),
            set: self.set.clone(),
        })
    }

    /// The player chose not to enter the run's score: it is not offered again.
    pub fn skip_high_score(&mut self) {
        self.recorded = true;
    }

    /// How the game ended, read from the player's side, the result first: a
    /// heading ("You win 28-21", "CPU wins 64-12", "Level cleared", "Victory")
    /// and a line under it ("Victory over the CPU (hard)", "Every level
    /// cleared! Score 340"). `campaign_won` says the cleared level was the
    /// campaign's last.
    pub fn results(&self, campaign_won: bool) -> (String, String) {
        let game = &self.game;
        let scores = |first: usize| {
            let p = game.players();
            format!("{}-{}", p[first].score, p[1 - first].score)
        };
        let total = self.run_total();
        let cpu = strength(self.difficulty);
        match game.outcome() {
            Some(Outcome::Cleared) if campaign_won => (
                "Victory".to_owned(),
                format!("Every level cleared! Score {total}"),
            ),
            Some(Outcome::Cleared) => ("Level cleared".to_owned(), format!("Score {total}")),
            Some(Outcome::OutOfLives) => (
                "Game over".to_owned(),
                format!("Out of lives. Score {total}"),
            ),
            Some(Outcome::Won(side)) => {
                let k = side.index() as usize;
                let who = self.labels()[k];
                // A match of rounds is won in rounds: the points come after.
                let (result, rounds) = match self.rounds_from(k) {
                    Some((won, each)) => (format!("{won} in rounds"), each),
                    None => (scores(k), None),
                };
                let heading = if who == "YOU" {
                    format!("You win {result}")
                } else {
                    format!("{who} wins {result}")
                };
                let line = match (self.play_mode, side) {
                    (PlayMode::VersusCpu, Side::Bottom) => format!("Victory over the CPU ({cpu})"),
                    (PlayMode::VersusCpu, Side::Top) => format!("Defeat by the CPU ({cpu})"),
                    _ => "Two players".to_owned(),
                };
                match rounds {
                    Some(each) => (heading, format!("Rounds {each}. {line}")),
                    None => (heading, line),
                }
            }
            Some(Outcome::Draw) => {
                let line = match self.play_mode {
                    PlayMode::VersusCpu => format!("Against the CPU ({cpu})"),
                    _ => "Two players".to_owned(),
                };
                (format!("A draw, {}", scores(0)), line)
            }
            None if self.play_mode == PlayMode::Solo => {
                ("Run ended".to_owned(), format!("Score {total}"))
            }
            None => (String::new(), String::new()),
        }
    }
}

impl Session {
    /// A match played in rounds, read from side `first`: the rounds won
    /// ("2-1") and, when every round's end was seen, each round's points
    /// ("40-31, 28-40, 41-30"). `None` for a single game.
    fn rounds_from(&self, first: usize) -> Option<(String, Option<String>)> {
        let facts = super::MatchFacts::of(&self.game)?;
        if facts.rounds <= 1 {
            return None;
        }
        let won = facts.rounds_won;
        let rounds = format!("{}-{}", won[first], won[1 - first]);
        // Each round's points are the totals' growth since the round before.
        let complete = self.round_ends.len() as u32 == won[0] + won[1];
        let each = complete.then(|| {
            let mut before = [0, 0];
            let each: Vec<String> = (self.round_ends.iter())
                .map(|&end| {
                    let points = [end[0] - before[0], end[1] - before[1]];
                    before = end;
                    format!("{}-{}", points[first], points[1 - first])
                })
                .collect();
            each.join(", ")
        });
        Some((rounds, each))
    }
}

/// The CPU's strength as the results name it.
fn strength(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "easy",
        Difficulty::Normal => "normal",
        Difficulty::Hard => "hard",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    /// A match of two rounds won by the bottom side: its staged ball flies into
    /// the top goal at the start of each round (one goal wins a round).
    fn won_in_rounds(play_mode: PlayMode) -> Session {
        let text = "target_score = 1\nrounds = 2\nwin_by = 1\n[bricks]\n1\n[balls]\nball at 200,400 velocity 40,-900 owner bottom\n";
        let level = Level::parse(text).unwrap();
        let mut s = Session::new(&level, play_mode, Difficulty::Easy, 0, 1);
        s.cpus = [None, None];
        for _ in 0..2_000 {
            if s.game.outcome().is_some() {
                break;
            }
            s.step_cpus();
        }
        assert_eq!(s.game.outcome(), Some(Outcome::Won(Side::Bottom)));
        s
    }

    #[test]
    fn results_of_a_match_in_rounds_say_the_rounds_then_each_rounds_points() {
        let s = won_in_rounds(PlayMode::VersusCpu);
        let points = s.game.players()[0].score / 2;
        assert_eq!(s.round_ends, [[points, 0], [2 * points, 0]]);
        assert_eq!(
            s.results(false),
            (
                "You win 2-0 in rounds".to_owned(),
                format!("Rounds {points}-0, {points}-0. Victory over the CPU (easy)")
            )
        );
        // The other side's view puts its own numbers first.
        let two = won_in_rounds(PlayMode::TwoPlayers);
        assert_eq!(two.rounds_from(1).map(|r| r.0), Some("0-2".to_owned()));
        assert_eq!(two.results(false).0, "P1 wins 2-0 in rounds");
    }

    #[test]
    fn results_in_rounds_leave_out_the_points_when_a_round_end_was_not_seen() {
        let mut s = won_in_rounds(PlayMode::VersusCpu);
        s.round_ends.remove(0);
        assert_eq!(
            s.results(false),
            (
                "You win 2-0 in rounds".to_owned(),
                "Victory over the CPU (easy)".to_owned()
            )
        );
    }

    /// Steps `s` with idle players (CPUs playing) until `done` holds.
    fn step_until(s: &mut Session, done: impl Fn(&Session) -> bool) {
        for _ in 0..5_000 {
            if done(s) {
                return;
            }
            s.step_cpus();
        }
        panic!("never reached");
    }

    #[test]
    fn only_a_result_worth_it_asks_for_a_place_in_an_empty_table() {
        // Issue 40 bug 2: "New high score #1" after quitting a run with 2 points.
        let empty = HighScores::default();
        let solo = "mode = solo\nlives = 1\n[bricks]\n111111111111\n111111111111\n[balls]\nball at 400,300 velocity 0,-900 owner bottom\n";
        let level = Level::parse(solo).unwrap();
        let mut quit = Session::new(&level, PlayMode::Solo, Difficulty::Normal, 0, 1);
        step_until(&mut quit, |s| s.run_total() > 0);
        assert_eq!(quit.game.outcome(), None, "still playing its first level");
        assert_eq!(quit.table_place(&empty), None, "quit mid-first-level");
        // The same points carried from a cleared level are a run's result.
        quit.run_score = 5;
        assert_eq!(quit.table_place(&empty), Some(1));

        // A match lost 2-0 in rounds: no "New high score".
        let text = "target_score = 1\nrounds = 2\nwin_by = 1\n[bricks]\n1\n[balls]\nball at 200,400 velocity 40,900 owner top\n";
        let level = Level::parse(text).unwrap();
        let mut lost = Session::new(&level, PlayMode::VersusCpu, Difficulty::Easy, 0, 1);
        lost.cpus = [None, None];
        step_until(&mut lost, |s| s.game.outcome().is_some());
        assert_eq!(lost.game.outcome(), Some(Outcome::Won(Side::Top)));
        // Its own points, should the player have scored some, still do not place.
        lost.run_score = 7;
        assert_eq!(lost.table_place(&empty), None, "a defeat places nowhere");
        // A match won does.
        let won = won_in_rounds(PlayMode::VersusCpu);
        assert_eq!(won.table_place(&empty), Some(1));
    }
}
