//! The one play driver: how every place a game runs turns a frame into game
//! steps. The player's game from the menu, the attract game behind the menus,
//! the editor's test-play, the online match (its local intent; GGRS owns its
//! steps) and the lab's live world all step through here, so keys, pads, the
//! serve's gating, hit-stop and reduced motion work the same in each.
//!
//! The driver holds the fixed-step clock ([`FixedStep`]) and the hit-stop
//! ([`HitStop`], a hold on that clock); it never reads a device or a wall clock:
//! the shell hands it the frame's `dt`, a `now` in seconds, the player's
//! [`Hands`] and the saved [`Settings`], and it hands back the frame's game
//! events ([`Played`]) and what they feed (sound, effects, reduced motion), so
//! the shell answers them in one place. The session is passed in, not owned, so
//! the driver can sit beside it in whatever state holds the game.

use super::{gate_intent, FixedStep, HandOff, PlayMode, Session, STRESS_MAX_STEPS_PER_FRAME};
use crate::app::feel::{HitStop, Moment};
use crate::app::input::Hands;
use crate::app::records::Settings;
use crate::game::{gather_inputs, GameEvent, Intent};
use crate::level::Side;
use crate::tuning::STEPS_PER_SECOND;

/// A frame's steps and what their events feed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Played {
    /// Fixed steps run this frame.
    pub steps: u32,
    /// The game events of those steps, in order.
    pub events: Vec<GameEvent>,
    /// Whether the events are heard (the attract game is silent).
    pub sound: bool,
    /// Whether the events show effects (not in the stress mode, where they would
    /// only measure themselves).
    pub effects: bool,
    /// Whether the effects keep to reduced motion: always the player's setting.
    pub reduced_motion: bool,
}

impl Played {
    /// A played game's events: heard and shown, with the player's motion setting.
    pub fn by_player(steps: u32, events: Vec<GameEvent>, settings: &Settings) -> Self {
        Self {
            steps,
            events,
            sound: true,
            effects: true,
            reduced_motion: settings.reduced_motion,
        }
    }
}

/// The play driver (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayDriver {
    clock: FixedStep,
    hitstop: HitStop,
    /// In the stress mode (`--balls N`), the balls the attract game is topped up
    /// to; 0 otherwise.
    stress_balls: usize,
}

impl Default for PlayDriver {
    fn default() -> Self {
        Self::new()
    }
}

impl PlayDriver {
    /// A driver at the game's [`STEPS_PER_SECOND`].
    pub fn new() -> Self {
        Self {
            clock: FixedStep::new(STEPS_PER_SECOND),
            hitstop: HitStop::default(),
            stress_balls: 0,
        }
    }

    /// The stress mode's driver: the attract game topped up to `balls` balls,
    /// without effects, and at most [`STRESS_MAX_STEPS_PER_FRAME`] steps a frame
    /// (see the constant). `balls` 0 is [`PlayDriver::new`].
    pub fn stress(balls: usize) -> Self {
        if balls == 0 {
            return Self::new();
        }
        Self {
            clock: FixedStep::capped(STEPS_PER_SECOND, STRESS_MAX_STEPS_PER_FRAME),
            stress_balls: balls,
            ..Self::new()
        }
    }

    /// The fixed steps a frame of `dt` seconds calls for (none while a hit-stop
    /// holds: they come later, none lost).
    pub fn advance(&mut self, dt: f64) -> u32 {
        self.clock.advance(dt)
    }

    /// The attract game's steps for a frame of `dt` seconds: the time caught
    /// up on ([`FixedStep::catch_up`]), but in the stress mode, whose capped
    /// clock is what it measures ([`PlayDriver::advance`]).
    pub fn advance_attract(&mut self, dt: f64) -> u32 {
        if self.stress_balls > 0 {
            self.clock.advance(dt)
        } else {
            self.clock.catch_up(dt)
        }
    }

    /// The most steps it runs for one frame.
    pub fn max_steps(&self) -> u32 {
        self.clock.max_steps()
    }

