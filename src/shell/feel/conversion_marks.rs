//! Drawing the conversion marks (`app/feel/conversion_mark.rs`): a halo in the
//! new owner's colour around each converted ball, thick enough to read on a
//! phone, with a dark rim so it stands out on either side's floor.

use arkanong_core::app::feel::ConversionMarks;
use arkanong_core::tuning::BALL_RADIUS;
use macroquad::prelude::*;

use crate::shell::view::View;

/// A halo's radius at rest, in ball radii.
const MARK_RADII: f32 = 2.4;
/// A halo's line, in ball radii.
const MARK_LINE_RADII: f32 = 0.55;
/// The smallest a halo's radius and line are drawn, pixels: a 390 px phone
/// draws a ball about 4 px across, and the mark must still read there.
const MARK_MIN_PX: (f32, f32) = (11.0, 3.0);

/// Draws every mark showing: a dark rim, the halo in the new owner's colour,
/// and a faint fill of that colour inside (the ball's new side, at a glance).
pub(crate) fn draw_conversion_marks(marks: &ConversionMarks, view: &View, reduced_motion: bool) {
    for mark in marks.shown(reduced_motion) {
        let c = view.to_screen(mark.at);
        let radius = view.len(BALL_RADIUS * MARK_RADII).max(MARK_MIN_PX.0) * mark.swell;
        let line = view.len(BALL_RADIUS * MARK_LINE_RADII).max(MARK_MIN_PX.1);
        let color = view.palette.side(mark.to);
        let fade = |k: Color, a: f32| Color {
            a: a * mark.alpha,
            ..k
        };
        draw_circle(c.x, c.y, radius, fade(color, 0.18));
        draw_circle_lines(c.x, c.y, radius + line * 0.5, line * 1.8, fade(BLACK, 0.55));
        draw_circle_lines(c.x, c.y, radius, line, fade(color, 1.0));
    }
}
