//! Test-play: whether the level as it stands can be played in a mode, and the
//! game it then runs, driven like a game from the menu (the player's keys, pads,
//! reduced motion and juice) by the one play driver.

use super::clear::TEST_PLAY_SEED;
use super::Editor;
use crate::app::input::Hands;
use crate::app::play::{PlayDriver, PlayMode, Played, Session};
use crate::app::records::Settings;
use crate::game::{Cpu, Difficulty};
use crate::level::{Level, Side};

/// A game started from the editor. The editor is left untouched, so leaving
/// returns to it exactly as it was.
#[derive(Debug, Clone)]
pub struct TestPlay {
    /// The game.
    pub session: Session,
    /// Its own clock and hit-stop: the editor's frames are not the menu game's.
    driver: PlayDriver,
    /// The editor's text a recorded game is played on, until its clear check
    /// is taken (`clear.rs`); `None` for a game not recorded.
    pub(super) clear_text: Option<String>,
}

impl TestPlay {
    /// The line over the game saying how to get back to the editing: a
    /// finger has test-play's Back button (and the browser's Back), not Esc
    /// (issue 47, Minor: the hint named keys on a touch device).
    pub fn note(&self, touch: bool) -> &'static str {
        match (self.session.game.outcome().is_some(), touch) {
            (true, true) => "game over: Back to edit",
            (true, false) => "game over: Esc or Back to edit",
            (false, true) => "test-play: Back to edit",
            (false, false) => "test-play: Esc or Back to edit",
        }
    }

    /// A game of `level` in `mode` (solo, versus the CPU, or two players).
    /// Versus the CPU, the CPU is Normal at its fixed row ([`Cpu::fixed`]): a
    /// win is the level's clear check, which the gallery verifies by playing
    /// that CPU again, so it does not play to the score (whose band may be
    /// retuned).
    pub fn new(level: &Level, mode: PlayMode) -> Self {
        let mut session = Session::new(level, mode, Difficulty::Normal, 0, TEST_PLAY_SEED);
        if let Some(cpu) = session.cpus[1].as_mut() {
            *cpu = Cpu::fixed(Side::Top, Difficulty::Normal, TEST_PLAY_SEED);
        }
        Self {
            session,
            driver: PlayDriver::new(),
            clear_text: None,
        }
    }

    /// One frame of `dt` seconds at `now` (seconds): the steps it calls for with
    /// the player's `hands` read through the saved `settings`, and what their
    /// events feed.
    pub fn frame(&mut self, (dt, now): (f64, f64), hands: &Hands, settings: &Settings) -> Played {
        self.driver
            .frame(&mut self.session, (dt, now), hands, settings)
    }
}

impl Editor {
    /// The level to test-play in `mode`, or why it cannot be: it has errors, or
    /// its `mode` setting does not allow that mode (solo, or versus for both the
    /// CPU and two players).
    pub fn playable(&self, mode: PlayMode) -> Result<&Level, String> {
        let Some(level) = self.doc.valid_level() else {
            let n = self.doc.diagnostics().iter();
            let n = n.filter(|d| d.diagnostic.is_error()).count();
            return Err(format!(
                "fix the {n} error(s) first: a level with errors cannot be played"
            ));
        };
        let allowed = match mode {
            PlayMode::Solo => level.mode.allows_solo(),
            _ => level.mode.allows_versus(),
        };
        if allowed {
            Ok(level)
        } else {
            Err(format!("this level is `mode = {}`", level.mode.keyword()))
        }
    }

