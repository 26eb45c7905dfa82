//! Test-play from the editor: the level as it stands, in a game of its own
//! (`arkanong::app::editor::TestPlay`), played with the player's keys, pads,
//! reduced motion and juice as a game from the menu is. The editor is left
//! untouched, so Esc (or the Back button) returns to it exactly as it was.

use arkanong::app::editor::TestPlay;
use arkanong::app::input::{Device, Pads};
use arkanong::app::play::PlayMode;
use arkanong::app::records::Settings;
use arkanong::level::Level;
use macroquad::prelude::*;

use crate::shell::feel::{answer, Effects};
use crate::shell::input::{pointer, read_hands, PointerState};
use crate::shell::palette::Palette;
use crate::shell::play::{back_button_rect, draw_back_button, draw_game};
use crate::shell::sound::SoundPlayer;
use crate::shell::view::View;

/// A game started from the editor, with what the shell keeps for it.
pub(crate) struct TestPlayShell {
    play: TestPlay,
    pointer: PointerState,
    /// Shards, flashes and shake, as in a game from the menu.
    effects: Effects,
}

impl TestPlayShell {
    /// Starts a game of `level` (solo, versus the CPU, or two players).
    pub(crate) fn new(level: &Level, mode: PlayMode) -> Self {
        Self {
            play: TestPlay::new(level, mode),
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

    /// Runs the steps this frame calls for with the keys, pointer and `pads`
    /// read through the saved `settings`, and answers their events.
    pub(crate) fn update(
        &mut self,
        dt: f32,
        (pads, settings, device): (&Pads, &Settings, Option<Device>),
        sound: &mut SoundPlayer,
    ) {
        let palette = Palette::of(settings);
        let view = View::fit(Vec2::ZERO, palette);
        let on_button = (pointer().presses.iter()).any(|&at| back_button_rect().contains(at));
        let hands = read_hands(self.pointer.read(&view, on_button), pads, false);
        self.play.session.device = device;
        self.effects.juice = settings.juice;
        self.effects.palette = palette;
        (self.effects.stage).set_reduced_motion(settings.reduced_motion);
        let frame = (f64::from(dt), get_time());
        let played = self.play.frame(frame, &hands, settings);
        answer(&played, &self.play.session, &mut self.effects, sound);
        self.effects.update(dt);
    }

    /// Draws the game (shaken on big events, unless motion is reduced) and a
    /// line saying how to get back, in `palette`.
    pub(crate) fn draw(&self, palette: Palette) {
        let shown = self.effects.juice.shown(self.effects.reduced_motion());
        let shake = if shown.shake {
            self.effects.shake_offset()
        } else {
            Vec2::ZERO
        };
        let view = View::fit(shake, palette);
        let note = match self.play.session.game.outcome() {
            Some(_) => "game over: Esc or Back to edit",
            None => "test-play: Esc or Back to edit",
        };
        // In the HUD's banner slot (the level's row in portrait, the left panel
        // in landscape), as the demo's notice: over the arena it hid the top
        // paddle, and in portrait the level's name.
        draw_game(&view, &self.play.session, &self.effects, true, Some(note));
        draw_back_button();
    }
}
