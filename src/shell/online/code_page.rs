//! The Join page for fingers as well as keys and pads: the room code's letter
//! boxes, the letter pad and the Join and Back buttons where
//! `arkanong_core::app::online::code_pad` puts them, and the taps on them as menu inputs.

use arkanong_core::app::input::{Device, MenuInput};
use arkanong_core::app::online::{code_pad, Lobby, CODE_ALPHABET, CODE_LEN};
use macroquad::prelude::*;

use crate::shell::input::{name_entry_inputs, pointer};
use crate::shell::text::{draw_label_centered, fit, measure};
use crate::shell::view::window_layout;

/// The arrows' colour on the boxes (the name entry's).
const ARROW: Color = Color::new(0.3, 0.8, 1.0, 0.8);
/// A key's face.
const KEY_FACE: Color = Color::new(0.1, 0.14, 0.2, 0.92);
/// A key's and a box's edge.
const EDGE: Color = Color::new(0.45, 0.6, 0.75, 1.0);

/// Draws the Join page; returns its targets in the order [`code_page_inputs`]
/// reads them: Join, Back, the letter boxes, the pad's keys, then Delete.
pub(super) fn draw_code_page(lobby: &Lobby, device: Option<Device>) -> Vec<Rect> {
    let (w, h) = (screen_width(), screen_height());
    let text = window_layout().text;
    let pad = code_pad(vec2(w, h), text);
    let centred = |words: &str, y: f32, size: f32, color: Color| {
        let (shown, size) = fit(words, w - size * 2.0, size);
        draw_label_centered(&shown, w * 0.5, y, size, color);
    };
    let title = match lobby.watching {
        true => "Watch a match",
        false => "Join a game",
    };
    centred(title, pad.title_y, text.title, WHITE);
    // Name the input in use: a finger has no Up and Down, a pad no letters to type.
    let hint = match device {
        Some(Device::Touch) => "Tap the room code's letters",
        Some(Device::Mouse) => "Click or type the room code",
        Some(Device::Pad) => "Up and Down turn a letter, A joins",
        _ => "Type the room code (Up and Down turn a letter)",
    };
    centred(
        hint,
        pad.hint_y,
        text.body,
        Color::new(0.75, 0.82, 0.9, 1.0),
    );
    let to_mq = |r: arkanong_core::geom::Rect| Rect::new(r.min.x, r.min.y, r.size().x, r.size().y);
    let code = lobby.code_shown();
    let mut boxes = Vec::new();
    for (k, (r, c)) in pad.boxes.iter().zip(code.chars()).enumerate() {
        let r = to_mq(*r);
        let current = k == lobby.code_cursor;
        let (edge, thick) = if current { (YELLOW, 3.0) } else { (EDGE, 1.5) };
        draw_rectangle(r.x, r.y, r.w, r.h, KEY_FACE);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, thick, edge);
        letter(
            &c.to_string(),
            r,
            pad.letter_px,
            if current { YELLOW } else { WHITE },
        );
        arrows(r);
        boxes.push(r);
    }
    let mut keys = Vec::new();
    for (c, r) in &pad.keys {
        let r = to_mq(*r);
        draw_rectangle(r.x, r.y, r.w, r.h, KEY_FACE);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 1.5, EDGE);
        letter(&c.to_string(), r, (r.h * 0.5).max(text.body), WHITE);
        keys.push(r);
    }
    let complete = lobby.code.len() == CODE_LEN;
    let mut rects = Vec::new();
    let go = lobby.items()[0];
    for (k, (label, r)) in [(go, pad.join), ("Back", pad.back)].into_iter().enumerate() {
        let r = to_mq(r);
        let selected = k == lobby.cursor;
        let color = match (selected, k == 0 && !complete) {
            (_, true) => Color::new(0.55, 0.6, 0.65, 1.0),
            (true, _) => YELLOW,
            (false, _) => WHITE,
        };
        draw_rectangle(r.x, r.y, r.w, r.h, KEY_FACE);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, if selected { 3.0 } else { 1.5 }, color);
        letter(label, r, text.item, color);
        rects.push(r);
    }
    let delete = to_mq(pad.delete);
    draw_rectangle(delete.x, delete.y, delete.w, delete.h, KEY_FACE);
    draw_rectangle_lines(delete.x, delete.y, delete.w, delete.h, 1.5, EDGE);
    letter("Delete", delete, text.item, WHITE);
    rects.extend(boxes);
    rects.extend(keys);
    rects.push(delete);
    rects
}

/// `words` centred in `r`, `size` pixels tall.
fn letter(words: &str, r: Rect, size: f32, color: Color) {
    let dims = measure(words, size);
    // The glyphs' box runs from `offset_y` above the baseline, `height` tall.
    let baseline = r.y + (r.h - dims.height) * 0.5 + dims.offset_y;
    draw_label_centered(words, r.x + r.w * 0.5, baseline, size, color);
}

/// The up and down arrows at a box's top and bottom: its halves turn the letter.
fn arrows(r: Rect) {
    let half = (r.w * 0.12).min(r.h * 0.08);
    let cx = r.x + r.w * 0.5;
    let (up, down) = (r.y + half * 1.6, r.y + r.h - half * 1.6);
    let up_tip = [
        vec2(cx, up - half),
        vec2(cx - half, up + half),
        vec2(cx + half, up + half),
    ];
    let down_tip = [
        vec2(cx, down + half),
        vec2(cx - half, down - half),
        vec2(cx + half, down - half),
    ];
    for [a, b, c] in [up_tip, down_tip] {
        draw_triangle(a, b, c, ARROW);
    }
}

/// The Join page's inputs (the rects as [`draw_code_page`] returned them):
/// letters typed, Up and Down to turn the letter, Left and Right to move, Enter
/// and Escape; taps on Join and Back, on a box (its upper half turns the letter
/// up, the lower half down), on the pad's keys (which type their letter) and on
/// Delete (a Backspace, `Char('\u{8}')`, as the key itself gives); Ctrl+V pastes.
pub(crate) fn code_page_inputs(rects: &[Rect]) -> Vec<MenuInput> {
    let head = rects.len().min(2 + CODE_LEN);
    let mut out = name_entry_inputs(&rects[..head], head.saturating_sub(2));
    for tap in pointer().taps {
        if let Some(k) = rects[head..].iter().position(|r| r.contains(tap)) {
            let key = CODE_ALPHABET.get(k).map_or('\u{8}', |&c| char::from(c));
            out.push(MenuInput::Char(key));
        }
    }
    // Ctrl+V: the clipboard's text as one burst of letters, which the lobby
    // takes as a pasted code or link (the V itself is not a letter of it).
    let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    if ctrl && is_key_pressed(KeyCode::V) {
        if let Some(text) = macroquad::miniquad::window::clipboard_get() {
            out.retain(|c| !matches!(c, MenuInput::Char(_)));
            out.extend(text.chars().map(MenuInput::Char));
        }
    }
    out
}
