//! The app's part in the show around a game (issue 13): the menu screen drawn
//! over the dimmed game with a ceremony's fireworks between, and the ceremony
//! started when a game ends.

use arkanong::app::{menus::MenuPose, play::Session};
use macroquad::prelude::Rect;

use super::super::view::View;
use super::App;
use crate::shell::feel::draw_ceremony;
use crate::shell::feel::Effects;
use crate::shell::menus::{dim_background, draw_screen};

impl App {
    /// The menu screen over the game: the dim, a ceremony's fireworks, then the
    /// screen, arriving as `pose` says. Returns where its items rest.
    pub(super) fn draw_menu_screen(&self, view: &View, pose: MenuPose) -> Vec<Rect> {
        dim_background(self.menu.screen);
        if self.effects.juice.ceremony {
            draw_ceremony(view, &self.effects.stage);
        }
        draw_screen(
            &self.menu,
            (&self.levels, &self.previews),
            &self.scores,
            &self.progress,
            self.session.as_ref(),
            pose,
        )
    }
}

/// `session`'s game has just ended: its ceremony starts, seeded with `seed`.
pub(super) fn start_ceremony(effects: &mut Effects, session: &Session, seed: u64) {
    if let Some(outcome) = session.game.outcome() {
        let juice = effects.juice;
        effects
            .stage
            .game_over(outcome, session.play_mode, seed, juice);
    }
}