    /// The status line's invitation for a level with no problems: only the
    /// ways its `mode` lets test-play start (a new `mode = versus` level was
    /// invited to "play solo", which then refused: issue 40 bug 5), named by
    /// the palette's buttons for a finger or a mouse (`pointer`), else by keys.
    pub fn play_hint(&self, pointer: bool) -> String {
        let ways = [
            (PlayMode::VersusCpu, "play vs", "P", "versus"),
            (PlayMode::Solo, "play solo", "Shift+P", "solo"),
            (PlayMode::TwoPlayers, "play 2p", "Ctrl+P", "two players"),
        ];
        let open: Vec<_> = ways
            .into_iter()
            .filter(|w| self.playable(w.0).is_ok())
            .collect();
        if pointer {
            let words: Vec<&str> = open.iter().map(|w| w.1).collect();
            let listed = match words.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            format!("no problems: {listed} tries it")
        } else {
            let keys: Vec<String> = open
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let plays = if i == 0 { " plays" } else { "" };
                    format!("{}{plays} {}", w.2, w.3)
                })
                .collect();
            format!("no problems: {}", keys.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_play_names_esc_only_where_there_is_a_keyboard() {
        let level = Level::parse("mode = both\n[bricks]\n1\n").expect("a level");
        let play = TestPlay::new(&level, PlayMode::Solo);
        assert_eq!(play.note(true), "test-play: Back to edit");
        assert!(play.note(false).contains("Esc"));
    }

    #[test]
    fn the_play_hint_invites_only_the_ways_the_level_allows() {
        // Issue 40 bug 5: a new level (`mode = versus`) was invited to "play
        // solo", and "play solo" then answered "this level is `mode = versus`".
        let new = Editor::new_level();
        assert!(new.playable(PlayMode::Solo).is_err());
        for pointer in [true, false] {
            let hint = new.play_hint(pointer);
            assert!(!hint.contains("solo"), "{hint}");
            assert!(hint.contains(if pointer { "play vs" } else { "P plays versus" }));
        }
        assert_eq!(
            new.play_hint(true),
            "no problems: play vs or play 2p tries it"
        );
        let both = Editor::open("mode = both\n[bricks]\n1\n");
        assert_eq!(
            both.play_hint(true),
            "no problems: play vs, play solo or play 2p tries it"
        );
        assert_eq!(
            both.play_hint(false),
            "no problems: P plays versus, Shift+P solo, Ctrl+P two players"
        );
        let solo = Editor::open("mode = solo\n[bricks]\n1\n");
        assert_eq!(solo.play_hint(true), "no problems: play solo tries it");
        assert_eq!(solo.play_hint(false), "no problems: Shift+P plays solo");
    }
    use crate::app::input::{Action, KeySet};
    use crate::game::Intent;
    use crate::level::Side;

    const FRAME: f64 = 1.0 / 60.0;

    /// Plays `frames` frames with the same `hands` and returns the bottom
    /// paddle's x before and after, and the last frame's feed.
    fn drive(hands: &Hands, settings: &Settings, frames: u32) -> (f32, f32, Played) {
        let level = Level::parse("[bricks]\n111\n").unwrap();
        let mut play = TestPlay::new(&level, PlayMode::Solo);
        let x = |p: &TestPlay| {
            let g = &p.session.game;
            let player = g.player(Side::Bottom).unwrap();
            g.world().paddles()[player.paddle.0 as usize].position.x
        };
        let before = x(&play);
        let mut last = Played::default();
        for k in 0..frames {
            last = play.frame((FRAME, f64::from(k) * FRAME), hands, settings);
        }
        (before, x(&play), last)
    }

    #[test]
    fn test_play_honours_the_players_keys_pads_and_reduced_motion() {
        let mut settings = Settings::default();
        settings
            .bindings
            .rebind(KeySet::Single, Action::Left, "J")
            .unwrap();
        let keys = |k| Hands {
            keys_down: vec![k],
            ..Hands::default()
        };
        // The rebound key moves the paddle; the default key it replaced does not.
        let (from, to, _) = drive(&keys("J"), &settings, 30);
        assert!(to < from - 10.0, "J moves left: {from} -> {to}");
        let (from, to, _) = drive(&keys("Left"), &settings, 30);
        assert_eq!(from, to, "Left is no longer bound");
        // The pad in slot 0 drives a lone player's paddle.
        let mut pad = Hands::default();
        pad.pads[0] = Intent {
            dx: 1,
            ..Intent::IDLE
        };
        let (from, to, _) = drive(&pad, &settings, 30);
        assert!(to > from + 10.0, "the pad moves right: {from} -> {to}");
        // Reduced motion is the player's choice, and the events are heard.
        for reduced in [false, true] {
            settings.reduced_motion = reduced;
            let (_, _, fed) = drive(&Hands::default(), &settings, 2);
            assert_eq!(
                (fed.reduced_motion, fed.sound, fed.effects),
                (reduced, true, true)
            );
            assert!(fed.steps > 0);
        }
    }
}
