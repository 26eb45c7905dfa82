//! The editor and the lab, drawn in place of the game while one is showing, and
//! a `--frames` run ended on them with its screenshot; the editor's output
//! answered (its lines logged, its writes made, its record read).

use arkanong_core::app::editor::{EditorWrite, Store, RECORD};
use arkanong_core::app::input::Device;
use arkanong_core::app::records::{read_record, save_atomic, write_player_set, write_record};
use arkanong_core::app::state::{Active, AppState, FrameOutput};

use super::{save_lab_screenshot, screenshot, App, EditorShell};
use crate::shell::palette::Palette;

impl App {
    /// Draws the editor or the lab when one is showing (and ends a `--frames`
    /// run with its screenshot); false when neither is.
    pub(super) fn draw_tool(&mut self, frame_started: f64) -> bool {
        match self.state.active() {
            Active::Editor(screen) => {
                let palette = Palette::of(&self.state.shared.settings);
                let now = self.state.now();
                (self.editor).draw(screen, (palette, self.state.menu.device), now);
                if screen.play.is_none() {
                    super::show::log_sizes("Editor", &self.editor.targets());
                } else {
                    // Test-play's one target, its Back (where the pause button
                    // goes): the size report says test-play shows, and when it ends.
                    let back = crate::shell::play::back_button_rect();
                    super::show::log_sizes("EditorPlay", &[("Back".to_owned(), back)]);
                }
                if self.frame_counted(frame_started, 0) {
                    if let Some(path) = &self.run_for.1 {
                        screenshot::save_plain_screenshot(path, &EditorShell::view(palette));
                    }
                }
                true
            }
            Active::Lab(lab) => {
                let touch = self.state.menu.device == Some(Device::Touch);
                self.lab
                    .draw(lab, Palette::of(&self.state.shared.settings), touch);
                super::show::log_sizes("Lab", &self.lab.targets());
                if self.frame_counted(frame_started, 0) {
                    let lab = self.state.lab().map(|l| &l.lab);
                    if let (Some(path), Some(frame), Some(lab)) =
                        (&self.run_for.1, &self.lab.frame, lab)
                    {
                        save_lab_screenshot(path, lab, frame, &self.lab.labels);
                    }
                }
                true
            }
            _ => false,
        }
    }
}

/// Answers the editor's part of a frame's output: its notices logged (the
/// browser tests read `editor says:`), its file, download and picker writes made
/// and answered, and the title menu's level read when the editor first shows.
pub(super) fn answer_editor(state: &mut AppState, out: &FrameOutput) {
    for text in &out.editor.says {
        macroquad::miniquad::info!("editor says: {}", text);
    }
    for write in &out.editor.writes {
        let result = match (write, write.record()) {
            (EditorWrite::File { path, text } | EditorWrite::SetFile { path, text }, _) => {
                save_atomic(path, text).map_err(|e| e.to_string())
            }
            (EditorWrite::Set(set), _) => write_player_set(set),
            (_, Some((name, text))) => write_record(&name, text),
            (_, None) => Ok(()),
        };
        state.editor_written(write, result);
    }
    if out.read_editor_record {
        let text = read_record(RECORD).ok().flatten();
        state.open_editor(Store::Record(RECORD), text.as_deref());
    }
}
