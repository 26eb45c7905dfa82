//! Where the lab goes in a window of any size, from a 360x640 phone to a 4K
//! monitor, worked out without a window so tests can check it: the figure and the
//! panel, the text sizes (never under [`MIN_TEXT_PX`]), words wrapped to the
//! panel's width, and the explanation cut into pages when a phone has no room for
//! all of it (a button or the M key turns the page, and
//! the pages after the first take the readouts' room).

use glam::{vec2, Vec2};

use crate::app::layout::MIN_TEXT_PX;
use crate::geom::Rect;

/// Windows wider than this many heights put the panel beside the figure.
const LANDSCAPE_ASPECT: f32 = 1.1;
/// The figure's share of a landscape window's width.
const FIGURE_WIDE: f32 = 0.55;
/// The figure's least and most share of a portrait window's height: under half,
/// so a phone's panel has room for its buttons, readouts and some explanation.
const FIGURE_TALL: (f32, f32) = (0.4, 0.5);
/// The panel's height that shows a typical scene's text whole, in body-text sizes:
/// a tall phone gives the figure what the panel does not need.
const PANEL_IN_TEXT: f32 = 38.0;
/// The body text size as a share of the window's shorter side, before clamping.
const SMALL_PER_SIDE: f32 = 1.0 / 48.0;
/// The body text's largest size, pixels.
const SMALL_MAX: f32 = 16.0;
/// The title's largest size, pixels.
const TITLE_MAX: f32 = 24.0;
/// A wrapped line's height, in text sizes.
pub const LINE_SPACING: f32 = 1.25;

/// The lab's layout for one window size, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabLayout {
    /// Where the figure (with its title) goes.
    pub figure: Rect,
    /// Where the panel goes.
    pub panel: Rect,
    /// The title's size (the shell shrinks it to fit the width).
    pub title: f32,
    /// The title band's height above the figure.
    pub title_band: f32,
    /// The readouts' size.
    pub readout: f32,
    /// The buttons', explanation's and hints' size.
    pub small: f32,
    /// A button's height.
    pub button_h: f32,
}

impl LabLayout {
    /// The layout for a `size` pixel window.
    pub fn for_window(size: Vec2) -> Self {
        let (w, h) = (size.x.max(1.0), size.y.max(1.0));
        let side = w.min(h);
        let small = (side * SMALL_PER_SIDE)
            .round()
            .clamp(MIN_TEXT_PX, SMALL_MAX);
        let readout = (small * 1.15).round();
        let title = (small * 1.5).round().min(TITLE_MAX);
        let (figure, panel) = if w > h * LANDSCAPE_ASPECT {
            let x = (w * FIGURE_WIDE).round();
            (rect(0.0, 0.0, x, h), rect(x, 0.0, w - x, h))
        } else {
            let (least, most) = FIGURE_TALL;
            let y = (h - small * PANEL_IN_TEXT)
                .clamp(h * least, h * most)
                .round();
            (rect(0.0, 0.0, w, y), rect(0.0, y, w, h - y))
        };
        Self {
            figure,
            panel,
            title,
            title_band: title * 2.4,
            readout,
            small,
            button_h: (small * 2.0).round(),
        }
    }

    /// How many explanation lines fit between `top` and the panel's foot, when
    /// a row for the page button may be needed below them.
    pub fn lines_below(&self, top: f32, with_page_button: bool) -> usize {
        let mut room = self.panel.max.y - top - self.small * 0.5;
        if with_page_button {
            room -= self.button_h + self.small * 0.5;
        }
        (room / (self.small * LINE_SPACING)).floor().max(1.0) as usize
    }
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect::new(vec2(x, y), vec2(x + w, y + h))
}

/// `text` broken into lines no wider than `width` as `measure` reports; a word
/// wider than `width` is broken inside, so no line is ever wider.
pub fn wrap(text: &str, width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if measure(&candidate) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = word.to_owned();
        // A word alone too wide: cut it where it stops fitting.
        while measure(&line) > width && line.chars().count() > 1 {
            let chars: Vec<char> = line.chars().collect();
            let mut n = chars.len() - 1;
            while n > 1 && measure(&chars[..n].iter().collect::<String>()) > width {
                n -= 1;
            }
            lines.push(chars[..n].iter().collect());
            line = chars[n..].iter().collect();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The explanation's pages: which of its `lines` lines each shows. The first
/// page shows `first` lines (under the readouts); the rest show `rest` each (in
/// the readouts' place, since a phone has no room for both). Never empty.
pub fn text_pages(lines: usize, first: usize, rest: usize) -> Vec<std::ops::Range<usize>> {
    let at_first = first.max(1).min(lines);
    let mut pages = Vec::new();
    pages.push(0..at_first);
    let mut at = at_first;
    while at < lines {
        let end = (at + rest.max(1)).min(lines);
        pages.push(at..end);
        at = end;
    }
    pages
}

#[cfg(test)]
#[path = "fit_tests.rs"]
mod tests;
