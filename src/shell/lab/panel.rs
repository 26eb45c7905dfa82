//! The lab's panel: preset and control buttons, the live readouts, the preset's
//! correction note and the method text, sized and wrapped by the headless
//! [`LabLayout`]; when a phone has no room for all the text, it shows a page at a
//! time under a page button.

use arkanong_core::app::lab::{
    column_pages, num, presets_by_number, wrap, Button, Lab, LabLayout, Scene, BUTTON_GAP,
    BUTTON_MARGIN, LINE_SPACING,
};
use arkanong_core::app::layout::FINGER_PX;
use macroquad::prelude::*;

use super::figure::tone_color;
use crate::shell::palette::Palette;
use arkanong_core::app::lab::Tone;

/// The gap between buttons, pixels (the core's, which counts the rows).
const GAP: f32 = BUTTON_GAP;
/// The keyboard hints, last under the explanation.
const HINT: &str = "Keys: Esc (or Back) title, Left/Right scene, 1-9/Tab preset, Space play, . step, S slow, T toggle, -/= value, M more text.";
/// The hints for a finger, which has no keys to name (issue 33).
const TOUCH_HINT: &str = "Tap a button above; drag a handle in the figure to move it; Back leaves.";

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
    /// A button's width for `label`: the words, 0.6 em each side, and a
    /// fingertip wide at least (the "-" and "+" have one letter).
    fn width(&self, label: &str) -> f32 {
        let pad = self.size * 0.6;
        (crate::shell::text::measure(label, self.size).width + pad * 2.0).max(FINGER_PX)
    }

    fn button(&mut self, label: &str, button: Button, on: bool) {
        let w = self.width(label);
        let (left, right) = (
            self.rect.x + BUTTON_MARGIN,
            self.rect.x + self.rect.w - BUTTON_MARGIN,
        );
        if self.x + w > right && self.x > left {
            self.x = left;
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

/// Draws the panel where `layout` puts it, the explanation at page `page` (its
/// hints for a finger when `touch`), and returns where its buttons are.
pub(crate) fn draw_panel(
    lab: &Lab,
    layout: &LabLayout,
    (page, touch): (usize, bool),
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
    // The presets by name, or by number (the chosen one keeps its name) when
    // their names' rows would leave no room for the column and its page button.
    let names: Vec<String> = (lab.presets().iter().enumerate())
        .map(|(i, p)| format!("{} {}", i + 1, p.name))
        .collect();
    let short: Vec<String> = (names.iter().enumerate())
        .map(|(i, n)| {
            if i == lab.preset {
                n.clone()
            } else {
                (i + 1).to_string()
            }
        })
        .collect();
    let widths = |labels: &[String]| -> Vec<f32> { labels.iter().map(|l| row.width(l)).collect() };
    let buttons = controls(lab);
    let controls_w: Vec<f32> = buttons.iter().map(|(l, ..)| row.width(l)).collect();
    let tallest = 2.0 * layout.readout * 1.2 + layout.small * 0.5;
    let by_number = presets_by_number(
        layout,
        &widths(&names),
        &widths(&short),
        &controls_w,
        tallest,
    );
    let labels = if by_number { &short } else { &names };
    for (i, label) in labels.iter().enumerate() {
        row.button(label, Button::Preset(i), i == lab.preset);
    }
    row.end();
    for (label, button, on) in &buttons {
        row.button(label, *button, *on);
    }
    row.end();
    let x = rect.x + 12.0;
    let width = rect.w - 24.0;
    let lines = explanation_lines(lab, layout, palette, touch);
    let shown = readouts(lab, width, layout.readout);
    // One column: the readouts, a half-line gap, then the explanation's lines.
    let gap = layout.small * 0.5;
    let step = layout.readout * 1.2;
    let mut heights: Vec<f32> = shown
        .iter()
        .map(|r| if r.apart { 2.0 * step } else { step })
        .collect();
    if let Some(last) = heights.last_mut() {
        *last += gap;
    }
    heights.extend(std::iter::repeat_n(
        layout.small * LINE_SPACING,
        lines.len(),
    ));
    let pages = column_pages(
        &heights,
        layout.room_below(row.y, false),
        layout.room_below(row.y, true),
    );
    let page = page % pages.len();
    let mut y = row.y;
    for item in pages[page].clone() {
        if let Some(r) = shown.get(item) {
            draw_readout(r, x, y, width, layout.readout);
        } else {
            let (line, color) = &lines[item - shown.len()];
            crate::shell::text::draw_label(line, x, y + layout.small, layout.small, *color);
        }
        y += heights[item];
    }
    if pages.len() > 1 {
        row.x = rect.x + 8.0;
        row.y = y + gap;
        let label = format!("more text {}/{} >", page + 1, pages.len());
        row.button(&label, Button::Page, false);
    }
    row.out
}

/// One readout as the panel shows it: its name, its value, and whether the value
/// takes a line of its own because both do not fit the width.
struct Shown {
    name: String,
    value: String,
    apart: bool,
}

/// The scene's readouts, each measured against the panel's `width` at `size`.
fn readouts(lab: &Lab, width: f32, size: f32) -> Vec<Shown> {
    lab.readouts()
        .into_iter()
        .map(|r| {
            let name = format!("{}: ", r.name);
            let w = crate::shell::text::measure(&name, size).width;
            let apart = w + crate::shell::text::measure(&r.value, size).width > width;
            Shown {
                name,
                value: r.value,
                apart,
            }
        })
        .collect()
}

/// Draws one readout with its top at `top`: the name in grey, then the value in
/// white, beside it or on the next line, shrunk if it still does not fit.
fn draw_readout(r: &Shown, x: f32, top: f32, width: f32, size: f32) {
    let y = top + size;
    crate::shell::text::draw_label(&r.name, x, y, size, GRAY);
    let (vx, vy) = if r.apart {
        (x + size, y + size * 1.2)
    } else {
        (x + crate::shell::text::measure(&r.name, size).width, y)
    };
    let (value, s) = crate::shell::text::fit(&r.value, x + width - vx, size);
    crate::shell::text::draw_label(&value, vx, vy, s, WHITE);
}

/// The correction note, the method and the hints (a finger's, or the keys'),
/// wrapped to the panel's width, each line with its colour.
fn explanation_lines(
    lab: &Lab,
    layout: &LabLayout,
    palette: Palette,
    touch: bool,
) -> Vec<(String, Color)> {
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
    add(if touch { TOUCH_HINT } else { HINT }, GRAY);
    add(&format!("In the code: {}", lab.scene.in_the_code()), GRAY);
    lines
}

/// The controls' buttons for `lab`'s scene: label, button, lit.
fn controls(lab: &Lab) -> Vec<(String, Button, bool)> {
    let at = Scene::ALL.iter().position(|s| *s == lab.scene).unwrap_or(0);
    let n = Scene::ALL.len();
    let mut out = vec![
        ("Back".to_owned(), Button::Back, false),
        (
            "< scene".to_owned(),
            Button::Scene(Scene::ALL[(at + n - 1) % n]),
            false,
        ),
        (
            "scene >".to_owned(),
            Button::Scene(Scene::ALL[(at + 1) % n]),
            false,
        ),
    ];
    if lab.scene.moves() {
        let m = lab.motion;
        let play = if m.playing { "Pause" } else { "Play" };
        out.push((play.to_owned(), Button::Play, m.playing));
        out.push(("Step".to_owned(), Button::Step, false));
        out.push(("Slow".to_owned(), Button::Slow, m.slow));
    }
    if let Some(name) = lab.scene.toggle_name() {
        out.push((name.to_owned(), Button::Toggle, lab.toggle));
    }
    if let Some((name, ..)) = lab.scene.param_name() {
        out.push(("-".to_owned(), Button::ParamDown, false));
        out.push((format!("{name} {}", num(lab.param)), Button::ParamUp, false));
        out.push(("+".to_owned(), Button::ParamUp, false));
    }
    out
}
