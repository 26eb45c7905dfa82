//! The app's online screen: input to the lobby, the match's fixed steps with the
//! player's intent, its events as sound and effects (each once, pop-ups of
//! erased events withdrawn), and drawing. Split from `app.rs`, which hands the
//! frame here while the screen is `Screen::Online`.

use arkanong::app::feel::CeremonyKind;
use arkanong::app::{input::MenuInput, menus::Screen, play::PlayDriver, play::Played};
use arkanong::game::{Intent, Outcome};
use arkanong::level::Side;
use macroquad::prelude::*;

use super::super::palette::Palette;
use super::super::view::View;
use super::{screenshot, App};
use crate::shell::feel::answer;
use crate::shell::input::{menu_inputs, read_hands};
use crate::shell::menus::draw_banner;
use crate::shell::online::OnlineShell;
use crate::shell::play::draw_game;

impl App {
    /// The online screen's input: typed letters on the code page, menu commands
    /// (keys, clicks, taps, pads) elsewhere, Escape to leave a match.
    pub(super) fn online_input(&mut self, pad_commands: Vec<MenuInput>) {
        let seed = (get_time() * 1e6) as u64 ^ self.state.seed();
        let online = self
            .online
            .get_or_insert_with(|| OnlineShell::new(&self.state.levels, seed));
        online.hitstop = self.state.settings.juice.hitstop;
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
        online.input(commands, &self.state.levels);
        if online.exit {
            self.online = None;
            self.effects.turned = false;
            self.state.menu.screen = Screen::Title;
        }
    }

    /// The online screen's steps: this frame's intent for the local side (from
    /// the play driver, as in any game), the match's ticks (GGRS owns them), and
    /// the feel of what they fired.
    pub(super) fn online_update(&mut self, steps: u32, dt: f32) {
        let view = self.online_view(Vec2::ZERO);
        let pointer = self.pointer.read(&view, false);
        let hands = read_hands(pointer, &self.pads, view.turned);
        self.effects.turned = view.turned;
        let Some(online) = self.online.as_mut() else {
            return;
        };
        // The prompts name this player's own keys and the input in use.
        let local = online.local_side();
        if let Some(s) = online.session.as_mut() {
            // Kept once the match ends: its last picture stays the player's way round.
            s.online_side = local.or(s.online_side);
            s.bindings = self.state.settings.bindings;
            s.device = self.state.menu.device;
        }
        let intent = match (&online.session, local) {
            (Some(s), Some(side)) => {
                let hands = (&hands, &self.state.settings);
                PlayDriver::online_intent(s, side, &mut online.hand_off, hands)
            }
            _ => Intent::IDLE,
        };
        let had_result = online.result.is_some();
        let settled = online.update(steps, intent, &self.state.levels);
        if let (false, Some(_), Some(s)) = (had_result, &online.result, &online.session) {
            if let Some(kind) = online_ceremony(s) {
                let juice = self.effects.juice;
                self.effects.stage.celebrate(kind, self.state.seed(), juice);
            }
        }
        for w in &settled.withdraw {
            self.effects.withdraw(&w.event);
        }
        let events = settled.fire.iter().map(|f| f.event).collect();
        if let Some(s) = &online.session {
            let played = Played::by_player(steps, events, &self.state.settings);
            answer(&played, s, &mut self.effects, &mut self.sound);
        }
        if online.session.is_none() {
            self.state.step_attract_behind(steps, self.debug);
            let out = self.state.take_output();
            self.answer(out);
        }
        self.effects.update(dt);
    }

    /// The view of the online screen: turned half a turn for the player of the
    /// top paddle (the joiner), so their paddle is at the bottom of their screen
    /// as the host's is on the host's; every drawing and input goes through it.
    fn online_view(&self, shake: Vec2) -> View {
        let session = self.online.as_ref().and_then(|o| o.session.as_ref());
        let top = session.and_then(|s| s.online_side) == Some(Side::Top);
        View::fit(shake, Palette::of(&self.state.settings)).turned(top)
    }

    /// An invitation link (`?join=CODE`) opens the online screen at once.
    pub(super) fn open_online_from_link(&mut self) {
        if crate::shell::online::join_code_from_page().is_some() {
            self.state.menu.screen = Screen::Online;
        }
    }

    /// Draws the match (or the attract game behind the lobby) and the lobby; ends
    /// the loop when `--frames` ran out (with `--screenshot`'s picture).
    pub(super) fn online_draw(&mut self, frame_started: f64) {
        let view = self.online_view(self.effects.shake_offset());
        if let Some(online) = self.online.as_mut() {
            let hud_line = online.hud_line();
            match &online.session {
                Some(s) => draw_game(&view, s, &self.effects, true, hud_line.as_deref()),
                None => draw_game(&view, &self.state.attract, &self.effects, false, None),
            }
            online.rects = online.draw_lobby(&self.state.levels, self.state.menu.device);
            // The match's ceremony over its result, as offline over the results.
            self.draw_ceremony(&view);
        }
        draw_banner(&view, &self.state.banner, get_time());
        self.probe
            .frame_done(frame_started, 0, self.state.driver.max_steps());
        if self.run_for.0.is_some_and(|n| self.probe.frames >= n) {
            if let Some(path) = &self.run_for.1 {
                screenshot::save_plain_screenshot(path, &view);
            }
            self.done = true;
        }
    }
}

/// The ceremony of an online match's end, from this player's side (as against
/// the CPU): their win's fireworks, or a defeat's dim; a draw has none.
fn online_ceremony(s: &arkanong::app::play::Session) -> Option<CeremonyKind> {
    let (outcome, me) = (s.game.outcome()?, s.online_side?);
    match outcome {
        Outcome::Won(side) if side == me => Some(CeremonyKind::Victory(me)),
        Outcome::Won(_) => Some(CeremonyKind::Defeat),
        other => CeremonyKind::of(other, false),
    }
}
