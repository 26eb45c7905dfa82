//! Where a menu panel's pieces go, worked out without a window so a test can
//! check every screen at phone sizes (issue 47): the panel, its title's and
//! items' places, the − and + beside two-way items, and the scroll marks'
//! tap boxes. The shell measures and wraps the words in its face and draws
//! where this says; the boxes are on whole pixels and inside the window.

use glam::Vec2;

use super::menu_layout::{name_letters_height, TOUCH_TARGET_PX};
use crate::app::layout::TextSizes;
use crate::geom::Rect;

/// The gap between an item's box and its − or +, pixels.
pub const STEPPER_GAP: f32 = 6.0;
/// The gap kept between a scroll mark's tap box and an item's box, pixels.
const MARK_GAP: f32 = 2.0;
/// The most columns a wide window's list is laid out in before it scrolls.
const MAX_COLUMNS: usize = 3;
/// The fewest items' sizes of words a column's items are fitted to, at the
/// narrowest (about ten letters).
const MIN_COLUMN_WORDS: f32 = 6.0;

/// Font sizes and gaps of a menu panel, in pixels, from the layout's text
/// sizes (readable on a phone, never huge on a monitor).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PanelMetrics {
    /// The title's size.
    pub title: f32,
    /// The subtitle's and the extra lines' size.
    pub small: f32,
    /// The items' size.
    pub item: f32,
    /// From an item's baseline to the next's.
    pub line: f32,
    /// An item's box: a fingertip tall at least.
    pub row: f32,
    /// How far a box taller than the text's own reaches above it, pixels.
    pub lift: f32,
    /// From the title's baseline to the subtitle's.
    pub after_title: f32,
    /// After the subtitle's last line.
    pub after_subtitle: f32,
    /// Before the first item.
    pub before_items: f32,
    /// The widest a line may be.
    pub width: f32,
}

impl PanelMetrics {
    /// The metrics for a window of `window` pixels with `text` sizes.
    pub fn new(text: TextSizes, window: Vec2) -> Self {
        // Rows a fingertip tall (issue 33: 24 px rows were too small to hit).
        let row = (text.item * 1.3).max(TOUCH_TARGET_PX);
        Self {
            title: text.title,
            small: text.body,
            item: text.item,
            line: (text.item * 1.45).max(row + 4.0),
            row,
            lift: (row - text.item * 1.3) * 0.5,
            after_title: text.title * 0.75,
            after_subtitle: text.body * 1.4,
            before_items: text.item * 1.4,
            width: window.x - 3.0 * text.item,
        }
    }

    /// The widest a wrapped line may be in a window `width` pixels wide with
    /// `pad_room` kept for a letter pad: the panel adds an item's size each side.
    pub fn line_width(&self, width: f32, pad_room: Vec2) -> f32 {
        self.width.min(width - 2.0 * pad_room.x - 2.0 * self.item)
    }
}

/// What a panel holds, measured by the shell in its face.
#[derive(Debug, Clone, PartialEq)]
pub struct PanelContent {
    /// The subtitle's lines once wrapped (one at least, blank or not).
    pub subtitle_lines: usize,
    /// The extra lines once wrapped.
    pub extra_lines: usize,
    /// The widest subtitle or extra line, pixels.
    pub widest_line: f32,
    /// Each item's words' width as drawn (fitted to the line), pixels.
    pub items: Vec<f32>,
    /// Which items have a − and + (the volumes).
    pub two_way: Vec<bool>,
    /// The highlighted item.
    pub selected: usize,
    /// The room kept free for the name entry's letter pad (beside, below).
    pub pad_room: Vec2,
}

/// A − or + beside a two-way item: the item, whether it is the +, its box.
pub type Stepper = (usize, bool, Rect);

/// One item's place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PanelItem {
    /// Its tap box, whole pixels.
    pub rect: Rect,
    /// Its words' baseline.
    pub baseline: f32,
    /// The x its words are centred on.
    pub centre: f32,
}

/// Where a panel's pieces go (see the module's note).
#[derive(Debug, Clone, PartialEq)]
pub struct PanelLayout {
    /// The sizes and gaps used.
    pub metrics: PanelMetrics,
    /// The widest an item's words may be: [`PanelMetrics::width`], less the
    /// scroll marks' room in a list that scrolls.
    pub words_width: f32,
    /// The panel behind the words, whole pixels.
    pub panel: Rect,
    /// The title's baseline.
    pub title_y: f32,
    /// Each item's place, `None` when scrolled out of view.
    pub items: Vec<Option<PanelItem>>,
    /// The − and + beside two-way items: the item, whether it is the +, its box.
    pub steppers: Vec<Stepper>,
    /// The scroll marks' tap boxes (up, down) where the list has more that way,
    /// with the centre of the small arrow drawn in each.
    pub marks: [Option<(Rect, Vec2)>; 2],
}

