//! The online screens over the dimmed game: a title, what is happening, the room
//! code (and, in the browser, the invitation link), and the items.

use std::cell::RefCell;

use arkanong_core::app::input::Device;
use arkanong_core::app::layout::FINGER_PX;
use arkanong_core::app::menus::LevelPreview;
use arkanong_core::app::online::{Lobby, OnlineScreen, Page, CODE_ALPHABET, CODE_LEN};
use arkanong_core::app::records::LevelEntry;
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::menus::draw_preview;
use crate::shell::palette::Palette;
use crate::shell::play::back_button_rect;
use crate::shell::text::{draw_label_centered, fit};
use crate::shell::view::window_layout;

/// A line centred across the window, fitted to its width.
fn line(text: &str, y: f32, size: f32, color: Color) -> Rect {
    let width = screen_width() - size * 2.0;
    let (shown, size) = fit(text, width, size);
    draw_label_centered(&shown, screen_width() * 0.5, y, size, color)
}

/// A row's faint edge, so a finger sees where its target is.
const EDGE: Color = Color::new(0.45, 0.6, 0.75, 0.6);

/// The box a finger taps for the words drawn in `words`: the words with room
/// around them, at least a fingertip ([`FINGER_PX`]) tall and a third of the
/// window (`width`) wide, centred on them.
fn finger_box(words: Rect, width: f32) -> Rect {
    let c = words.center();
    let w = (words.w + 32.0).max(width / 3.0).max(FINGER_PX).min(width);
    let h = (words.h + 16.0).max(FINGER_PX);
    Rect::new(c.x - w * 0.5, c.y - h * 0.5, w, h)
}

/// The title and the lines a page says.
fn words(screen: &OnlineScreen, level: &str) -> (&'static str, Vec<String>) {
    let lobby = &screen.lobby;
    let code = lobby.code.iter().collect::<String>();
    match lobby.page {
        Page::Choose => (
            "Play online",
            vec![
                "Host: you pick the level and get a room code.".to_owned(),
                "Join: type or tap the code your friend gives you.".to_owned(),
            ],
        ),
        Page::PickLevel => ("Host a game", vec![level.to_owned()]),
        // Drawn by `code_page` (its boxes, pad and buttons).
        Page::EnterCode => ("Join a game", Vec::new()),
        Page::Waiting => {
            let mut lines = vec![lobby.status.clone()];
            // While the server is asked for a room there is no code yet.
            if lobby.hosting && !code.is_empty() {
                lines.push(format!("Room code: {code}"));
                if let Some(link) = invitation(&code) {
                    lines.push(link);
                }
                lines.extend(screen.watch_line(page_address().as_deref()));
                lines.push("Waiting for the other player...".to_owned());
            }
            ("Online", lines)
        }
        Page::Playing => ("", Vec::new()),
        Page::Result => (
            "Match over",
            vec![
                lobby.status.clone(),
                "Rematch: the same level again, the halves swapped.".to_owned(),
            ],
        ),
        Page::Ended => ("Match over", vec![lobby.status.clone()]),
        // Drawn by `draw_watching`.
        Page::Watching => ("", Vec::new()),
    }
}

/// The browser's invitation link (the page with `?join=CODE`).
pub(crate) fn invitation(code: &str) -> Option<String> {
    let page = page_address()?;
    Some(arkanong_core::app::online::invite_link(&page, code))
}

