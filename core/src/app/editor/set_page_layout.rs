//! Where the editor's set page and its items go in any window, worked out
//! without a window so the layout walk checks them at phone sizes (issue 47):
//! laid over the arena below the palette and above the diagnostics, or
//! beside the palette's side column on a phone held sideways; its heading, the
//! new set's title box, its buttons flowed into rows, and as many of its rows
//! as fit, scrolled to keep the current one shown. The shell draws where this
//! says and keeps the boxes for a press.

use glam::Vec2;

use super::flow::{flow, rows};
use super::panels::{row_height, side_column, PaletteFrame, LIST_HEIGHT};
use super::screen::{SetButton, SetPage};
use crate::geom::Rect;

/// Room beside a label inside its button, pixels (both sides together).
pub const SET_LABEL_PAD: f32 = 12.0;
/// The heading's line, pixels.
pub const SET_HEADING_PX: f32 = 16.0;
/// Room inside the page's edge, pixels.
pub const SET_INSET: f32 = 8.0;

/// Where the set page and its items are this frame.
#[derive(Debug, Clone, PartialEq)]
pub struct SetPageLayout {
    /// The page.
    pub panel: Rect,
    /// The new set's title box, while one is typed.
    pub title_box: Option<Rect>,
    /// Each button and row shown, with what it is.
    pub items: Vec<(Rect, SetButton)>,
    /// The first row shown.
    pub first_row: usize,
}

impl PaletteFrame<'_> {
    /// The set page's place: over the arena, below the palette and the
    /// notice line and above the diagnostics; beside the palette's column on
    /// a phone held sideways.
    pub fn set_page_area(&self) -> Rect {
        let (w, h) = (self.window.x, self.window.y);
        match side_column(self.window, self.touch) {
            Some(column) => Rect::new(Vec2::new(column + 4.0, 4.0), Vec2::new(w - 4.0, h - 4.0)),
            None => {
                let top = self.layout(None).height + 30.0;
                let width = w.min(900.0) - 16.0;
                let x = (w - width) * 0.5;
                let bottom = (h - LIST_HEIGHT - 4.0).max(top);
                Rect::new(Vec2::new(x, top), Vec2::new(x + width, bottom))
            }
        }
    }

    /// The set page's layout for `page` (labels measured by the frame's
    /// `measure`): heading, title box, buttons, then as many rows as fit from
    /// row `first` (see [`first_row`]; `follow`: keep the current row shown).
    pub fn set_page_layout(&self, page: &SetPage, first: usize, follow: bool) -> SetPageLayout {
        let panel = self.set_page_area();
        let row_h = row_height(self.touch);
        let inset = Vec2::splat(SET_INSET);
        let inner = Rect::new(panel.min + inset, panel.max - inset);
        let width = inner.size().x;
        let mut y = inner.min.y + SET_HEADING_PX + 10.0;
        let title_box = page.title.as_ref().map(|_| {
            let r = whole(inner.min.x, y, width, row_h - 2.0);
            y += row_h;
            r
        });
        let actions = page.actions();
        let widths: Vec<f32> = (actions.iter())
            .map(|&b| ((self.measure)(&page.label(b)) + SET_LABEL_PAD).max(row_h))
            .collect();
        let slots = flow(&widths, width);
        let mut items: Vec<(Rect, SetButton)> = (slots.iter().zip(&actions))
            .map(|(s, &b)| {
                let top = y + s.row as f32 * row_h;
                (whole(inner.min.x + s.x, top, s.width - 2.0, row_h - 2.0), b)
            })
            .collect();
        y += rows(&slots) as f32 * row_h + 6.0;
        let all = page.rows();
        let room = (((inner.max.y - y) / row_h).floor() as usize).max(1);
        let current = match page.focused() {
            Some(SetButton::Set(i)) => i,
            _ if page.open.is_some() => page.row,
            _ => 0,
        };
        let first = first_row(first, current, room, all.len(), follow);
        for (k, &b) in all.iter().skip(first).take(room).enumerate() {
            let top = y + k as f32 * row_h;
            items.push((whole(inner.min.x, top, width, row_h - 2.0), b));
        }
        SetPageLayout {
            panel,
            title_box,
            items,
            first_row: first,
        }
    }
}

/// A rectangle at `x`, `y` of `w` by `h`, on whole pixels.
fn whole(x: f32, y: f32, w: f32, h: f32) -> Rect {
    let min = Vec2::new(x, y).round();
    Rect::new(min, min + Vec2::new(w, h).round())
}

/// The first of `count` rows shown, `room` at a time, when `first` was shown
/// (a swipe may have moved it): kept within the list, and moved just enough
/// to show row `current` when `follow` (the keys' focus moved to it).
pub fn first_row(first: usize, current: usize, room: usize, count: usize, follow: bool) -> usize {
    let mut first = first.min(count.saturating_sub(room));
    if follow {
        if current < first {
            first = current;
        } else if current >= first + room {
            first = current + 1 - room;
        }
    }
    first.min(count.saturating_sub(room))
}

#[cfg(test)]
mod tests {
    use super::first_row;

    #[test]
    fn swiped_rows_stay_where_the_swipe_left_them_within_the_list() {
        // Ten rows, three shown: a swipe's first row is kept, never past the end.
        assert_eq!(
            first_row(4, 0, 3, 10, false),
            4,
            "a swipe moves off the current row"
        );
        assert_eq!(
            first_row(20, 0, 3, 10, false),
            7,
            "the last row at the bottom, no further"
        );
        assert_eq!(
            first_row(5, 0, 3, 2, false),
            0,
            "every row shown: nothing to scroll"
        );
    }

    #[test]
    fn a_focus_moved_by_the_keys_scrolls_just_enough_to_show_it() {
        assert_eq!(
            first_row(0, 5, 3, 10, true),
            3,
            "below: the current row at the bottom"
        );
        assert_eq!(
            first_row(6, 2, 3, 10, true),
            2,
            "above: the current row at the top"
        );
        assert_eq!(first_row(4, 5, 3, 10, true), 4, "shown already: no move");
    }
}
