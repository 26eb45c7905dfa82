//! The app's online screen in the window: its menu commands read from the
//! lobby's targets, the view turned for the joiner, and drawing. The screen
//! itself (lobby, link, match) is the app state's `OnlineScreen`; `app.rs` hands
//! the frame over as for any screen.

use arkanong_core::app::input::MenuInput;
use arkanong_core::app::online::Page;
use macroquad::prelude::*;

use super::super::palette::Palette;
use super::super::view::View;
use super::{screenshot, App};
use crate::shell::input::menu_inputs;
use crate::shell::menus::draw_banner;
use crate::shell::online::draw_lobby;
use crate::shell::play::draw_game;

impl App {
    /// The lobby's commands from keys, clicks and taps on last frame's targets:
    /// typed letters on the Join page, menu commands elsewhere.
    pub(super) fn online_commands(&self) -> Vec<MenuInput> {
        let on_code_page = (self.state.online()).is_some_and(|o| o.lobby.page == Page::EnterCode);
        let on_level_page = (self.state.online()).is_some_and(|o| o.lobby.page == Page::PickLevel);
        if on_code_page {
            crate::shell::online::code_page_inputs(&self.item_rects)
        } else if on_level_page {
            crate::shell::online::level_page_inputs(&self.item_rects)
        } else if self.share_tapped() {
            Vec::new()
        } else {
            menu_inputs(&self.item_rects, [None, None])
        }
    }

    /// The host's Copy or Share button tapped this frame (the room's link, or
    /// its code on the desktop, sent at once): true when one took the tap.
    fn share_tapped(&self) -> bool {
        let Some(online) = self.state.online() else {
            return false;
        };
        let code: String = online.lobby.code.iter().collect();
        let link = crate::shell::online::invitation(&code);
        crate::shell::online::answer_share_taps(link.as_deref(), &code)
    }

    /// Whether the game is seen turned half a turn: the online joiner plays the
    /// top paddle, seen at the bottom of their screen as the host's is on the
    /// host's; every drawing and input goes through it.
    pub(super) fn turned(&self) -> bool {
        let online = self.state.online().filter(|_| self.on_online());
        let side = online.and_then(|o| o.session.as_ref()?.online_side);
        side == Some(arkanong_core::level::Side::Top)
    }

    /// The window's view of the game with `shake`, turned for the joiner.
    pub(super) fn game_view(&self, shake: Vec2) -> View {
        View::fit(shake, Palette::of(&self.state.shared.settings)).turned(self.turned())
    }

    /// Whether the online screen shows.
    fn on_online(&self) -> bool {
        self.state.screen() == arkanong_core::app::menus::Screen::Online
    }

    /// Sets up online play at start-up: where players meet, from the page or the
    /// environment; an invitation link (`?join=CODE`) or a watch link
    /// (`--watch CODE`, `?watch=CODE`) opens the screen at once.
    pub(super) fn open_online_from_link(&mut self, watch: Option<String>, server: Option<String>) {
        self.state.shared.meeting = crate::shell::online::read_meeting(server);
        self.state.watch_link = watch.or_else(crate::shell::online::watch_code_from_page);
        if self.state.shared.meeting.invitation.is_some() || self.state.watch_link.is_some() {
            self.state.enter(arkanong_core::app::menus::Screen::Online);
        }
    }

    /// Draws the match (or the attract game behind the lobby) and the lobby; ends
    /// the loop when `--frames` ran out (with `--screenshot`'s picture).
    pub(super) fn online_draw(&mut self, frame_started: f64) {
        let view = self.game_view(self.effects.shake_offset());
        if let Some(online) = self.state.online() {
            let hud_line = online.hud_line();
            match online.shown_session() {
                Some(s) => draw_game(&view, s, &self.effects, true, hud_line.as_deref()),
                None => draw_game(
                    &view,
                    &self.state.shared.attract,
                    &self.effects,
                    false,
                    None,
                ),
            }
            let device = self.state.menu.device;
            let (levels, previews) = (&self.state.shared.levels, &self.state.shared.previews);
            self.item_rects = draw_lobby(online, levels, previews, view.palette, device);
            let items = online.lobby.items();
            let mut targets: Vec<(String, Rect)> = (self.item_rects.iter().enumerate())
                .map(|(k, r)| {
                    let name = items.get(k).map_or("key_or_box", |i| i);
                    (name.replace(' ', "_"), *r)
                })
                .collect();
            targets.extend(crate::shell::online::share_targets());
            super::show::log_sizes(&format!("Online{:?}", online.lobby.page), &targets);
            // The match's ceremony over its result, as offline over the results.
            self.draw_ceremony(&view);
        }
        draw_banner(&view, &self.state.shared.banner, get_time());
        if self.frame_counted(frame_started, 0) {
            if let Some(path) = &self.run_for.1 {
                screenshot::save_plain_screenshot(path, &view);
            }
        }
    }
}