/// The page's address in the browser; none on the desktop.
fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        Some(arkanong_core::app::online::page_href())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Draws `screen`'s lobby page (nothing over a match in play); returns each item's
/// rectangle for clicks and taps.
pub(crate) fn draw_lobby(
    screen: &OnlineScreen,
    levels: &[LevelEntry],
    previews: &[LevelPreview],
    palette: Palette,
    device: Option<Device>,
) -> Vec<Rect> {
    if !(screen.lobby.page == Page::Waiting && screen.lobby.hosting) {
        super::share::hide_share_buttons();
    }
    if screen.lobby.page == Page::Playing && screen.lobby.asking_leave {
        return draw_leave_question(&screen.lobby);
    }
    if let (Page::Watching, Some(watch)) = (screen.lobby.page, &screen.watch) {
        let rects = super::watching::draw_watching(watch);
        log_page(&screen.lobby, &rects);
        return rects;
    }
    if screen.lobby.page == Page::Playing {
        // The match's one item, Leave, where the offline game's pause button
        // goes: a finger's way out (a phone has no Esc).
        let r = back_button_rect();
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.02, 0.03, 0.08, 0.55));
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, Color::new(0.3, 0.8, 1.0, 0.6));
        crate::shell::text::draw_label_in("Leave", r, 16.0, WHITE);
        log_page(&screen.lobby, &[r]);
        return vec![r];
    }
    let (w, h) = (screen_width(), screen_height());
    // Nearly opaque, as the menus' panels are: the game behind must not show
    // through the words (a faint hint of it is enough).
    draw_rectangle(0.0, 0.0, w, h, Color::new(0.02, 0.03, 0.08, 0.93));
    if screen.lobby.page == Page::EnterCode {
        let rects = super::code_page::draw_code_page(&screen.lobby, device);
        log_page(&screen.lobby, &rects);
        return rects;
    }
    let t = window_layout().text;
    let level = screen.level_line(levels);
    let (title, mut lines) = words(screen, &level);
    if let (Page::Choose, Some(e)) = (screen.lobby.page, &screen.ice_error) {
        lines.push(format!("ICE settings not used ({e}): public STUN instead"));
    }
    // Rows a fingertip tall and apart (issue 33): the target is the word's box
    // grown to a finger's size, so a thumb cannot miss it or hit its neighbour.
    let pitch = (t.item * 1.6).max(FINGER_PX + 8.0);
    let hosting = screen.lobby.page == Page::Waiting && screen.lobby.hosting;
    let preview = previews
        .get(screen.level_index(screen.lobby.level))
        .filter(|_| screen.lobby.page == Page::PickLevel);
    // The page's height without the picture: a phone held sideways (390 px)
    // must still show every button whole (issue 47, F7), so the page starts
    // higher and the picture shrinks to the room left.
    let items = screen.lobby.items().len() as f32;
    let fixed = t.title * 1.2
        + lines.len() as f32 * t.body * 1.5
        + if hosting { t.body + FINGER_PX } else { 0.0 }
        + pitch.max(t.item * 2.0)
        + (items - 1.0) * pitch
        + FINGER_PX * 0.5
        + 4.0;
    let picture_room = (h - t.title - fixed - t.body).max(0.0);
    let ph = (h * 0.28)
        .min(w * 0.6 * ARENA_HEIGHT / ARENA_WIDTH)
        .min(picture_room);
    let below_top = fixed + if preview.is_some() { t.body + ph } else { 0.0 };
    let mut y = (h * 0.22).min(h - below_top).max(t.title).round();
    line(title, y, t.title, WHITE);
    y += t.title * 1.2;
    for l in &lines {
        y += t.body * 1.5;
        line(l, y, t.body, Color::new(0.75, 0.82, 0.9, 1.0));
    }
    if screen.lobby.page == Page::PickLevel {
        // The level's picture, as the level select draws it: what a title
        // alone cannot say (its bricks and barriers).
        if let Some(preview) = preview {
            let pw = ph * ARENA_WIDTH / ARENA_HEIGHT;
            y += t.body;
            let frame = Rect::new((w - pw) * 0.5, y, pw, ph);
            draw_rectangle(frame.x, frame.y, pw, ph, Color::new(0.0, 0.0, 0.0, 0.6));
            draw_preview(preview, frame, 1.0, palette);
            y += ph;
        }
    }
    if hosting {
        // The room sent by a tap: Copy (and Share in the browser).
        y += t.body;
        super::share::draw_share_buttons(y);
        y += FINGER_PX;
    }
    y += pitch.max(t.item * 2.0);
    let mut rects = Vec::new();
    for (k, item) in screen.lobby.items().iter().enumerate() {
        let selected = k == screen.lobby.cursor;
        let color = if selected { YELLOW } else { WHITE };
        let words = line(item, y, t.item, color);
        let r = finger_box(words, w);
        let edge = if selected { color } else { EDGE };
        draw_rectangle_lines(r.x, r.y, r.w, r.h, if selected { 2.0 } else { 1.0 }, edge);
        rects.push(r);
        y += pitch;
    }
    log_page(&screen.lobby, &rects);
    rects
}

