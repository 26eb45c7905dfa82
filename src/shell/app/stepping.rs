//! The app's games each frame: the player's game and the attract game behind the
//! menus, stepped by the play driver (`arkanong::app::play::PlayDriver`) with
//! this frame's hands read into plain data, and their events answered in one
//! place (`shell::feel::answer`). Split from `app.rs`, which calls these from
//! `update`.

use arkanong::app::{input::Hands, menus::finish_game, menus::Screen, play::Session};
use macroquad::prelude::*;

use super::super::view::View;
use super::{show, App, RESULTS_GUARD_SECONDS};
use crate::shell::feel::answer;
use crate::shell::input::{pointer, read_hands};
use crate::shell::play::pause_button_rect;

impl App {
    /// This frame's hands for a game drawn in `view`: keys, pads and the
    /// pointer (a press on the pause button steers nothing).
    pub(super) fn game_hands(&mut self, view: &View) -> Hands {
        let on_button = (pointer().presses.iter()).any(|&at| pause_button_rect().contains(at));
        let pointer = self.pointer.read(view, on_button);
        read_hands(pointer, &self.pads, view.turned)
    }

    /// Runs `steps` fixed steps of the player's game with this frame's hands,
    /// answers its events and, when it ends, starts the results.
    pub(super) fn step_session(&mut self, steps: u32) {
        let hands = self.game_hands(&View::fit(Vec2::ZERO));
        let Some(s) = self.session.as_mut() else {
            return;
        };
        s.keep_contacts(self.debug);
        let played = self
            .driver
            .play(s, steps, (&hands, &self.settings), get_time());
        answer(&played, s, &mut self.effects, &mut self.sound);
        let over = s.game.outcome().is_some();
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
    /// next level's when one ends (the stress mode's driver tops up its balls).
    pub(super) fn step_attract(&mut self, steps: u32) {
        self.attract.keep_contacts(self.debug);
        let mut left = steps;
        loop {
            let played = self.driver.attract(&mut self.attract, left, &self.settings);
            answer(&played, &self.attract, &mut self.effects, &mut self.sound);
            left -= played.steps;
            if !self.attract.is_finished() {
                return;
            }
            let next = (self.attract.level_index + 1) % self.levels.len();
            self.seed = self.seed.wrapping_add(1);
            self.attract = Session::attract(&self.levels[next].level, next, self.seed);
            self.attract.keep_contacts(self.debug);
            self.effects.stage.level_started(&self.levels[next].level);
        }
    }
}
