//! A game's end as the records and the results screen see it: the way it was
//! played, whether it ends the run, the best it sets, its one high-score entry,
//! and how the results read, the result first ("You win 28-21").

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
    /// not beat the table's last (see [`HighScores::place`]).
    pub fn table_place(&self, table: &HighScores) -> Option<usize> {
        (!self.recorded)
            .then(|| table.place(&self.set, self.way(), self.run_total()))
            .flatten()
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
                let heading = if who == "YOU" {
                    format!("You win {}", scores(k))
                } else {
                    format!("{who} wins {}", scores(k))
                };
                let line = match (self.play_mode, side) {
                    (PlayMode::VersusCpu, Side::Bottom) => format!("Victory over the CPU ({cpu})"),
                    (PlayMode::VersusCpu, Side::Top) => format!("Defeat by the CPU ({cpu})"),
                    _ => "Two players".to_owned(),
                };
                (heading, line)
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

/// The CPU's strength as the results name it.
fn strength(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "easy",
        Difficulty::Normal => "normal",
        Difficulty::Hard => "hard",
    }
}
