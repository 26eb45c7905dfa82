//! The editor's palette: its buttons flow into as many rows as the window's width
//! needs (`app::editor::flow`), so each label keeps its full size, never under
//! 12 px, whatever the window.
//!
//! A phone held upright would need eight rows of them, which left the arena a
//! quarter of the screen (issue 33). There the palette is one bar of the
//! buttons a thumb uses most (back, undo, redo, settings, the two plays) and two
//! drawers: the bricks and tools, and the other actions. A drawer opens over the
//! arena on a press of its button and closes on the next press anywhere, having
//! done what that press picked; the arena gets the window's whole width.

use arkanong_core::app::editor::{
    flow, palette, rows, Button, EditorScreen, Paint, Tool, SETTING_KEYS,
};
use macroquad::prelude::*;

use super::window::{row_height, EditorShell};
use crate::shell::palette::{Palette, ARENA};
use crate::shell::text::{draw_label_in, measure};

/// The palette's label size, pixels.
const LABEL_PX: f32 = 15.0;
/// Room beside a label inside its button, pixels (both sides together).
const LABEL_PAD: f32 = 12.0;
/// The narrowest button for a mouse, pixels (a finger's is a fingertip wide, `row_height`).
const MIN_BUTTON: f32 = 30.0;
/// A gap between the brush row and the action rows, pixels.
const GROUP_GAP: f32 = 4.0;
/// A touch palette across the top that needs more rows than this folds into a
/// bar and drawers.
const MAX_OPEN_ROWS: usize = 3;
/// The buttons the upright bar keeps in reach; the rest wait in the drawers.
const PINNED: [Button; 6] = [
    Button::Back,
    Button::Undo,
    Button::Redo,
    Button::Settings,
    Button::PlaySolo,
    Button::PlayVersus,
];

/// One of the upright palette's drawers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drawer {
    /// Every brick brush and tool (the palette's first group).
    Tools,
    /// The actions not in the bar.
    More,
}

impl Drawer {
    /// Its name in the layout line and the size report.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Tools => "tools",
            Self::More => "more",
        }
    }

    /// The buttons inside it.
    fn buttons(self) -> Vec<Button> {
        let [tools, actions] = palette();
        match self {
            Self::Tools => tools,
            Self::More => actions
                .into_iter()
                .filter(|b| !PINNED.contains(b))
                .collect(),
        }
    }
}

/// A box of the palette: a button, or a drawer's handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Button(Button),
    Drawer(Drawer),
}

/// Where the palette's boxes are this frame.
#[derive(Debug, Clone, Default)]
pub(crate) struct PaletteLayout {
    /// The buttons: the palette across the top (or in its side column), then an
    /// open drawer's.
    pub(crate) buttons: Vec<(Rect, Button)>,
    /// The drawers' handles in the upright bar (none elsewhere).
    pub(crate) handles: Vec<(Rect, Drawer)>,
    /// The open drawer's panel, if one is open.
    pub(crate) drawer: Option<Rect>,
    /// The height the palette keeps from the arena, pixels (an open drawer lies
    /// over the arena and takes none).
    pub(crate) height: f32,
}

/// A box's width for `label`: the label and its padding, a fingertip at least
/// with a finger.
fn box_width(label: &str) -> f32 {
    // The button's box is 2 px narrower and shorter than its slot.
    let narrowest = (row_height() - 2.0).max(MIN_BUTTON) + 2.0;
    (measure(label, LABEL_PX).width + LABEL_PAD).max(narrowest)
}

/// The tools drawer's handle reads the tool in use; its width is the widest
/// such label's, so the bar never reflows when the tool changes.
fn tools_label(tool: Tool) -> String {
    format!("{} ...", Button::Tool(tool).label())
}

fn tools_width() -> f32 {
    (Drawer::Tools.buttons().into_iter())
        .filter_map(|b| match b {
            Button::Tool(t) => Some(box_width(&tools_label(t))),
            _ => None,
        })
        .fold(0.0, f32::max)
}

/// `entries` of `widths` flowed across `width` from `top`: each box and the
/// bottom of the last row.
fn flowed<T: Copy>(entries: &[T], widths: &[f32], width: f32, top: f32) -> (Vec<(Rect, T)>, f32) {
    let row_h = row_height();
    let slots = flow(widths, width);
    let boxes = (slots.iter().zip(entries))
        .map(|(s, &e)| {
            let r = Rect::new(s.x, top + s.row as f32 * row_h, s.width - 2.0, row_h - 2.0);
            (r, e)
        })
        .collect();
    (boxes, top + rows(&slots) as f32 * row_h)
}

