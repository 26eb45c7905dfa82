//! The level editor's window side: the pointer and keys turned into
//! `app::editor` calls, saving, picking up outside changes, and test-play. The
//! model (every edit, undo, the checker) is headless in `app::editor`; drawing is
//! in `editor_draw.rs`.

use arkanong::app::editor::{
    Axis, Button, Editor, Field, FieldFrame, FieldOutcome, Handle, Paint, Resize, Selection,
    TextWatch, Tool,
};
use arkanong::app::{input::Device, input::Pads, play::PlayMode, records::Settings};
use arkanong::app::{records::read_record, records::write_record};
use macroquad::prelude::*;

use super::play::TestPlayShell;
use crate::shell::sound::SoundPlayer;

use crate::shell::palette::Palette;
use crate::shell::view::View;

/// How often the file is checked for outside changes, seconds.
const POLL_SECONDS: f64 = 0.25;
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
    pub(crate) play: Option<TestPlayShell>,
    pub(crate) notice: Option<(String, f64)>,
    /// Why the level is not being kept (the browser's storage is blocked or full).
    pub(crate) not_kept: Option<String>,
    pub(crate) settings_open: bool,
    /// The setting being typed into: its text, cursor and held keys.
    pub(crate) field: Option<Field>,
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
            Store::File(w) => {
                arkanong::user_file::read_user_text(w.path(), arkanong::user_file::FileKind::Level)
                    .ok()
            }
            Store::Record(name) => read_record(name).ok().flatten(),
        };
        let editor = text.as_deref().map_or_else(Editor::new_level, Editor::open);
        Self {
            editor,
            store,
            tool: Tool::Brick(Paint::Brick(arkanong::level::BrickKind::ALL[0])),
            drag: None,
            stroke: None,
            brush_at: None,
            play: None,
            notice: None,
            not_kept: None,
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

    /// Where the arena is drawn, in `palette`: below the palette, above the
    /// diagnostics.
    pub(crate) fn view(palette: Palette) -> View {
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
            turned: false,
            palette,
        }
    }

    /// Shows `text` for a while over the editor (and logs it, for the browser test).
    pub(crate) fn say(&mut self, text: impl Into<String>) {
        let text = text.into();
        macroquad::miniquad::info!("editor says: {}", text);
        self.notice = Some((text, get_time() + arkanong::app::menus::NOTICE_SECONDS));
    }

    /// Reads this frame's keys and pointer.
    pub(crate) fn input(&mut self) {
        if let Some(play) = self.play.as_ref() {
            if play.wants_back() {
                // Back exactly where the editor was: nothing of it changed.
                self.play = None;
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

    /// Steps a test-play (with the player's `pads`, `settings` and the input
    /// device used last, its events heard through `sound`), and picks up
    /// outside changes to the file.
    pub(crate) fn update(
        &mut self,
        dt: f32,
        player: (&Pads, &Settings, Option<Device>),
        sound: &mut SoundPlayer,
    ) {
        if let Some(play) = self.play.as_mut() {
            play.update(dt, player, sound);
            return;
        }
        // The browser has no files: the title menu's level is kept on every edit.
        if let Store::Record(name) = self.store {
            if self.editor.is_dirty() {
                let text = self.editor.text();
                match write_record(name, &text) {
                    Ok(()) => {
                        self.editor.mark_saved();
                        self.saved = Some((text, None));
                        self.not_kept = None;
                    }
                    Err(e) => {
                        if self.not_kept.is_none() {
                            self.say(format!("not kept: {e}"));
                        }
                        self.not_kept = Some(e);
                    }
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
                self.tool = Tool::Brick(Paint::Brick(arkanong::level::BrickKind::Breakable {
                    hits: n,
                }));
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
            Button::Back => self.leave = true,
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

    fn test_play(&mut self, mode: PlayMode) {
        match self.editor.playable(mode) {
            Ok(level) => self.play = Some(TestPlayShell::new(level, mode)),
            Err(why) => self.say(why),
        }
    }

    pub(super) fn error_count(&self) -> usize {
        let d = self.editor.doc().diagnostics();
        d.iter().filter(|d| d.diagnostic.is_error()).count()
    }

    /// A frame of typing into the open field (`app::editor::Field`): held keys
    /// repeat, Enter keeps (an emptied field removes the setting), Escape drops,
    /// Ctrl+S keeps and saves.
    fn type_into_field(&mut self) {
        let Some(mut field) = self.field.take() else {
            return;
        };
        let keys = |ks: &[KeyCode]| ks.iter().any(|&k| is_key_down(k) || is_key_pressed(k));
        let mut frame = FieldFrame {
            down: [
                KeyCode::Backspace,
                KeyCode::Delete,
                KeyCode::Left,
                KeyCode::Right,
            ]
            .map(|k| keys(&[k])),
            home: is_key_pressed(KeyCode::Home),
            end: is_key_pressed(KeyCode::End),
            // Released too: a quick chord can let Ctrl go in the frame S arrives.
            ctrl: [
                KeyCode::LeftControl,
                KeyCode::RightControl,
                KeyCode::LeftSuper,
                KeyCode::RightSuper,
            ]
            .iter()
            .any(|&k| keys(&[k]) || is_key_released(k)),
            s: is_key_pressed(KeyCode::S),
            enter: is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter),
            escape: is_key_pressed(KeyCode::Escape),
            dt: get_frame_time(),
            ..FieldFrame::default()
        };
        while let Some(c) = get_char_pressed() {
            frame.chars.push(c);
        }
        let name = arkanong::app::editor::SETTING_KEYS[field.key];
        match field.frame(&frame) {
            FieldOutcome::Editing => self.field = Some(field),
            FieldOutcome::Drop => {}
            FieldOutcome::Keep(text) => {
                self.editor.set_setting(name, &text);
            }
            FieldOutcome::KeepAndSave(text) => {
                self.editor.set_setting(name, &text);
                self.save();
            }
        }
    }
}