    /// A frame of a played game with its own clock (test-play): the steps `dt`
    /// calls for, then as [`PlayDriver::play`].
    pub fn frame(
        &mut self,
        session: &mut Session,
        (dt, now): (f64, f64),
        hands: &Hands,
        settings: &Settings,
    ) -> Played {
        let steps = self.advance(dt);
        self.play(session, steps, (hands, settings), now)
    }

    /// Runs `steps` steps of a played game: each human side's intent from
    /// `hands` through the saved bindings and the serve's gating (a menu's
    /// confirming key never serves), each CPU's own. Then, with the player's
    /// hit-stop switch on, a big event holds the clock (`now`: seconds, any clock
    /// that only moves forward). The events feed sound and effects.
    pub fn play(
        &mut self,
        session: &mut Session,
        steps: u32,
        (hands, settings): (&Hands, &Settings),
        now: f64,
    ) -> Played {
        session.bindings = settings.bindings;
        let two_players = session.play_mode == PlayMode::TwoPlayers;
        let mut events = Vec::new();
        for _ in 0..steps {
            let s = &mut *session;
            // A replay being watched plays its own inputs (idle once they run out).
            let recorded = s
                .playback
                .as_mut()
                .map(|p| p.pop_front().unwrap_or_default());
            let inputs = recorded.unwrap_or_else(|| {
                gather_inputs(&s.game, &mut s.cpus, |side| {
                    let raw = hands.intent(&s.game, side, two_players, &settings.bindings);
                    gate_intent(&s.game, side, &mut s.hand_off[side.index() as usize], raw)
                })
            });
            events.extend(s.step_with(&inputs));
            // A raced ghost keeps step with the player's game, beside it.
            if let Some(ghost) = s.ghost.as_mut() {
                ghost.step();
            }
        }
        if settings.juice.hitstop {
            let moment = Moment {
                balls: session.game.world().balls().len(),
                bricks_left: session.game.breakable_left(),
            };
            let pause = self.hitstop.react(&events, moment, now);
            self.clock.hold(pause);
        }
        Played::by_player(steps, events, settings)
    }

    /// Runs up to `steps` steps of an attract game (CPUs on both sides), stopping
    /// after the step that finishes it, so the caller can start the next one and
    /// run the rest there. In the stress mode a game still running is then topped
    /// up with balls. Silent; effects as the player set them, none in the stress mode.
    pub fn attract(&mut self, session: &mut Session, steps: u32, settings: &Settings) -> Played {
        let mut events = Vec::new();
        let mut ran = 0;
        while ran < steps && !session.is_finished() {
            events.extend(cpu_steps(session, 1));
            ran += 1;
        }
        if self.stress_balls > 0 && !session.is_finished() {
            session.top_up_balls(self.stress_balls);
        }
        Played {
            steps: ran,
            events,
            sound: false,
            effects: self.stress_balls == 0,
            reduced_motion: settings.reduced_motion,
        }
    }

    /// The local player's intent in an online match, where GGRS owns the steps:
    /// their `side` alone (the one-player keys, pad 0, the pointer), gated by
    /// the match's `hand_off` and the serve's "Ready". The hit-stop is the
    /// match's own, a hold counted in steps (`app::online`'s `StepHold`).
    pub fn online_intent(
        session: &Session,
        side: Side,
        hand_off: &mut HandOff,
        (hands, settings): (&Hands, &Settings),
    ) -> Intent {
        let raw = hands.intent(&session.game, side, false, &settings.bindings);
        gate_intent(&session.game, side, hand_off, raw)
    }
}

