//! The editor's set page in the window (`arkanong_core::app::editor::SetPage`, where
//! every choice is made): laid over the level, its heading, the new set's title
//! box, its buttons flowed into rows (`app::editor::flow`) and its rows, each a
//! fingertip tall once a finger has touched the window; its keys read as
//! `SetCommand`s; each item's box kept for a press, the size report and the
//! `editor set page:` line a test's synthetic pointer reads. Where the rows do
//! not all fit (a phone, a long set), they scroll by swipe or wheel as every
//! list does (issue 33): a thumb reaches every set and level, not only those
//! the keys' focus has shown.

use arkanong_core::app::editor::{
    EditorScreen, SetButton, SetCommand, SetPage, SET_HEADING_PX as HEADING_PX, SET_INSET as INSET,
    SET_LABEL_PAD as LABEL_PAD,
};
use arkanong_core::app::input::MenuInput;
use macroquad::prelude::*;

use super::draw::selected_color;
use super::palette::{mq_rect, with_frame};
use super::window::EditorShell;
use crate::shell::palette::{Palette, ARENA};
use crate::shell::text::{draw_label, draw_label_in, fit};

/// The page's background.
const PAGE: Color = Color::new(0.07, 0.08, 0.15, 0.97);
/// A button's fill.
const BUTTON: Color = Color::new(0.16, 0.18, 0.30, 1.0);
/// The label size of buttons and rows, pixels (the palette's).
const LABEL_PX: f32 = arkanong_core::app::editor::LABEL_PX;

/// Where the page and its items are this frame.
pub(crate) struct SetLayout {
    /// The page.
    pub(crate) panel: Rect,
    /// The new set's title box, while one is typed.
    pub(crate) title_box: Option<Rect>,
    /// Each row and button, with what it is.
    pub(crate) items: Vec<(Rect, SetButton)>,
    /// The first row shown.
    pub(crate) first_row: usize,
}

/// Where the page lies this frame (the core's `PaletteFrame::set_page_area`).
pub(crate) fn page_area() -> Rect {
    with_frame(|f| mq_rect(f.set_page_area()))
}

/// The page's layout for `page` (the core's `PaletteFrame::set_page_layout`):
/// heading, title box, buttons, then as many rows as fit from row `first`
/// (`follow`: keep the current row shown).
pub(crate) fn set_layout(page: &SetPage, first: usize, follow: bool) -> SetLayout {
    let l = with_frame(|f| f.set_page_layout(page, first, follow));
    SetLayout {
        panel: mq_rect(l.panel),
        title_box: l.title_box.map(mq_rect),
        items: l.items.into_iter().map(|(r, b)| (mq_rect(r), b)).collect(),
        first_row: l.first_row,
    }
}

