//! A run's games: starting one (the campaign's next level carries the score
//! and the lives left) and leaving one for the title. A child of `app.rs`, so
//! it works on `App`'s own fields.

use arkanong::app::{
    menus::Screen, play::carry_lives, play::fit_play_mode, play::LevelWatcher, play::Session,
};

use super::App;

impl App {
    /// Straight into a game on `level` when `--level` named it (not in the demo).
    pub(super) fn start_named_level(&mut self, level: usize) {
        if self.options.level.is_none() || self.options.demo {
            return;
        }
        self.menu.level = level;
        self.menu.mode = self.options.mode.unwrap_or(self.menu.mode);
        self.menu.screen = Screen::Playing;
        self.start_game(false);
        // A run started from the command line never changes what is unlocked.
        if let Some(s) = self.session.as_mut() {
            s.unlocks = false;
        }
    }

    /// The game is left for the title: it is dropped, with its reload watch and
    /// any ceremony.
    pub(super) fn leave_game(&mut self) {
        self.session = None;
        self.watcher = None;
        self.effects.stage.end_ceremony();
    }

    /// After the name entry of a run left with "Quit to title": the title shows,
    /// so the game goes.
    pub(super) fn leave_game_at_title(&mut self) {
        if self.menu.screen == Screen::Title {
            self.leave_game();
        }
    }

    /// Starts a game on the menu's level. `carry_score` (the campaign's next
    /// level) carries the run's score and the lives left; a new run starts with
    /// the level's own lives.
    pub(super) fn start_game(&mut self, carry_score: bool) {
        let index = self.menu.level.min(self.levels.len() - 1);
        let entry = &self.levels[index];
        self.seed = self.seed.wrapping_add(1);
        let previous = self.session.as_ref().filter(|_| carry_score);
        // A level that allows only one mode starts in it, whatever was chosen.
        self.menu.mode = fit_play_mode(self.menu.mode, entry.level.mode);
        let level = previous.map_or_else(|| entry.level.clone(), |p| carry_lives(&entry.level, p));
        let mut session = Session::new(
            &level,
            self.menu.mode,
            self.menu.difficulty,
            index,
            self.seed,
        );
        session.run_score = previous.map_or(0, Session::run_total);
        // "Play again" and the next level keep the run's standing: a run from
        // `--level` still unlocks nothing.
        session.unlocks = self.session.as_ref().is_none_or(|s| s.unlocks);
        session.bindings = self.menu.keys.bindings;
        self.watcher = entry.path.as_ref().map(LevelWatcher::new);
        self.banner.reload_error = None;
        self.effects.stage.level_started(&entry.level);
        self.session = Some(session);
    }
}
