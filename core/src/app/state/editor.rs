//! The editor screen in the app state: opened on a file or on the title menu's
//! record, run a frame at a time from the shell's plain [`EditorInput`](crate::app::editor::EditorInput),
//! kept while the player is elsewhere, and its saves answered by the shell.

use super::active::Active;
use super::frame::{FrameInput, RecordSave};
use super::shared::Shared;
use super::AppState;
use crate::app::editor::{EditorScreen, EditorWrite, SetCommand, Store};
use crate::app::input::Device;
use crate::app::menus::Screen;

impl AppState {
    /// Opens the editor on `store`, its level `text` as the shell read it from
    /// there (`None`: a new level), and shows it. An editor already open is
    /// replaced.
    pub fn open_editor(&mut self, store: Store, text: Option<&str>) {
        self.kept_editor = None;
        self.show(Active::Editor(Box::new(EditorScreen::new(store, text))));
    }

    /// After a frame of the editor screen (`editor_frame`): its saves handed
    /// out, the Community screen's Share page opened on `share` (a level to
    /// share), or the title shown when the editor asked to be left.
    pub(super) fn after_editor_frame(&mut self, share: Option<String>) {
        #[cfg(feature = "online")]
        if let Some(text) = share {
            if let Some(e) = self.editor_mut() {
                e.leave = false;
            }
            self.take_editor_output();
            return self.share_level(&text);
        }
        #[cfg(not(feature = "online"))]
        let _ = share;
        self.take_editor_output();
        self.leave_editor_if_asked();
    }

    /// The editor asked to be left (its Back, or the browser's Back once its
    /// save came back): the title shows, if the editor is still showing.
    pub(super) fn leave_editor_if_asked(&mut self) {
        let asked = (self.editor_mut()).is_some_and(|e| std::mem::take(&mut e.leave));
        if asked && self.screen() == Screen::Editor {
            self.leave();
        }
    }

    /// The editor's output moved into the frame's: its record saves join the
    /// app's, and a level just saved shows in the level select at once.
    pub(super) fn take_editor_output(&mut self) {
        let Some(e) = self.editor_mut() else {
            return;
        };
        let mut out = e.take_output();
        let saved = e.saved.take();
        for (name, text) in out.record_saves.drain(..) {
            self.shared.out.saves.push(RecordSave {
                name: name.into(),
                text,
            });
        }
        for (name, bundle) in out.set_imports.drain(..) {
            self.import_set(&name, &bundle);
        }
        for set in out.sets_saved.drain(..) {
            self.list_player_set(&set);
        }
        self.shared.out.editor.says.append(&mut out.says);
        self.shared.out.editor.writes.append(&mut out.writes);
        self.shared.out.editor.played = out.played.or(self.shared.out.editor.played.take());
        if let Some((text, path)) = saved {
            self.pick_up_saved_level(&text, path);
        }
    }

    /// The shell's answer to a record it was asked to write: the editor's
    /// level's record goes to the editor; another's failure is told.
    pub fn record_written(&mut self, name: &str, result: Result<(), String>) {
        if self.replay_written(name, &result) {
            return;
        }
        match self.editor_mut().filter(|e| e.waits_for_record(name)) {
            Some(e) => {
                e.saved_as_asked(result);
                self.take_editor_output();
                self.leave_editor_if_asked();
            }
            None => {
                if let Err(why) = result {
                    self.save_failed(name, &why);
                }
            }
        }
    }

    /// The shell's answer to one of the editor's writes (`FrameOutput::editor`).
    pub fn editor_written(&mut self, write: &EditorWrite, result: Result<(), String>) {
        if let Some(e) = self.editor_mut() {
            e.written(write, result);
            self.take_editor_output();
            self.leave_editor_if_asked();
        }
    }
}

/// A frame of the editor screen `e`: its input (`device`: the input in use),
/// a test-play's steps. Returns a level the player asked to share.
pub(super) fn editor_frame(
    e: &mut EditorScreen,
    shared: &Shared,
    device: Option<Device>,
    input: &FrameInput,
) -> Option<String> {
    let player = (&shared.settings, device);
    // A pad walks the set page as it walks a menu.
    let mut editor = std::borrow::Cow::Borrowed(&input.editor);
    if e.set_page.is_some() && e.play.is_none() && !input.pad_commands.is_empty() {
        let pads = input.pad_commands.iter().map(|&c| SetCommand::Menu(c));
        editor.to_mut().set_commands.extend(pads);
    }
    e.frame(&editor, (shared.now, input.dt), &input.hands, player);
    e.share.take()
}
