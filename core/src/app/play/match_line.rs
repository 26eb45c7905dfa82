//! The match's shape as the HUD says it (issue 32): what wins, how far along the
//! match is and who serves, in one short line ("first to 40 | YOU serve";
//! "best of 3, round 2 (YOU 1, CPU 0) | to 7, lead of 2"). Headless: the facts are plain
//! data read from the game, the words are tested, the shell draws the line in
//! the HUD's info slot (`shell/play/hud.rs`).
//!
//! Rounds and a winning lead are the new match format's (h-match's rounds.rs):
//! [`MatchFacts::of`] reads what the game has today (a single game to the
//! level's target score), and fills `win_by`, `rounds` and `rounds_won` from the
//! game once it keeps them; the words below already say them.

use crate::game::{Game, Mode};
use crate::level::Side;

/// What the HUD says about a versus match: plain data, bottom side first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchFacts {
    /// Points that win a game (a round, when there are rounds).
    pub target: u32,
    /// The lead those points must come with (1: first to the target wins).
    pub win_by: u32,
    /// Rounds a side must win to take the match (1: a single game).
    pub rounds: u32,
    /// Rounds each side has won.
    pub rounds_won: [u32; 2],
    /// Whether each side holds a serve now.
    pub serving: [bool; 2],
}

impl MatchFacts {
    /// The facts of `game`, if it is a versus match.
    pub fn of(game: &Game) -> Option<Self> {
        if game.mode() != Mode::Versus {
            return None;
        }
        let serving = [Side::Bottom, Side::Top].map(|side| {
            game.player(side)
                .is_some_and(|p| p.held.first().is_some_and(|h| h.is_serve))
        });
        // Rules 1 played one game to the target; rules 2 plays rounds won by a lead.
        let level = game.level();
        let rounds_rule = game.rules() != crate::level::RulesVersion::V1;
        let won = |side: Side| game.player(side).map_or(0, |p| p.rounds_won);
        Some(Self {
            target: level.target_score,
            win_by: if rounds_rule { level.win_by.max(1) } else { 1 },
            rounds: if rounds_rule { level.rounds.max(1) } else { 1 },
            rounds_won: [won(Side::Bottom), won(Side::Top)],
            serving,
        })
    }

    /// The HUD's line, naming the sides by `labels` (bottom first: "YOU",
    /// "CPU").
    pub fn line(&self, labels: [&str; 2]) -> String {
        let goal = match (self.rounds > 1, self.win_by > 1) {
            (false, false) => format!("first to {}", self.target),
            (false, true) => format!("first to {}, lead of {}", self.target, self.win_by),
            (true, false) => format!("to {}", self.target),
            (true, true) => format!("to {}, lead of {}", self.target, self.win_by),
        };
        let mut parts = Vec::new();
        if self.rounds > 1 {
            let [a, b] = self.rounds_won;
            let round = a + b + 1;
            // Named, not "1-0": whose is which is not left to the reader.
            parts.push(format!(
                "best of {}, round {round} ({} {a}, {} {b})",
                2 * self.rounds - 1,
                labels[0],
                labels[1]
            ));
        }
        parts.push(goal);
        match self.serving {
            [true, false] => parts.push(serves(labels[0])),
            [false, true] => parts.push(serves(labels[1])),
            _ => {}
        }
        parts.join(" | ")
    }
}

impl MatchFacts {
    /// [`MatchFacts::line`] in fewer letters, for a row that cannot hold it at
    /// a readable size (a phone held upright): "round 2: YOU 1-0 CPU | to 7 by
    /// 2 | YOU serve".
    pub fn short_line(&self, labels: [&str; 2]) -> String {
        let mut parts = Vec::new();
        if self.rounds > 1 {
            let [a, b] = self.rounds_won;
            let round = a + b + 1;
            parts.push(format!(
                "round {round}: {} {a}-{b} {}",
                labels[0], labels[1]
            ));
        }
        parts.push(if self.win_by > 1 {
            format!("to {} by {}", self.target, self.win_by)
        } else {
            format!("to {}", self.target)
        });
        match self.serving {
            [true, false] => parts.push(serves(labels[0])),
            [false, true] => parts.push(serves(labels[1])),
            _ => {}
        }
        parts.join(" | ")
    }
}

/// "YOU serve", "CPU serves".
fn serves(label: &str) -> String {
    let verb = if label == "YOU" { "serve" } else { "serves" };
    format!("{label} {verb}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Inputs;
    use crate::level::Level;

    const LABELS: [&str; 2] = ["YOU", "CPU"];

    fn facts() -> MatchFacts {
        MatchFacts {
            target: 7,
            win_by: 1,
            rounds: 1,
            rounds_won: [0, 0],
            serving: [false, false],
        }
    }

    #[test]
    fn a_single_game_says_its_target_and_who_serves() {
        assert_eq!(facts().line(LABELS), "first to 7");
        let mine = MatchFacts {
            serving: [true, false],
            ..facts()
        };
        assert_eq!(mine.line(LABELS), "first to 7 | YOU serve");
        let theirs = MatchFacts {
            serving: [false, true],
            ..facts()
        };
        assert_eq!(theirs.line(LABELS), "first to 7 | CPU serves");
    }

    #[test]
    fn rounds_and_a_lead_say_the_round_and_the_rounds_won() {
        let m = MatchFacts {
            win_by: 2,
            rounds: 2,
            rounds_won: [1, 0],
            ..facts()
        };
        assert_eq!(
            m.line(LABELS),
            "best of 3, round 2 (YOU 1, CPU 0) | to 7, lead of 2"
        );
        let lead_only = MatchFacts {
            win_by: 2,
            ..facts()
        };
        assert_eq!(lead_only.line(LABELS), "first to 7, lead of 2");
    }

    #[test]
    fn the_short_line_keeps_the_round_the_rounds_won_the_goal_and_the_serve() {
        let m = MatchFacts {
            win_by: 2,
            rounds: 2,
            rounds_won: [1, 0],
            serving: [false, true],
            ..facts()
        };
        let short = m.short_line(LABELS);
        assert_eq!(short, "round 2: YOU 1-0 CPU | to 7 by 2 | CPU serves");
        assert!(short.len() < m.line(LABELS).len());
        assert_eq!(facts().short_line(LABELS), "to 7");
    }

    #[test]
    fn the_facts_come_from_the_game_only_in_versus() {
        let level = Level::parse("mode = versus\ntarget_score = 9\n[bricks]\n111\n").unwrap();
        let mut game = Game::new(&level, Mode::Versus, 3);
        let f = MatchFacts::of(&game).expect("versus");
        assert_eq!(f.target, 9);
        assert_eq!(f.serving, [true, true], "both sides open with a serve");
        let mut serve = Inputs::default();
        serve.players[0].serve = true;
        for _ in 0..200 {
            game.step(&serve);
        }
        assert!(!MatchFacts::of(&game).unwrap().serving[0], "served");
        let solo = Game::new(&level, Mode::Solo, 3);
        assert_eq!(MatchFacts::of(&solo), None);
    }
}
