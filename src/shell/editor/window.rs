//! The level editor's window side: the pointer and keys turned into
//! `app::editor` calls, saving, picking up outside changes, and test-play. The
//! model (every edit, undo, the checker) is headless in `app::editor`; drawing is
//! in `editor_draw.rs`.

use arkanong::app::editor::{
    Axis, Button, Editor, Handle, Paint, Resize, Selection, TextWatch, Tool,
};
use arkanong::app::{play::PlayMode, records::read_record, records::write_record};
use macroquad::prelude::*;

use super::play::TestPlay;
use crate::shell::view::View;

/// How often the file is checked for outside changes, seconds.
const POLL_SECONDS: f64 = 0.25;
/// How long a notice shows, seconds.
const NOTICE_SECONDS: f64 = 4.0;
/// Height of a palette row, pixels.
pub(crate) const ROW_HEIGHT: f32 = 30.0;
/// Height of the diagnostics panel under the arena, pixels.
pub(crate) const LIST_HEIGHT: f32 = 96.0;

/// Where the level is saved.
pub(crate) enum Store {
    /// A file (`arkanong edit FILE`), watched for outside changes.
    File(TextWatch),
    /// A record: the data folder on desktop, localStorage in the browser.
    Record(&'static str),
}

/// A drag in progress: what is dragged, by which handle, from where to where.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Drag {
    pub(crate) target: Selection,
    pub(crate) handle: Handle,
    pub(crate) start: Vec2,
    pub(crate) now: Vec2,
}

/// The editor screen.
pub(crate) struct EditorShell {
    pub(crate) editor: Editor,
    pub(crate) store: Store,
    pub(crate) tool: Tool,
    pub(crate) drag: Option<Drag>,
    /// A brush stroke's undo group.
    pub(crate) stroke: Option<usize>,
    /// Where the brush was last frame, arena units (a stroke paints the cells
    /// between).
    pub(crate) brush_at: Option<Vec2>,
    pub(crate) play: Option<TestPlay>,
    pub(crate) notice: Option<(String, f64)>,
    pub(crate) settings_open: bool,
    /// The setting being typed into, and its text so far.
    pub(crate) field: Option<(usize, String)>,
    last_poll: f64,
    /// Where last frame's buttons and setting rows were drawn.
    pub(crate) buttons: Vec<(Rect, Button)>,
    pub(crate) fields: Vec<Rect>,
    /// Set when the user leaves the editor (Esc).
    pub(crate) leave: bool,
    /// The text just saved and its file (`None`: the title menu's level), for
    /// the level select to pick up at once.
    pub(crate) saved: Option<(String, Option<std::path::PathBuf>)>,
    /// The layout last logged (see `log_layout`), so it is logged once per change.
    pub(crate) layout_logged: String,
}

impl EditorShell {
    /// Opens the editor on a store: its text, or a new level when it has none.
    pub(crate) fn open(store: Store) -> Self {
        let text = match &store {
            Store::File(w) => std::fs::read_to_string(w.path()).ok(),
            Store::Record(name) => read_record(name).ok().flatten(),
        };
        let editor = text.as_deref().map_or_else(Editor::new_level, Editor::open);
        Self {
            editor,
            store,
            tool: Tool::Brick(Paint::Brick(arkanong::level::Hits::Count(1))),
            drag: None,
            stroke: None,
            brush_at: None,
            play: None,
            notice: None,
            settings_open: false,
            field: None,
            last_poll: 0.0,
            buttons: Vec::new(),
            fields: Vec::new(),
            leave: false,
            saved: None,
            layout_logged: String::new(),
        }
    }

