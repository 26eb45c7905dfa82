//! The editor's palette: its buttons flow into as many rows as the window's width
//! needs (`app::editor::flow`), so each label keeps its full size, never under
//! 12 px, whatever the window.

use arkanong::app::editor::{flow, palette, rows, Button, EditorScreen, Paint, Tool, SETTING_KEYS};
use macroquad::prelude::*;

use super::window::{row_height, EditorShell};
use crate::shell::palette::{Palette, ARENA};
use crate::shell::text::{draw_label_in, measure};

/// The palette's label size, pixels.
const LABEL_PX: f32 = 15.0;
/// Room beside a label inside its button, pixels (both sides together).
const LABEL_PAD: f32 = 12.0;
/// The narrowest button for a mouse, pixels (a finger's is a fingertip wide, `row_height`).
const MIN_BUTTON: f32 = 30.0;
/// A gap between the brush row and the action rows, pixels.
const GROUP_GAP: f32 = 4.0;

/// Each button's box this frame: the brushes' rows, then the actions' rows.
pub(crate) fn palette_layout() -> Vec<(Rect, Button)> {
    let width = super::window::side_column().unwrap_or_else(screen_width);
    let row_h = row_height();
    // The button's box is 2 px narrower and shorter than its slot.
    let narrowest = (row_h - 2.0).max(MIN_BUTTON) + 2.0;
    let mut out = Vec::new();
    let mut top = 0.0;
    for group in palette() {
        let widths: Vec<f32> = group
            .iter()
            .map(|b| (measure(&b.label(), LABEL_PX).width + LABEL_PAD).max(narrowest))
            .collect();
        let slots = flow(&widths, width);
        for (s, &b) in slots.iter().zip(&group) {
            let r = Rect::new(s.x, top + s.row as f32 * row_h, s.width - 2.0, row_h - 2.0);
            out.push((r, b));
        }
        top += rows(&slots) as f32 * row_h + GROUP_GAP;
    }
    out
}

/// The palette's height this frame, pixels.
pub(crate) fn palette_height() -> f32 {
    palette_layout()
        .iter()
        .map(|(r, _)| r.bottom() + 2.0)
        .fold(0.0, f32::max)
}

impl EditorShell {
    /// `screen`'s palette buttons on `panel`, the tool in use outlined, bricks
    /// in their colours from `palette`.
    pub(crate) fn draw_palette(&mut self, screen: &EditorScreen, panel: Color, palette: Palette) {
        let selected = super::draw::selected_color(palette);
        self.buttons = palette_layout();
        for &(r, b) in &self.buttons {
            let on = match b {
                Button::Tool(t) => t == screen.tool,
                Button::Snap => screen.editor.snap,
                Button::Settings => screen.settings_open,
                _ => false,
            };
            let fill = match b {
                Button::Tool(Tool::Brick(Paint::Empty)) => ARENA,
                Button::Tool(Tool::Brick(Paint::Brick(k))) => palette.brick(k, k.starting_hits()),
                _ => panel,
            };
            draw_rectangle(r.x, r.y, r.w, r.h, fill);
            if on {
                draw_rectangle_lines(r.x, r.y, r.w, r.h, 3.0, selected);
            }
            // A brick button's label in the ink its hit-point digit takes in the
            // game, so "4" reads on red and "9" on brown (and "steel" in black).
            let ink = match b {
                Button::Tool(Tool::Brick(Paint::Brick(k))) => {
                    palette.digit_ink_and_outline(k, k.starting_hits()).0
                }
                _ => WHITE,
            };
            draw_label_in(&b.label(), r, LABEL_PX, ink);
        }
        self.log_layout(palette);
    }

    /// Logs where the arena and each button are on screen when that changes,
    /// for a test's synthetic pointer (the browser test reads the console).
    fn log_layout(&mut self, palette: Palette) {
        let view = Self::view(palette);
        let buttons: Vec<String> = (self.buttons.iter())
            .map(|(r, b)| format!("{} at {:.0},{:.0}", b.label(), r.center().x, r.center().y))
            .collect();
        let line = format!(
            "editor layout: arena at {:.1},{:.1} scale {:.4}; {}",
            view.origin.x,
            view.origin.y,
            view.scale,
            buttons.join("; ")
        );
        if line != self.layout_logged {
            macroquad::miniquad::info!("{}", line);
            self.layout_logged = line;
        }
        // The settings rows, when shown: where a finger taps a field open.
        let fields: Vec<String> = (self.fields.iter().zip(SETTING_KEYS))
            .map(|(r, key)| format!("{key} at {:.0},{:.0}", r.center().x, r.center().y))
            .collect();
        let line = format!("editor fields: {}", fields.join("; "));
        if !fields.is_empty() && line != self.fields_logged {
            macroquad::miniquad::info!("{}", line);
        }
        self.fields_logged = if fields.is_empty() {
            String::new()
        } else {
            line
        };
    }
}
