//! The level editor's window side: where last frame's buttons and setting rows
//! were drawn, and the devices read into the plain [`EditorInput`] the app
//! state's editor screen takes (`arkanong_core::app::editor::EditorScreen`, where every
//! edit, save and test-play is decided). Drawing is in `draw.rs`.

use arkanong_core::app::editor::{
    Button, EditorCommand, EditorInput, EditorPointer, EditorScreen, FieldFrame, Hit, Paint,
    Resize, SetButton, Tool, SETTING_KEYS,
};
use arkanong_core::app::input::{Hands, Pads};
use arkanong_core::app::layout::FINGER_PX;
use arkanong_core::app::records::{read_player_sets, read_record, write_record};
use arkanong_core::level::BrickKind;
use macroquad::prelude::*;

use super::page_field::PageField;
use super::palette::Drawer;
use super::play::TestPlayShell;
use super::settings_form::form_area;
use crate::shell::input::{pointer, typing_fires};
use crate::shell::palette::Palette;
use crate::shell::view::View;

pub(crate) use arkanong_core::app::editor::LIST_HEIGHT;

pub(crate) use arkanong_core::app::editor::SIDE_MARGIN;

/// The side column a phone held sideways keeps for the palette, pixels wide
/// (the core's `side_column`).
pub(crate) fn side_column() -> Option<f32> {
    arkanong_core::app::editor::side_column(
        vec2(screen_width(), screen_height()),
        crate::shell::view::touch_seen(),
    )
}

/// What the shell keeps for the editor screen: last frame's rectangles, the
/// layout logged, and test-play's pointer and effects.
#[derive(Default)]
pub(crate) struct EditorShell {
    /// Where last frame's buttons and setting rows were drawn.
    pub(crate) buttons: Vec<(Rect, Button)>,
    /// The shown settings rows, by their index in `SETTING_KEYS`, and their value boxes.
    pub(crate) fields: Vec<(usize, Rect)>,
    /// Where last frame's drawer handles were drawn (the upright touch palette).
    pub(crate) handles: Vec<(Rect, Drawer)>,
    /// The palette drawer open, if any.
    pub(crate) drawer: Option<Drawer>,
    /// The settings form's first row shown (it scrolls where the rows do not fit).
    pub(crate) form_first: usize,
    /// The cell the loupe marked last logged, so it is logged once per change.
    loupe_logged: Option<(usize, usize)>,
    /// The layout last logged (see `log_layout`), so it is logged once per change.
    pub(crate) layout_logged: String,
    /// The settings rows' places last logged ("" while they are hidden).
    pub(crate) fields_logged: String,
    /// Test-play's pointer and effects.
    pub(crate) play: TestPlayShell,
    /// The browser's text box over the open settings field (a phone's keyboard).
    page_field: PageField,
    /// Where last frame's set page rows and buttons were drawn (`set_page.rs`).
    pub(crate) set_items: Vec<(Rect, SetButton)>,
    /// The same, named for the size report.
    pub(crate) set_targets: Vec<(String, Rect)>,
    /// The new set's title box drawn last frame, while one is typed.
    pub(crate) set_title_box: Option<Rect>,
    /// The set page's line last logged ("" while it is hidden).
    pub(crate) set_logged: String,
    /// The set page's rows as scrolled by swipe or wheel.
    pub(crate) set_scroll: super::set_page::SetScroll,
    /// The set page's row the last press landed on: a tap opens only that
    /// row (not one laid out under a button the press already acted on).
    set_row_pressed: Option<SetButton>,
}

impl EditorShell {
    /// Where the arena is drawn, in `palette`: below the palette, above the
    /// diagnostics; or beside them (see [`side_column`]).
    pub(crate) fn view(palette: Palette) -> View {
        if let Some(column) = side_column() {
            return View {
                scale: (screen_height() - 2.0 * SIDE_MARGIN) / arkanong_core::tuning::ARENA_HEIGHT,
                origin: vec2(column + SIDE_MARGIN, SIDE_MARGIN),
                turned: false,
                palette,
            };
        }
        let top = super::palette::palette_height() + 4.0;
        let (w, h) = (screen_width(), screen_height() - top - LIST_HEIGHT);
        let scale =
            (w / arkanong_core::tuning::ARENA_WIDTH).min(h / arkanong_core::tuning::ARENA_HEIGHT);
        let size = vec2(
            arkanong_core::tuning::ARENA_WIDTH,
            arkanong_core::tuning::ARENA_HEIGHT,
        ) * scale;
        View {
            scale,
            origin: vec2((w - size.x) * 0.5, top + (h - size.y) * 0.5),
            turned: false,
            palette,
        }
    }

