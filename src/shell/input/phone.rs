//! A phone's own events, as menu commands: the browser's Back (its button or
//! the back gesture) is the game's Back, and a phone turned in mid-game pauses
//! it; the first game played by touch explains the two-finger pause once.
//!
//! The browser's Back: web/history.js keeps one history entry of its own above
//! the page and puts it back each time Back takes it, so Back never leaves the
//! page; it counts the Backs, and [`history_backs`] reads the count once a
//! frame for `FrameInput::backs` (a Back of its own, not Escape: it never loses
//! a score, a game or a match).

use std::cell::Cell;

use arkanong_core::app::state::AppState;
use arkanong_core::app::{input::MenuInput, input::RotationWatch, menus::Notice, menus::Screen};
use macroquad::prelude::{screen_height, screen_width, vec2};

// Device reading: which way the window was last seen (portrait or landscape).
thread_local! {
    /// The window's way, from frame to frame.
    static ROTATION: Cell<RotationWatch> = Cell::new(RotationWatch::default());
}

/// This frame's commands from the phone's own events (see the module comment):
/// a pause when the window turned in a game. Shows the first-time pause hint on
/// the state's banner when it is due.
pub(crate) fn phone_commands(state: &mut AppState) -> Vec<MenuInput> {
    let mut out = Vec::new();
    let mut watch = ROTATION.get();
    let turned = watch.turned(vec2(screen_width(), screen_height()));
    ROTATION.set(watch);
    let playing = state.screen() == Screen::Playing && !state.demo;
    if playing && turned {
        out.push(MenuInput::Pause);
        macroquad::miniquad::info!("paused: the window turned");
    }
    if let Some(hint) = state.menu.touch_hint() {
        let now = state.now();
        state.shared.banner.show(Notice::good(hint), now);
        macroquad::miniquad::info!("hint: {}", hint);
    }
    out
}

/// How many times the browser's Back was used since the last call.
#[cfg(target_arch = "wasm32")]
pub(crate) fn history_backs() -> u32 {
    web::arkanong_history_backs()
}

/// A desktop window has no history: never.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn history_backs() -> u32 {
    0
}

#[cfg(target_arch = "wasm32")]
#[allow(
    unsafe_code,
    reason = "importing a JS function needs an `unsafe extern` block; it takes nothing and returns a number, so it is declared safe"
)]
mod web {
    unsafe extern "C" {
        /// The browser Backs counted by web/history.js since the last call.
        pub(super) safe fn arkanong_history_backs() -> u32;
    }

    /// The version web/history.js carries: miniquad's loader asks the wasm for
    /// `<plugin name>_crate_version` and reports a mismatch in the console.
    #[unsafe(no_mangle)]
    pub(crate) extern "C" fn arkanong_history_crate_version() -> u32 {
        1
    }
}
