//! Every text the shell draws goes through [`draw_label`], which also notes where
//! it went: the screenshot's sidecar lists them (`texts`), so tests can check that
//! nothing is clipped, overlaps or is too small. Draw text nowhere else.

use std::cell::RefCell;

use arkanong_core::app::{layout::TextSlot, layout::MIN_TEXT_PX};
use macroquad::prelude::*;

/// One text drawn this frame: the words and their box in logical pixels
/// (top-left corner, width, height).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DrawnText {
    /// The words.
    pub(crate) text: String,
    /// Where: x, y (top-left), width, height, in logical pixels.
    pub(crate) rect: Rect,
    /// The font size it was drawn at, logical pixels (the box is the line's,
    /// shorter than the size: a 12 px font's box is about 10 px tall).
    pub(crate) size: f32,
}

/// Letters whose box spans a line's full height, ascender to descender.
const LINE_PROBE: &str = "Ay|";

// The frame's drawn text boxes, collected for the screenshot's sidecar: no
// setting or game state.
thread_local! {
    /// The texts drawn since the frame began.
    static DRAWN: RefCell<Vec<DrawnText>> = const { RefCell::new(Vec::new()) };
}

/// Forgets last frame's texts (call once as a frame's drawing begins).
pub(crate) fn begin_frame() {
    DRAWN.with(|d| d.borrow_mut().clear());
}

/// The texts drawn so far this frame, in drawing order.
pub(crate) fn drawn_texts() -> Vec<DrawnText> {
    DRAWN.with(|d| d.borrow().clone())
}

/// Text sizes whose glyphs are cached before the first frame, pixels.
const WARM_SIZES: std::ops::RangeInclusive<u16> = 10..=48;

/// Rasterises the printable ASCII glyphs of the default font at every common size,
/// once, before anything is drawn. Why: macroquad caches glyphs in an atlas that
/// doubles when full, and it deletes the old texture as it grows; draw calls queued
/// earlier in the same frame still name the old one, which WebGL reports as
/// "glBindTexture called with an already deleted texture". Grown up front, the
/// atlas (about 1.8 megapixels of glyphs, in a 2048-square texture) has room for
/// the sizes the layout uses, so it does not grow mid-frame.
pub(crate) fn warm_glyph_cache() {
    let printable: Vec<char> = (' '..='~').collect();
    let font = get_default_font();
    for size in WARM_SIZES {
        font.populate_font_cache(&printable, size);
    }
}

/// Width, height and the baseline's distance below the top, of `text` at `size`
/// pixels.
pub(crate) fn measure(text: &str, size: f32) -> TextDimensions {
    measure_text(text, None, size.round().max(1.0) as u16, 1.0)
}

/// Draws `text` with its baseline's left end at (`x`, `y`), `size` pixels tall,
/// and notes its box for the screenshot sidecar. Returns the box.
pub(crate) fn draw_label(text: &str, x: f32, y: f32, size: f32, color: Color) -> Rect {
    let size = size.round().max(1.0);
    let dims = measure(text, size);
    draw_text(text, x, y, size, color);
    // The box is the line's, the same height for every text of a size (tall
    // capitals and descenders included), so tests can compare sizes.
    let line = measure(LINE_PROBE, size);
    let rect = Rect::new(x, y - line.offset_y, dims.width, line.height);
    if !text.trim().is_empty() {
        DRAWN.with(|d| {
            d.borrow_mut().push(DrawnText {
                text: text.to_owned(),
                rect,
                size,
            })
        });
    }
    rect
}

/// Draws `text` centred on `x`, baseline at `y` (see [`draw_label`]).
pub(crate) fn draw_label_centered(text: &str, x: f32, y: f32, size: f32, color: Color) -> Rect {
    let w = measure(text, size.round().max(1.0)).width;
    draw_label(text, x - w * 0.5, y, size, color)
}

