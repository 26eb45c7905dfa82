//! The Community screen over the dimmed attract game: its title, what it says
//! (an answer, a refusal and the checker's diagnostics, the shared level's
//! link), the list's tabs side by side, then the rows a fingertip tall, each
//! level with its picture, and the highlighted or open level drawn large where
//! the window has room. Rows scrolled out of view get empty rectangles, so a
//! row's index is its rectangle's.

use std::cell::RefCell;

use arkanong::app::community::{CommunityScreen, Row};
use arkanong::app::layout::FINGER_PX;
use arkanong::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::menus::draw_preview;
use crate::shell::palette::Palette;
use crate::shell::text::{draw_label, draw_label_in, fit};
use crate::shell::view::window_layout;

/// A row's faint edge, so a finger sees where its target is.
const EDGE: Color = Color::new(0.45, 0.6, 0.75, 0.6);
/// What the screen says.
const SAYS: Color = Color::new(0.75, 0.82, 0.9, 1.0);
/// A refusal's diagnostics.
const DIAGNOSTIC: Color = Color::new(1.0, 0.7, 0.55, 1.0);

/// Draws `screen` (with `link`, a shared level's); returns each row's rectangle
/// (empty when scrolled out of view), for clicks and taps, and every target
/// named for the size report.
pub(crate) fn draw_community(
    screen: &CommunityScreen,
    link: Option<&str>,
    palette: Palette,
) -> (Vec<Rect>, Vec<(String, Rect)>) {
    let (w, h) = (screen_width(), screen_height());
    draw_rectangle(0.0, 0.0, w, h, Color::new(0.02, 0.03, 0.08, 0.93));
    let t = window_layout().text;
    let margin = (w * 0.04).max(8.0);
    // A large picture at the right where the window is wide.
    let wide = w >= 720.0 && w > h;
    let column = if wide {
        w * 0.6 - margin
    } else {
        w - margin * 2.0
    };
    let mut y = margin + t.title;
    let (title, size) = fit(&screen.title(), column, t.title);
    draw_label(&title, margin, y, size, WHITE);
    let mut lines: Vec<(String, Color)> = Vec::new();
    let waiting = if screen.waiting() { "  ..." } else { "" };
    if !screen.status.is_empty() || !waiting.is_empty() {
        lines.push((format!("{}{waiting}", screen.status), SAYS));
    }
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
    for (text, color) in &lines {
        y += t.body * 1.5;
        let (shown, size) = fit(text, column, t.body);
        draw_label(&shown, margin, y, size, *color);
    }
    y += t.body;
    let mut copy = Vec::new();
    if link.is_some() {
        copy = draw_copy_buttons(margin, y);
        y += FINGER_PX + 10.0;
    }
    let rows = screen.rows();
    let mut rects = vec![Rect::default(); rows.len()];
    // The tabs side by side.
    let tabs: Vec<usize> = (0..rows.len())
        .filter(|&k| matches!(rows[k], Row::Tab(_)))
        .collect();
    if !tabs.is_empty() {
        let gap = 8.0;
        let tw = (column - gap * (tabs.len() as f32 - 1.0)) / tabs.len() as f32;
        for (n, &k) in tabs.iter().enumerate() {
            let r = Rect::new(margin + n as f32 * (tw + gap), y, tw, FINGER_PX);
            draw_row(screen, rows[k], k, r, t.item, None, palette);
            rects[k] = r;
        }
        y += FINGER_PX + 10.0;
    }
    let pitch = (t.item * 1.6).max(FINGER_PX + 8.0);
    let listed: Vec<usize> = (0..rows.len()).filter(|k| !tabs.contains(k)).collect();
    let room = ((h - margin - y) / pitch).floor().max(1.0) as usize;
    // Scrolled so the highlighted row shows.
    let at = listed.iter().position(|&k| k == screen.cursor).unwrap_or(0);
    let first = at
        .saturating_sub(room.saturating_sub(1))
        .min(listed.len().saturating_sub(room));
    for &k in listed.iter().skip(first).take(room) {
        let r = Rect::new(margin, y, column, pitch - 8.0);
        let preview = match rows[k] {
            Row::Level(n) => screen
                .levels
                .get(n)
                .and_then(|l| screen.previews.get(&l.code)),
            _ => None,
        };
        draw_row(screen, rows[k], k, r, t.item, preview, palette);
        rects[k] = r;
        y += pitch;
    }
    let pad = if screen.typing {
        draw_letter_pad(Rect::new(0.0, 0.0, w, y))
    } else {
        Vec::new()
    };
    if wide {
        let big = screen.shown_code().and_then(|c| screen.previews.get(c));
        if let Some(p) = big {
            let fw = (w * 0.4 - margin * 2.0).min((h - margin * 2.0) * ARENA_WIDTH / ARENA_HEIGHT);
            let fh = fw * ARENA_HEIGHT / ARENA_WIDTH;
            let frame = Rect::new(w - margin - fw, (h - fh) * 0.5, fw, fh);
            draw_preview(p, frame, 1.0, palette);
        }
    }
    let mut targets = log_page(screen, &rects, &copy);
    targets.extend(pad.iter().map(|(c, r)| (format!("key {c}"), *r)));
    PAD.with_borrow_mut(|p| *p = pad);
    (rects, targets)
}

/// The search box's letter pad below `above` (the rows drawn), where
/// `app::menus::letter_pad` finds room, as the name entry's: a tap types.
fn draw_letter_pad(above: Rect) -> Vec<(char, Rect)> {
    let window = vec2(screen_width(), screen_height());
    let panel = arkanong::geom::Rect::new(above.point(), above.point() + above.size());
    let keys: Vec<(char, Rect)> = (arkanong::app::menus::letter_pad(window, panel).into_iter())
        .map(|(c, r)| (c, Rect::new(r.min.x, r.min.y, r.size().x, r.size().y)))
        .collect();
    for (c, r) in &keys {
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.1, 0.14, 0.2, 0.92));
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 1.0, EDGE);
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
    preview: Option<&arkanong::app::menus::LevelPreview>,
    palette: Palette,
) {
    let selected = k == screen.cursor;
    let color = if selected { YELLOW } else { WHITE };
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.06, 0.08, 0.14, 0.9));
    let edge = if selected { color } else { EDGE };
    draw_rectangle_lines(r.x, r.y, r.w, r.h, if selected { 2.0 } else { 1.0 }, edge);
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

/// The shared level's Copy (and, in the browser, Share) buttons at `x`, `y`.
fn draw_copy_buttons(x: f32, y: f32) -> Vec<(Rect, Send)> {
    let sends: &[Send] = if cfg!(target_arch = "wasm32") {
        &[Send::Copy, Send::Share]
    } else {
        &[Send::Copy]
    };
    let bw = (screen_width() * 0.3).clamp(FINGER_PX * 2.0, 200.0);
    let mut out = Vec::new();
    for (n, &send) in sends.iter().enumerate() {
        let r = Rect::new(x + n as f32 * (bw + 12.0), y, bw, FINGER_PX);
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.1, 0.14, 0.2, 0.92));
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 1.5, Color::new(0.45, 0.6, 0.75, 1.0));
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