    /// Where the arena is drawn: below the palette, above the diagnostics.
    pub(crate) fn view() -> View {
        let top = super::palette::palette_height() + 4.0;
        let (w, h) = (screen_width(), screen_height() - top - LIST_HEIGHT);
        let scale = (w / arkanong::tuning::ARENA_WIDTH).min(h / arkanong::tuning::ARENA_HEIGHT);
        let size = vec2(
            arkanong::tuning::ARENA_WIDTH,
            arkanong::tuning::ARENA_HEIGHT,
        ) * scale;
        View {
            scale,
            origin: vec2((w - size.x) * 0.5, top + (h - size.y) * 0.5),
        }
    }

    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.notice = Some((text.into(), get_time() + NOTICE_SECONDS));
    }

    /// Reads this frame's keys and pointer.
    pub(crate) fn input(&mut self) {
        if let Some(play) = self.play.as_mut() {
            if is_key_pressed(KeyCode::Escape) {
                // Back exactly where the editor was: nothing of it changed.
                self.play = None;
            } else {
                play.input();
            }
            return;
        }
        if self.field.is_some() {
            self.type_into_field();
        } else {
            self.keys();
        }
        self.pointer();
    }

    /// Steps a test-play, and picks up outside changes to the file.
    pub(crate) fn update(&mut self, dt: f32) {
        if let Some(play) = self.play.as_mut() {
            play.update(dt);
            return;
        }
        // The browser has no files: the title menu's level is kept on every edit.
        if let Store::Record(name) = self.store {
            if self.editor.is_dirty() {
                let text = self.editor.text();
                if write_record(name, &text).is_ok() {
                    self.editor.mark_saved();
                    self.saved = Some((text, None));
                }
            }
        }
        if get_time() - self.last_poll > POLL_SECONDS {
            self.last_poll = get_time();
            self.take_picked_file();
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
    }

    fn keys(&mut self) {
        // Held, pressed or released this frame: a fast chord (a script, a quick
        // hand) can press and release its modifier within one frame, or release
        // it in the frame its key arrives.
        let held = |keys: &[KeyCode]| {
            keys.iter()
                .any(|&k| is_key_down(k) || is_key_pressed(k) || is_key_released(k))
        };
        let ctrl = held(&[
            KeyCode::LeftControl,
            KeyCode::RightControl,
            KeyCode::LeftSuper,
            KeyCode::RightSuper,
        ]);
        let shift = held(&[KeyCode::LeftShift, KeyCode::RightShift]);
        let pressed = |k| is_key_pressed(k);
        let button = if ctrl {
            self.chord(shift)
        } else if pressed(KeyCode::M) {
            Some(if shift {
                Button::MirrorTopBottom
            } else {
                Button::MirrorLeftRight
            })
        } else if pressed(KeyCode::G) {
            Some(Button::Snap)
        } else if pressed(KeyCode::P) {
            Some(if shift {
                Button::PlaySolo
            } else {
                Button::PlayVersus
            })
        } else if pressed(KeyCode::Delete) || pressed(KeyCode::Backspace) {
            Some(Button::Delete)
        } else if pressed(KeyCode::Tab) {
            Some(Button::Settings)
        } else if pressed(KeyCode::Escape) {
            self.leave = true;
            None
        } else {
            None
        };
        if let Some(b) = button {
            self.press(b);
        }
        for (k, n) in [
            (KeyCode::Key1, 1),
            (KeyCode::Key2, 2),
            (KeyCode::Key3, 3),
            (KeyCode::Key4, 4),
            (KeyCode::Key5, 5),
            (KeyCode::Key6, 6),
            (KeyCode::Key7, 7),
            (KeyCode::Key8, 8),
            (KeyCode::Key9, 9),
        ] {
            if !ctrl && pressed(k) {
                self.tool = Tool::Brick(Paint::Brick(arkanong::level::Hits::Count(n)));
            }
        }
    }

    /// Does what a palette button or its key says.
    /// A Ctrl (or Cmd) chord's button; copy and paste act at once.
    fn chord(&mut self, shift: bool) -> Option<Button> {
        let pressed = |k| is_key_pressed(k);
        if pressed(KeyCode::Z) && shift || pressed(KeyCode::Y) {
            Some(Button::Redo)
        } else if pressed(KeyCode::Z) {
            Some(Button::Undo)
        } else if pressed(KeyCode::S) {
            Some(Button::Save)
        } else if pressed(KeyCode::P) {
            Some(Button::PlayTwo)
        } else if pressed(KeyCode::C) {
            self.editor.copy();
            None
        } else if pressed(KeyCode::V) {
            self.editor.paste();
            None
        } else {
            // Plain: the bottom and right edges; with Shift, the top and left.
            let edges = if shift {
                [
                    (KeyCode::Up, Resize::AddRowTop),
                    (KeyCode::Down, Resize::RemoveRowTop),
                    (KeyCode::Left, Resize::AddColumnLeft),
                    (KeyCode::Right, Resize::RemoveColumnLeft),
                ]
            } else {
                [
                    (KeyCode::Down, Resize::AddRow),
                    (KeyCode::Up, Resize::RemoveRow),
                    (KeyCode::Right, Resize::AddColumn),
                    (KeyCode::Left, Resize::RemoveColumn),
                ]
            };
            edges
                .into_iter()
                .find(|&(k, _)| pressed(k))
                .map(|(_, r)| Button::Grid(r))
        }
    }

    pub(crate) fn press(&mut self, b: Button) {
        match b {
            Button::Tool(t) => self.tool = t,
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
            Button::Save => self.save(),
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
            }
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
                let text = macroquad::miniquad::window::clipboard_get().unwrap_or_default();
                if text.trim().is_empty() {
                    self.say("copy a level's text first, then press import");
                } else {
                    self.import(&text, "the clipboard");
                }
            }
            // web/editor.js opens its file picker on this record; the file's text
            // comes back through the `import` record (see `update`).
            Button::OpenFile => {
                if let Err(e) = write_record("pick:import", "") {
                    self.say(format!("could not open the file picker: {e}"));
                }
            }
        }
    }

    /// Replaces the level with an imported text (pasted, or a picked file) as
    /// one undoable edit; the checker's messages then list its problems.
    fn import(&mut self, text: &str, from: &str) {
        if text.trim().is_empty() {
            self.say(format!("{from} holds no level: it is empty"));
        } else if self.editor.replace_text(text) {
            let n = self.error_count();
            if n > 0 {
                self.say(format!(
                    "imported {from}, with {n} error(s): see the list below"
                ));
            } else {
                self.say(format!("imported {from} (Ctrl+Z takes it back)"));
            }
        } else {
            self.say(format!("{from} holds the level already open"));
        }
    }

    /// In the browser, a file picked in web/editor.js's picker: its text waits
    /// in the `import` record, its name in `import.name`; taken once, then
    /// cleared.
    fn take_picked_file(&mut self) {
        if !cfg!(target_arch = "wasm32") {
            return;
        }
        let Ok(Some(text)) = read_record("import") else {
            return;
        };
        if text.is_empty() || write_record("import", "").is_err() {
            return;
        }
        let name = read_record("import.name").ok().flatten();
        let name = name
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "the file".to_owned());
        self.import(&text, &name);
    }

    fn test_play(&mut self, mode: PlayMode) {
        match self.editor.playable(mode) {
            Ok(level) => self.play = Some(TestPlay::new(level, mode)),
            Err(why) => self.say(why),
        }
    }

    fn error_count(&self) -> usize {
        let d = self.editor.doc().diagnostics();
        d.iter().filter(|d| d.diagnostic.is_error()).count()
    }

    fn save(&mut self) {
        let text = self.editor.text();
        let result = match &mut self.store {
            Store::File(w) => {
                let r =
                    arkanong::app::records::save_atomic(w.path(), &text).map_err(|e| e.to_string());
                w.rearm();
                r
            }
            Store::Record(name) => write_record(name, &text),
        };
        match result {
            Ok(()) => {
                self.editor.mark_saved();
                let path = match &self.store {
                    Store::File(w) => Some(w.path().to_path_buf()),
                    Store::Record(_) => None,
                };
                self.saved = Some((text, path));
                let n = self.error_count();
                if n > 0 {
                    self.say(format!(
                        "saved, with {n} error(s): it will not load until they are fixed"
                    ));
                } else {
                    self.say("saved");
                }
            }
            Err(e) => self.say(format!("could not save: {e}")),
        }
    }

    /// Downloads the level as a `.txt` file: web/editor.js turns this record
    /// into a download instead of storing it.
    fn export(&mut self) {
        let name: String = self
            .editor
            .doc()
            .level()
            .title
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        match write_record(&format!("export:{name}.txt"), &self.editor.text()) {
            Ok(()) => self.say(format!("exported {name}.txt")),
            Err(e) => self.say(format!("could not export: {e}")),
        }
    }

    fn type_into_field(&mut self) {
        let Some((key, mut text)) = self.field.take() else {
            return;
        };
        while let Some(c) = get_char_pressed() {
            if !c.is_control() {
                text.push(c);
            }
        }
        if is_key_pressed(KeyCode::Backspace) {
            text.pop();
        }
        if is_key_pressed(KeyCode::Escape) {
            return;
        }
        if is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter) {
            let name = arkanong::app::editor::SETTING_KEYS[key];
            self.editor.set_setting(name, &text);
            return;
        }
        self.field = Some((key, text));
    }
}
