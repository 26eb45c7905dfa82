//! The editor's settings form: a row per level setting, a value box each. Where
//! the window cannot show every row (a phone, either way round: issue 33) the
//! rows scroll by swipe or wheel, as every list does (`MenuInput::Scroll`'s
//! rule: stopping at either end), and the hint says there is more. A row opens
//! for typing on a tap, not a press, so a swipe that starts on a value moves
//! the form without opening that value.

use arkanong_core::app::editor::{
    form_row_and_pitch, form_rows_shown, form_value_box, EditorScreen, HINT_ROOM, SETTING_KEYS,
};
use arkanong_core::app::input::scroll_index;
use macroquad::prelude::*;

use super::window::EditorShell;
use crate::shell::palette::{Palette, ARENA};
use crate::shell::text::{draw_label, fit};

/// The form's panel colour (the editor's panels').
const PANEL: Color = Color::new(0.09, 0.10, 0.18, 1.0);

/// A row's height and pitch (the core's `form_row_and_pitch`).
fn row_and_pitch() -> (f32, f32) {
    form_row_and_pitch(crate::shell::view::touch_seen())
}

/// Where the form's rows go this frame (the core's `PaletteFrame::form_area`).
pub(super) fn form_area() -> Rect {
    super::palette::with_frame(|f| super::palette::mq_rect(f.form_area()))
}

/// The first row shown once `first` is moved by `lines` (a swipe's or the
/// wheel's, towards the end when positive), with `shown` of `count` rows
/// showing: held where the last row is at the bottom, or the first at the top.
fn scrolled(first: usize, lines: i32, shown: usize, count: usize) -> usize {
    scroll_index(first, lines, count.saturating_sub(shown) + 1)
}

impl EditorShell {
    /// Moves the form by `lines` rows (positive: towards its last row).
    pub(super) fn scroll_form(&mut self, lines: i32) {
        let (_, pitch) = row_and_pitch();
        let count = SETTING_KEYS.len();
        let shown = form_rows_shown(form_area().h, pitch, count);
        self.form_first = scrolled(self.form_first, lines, shown, count);
    }

    /// The settings form, each shown value's row kept for a tap.
    pub(super) fn draw_settings(&mut self, screen: &EditorScreen, palette: Palette) {
        self.fields.clear();
        let (row, pitch) = row_and_pitch();
        let area = form_area();
        let count = SETTING_KEYS.len();
        let shown = form_rows_shown(area.h, pitch, count);
        // The window may have turned since the last swipe.
        self.form_first = scrolled(self.form_first, 0, shown, count);
        let (x, y0, w) = (area.x, area.y, area.w);
        draw_rectangle(
            x - 8.0,
            y0 - 8.0,
            w + 16.0,
            pitch * shown as f32 + HINT_ROOM + 16.0,
            PANEL,
        );
        let touch = crate::shell::view::touch_seen();
        let more = if shown < count {
            format!(
                " (rows {}-{} of {count}: swipe for more)",
                self.form_first + 1,
                self.form_first + shown
            )
        } else {
            String::new()
        };
        let hint = if touch {
            format!("settings{more}: tap a value to type it (empty: default)")
        } else {
            format!("settings{more}: click a value, type, Enter (empty: default)")
        };
        let (hint, size) = fit(&hint, w, 16.0);
        draw_label(&hint, x, y0 + 12.0, size, GRAY);
        for (k, key) in SETTING_KEYS
            .iter()
            .enumerate()
            .skip(self.form_first)
            .take(shown)
        {
            let y = y0 + HINT_ROOM + pitch * (k - self.form_first) as f32;
            let (name, size) = fit(key, w * 0.4 - 8.0, 16.0);
            draw_label(&name, x, y + row * 0.5 + 6.0, size, WHITE);
            let b = form_value_box(
                arkanong_core::geom::Rect::new(vec2(x, y0), vec2(x + w, y0 + area.h)),
                crate::shell::view::touch_seen(),
                k - self.form_first,
            );
            let r = super::palette::mq_rect(b);
            let editing = screen.field.as_ref().filter(|f| f.key == k);
            let value = match editing {
                Some(f) => format!(
                    "{}|{}",
                    f.before_cursor(),
                    &f.text()[f.before_cursor().len()..]
                ),
                None => screen
                    .editor
                    .setting(key)
                    .unwrap_or_else(|| "(default)".to_owned()),
            };
            draw_rectangle(r.x, r.y, r.w, r.h, ARENA);
            if editing.is_some() {
                draw_rectangle_lines(
                    r.x,
                    r.y,
                    r.w,
                    r.h,
                    2.0,
                    super::draw::selected_color(palette),
                );
            }
            let (value, size) = fit(&value, r.w - 12.0, 16.0);
            draw_label(&value, r.x + 6.0, r.y + row * 0.5 + 6.0, size, WHITE);
            self.fields.push((k, r));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_rows_shown_fit_the_height_and_one_at_least() {
        // Thirteen rows of 48 px: a 390 px tall form shows seven.
        assert_eq!(form_rows_shown(390.0 - 16.0, 48.0, 13), 7);
        assert_eq!(
            form_rows_shown(2000.0, 48.0, 13),
            13,
            "a tall window shows them all"
        );
        assert_eq!(form_rows_shown(10.0, 48.0, 13), 1);
    }

    #[test]
    fn form_scroll_reaches_the_last_row_and_stops_at_both_ends() {
        // Seven of thirteen rows shown: the first row shown runs 0 to 6.
        assert_eq!(scrolled(0, 3, 7, 13), 3);
        assert_eq!(
            scrolled(3, 20, 7, 13),
            6,
            "the last row at the bottom, no further"
        );
        assert_eq!(
            scrolled(6, -20, 7, 13),
            0,
            "the first row at the top, no further"
        );
        assert_eq!(
            scrolled(4, 5, 13, 13),
            0,
            "every row shown: nothing to scroll"
        );
    }
}
