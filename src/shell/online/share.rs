//! The room's Copy and Share buttons on the host's Waiting page (issue 33): a
//! friend is sent the room by a tap, not by reading drawn text. In the browser
//! the invitation link goes to `web/share.js` (the Web Share API where the
//! browser has it, the clipboard otherwise); on the desktop, with no link, the
//! room code goes to the system clipboard through miniquad, and the console says
//! so. The lobby model never hears of them: they act at once, in the shell.

use std::cell::RefCell;

use macroquad::prelude::*;

use crate::shell::input::pointer;
use crate::shell::text::draw_label_in;

/// What a button does with the room's link (or code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ShareButton {
    /// To the clipboard.
    Copy,
    /// To the system's share sheet (the browser's only; the clipboard where
    /// it has none).
    Share,
}

// Where the buttons were drawn last frame, for taps, as the menus keep their
// rectangles: no setting or game state.
thread_local! {
    /// Last frame's buttons and what each sends.
    static DRAWN: RefCell<Vec<(Rect, ShareButton)>> = const { RefCell::new(Vec::new()) };
}

/// The buttons this build shows: Copy, and Share in the browser.
const SENDS: &[ShareButton] = if cfg!(target_arch = "wasm32") {
    &[ShareButton::Copy, ShareButton::Share]
} else {
    &[ShareButton::Copy]
};

/// How many buttons the share row holds (the page's layout keeps their room).
pub(super) fn share_count() -> usize {
    SENDS.len()
}

/// Draws the buttons at `places` (the lobby layout's share row); the next
/// frame's taps ([`answer_share_taps`]) land on them.
pub(super) fn draw_share_buttons(places: &[arkanong_core::geom::Rect]) {
    let mut drawn = Vec::new();
    for (&send, p) in SENDS.iter().zip(places) {
        let r = Rect::new(p.min.x, p.min.y, p.size().x, p.size().y);
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.1, 0.14, 0.2, 0.92));
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 1.5, Color::new(0.45, 0.6, 0.75, 1.0));
        let label = match send {
            ShareButton::Copy if cfg!(target_arch = "wasm32") => "Copy link",
            ShareButton::Copy => "Copy code",
            ShareButton::Share => "Share",
        };
        draw_label_in(label, r, 18.0, WHITE);
        drawn.push((r, send));
    }
    DRAWN.with_borrow_mut(|d| *d = drawn);
}

/// The buttons drawn this frame, named, for the size report.
pub(crate) fn share_targets() -> Vec<(String, Rect)> {
    DRAWN.with_borrow(|d| d.iter().map(|(r, s)| (format!("{s:?}"), *r)).collect())
}

/// Forgets the buttons (a page without them shows), so no tap lands on them.
pub(super) fn hide_share_buttons() {
    DRAWN.with_borrow_mut(Vec::clear);
}

/// A press this frame on a button drawn last frame sends `link` (the browser's
/// invitation) or, without one, the room `code`. Returns whether a button took
/// the press.
pub(crate) fn answer_share_taps(link: Option<&str>, code: &str) -> bool {
    let p = pointer();
    if !p.pressed {
        return false;
    }
    let at = p.presses.first().copied().unwrap_or(p.at);
    let hit = DRAWN.with_borrow(|d| d.iter().find(|(r, _)| r.contains(at)).map(|(_, s)| *s));
    let Some(send) = hit else {
        return false;
    };
    match link {
        Some(link) => send_link(send, link),
        None => {
            macroquad::miniquad::window::clipboard_set(code);
            eprintln!("room code {code} copied to the clipboard");
            macroquad::miniquad::info!("room code {code} copied to the clipboard");
        }
    }
    true
}

/// Hands the link to `web/share.js`, which catches this storage key (as
/// `web/editor.js` catches its downloads): no wasm-bindgen import of our own.
fn send_link(send: ShareButton, link: &str) {
    let how = match send {
        ShareButton::Copy => "copy",
        ShareButton::Share => "share",
    };
    // share.js takes the key and stores nothing: the read-back's "not kept" is
    // expected, so the result is not an error here.
    let _ = arkanong_core::app::records::write_record(&format!("share:{how}"), link);
    macroquad::miniquad::info!("room link: {how} asked for {link}");
}