impl EditorShell {
    /// Draws `screen`'s set page when it shows (keeping its items' boxes), or
    /// forgets them.
    pub(crate) fn draw_set_page(&mut self, screen: &EditorScreen, palette: Palette) {
        let Some(page) = &screen.set_page else {
            self.set_items.clear();
            self.set_targets.clear();
            self.set_title_box = None;
            self.set_logged.clear();
            self.set_scroll = SetScroll::default();
            return;
        };
        // The keys' focus (or the set opened) moved: show the current row.
        let seen = (page.focus, page.open);
        let follow = self.set_scroll.seen != Some(seen);
        let layout = set_layout(page, self.set_scroll.first, follow);
        self.set_scroll = SetScroll {
            first: layout.first_row,
            seen: Some(seen),
        };
        let p = layout.panel;
        draw_rectangle(p.x, p.y, p.w, p.h, PAGE);
        let (heading, size) = fit(&page.heading(), p.w - 2.0 * INSET, HEADING_PX);
        draw_label(&heading, p.x + INSET, p.y + INSET + HEADING_PX, size, WHITE);
        if let (Some(r), Some(field)) = (layout.title_box, &page.title) {
            draw_rectangle(r.x, r.y, r.w, r.h, ARENA);
            draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, selected_color(palette));
            let text = field.text();
            let typed = if text.is_empty() {
                format!(
                    "new set's title: | (empty: {}; Enter makes it)",
                    page.fresh_title()
                )
            } else {
                format!(
                    "new set's title: {}|{} (Enter makes it, Esc drops)",
                    field.before_cursor(),
                    &text[field.before_cursor().len()..]
                )
            };
            let (typed, size) = fit(&typed, r.w - 12.0, LABEL_PX);
            draw_label(&typed, r.x + 6.0, r.y + r.h * 0.5 + 6.0, size, WHITE);
        }
        let focused = page.focused();
        for &(r, b) in &layout.items {
            let row = matches!(b, SetButton::Set(_) | SetButton::Level(_));
            let current = b == SetButton::Level(page.row) && page.open.is_some();
            let fill = if row && !current { ARENA } else { BUTTON };
            draw_rectangle(r.x, r.y, r.w, r.h, fill);
            if current {
                draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, GRAY);
            }
            if focused == Some(b) {
                draw_rectangle_lines(r.x, r.y, r.w, r.h, 3.0, selected_color(palette));
            }
            let (label, size) = fit(&page.label(b), r.w - LABEL_PAD, LABEL_PX);
            if row {
                draw_label(&label, r.x + 6.0, r.y + r.h * 0.5 + 6.0, size, WHITE);
            } else {
                draw_label_in(&label, r, size, WHITE);
            }
        }
        self.set_title_box = layout.title_box;
        self.set_items = layout.items;
        self.log_set_page(page);
    }

    /// Logs where each of the page's items is when that changes, as the
    /// palette's `editor layout:` line does, for a test's synthetic pointer.
    fn log_set_page(&mut self, page: &SetPage) {
        let items: Vec<String> = (self.set_items.iter())
            .map(|(r, b)| {
                format!(
                    "{} at {:.0},{:.0}",
                    page.label(*b),
                    r.center().x,
                    r.center().y
                )
            })
            .collect();
        // Named for the size report as the palette's are: `set_` and the label.
        self.set_targets = (self.set_items.iter())
            .map(|&(r, b)| (format!("set_{}", page.label(b).replace(' ', "_")), r))
            .collect();
        let line = format!("editor set page: {}", items.join("; "));
        if line != self.set_logged {
            macroquad::miniquad::info!("{}", line);
            self.set_logged = line;
        }
    }

    /// Moves the page's rows by `lines` (positive: towards the last row).
    pub(crate) fn scroll_set_page(&mut self, lines: i32) {
        let first = self.set_scroll.first as i64 + i64::from(lines);
        // Kept within the list when next drawn (`first_row`).
        self.set_scroll.first = first.max(0) as usize;
    }

    /// The set page's item under a press at `at` (screen pixels), if any.
    pub(crate) fn set_item_at(&self, at: Vec2) -> Option<SetButton> {
        (self.set_items.iter())
            .find(|(r, _)| r.contains(at))
            .map(|&(_, b)| b)
    }
}

/// The set page's rows as scrolled: kept by the shell between frames.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SetScroll {
    /// The first row shown.
    first: usize,
    /// The focus and open set last drawn, so a move of the keys' focus (not a
    /// swipe) brings the current row into view.
    seen: Option<(usize, Option<usize>)>,
}

/// The set page's keys this frame (docs/levels-and-editor.md lists them).
pub(crate) fn read_set_keys() -> Vec<SetCommand> {
    // Letters pressed here are commands, never a later title's text: the
    // typed-character queue is emptied each frame the page takes keys.
    while get_char_pressed().is_some() {}
    // Held, pressed or released this frame: a quick chord (a script's) can
    // press Shift and the arrow within one frame.
    let shift = [KeyCode::LeftShift, KeyCode::RightShift]
        .iter()
        .any(|&k| is_key_down(k) || is_key_pressed(k) || is_key_released(k));
    let pressed = |k| is_key_pressed(k);
    let mut out = Vec::new();
    let menu = [
        (KeyCode::Up, MenuInput::Up),
        (KeyCode::Down, MenuInput::Down),
        (KeyCode::Enter, MenuInput::Confirm),
        (KeyCode::KpEnter, MenuInput::Confirm),
        (KeyCode::Escape, MenuInput::Back),
    ];
    for (k, m) in menu {
        if !pressed(k) {
            continue;
        }
        out.push(match (m, shift) {
            (MenuInput::Up, true) => SetCommand::Press(SetButton::MoveUp),
            (MenuInput::Down, true) => SetCommand::Press(SetButton::MoveDown),
            _ => SetCommand::Menu(m),
        });
    }
    let keys = [
        (KeyCode::Delete, SetButton::Remove),
        (KeyCode::Backspace, SetButton::Remove),
        (KeyCode::S, SetButton::SaveHere),
        (KeyCode::E, SetButton::Export),
        (KeyCode::N, SetButton::NewSet),
        (KeyCode::L, SetButton::Close),
    ];
    out.extend(
        (keys.into_iter())
            .filter(|&(k, _)| pressed(k))
            .map(|(_, b)| SetCommand::Press(b)),
    );
    if pressed(KeyCode::P) {
        let b = if shift {
            SetButton::PlaySolo
        } else {
            SetButton::PlayVersus
        };
        out.push(SetCommand::Press(b));
    }
    out
}
