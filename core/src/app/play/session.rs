//! A game as the shell runs it: the game, who controls each side (a human or a
//! CPU), the balls' trails for drawing, and the score carried through a run.

use crate::app::feel::Squashes;
use crate::app::feel::Trails;

use super::{casts_before_step, ContactHistory};
use super::{fit_play_mode, serve_cue, HandOff, PlayMode, ServeCue};
use crate::app::input::{Bindings, Device};
use crate::game::{gather_inputs, Cpu, Difficulty, Game, Inputs, Intent, Mode};
use crate::level::{Level, Side};
use crate::tuning::{ATTRACT_GAME_SECONDS, STEPS_PER_SECOND};

/// A game being played or shown, with who controls each side.
#[derive(Debug, Clone)]
pub struct Session {
    /// The game.
    pub game: Game,
    /// Who plays.
    pub play_mode: PlayMode,
    /// CPUs by side index (`None` for a human).
    pub cpus: [Option<Cpu>; 2],
    /// Index of the level in the shell's level list.
    pub level_index: usize,
    /// Recent positions of each ball, for drawing trails.
    pub trails: Trails,
    /// Each ball's squash and stretch, for drawing.
    pub squashes: Squashes,
    /// Score carried over from earlier levels of a solo run.
    pub run_score: u32,
    /// Whether the final score went into the high scores already (or the
    /// player chose not to enter it).
    pub recorded: bool,
    /// The CPU's strength in versus the CPU (kept for any mode: the records'
    /// [`Way`](crate::app::records::Way) reads it only in versus).
    pub difficulty: Difficulty,
    /// Whether clearing this level in solo counts for the campaign (unlocks the
    /// next shipped level): a run started from the level select. A run started
    /// with `--level` never changes what is unlocked.
    pub unlocks: bool,
    /// The level set the game is played in (its key, empty for the root set):
    /// the high-score table its run enters.
    pub set: String,
    /// Each side's menu-to-game hand-off (see [`HandOff`]), by side index.
    pub hand_off: [HandOff; 2],
    /// The players' keys, for the serve prompt (the shell sets the saved ones).
    pub bindings: Bindings,
    /// The input the player used last, so the serve prompt names it (None: not
    /// known yet, and the prompt names them all).
    pub device: Option<Device>,
    /// The last steps' contacts and casts, kept only while the F1 overlay shows
    /// them (see [`Session::keep_contacts`]); the lab's live world keeps the same.
    pub contacts: Option<ContactHistory>,
    /// In an online match, the side this machine's player holds (with the
    /// one-player keys, the mouse, a finger or a pad, like a game alone): its
    /// serve prompt names those, and the other side's serve is theirs.
    pub online_side: Option<Side>,
    /// Every step's inputs since the start, kept only when asked (a community
    /// level's solo game: its replay is the score's proof).
    pub history: Option<Vec<Inputs>>,
    /// Inputs to play back instead of the players' (watching a replay), in order.
    pub playback: Option<std::collections::VecDeque<Inputs>>,
    /// Whose replay plays back (its player's name, as the top ten has it):
    /// the HUD says "REPLAY" and the name where it would say "YOU", and a
    /// waiting serve names them instead of asking for a click (issue 45).
    pub watching: Option<String>,
    /// The replay being watched and its bar (pause, speed, restart, save,
    /// leave): `Some` only while watching one.
    pub watch: Option<Box<super::ReplayWatch>>,
    /// A top score's ghost raced beside this game (its own game, stepped with
    /// this one's steps, never touching it; drawn faint).
    pub ghost: Option<Box<super::Ghost>>,
    /// A friend watching an online match live (`app/online/watch_screen.rs`):
    /// the players' names, bottom first, which the HUD shows in place of its
    /// labels; a waiting serve says whose it is and asks nothing of the watcher.
    pub spectated: Option<[String; 2]>,
    /// An online match's other player's name, when they gave one: the HUD
    /// shows it where it would say [`ONLINE_RIVAL`], and their serve is theirs.
    pub rival_name: Option<String>,
    /// Each side's points over the whole game when each round ended, bottom
    /// first (rules 2 versus): the results say each round's score from them.
    pub round_ends: Vec<[u32; 2]>,
}

