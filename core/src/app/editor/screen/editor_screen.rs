//! [`EditorScreen`]: the editor as the app state keeps it while the player is
//! elsewhere, so returning finds it as it was; its frame takes the keys' commands,
//! the pointer and the typing, steps a test-play, keeps a record-kept level on
//! every edit and picks up outside changes to a file.

use std::collections::VecDeque;
use std::path::PathBuf;

use glam::Vec2;

use super::super::SetRun;
use super::super::{
    AuthorClear, Axis, Button, Editor, Field, FieldOutcome, Paint, TestPlay, TextWatch, Tool,
};
use super::input::{EditorCommand, EditorInput, EditorOutput, EditorWrite};
use super::pointer::Drag;
use super::set_page::SetPage;
use crate::app::input::{Device, Hands};
use crate::app::menus::{Banner, Notice};
use crate::app::play::PlayMode;
use crate::app::records::Settings;
use crate::level::BrickKind;

/// How often the file is checked for outside changes, seconds.
pub const POLL_SECONDS: f64 = 0.25;

/// Where the level is saved.
#[derive(Debug, Clone)]
pub enum Store {
    /// A file (`arkanong edit FILE`), watched for outside changes.
    File(TextWatch),
    /// A record: the data folder on desktop, localStorage in the browser.
    Record(&'static str),
}

/// A save asked of the shell and not yet answered.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Pending {
    /// The text written.
    pub(super) text: String,
    /// Asked for by the player (Save, Ctrl+S): its outcome is said. Otherwise a
    /// record kept on every edit, which says only that it is not kept.
    pub(super) loud: bool,
}

/// The editor screen (see the module doc).
#[derive(Debug, Clone)]
pub struct EditorScreen {
    /// The level, its history and the selection.
    pub editor: Editor,
    /// Where the level is kept.
    pub store: Store,
    /// What a press on the level does.
    pub tool: Tool,
    /// A drag in progress.
    pub drag: Option<Drag>,
    /// A brush stroke's undo group.
    pub(super) stroke: Option<usize>,
    /// Where the brush was last frame, arena units (a stroke paints the cells between).
    pub(super) brush_at: Option<Vec2>,
    /// A test-play, while one runs (the editor waits untouched under it).
    pub play: Option<TestPlay>,
    /// A set being test-played level after level (`play` is its level's game).
    pub run: Option<SetRun>,
    /// The author's last clear of the level in test-play, with the text it
    /// was played on (Share sends it when the text is still that one).
    pub clear: Option<AuthorClear>,
    /// The set page, while it shows.
    pub set_page: Option<SetPage>,
    /// The notice over the editor.
    pub notice: Banner,
    /// Why the level is not being kept (the browser's storage is blocked or full).
    pub not_kept: Option<String>,
    /// The settings form shows.
    pub settings_open: bool,
    /// The setting being typed into: its text, cursor and held keys.
    pub field: Option<Field>,
    /// When the file was last checked for outside changes (the app's seconds).
    last_poll: f64,
    /// Saves asked for and not yet answered, oldest first.
    pub(super) pending: VecDeque<Pending>,
    /// The player left the editor (Esc, or Back): the title shows next.
    pub leave: bool,
    /// The browser's Back asked to leave with the level not yet saved: the
    /// editor leaves when the save it asked for comes back done.
    pub(super) leave_when_saved: bool,
    /// The level's text to share, when Share was pressed (the app state opens
    /// the Community screen's Share page on it).
    pub share: Option<String>,
    /// The text just saved and its file (`None`: the record), for the level
    /// select to pick up at once.
    pub saved: Option<(String, Option<PathBuf>)>,
    /// The app's seconds at this frame.
    pub(super) now: f64,
    /// What this frame changed so far.
    pub(super) out: EditorOutput,
}

impl EditorScreen {
    /// The editor on `store`, its level `text` as read from there (a new level
    /// when it has none).
    pub fn new(store: Store, text: Option<&str>) -> Self {
        Self {
            editor: text.map_or_else(Editor::new_level, Editor::open),
            store,
            tool: Tool::Brick(Paint::Brick(BrickKind::ALL[0])),
            drag: None,
            stroke: None,
            brush_at: None,
            play: None,
            run: None,
            clear: None,
            set_page: None,
            notice: Banner::default(),
            not_kept: None,
            settings_open: false,
            field: None,
            last_poll: 0.0,
            pending: VecDeque::new(),
            leave: false,
            leave_when_saved: false,
            share: None,
            saved: None,
            now: 0.0,
            out: EditorOutput::default(),
        }
    }

    /// The file the level is saved to, if it is kept in one.
    pub fn path(&self) -> Option<PathBuf> {
        match &self.store {
            Store::File(w) => Some(w.path().to_path_buf()),
            Store::Record(_) => None,
        }
    }

    /// Shows `text` for a while over the editor, and has it logged.
    pub(super) fn say(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.notice.show(Notice::good(text.clone()), self.now);
        self.out.says.push(text);
    }

    /// What changed since it was last taken.
    pub fn take_output(&mut self) -> EditorOutput {
        std::mem::take(&mut self.out)
    }

