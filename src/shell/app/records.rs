//! What the shell keeps on disk and reloads from it: settings, high scores and
//! campaign progress written after each change, and the `--level` file polled for
//! edits (hot reload). A child of `app.rs`, so it works on `App`'s own fields.

use arkanong::app::{
    menus::enter_name, menus::refresh_locks, menus::LevelPreview, menus::Notice, menus::Screen,
    play::Reload, play::Session, records::refresh_saved, records::write_record, records::Settings,
};

use super::App;

impl App {
    /// A level just saved in the editor shows in the level select at once: its
    /// entry is replaced (or added), with its preview and lock.
    pub(super) fn pick_up_saved_level(&mut self) {
        let Some((text, path)) = self.editor.as_mut().and_then(|e| e.saved.take()) else {
            return;
        };
        if refresh_saved(&mut self.levels, &text, path) {
            self.previews = self
                .levels
                .iter()
                .map(|l| LevelPreview::of(&l.level))
                .collect();
            self.menu.level_count = self.levels.len();
            self.menu.level = self.menu.level.min(self.levels.len() - 1);
            refresh_locks(&mut self.menu, &self.levels, &self.progress);
        }
    }

    /// Keeps the menu's settings, applies the volume and writes them to disk.
    pub(super) fn save_settings(&mut self) {
        self.settings = Settings {
            volume: self.menu.volume,
            music_volume: self.menu.music_volume,
            muted: self.menu.muted,
            reduced_motion: self.menu.reduced_motion,
            high_contrast: self.menu.high_contrast,
            juice: self.menu.juice,
            bindings: self.menu.keys.bindings,
        };
        self.sound
            .set_volume(self.settings.gain(), self.settings.music_gain());
        if let Err(e) = write_record("settings", &self.settings.to_text()) {
            self.banner.notice(format!("could not save settings: {e}"));
        }
    }

    /// The run's one entry in the high scores, under the name just entered.
    pub(super) fn record_score(&mut self) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if enter_name(&self.menu, s, &mut self.scores, &mut self.progress) {
            if let Err(e) = write_record("scores", &self.scores.to_text()) {
                self.banner
                    .notice(format!("could not save high scores: {e}"));
            }
        }
        self.save_progress();
    }

    /// Writes the campaign's progress (cleared levels, bests, the last name).
    pub(super) fn save_progress(&mut self) {
        if let Err(e) = write_record("progress", &self.progress.to_text()) {
            self.banner.notice(format!("could not save progress: {e}"));
        }
    }

    /// Picks up a change to the `--level` file: a good file restarts the game on
    /// the new level (keeping the run's score), a broken one shows its error.
    pub(super) fn poll_reload(&mut self) {
        let Some(w) = self.watcher.as_mut() else {
            return;
        };
        match w.poll() {
            None => {}
            Some(Reload::Changed(level)) => {
                if let Some(s) = self.session.as_mut() {
                    let index = s.level_index;
                    self.levels[index].level = level.clone();
                    self.previews[index] = LevelPreview::of(&level);
                    let mut fresh =
                        Session::new(&level, s.play_mode, self.menu.difficulty, index, self.seed);
                    fresh.run_score = s.run_score;
                    fresh.bindings = s.bindings;
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
                self.banner.reload_error = None;
                self.banner.show(Notice::good("Level reloaded"));
            }
            Some(Reload::Broken(message)) => {
                eprintln!("{message}");
                self.banner.reload_error = Some(Notice::error(message));
            }
        }
    }
}
