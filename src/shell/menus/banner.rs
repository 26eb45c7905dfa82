//! The banner over the game: a notice for a few seconds (green or red, see
//! `app::Notice`), or a level reload error until the file is fixed.

use arkanong::app::menus::Notice;
use macroquad::prelude::get_time;

use super::screens::draw_message;
use crate::shell::view::View;

/// How long a notice stays on screen, seconds.
const NOTICE_SECONDS: f64 = 4.0;

/// What the window shows over the game: a notice for a few seconds, or a level
/// reload error until the file is fixed.
#[derive(Debug, Default)]
pub(crate) struct Banner {
    notice: Option<(Notice, f64)>,
    /// A level reload error, shown until the file is fixed.
    pub(crate) reload_error: Option<Notice>,
}

impl Banner {
    /// Shows `notice` for a few seconds.
    pub(crate) fn show(&mut self, notice: Notice) {
        self.notice = Some((notice, get_time() + NOTICE_SECONDS));
    }

    /// Shows a failure for a few seconds.
    pub(crate) fn notice(&mut self, text: impl Into<String>) {
        self.show(Notice::error(text));
    }

    /// Draws the reload error, else a notice still in its time.
    pub(crate) fn draw(&self, view: &View) {
        if let Some(e) = &self.reload_error {
            draw_message(view, e);
        } else if let Some((notice, until)) = &self.notice {
            if get_time() < *until {
                draw_message(view, notice);
            }
        }
    }
}