/// A rectangle at `x`, `y` of `w` by `h`, on whole pixels.
fn whole(x: f32, y: f32, w: f32, h: f32) -> Rect {
    let min = Vec2::new(x, y).round();
    Rect::new(min, min + Vec2::new(w, h).round())
}

/// An item's box width for words `words` pixels wide: a margin, and a
/// fingertip or two at least.
fn box_width(words: f32, m: &PanelMetrics) -> f32 {
    (words + m.item * 1.2).max(2.0 * TOUCH_TARGET_PX)
}

/// The room a scrolling list keeps each side of its boxes: a scroll mark's
/// fingertip square and its gap, and a − or + where items have them.
fn side_reserve(m: &PanelMetrics, steppers: bool) -> f32 {
    let stepper = if steppers { m.row + STEPPER_GAP } else { 0.0 };
    TOUCH_TARGET_PX + MARK_GAP + stepper
}

/// Lays out a panel holding `content` in a window of `window` pixels.
pub fn panel_layout(window: Vec2, text: TextSizes, content: &PanelContent) -> PanelLayout {
    let m = PanelMetrics::new(text, window);
    let (w, h) = (window.x, window.y);
    let count = content.items.len();
    let subtitle = content.subtitle_lines.max(1);
    let extra = content.extra_lines;
    let line_width = m.line_width(w, content.pad_room);
    // Lines of text above the items (the controls, the high scores) need air
    // before the first item's highlight box, which reaches a line's height up.
    let extra_gap = if extra == 0 { 0.0 } else { m.small * 0.6 };
    let block = m.title
        + m.after_title
        + m.small * 1.2 * (subtitle + extra) as f32
        + m.after_subtitle
        + m.before_items
        + extra_gap
        + m.line * count.min(6) as f32;
    // From the first baseline to the first item's.
    let to_items = m.after_title
        + m.small * 1.2 * (subtitle - 1 + extra) as f32
        + m.after_subtitle
        + m.before_items
        + m.lift
        + extra_gap;
    // The panel's bottom stays above the pad's room (the panel ends 0.2 of an
    // item above its last row's line).
    let above_pad = h - content.pad_room.y - to_items - m.line * count.min(6) as f32 + m.item * 0.2;
    let top = (h * 0.22)
        .min((h - block) * 0.5 + m.title)
        .min(if content.pad_room.y > 0.0 {
            above_pad
        } else {
            h
        })
        .max(m.title * 1.2);
    let items_top = top + to_items;
    // Long lists (the levels) scroll to keep the selection in view.
    // Half a line of margin at the bottom, so the last item is never cut off.
    let fits = (((h - items_top - m.line * 0.5) / m.line).floor() as usize).max(1);
    let steppers_any = content.two_way.iter().any(|&t| t);
    let columns = column_count(window, content, &m, fits, line_width);
    let shown = count.div_ceil(columns).min(fits);
    let widest = (content.items.iter().zip(&content.two_way))
        .map(|(&i, &two_way)| {
            let steppers = if two_way {
                2.0 * (m.row + STEPPER_GAP)
            } else {
                0.0
            };
            i.min(m.width) + m.item + steppers
        })
        .chain([content.widest_line])
        .fold(text.body * 20.0, f32::max)
        .max(if columns > 1 {
            column_widths(content, &m, columns).iter().sum()
        } else {
            0.0
        })
        .min(line_width);
    let panel = whole(
        (w - widest) * 0.5 - m.item,
        top - m.title,
        widest + 2.0 * m.item,
        items_top + shown as f32 * m.line - top + m.title - m.item * 0.2,
    );
    // A list that scrolls keeps room right of its boxes (and of their − and
    // +) for the scroll marks' fingertip squares, and as much left of them:
    // long items' words fit a narrower line there (the shell fits them to
    // `words_width` and lays the panel out again).
    let scrolls = columns == 1 && count > fits;
    let reserve = if scrolls {
        side_reserve(&m, steppers_any)
    } else {
        0.0
    };
    let max_box = w - 2.0 * reserve;
    let words_width = if scrolls {
        (max_box - m.item * 1.2).min(m.width)
    } else if let Some(cap) =
        column_cap(column_widths(content, &m, columns), line_width).filter(|_| columns > 1)
    {
        // A column's width is its box's (words and 1.2 items) and an item's air.
        (cap - 2.2 * m.item).min(m.width)
    } else {
        m.width
    };
    let (items, steppers) = if columns > 1 {
        (in_columns(w, content, &m, (items_top, columns)), Vec::new())
    } else {
        let first = content.selected.saturating_sub(fits.saturating_sub(1));
        let rows = Rows {
            top: items_top,
            first,
            fits,
            words_width,
            max_box,
        };
        one_column(w, content, &m, rows)
    };
    let marks = scroll_marks(window, (&items, &steppers), panel, &m);
    PanelLayout {
        metrics: m,
        words_width,
        panel,
        title_y: top,
        items,
        steppers,
        marks,
    }
}

