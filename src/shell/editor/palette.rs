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

pub(crate) use arkanong_core::app::editor::Drawer;
use arkanong_core::app::editor::{
    tools_label, Button, EditorScreen, Paint, PaletteFrame, Tool, LABEL_PX, MORE_LABEL,
    SETTING_KEYS,
};
use macroquad::prelude::*;

use super::window::EditorShell;
use crate::shell::palette::{Palette, ARENA};
use crate::shell::text::{draw_label_in, measure};

/// A core rectangle as macroquad's.
pub(crate) fn mq_rect(r: arkanong_core::geom::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.size().x, r.size().y)
}

/// A label's width at the palette's size in the game's face.
fn label_width(label: &str) -> f32 {
    measure(label, LABEL_PX).width
}

/// Runs `f` on this frame's palette frame: the window, whether a finger has
/// touched it, the labels measured in the game's face.
pub(crate) fn with_frame<T>(f: impl FnOnce(&PaletteFrame) -> T) -> T {
    f(&PaletteFrame {
        window: vec2(screen_width(), screen_height()),
        touch: crate::shell::view::touch_seen(),
        measure: &label_width,
    })
}

/// Where the palette's boxes are this frame (the core's
/// `PaletteFrame::layout`, in macroquad's rectangles).
#[derive(Debug, Clone, Default)]
pub(crate) struct PaletteLayout {
    /// The buttons: the palette across the top (or in its side column), then an
    /// open drawer's.
    pub(crate) buttons: Vec<(Rect, Button)>,
    /// The drawers' handles in the upright bar (none elsewhere).
    pub(crate) handles: Vec<(Rect, Drawer)>,
    /// The open drawer's panel, if one is open.
    pub(crate) drawer: Option<Rect>,
}

/// Each box this frame, with `open` the drawer the player opened (ignored
/// where the palette has no drawers).
pub(crate) fn palette_layout(open: Option<Drawer>) -> PaletteLayout {
    let l = with_frame(|f| f.layout(open));
    PaletteLayout {
        buttons: l.buttons.iter().map(|&(r, b)| (mq_rect(r), b)).collect(),
        handles: l.handles.iter().map(|&(r, d)| (mq_rect(r), d)).collect(),
        drawer: l.drawer.map(mq_rect),
    }
}

/// The palette's height this frame, pixels (see the core's `PaletteLayout::height`).
pub(crate) fn palette_height() -> f32 {
    with_frame(|f| f.layout(None).height)
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
                Drawer::More => MORE_LABEL.to_owned(),
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
