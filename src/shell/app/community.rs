//! The app's Community screen in the window: its commands read from keys,
//! clicks, taps and pads (typed letters while the search box has the keys), its
//! drawing over the attract game, and how the game opens it at start-up (a
//! `--level-code`, the page's `?level=CODE`) with the community record loaded.

use arkanong_core::app::community::{random_bytes, CommunityBook};
use arkanong_core::app::input::MenuInput;
use macroquad::prelude::*;

use super::super::palette::Palette;
use super::{screenshot, App};
use crate::shell::community::{
    answer_copy_taps, copy_asked_key, draw_community, pad_keys, shared_link,
};
use crate::shell::input::{menu_inputs, name_entry_inputs};
use crate::shell::menus::draw_banner;
use crate::shell::play::draw_game;

impl App {
    /// The Community screen's commands: typing while the search box has the
    /// keys (Backspace reads as Left), menu commands from keys and last frame's
    /// rows elsewhere; a tap on Copy or Share sends the link and nothing else.
    pub(super) fn community_commands(&self) -> Vec<MenuInput> {
        let Some(screen) = self.state.community() else {
            return Vec::new();
        };
        if answer_copy_taps(shared_link(screen).as_deref()) {
            return Vec::new();
        }
        if screen.typing {
            let mut out = name_entry_inputs(&self.item_rects, 0);
            let taps = crate::shell::input::pointer().taps;
            for (c, r) in pad_keys() {
                if taps.iter().any(|&t| r.contains(t)) {
                    out.push(MenuInput::Char(c));
                }
            }
            out
        } else {
            menu_inputs(&self.item_rects, [None, None])
        }
    }

    /// Loads the community records and opens a level named by its code: the
    /// `--level-code` flag, or the page's `?level=CODE`. `unix_seconds` names
    /// a record set aside.
    pub(super) fn open_community(&mut self, level_code: Option<String>, unix_seconds: u64) {
        self.state
            .set_community_book(CommunityBook::load(unix_seconds), random_bytes());
        #[cfg(target_arch = "wasm32")]
        let level_code = level_code.or_else(|| {
            let query = arkanong_core::app::online::page_query();
            (query.split('&'))
                .find_map(|p| p.strip_prefix("level="))
                .and_then(|c| arkanong_core::app::play::parse_level_code(c).ok())
        });
        if let Some(code) = level_code {
            self.state.open_level_code(&code);
        }
    }

    /// Draws the Community screen over the attract game; ends the loop when
    /// `--frames` ran out (with `--screenshot`'s picture).
    pub(super) fn community_draw(&mut self, frame_started: f64) {
        let palette = Palette::of(&self.state.shared.settings);
        let view = self.game_view(self.effects.shake_offset());
        draw_game(
            &view,
            &self.state.shared.attract,
            &self.effects,
            false,
            None,
        );
        if let Some(screen) = self.state.community_mut() {
            copy_asked_key(screen);
            let link = shared_link(screen);
            let (rects, targets) = draw_community(screen, link.as_deref(), palette);
            self.item_rects = rects;
            super::show::log_sizes(&format!("Community{:?}", screen.page), &targets);
        }
        draw_banner(&view, &self.state.shared.banner, get_time());
        if self.frame_counted(frame_started, 0) {
            if let Some(path) = &self.run_for.1 {
                screenshot::save_plain_screenshot(path, &view);
            }
        }
    }
}
