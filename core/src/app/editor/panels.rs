//! Where the editor's panels go, worked out without a window so the layout
//! walk (`app::state`'s tests) checks them at phone sizes (issue 47): the
//! palette's buttons flowed into rows (`flow`), the upright touch palette's
//! bar and drawers, the side column a phone held sideways keeps for them, and
//! the settings form's rows. The shell measures the labels in its face and
//! draws where this says.
//!
//! A phone held upright would need eight rows of buttons, which left the arena
//! a quarter of the screen (issue 33). There the palette is one bar of the
//! buttons a thumb uses most (back, undo, redo, settings, the two plays) and
//! two drawers: the bricks and tools, and the other actions.

use glam::Vec2;

use super::{flow, palette, rows, Button, Tool};
use crate::app::layout::FINGER_PX;
use crate::geom::Rect;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// The palette's label size, pixels.
pub const LABEL_PX: f32 = 15.0;
/// Room beside a label inside its button, pixels (both sides together).
const LABEL_PAD: f32 = 12.0;
/// The narrowest button for a mouse, pixels (a finger's is a fingertip wide).
const MIN_BUTTON: f32 = 30.0;
/// A gap between the brush row and the action rows, pixels.
const GROUP_GAP: f32 = 4.0;
/// A touch palette across the top that needs more rows than this folds into a
/// bar and drawers.
const MAX_OPEN_ROWS: usize = 3;
/// Height of a palette row for a mouse, pixels.
const MOUSE_ROW: f32 = 30.0;
/// Room around the arena beside the side column, pixels.
pub const SIDE_MARGIN: f32 = 4.0;
/// The narrowest side column worth its place, pixels: a few palette buttons a row.
const MIN_SIDE_COLUMN: f32 = 300.0;
/// Height of the diagnostics list under the arena, pixels.
pub const LIST_HEIGHT: f32 = 96.0;
/// The least the side column's list keeps under a tall palette, pixels: the
/// level's title line and one more.
const LEAST_LIST: f32 = 56.0;
/// Room above the settings form's first row for its hint line, pixels.
pub const HINT_ROOM: f32 = 24.0;
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
pub enum Drawer {
    /// Every brick brush and tool (the palette's first group).
    Tools,
    /// The actions not in the bar.
    More,
}

impl Drawer {
    /// Its name in the layout line and the size report.
    pub fn name(self) -> &'static str {
        match self {
            Self::Tools => "tools",
            Self::More => "more",
        }
    }

    /// The buttons inside it.
    pub fn buttons(self) -> Vec<Button> {
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
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaletteLayout {
    /// The buttons: the palette across the top (or in its side column), then an
    /// open drawer's.
    pub buttons: Vec<(Rect, Button)>,
    /// The drawers' handles in the upright bar (none elsewhere).
    pub handles: Vec<(Rect, Drawer)>,
    /// The open drawer's panel, if one is open.
    pub drawer: Option<Rect>,
    /// The height the palette keeps from the arena, pixels (an open drawer lies
    /// over the arena and takes none).
    pub height: f32,
}

/// Height of a palette row, pixels: a fingertip's (and the 2 px between rows)
/// once a finger has touched the window (`touch`), else the mouse's 30.
pub fn row_height(touch: bool) -> f32 {
    if touch {
        FINGER_PX + 2.0
    } else {
        MOUSE_ROW
    }
}

/// In a wide window a finger uses (a phone on its side), the palette and the
/// diagnostics stand in a column on the left, this many pixels wide, and the
/// arena beside it is as tall as the window: across the top, the palette's
/// rows left the arena a sliver (issue 33). `None` in a tall window, with a
/// mouse, or where the column would be too narrow: the palette across the top.
pub fn side_column(window: Vec2, touch: bool) -> Option<f32> {
    let (w, h) = (window.x, window.y);
    if !touch || w <= h {
        return None;
    }
    let arena = (h - 2.0 * SIDE_MARGIN) * ARENA_WIDTH / ARENA_HEIGHT;
    let column = w - arena - 2.0 * SIDE_MARGIN;
    (column >= MIN_SIDE_COLUMN).then_some(column)
}

/// The tools drawer's handle reads the tool in use.
pub fn tools_label(tool: Tool) -> String {
    format!("{} ...", Button::Tool(tool).label())
}

/// The More drawer's handle's label.
pub const MORE_LABEL: &str = "more ...";

/// How the palette is laid out: the window, whether a finger uses it, and
/// the labels' widths at [`LABEL_PX`] in the shell's face.
pub struct PaletteFrame<'a> {
    /// The window's size, pixels.
    pub window: Vec2,
    /// A finger has touched the window.
    pub touch: bool,
    /// A label's width at [`LABEL_PX`], pixels.
    pub measure: &'a dyn Fn(&str) -> f32,
}