/// Draws `text` centred in the box `r` both ways (see [`draw_label`]).
pub(crate) fn draw_label_in(text: &str, r: Rect, size: f32, color: Color) -> Rect {
    let size = size.round().max(1.0);
    let (dims, line) = (measure(text, size), measure(LINE_PROBE, size));
    let top = r.y + (r.h - line.height) * 0.5;
    draw_label(
        text,
        r.x + (r.w - dims.width) * 0.5,
        top + line.offset_y,
        size,
        color,
    )
}

/// Draws `text` centred in `r` (see [`draw_label_in`]) in `ink` with an
/// `outline` around every letter, so it reads on any background: the capsules'
/// letters, the bricks' digits, the catch call. The outline is the text drawn
/// eight times around its place, a pixel or more out (not noted for the sidecar:
/// it is one text). Under [`OUTLINE_FROM_PX`] there is none: a one-pixel outline
/// around strokes one pixel wide swamps the letter, and the ink alone reads
/// (4.5:1 or better on its background).
pub(crate) fn draw_outlined_in(text: &str, r: Rect, size: f32, ink: Color, outline: Color) -> Rect {
    let size = size.round().max(1.0);
    let (dims, line) = (measure(text, size), measure(LINE_PROBE, size));
    // On whole pixels: a glyph between pixels is sampled blurred, which pales a
    // small digit toward its background.
    let x = (r.x + (r.w - dims.width) * 0.5).round();
    let y = (r.y + (r.h - line.height) * 0.5 + line.offset_y).round();
    let d = (size / 14.0).max(1.0).round();
    let offsets = if size < OUTLINE_FROM_PX {
        &[][..]
    } else {
        &OUTLINE[..]
    };
    for &(dx, dy) in offsets {
        draw_text(text, x + dx * d, y + dy * d, size, outline);
    }
    draw_label(text, x, y, size, ink)
}

/// Text smaller than this, pixels, is drawn without an outline (see [`draw_outlined_in`]).
pub(crate) const OUTLINE_FROM_PX: f32 = 20.0;

/// The eight directions of an outline, one step each.
const OUTLINE: [(f32, f32); 8] = [
    (-1.0, -1.0),
    (0.0, -1.0),
    (1.0, -1.0),
    (-1.0, 0.0),
    (1.0, 0.0),
    (-1.0, 1.0),
    (0.0, 1.0),
    (1.0, 1.0),
];

/// `text` at the largest size from `size` down to [`MIN_TEXT_PX`] that fits
/// `width` pixels; cut short with ".." if even the smallest does not. Returns the
/// text and its size.
pub(crate) fn fit(text: &str, width: f32, size: f32) -> (String, f32) {
    let mut s = size.round().max(MIN_TEXT_PX);
    while s > MIN_TEXT_PX && measure(text, s).width > width {
        s -= 1.0;
    }
    if measure(text, s).width <= width {
        return (text.to_owned(), s);
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut = format!("{}..", chars.iter().collect::<String>().trim_end());
        if measure(&cut, s).width <= width {
            return (cut, s);
        }
    }
    (String::new(), s)
}

/// Draws `text` in a layout slot: fitted to its width, centred in its height,
/// against its left or right edge.
pub(crate) fn draw_in_slot(text: &str, slot: &TextSlot, color: Color) {
    let r = slot.rect;
    let (text, size) = fit(text, r.size().x, slot.size);
    if text.is_empty() {
        return;
    }
    let (dims, line) = (measure(&text, size), measure(LINE_PROBE, size));
    let x = if slot.right {
        r.max.x - dims.width
    } else {
        r.min.x
    };
    let top = r.min.y + (r.size().y - line.height) * 0.5;
    draw_label(&text, x, top + line.offset_y, size, color);
}

/// The largest whole font size whose line box (5/6 of the size) fits a brick
/// `height` pixels tall, so the texts of stacked bricks never overlap; never
/// under the readable minimum (a phone's bricks are about 10 px tall).
pub(crate) fn brick_font(height: f32) -> f32 {
    (height * 1.2)
        .floor()
        .max(arkanong_core::app::layout::MIN_TEXT_PX)
}