/// The HUD's name for the other player of an online match.
pub const ONLINE_RIVAL: &str = "RIVAL";

/// The HUD's name for a side played back from a replay being watched.
pub const REPLAY_LABEL: &str = "REPLAY";

/// The line over a watched replay: that it is one, and whose.
pub fn replay_banner(name: &str) -> String {
    format!("{REPLAY_LABEL} of {name}'s game")
}

/// What an online match shows at the other player's waiting serve: its key is on
/// their machine, so ours names none.
pub const THEIR_SERVE: &str = "Their serve";

impl Session {
    /// Two players share this screen (each steering from their own half of a
    /// touch screen): a two-player game that is not an online match, whose
    /// other player is on another machine (issue 47: a match said "each
    /// player: slide in your half").
    pub fn two_on_one_screen(&self) -> bool {
        self.play_mode == PlayMode::TwoPlayers
            && self.online_side.is_none()
            && self.spectated.is_none()
    }

    /// A new game of `level` for `play_mode`; in versus against the CPU, the top
    /// side is a CPU of `difficulty`.
    pub fn new(
        level: &Level,
        play_mode: PlayMode,
        difficulty: Difficulty,
        level_index: usize,
        seed: u64,
    ) -> Self {
        let mode = if play_mode == PlayMode::Solo {
            Mode::Solo
        } else {
            Mode::Versus
        };
        let cpus = match play_mode {
            PlayMode::VersusCpu => [None, Some(Cpu::new(Side::Top, difficulty, seed))],
            _ => [None, None],
        };
        Self {
            game: Game::new(level, mode, seed),
            play_mode,
            cpus,
            level_index,
            trails: Trails::default(),
            squashes: Squashes::default(),
            run_score: 0,
            recorded: false,
            difficulty,
            unlocks: true,
            set: String::new(),
            hand_off: [HandOff::default(); 2],
            bindings: Bindings::default(),
            device: None,
            contacts: None,
            online_side: None,
            history: None,
            playback: None,
            watching: None,
            watch: None,
            ghost: None,
            spectated: None,
            rival_name: None,
            round_ends: Vec::new(),
        }
    }

    /// CPU against CPU, for the title screen.
    pub fn attract(level: &Level, level_index: usize, seed: u64) -> Self {
        // A solo-only level is shown as it is played: one CPU against the bricks.
        let play_mode = fit_play_mode(PlayMode::TwoPlayers, level.mode);
        let mut s = Self::new(level, play_mode, Difficulty::Hard, level_index, seed);
        s.cpus = [
            Some(Cpu::new(Side::Bottom, Difficulty::Normal, seed)),
            (play_mode != PlayMode::Solo).then(|| Cpu::new(Side::Top, Difficulty::Hard, seed + 1)),
        ];
        s
    }

    /// Records every ball's position for its trail, forgetting balls that left.
    pub fn update_trails(&mut self) {
        self.trails.update(self.game.world().balls());
    }

    /// Ages every ball's squash by a step and starts one for each contact of the
    /// last step, forgetting balls that left.
    pub fn update_squashes(&mut self) {
        let world = self.game.world();
        self.squashes.update(
            world.balls(),
            self.game.last_physics_events(),
            crate::game::DT,
        );
    }

    /// What the HUD calls each side, bottom first.
    pub fn labels(&self) -> [&'static str; 2] {
        if self.watching.is_some() {
            return match self.play_mode {
                PlayMode::Solo => [REPLAY_LABEL, ""],
                _ => [REPLAY_LABEL; 2],
            };
        }
        if let Some(me) = self.online_side {
            let mut l = [ONLINE_RIVAL; 2];
            l[me.index() as usize] = "YOU";
            return l;
        }
        match self.play_mode {
            PlayMode::Solo if self.cpus[0].is_some() => ["CPU", ""],
            PlayMode::Solo => ["YOU", ""],
            PlayMode::VersusCpu => ["YOU", "CPU"],
            PlayMode::TwoPlayers if self.cpus[0].is_some() => ["CPU", "CPU"],
            PlayMode::TwoPlayers => ["P1", "P2"],
        }
    }

