//! Test-play from the editor in the window: the player's hands read for the game
//! (`arkanong_core::app::editor::TestPlay`, stepped by the app state's editor screen),
//! its events heard and shown, and the game drawn with the way back.

use arkanong_core::app::editor::{Button, EditorCommand, EditorInput, TestPlay};
use arkanong_core::app::input::{Hands, Pads};
use arkanong_core::app::play::Played;
use arkanong_core::app::records::Settings;
use macroquad::prelude::*;

use crate::shell::feel::{answer, Effects};
use crate::shell::input::{pointer, read_hands, PointerState};
use crate::shell::palette::Palette;
use crate::shell::play::{back_button_rect, draw_back_button, draw_game};
use crate::shell::sound::SoundPlayer;
use crate::shell::view::View;

/// What the shell keeps for a test-play: its pointer and its effects.
#[derive(Default)]
pub(crate) struct TestPlayShell {
    pointer: PointerState,
    /// Shards, flashes and shake, as in a game from the menu.
    effects: Effects,
}

impl TestPlayShell {
    /// The player's hands for the game, and Esc or a press on the Back button
    /// as the way back to the editor.
    pub(super) fn read(&mut self, pads: &Pads, palette: Palette) -> (EditorInput, Hands) {
        let view = View::fit(Vec2::ZERO, palette);
        let on_button = (pointer().presses.iter()).any(|&at| back_button_rect().contains(at));
        let hands = read_hands(self.pointer.read(&view, on_button), pads, false);
        let mut input = EditorInput::default();
        if is_key_pressed(KeyCode::Escape) || on_button {
            input.commands.push(EditorCommand::Press(Button::Back));
        }
        (input, hands)
    }

    /// Hears and shows a frame's events of `play`, in the saved `settings`.
    pub(crate) fn answer(
        &mut self,
        (played, play): (&Played, &TestPlay),
        settings: &Settings,
        sound: &mut SoundPlayer,
        dt: f32,
    ) {
        self.effects.juice = settings.juice;
        self.effects.palette = Palette::of(settings);
        (self.effects.stage).set_reduced_motion(settings.reduced_motion);
        answer(played, &play.session, &mut self.effects, sound);
        self.effects.update(dt);
    }

    /// Draws the game (shaken on big events, unless motion is reduced) and a
    /// line saying how to get back, in `palette`.
    /// A set's test-play says its `run` line (the set, the level, how far);
    /// with `touch`, the line names no key.
    pub(crate) fn draw(&self, play: &TestPlay, palette: Palette, run: Option<&str>, touch: bool) {
        let shown = self.effects.juice.shown(self.effects.reduced_motion());
        let shake = if shown.shake {
            self.effects.shake_offset()
        } else {
            Vec2::ZERO
        };
        let view = View::fit(shake, palette);
        let note = run.unwrap_or_else(|| play.note(touch));
        // In the HUD's banner slot (the level's row in portrait, the left panel
        // in landscape), as the demo's notice: over the arena it hid the top
        // paddle, and in portrait the level's name.
        draw_game(&view, &play.session, &self.effects, true, Some(note));
        draw_back_button();
    }
}