    /// Reads this frame's keys, pointer and typing for `screen` as plain data,
    /// and the player's hands (`pads` among them) for a test-play.
    pub(crate) fn read(
        &mut self,
        screen: &EditorScreen,
        pads: &Pads,
        palette: Palette,
    ) -> (EditorInput, Hands) {
        if screen.play.is_some() {
            return self.play.read(pads, palette);
        }
        // The next test-play starts with no effects left from the last.
        self.play = TestPlayShell::default();
        let mut input = EditorInput {
            pointer: self.read_pointer(screen),
            ..EditorInput::default()
        };
        let open = (screen.field.as_ref()).and_then(|f| {
            let &(_, r) = self.fields.iter().find(|(k, _)| *k == f.key)?;
            Some((f, r))
        });
        // A new set's title takes the keyboard (and a phone's) as a setting does.
        let title = (screen.set_page.as_ref()).and_then(|p| p.title.as_ref());
        let open = open.or_else(|| Some((title?, self.set_title_box?)));
        if screen.field.is_some() || title.is_some() {
            input.typing = read_typing();
        }
        self.page_field.frame(open, &mut input.typing);
        if screen.set_page.is_some() && screen.field.is_none() && title.is_none() {
            input.set_commands = super::set_page::read_set_keys();
        } else if screen.field.is_none() && title.is_none() {
            input.commands = read_keys();
        }
        let presses = |b| {
            input.commands.contains(&EditorCommand::Press(b))
                || input.pointer.hit == Some(Hit::Button(b))
        };
        if presses(Button::Import) {
            input.clipboard = macroquad::miniquad::window::clipboard_get();
        }
        if presses(Button::Sets) && screen.set_page.is_none() {
            input.player_sets = Some(read_player_sets());
        }
        input.picked = take_picked_file();
        (input, Hands::default())
    }

    /// The buttons and setting rows drawn last frame, named, for the size report.
    pub(crate) fn targets(&self) -> Vec<(String, Rect)> {
        let buttons = (self.buttons.iter()).map(|(r, b)| (b.label().replace(' ', "_"), *r));
        let handles = (self.handles.iter()).map(|(r, d)| (format!("drawer_{}", d.name()), *r));
        let fields =
            (self.fields.iter()).map(|&(k, r)| (format!("setting_{}", SETTING_KEYS[k]), r));
        let sets = self.set_targets.iter().cloned();
        buttons.chain(handles).chain(fields).chain(sets).collect()
    }

    /// Logs the cell the loupe marks when it changes (`editor loupe: row R
    /// column C`), so a test knows which cell a finger's stroke paints.
    pub(crate) fn log_loupe(&mut self, marked: Option<(usize, usize)>) {
        if let Some((row, column)) = marked.filter(|&m| Some(m) != self.loupe_logged) {
            macroquad::miniquad::info!("editor loupe: row {} column {}", row, column);
        }
        self.loupe_logged = marked;
    }

    /// The mouse or a finger in arena units (a finger's brush works above it,
    /// see `loupe::working_point`), and what it went down on among last frame's
    /// buttons, or tapped among its setting rows. A press on a drawer's handle
    /// opens or closes it; with a drawer open, a press anywhere closes it
    /// (after doing what it picked: a press off the palette picks nothing). A
    /// swipe or the wheel over the settings form or the set page scrolls it;
    /// the set page's rows, as the form's, open on a tap, its buttons on a press.
    fn read_pointer(&mut self, editor: &EditorScreen) -> EditorPointer {
        // Only where the arena sits: nothing is drawn in this view's colours.
        let view = Self::view(Palette::default());
        let p = pointer();
        // A press and its release within one frame: the press is where it landed.
        let screen = p.presses.first().copied().unwrap_or(p.at);
        let at = super::loupe::working_point(screen, editor.tool, p.touched);
        let mut out = EditorPointer {
            pressed: p.pressed,
            down: p.down,
            released: p.released,
            at: view.to_world(at),
            hit: None,
            // Half a fingertip's 44 px target on screen at least: every handle,
            // however small its drawn mark (the hexagon's resize handle), is
            // grabbed within a 44 px disc (issue 47).
            reach: view.to_world(vec2(FINGER_PX * 0.5, 0.0)).x - view.to_world(Vec2::ZERO).x,
        };
        let lines = p.swipe_lines + p.wheel.round() as i32;
        if editor.settings_open && form_area().contains(p.at) && lines != 0 {
            self.scroll_form(-lines);
        }
        if editor.set_page.is_some() && super::set_page::page_area().contains(p.at) && lines != 0 {
            self.scroll_set_page(-lines);
        }
        let row = |b: &SetButton| matches!(b, SetButton::Set(_) | SetButton::Level(_));
        if p.pressed {
            self.set_row_pressed = self.set_item_at(screen).filter(row);
            let handle = self.handles.iter().find(|(r, _)| r.contains(screen));
            let button = self.buttons.iter().find(|(r, _)| r.contains(screen));
            if let Some(b) = self.set_item_at(screen) {
                // The set page lies over everything else while it shows; its
                // rows wait for a tap (a swipe over them scrolls).
                out.hit = (!row(&b)).then_some(Hit::Set(b));
            } else if let Some(&(_, d)) = handle {
                self.drawer = (self.drawer != Some(d)).then_some(d);
                out.pressed = false;
            } else if let Some(&(_, b)) = button {
                out.hit = Some(Hit::Button(b));
                self.drawer = None;
            } else if self.drawer.take().is_some() {
                out.pressed = false;
            }
        }
        // A row opens on a tap (a click is one at once), never on a swipe's press.
        let tapped = p.taps.iter().find_map(|&t| {
            let &(k, _) = self.fields.iter().find(|(_, r)| r.contains(t))?;
            Some(k)
        });
        if let Some(k) = tapped.filter(|_| out.hit.is_none()) {
            out.pressed = true;
            out.hit = Some(Hit::Field(k));
        }
        let pressed_row = self.set_row_pressed;
        let tapped_row = (p.taps.iter()).find_map(|&t| {
            self.set_item_at(t)
                .filter(|b| row(b) && Some(*b) == pressed_row)
        });
        if let Some(b) = tapped_row.filter(|_| out.hit.is_none()) {
            out.pressed = true;
            out.hit = Some(Hit::Set(b));
        }
        out
    }
}

