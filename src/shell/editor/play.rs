//! Test-play from the editor: the level as it stands, in a game of its own. The
//! editor is left untouched, so Esc (or the Back button) returns to it exactly as it was.

use arkanong::app::input::Bindings;
use arkanong::app::{play::FixedStep, play::PlayMode, play::Session};
use arkanong::game::{gather_inputs, Difficulty, Intent};
use arkanong::level::Level;
use arkanong::tuning::STEPS_PER_SECOND;
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use crate::shell::input::{human_intent, input_device, pointer, PointerState};
use crate::shell::play::{back_button_rect, draw_back_button, draw_game};
use crate::shell::view::View;

/// A game started from the editor.
pub(crate) struct TestPlay {
    session: Session,
    clock: FixedStep,
    pointer: PointerState,
    /// Shards, flashes and shake, as in a game from the menu.
    effects: Effects,
}

impl TestPlay {
    /// Starts a game of `level` (solo, or versus the CPU).
    pub(crate) fn new(level: &Level, mode: PlayMode) -> Self {
        Self {
            session: Session::new(level, mode, Difficulty::Normal, 0, 1),
            clock: FixedStep::new(STEPS_PER_SECOND),
            pointer: PointerState::default(),
            effects: Effects::default(),
        }
    }

    /// Whether the player asked to go back to the editor: Esc, or a press on the
    /// Back button (the step reads the game's own keys).
    pub(crate) fn wants_back(&self) -> bool {
        is_key_pressed(KeyCode::Escape)
            || (pointer().presses.iter()).any(|&at| back_button_rect().contains(at))
    }

    /// Runs the steps this frame calls for; a finished game stops there.
    pub(crate) fn update(&mut self, dt: f32) {
        let steps = self.clock.advance(f64::from(dt));
        let view = View::fit(Vec2::ZERO);
        let pointer = self.pointer.read(&view, false);
        let s = &mut self.session;
        s.device = input_device();
        let bindings = Bindings::default();
        let two = s.play_mode == PlayMode::TwoPlayers;
        if s.game.outcome().is_some() {
            return;
        }
        for _ in 0..steps {
            let inputs = gather_inputs(&s.game, &mut s.cpus, |side| {
                human_intent(
                    &s.game,
                    side,
                    (two, &bindings),
                    (pointer, Intent::IDLE),
                    &view,
                )
            });
            let events = s.game.step(&inputs);
            s.update_trails();
            s.update_squashes();
            // Shards and rings only: test-play does not read the settings, so it
            // keeps to reduced motion (no flashes, no shake) for everyone.
            self.effects.react(&events, &s.game, true);
        }
        self.effects.update(dt);
    }

    /// Draws the game and a line saying how to get back.
    pub(crate) fn draw(&self) {
        let view = View::fit(Vec2::ZERO);
        let note = match self.session.game.outcome() {
            Some(_) => "game over: Esc or Back to edit",
            None => "test-play: Esc or Back to edit",
        };
        // In the HUD's banner slot (the level's row in portrait, the left panel
        // in landscape), as the demo's notice: over the arena it hid the top
        // paddle, and in portrait the level's name.
        draw_game(&view, &self.session, &self.effects, true, Some(note));
        draw_back_button();
    }
}