    /// What the HUD names each side, bottom first: a watched match's players,
    /// an online rival by name when they gave one, else [`Session::labels`].
    pub fn hud_labels(&self) -> [&str; 2] {
        if let Some([bottom, top]) = &self.spectated {
            return [bottom.as_str(), top.as_str()];
        }
        let mut labels: [&str; 2] = self.labels();
        if let (Some(me), Some(name)) = (self.online_side, &self.rival_name) {
            labels[1 - me.index() as usize] = name.as_str();
        }
        labels
    }

    /// The serve cues to draw: one per human side with a serve waiting (none in
    /// the attract game, where CPUs play both sides). Online, the local side's
    /// prompt is a lone player's (the input in use), the other's says whose it is.
    pub fn serve_cues(&self) -> Vec<ServeCue> {
        if let Some(name) = &self.watching {
            // Nobody here serves a replay: its serves come with its inputs.
            return [Side::Bottom, Side::Top]
                .into_iter()
                .filter_map(|s| serve_cue(&self.game, s, (false, &self.bindings), None))
                .map(|c| ServeCue {
                    text: format!("{REPLAY_LABEL}: {name}"),
                    live: false,
                    ..c
                })
                .collect();
        }
        if let Some(names) = &self.spectated {
            // The watcher serves for nobody: the cue names whose serve waits.
            return [Side::Bottom, Side::Top]
                .into_iter()
                .filter_map(|s| {
                    let cue = serve_cue(&self.game, s, (false, &self.bindings), None)?;
                    let name = &names[s.index() as usize];
                    Some(ServeCue {
                        text: format!("{name}'s serve"),
                        live: false,
                        ..cue
                    })
                })
                .collect();
        }
        let two_players = self.two_on_one_screen();
        let cue = |s| serve_cue(&self.game, s, (two_players, &self.bindings), self.device);
        [Side::Bottom, Side::Top]
            .into_iter()
            .filter(|s| self.cpus[s.index() as usize].is_none())
            .filter_map(|s| match self.online_side {
                Some(me) if me != s => cue(s).map(|c| ServeCue {
                    text: match &self.rival_name {
                        Some(name) => format!("{name}'s serve"),
                        None => THEIR_SERVE.to_owned(),
                    },
                    live: false,
                    ..c
                }),
                _ => cue(s),
            })
            .collect()
    }

    /// One step with the CPUs' intents (humans' sides stay idle): the attract mode.
    pub fn step_cpus(&mut self) -> Vec<crate::game::GameEvent> {
        let inputs = gather_inputs(&self.game, &mut self.cpus, |_| Intent::IDLE);
        self.step_with(&inputs)
    }

    /// One game step with these inputs: the trails follow, and the step's
    /// contacts are kept when [`Session::contacts`] is on.
    pub fn step_with(&mut self, inputs: &Inputs) -> Vec<crate::game::GameEvent> {
        let casts = self
            .contacts
            .as_ref()
            .map(|_| casts_before_step(&self.game));
        let events = self.game.step(inputs);
        if (events.iter()).any(|e| matches!(e, crate::game::GameEvent::RoundWon { .. })) {
            let p = self.game.players();
            let top = p.get(1).map_or(0, |p| p.score);
            self.round_ends.push([p[0].score, top]);
        }
        if let Some(h) = &mut self.history {
            h.push(*inputs);
        }
        if let (Some(history), Some(casts)) = (&mut self.contacts, casts) {
            history.record(&self.game, casts);
        }
        self.update_trails();
        self.update_squashes();
        events
    }

    /// Starts keeping contacts (an empty history) when `on` and none are kept,
    /// and forgets them when off. Keeping costs one static cast per ball a step.
    pub fn keep_contacts(&mut self, on: bool) {
        match (on, self.contacts.is_some()) {
            (true, false) => self.contacts = Some(ContactHistory::default()),
            (false, true) => self.contacts = None,
            _ => {}
        }
    }

