//! The editor and the lab, drawn in place of the game while one is showing, and
//! a `--frames` run ended on them with its screenshot.

use arkanong::app::menus::Screen;

use super::{save_lab_screenshot, screenshot, App, EditorShell};
use crate::shell::palette::Palette;

impl App {
    /// Draws the editor or the lab when one is showing (and ends a `--frames`
    /// run with its screenshot); false when neither is.
    pub(super) fn draw_tool(&mut self, frame_started: f64) -> bool {
        if let (Screen::Editor, Some(e)) = (self.state.menu.screen, self.editor.as_mut()) {
            let palette = Palette::of(&self.state.settings);
            e.draw((palette, self.state.menu.device));
            self.probe
                .frame_done(frame_started, 0, self.state.driver.max_steps());
            if self.run_for.0.is_some_and(|n| self.probe.frames >= n) {
                if let Some(path) = &self.run_for.1 {
                    screenshot::save_plain_screenshot(path, &EditorShell::view(palette));
                }
                self.done = true;
            }
            return true;
        }
        if let (Screen::Lab, Some(lab)) = (self.state.menu.screen, self.state.lab.as_ref()) {
            self.lab.draw(lab, Palette::of(&self.state.settings));
            self.probe
                .frame_done(frame_started, 0, self.state.driver.max_steps());
            if self.run_for.0.is_some_and(|n| self.probe.frames >= n) {
                if let (Some(path), Some(frame)) = (&self.run_for.1, &self.lab.frame) {
                    save_lab_screenshot(path, &lab.lab, frame, &self.lab.labels);
                }
                self.done = true;
            }
            return true;
        }
        false
    }
}
