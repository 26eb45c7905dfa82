//! A shared level's link, and the Copy and Share buttons that send it: in the
//! browser to `web/share.js` (the Web Share API, or the clipboard), on the
//! desktop to the system clipboard, with a console line either way.

use arkanong_core::app::community::{level_link, CommunityScreen, Page};

use super::draw::{copy_buttons, Send};
use crate::shell::input::pointer;

/// The link of the level the Share page just shared (none elsewhere): the page
/// with `?level=CODE` in the browser, `arkanong --level-code CODE --server URL`
/// on the desktop.
pub(crate) fn shared_link(screen: &CommunityScreen) -> Option<String> {
    let code = screen
        .shared_code
        .as_deref()
        .filter(|_| screen.page == Page::Share)?;
    #[cfg(target_arch = "wasm32")]
    let page = Some(arkanong_core::app::online::page_href());
    #[cfg(not(target_arch = "wasm32"))]
    let page: Option<String> = None;
    Some(level_link(page.as_deref(), code, screen.gallery.server()))
}

/// Copies the edit key the Share page's "Copy its edit key" asked for: in the
/// browser through `web/share.js` (its `key` action, which logs no key), on
/// the desktop to the system clipboard. The console line never has the key.
pub(crate) fn copy_asked_key(screen: &mut CommunityScreen) {
    let Some(key) = screen.take_key_to_copy() else {
        return;
    };
    if cfg!(target_arch = "wasm32") {
        let _ = arkanong_core::app::records::write_record("share:key", &key);
        macroquad::miniquad::info!("edit key: copy asked");
    } else {
        macroquad::miniquad::window::clipboard_set(&key);
        eprintln!("edit key copied to the clipboard");
    }
}

/// A press this frame on a Copy or Share button drawn last frame sends `link`.
/// Returns whether a button took the press.
pub(crate) fn answer_copy_taps(link: Option<&str>) -> bool {
    let (p, Some(link)) = (pointer(), link) else {
        return false;
    };
    if !p.pressed {
        return false;
    }
    let at = p.presses.first().copied().unwrap_or(p.at);
    let Some(send) = (copy_buttons().into_iter()).find_map(|(r, s)| r.contains(at).then_some(s))
    else {
        return false;
    };
    if cfg!(target_arch = "wasm32") {
        let how = if send == Send::Share { "share" } else { "copy" };
        // share.js takes the key and keeps nothing: the read-back's "not kept"
        // is expected (as the lobby's room link).
        let _ = arkanong_core::app::records::write_record(&format!("share:{how}"), link);
        macroquad::miniquad::info!("level link: {how} asked for {link}");
    } else {
        macroquad::miniquad::window::clipboard_set(link);
        eprintln!("level link copied to the clipboard: {link}");
    }
    true
}