    /// Whether an attract game is done: over, or past its ninety seconds.
    pub fn is_finished(&self) -> bool {
        self.game.outcome().is_some()
            || self.game.steps() > u64::from(ATTRACT_GAME_SECONDS * STEPS_PER_SECOND)
    }

    /// Tops the game up toward `n` balls, small ones on free spots of the field
    /// (the shell's `--balls` stress test; see `app/stress.rs`).
    pub fn top_up_balls(&mut self, n: usize) {
        super::stress::top_up_balls(&mut self.game, n);
    }
}

/// The controls screen's text.
pub const CONTROLS_HELP: [&str; 9] = [
    "Move: arrow keys or WASD (eight directions), or the mouse, or a finger",
    "Serve and fire: Space, a click or a tap",
    "Two players: bottom arrows + Enter, top WASD + Space",
    "Break bricks, catch capsules, send balls past the other paddle",
    "Touch another player's ball with yours and it becomes yours",
    "P or Esc: pause.  F1: debug overlay.  Rebind keys: Settings, Keys",
    "Gamepad: stick or d-pad moves, A serves and fires, Start pauses",
    "S slow  C catch  L laser  E enlarge  D split",
    "P life  V convert  G shield  R reduce (the other paddle; yours in solo)",
];

/// Ball-steps in one burst of the speed probe: 100,000 steps of the two-ball attract
/// game. Long enough that a browser's coarse timer (a millisecond or so) is a few
/// percent of a burst (about 35 ms native, 50 to 80 ms in a browser), and, divided
/// by the ball count, short enough that the stress mode's thousands of balls do not
/// freeze the window (one burst runs per frame).
pub const PROBE_BALL_STEPS: u32 = 200_000;

/// Steps in one probe burst for a game with `balls` balls in play (at least one).
pub fn probe_steps(balls: usize) -> u32 {
    (PROBE_BALL_STEPS / u32::try_from(balls.max(2)).unwrap_or(u32::MAX)).max(1)
}

/// Simulation speed of a game, measured the same way on every platform: `steps`
/// steps from a copy of `game` with copies of its CPUs, timed with `now` (seconds).
/// Returns steps per second. Every burst starts from the same state, so the desktop
/// and the browser do the same work, bit for bit.
pub fn speed_probe_burst(
    game: &Game,
    cpus: &[Option<Cpu>; 2],
    steps: u32,
    now: impl Fn() -> f64,
) -> f64 {
    let t0 = now();
    std::hint::black_box(play_live_steps(game, cpus, steps));
    f64::from(steps) / (now() - t0).max(1e-9)
}

/// Plays `steps` steps of live play from copies of `game` and `cpus`, and returns
/// how many games it started. A finished game steps for free (it only returns), so
/// whenever one ends the next step starts again from the copy: every step timed is
/// one of real play.
pub(super) fn play_live_steps(game: &Game, cpus: &[Option<Cpu>; 2], steps: u32) -> u32 {
    let mut probe = game.clone();
    let mut probe_cpus = cpus.clone();
    let mut games = 1;
    for _ in 0..steps {
        if probe.outcome().is_some() {
            probe = game.clone();
            probe_cpus = cpus.clone();
            games += 1;
        }
        let inputs = gather_inputs(&probe, &mut probe_cpus, |_| Intent::IDLE);
        probe.step(&inputs);
    }
    games
}