/// "Leave the match?" over the match, which goes on behind it (the browser's
/// Back in a match): a band across the window's middle with the question and
/// its two buttons, a fingertip tall, side by side. Returns their rectangles.
fn draw_leave_question(lobby: &Lobby) -> Vec<Rect> {
    let layout = window_layout();
    let t = layout.text;
    let q = arkanong_core::app::online::leave_question(layout.window, t);
    let band = q.band;
    draw_rectangle(
        band.min.x,
        band.min.y,
        band.size().x,
        band.size().y,
        Color::new(0.02, 0.03, 0.08, 0.85),
    );
    line("Leave the match?", q.title_y, t.title, WHITE);
    let says = "The match goes on until you choose.";
    line(says, q.line_y, t.body, Color::new(0.75, 0.82, 0.9, 1.0));
    let mut rects = Vec::new();
    for (k, (item, b)) in lobby.items().iter().zip(q.buttons).enumerate() {
        let r = Rect::new(b.min.x, b.min.y, b.size().x, b.size().y);
        let selected = k == lobby.cursor;
        let color = if selected { YELLOW } else { WHITE };
        draw_rectangle_lines(r.x, r.y, r.w, r.h, if selected { 2.0 } else { 1.0 }, color);
        crate::shell::text::draw_label_in(item, r, t.item.min(FINGER_PX * 0.5), color);
        rects.push(r);
    }
    log_page(lobby, &rects);
    rects
}

// De-duplicates a log line (the page, logged when it changes): no setting or
// game state.
thread_local! {
    /// The page line last logged by [`log_page`].
    static LOGGED: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Logs the online page showing and where its targets are (logical pixels) when
/// that changes, as the menus' `screen` line does: `online page PAGE (WHAT):
/// ITEM at X,Y; ...`, where WHAT is the code and the letter being entered on the
/// Join page (`code AB__, letter 3`), else what the page says; the Join page
/// goes on with `box at X,Y,W,H` for each letter box and `key C at X,Y` for each
/// key of its pad; the host's Waiting page with `Copy at X,Y` and `Share at
/// X,Y`. The browser tests tap from this line.
fn log_page(lobby: &Lobby, rects: &[Rect]) {
    let items = lobby.items();
    let mut parts = Vec::new();
    for (k, r) in rects.iter().enumerate() {
        let c = r.center();
        let boxes = items.len()..items.len() + CODE_LEN;
        parts.push(match items.get(k) {
            Some(item) => format!("{item} at {:.0},{:.0}", c.x, c.y),
            None if boxes.contains(&k) => {
                format!("box at {:.0},{:.0},{:.0},{:.0}", r.x, r.y, r.w, r.h)
            }
            None => match CODE_ALPHABET.get(k - boxes.end) {
                Some(&key) => format!("key {} at {:.0},{:.0}", char::from(key), c.x, c.y),
                None => format!("Delete at {:.0},{:.0}", c.x, c.y),
            },
        });
    }
    // The host's Copy and Share, named as items: a finger taps them from here.
    for (name, r) in super::share::share_targets() {
        let c = r.center();
        parts.push(format!("{name} at {:.0},{:.0}", c.x, c.y));
    }
    let what = match lobby.page {
        Page::EnterCode => format!(
            " (code {}, letter {})",
            lobby.code_shown(),
            lobby.code_cursor + 1
        ),
        _ if lobby.status.is_empty() => String::new(),
        _ => format!(" ({})", lobby.status),
    };
    let line = format!("online page {:?}{what}: {}", lobby.page, parts.join("; "));
    LOGGED.with_borrow_mut(|logged| {
        if *logged != line {
            macroquad::miniquad::info!("{}", line);
            *logged = line;
        }
    });
}