/// Each column's width when `content`'s items stand in `columns` columns:
/// its widest box and an item's size of air.
fn column_widths(content: &PanelContent, m: &PanelMetrics, columns: usize) -> Vec<f32> {
    let rows = content.items.len().div_ceil(columns).max(1);
    (content.items.chunks(rows))
        .map(|column| column.iter().map(|&i| box_width(i, m)).fold(0.0, f32::max) + m.item)
        .collect()
}

/// How many columns a list of `content` stands in, `fits` rows a column, in
/// a window `window` with lines `line_width` wide: in a wide window when the
/// list would scroll in one, as few as hold it, two or three, side by side
/// within the line's width (the widest columns' words fitted narrower when
/// they must, never below `MIN_COLUMN_WORDS` items' sizes), and none of its
/// items with a − and +; else one column that scrolls. A phone held sideways
/// shows four rows: the title's ten items all show (issue 33 gave it two
/// columns for seven, issue 47 a third when it grew to ten).
fn column_count(
    window: Vec2,
    content: &PanelContent,
    m: &PanelMetrics,
    fits: usize,
    line_width: f32,
) -> usize {
    let count = content.items.len();
    let steppers = content.two_way.iter().any(|&t| t);
    let fitted = |cap: f32| cap - 2.2 * m.item >= MIN_COLUMN_WORDS * m.item;
    (2..=MAX_COLUMNS)
        .find(|&c| {
            count <= c * fits
                && column_cap(column_widths(content, m, c), line_width).is_none_or(fitted)
        })
        .filter(|_| window.x > window.y && count > fits && !steppers)
        .unwrap_or(1)
}

/// The widest a column may be for columns `widths` wide to fit `room`
/// side by side, the narrow ones keeping their widths and the rest sharing
/// what is left; `None` when all fit as they are.
fn column_cap(mut widths: Vec<f32>, room: f32) -> Option<f32> {
    if widths.iter().sum::<f32>() <= room {
        return None;
    }
    widths.sort_by(f32::total_cmp);
    let mut left = room;
    for (k, &width) in widths.iter().enumerate() {
        let fair = left / (widths.len() - k) as f32;
        if width > fair {
            return Some(fair);
        }
        left -= width;
    }
    None
}

/// Items in `columns` columns from baseline `top` down (the first rows'
/// worth on the left, and so on, so the keys' Up and Down still go down one
/// column and on to the next), each column as wide as its widest box, the
/// whole centred in a window `w` wide.
fn in_columns(
    w: f32,
    content: &PanelContent,
    m: &PanelMetrics,
    (top, columns): (f32, usize),
) -> Vec<Option<PanelItem>> {
    let rows = content.items.len().div_ceil(columns);
    let widths = column_widths(content, m, columns);
    let mut left = (w - widths.iter().sum::<f32>()) * 0.5;
    let centres: Vec<f32> = (widths.iter())
        .map(|width| {
            left += width;
            left - width * 0.5
        })
        .collect();
    (content.items.iter().enumerate())
        .map(|(i, &words)| {
            let centre = centres[i / rows];
            let y = top + m.line * (i % rows) as f32;
            let bw = box_width(words, m);
            let rect = whole(centre - bw * 0.5, y - m.item - m.lift, bw, m.row);
            Some(PanelItem {
                rect,
                baseline: y,
                centre,
            })
        })
        .collect()
}

