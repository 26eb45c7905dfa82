//! What the shell keeps on disk and reloads from it: settings, high scores and
//! campaign progress written after each change, and the `--level` file polled for
//! edits (hot reload). A child of `app.rs`, so it works on `App`'s own fields.

use arkanong::app::{
    menus::enter_name, menus::refresh_locks, menus::LevelPreview, menus::Menu, menus::Notice,
    menus::Screen, play::Reload, play::Session, records::load_keeping, records::refresh_saved,
    records::save_keeping, records::HighScores, records::KeptLines, records::Progress,
    records::Record, records::Settings,
};

use super::App;
use crate::shell::menus::Banner;

/// The lines of each record that did not read when it was loaded, kept to be
/// written back after the values the game knows (see `app::records::lines`).
#[derive(Debug, Default)]
pub(super) struct KeptRecords {
    settings: KeptLines,
    scores: KeptLines,
    progress: KeptLines,
}

/// The records as loaded at start-up, and what to tell the player about them.
pub(super) struct LoadedRecords {
    pub(super) settings: Settings,
    pub(super) scores: HighScores,
    pub(super) progress: Progress,
    pub(super) kept: KeptRecords,
    /// One line each for the console and the banner.
    pub(super) messages: Vec<String>,
    /// Short lines for the Settings screen.
    pub(super) notices: Vec<String>,
}

/// Loads settings, scores and progress, keeping the lines that do not read.
pub(super) fn load_records() -> LoadedRecords {
    // Wall-clock seconds, only to name a record set aside (never the simulation).
    let now = macroquad::miniquad::date::now().max(0.0) as u64;
    let settings = load_keeping::<Settings>("settings", now);
    let scores = load_keeping::<HighScores>("scores", now);
    let progress = load_keeping::<Progress>("progress", now);
    let messages = [&settings.message, &scores.message, &progress.message];
    let notices = [&settings.notice, &scores.notice, &progress.notice];
    LoadedRecords {
        settings: settings.value,
        scores: scores.value,
        progress: progress.value,
        kept: KeptRecords {
            settings: settings.kept,
            scores: scores.kept,
            progress: progress.kept,
        },
        messages: messages.into_iter().flatten().cloned().collect(),
        notices: notices.into_iter().flatten().cloned().collect(),
    }
}

/// Puts the settings loaded into the menu's Settings screen.
pub(super) fn show_settings(menu: &mut Menu, settings: &Settings) {
    menu.volume = settings.volume;
    menu.music_volume = settings.music_volume;
    menu.muted = settings.muted;
    menu.reduced_motion = settings.reduced_motion;
    menu.high_contrast = settings.high_contrast;
    menu.juice = settings.juice;
    menu.keys.bindings = settings.bindings;
}

/// Says once what did not read: a console line each (a console warning in the
/// browser, which shows no stderr) and the banner.
pub(super) fn tell(messages: &[String], banner: &mut Banner) {
    for m in messages {
        #[cfg(target_arch = "wasm32")]
        macroquad::miniquad::warn!("arkanong: {}", m);
        eprintln!("{m}");
        banner.notice(m.clone());
    }
}

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
        if let Err(e) = save_keeping("settings", &self.settings.to_text(), &self.kept.settings) {
            self.banner.notice(format!("could not save settings: {e}"));
        }
    }

    /// The run's one entry in the high scores, under the name just entered.
    pub(super) fn record_score(&mut self) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if enter_name(&self.menu, s, &mut self.scores, &mut self.progress) {
            if let Err(e) = save_keeping("scores", &self.scores.to_text(), &self.kept.scores) {
                self.banner
                    .notice(format!("could not save high scores: {e}"));
            }
        }
        self.save_progress();
    }

    /// Writes the campaign's progress (cleared levels, bests, the last name).
    pub(super) fn save_progress(&mut self) {
        if let Err(e) = save_keeping("progress", &self.progress.to_text(), &self.kept.progress) {
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
                        Session::new(&level, s.play_mode, s.difficulty, index, self.seed);
                    fresh.run_score = s.run_score;
                    fresh.bindings = s.bindings;
                    // A `--level` run stays one: a reload unlocks nothing either.
                    fresh.unlocks = s.unlocks;
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
