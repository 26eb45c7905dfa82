//! The lab's panel: preset and control buttons, the live readouts, the preset's
//! correction note and the method text, sized and wrapped by the headless
//! [`LabLayout`]; when a phone has no room for all the text, it shows a page at a
//! time under a page button.

use arkanong::app::lab::{num, text_pages, wrap, Button, Lab, LabLayout, Scene, LINE_SPACING};
use macroquad::prelude::*;

use super::figure::tone_color;
use crate::shell::palette::Palette;
use arkanong::app::lab::Tone;

/// The gap between buttons, pixels.
const GAP: f32 = 6.0;
/// The keyboard hints, last under the explanation.
const HINT: &str = "Keys: Esc (or Back) title, Left/Right scene, 1-9/Tab preset, Space play, . step, S slow, T toggle, -/= value, M more text.";

/// Lays out buttons left to right, wrapping inside `rect`.
struct Row {
    rect: Rect,
    size: f32,
    h: f32,
    x: f32,
    y: f32,
    out: Vec<(Rect, Button)>,
}

impl Row {
    fn button(&mut self, label: &str, button: Button, on: bool) {
        let pad = self.size * 0.6;
        let w = crate::shell::text::measure(label, self.size).width + pad * 2.0;
        if self.x + w > self.rect.x + self.rect.w - 8.0 && self.x > self.rect.x + 8.0 {
            self.x = self.rect.x + 8.0;
            self.y += self.h + GAP;
        }
        let r = Rect::new(self.x, self.y, w, self.h);
        let fill = if on {
            Color::new(0.25, 0.35, 0.6, 1.0)
        } else {
            Color::new(0.12, 0.14, 0.22, 1.0)
        };
        draw_rectangle(r.x, r.y, r.w, r.h, fill);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 1.0, GRAY);
        crate::shell::text::draw_label_in(label, r, self.size, WHITE);
        self.x += w + GAP;
        self.out.push((r, button));
    }

    fn end(&mut self) {
        self.x = self.rect.x + 8.0;
        self.y += self.h + GAP;
    }
}

/// Draws the panel where `layout` puts it, the explanation at page `page`, and
/// returns where its buttons are.
pub(crate) fn draw_panel(
    lab: &Lab,
    layout: &LabLayout,
    page: usize,
    palette: Palette,
) -> Vec<(Rect, Button)> {
    let p = layout.panel;
    let rect = Rect::new(p.min.x, p.min.y, p.size().x, p.size().y);
    draw_rectangle(
        rect.x,
        rect.y,
        rect.w,
        rect.h,
        Color::new(0.05, 0.06, 0.1, 1.0),
    );
    let mut row = Row {
        rect,
        size: layout.small,
        h: layout.button_h,
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
    let x = rect.x + 12.0;
    let width = rect.w - 24.0;
    let lines = explanation_lines(lab, layout, palette);
    let below = readouts(lab, x, row.y, width, layout.readout, false) + layout.small * 0.5;
    // Pages after the first hide the readouts, so their text starts higher.
    let high = row.y + layout.small * 0.5;
    let pages = if lines.len() <= layout.lines_below(below, false) {
        text_pages(lines.len(), lines.len(), 1)
    } else {
        let (one, more) = (
            layout.lines_below(below, true),
            layout.lines_below(high, true),
        );
        text_pages(lines.len(), one, more)
    };
    let page = page % pages.len();
    let top = if page == 0 {
        readouts(lab, x, row.y, width, layout.readout, true);
        below
    } else {
        high
    };
    let size = layout.small;
    let mut y = top + size;
    for (line, color) in &lines[pages[page].clone()] {
        crate::shell::text::draw_label(line, x, y, size, *color);
        y += size * LINE_SPACING;
    }
    if pages.len() > 1 {
        row.x = rect.x + 8.0;
        row.y = y - size + size * 0.5;
        let label = format!("more text {}/{} >", page + 1, pages.len());
        row.button(&label, Button::Page, false);
    }
    row.out
}

/// Draws (when `draw`) the readouts from `top`, each name then its value (the
/// value on a line of its own when both do not fit), and returns the y below them.
fn readouts(lab: &Lab, x: f32, top: f32, width: f32, size: f32, draw: bool) -> f32 {
    let step = size * 1.2;
    let mut y = top + size;
    for r in lab.readouts() {
        let name = format!("{}: ", r.name);
        let w = crate::shell::text::measure(&name, size).width;
        let apart = w + crate::shell::text::measure(&r.value, size).width > width;
        if draw {
            crate::shell::text::draw_label(&name, x, y, size, GRAY);
        }
        let (vx, vy) = if apart {
            (x + size, y + step)
        } else {
            (x + w, y)
        };
        if draw {
            let (value, s) = crate::shell::text::fit(&r.value, x + width - vx, size);
            crate::shell::text::draw_label(&value, vx, vy, s, WHITE);
        }
        y = vy + step;
    }
    y - size
}

/// The correction note, the method and the hints, wrapped to the panel's width,
/// each line with its colour.
fn explanation_lines(lab: &Lab, layout: &LabLayout, palette: Palette) -> Vec<(String, Color)> {
    let size = layout.small;
    let width = layout.panel.size().x - 24.0;
    let measure = |s: &str| crate::shell::text::measure(s, size).width;
    let mut lines: Vec<(String, Color)> = Vec::new();
    let mut add = |text: &str, color: Color| {
        lines.extend(wrap(text, width, measure).into_iter().map(|l| (l, color)));
    };
    if !lab.note().is_empty() {
        add(
            &format!("Correction: {}", lab.note()),
            tone_color(Tone::Tutorial, palette),
        );
    }
    add(lab.scene.method(), LIGHTGRAY);
    add(HINT, GRAY);
    add(&format!("In the code: {}", lab.scene.in_the_code()), GRAY);
    lines
}

fn controls(lab: &Lab, row: &mut Row) {
    let at = Scene::ALL.iter().position(|s| *s == lab.scene).unwrap_or(0);
    let n = Scene::ALL.len();
    row.button("Back", Button::Back, false);
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
