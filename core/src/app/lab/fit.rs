//! Where the lab goes in a window of any size, from a 360x640 phone to a 4K
//! monitor, worked out without a window so tests can check it: the figure and the
//! panel, the text sizes (never under [`MIN_TEXT_PX`]), words wrapped to the
//! panel's width, and the readouts and explanation cut into pages when a phone has
//! no room for all of them (a button or the M key turns the page).

use glam::{vec2, Vec2};

use crate::app::layout::{FINGER_PX, MIN_TEXT_PX};
use crate::geom::Rect;

/// Windows wider than this many heights put the panel beside the figure.
const LANDSCAPE_ASPECT: f32 = 1.1;
/// The figure's share of a landscape window's width.
const FIGURE_WIDE: f32 = 0.55;
/// The figure's least and most share of a portrait window's height: under half,
/// so a phone's panel has room for its buttons, readouts and some explanation.
const FIGURE_TALL: (f32, f32) = (0.33, 0.5);
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
    /// A button's height, never under a fingertip ([`FINGER_PX`]).
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
            button_h: (small * 2.0).round().max(FINGER_PX),
        }
    }

    /// The height free for the panel's column (readouts, then explanation) between
    /// `top` and the panel's foot, when a row for the page button may be needed
    /// below it. Never negative.
    pub fn room_below(&self, top: f32, with_page_button: bool) -> f32 {
        let mut room = self.panel.max.y - top - self.small * 0.5;
        if with_page_button {
            room -= self.button_h + self.small * 0.5;
        }
        room.max(0.0)
    }

    /// How many explanation lines fit between `top` and the panel's foot, when
    /// a row for the page button may be needed below them (at least one).
    pub fn lines_below(&self, top: f32, with_page_button: bool) -> usize {
        let lines = self.room_below(top, with_page_button) / (self.small * LINE_SPACING);
        lines.floor().max(1.0) as usize
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

/// The gap between the panel's buttons, and between their rows, pixels.
pub const BUTTON_GAP: f32 = 6.0;
/// The panel's margin left and right of a row of buttons, pixels.
pub const BUTTON_MARGIN: f32 = 8.0;

/// How many rows buttons `widths` pixels wide take, laid out left to right in a
/// panel `panel_w` pixels wide, wrapping as the shell's rows do: a button that
/// would pass the right margin starts a new row, unless it is the row's first.
pub fn button_rows(widths: &[f32], panel_w: f32) -> usize {
    let (mut rows, mut x) = (usize::from(!widths.is_empty()), BUTTON_MARGIN);
    for w in widths {
        if x + w > panel_w - BUTTON_MARGIN && x > BUTTON_MARGIN {
            rows += 1;
            x = BUTTON_MARGIN;
        }
        x += w + BUTTON_GAP;
    }
    rows
}

/// Whether the preset buttons show their numbers only (the chosen one keeps its
/// name): when their full names, measured in the face the shell draws, would
/// wrap into so many rows that the column below the buttons has no room for its
/// tallest item (`tallest`: a readout on two lines) above the page button. With
/// Noto Sans Mono's 0.6 em letters, scene overlaps' nine presets took six rows at
/// 360x640 and pushed the page button out of the window. `full`, `short` and
/// `controls` are the buttons' widths (presets with names, presets by number, the
/// controls' row).
pub fn presets_by_number(
    layout: &LabLayout,
    full: &[f32],
    short: &[f32],
    controls: &[f32],
    tallest: f32,
) -> bool {
    let w = layout.panel.size().x;
    let rows = button_rows(full, w) + button_rows(controls, w);
    let top = layout.panel.min.y + BUTTON_MARGIN + rows as f32 * (layout.button_h + BUTTON_GAP);
    let fits = layout.room_below(top, true) >= tallest;
    // By number only when that helps: a one-row panel gains nothing.
    !fits && button_rows(short, w) < button_rows(full, w)
}

/// The panel's column (each readout, then each explanation line, as `heights`)
/// cut into pages: which items each page shows. Everything shows on one page
/// when it fits in `room_alone`; otherwise each page holds as many whole items
/// as fit in `room_paged` (the room left above the page button), at least one.
/// So a scene with many readouts on a small phone pages its readouts too,
/// instead of pushing the page button out of the window. Never empty.
pub fn column_pages(
    heights: &[f32],
    room_alone: f32,
    room_paged: f32,
) -> Vec<std::ops::Range<usize>> {
    if heights.iter().sum::<f32>() <= room_alone {
        return std::iter::once(0..heights.len()).collect();
    }
    let mut pages = Vec::new();
    let mut start = 0;
    let mut used = 0.0;
    for (i, h) in heights.iter().enumerate() {
        if i > start && used + h > room_paged {
            pages.push(start..i);
            start = i;
            used = 0.0;
        }
        used += h;
    }
    pages.push(start..heights.len());
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    /// The window sizes issue 13 names, phone to desktop.
    const WINDOWS: [(f32, f32); 7] = [
        (360.0, 640.0),
        (390.0, 844.0),
        (844.0, 390.0),
        (720.0, 900.0),
        (1280.0, 720.0),
        (1920.0, 1080.0),
        (3840.0, 2160.0),
    ];

    /// A monospace stand-in for the font: each letter 0.6 of the size wide.
    fn mono(size: f32) -> impl Fn(&str) -> f32 {
        move |s: &str| s.chars().count() as f32 * size * 0.6
    }

    #[test]
    fn figure_and_panel_share_the_window_and_text_is_readable() {
        for (w, h) in WINDOWS {
            let l = LabLayout::for_window(vec2(w, h));
            let window = rect(0.0, 0.0, w, h);
            for r in [l.figure, l.panel] {
                assert!(
                    window.contains(r.min) && window.contains(r.max),
                    "{w}x{h}: {r:?}"
                );
                assert!(r.size().x > 100.0 && r.size().y > 100.0, "{w}x{h}: {r:?}");
            }
            let apart = l.figure.max.y <= l.panel.min.y || l.figure.max.x <= l.panel.min.x;
            assert!(apart, "{w}x{h}: the figure and panel overlap: {l:?}");
            for size in [l.small, l.readout, l.title] {
                assert!(size >= MIN_TEXT_PX, "{w}x{h}: {l:?}");
            }
            assert!(
                l.button_h > l.small * 1.5,
                "{w}x{h}: a button holds its label"
            );
            assert!(l.button_h >= FINGER_PX, "{w}x{h}: a finger's button");
        }
    }

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let measure = mono(12.0);
        for scene in Scene::ALL {
            for width in [100.0, 336.0, 700.0] {
                let lines = wrap(scene.method(), width, &measure);
                for line in &lines {
                    assert!(measure(line) <= width, "{width}: {line:?}");
                }
                let joined: String = lines.concat();
                let words: String = scene.method().split_whitespace().collect();
                assert_eq!(joined.replace(' ', ""), words, "{}", scene.name());
            }
        }
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        let lines = wrap("aaaaaaaaaa bb", 30.0, |s: &str| s.len() as f32 * 10.0);
        assert_eq!(lines, ["aaa", "aaa", "aaa", "a", "bb"]);
    }

    #[test]
    fn pages_show_every_item_once_and_fit() {
        let cases: [(&[f32], f32, f32); 6] = [
            (&[], 10.0, 5.0),
            (&[3.0], 10.0, 5.0),
            (&[3.0, 3.0, 3.0], 10.0, 5.0),
            (&[3.0, 3.0, 3.0, 3.0], 10.0, 7.0),
            (&[20.0, 1.0, 1.0], 10.0, 5.0),
            (&[2.0; 9], 0.0, 0.0),
        ];
        for (heights, alone, paged) in cases {
            let pages = column_pages(heights, alone, paged);
            assert!(!pages.is_empty());
            let shown: Vec<usize> = pages.iter().cloned().flatten().collect();
            assert_eq!(shown, (0..heights.len()).collect::<Vec<_>>());
            if pages.len() == 1 {
                continue;
            }
            for page in &pages {
                let tall: f32 = heights[page.clone()].iter().sum();
                // A page overfills only with a single item taller than the room.
                assert!(tall <= paged || page.len() == 1, "{heights:?}: {page:?}");
            }
        }
        assert_eq!(column_pages(&[3.0; 3], 9.0, 5.0).len(), 1);
        assert_eq!(column_pages(&[3.0; 4], 9.0, 7.0), [0..2, 2..4]);
    }

    #[test]
    fn the_page_button_stays_in_the_window_with_the_text_faces_widths() {
        // The shell's button width: the label, 0.6 em padding each side, a
        // fingertip at least; letters 0.6 em wide (Noto Sans Mono).
        let width = |l: &LabLayout, s: &str| (mono(l.small)(s) + l.small * 1.2).max(FINGER_PX);
        // The widest controls' row any scene has.
        let controls = [
            "Back",
            "< scene",
            "scene >",
            "Pause",
            "Step",
            "Slow",
            "corners",
            "-",
            "radius 12.5",
            "+",
        ];
        let mut by_number = 0;
        for (w, h) in WINDOWS {
            let l = LabLayout::for_window(vec2(w, h));
            let tallest = 2.0 * l.readout * 1.2 + l.small * 0.5;
            let ctl: Vec<f32> = controls.iter().map(|c| width(&l, c)).collect();
            for scene in Scene::ALL {
                let names: Vec<String> = (scene.presets().iter().enumerate())
                    .map(|(i, p)| format!("{} {}", i + 1, p.name))
                    .collect();
                let full: Vec<f32> = names.iter().map(|n| width(&l, n)).collect();
                // The chosen preset (the first) keeps its name.
                let short: Vec<f32> = (1..=names.len())
                    .map(|i| {
                        if i == 1 {
                            full[0]
                        } else {
                            width(&l, &i.to_string())
                        }
                    })
                    .collect();
                let numbers = presets_by_number(&l, &full, &short, &ctl, tallest);
                by_number += usize::from(numbers);
                let presets = if numbers { &short } else { &full };
                let rows =
                    button_rows(presets, l.panel.size().x) + button_rows(&ctl, l.panel.size().x);
                let top = l.panel.min.y + BUTTON_MARGIN + rows as f32 * (l.button_h + BUTTON_GAP);
                // One item of the column, the gap, then the page button.
                let bottom = top + tallest + l.small * 0.5 + l.button_h;
                assert!(
                    bottom <= h,
                    "{} at {w}x{h}: the page button ends at {bottom}",
                    scene.name()
                );
            }
        }
        // Only where there is no room: the phones.
        assert!(by_number > 0 && by_number < 10, "{by_number}");
    }

    #[test]
    fn a_phone_shows_some_explanation_and_pages_the_rest() {
        for (w, h) in WINDOWS {
            let l = LabLayout::for_window(vec2(w, h));
            // Three rows of buttons and six readouts above the explanation.
            let top = l.panel.min.y + 3.0 * (l.button_h + 6.0) + 6.0 * l.readout * 1.2;
            let per_page = l.lines_below(top, true);
            assert!(per_page >= 3, "{w}x{h}: only {per_page} lines a page");
            let bottom = top + per_page as f32 * l.small * LINE_SPACING + l.button_h;
            assert!(
                bottom <= l.panel.max.y,
                "{w}x{h}: {bottom} below {:?}",
                l.panel
            );
        }
    }
}
