//! Test-play: whether the level as it stands can be played in a mode, and the
//! game it then runs, driven like a game from the menu (the player's keys, pads,
//! reduced motion and juice) by the one play driver.

use super::Editor;
use crate::app::input::Hands;
use crate::app::play::{PlayDriver, PlayMode, Played, Session};
use crate::app::records::Settings;
use crate::game::Difficulty;
use crate::level::{Level, LevelMode};

/// A game started from the editor. The editor is left untouched, so leaving
/// returns to it exactly as it was.
#[derive(Debug, Clone)]
pub struct TestPlay {
    /// The game.
    pub session: Session,
    /// Its own clock and hit-stop: the editor's frames are not the menu game's.
    driver: PlayDriver,
}

impl TestPlay {
    /// A game of `level` in `mode` (solo, versus the CPU, or two players).
    pub fn new(level: &Level, mode: PlayMode) -> Self {
        Self {
            session: Session::new(level, mode, Difficulty::Normal, 0, 1),
            driver: PlayDriver::new(),
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

/// The editor's status line when the level has no problems: how to try it,
/// in the modes its `mode` allows only (issue 45: a `mode = solo` level was
/// told "P plays versus", which then refused). A finger or a mouse (`pointer`)
/// has the palette's play buttons; keys have P (versus), Shift+P (solo) and
/// Ctrl+P (two players).
pub fn ready_hint(mode: LevelMode, pointer: bool) -> &'static str {
    match (mode, pointer) {
        (LevelMode::Both, true) => "no problems: play vs, play solo or play 2p tries it",
        (LevelMode::Both, false) => "no problems: P plays versus, Shift+P solo, Ctrl+P two players",
        (LevelMode::Solo, true) => "no problems: play solo tries it (a solo level)",
        (LevelMode::Solo, false) => "no problems: Shift+P plays it solo (a solo level)",
        (LevelMode::Versus, true) => "no problems: play vs or play 2p tries it (a versus level)",
        (LevelMode::Versus, false) => {
            "no problems: P plays versus, Ctrl+P two players (a versus level)"
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;
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

#[cfg(test)]
mod hint_tests {
    use super::*;

    /// Every mode the status line offers plays, and no other is offered.
    #[test]
    fn the_status_line_offers_the_test_plays_the_levels_mode_allows() {
        for mode in ["solo", "versus", "both"] {
            let editor = Editor::open(&format!("title = T\nmode = {mode}\n[bricks]\n11\n"));
            let level = editor
                .playable(PlayMode::TwoPlayers)
                .or_else(|_| editor.playable(PlayMode::Solo));
            let level_mode = level.expect("the level has no errors").mode;
            for pointer in [false, true] {
                let hint = ready_hint(level_mode, pointer);
                let offers = if pointer {
                    [
                        (hint.contains("play vs"), PlayMode::VersusCpu),
                        (hint.contains("play solo"), PlayMode::Solo),
                        (hint.contains("play 2p"), PlayMode::TwoPlayers),
                    ]
                } else {
                    [
                        (hint.contains("P plays versus"), PlayMode::VersusCpu),
                        (hint.contains("Shift+P"), PlayMode::Solo),
                        (hint.contains("Ctrl+P"), PlayMode::TwoPlayers),
                    ]
                };
                for (offered, play) in offers {
                    let plays = editor.playable(play).is_ok();
                    assert_eq!(offered, plays, "mode = {mode}, {play:?}: {hint}");
                }
            }
        }
    }
}
