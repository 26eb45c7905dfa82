//! A run's games: starting one (the campaign's next level carries the score and
//! the lives left), stepping it and the attract game through the play driver,
//! its end, leaving it, and the `--level` file reloaded when it is saved.

use super::frame::FrameInput;
use super::AppState;
use crate::app::menus::{finish_game, LevelPreview, Notice, Screen};
use crate::app::play::{carry_lives, fit_play_mode, LevelWatcher, PlayMode, Reload, Session};

/// How often a level file named with `--level` is checked for changes, seconds.
const RELOAD_POLL_SECONDS: f64 = 0.25;
/// How long menu input is ignored after a game ends, seconds.
const RESULTS_GUARD_SECONDS: f64 = 0.6;

impl AppState {
    /// Straight into a game on `level` (`--level`), with `mode` if given. A run
    /// started from the command line never changes what is unlocked.
    pub(super) fn start_named_level(&mut self, level: usize, mode: Option<PlayMode>) {
        self.menu.level = level;
        self.menu.mode = mode.unwrap_or(self.menu.mode);
        self.menu.screen = Screen::Playing;
        self.start_game(false);
        if let Some(s) = self.session.as_mut() {
            s.unlocks = false;
        }
    }

    /// Starts a game on the menu's level. `carry_score` (the campaign's next
    /// level) carries the run's score and the lives left; a new run starts with
    /// the level's own lives.
    pub(super) fn start_game(&mut self, carry_score: bool) {
        let index = self.menu.level.min(self.shared.levels.len() - 1);
        let entry = &self.shared.levels[index];
        self.shared.seed = self.shared.seed.wrapping_add(1);
        let previous = self.session.as_ref().filter(|_| carry_score);
        // A level that allows only one mode starts in it, whatever was chosen.
        self.menu.mode = fit_play_mode(self.menu.mode, entry.level.mode);
        let level = previous.map_or_else(|| entry.level.clone(), |p| carry_lives(&entry.level, p));
        let (mode, difficulty) = (self.menu.mode, self.menu.difficulty);
        let mut session = Session::new(&level, mode, difficulty, index, self.shared.seed);
        session.run_score = previous.map_or(0, Session::run_total);
        // "Play again" and the next level keep the run's standing: a run from
        // `--level` still unlocks nothing.
        session.unlocks = self.session.as_ref().is_none_or(|s| s.unlocks);
        session.set = entry.set.clone();
        session.device = self.menu.device;
        let files = &self.shared.seams.files;
        self.watcher = (entry.path.as_ref()).map(|p| LevelWatcher::new(p, files.clone()));
        self.shared.banner.reload_error = None;
        self.shared.out.levels_started.push(index);
        self.session = Some(session);
    }

    /// The game is left for the title: it is dropped, with its reload watch and
    /// any ceremony.
    pub(super) fn leave_game(&mut self) {
        self.session = None;
        self.watcher = None;
        self.shared.out.left_game = true;
    }

    /// After the name entry of a run left with "Quit to title": the title shows,
    /// so the game goes.
    pub(super) fn leave_game_at_title(&mut self) {
        if self.screen() == Screen::Title {
            self.leave_game();
        }
    }

    /// The fixed steps this frame's time calls for: the player's game while it
    /// shows, else the attract game behind the menus.
    pub(super) fn step_games(&mut self, input: &FrameInput) {
        let playing = self.screen() == Screen::Playing && !self.demo;
        // The attract game runs when no player's game is kept (or in the demo);
        // it catches up on long frames, a player's game never does (issue 41:
        // pausing, and dropping time, are for a player's game).
        let attract = self.session.is_none() || self.demo;
        let dt = f64::from(input.dt);
        let steps = if attract {
            self.shared.driver.advance_attract(dt)
        } else {
            self.shared.driver.advance(dt)
        };
        match self.session.as_mut() {
            Some(s) if playing => {
                // A watched replay runs the clock's steps at its bar's speed
                // (none while paused): the same steps, more a frame.
                let steps = s.watch.as_ref().map_or(steps, |w| w.steps(steps));
                s.keep_contacts(input.debug);
                s.device = self.menu.device;
                let hands = (&input.hands, &self.shared.settings);
                let played = self.shared.driver.play(s, steps, hands, self.shared.now);
                self.shared.out.played = Some(played);
                self.end_of_game();
            }
            Some(_) if !self.demo => {}
            _ => self.shared.step_attract(steps, input.debug),
        }
    }

    /// A game that has just ended: its ceremony starts (the shell's), its end is
    /// recorded, and the results follow after a guard against a key still held.
    fn end_of_game(&mut self) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        if s.game.outcome().is_none() || self.screen() != Screen::Playing {
            return;
        }
        self.shared.out.game_over = true;
        let entry = &self.shared.levels[s.level_index];
        if finish_game(
            &mut self.menu,
            s,
            &self.shared.scores,
            &mut self.shared.progress,
            entry,
        ) {
            self.save_progress();
        }
        self.guard_until = self.shared.now + RESULTS_GUARD_SECONDS;
        self.results_at = self.shared.now;
        #[cfg(feature = "online")]
        self.community_game_over();
    }

    /// Picks up a change to the `--level` file: a good file restarts the game on
    /// the new level (keeping the run's score), a broken one shows its error
    /// until the file is fixed.
    pub(super) fn poll_reload(&mut self) {
        if self.shared.now - self.last_reload_poll <= RELOAD_POLL_SECONDS {
            return;
        }
        self.last_reload_poll = self.shared.now;
        let Some(reload) = self.watcher.as_mut().and_then(LevelWatcher::poll) else {
            return;
        };
        match reload {
            Reload::Changed(level) => {
                if let Some(s) = self.session.as_mut() {
                    let index = s.level_index;
                    self.shared.levels[index].level = level.clone();
                    self.shared.previews[index] = LevelPreview::of(&level);
                    let mut fresh =
                        Session::new(&level, s.play_mode, s.difficulty, index, self.shared.seed);
                    fresh.run_score = s.run_score;
                    // A `--level` run stays one: a reload unlocks nothing either.
                    fresh.unlocks = s.unlocks;
                    fresh.set = std::mem::take(&mut s.set);
                    *s = fresh;
                    // A reload on a results screen restarts play on the new level,
                    // rather than leaving its results over a fresh game.
                    if matches!(
                        self.menu.screen,
                        Screen::GameOver | Screen::LevelCleared | Screen::NameEntry
                    ) {
                        self.menu.screen = Screen::Playing;
                    }
                }
                self.shared.banner.reload_error = None;
                self.shared
                    .banner
                    .show(Notice::good("Level reloaded"), self.shared.now);
            }
            Reload::Broken(message) => {
                self.shared.out.console.push(message.clone());
                self.shared.banner.reload_error = Some(Notice::error(message));
            }
        }
    }
}