/// Each box this frame, with `open` the drawer the player opened (ignored
/// where the palette has no drawers).
pub(crate) fn palette_layout(open: Option<Drawer>) -> PaletteLayout {
    let width = super::window::side_column().unwrap_or_else(screen_width);
    let mut out = PaletteLayout::default();
    let mut top = 0.0;
    let mut count = 0;
    for group in palette() {
        let widths: Vec<f32> = group.iter().map(|b| box_width(&b.label())).collect();
        let (boxes, bottom) = flowed(&group, &widths, width, top);
        count += rows(&flow(&widths, width));
        out.buttons.extend(boxes);
        top = bottom + GROUP_GAP;
    }
    // The last row's bottom (its boxes end 2 px short of it).
    out.height = top - GROUP_GAP;
    let folds = crate::shell::view::touch_seen()
        && super::window::side_column().is_none()
        && count > MAX_OPEN_ROWS;
    if !folds {
        return out;
    }
    // The upright bar: the pinned buttons and the two drawers' handles.
    let mut entries: Vec<Entry> = PINNED.iter().map(|&b| Entry::Button(b)).collect();
    entries.insert(1, Entry::Drawer(Drawer::Tools));
    entries.push(Entry::Drawer(Drawer::More));
    let widths: Vec<f32> = (entries.iter())
        .map(|e| match e {
            Entry::Button(b) => box_width(&b.label()),
            Entry::Drawer(Drawer::Tools) => tools_width(),
            Entry::Drawer(Drawer::More) => box_width("more ..."),
        })
        .collect();
    let (bar, bottom) = flowed(&entries, &widths, width, 0.0);
    out = PaletteLayout {
        height: bottom,
        ..PaletteLayout::default()
    };
    for (r, e) in bar {
        match e {
            Entry::Button(b) => out.buttons.push((r, b)),
            Entry::Drawer(d) => out.handles.push((r, d)),
        }
    }
    if let Some(d) = open {
        let inside = d.buttons();
        let widths: Vec<f32> = inside.iter().map(|b| box_width(&b.label())).collect();
        let top = out.height + GROUP_GAP;
        let (boxes, bottom) = flowed(&inside, &widths, width, top);
        out.buttons.extend(boxes);
        out.drawer = Some(Rect::new(
            0.0,
            top - GROUP_GAP,
            width,
            bottom - top + 2.0 * GROUP_GAP,
        ));
    }
    out
}

/// The palette's height this frame, pixels (see [`PaletteLayout::height`]).
pub(crate) fn palette_height() -> f32 {
    palette_layout(None).height
}

impl EditorShell {
    /// `screen`'s palette buttons on `panel`, the tool in use outlined, bricks
    /// in their colours from `palette`; an open drawer over the arena.
    pub(crate) fn draw_palette(&mut self, screen: &EditorScreen, panel: Color, palette: Palette) {
        let selected = super::draw::selected_color(palette);
        let layout = palette_layout(self.drawer);
        if let Some(r) = layout.drawer {
            draw_rectangle(r.x, r.y, r.w, r.h, panel);
            draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, selected);
        }
        for &(r, d) in &layout.handles {
            let label = match d {
                Drawer::Tools => tools_label(screen.tool),
                Drawer::More => "more ...".to_owned(),
            };
            let tool = match d {
                Drawer::Tools => Some(Button::Tool(screen.tool)),
                Drawer::More => None,
            };
            draw_box(r, tool, &label, panel, palette);
            if self.drawer == Some(d) {
                draw_rectangle_lines(r.x, r.y, r.w, r.h, 3.0, selected);
            }
        }
        for &(r, b) in &layout.buttons {
            let on = match b {
                Button::Tool(t) => t == screen.tool,
                Button::Snap => screen.editor.snap,
                Button::Settings => screen.settings_open,
                _ => false,
            };
            draw_box(r, Some(b), &b.label(), panel, palette);
            if on {
                draw_rectangle_lines(r.x, r.y, r.w, r.h, 3.0, selected);
            }
        }
        // A window turned sideways (or a mouse's) has no drawers to keep open.
        if layout.handles.is_empty() {
            self.drawer = None;
        }
        self.buttons = layout.buttons;
        self.handles = layout.handles;
        self.log_layout(palette);
    }

    /// Logs where the arena and each button are on screen when that changes,
    /// for a test's synthetic pointer (the browser test reads the console).
    fn log_layout(&mut self, palette: Palette) {
        let view = Self::view(palette);
        let buttons = (self.buttons.iter())
            .map(|(r, b)| (b.label(), r))
            .chain(self.handles.iter().map(|(r, d)| (d.name().to_owned(), r)))
            .map(|(name, r)| format!("{name} at {:.0},{:.0}", r.center().x, r.center().y));
        let line = format!(
            "editor layout: arena at {:.1},{:.1} scale {:.4}; {}",
            view.origin.x,
            view.origin.y,
            view.scale,
            buttons.collect::<Vec<_>>().join("; ")
        );
        if line != self.layout_logged {
            macroquad::miniquad::info!("{}", line);
            self.layout_logged = line;
        }
        // The settings rows, when shown: where a finger taps a field open.
        let fields: Vec<String> = (self.fields.iter())
            .map(|&(key, r)| {
                let name = SETTING_KEYS[key];
                format!("{name} at {:.0},{:.0}", r.center().x, r.center().y)
            })
            .collect();
        let line = format!("editor fields: {}", fields.join("; "));
        if !fields.is_empty() && line != self.fields_logged {
            macroquad::miniquad::info!("{}", line);
        }
        self.fields_logged = if fields.is_empty() {
            String::new()
        } else {
            line
        };
    }
}

/// One palette box: a brick brush in its colour (its label in the ink its
/// hit-point digit takes in the game, so "4" reads on red and "9" on brown),
/// anything else on `panel`.
fn draw_box(r: Rect, button: Option<Button>, label: &str, panel: Color, palette: Palette) {
    let (fill, ink) = match button {
        Some(Button::Tool(Tool::Brick(Paint::Empty))) => (ARENA, WHITE),
        Some(Button::Tool(Tool::Brick(Paint::Brick(k)))) => (
            palette.brick(k, k.starting_hits()),
            palette.digit_ink_and_outline(k, k.starting_hits()).0,
        ),
        _ => (panel, WHITE),
    };
    draw_rectangle(r.x, r.y, r.w, r.h, fill);
    draw_label_in(label, r, LABEL_PX, ink);
}