    /// One frame at `now` seconds, `dt` long: a test-play's steps with the
    /// player's `hands` read through the saved `settings` (the prompts naming
    /// `device`), or the editor's commands, typing and pointer; then the record
    /// kept on every edit and the file watched for outside changes.
    pub fn frame(
        &mut self,
        input: &EditorInput,
        (now, dt): (f64, f32),
        hands: &Hands,
        (settings, device): (&Settings, Option<Device>),
    ) {
        self.now = now;
        if let Some(play) = self.play.as_mut() {
            if input.commands.contains(&EditorCommand::Press(Button::Back)) {
                // Back exactly where the editor was: nothing of it changed.
                self.play = None;
                self.run = None;
            } else {
                play.session.device = device;
                self.out.played = Some(play.frame((f64::from(dt), now), hands, settings));
                if let Some(clear) = play.cleared() {
                    self.clear = Some(clear);
                    self.say("cleared: Share sends this clear as its proof");
                }
                self.step_run();
            }
            return;
        }
        if self.field.is_some() {
            self.type_into_field(input);
        } else if self.set_page.is_some() {
            self.set_commands(input);
        } else {
            for &command in &input.commands {
                match command {
                    EditorCommand::Press(b) => self.press(b, input),
                    EditorCommand::Copy => {
                        self.editor.copy();
                    }
                    EditorCommand::Paste => {
                        self.editor.paste();
                    }
                }
            }
        }
        self.pointer(input);
        self.take_player_sets(input);
        if let Some((name, text)) = &input.picked {
            self.import(text, name);
        }
        self.keep_in_record();
        if now - self.last_poll > POLL_SECONDS {
            self.last_poll = now;
            self.poll_file();
        }
    }

    /// The browser has no files: the title menu's level is kept on every edit.
    fn keep_in_record(&mut self) {
        if let Store::Record(_) = self.store {
            if self.editor.is_dirty() && self.pending.is_empty() {
                self.ask_save(false);
            }
        }
    }

    /// The file changed on disk (another program saved it): its text is taken
    /// as one undoable edit.
    fn poll_file(&mut self) {
        if let Store::File(w) = &mut self.store {
            match w.poll() {
                Some(Ok(text)) if self.editor.reload(&text) => {
                    self.say("the file changed on disk: reloaded (Ctrl+Z takes it back)");
                }
                Some(Err(e)) => self.say(e),
                _ => {}
            }
        }
    }

    /// Does what a palette button or its key says.
    pub(super) fn press(&mut self, b: Button, input: &EditorInput) {
        match b {
            Button::Tool(t) => self.tool = t,
            Button::Back => self.leave = true,
            Button::Share => self.share = Some(self.editor.text()),
            Button::Undo => {
                if !self.editor.undo() {
                    self.say("nothing to undo");
                }
            }
            Button::Redo => {
                if !self.editor.redo() {
                    self.say("nothing to redo");
                }
            }
            Button::Save => self.ask_save(true),
            Button::Snap => self.editor.snap = !self.editor.snap,
            Button::MirrorLeftRight => {
                self.editor.mirror(Axis::LeftRight);
            }
            Button::MirrorTopBottom => {
                self.editor.mirror(Axis::TopBottom);
            }
            Button::Delete => {
                self.editor.delete_selected();
            }
            Button::Settings => {
                self.settings_open = !self.settings_open;
                self.field = None;
                self.set_page = None;
            }
            Button::Sets => self.toggle_sets(),
            Button::PlayVersus => self.test_play(PlayMode::VersusCpu),
            Button::PlaySolo => self.test_play(PlayMode::Solo),
            Button::PlayTwo => self.test_play(PlayMode::TwoPlayers),
            Button::Grid(r) => {
                if !self.editor.resize_grid(r) {
                    self.say("the grid keeps one row and one column at least");
                }
            }
            Button::Export => self.export(),
            Button::Import => {
                let text = input.clipboard.clone().unwrap_or_default();
                if text.trim().is_empty() {
                    self.say("copy a level's text first, then press import");
                } else {
                    self.import(&text, "the clipboard");
                }
            }
            // web/editor.js opens its file picker on this record; the file's text
            // comes back as `EditorInput::picked`.
            Button::OpenFile => self.out.writes.push(EditorWrite::OpenPicker),
        }
    }

    /// The browser's Back (a phone's back gesture): one step back, never a
    /// loss. Test-play, the open field, the set page and the settings form
    /// close first, as their own Back or Escape does; then the editor leaves if
    /// its level is saved, or asks for the save and leaves when it is done
    /// (`leave_when_saved`); a save that fails is said and the editor stays.
    pub fn back_gesture(&mut self) {
        if self.play.is_some() {
            self.play = None;
            self.run = None;
        } else if self.field.is_some() {
            self.field = None;
        } else if self.set_page.is_some() {
            self.set_page = None;
        } else if self.settings_open {
            self.settings_open = false;
        } else if self.editor.is_dirty() || !self.pending.is_empty() {
            if self.editor.is_dirty() {
                self.ask_save(true);
            }
            self.leave_when_saved = true;
        } else {
            self.leave = true;
        }
    }

    fn test_play(&mut self, mode: PlayMode) {
        match self.editor.playable(mode) {
            Ok(level) => {
                let text = self.editor.text();
                self.play = Some(TestPlay::recording(level, mode, &text));
            }
            Err(why) => self.say(why),
        }
    }

    /// The level's errors (not its warnings).
    pub fn error_count(&self) -> usize {
        let d = self.editor.doc().diagnostics();
        d.iter().filter(|d| d.diagnostic.is_error()).count()
    }

    /// A frame of typing into the open field (`app::editor::Field`): held keys
    /// repeat, Enter keeps (an emptied field removes the setting), Escape drops,
    /// Ctrl+S keeps and saves.
    fn type_into_field(&mut self, input: &EditorInput) {
        let Some(mut field) = self.field.take() else {
            return;
        };
        let name = super::super::SETTING_KEYS[field.key];
        match field.frame(&input.typing) {
            FieldOutcome::Editing => self.field = Some(field),
            FieldOutcome::Drop => {}
            FieldOutcome::Keep(text) => {
                self.editor.set_setting(name, &text);
            }
            FieldOutcome::KeepAndSave(text) => {
                self.editor.set_setting(name, &text);
                self.ask_save(true);
            }
        }
    }
}