/// Where a one-column list's rows go.
struct Rows {
    /// The first row's baseline.
    top: f32,
    /// The first item shown.
    first: usize,
    /// How many rows fit.
    fits: usize,
    /// The widest an item's words may be.
    words_width: f32,
    /// The widest an item's box may be.
    max_box: f32,
}

/// Items in one column, `rows.fits` of them from `rows.first`, centred in a
/// window `w` wide, with a − and + beside each two-way item.
fn one_column(
    w: f32,
    content: &PanelContent,
    m: &PanelMetrics,
    rows: Rows,
) -> (Vec<Option<PanelItem>>, Vec<Stepper>) {
    let mut items = vec![None; content.items.len()];
    let mut steppers = Vec::new();
    let shown = (rows.first..content.items.len()).take(rows.fits);
    for (k, i) in shown.enumerate() {
        let y = rows.top + m.line * k as f32;
        let bw = box_width(content.items[i].min(rows.words_width), m).min(rows.max_box);
        let rect = whole((w - bw) * 0.5, y - m.item - m.lift, bw, m.row);
        if content.two_way.get(i) == Some(&true) {
            for (up, x) in [
                (false, rect.min.x - STEPPER_GAP - m.row),
                (true, rect.max.x + STEPPER_GAP),
            ] {
                steppers.push((i, up, whole(x, rect.min.y, m.row, m.row)));
            }
        }
        items[i] = Some(PanelItem {
            rect,
            baseline: y,
            centre: w * 0.5,
        });
    }
    (items, steppers)
}

/// Arrows beside the first and last items shown when a long list (the levels,
/// the Juice page) has more items above or below: a player sees at once that
/// the list scrolls, and a tap on one moves through the list as Up or Down
/// would. Each tap box is a fingertip square right of the items' boxes and
/// inside the window (at 390 px it was a third off-screen, issue 47); the
/// arrow is drawn in its middle.
fn scroll_marks(
    window: Vec2,
    (items, steppers): (&[Option<PanelItem>], &[Stepper]),
    panel: Rect,
    m: &PanelMetrics,
) -> [Option<(Rect, Vec2)>; 2] {
    let shown: Vec<(usize, Rect)> = (items.iter().enumerate())
        .filter_map(|(i, it)| Some((i, it.as_ref()?.rect)))
        .collect();
    let (Some(&(first, top)), Some(&(last, bottom))) = (shown.first(), shown.last()) else {
        return [None, None];
    };
    let side = TOUCH_TARGET_PX;
    // Right of every shown item's box where the panel has room, else at the
    // window's edge: the marks never cover an item a finger means.
    let right_of_items = (shown.iter().map(|(_, r)| r.max.x))
        .chain(steppers.iter().map(|(_, _, r)| r.max.x))
        .fold(0.0, f32::max)
        + MARK_GAP;
    let x = right_of_items
        .max(panel.max.x - m.item * 0.55 - side * 0.5)
        .min(window.x - side)
        .max(0.0)
        .round();
    let at = |row: Rect| {
        let y = (row.min.y + row.max.y - side) * 0.5;
        let r = whole(x, y, side, side);
        (r, (r.min + r.max) * 0.5)
    };
    [
        (first > 0).then(|| at(top)),
        (last + 1 < items.len()).then(|| at(bottom)),
    ]
}

/// How many blank lines of the panel's small text make room above the name
/// entry's Save item for letters `size` pixels tall, their arrows and a gap on
/// each side ([`name_letters_height`]). From the last line's baseline to
/// Save's box the panel leaves a line per blank, then 0.4 of an item's size
/// and 0.6 of a small line; the letters start a quarter line and 4 px below the
/// last line's baseline, clear of its descenders.
pub fn name_blank_lines(m: &PanelMetrics, size: f32) -> usize {
    let need =
        name_letters_height(size) + m.small * 0.25 + 4.0 - m.item * 0.4 - m.small * 0.6 + m.lift;
    (need / (m.small * 1.2)).ceil().max(0.0) as usize
}

#[cfg(test)]
mod tests {
    use super::column_cap;

    #[test]
    fn columns_that_fit_keep_their_widths_and_wide_ones_share_the_rest() {
        assert_eq!(column_cap(vec![100.0, 200.0], 300.0), None);
        // The narrow ones keep theirs; the widest gets what is left.
        assert_eq!(column_cap(vec![170.0, 440.0, 190.0], 787.0), Some(427.0));
        // Two too wide share evenly what the narrow one leaves.
        assert_eq!(column_cap(vec![100.0, 400.0, 400.0], 700.0), Some(300.0));
    }
}
