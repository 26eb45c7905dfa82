//! The Community screen over the dimmed attract game: its title, what it says
//! (an answer, a refusal and the checker's diagnostics, the shared level's
//! link), the list's tabs side by side, then the rows a fingertip tall, each
//! level with its picture, and the highlighted or open level drawn large where
//! the window has room, each where `app::community::page_layout` puts it. Rows
//! scrolled out of view get empty rectangles, so a row's index is its
//! rectangle's.

use std::cell::RefCell;

use arkanong_core::app::community::{page_layout, CommunityScreen, PageContent, Row};
use arkanong_core::app::layout::text_sizes;
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::menus::draw_preview;
use crate::shell::palette::Palette;
use crate::shell::shapes::draw_edge;
use crate::shell::text::{draw_label, draw_label_in, fit, measure};

/// A row's faint edge, so a finger sees where its target is.
const EDGE: Color = Color::new(0.45, 0.6, 0.75, 0.6);
/// What the screen says.
const SAYS: Color = Color::new(0.75, 0.82, 0.9, 1.0);
/// A refusal's diagnostics.
const DIAGNOSTIC: Color = Color::new(1.0, 0.7, 0.55, 1.0);

/// Draws `screen` (with `link`, a shared level's) where
/// `app::community::page_layout` puts each piece (keeping where its rows
/// start, for the next swipe); returns each row's rectangle
/// (empty when scrolled out of view), for clicks and taps, and every target
/// named for the size report.
pub(crate) fn draw_community(
    screen: &mut CommunityScreen,
    link: Option<&str>,
    palette: Palette,
) -> (Vec<Rect>, Vec<(String, Rect)>) {
    let (w, h) = (screen_width(), screen_height());
    draw_rectangle(0.0, 0.0, w, h, Color::new(0.02, 0.03, 0.08, 0.93));
    let mut lines: Vec<(String, Color)> = Vec::new();
    // The status wraps to the column (its width does not hang on the lines).
    let column = page_layout(vec2(w, h), PageContent::default()).column;
    let body = text_sizes(vec2(w, h)).body;
    let said = screen.status_lines(column.size().x, |t| measure(t, body).width);
    lines.extend(said.into_iter().map(|l| (l, SAYS)));
    lines.extend(
        screen
            .diagnostics
            .iter()
            .take(4)
            .map(|d| (d.clone(), DIAGNOSTIC)),
    );
    if let Some(link) = link {
        lines.push((format!("Link: {link}"), WHITE));
    }
    let sends = copy_sends(link.is_some());
    let l = screen.lay_out(vec2(w, h), lines.len(), sends.len());
    let rows = screen.rows();
    let tabs: Vec<usize> = (0..rows.len())
        .filter(|&k| matches!(rows[k], Row::Tab(_)))
        .collect();
    let listed: Vec<usize> = (0..rows.len()).filter(|k| !tabs.contains(k)).collect();
    let big = screen.shown_code().and_then(|c| screen.previews.get(c));
    let t = l.text;
    let column = l.column.size().x;
    let (title, size) = fit(&screen.title(), column, t.title);
    draw_label(&title, l.title.x, l.title.y, size, WHITE);
    for ((text, color), at) in lines.iter().zip(&l.lines) {
        let (shown, size) = fit(text, column, t.body);
        draw_label(&shown, at.x, at.y, size, *color);
    }
    let copy = draw_copy_buttons(sends, &l.buttons);
    let mut rects = vec![Rect::default(); rows.len()];
    for (&k, &r) in tabs.iter().zip(&l.tabs) {
        let r = rect(r);
        draw_row(screen, rows[k], k, r, t.item, None, palette);
        rects[k] = r;
    }
    for (&k, r) in listed.iter().zip(&l.rows) {
        let Some(r) = r.map(rect) else {
            continue;
        };
        let preview = match rows[k] {
            Row::Level(n) => screen
                .levels
                .get(n)
                .and_then(|l| screen.previews.get(&l.code)),
            _ => None,
        };
        draw_row(screen, rows[k], k, r, t.item, preview, palette);
        rects[k] = r;
    }
    let pad = if screen.typing {
        draw_letter_pad(l.pad_clear_of)
    } else {
        Vec::new()
    };
    if let (Some(p), Some(frame)) = (big, l.picture) {
        draw_preview(p, rect(frame), 1.0, palette);
    }
    let mut targets = log_page(screen, &rects, &copy);
    targets.extend(pad.iter().map(|(c, r)| (format!("key {c}"), *r)));
    PAD.with_borrow_mut(|p| *p = pad);
    (rects, targets)
}

/// A layout's rectangle as macroquad's.
fn rect(r: arkanong_core::geom::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.size().x, r.size().y)
}

