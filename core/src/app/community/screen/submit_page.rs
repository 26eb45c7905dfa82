//! The Submit page of the Community screen: a solo game of a community level
//! just ended, its score offered to the level's board (the name asked at the
//! first submit). A game its author's update made old (issue 45, versions:
//! the level changed while it was played, and the gallery lists scores of
//! the latest version only) is refused, but the run is not lost: the page
//! says why, plays the new version, and saves the game's replay as a file
//! (`arkanong replay` verifies it, `arkanong --replay` watches it).

use super::community_screen::{CommunityAction, CommunityScreen, Page, Row, Submission, Want};
use super::replies::kept_detail;
use crate::app::community::{ApiRequest, Gallery};
use crate::app::play::replay_file_name;

impl CommunityScreen {
    /// The screen offering to submit `submission` (a solo game just ended on
    /// the level `text`; its page and top ten follow).
    pub fn offering(gallery: Gallery, submission: Submission, text: &str) -> Self {
        let mut screen = Self::new(gallery);
        screen.started = true;
        // Where it ranks follows when its board comes (`standing.rs`).
        screen.status = format!(
            "You scored {} in {}.",
            submission.score,
            super::community_screen::clock(submission.steps)
        );
        screen.open = Some(kept_detail(&submission.code, text));
        screen.keep_text(&submission.code, text);
        // A daily game's Top 10 is its day's board.
        screen.day_board.clone_from(&submission.daily);
        screen.submission = Some(submission);
        screen.page = Page::Submit;
        screen
    }

    /// The Submit page's rows.
    pub(super) fn submit_rows(&self) -> Vec<Row> {
        if self.typing {
            return vec![Row::Name, Row::Erase, Row::Back];
        }
        match (&self.submission, &self.refused_run) {
            (Some(_), _) if !self.board_name.is_empty() => {
                vec![Row::Submit, Row::Name, Row::NotNow]
            }
            (Some(_), _) => vec![Row::Submit, Row::NotNow],
            // Refused as of an old version: the new one to play, the run
            // to keep (a file), its board, or done.
            (None, Some(_)) => vec![Row::PlaySolo, Row::SaveReplay, Row::Top, Row::NotNow],
            // Submitted: the level's top ten, or done.
            (None, None) => vec![Row::Top, Row::NotNow],
        }
    }

    /// What the Submit page's own rows say.
    pub(super) fn submit_label(&self, row: Row) -> String {
        match row {
            Row::PlaySolo => match self.open.as_ref().map(|d| d.summary.version) {
                Some(v) if v > 1 => format!("Play version {v}"),
                _ => "Play its new version".to_owned(),
            },
            Row::SaveReplay => "Save this game's replay".to_owned(),
            Row::Submit if self.submission.is_none() => "Submit".to_owned(),
            Row::Submit if self.board_name.is_empty() => "Submit the score...".to_owned(),
            Row::Submit => format!("Submit the score as {}", self.board_name),
            Row::Name if self.typing && self.touch => {
                format!("Name: {}_  (tap here)", self.name_draft)
            }
            Row::Name if self.typing => format!("Name: {}_  (Enter)", self.name_draft),
            Row::Name => format!("Change the name ({})", self.board_name),
            Row::NotNow if self.submission.is_none() => "Done".to_owned(),
            _ => "Not now".to_owned(),
        }
    }

    /// The score was refused as of a version its author has since replaced:
    /// the game is kept (Save this game's replay), and the level's latest
    /// version asked for (the page shows it, Play plays it).
    pub(super) fn refused_as_old(&mut self) {
        self.cursor = 0;
        self.refused_run = self.submission.take();
        if let Some(code) = self.refused_run.as_ref().map(|s| s.code.clone()) {
            let want = Want::Newer { code: code.clone() };
            self.send(want, ApiRequest::level(&code));
        }
    }

    /// Save this game's replay: the refused game's replay, to be written as
    /// `replay-CODE-NAME-SCORE`.
    pub(super) fn save_refused(&self) -> CommunityAction {
        match &self.refused_run {
            Some(run) => CommunityAction::SaveReplay {
                file: replay_file_name(&run.code, &run.name, Some(run.score)),
                replay: run.replay.clone(),
            },
            None => CommunityAction::None,
        }
    }
}
