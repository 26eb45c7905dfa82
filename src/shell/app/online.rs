//! The app's online screen: input to the lobby, the match's fixed steps with the
//! player's intent, its events as sound and effects (each once, pop-ups of
//! erased events withdrawn), and drawing. Split from `app.rs`, which hands the
//! frame here while the screen is `Screen::Online`.

use arkanong::app::{
    input::pad_for_side, input::MenuInput, menus::Screen, play::gate_intent, play::PlayMode,
};
use arkanong::game::{GameEvent, Intent};
use macroquad::prelude::*;

use super::super::view::View;
use super::{screenshot, App};
use crate::shell::input::{human_intent, menu_inputs};
use crate::shell::online::OnlineShell;
use crate::shell::play::draw_game;

impl App {
    /// The online screen's input: typed letters on the code page, menu commands
    /// (keys, clicks, taps, pads) elsewhere, Escape to leave a match.
    pub(super) fn online_input(&mut self, pad_commands: Vec<MenuInput>) {
        let seed = (get_time() * 1e6) as u64 ^ self.seed;
        let online = self
            .online
            .get_or_insert_with(|| OnlineShell::new(&self.levels, seed));
        let playing = online.lobby.page == arkanong::app::online::Page::Playing;
        let rects = std::mem::take(&mut online.rects);
        let mut commands = if online.lobby.page == arkanong::app::online::Page::EnterCode {
            crate::shell::online::code_page_inputs(&rects)
        } else {
            menu_inputs(&rects, [None, None])
        };
        // In a match only Escape (or a pad's Start) reaches the lobby: leaving.
        let pads = pad_commands
            .into_iter()
            .filter(|c| !playing || *c == MenuInput::Pause);
        commands.extend(pads);
        if playing {
            commands.retain(|c| matches!(c, MenuInput::Back | MenuInput::Pause));
        }
        online.input(commands, &self.levels);
        if online.exit {
            self.online = None;
            self.menu.screen = Screen::Title;
        }
    }

    /// The online screen's steps: this frame's intent for the local side, the
    /// match's ticks, and the feel of what they fired.
    pub(super) fn online_update(&mut self, steps: u32, dt: f32) {
        let view = View::fit(Vec2::ZERO);
        let pointer = self.pointer.read(&view, false);
        let Some(online) = self.online.as_mut() else {
            return;
        };
        let intent = match (&online.session, online.local_side()) {
            (Some(s), Some(side)) => {
                let pad = self.pads.intent(pad_for_side(side, false));
                let keys = (false, &self.menu.keys.bindings);
                let raw = human_intent(&s.game, side, keys, pointer, pad);
                gate_intent(&s.game, side, &mut online.hand_off, raw)
            }
            _ => Intent::IDLE,
        };
        let had_result = online.result.is_some();
        let settled = online.update(steps, intent, &self.levels);
        if let (false, Some(_), Some(s)) = (had_result, &online.result, &online.session) {
            super::show::start_ceremony(&mut self.effects, s, self.seed);
        }
        for w in &settled.withdraw {
            self.effects.withdraw(&w.event);
        }
        let events: Vec<GameEvent> = settled.fire.iter().map(|f| f.event).collect();
        if let Some(s) = &online.session {
            self.sound.play_events(&events, PlayMode::TwoPlayers);
            self.effects
                .react(&events, &s.game, self.settings.reduced_motion);
        }
        if online.session.is_none() {
            self.step_attract(steps);
        }
        self.effects.update(dt);
    }

    /// An invitation link (`?join=CODE`) opens the online screen at once.
    pub(super) fn open_online_from_link(&mut self) {
        if crate::shell::online::join_code_from_page().is_some() {
            self.menu.screen = Screen::Online;
        }
    }

    /// Draws the match (or the attract game behind the lobby) and the lobby; ends
    /// the loop when `--frames` ran out (with `--screenshot`'s picture).
    pub(super) fn online_draw(&mut self, frame_started: f64) {
        let view = View::fit(self.effects.shake_offset());
        if let Some(online) = self.online.as_mut() {
            let hud_line = online.hud_line();
            match &online.session {
                Some(s) => draw_game(&view, s, &self.effects, true, hud_line.as_deref()),
                None => draw_game(&view, &self.attract, &self.effects, false, None),
            }
            online.rects = online.draw_lobby(&self.levels);
        }
        self.banner.draw(&view);
        self.probe
            .frame_done(frame_started, 0, self.clock.max_steps());
        if self.options.frames.is_some_and(|n| self.probe.frames >= n) {
            if let Some(path) = &self.options.screenshot {
                screenshot::save_plain_screenshot(path, &view);
            }
            self.done = true;
        }
    }
}