/// The fastest and the median of a probe's burst rates (the fastest is the fairest
/// in a browser still compiling its wasm; the median says how steady it was).
pub fn fastest_and_median(rates: &[f64]) -> (f64, f64) {
    let mut sorted = rates.to_vec();
    sorted.sort_by(f64::total_cmp);
    (
        sorted.last().copied().unwrap_or(0.0),
        sorted.get(sorted.len() / 2).copied().unwrap_or(0.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Level {
        Level::parse(crate::level::shipped_levels()[0].text).unwrap()
    }

    #[test]
    fn an_online_match_is_not_two_players_on_one_screen() {
        let mut s = Session::new(&level(), PlayMode::TwoPlayers, Difficulty::Normal, 0, 5);
        assert!(s.two_on_one_screen(), "two players on one phone");
        s.online_side = Some(Side::Top);
        assert!(!s.two_on_one_screen(), "an online match: one player here");
        let solo = Session::new(&level(), PlayMode::Solo, Difficulty::Normal, 0, 5);
        assert!(!solo.two_on_one_screen());
    }

    #[test]
    fn online_session_names_the_local_players_own_serve_and_theirs_as_theirs() {
        let mut s = Session::new(&level(), PlayMode::TwoPlayers, Difficulty::Normal, 0, 5);
        // Past "Ready": both serves wait with their prompts.
        for _ in 0..crate::app::play::ready_steps() + 2 {
            s.step_with(&Inputs::default());
        }
        let texts = |s: &Session| -> Vec<(Side, String)> {
            s.serve_cues()
                .into_iter()
                .map(|c| (c.side, c.text))
                .collect()
        };
        let two = texts(&s);
        assert!(
            two.iter().any(|(_, t)| t.starts_with("Space to serve")),
            "{two:?}"
        );
        assert!(
            two.iter().any(|(_, t)| t.starts_with("Enter to serve")),
            "{two:?}"
        );
        assert_eq!(s.labels(), ["P1", "P2"]);
        for me in [Side::Bottom, Side::Top] {
            s.online_side = Some(me);
            s.device = None;
            let cues = texts(&s);
            assert_eq!(cues.len(), 2, "{cues:?}");
            for (side, text) in &cues {
                if *side == me {
                    assert!(text.starts_with("Space / click / tap to serve"), "{text}");
                } else {
                    assert_eq!(text, THEIR_SERVE);
                }
            }
            s.device = Some(Device::Touch);
            assert!(texts(&s).iter().any(|(_, t)| t.starts_with("Tap to serve")));
            s.device = Some(Device::Pad);
            assert!(texts(&s)
                .iter()
                .any(|(_, t)| t.starts_with("Pad A to serve")));
            let mut want = [ONLINE_RIVAL; 2];
            want[me.index() as usize] = "YOU";
            assert_eq!(s.labels(), want);
            assert_eq!(s.hud_labels(), want, "no name given: RIVAL");
            // A rival who gave a name is called by it, in the HUD and on their serve.
            s.rival_name = Some("Bob".into());
            want[1 - me.index() as usize] = "Bob";
            assert_eq!(s.hud_labels(), want);
            s.device = None;
            assert!(
                texts(&s).iter().any(|(_, t)| t == "Bob's serve"),
                "{:?}",
                texts(&s)
            );
            s.rival_name = None;
        }
    }

    #[test]
    fn attract_session_plays_itself_and_stress_balls_top_up() {
        let mut s = Session::attract(&level(), 0, 3);
        for _ in 0..600 {
            s.step_cpus();
        }
        assert!(!s.game.world().balls().is_empty(), "the CPUs served");
        s.top_up_balls(200);
        assert_eq!(s.game.world().balls().len(), 200);
        assert!(!s.trails.is_empty());
    }

    #[test]
    fn attract_plays_a_solo_only_level_solo() {
        let text = "mode = solo\n[bricks]\n111\n";
        let s = Session::attract(&Level::parse(text).unwrap(), 0, 1);
        assert_eq!((s.game.mode(), s.labels()), (Mode::Solo, ["CPU", ""]));
        assert_eq!(Session::attract(&level(), 0, 1).game.mode(), Mode::Versus);
    }

    #[test]
    fn probe_bursts_share_ball_steps_and_report_fastest_and_median() {
        assert_eq!(probe_steps(0), PROBE_BALL_STEPS / 2);
        assert_eq!(probe_steps(2), PROBE_BALL_STEPS / 2);
        assert_eq!(probe_steps(5000), 40);
        assert_eq!(probe_steps(1_000_000), 1, "a burst always steps");
        assert_eq!(fastest_and_median(&[3.0, 9.0, 1.0, 5.0, 7.0]), (9.0, 5.0));
        assert_eq!(fastest_and_median(&[]), (0.0, 0.0));
        // A fake clock that advances 1 ms per reading: one burst of 100 steps
        // reads it twice, so it takes 1 ms and runs at 100,000 steps per second.
        let s = Session::attract(&level(), 0, 3);
        let clock = std::cell::Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 0.001);
            clock.get()
        };
        let rate = speed_probe_burst(&s.game, &s.cpus, 100, now);
        assert!((rate - 100_000.0).abs() < 1e-3, "{rate}");
        // A burst longer than a game restarts it rather than timing a finished one.
        let mut s = Session::attract(&level(), 0, 3);
        while s.game.outcome().is_none() {
            assert!(s.game.steps() < 2_000_000, "the attract game never ends");
            s.step_cpus();
        }
        let steps = s.game.steps();
        let fresh = Session::attract(&level(), 0, 3);
        assert_eq!(play_live_steps(&fresh.game, &fresh.cpus, 10), 1);
        let longer = u32::try_from(steps).unwrap() * 2 + 10;
        assert!(play_live_steps(&fresh.game, &fresh.cpus, longer) >= 2);
    }

    #[test]
    fn high_score_taken_once_and_never_for_two_humans() {
        let mut solo = Session::new(&level(), PlayMode::Solo, Difficulty::Easy, 0, 1);
        solo.run_score = 12;
        assert_eq!(
            solo.take_high_score("ABC").map(|h| (h.score, h.way)),
            Some((12, crate::app::records::Way::Solo))
        );
        assert_eq!(solo.take_high_score("ABC"), None);
        let mut two = Session::new(&level(), PlayMode::TwoPlayers, Difficulty::Easy, 0, 1);
        assert_eq!(two.take_high_score("ABC"), None);
    }

    /// Plays until the game ends; a ball staged into the top goal wins it for the
    /// bottom side (one goal reaches the target score).
    fn finished(play_mode: PlayMode) -> Session {
        let text = "target_score = 1\nrounds = 1\nwin_by = 1\n[bricks]\n1\n[balls]\nball at 200,400 velocity 40,-900 owner bottom\n";
        let mut s = Session::new(
            &Level::parse(text).unwrap(),
            play_mode,
            Difficulty::Easy,
            0,
            1,
        );
        s.cpus = [None, None];
        for _ in 0..600 {
            s.step_cpus();
        }
        assert!(s.game.outcome().is_some(), "the staged goal ends the game");
        s
    }

    #[test]
    fn results_speak_from_the_players_side_winner_first() {
        let won = finished(PlayMode::VersusCpu);
        assert_eq!(
            won.results(true),
            ("You win 5-0".into(), "Victory over the CPU (easy)".into()),
            "the result leads"
        );
        assert_eq!(
            finished(PlayMode::TwoPlayers).results(true).0,
            "P1 wins 5-0"
        );
    }

    #[test]
    fn results_for_the_cpu_put_its_score_first() {
        let text =
            "target_score = 1\nrounds = 1\nwin_by = 1\n[bricks]\n1\n[balls]\nball at 200,600 velocity 40,900 owner top\n";
        let mut s = Session::new(
            &Level::parse(text).unwrap(),
            PlayMode::VersusCpu,
            Difficulty::Easy,
            0,
            1,
        );
        s.cpus = [None, None];
        for _ in 0..600 {
            s.step_cpus();
        }
        assert_eq!(
            s.results(true),
            ("CPU wins 5-0".into(), "Defeat by the CPU (easy)".into())
        );
    }

    #[test]
    fn solo_score_is_the_run_total_everywhere() {
        let mut s = Session::new(&level(), PlayMode::Solo, Difficulty::Easy, 0, 1);
        s.run_score = 30;
        assert_eq!(s.hud_scores()[0], 30 + s.game.players()[0].score);
        assert_eq!(
            s.take_high_score("ABC").map(|h| h.score),
            Some(s.run_total())
        );
    }
}