impl PaletteFrame<'_> {
    /// A box's width for `label`: the label and its padding, a fingertip at
    /// least with a finger.
    fn box_width(&self, label: &str) -> f32 {
        // The button's box is 2 px narrower and shorter than its slot.
        let narrowest = (row_height(self.touch) - 2.0).max(MIN_BUTTON) + 2.0;
        ((self.measure)(label) + LABEL_PAD).max(narrowest)
    }

    /// The tools drawer's handle's width: the widest tool label's, so the bar
    /// never reflows when the tool changes.
    fn tools_width(&self) -> f32 {
        (Drawer::Tools.buttons().into_iter())
            .filter_map(|b| match b {
                Button::Tool(t) => Some(self.box_width(&tools_label(t))),
                _ => None,
            })
            .fold(0.0, f32::max)
    }

    /// `entries` of `widths` flowed across `width` from `top`: each box and
    /// the bottom of the last row.
    fn flowed<T: Copy>(
        &self,
        entries: &[T],
        widths: &[f32],
        width: f32,
        top: f32,
    ) -> (Vec<(Rect, T)>, f32) {
        let row_h = row_height(self.touch);
        let slots = flow(widths, width);
        let boxes = (slots.iter().zip(entries))
            .map(|(s, &e)| {
                // On whole pixels: the row's spare width shared out leaves
                // fractions, and each box keeps its 2 px gap at least.
                let min = Vec2::new(s.x, top + s.row as f32 * row_h).round();
                let size = Vec2::new(s.width - 2.0, row_h - 2.0).round();
                (Rect::new(min, min + size), e)
            })
            .collect();
        (boxes, top + rows(&slots) as f32 * row_h)
    }

    /// The width the palette flows across: the side column's, else the window's.
    pub fn width(&self) -> f32 {
        side_column(self.window, self.touch).unwrap_or(self.window.x)
    }

    /// Each box, with `open` the drawer the player opened (ignored where the
    /// palette has no drawers).
    pub fn layout(&self, open: Option<Drawer>) -> PaletteLayout {
        let width = self.width();
        let mut out = PaletteLayout::default();
        let mut top = 0.0;
        let mut count = 0;
        for group in palette() {
            let widths: Vec<f32> = group.iter().map(|b| self.box_width(&b.label())).collect();
            let (boxes, bottom) = self.flowed(&group, &widths, width, top);
            count += rows(&flow(&widths, width));
            out.buttons.extend(boxes);
            top = bottom + GROUP_GAP;
        }
        // The last row's bottom (its boxes end 2 px short of it).
        out.height = top - GROUP_GAP;
        let folds =
            self.touch && side_column(self.window, self.touch).is_none() && count > MAX_OPEN_ROWS;
        if !folds {
            return out;
        }
        // The upright bar: the pinned buttons and the two drawers' handles.
        let mut entries: Vec<Entry> = PINNED.iter().map(|&b| Entry::Button(b)).collect();
        entries.insert(1, Entry::Drawer(Drawer::Tools));
        entries.push(Entry::Drawer(Drawer::More));
        let widths: Vec<f32> = (entries.iter())
            .map(|e| match e {
                Entry::Button(b) => self.box_width(&b.label()),
                Entry::Drawer(Drawer::Tools) => self.tools_width(),
                Entry::Drawer(Drawer::More) => self.box_width(MORE_LABEL),
            })
            .collect();
        let (bar, bottom) = self.flowed(&entries, &widths, width, 0.0);
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
            let widths: Vec<f32> = inside.iter().map(|b| self.box_width(&b.label())).collect();
            let top = out.height + GROUP_GAP;
            let (boxes, bottom) = self.flowed(&inside, &widths, width, top);
            out.buttons.extend(boxes);
            out.drawer = Some(Rect::new(
                Vec2::new(0.0, top - GROUP_GAP),
                Vec2::new(width, bottom + GROUP_GAP),
            ));
        }
        out
    }

    /// Where the diagnostics list goes: across the window's bottom; held
    /// sideways, at the side column's bottom, shortened to the room the
    /// palette leaves (at 844x390 a list of the full height lay over the
    /// palette's last row, whose buttons no finger could reach).
    pub fn list_area(&self) -> Rect {
        let (w, h) = (self.window.x, self.window.y);
        match side_column(self.window, self.touch) {
            Some(column) => {
                let below = self.layout(None).height + GROUP_GAP;
                let top = (h - LIST_HEIGHT).max(below).min(h - LEAST_LIST).round();
                Rect::new(Vec2::new(0.0, top), Vec2::new(column.floor(), h))
            }
            None => Rect::new(Vec2::new(0.0, h - LIST_HEIGHT), Vec2::new(w, h)),
        }
    }

    /// Where the settings form's rows go (its panel is 8 px larger each way):
    /// held sideways, over the arena beside the palette's column (below that
    /// column it had room for two rows); elsewhere under the palette, down to
    /// the window's bottom.
    pub fn form_area(&self) -> Rect {
        let (w, h) = (self.window.x, self.window.y);
        if let Some(column) = side_column(self.window, self.touch) {
            let x = column + SIDE_MARGIN + 8.0;
            return Rect::new(Vec2::new(x, 8.0), Vec2::new(w - 8.0, h - 8.0));
        }
        // Down to the diagnostics list across the window's bottom: the rows
        // below its top lay under it (issue 47, at 390x844 and 360x640).
        let top = self.layout(None).height + 40.0;
        let bottom = (h - LIST_HEIGHT - 8.0).max(top);
        Rect::new(Vec2::new(w * 0.15, top), Vec2::new(w * 0.85, bottom))
    }
}

/// A settings row's height and pitch (height and gap), pixels: a fingertip
/// tall once a finger has touched the window (`touch`), else the mouse's 24.
pub fn form_row_and_pitch(touch: bool) -> (f32, f32) {
    if touch {
        (FINGER_PX, FINGER_PX + 4.0)
    } else {
        (24.0, 28.0)
    }
}

/// How many of `count` rows of `pitch` a form `height` tall shows (one at least).
pub fn form_rows_shown(height: f32, pitch: f32, count: usize) -> usize {
    let fit = ((height - HINT_ROOM) / pitch).floor().max(1.0) as usize;
    fit.min(count)
}

/// The value box of the `k`th row shown (from the first shown) of a form in
/// `area`: the right six tenths of the row, whole pixels.
pub fn form_value_box(area: Rect, touch: bool, k: usize) -> Rect {
    let (row, pitch) = form_row_and_pitch(touch);
    let w = area.size().x;
    let min = Vec2::new(
        area.min.x + w * 0.4,
        area.min.y + HINT_ROOM + pitch * k as f32,
    )
    .round();
    Rect::new(min, min + Vec2::new(w * 0.6, row).round())
}
