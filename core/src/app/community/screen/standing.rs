//! What the Submit page says of the game just played (issue 45, the board
//! people read): its score, its time and where it would rank on the board it
//! goes to, "You scored 16 in 1:23.4: #2 of 5." The board (the level's top
//! ten, or the day's) is asked for when the page opens; until it comes, or
//! without a server, the page says the score and the time.

use super::community_screen::{clock, CommunityScreen, Page, Want};
use crate::app::community::{read_reply, ApiRequest, Reply, TopScores};

impl CommunityScreen {
    /// Asks the board the offered game goes to (its level's, or its day's),
    /// with `player`'s own best, to say where the game ranks.
    pub fn ask_standing(&mut self, player: &str) {
        let Some(s) = &self.submission else { return };
        let request = match &s.daily {
            Some(date) => ApiRequest::daily_board(date, player),
            None => ApiRequest::top(&s.code, player),
        };
        self.send(Want::Standing, request);
    }

    /// The board came: the Submit page, still offering the game, says where
    /// it ranks. A failure leaves the score and the time said.
    pub(super) fn standing_came(&mut self, reply: Reply) {
        let (Ok(board), Some(s)) = (read_reply::<TopScores>(reply), &self.submission) else {
            return;
        };
        if self.page == Page::Submit && !self.typing {
            self.status = standing(u64::from(s.score), s.steps, &board);
        }
    }
}

/// "You scored 16 in 1:23.4", then where a game of `score` in `steps` would
/// rank on `board` (ties go to the fewer steps, then the earlier: a tie is
/// placed after): "#2 of 5", "outside the top 10 of 25" when the ten are all
/// better and the board has more; when the player's own listed best is as
/// good, it stays, and the line says so.
pub(crate) fn standing(score: u64, steps: u64, board: &TopScores) -> String {
    let played = format!("You scored {score} in {}", clock(steps));
    let yours = board.yours.as_ref();
    if let Some(y) = yours.filter(|y| (y.score, u64::MAX - y.steps) >= (score, u64::MAX - steps)) {
        let of = board
            .entries
            .map_or_else(String::new, |n| format!(" of {n}"));
        return format!(
            "{played}: your best, {} in {}, stays #{}{of}.",
            y.score,
            clock(y.steps),
            y.rank
        );
    }
    // The player's own (worse) entry is replaced: it is not counted.
    let own = yours.and_then(|y| usize::try_from(y.rank).ok()?.checked_sub(1));
    let others: Vec<_> = (board.scores.iter().enumerate())
        .filter(|&(k, _)| Some(k) != own)
        .map(|(_, s)| s)
        .collect();
    let above = (others.iter())
        .filter(|s| s.score > score || (s.score == score && s.steps <= steps))
        .count() as u64;
    let listed = board.entries.unwrap_or(board.scores.len() as u64);
    let total = listed - u64::from(yours.is_some()).min(listed) + 1;
    let unseen = total - 1 > others.len() as u64;
    if above == others.len() as u64 && unseen {
        return format!("{played}: outside the top 10 of {total}.");
    }
    format!("{played}: #{} of {total}.", above + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::community::{TopScore, YourBest};

    /// A board of `scores` (score, steps), best first, `entries` in all.
    fn board(scores: &[(u64, u64)], entries: Option<u64>, yours: Option<YourBest>) -> TopScores {
        let scores = (scores.iter().enumerate())
            .map(|(k, &(score, steps))| TopScore {
                id: k.to_string(),
                name: format!("P{k}"),
                score,
                steps,
            })
            .collect();
        TopScores {
            scores,
            yours,
            entries,
        }
    }

    fn yours(score: u64, steps: u64, rank: u64) -> Option<YourBest> {
        Some(YourBest {
            name: "Zed".into(),
            score,
            steps,
            rank,
        })
    }

    #[test]
    fn a_game_says_its_score_time_and_rank_on_the_board() {
        // 1:23 is 9960 steps at 120 a second.
        let four = [(40, 100), (16, 12000), (3, 50), (1, 10)];
        let b = board(&four, Some(4), None);
        assert_eq!(standing(16, 9960, &b), "You scored 16 in 1:23.0: #2 of 5.");
        // Ties go to the fewer steps; the same steps is placed after.
        let b = board(&[(16, 3000), (16, 6000)], Some(2), None);
        assert_eq!(standing(16, 2000, &b), "You scored 16 in 0:16.6: #1 of 3.");
        assert_eq!(standing(16, 3000, &b), "You scored 16 in 0:25.0: #2 of 3.");
        assert_eq!(standing(16, 9000, &b), "You scored 16 in 1:15.0: #3 of 3.");
        assert_eq!(
            standing(0, 60, &board(&[], Some(0), None)),
            "You scored 0 in 0:00.5: #1 of 1."
        );
    }

    #[test]
    fn a_worse_own_best_is_replaced_and_a_better_one_stays() {
        let three = [(40, 100), (16, 3000), (3, 50)];
        // The player's 3 is replaced: it does not count twice.
        let b = board(&three, Some(3), yours(3, 50, 3));
        assert_eq!(standing(20, 600, &b), "You scored 20 in 0:05.0: #2 of 3.");
        // Their 16 is better than this 10: it stays.
        let b = board(&three, Some(3), yours(16, 3000, 2));
        assert_eq!(
            standing(10, 600, &b),
            "You scored 10 in 0:05.0: your best, 16 in 0:25.0, stays #2 of 3."
        );
    }

    #[test]
    fn below_a_full_ten_the_rank_is_outside_it_and_an_old_server_counts_the_ten() {
        let ten: Vec<(u64, u64)> = (0..10).map(|k| (90 - k, 1200)).collect();
        let b = board(&ten, Some(24), None);
        assert_eq!(
            standing(5, 600, &b),
            "You scored 5 in 0:05.0: outside the top 10 of 25."
        );
        assert_eq!(standing(85, 600, &b), "You scored 85 in 0:05.0: #6 of 25.");
        // A server before `entries`: the ten it listed.
        let b = board(&ten[..2], None, None);
        assert_eq!(standing(5, 600, &b), "You scored 5 in 0:05.0: #3 of 3.");
    }
}