/// `steps` steps with the CPUs' intents (human sides idle): the attract game's
/// way, and the lab's live world's, one step per step of its counter. The
/// session keeps its contacts when they are on (see [`Session::keep_contacts`]).
pub fn cpu_steps(session: &mut Session, steps: u32) -> Vec<GameEvent> {
    let mut events = Vec::new();
    for _ in 0..steps {
        events.extend(session.step_cpus());
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::{ready_steps, serve_phase, ServePhase};
    use crate::game::Difficulty;
    use crate::level::Level;

    const FRAME: f64 = 1.0 / 60.0;

    /// Two idle humans and a ball staged into the top goal: one goal ends it.
    fn staged_goal() -> Session {
        let text = "target_score = 1\nrounds = 1\nwin_by = 1\n[bricks]\n1\n[balls]\nball at 200,400 velocity 40,-900 owner bottom\n";
        let level = Level::parse(text).unwrap();
        Session::new(&level, PlayMode::TwoPlayers, Difficulty::Easy, 0, 1)
    }

    /// Plays `frames` frames of `session` with `hands` from frame `from` on;
    /// returns the steps run.
    fn frames(
        driver: &mut PlayDriver,
        session: &mut Session,
        (from, frames): (u32, u32),
        hands: &Hands,
        settings: &Settings,
    ) -> u32 {
        (from..from + frames)
            .map(|k| {
                let now = f64::from(k) * FRAME;
                driver.frame(session, (FRAME, now), hands, settings).steps
            })
            .sum()
    }

    #[test]
    fn driver_hitstop_holds_the_clock_only_with_the_players_switch() {
        let mut settings = Settings::default();
        let mut run = |hitstop: bool| {
            settings.juice.hitstop = hitstop;
            let (mut driver, mut s) = (PlayDriver::new(), staged_goal());
            let steps = frames(&mut driver, &mut s, (0, 300), &Hands::default(), &settings);
            assert!(s.game.outcome().is_some(), "the staged goal ends the game");
            (steps, s.game.state_hash())
        };
        let ((on, on_hash), (off, off_hash)) = (run(true), run(false));
        // The goal's pause (0.08 s, 9.6 steps) comes out of the steps run; the
        // game ends the same, only later.
        assert!(
            (8..=12).contains(&(off - on)),
            "{off} steps without, {on} with"
        );
        assert_eq!(on_hash, off_hash);
    }

    #[test]
    fn driver_a_key_held_from_the_menu_never_serves() {
        let level = Level::parse("[bricks]\n111\n").unwrap();
        let mut s = Session::new(&level, PlayMode::Solo, Difficulty::Easy, 0, 1);
        let (mut driver, settings) = (PlayDriver::new(), Settings::default());
        let space = |pressed: bool| Hands {
            keys_down: vec!["Space"],
            keys_pressed: if pressed { vec!["Space"] } else { vec![] },
            ..Hands::default()
        };
        // The menu's Space, still held, then pressed again without a release.
        let past_ready = ready_steps() / 2 + 30;
        frames(&mut driver, &mut s, (0, 1), &space(true), &settings);
        frames(
            &mut driver,
            &mut s,
            (1, past_ready),
            &space(false),
            &settings,
        );
        frames(
            &mut driver,
            &mut s,
            (past_ready + 1, 1),
            &space(true),
            &settings,
        );
        let waiting = |s: &Session| serve_phase(&s.game, Side::Bottom);
        assert!(matches!(waiting(&s), ServePhase::Prompt { .. }));
        // Released, then pressed: it serves.
        let at = past_ready + 2;
        frames(&mut driver, &mut s, (at, 1), &Hands::default(), &settings);
        frames(&mut driver, &mut s, (at + 1, 1), &space(true), &settings);
        assert_eq!(waiting(&s), ServePhase::None);
    }

    #[test]
    fn driver_attract_stops_at_a_finished_game_and_the_stress_driver_tops_up() {
        let settings = Settings::default();
        let mut s = staged_goal();
        let played = PlayDriver::new().attract(&mut s, 2000, &settings);
        assert!(s.is_finished() && played.steps < 2000);
        assert_eq!(u64::from(played.steps), s.game.steps());
        assert!(played.effects && !played.sound);
        let level = Level::parse(crate::level::shipped_levels()[0].text).unwrap();
        let mut s = Session::attract(&level, 0, 3);
        let played = PlayDriver::stress(50).attract(&mut s, 10, &settings);
        assert_eq!((played.steps, s.game.world().balls().len()), (10, 50));
        assert!(!played.effects && !played.sound);
        assert_eq!(
            PlayDriver::stress(50).max_steps(),
            STRESS_MAX_STEPS_PER_FRAME
        );
    }
}
