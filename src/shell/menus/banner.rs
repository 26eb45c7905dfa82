//! The banner over the game, drawn from the app's headless `Banner` (a notice
//! for a few seconds, green or red, or a level reload error until the file is
//! fixed).

use arkanong_core::app::menus::Banner;

use super::screens::draw_message;
use crate::shell::view::View;

/// Draws what `banner` shows at `now` (the app's seconds), if anything.
pub(crate) fn draw_banner(view: &View, banner: &Banner, now: f64) {
    if let Some(notice) = banner.shown(now) {
        draw_message(view, notice);
    }
}
