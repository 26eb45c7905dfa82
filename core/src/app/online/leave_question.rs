//! Where "Leave the match?" goes over a match in play (the browser's Back in
//! a match): a band across the window's middle with the question, a line, and
//! its two buttons a fingertip tall side by side, on whole pixels, so the
//! layout walk (`app::state`'s tests) checks it at phone sizes.

use glam::Vec2;

use crate::app::layout::{TextSizes, FINGER_PX};
use crate::geom::Rect;

/// The band's and the buttons' places, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeaveQuestion {
    /// The band behind the words.
    pub band: Rect,
    /// The question's baseline.
    pub title_y: f32,
    /// The line's baseline ("The match goes on until you choose.").
    pub line_y: f32,
    /// The two buttons, in the lobby's item order.
    pub buttons: [Rect; 2],
}

/// Lays the question out in a `window` with text of `text` sizes.
pub fn leave_question(window: Vec2, text: TextSizes) -> LeaveQuestion {
    let (w, h) = (window.x, window.y);
    let band_h = (text.title * 1.4 + text.body * 1.8 + FINGER_PX + 32.0).round();
    let top = ((h - band_h) * 0.5).round();
    let title_y = top + text.title * 0.9;
    let line_y = title_y + text.title * 0.6 + text.body * 1.2;
    let row_y = (line_y + text.body * 0.6 + 8.0).round();
    let gap = 16.0;
    let bw = ((w - gap * 3.0) * 0.5).clamp(FINGER_PX, 260.0).round();
    let left = ((w - bw * 2.0 - gap) * 0.5).round();
    let button = |k: f32| {
        let min = Vec2::new(left + k * (bw + gap), row_y);
        Rect::new(min, min + Vec2::new(bw, FINGER_PX))
    };
    LeaveQuestion {
        band: Rect::new(Vec2::new(0.0, top), Vec2::new(w, top + band_h)),
        title_y,
        line_y,
        buttons: [button(0.0), button(1.0)],
    }
}
