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
use crate::tuning::{GOAL_POINTS, ROUND_CAP_LEADS};

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
    /// Each side's points in the round being played (the game's, under rules 1).
    pub round_scores: [u32; 2],
    /// The score that takes a round lead or not (rules 3's cap), if any.
    pub cap: Option<u32>,
    /// The side that took the round that ended last, while the next one has no
    /// points yet: the HUD says so then.
    pub round_just_taken: Option<Side>,
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
        let points = |side: Side| game.player(side).map_or(0, |p| p.round_score);
        let win_by = if rounds_rule { level.win_by.max(1) } else { 1 };
        let round_scores = [points(Side::Bottom), points(Side::Top)];
        let opening = round_scores == [0, 0];
        let round_just_taken = [Side::Bottom, Side::Top]
            .into_iter()
            .find(|&s| opening && game.player(s).is_some_and(|p| p.took_last_round));
        Some(Self {
            target: level.target_score,
            win_by,
            rounds: if rounds_rule { level.rounds.max(1) } else { 1 },
            rounds_won: [won(Side::Bottom), won(Side::Top)],
            serving,
            round_scores,
            cap: (game.rules() >= crate::level::RulesVersion::V3).then(|| {
                (level.target_score).saturating_add(ROUND_CAP_LEADS.saturating_mul(win_by))
            }),
            round_just_taken,
        })
    }

    /// The points side `i` (0 bottom) still needs to take the round if the
    /// other scores none: up to the target, and to the lead over the other's
    /// score, or to the cap past which any lead will do.
    pub fn points_to_round(&self, i: usize) -> u32 {
        let (mine, theirs) = (self.round_scores[i], self.round_scores[1 - i]);
        let by_lead = self.target.max(theirs.saturating_add(self.win_by));
        let wanted = match self.cap {
            Some(cap) => by_lead.min(cap.max(theirs + 1)),
            None => by_lead,
        };
        wanted.saturating_sub(mine)
    }

    /// Side `i`'s line under its score: what it still needs ("needs 7").
    pub fn need_line(&self, i: usize) -> String {
        format!("needs {}", self.points_to_round(i))
    }

    /// What the HUD announces now, if anything: who took the round that just
    /// ended and the rounds so far, while the next one opens; else "MATCH
    /// POINT" for a side a goal ([`GOAL_POINTS`]) from the match, or "one more
    /// point for the round" for a side a goal from the round.
    pub fn callout(&self, labels: [&str; 2]) -> Option<String> {
        let [a, b] = self.rounds_won;
        if let Some(side) = self.round_just_taken {
            let i = side.index() as usize;
            return Some(format!(
                "{} {} round {} | {} {a}, {} {b}",
                labels[i],
                if labels[i] == "YOU" { "take" } else { "takes" },
                a + b,
                labels[0],
                labels[1]
            ));
        }
        let calls: Vec<String> = (0..2)
            .filter(|&i| self.points_to_round(i) <= GOAL_POINTS)
            .map(|i| {
                if self.rounds_won[i] + 1 >= self.rounds {
                    format!("MATCH POINT {}", labels[i])
                } else {
                    format!("{}: one more point for the round", labels[i])
                }
            })
            .collect();
        (!calls.is_empty()).then(|| calls.join(" | "))
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

impl MatchFacts {
    /// The longest of the HUD's lines that `fits` its row: [`MatchFacts::line`],
    /// else [`MatchFacts::short_line`], else the short line without its last
    /// parts (who serves, then the goal), whole parts only: a line cut
    /// mid-word ("CPU s..") reads as a fault, and who serves shows at the
    /// serving paddle anyway. The first part stays whatever `fits` says.
    pub fn line_that_fits(&self, labels: [&str; 2], fits: impl Fn(&str) -> bool) -> String {
        let long = self.line(labels);
        if fits(&long) {
            return long;
        }
        let short = self.short_line(labels);
        let mut parts: Vec<&str> = short.split(" | ").collect();
        while parts.len() > 1 && !fits(&parts.join(" | ")) {
            parts.pop();
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
            round_scores: [0, 0],
            cap: None,
            round_just_taken: None,
        }
    }

    #[test]
    fn points_to_round_count_the_target_the_lead_and_the_cap() {
        let m = MatchFacts {
            target: 25,
            win_by: 10,
            rounds: 2,
            round_scores: [20, 18],
            ..facts()
        };
        assert_eq!(m.points_to_round(0), 8, "to 28: a lead of 10 over 18");
        assert_eq!(m.points_to_round(1), 12, "to 30");
        let early = MatchFacts {
            round_scores: [3, 0],
            ..m
        };
        assert_eq!(early.points_to_round(0), 22, "the target first");
        assert_eq!(early.need_line(1), "needs 25");
        let capped = MatchFacts {
            round_scores: [44, 40],
            cap: Some(45),
            ..m
        };
        assert_eq!(capped.points_to_round(0), 1, "past the cap any lead does");
        assert_eq!(
            capped.points_to_round(1),
            5,
            "45: at the cap and ahead of 44"
        );
    }

    #[test]
    fn callout_says_match_point_one_more_point_and_who_took_the_round() {
        let m = MatchFacts {
            target: 25,
            win_by: 10,
            rounds: 2,
            round_scores: [10, 19],
            ..facts()
        };
        assert_eq!(m.callout(LABELS), None, "CPU needs 6: more than a goal");
        let close = MatchFacts {
            round_scores: [10, 22],
            ..m
        };
        assert_eq!(
            close.callout(LABELS).as_deref(),
            Some("CPU: one more point for the round")
        );
        let last = MatchFacts {
            rounds_won: [0, 1],
            ..close
        };
        assert_eq!(last.callout(LABELS).as_deref(), Some("MATCH POINT CPU"));
        let taken = MatchFacts {
            rounds_won: [1, 0],
            round_just_taken: Some(Side::Bottom),
            round_scores: [0, 0],
            ..m
        };
        assert_eq!(
            taken.callout(LABELS).as_deref(),
            Some("YOU take round 1 | YOU 1, CPU 0")
        );
    }

    #[test]
    fn round_just_taken_comes_from_the_game_until_the_next_round_starts() {
        let text = "mode = versus\ntarget_score = 10\nwin_by = 5\nrounds = 3\n[bricks]\n1\n[balls]\nball at 100,300 velocity 0,-1500 owner bottom\n";
        let mut game = Game::new(&Level::parse(text).unwrap(), Mode::Versus, 1);
        let mut serve = Inputs::default();
        serve.players[0].serve = true;
        serve.players[1].serve = true;
        let mut steps = 0;
        while game.player(Side::Bottom).unwrap().rounds_won == 0 && steps < 20_000 {
            game.step(&serve);
            steps += 1;
        }
        let f = MatchFacts::of(&game).unwrap();
        assert_eq!(f.rounds_won, [1, 0]);
        assert_eq!(f.round_just_taken, Some(Side::Bottom));
        while MatchFacts::of(&game).unwrap().round_scores == [0, 0] && steps < 40_000 {
            game.step(&serve);
            steps += 1;
        }
        assert!(steps < 40_000, "the next round scored");
        assert_eq!(MatchFacts::of(&game).unwrap().round_just_taken, None);
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
    #[test]
    fn line_that_fits_drops_whole_parts_never_cuts_a_word() {
        // Grand Duel's line at 1280x720 was drawn "round 1: CPU 0-0 CPU | to
        // 120 by 10 | CPU s..": the short line too long for the panel's row.
        let f = MatchFacts {
            target: 120,
            win_by: 10,
            rounds: 3,
            rounds_won: [0, 0],
            serving: [false, true],
            ..facts()
        };
        let labels = ["CPU", "CPU"];
        let all = |_: &str| true;
        assert_eq!(f.line_that_fits(labels, all), f.line(labels));
        let short = f.short_line(labels);
        let fits = |n: usize| move |t: &str| t.chars().count() <= n;
        assert_eq!(f.line_that_fits(labels, fits(short.len())), short);
        let room = short.len() - 4;
        let line = f.line_that_fits(labels, fits(room));
        assert_eq!(line, "round 1: CPU 0-0 CPU | to 120 by 10");
        assert!(line.len() <= room && !line.contains(".."));
        // However narrow, the round stays: the row's fit cuts it as a last resort.
        assert_eq!(f.line_that_fits(labels, fits(3)), "round 1: CPU 0-0 CPU");
    }
}
