//! The app's fixed steps: the player's game with this frame's inputs (keys,
//! pointer, pads, each gated so a menu's confirming key never serves), the
//! attract game behind the menus, and the answer to their events (sound,
//! effects, hit-stop). Split from `app.rs`, which calls these from `update`.

use arkanong::app::{
    feel::Moment, input::pad_for_side, menus::finish_game, menus::Screen, play::gate_intent,
    play::PlayMode, play::Session,
};
use arkanong::game::{gather_inputs, GameEvent};
use macroquad::prelude::*;

use super::super::view::View;
use super::{show, App, RESULTS_GUARD_SECONDS};
use crate::shell::input::{human_intent, pointer};
use crate::shell::play::pause_button_rect;

impl App {
    /// Reacts to a game's events: sound, sparks, shake, and a hit-stop on big
    /// events (the clock holds; the game's steps come the same, only later).
    pub(super) fn feel(&mut self, events: &[GameEvent]) {
        if let Some(s) = &self.session {
            self.sound.play_events(events, s.play_mode);
            self.effects
                .react(events, &s.game, self.settings.reduced_motion);
            if self.menu.juice.hitstop {
                let moment = Moment {
                    balls: s.game.world().balls().len(),
                    bricks_left: s.game.breakable_left(),
                };
                let pause = self.hitstop.react(events, moment, get_time());
                self.clock.hold(pause);
            }
        }
    }

    /// Runs `steps` fixed steps of the player's game with this frame's inputs,
    /// then answers its events and, when it ends, starts the results.
    pub(super) fn step_session(&mut self, steps: u32) {
        let view = View::fit(Vec2::ZERO);
        let on_button = (pointer().presses.iter()).any(|&at| pause_button_rect().contains(at));
        let pointer = self.pointer.read(&view, on_button);
        let Some(s) = self.session.as_mut() else {
            return;
        };
        let two_players = s.play_mode == PlayMode::TwoPlayers;
        let pads = self.pads;
        let bindings = self.menu.keys.bindings;
        let mut events = Vec::new();
        s.keep_contacts(self.debug);
        for _ in 0..steps {
            let inputs = gather_inputs(&s.game, &mut s.cpus, |side| {
                let pad = pads.intent(pad_for_side(side, two_players));
                let keys = (two_players, &bindings);
                let raw = human_intent(&s.game, side, keys, (pointer, pad), &view);
                gate_intent(&s.game, side, &mut s.hand_off[side.index() as usize], raw)
            });
            events.extend(s.step_with(&inputs));
        }
        let over = s.game.outcome().is_some();
        self.feel(&events);
        if over && self.menu.screen == Screen::Playing {
            if let Some(s) = self.session.as_ref() {
                show::start_ceremony(&mut self.effects, s, self.seed);
                let entry = &self.levels[s.level_index];
                if finish_game(&mut self.menu, s, &self.scores, &mut self.progress, entry) {
                    self.save_progress();
                }
            }
            self.menu_guard_until = get_time() + RESULTS_GUARD_SECONDS;
            self.results_at = get_time() + show::results_hold(&self.effects);
        }
    }

    /// Runs `steps` steps of the attract game behind the menus, starting the
    /// next level's when one ends, and tops up the stress test's balls.
    pub(super) fn step_attract(&mut self, steps: u32) {
        for _ in 0..steps {
            self.attract.keep_contacts(self.debug);
            let events = self.attract.step_cpus();
            // The attract game shows the same effects (it is silent); not in the
            // stress test, where they would only measure themselves.
            if self.options.balls == 0 {
                self.effects
                    .react(&events, &self.attract.game, self.settings.reduced_motion);
            }
            if self.attract.is_finished() {
                let next = (self.attract.level_index + 1) % self.levels.len();
                self.seed = self.seed.wrapping_add(1);
                self.attract = Session::attract(&self.levels[next].level, next, self.seed);
                self.effects.stage.level_started(&self.levels[next].level);
            }
        }
        if self.options.balls > 0 {
            self.attract.top_up_balls(self.options.balls as usize);
        }
    }
}
