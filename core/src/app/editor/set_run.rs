//! Test-playing a set from one of its levels: that level, then the ones after
//! it in play order, each a [`TestPlay`] in the mode asked for where the level
//! allows it (else the other: solo or versus the CPU), the next one starting a
//! moment after a game ends; a solo game lost ends the run, as it ends a
//! campaign. Levels with errors are left out (they do not load in the game).

use super::TestPlay;
use crate::app::play::PlayMode;
use crate::game::Outcome;
use crate::level::Level;

/// Seconds a finished game stays on screen before the next level starts.
pub const NEXT_LEVEL_SECONDS: f64 = 2.0;

/// A set being test-played (see the module doc).
#[derive(Debug, Clone)]
pub struct SetRun {
    /// The set's title, for the line over the game.
    title: String,
    /// The levels still to come and the one playing, with their places in the
    /// set and their titles.
    levels: Vec<(usize, String, Level)>,
    /// How many levels the set has.
    total: usize,
    /// The one playing, by index into `levels`.
    at: usize,
    /// The mode asked for (two players, versus the CPU, or solo).
    mode: PlayMode,
    /// When the game playing ended (the app's seconds).
    ended_at: Option<f64>,
}

/// What a frame of the run leads to.
#[derive(Debug, Clone)]
pub enum RunStep {
    /// The game goes on (or its end is still shown).
    Stay,
    /// The next level's game (boxed: a game is large beside the other answers).
    Next(Box<TestPlay>),
    /// The run is over: back to the editor, saying this.
    Done(String),
}

impl SetRun {
    /// A run of set `title`'s `levels` (titles and texts, in play order) from
    /// level `from` in `mode`, and its first game; `None` when no level from
    /// there on loads.
    pub fn start(
        title: &str,
        levels: &[(String, String)],
        from: usize,
        mode: PlayMode,
    ) -> Option<(Self, TestPlay)> {
        let total = levels.len();
        let levels: Vec<(usize, String, Level)> = (levels.iter().enumerate().skip(from))
            .filter_map(|(i, (t, text))| Some((i, t.clone(), Level::parse(text).ok()?)))
            .collect();
        let run = Self {
            title: title.to_owned(),
            levels,
            total,
            at: 0,
            mode,
            ended_at: None,
        };
        let play = run.game()?;
        Some((run, play))
    }

    /// The game of the level at `at`, in the mode asked for or the one it allows.
    fn game(&self) -> Option<TestPlay> {
        let (_, _, level) = self.levels.get(self.at)?;
        Some(TestPlay::new(level, mode_for(level, self.mode)))
    }

    /// The line shown over the game: the set, the level and its place in it.
    pub fn line(&self) -> String {
        let Some((i, title, _)) = self.levels.get(self.at) else {
            return String::new();
        };
        format!(
            "{} {}/{}: {title} (Esc or Back to edit)",
            self.title,
            i + 1,
            self.total
        )
    }

    /// A frame at `now` with `play` the game playing: once it has ended and
    /// shown its end for [`NEXT_LEVEL_SECONDS`], the next level, or the end.
    pub fn frame(&mut self, play: &TestPlay, now: f64) -> RunStep {
        let Some(outcome) = play.session.game.outcome() else {
            return RunStep::Stay;
        };
        let ended = *self.ended_at.get_or_insert(now);
        if now - ended < NEXT_LEVEL_SECONDS {
            return RunStep::Stay;
        }
        self.ended_at = None;
        if outcome == Outcome::OutOfLives {
            let place = self.levels.get(self.at).map_or(0, |l| l.0 + 1);
            return RunStep::Done(format!(
                "out of lives on level {place} of {}: back in the editor",
                self.total
            ));
        }
        self.at += 1;
        match self.game() {
            Some(next) => RunStep::Next(Box::new(next)),
            None => RunStep::Done(format!(
                "played the set {} to its end ({} levels)",
                self.title, self.total
            )),
        }
    }
}

/// The mode a level is test-played in when `asked` is: it, when the level
/// allows it; else solo for a versus-only ask, versus the CPU for a solo one.
pub fn mode_for(level: &Level, asked: PlayMode) -> PlayMode {
    let allowed = |m: PlayMode| match m {
        PlayMode::Solo => level.mode.allows_solo(),
        _ => level.mode.allows_versus(),
    };
    if allowed(asked) {
        asked
    } else if asked == PlayMode::Solo {
        PlayMode::VersusCpu
    } else {
        PlayMode::Solo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::Hands;
    use crate::app::records::Settings;

    fn level(title: &str, mode: &str) -> (String, String) {
        // One point wins a versus match: a test's match ends within seconds.
        let text = format!(
            "title = \"{title}\"\nmode = {mode}\ntarget_score = 1\nrounds = 1\nwin_by = 1\n[bricks]\n111\n"
        );
        (title.to_owned(), text)
    }

    /// Steps `play` until its game ends (at most `limit` frames of play).
    fn finish(play: &mut TestPlay, now: &mut f64, limit: u32) {
        let settings = Settings::default();
        for _ in 0..limit {
            if play.session.game.outcome().is_some() {
                return;
            }
            *now += 1.0 / 60.0;
            play.frame((1.0 / 60.0, *now), &Hands::default(), &settings);
        }
    }

    #[test]
    fn a_run_starts_at_the_level_asked_skips_broken_ones_and_picks_modes() {
        let levels = [
            level("A", "solo"),
            level("B", "versus"),
            ("Broken".to_owned(), "nonsense".to_owned()),
            level("C", "both"),
        ];
        let (run, play) = SetRun::start("Mine", &levels, 1, PlayMode::Solo).unwrap();
        assert_eq!(run.levels.len(), 2, "B and C: the broken level is left out");
        assert_eq!(
            play.session.play_mode,
            PlayMode::VersusCpu,
            "B is versus only"
        );
        assert!(run.line().starts_with("Mine 2/4: B"), "{}", run.line());
        let both = Level::parse(&levels[3].1).unwrap();
        assert_eq!(mode_for(&both, PlayMode::Solo), PlayMode::Solo);
        let solo = Level::parse(&levels[0].1).unwrap();
        assert_eq!(mode_for(&solo, PlayMode::TwoPlayers), PlayMode::Solo);
        assert!(SetRun::start("Mine", &levels, 4, PlayMode::Solo).is_none());
    }

    #[test]
    fn a_finished_game_leads_to_the_next_level_after_a_moment_then_the_end() {
        let levels = [level("A", "versus"), level("B", "versus")];
        let (mut run, mut play) = SetRun::start("Mine", &levels, 0, PlayMode::VersusCpu).unwrap();
        let mut now = 0.0;
        // Nobody plays the bottom side: the CPU wins the match in time.
        finish(&mut play, &mut now, 60 * 60 * 3);
        assert!(play.session.game.outcome().is_some(), "the match ends");
        assert!(
            matches!(run.frame(&play, now), RunStep::Stay),
            "its end shows"
        );
        let later = now + NEXT_LEVEL_SECONDS;
        let RunStep::Next(mut second) = run.frame(&play, later) else {
            panic!("the next level follows");
        };
        assert_eq!(second.session.game.level().title, "B");
        assert!(run.line().starts_with("Mine 2/2: B"));
        now = later;
        finish(&mut second, &mut now, 60 * 60 * 3);
        run.frame(&second, now);
        match run.frame(&second, now + NEXT_LEVEL_SECONDS) {
            RunStep::Done(said) => assert!(said.contains("to its end"), "{said}"),
            other => panic!("the run ends after the last level: {other:?}"),
        }
    }
}
