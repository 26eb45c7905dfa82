//! The editor's clear check (issue 45): a test-play of the level as it
//! stands, in solo (or, for a versus-only level, against the CPU), records
//! its inputs; when the author clears it (wins the match) the game's replay
//! is kept with the exact text it was played on. Share sends it as the proof
//! the gallery plays before it takes the level; a text changed since no
//! longer counts, and the Share page asks for another clear.

use super::TestPlay;
use crate::app::play::PlayMode;
use crate::game::{Mode, Outcome, Replay};
use crate::level::{Level, Side};

/// The seed of the editor's test-play games (`TestPlay::new`), whose CPU in
/// versus is seeded alike: the gallery plays that CPU beside the replay.
pub const TEST_PLAY_SEED: u64 = 1;

/// The author's last clear of a level in test-play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorClear {
    /// The editor's text it was played on, exactly.
    pub text: String,
    /// The game's replay (what Share sends).
    pub replay: String,
    /// The step it was cleared (or the match won) at.
    pub steps: u64,
}

impl AuthorClear {
    /// Whether it clears `text`, the editor's text now (any change since,
    /// a comment too, asks for a new clear: what is shared is this text).
    pub fn counts_for(&self, text: &str) -> bool {
        self.text == text
    }
}

impl TestPlay {
    /// A test-play of the editor's level `text` (`level`, as the editor reads
    /// it) whose inputs are kept, so that clearing it in solo, or winning
    /// against the CPU, gives its clear check ([`TestPlay::cleared`]).
    pub fn recording(level: &Level, mode: PlayMode, text: &str) -> Self {
        let mut play = TestPlay::new(level, mode);
        if matches!(mode, PlayMode::Solo | PlayMode::VersusCpu) {
            play.session.history = Some(Vec::new());
            play.clear_text = Some(text.to_owned());
        }
        play
    }

    /// The clear check this game just gave: once, at the frame its game ends
    /// cleared in solo or won by the bottom (the author) against the CPU.
    pub fn cleared(&mut self) -> Option<AuthorClear> {
        let s = &self.session;
        let won = match (s.play_mode, s.game.outcome()?) {
            (PlayMode::Solo, Outcome::Cleared) => true,
            (PlayMode::VersusCpu, Outcome::Won(side)) => side == Side::Bottom,
            _ => false,
        };
        let text = self.clear_text.take()?;
        let inputs = s.history.as_ref()?;
        if !won {
            return None;
        }
        let level = Level::parse(&text).ok()?;
        let mode = match s.play_mode {
            PlayMode::Solo => Mode::Solo,
            _ => Mode::Versus,
        };
        let replay = Replay {
            seed: TEST_PLAY_SEED,
            mode,
            rules: level.rules,
            level_text: text.clone(),
            inputs: inputs.clone(),
            final_hash: s.game.state_hash(),
        };
        Some(AuthorClear {
            text,
            replay: replay.to_text(),
            steps: s.game.steps(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{gather_inputs, Cpu, Difficulty, Intent};

    const LEVEL: &str = "title = \"Clear me\"\nmode = both\nlives = 9\n[bricks]\n1\n";

    /// Plays `play` with a hard CPU in the author's place until it ends.
    fn play_out(play: &mut TestPlay) -> Option<AuthorClear> {
        let mut author = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, 3)), None];
        for _ in 0..100_000 {
            let s = &mut play.session;
            let mut inputs = gather_inputs(&s.game, &mut author, |_| Intent::IDLE);
            if let Some(cpu) = s.cpus[1].as_mut() {
                inputs.players[1] = cpu.intent(&s.game);
            }
            s.step_with(&inputs);
            if s.game.outcome().is_some() {
                break;
            }
        }
        play.cleared()
    }

    #[test]
    fn a_solo_clear_keeps_its_replay_once_and_only_of_its_text() {
        let level = Level::parse(LEVEL).unwrap();
        let mut play = TestPlay::recording(&level, PlayMode::Solo, LEVEL);
        let clear = play_out(&mut play).expect("a hard CPU clears one brick");
        assert_eq!(play.cleared(), None, "kept once");
        let replay = Replay::parse(&clear.replay).unwrap();
        assert_eq!((replay.mode, replay.seed), (Mode::Solo, TEST_PLAY_SEED));
        assert_eq!(replay.inputs.len() as u64, clear.steps);
        // It replays to the clear, on the text it names.
        let mut game = crate::game::Game::new(&replay.level().unwrap(), Mode::Solo, replay.seed);
        for i in &replay.inputs {
            game.step(i);
        }
        assert_eq!(game.outcome(), Some(Outcome::Cleared));
        assert_eq!(game.state_hash(), replay.final_hash);
        assert!(clear.counts_for(LEVEL));
        assert!(!clear.counts_for(&format!("{LEVEL}# a comment\n")));
        // Two players, or a game not recorded, keep nothing.
        let mut two = TestPlay::recording(&level, PlayMode::TwoPlayers, LEVEL);
        assert_eq!(play_out(&mut two), None);
        let mut unrecorded = TestPlay::new(&level, PlayMode::Solo);
        assert_eq!(play_out(&mut unrecorded), None);
    }

    #[test]
    fn a_lost_game_gives_no_clear() {
        let text = "title = \"Lose\"\nmode = both\nlives = 1\n[bricks]\n1111111\n";
        let level = Level::parse(text).unwrap();
        let mut play = TestPlay::recording(&level, PlayMode::Solo, text);
        // Still paddle: the ball is lost at once.
        for _ in 0..20_000 {
            let s = &mut play.session;
            let serve = Intent {
                serve: true,
                ..Intent::IDLE
            };
            s.step_with(&crate::game::Inputs {
                players: [serve, Intent::IDLE],
            });
            if s.game.outcome().is_some() {
                break;
            }
        }
        assert_eq!(play.session.game.outcome(), Some(Outcome::OutOfLives));
        assert_eq!(play.cleared(), None);
    }

    #[test]
    fn the_versus_test_play_cpu_keeps_its_fixed_row() {
        // The clear check's opponent: the gallery plays Cpu::fixed again beside
        // the replay, so the test-play must play that one, not the CPU that
        // plays to the score (issue 40), or no versus clear would verify.
        let level = Level::parse("title = \"V\"\nmode = versus\n[bricks]\n1\n").unwrap();
        let mut play = TestPlay::new(&level, PlayMode::VersusCpu);
        let mut fixed = Cpu::fixed(Side::Top, Difficulty::Normal, TEST_PLAY_SEED);
        let s = &mut play.session;
        for _ in 0..1200 {
            let cpu = s.cpus[1].as_mut().expect("a CPU on top");
            let mine = cpu.intent(&s.game);
            assert_eq!(mine, fixed.intent(&s.game), "step {}", s.game.steps());
            let mut inputs = crate::game::Inputs::default();
            inputs.players[1] = mine;
            s.step_with(&inputs);
        }
    }
}