/// The search box's letter pad clear of `rows` (the column down to its last
/// row), where `app::menus::letter_pad` finds room, as the name entry's: a
/// tap types.
fn draw_letter_pad(rows: arkanong_core::geom::Rect) -> Vec<(char, Rect)> {
    let window = vec2(screen_width(), screen_height());
    let keys: Vec<(char, Rect)> = (arkanong_core::app::menus::letter_pad(window, rows).into_iter())
        .map(|(c, r)| (c, rect(r)))
        .collect();
    for (c, r) in &keys {
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.1, 0.14, 0.2, 0.92));
        draw_edge(*r, 1.0, EDGE);
        draw_label_in(&c.to_string(), *r, 18.0, WHITE);
    }
    keys
}

/// Last frame's letter pad keys (none unless the search box has the keys).
pub(crate) fn pad_keys() -> Vec<(char, Rect)> {
    PAD.with_borrow(Clone::clone)
}

/// One row in `r`: its words fitted, its edge (bright when highlighted), and a
/// level's small picture at its left.
fn draw_row(
    screen: &CommunityScreen,
    row: Row,
    k: usize,
    r: Rect,
    size: f32,
    preview: Option<&arkanong_core::app::menus::LevelPreview>,
    palette: Palette,
) {
    let selected = k == screen.cursor;
    let color = if selected { YELLOW } else { WHITE };
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.06, 0.08, 0.14, 0.9));
    let edge = if selected { color } else { EDGE };
    draw_edge(r, if selected { 2.0 } else { 1.0 }, edge);
    let mut words = r;
    if let Some(p) = preview {
        let ph = r.h - 6.0;
        let pw = ph * ARENA_WIDTH / ARENA_HEIGHT;
        draw_preview(p, Rect::new(r.x + 4.0, r.y + 3.0, pw, ph), 1.0, palette);
        words = Rect::new(r.x + pw + 10.0, r.y, r.w - pw - 14.0, r.h);
    }
    let (text, size) = fit(&screen.label(row), words.w - 12.0, size);
    draw_label_in(&text, words, size, color);
}

/// What a Copy button sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Send {
    /// The link to the clipboard.
    Copy,
    /// The link to the system's share sheet (the browser's).
    Share,
}

/// What the shared level's buttons send (none without a link): Copy, and
/// Share in the browser.
fn copy_sends(link: bool) -> &'static [Send] {
    if !link {
        &[]
    } else if cfg!(target_arch = "wasm32") {
        &[Send::Copy, Send::Share]
    } else {
        &[Send::Copy]
    }
}

/// The shared level's buttons, `sends` in `places`.
fn draw_copy_buttons(sends: &[Send], places: &[arkanong_core::geom::Rect]) -> Vec<(Rect, Send)> {
    let mut out = Vec::new();
    for (&send, &r) in sends.iter().zip(places) {
        let r = rect(r);
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.1, 0.14, 0.2, 0.92));
        draw_edge(r, 1.0, Color::new(0.45, 0.6, 0.75, 1.0));
        let label = if send == Send::Copy {
            "Copy link"
        } else {
            "Share"
        };
        draw_label_in(label, r, 18.0, WHITE);
        out.push((r, send));
    }
    out
}

// De-duplicates a log line (the page, logged when it changes) and keeps last
// frame's Copy buttons for taps: no setting or game state.
thread_local! {
    /// The page line last logged by [`log_page`].
    static LOGGED: RefCell<String> = const { RefCell::new(String::new()) };
    /// Last frame's Copy and Share buttons.
    static BUTTONS: RefCell<Vec<(Rect, Send)>> = const { RefCell::new(Vec::new()) };
    /// Last frame's letter pad keys.
    static PAD: RefCell<Vec<(char, Rect)>> = const { RefCell::new(Vec::new()) };
}

/// Last frame's Copy and Share buttons.
pub(crate) fn copy_buttons() -> Vec<(Rect, Send)> {
    BUTTONS.with_borrow(Clone::clone)
}

/// Logs the page and where its rows are (logical pixels) when that changes:
/// `community page PAGE (STATUS): ROW at X,Y; ...`; returns the targets, named,
/// for the size report. Tests and the browser's phone pass tap from the line.
fn log_page(
    screen: &CommunityScreen,
    rects: &[Rect],
    copy: &[(Rect, Send)],
) -> Vec<(String, Rect)> {
    BUTTONS.with_borrow_mut(|b| *b = copy.to_vec());
    let rows = screen.rows();
    let mut parts = Vec::new();
    let mut targets = Vec::new();
    for (row, r) in rows.iter().zip(rects).filter(|(_, r)| r.w > 0.0) {
        let c = r.center();
        parts.push(format!("{row:?} at {:.0},{:.0}", c.x, c.y));
        targets.push((format!("{row:?}").replace(['(', ')'], ""), *r));
    }
    for (r, send) in copy {
        let c = r.center();
        parts.push(format!("{send:?} at {:.0},{:.0}", c.x, c.y));
        targets.push((format!("{send:?}"), *r));
    }
    let line = format!(
        "community page {:?} ({}): {}",
        screen.page,
        screen.status,
        parts.join("; ")
    );
    LOGGED.with_borrow_mut(|logged| {
        if *logged != line {
            macroquad::miniquad::info!("{}", line);
            *logged = line;
        }
    });
    targets
}
