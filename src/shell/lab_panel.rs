//! The lab's panel: preset and control buttons, the live readouts, the preset's
//! correction note and the method text.

use arkanong::app::lab::{num, Lab, Scene};
use macroquad::prelude::*;

use super::lab_draw::tone_color;
use arkanong::app::lab::Tone;

/// Text size of the readouts, pixels.
const READOUT_SIZE: f32 = 18.0;
/// Text size of the method and hints, pixels.
const SMALL_SIZE: f32 = 15.0;
/// Button height, pixels.
const BUTTON_H: f32 = 30.0;

/// What a panel button (or its key) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Button {
    /// Apply preset `n` (wrapping).
    Preset(usize),
    /// Open another scene.
    Scene(Scene),
    /// Play or pause.
    Play,
    /// One step, paused.
    Step,
    /// Slow motion on or off.
    Slow,
    /// The scene's toggle.
    Toggle,
    /// The scene's number down one step.
    ParamDown,
    /// The scene's number up one step.
    ParamUp,
}

/// Lays out buttons left to right, wrapping inside `rect`.
struct Row {
    rect: Rect,
    x: f32,
    y: f32,
    out: Vec<(Rect, Button)>,
}

impl Row {
    fn button(&mut self, label: &str, button: Button, on: bool) {
        let w = super::text::measure(label, SMALL_SIZE).width + 18.0;
        if self.x + w > self.rect.x + self.rect.w - 8.0 && self.x > self.rect.x + 8.0 {
            self.x = self.rect.x + 8.0;
            self.y += BUTTON_H + 6.0;
        }
        let r = Rect::new(self.x, self.y, w, BUTTON_H);
        let fill = if on {
            Color::new(0.25, 0.35, 0.6, 1.0)
        } else {
            Color::new(0.12, 0.14, 0.22, 1.0)
        };
        draw_rectangle(r.x, r.y, r.w, r.h, fill);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 1.0, GRAY);
        super::text::draw_label(label, r.x + 9.0, r.y + BUTTON_H * 0.68, SMALL_SIZE, WHITE);
        self.x += w + 6.0;
        self.out.push((r, button));
    }

    fn end(&mut self) {
        self.x = self.rect.x + 8.0;
        self.y += BUTTON_H + 6.0;
    }
}

/// Draws the panel in `rect` and returns where its buttons are.
pub(crate) fn draw_panel(lab: &Lab, rect: Rect) -> Vec<(Rect, Button)> {
    draw_rectangle(
        rect.x,
        rect.y,
        rect.w,
        rect.h,
        Color::new(0.05, 0.06, 0.1, 1.0),
    );
    let mut row = Row {
        rect,
        x: rect.x + 8.0,
        y: rect.y + 8.0,
        out: Vec::new(),
    };
    for (i, p) in lab.presets().iter().enumerate() {
        row.button(
            &format!("{} {}", i + 1, p.name),
            Button::Preset(i),
            i == lab.preset,
        );
    }
    row.end();
    controls(lab, &mut row);
    row.end();
    let mut y = row.y + READOUT_SIZE;
    let x = rect.x + 12.0;
    for r in lab.readouts() {
        let name = format!("{}: ", r.name);
        super::text::draw_label(&name, x, y, READOUT_SIZE, GRAY);
        let w = super::text::measure(&name, READOUT_SIZE).width;
        super::text::draw_label(&r.value, x + w, y, READOUT_SIZE, WHITE);
        y += READOUT_SIZE * 1.2;
    }
    y += 4.0;
    let width = rect.w - 24.0;
    if !lab.note().is_empty() {
        let note = format!("Correction: {}", lab.note());
        y = paragraph(&note, x, y, width, tone_color(Tone::Tutorial));
    }
    y = paragraph(lab.scene.method(), x, y + 4.0, width, LIGHTGRAY);
    let hint = "Esc title   Left/Right scene   1-9 or Tab preset   Space play   . step   S slow   T toggle   - = value";
    paragraph(hint, x, y + 4.0, width, GRAY);
    row.out
}

fn controls(lab: &Lab, row: &mut Row) {
    let at = Scene::ALL.iter().position(|s| *s == lab.scene).unwrap_or(0);
    let n = Scene::ALL.len();
    row.button(
        "< scene",
        Button::Scene(Scene::ALL[(at + n - 1) % n]),
        false,
    );
    row.button("scene >", Button::Scene(Scene::ALL[(at + 1) % n]), false);
    if lab.scene.moves() {
        let m = lab.motion;
        row.button(
            if m.playing { "Pause" } else { "Play" },
            Button::Play,
            m.playing,
        );
        row.button("Step", Button::Step, false);
        row.button("Slow", Button::Slow, m.slow);
    }
    if let Some(name) = lab.scene.toggle_name() {
        row.button(name, Button::Toggle, lab.toggle);
    }
    if let Some((name, ..)) = lab.scene.param_name() {
        row.button("-", Button::ParamDown, false);
        row.button(
            &format!("{name} {}", num(lab.param)),
            Button::ParamUp,
            false,
        );
        row.button("+", Button::ParamUp, false);
    }
}

/// Draws `text` wrapped to `width`, and returns the y below it.
fn paragraph(text: &str, x: f32, mut y: f32, width: f32, color: Color) -> f32 {
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if super::text::measure(&candidate, SMALL_SIZE).width > width && !line.is_empty() {
            super::text::draw_label(&line, x, y, SMALL_SIZE, color);
            y += SMALL_SIZE * 1.25;
            line = word.to_owned();
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        super::text::draw_label(&line, x, y, SMALL_SIZE, color);
        y += SMALL_SIZE * 1.25;
    }
    y
}
