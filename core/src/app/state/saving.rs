//! The records the app keeps: loaded once at start-up (what does not read is kept
//! and said), and handed to the shell to write after each change, the kept lines
//! at their end.

use super::frame::RecordSave;
use super::AppState;
use crate::app::menus::enter_name;
use crate::app::records::{
    load_keeping, HighScores, KeptLines, KnownSets, Progress, Record, Settings,
};

/// The lines of each record that did not read when it was loaded, kept to be
/// written back after the values the game knows (see `app::records::lines`).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct KeptRecords {
    /// The settings' lines.
    pub settings: KeptLines,
    /// The high scores' lines.
    pub scores: KeptLines,
    /// The progress' lines.
    pub progress: KeptLines,
}

/// The records as loaded at start-up, and what to tell the player about them.
#[derive(Debug, Default)]
pub struct LoadedRecords {
    /// The settings.
    pub settings: Settings,
    /// The high-score tables.
    pub scores: HighScores,
    /// The campaign's progress.
    pub progress: Progress,
    /// What did not read, to write back.
    pub kept: KeptRecords,
    /// One line each for the console and the banner.
    pub messages: Vec<String>,
    /// Short lines for the Settings screen.
    pub notices: Vec<String>,
    /// The player's own sets as read with the level list (the shell hands
    /// them over: `app::records::read_levels`).
    pub sets: KnownSets,
}

/// Loads settings, scores and progress from the data folder (or the browser's
/// storage), keeping the lines that do not read. `unix_seconds` (the wall
/// clock, never the simulation's) names a record set aside.
pub fn load_records(unix_seconds: u64) -> LoadedRecords {
    let settings = load_keeping::<Settings>("settings", unix_seconds);
    let scores = load_keeping::<HighScores>("scores", unix_seconds);
    let progress = load_keeping::<Progress>("progress", unix_seconds);
    let messages = [&settings.message, &scores.message, &progress.message];
    let notices = [&settings.notice, &scores.notice, &progress.notice];
    LoadedRecords {
        messages: messages.into_iter().flatten().cloned().collect(),
        notices: notices.into_iter().flatten().cloned().collect(),
        settings: settings.value,
        scores: scores.value,
        progress: progress.value,
        kept: KeptRecords {
            settings: settings.kept,
            scores: scores.kept,
            progress: progress.kept,
        },
        sets: KnownSets::default(),
    }
}

impl AppState {
    /// The settings, to write.
    pub(super) fn save_settings(&mut self) {
        let text = self
            .shared
            .kept
            .settings
            .append_to(&self.shared.settings.to_text());
        self.shared.out.saves.push(RecordSave {
            name: "settings".into(),
            text,
        });
    }

    /// The campaign's progress (cleared levels, bests, the last name), to write.
    pub(super) fn save_progress(&mut self) {
        let text = self
            .shared
            .kept
            .progress
            .append_to(&self.shared.progress.to_text());
        self.shared.out.saves.push(RecordSave {
            name: "progress".into(),
            text,
        });
    }

    /// The run's one entry in the high scores, under the name just entered;
    /// the scores and the progress (which keeps the name) to write.
    pub(super) fn record_score(&mut self) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if enter_name(
            &self.menu,
            s,
            &mut self.shared.scores,
            &mut self.shared.progress,
        ) {
            let text = self
                .shared
                .kept
                .scores
                .append_to(&self.shared.scores.to_text());
            self.shared.out.saves.push(RecordSave {
                name: "scores".into(),
                text,
            });
        }
        self.save_progress();
    }

    /// A record could not be written: the player is told (the game goes on).
    pub fn save_failed(&mut self, name: &str, why: &str) {
        let what = match name {
            "scores" => "high scores",
            other => other,
        };
        self.shared.tell(format!("could not save {what}: {why}"));
    }
}