/// Held, pressed or released this frame: a fast chord (a script, a quick hand)
/// can press and release its modifier within one frame, or release it in the
/// frame its key arrives.
fn held(keys: &[KeyCode]) -> bool {
    keys.iter()
        .any(|&k| is_key_down(k) || is_key_pressed(k) || is_key_released(k))
}

/// Ctrl, or Cmd on a Mac.
const CTRL: [KeyCode; 4] = [
    KeyCode::LeftControl,
    KeyCode::RightControl,
    KeyCode::LeftSuper,
    KeyCode::RightSuper,
];

/// The editor's keys this frame as commands (docs/levels-and-editor.md lists them).
fn read_keys() -> Vec<EditorCommand> {
    let ctrl = held(&CTRL);
    let shift = held(&[KeyCode::LeftShift, KeyCode::RightShift]);
    let pressed = |k| is_key_pressed(k);
    let mut commands = Vec::new();
    let button = if ctrl {
        chord(shift, &mut commands)
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
    } else if pressed(KeyCode::L) {
        Some(Button::Sets)
    } else if pressed(KeyCode::Escape) {
        Some(Button::Back)
    } else {
        None
    };
    commands.extend(button.map(EditorCommand::Press));
    let digits = [
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
        KeyCode::Key6,
        KeyCode::Key7,
        KeyCode::Key8,
        KeyCode::Key9,
    ];
    for (k, hits) in digits.into_iter().zip(1..) {
        if !ctrl && pressed(k) {
            let brush = Tool::Brick(Paint::Brick(BrickKind::Breakable { hits }));
            commands.push(EditorCommand::Press(Button::Tool(brush)));
        }
    }
    commands
}

/// A Ctrl (or Cmd) chord's button; copy and paste are commands of their own.
fn chord(shift: bool, commands: &mut Vec<EditorCommand>) -> Option<Button> {
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
        commands.push(EditorCommand::Copy);
        None
    } else if pressed(KeyCode::V) {
        commands.push(EditorCommand::Paste);
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

/// A frame of the keyboard as the open settings field takes it
/// (`app::editor::Field`): Backspace, Delete and the arrows as many times as
/// they act this frame (every press, and a held key's repeats at their own
/// rate, however slow the frames: `typing_fires`, shared by every text field).
fn read_typing() -> FieldFrame {
    let keys = |ks: &[KeyCode]| ks.iter().any(|&k| is_key_down(k) || is_key_pressed(k));
    let mut frame = FieldFrame {
        fires: [
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::Left,
            KeyCode::Right,
        ]
        .map(typing_fires),
        home: is_key_pressed(KeyCode::Home),
        end: is_key_pressed(KeyCode::End),
        // Released too: a quick chord can let Ctrl go in the frame S arrives.
        ctrl: CTRL.iter().any(|&k| keys(&[k]) || is_key_released(k)),
        s: is_key_pressed(KeyCode::S),
        enter: is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter),
        escape: is_key_pressed(KeyCode::Escape),
        ..FieldFrame::default()
    };
    while let Some(c) = get_char_pressed() {
        frame.chars.push(c);
    }
    frame
}

/// In the browser, a file picked in web/editor.js's picker: its text waits in
/// the `import` record, its name in `import.name`; taken once, then cleared.
fn take_picked_file() -> Option<(String, String)> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    let text = read_record("import").ok().flatten()?;
    if text.is_empty() || write_record("import", "").is_err() {
        return None;
    }
    let name = read_record("import.name").ok().flatten();
    let name = name
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "the file".to_owned());
    Some((name, text))
}
