//! Every text the shell draws goes through [`draw_label`], which also notes where
//! it went: the screenshot's sidecar lists them (`texts`), so tests can check that
//! nothing is clipped, overlaps or is too small. Draw text nowhere else.

use std::cell::RefCell;

use arkanong_core::app::text_ladder::text_px;
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
const WARM_SIZES: std::ops::RangeInclusive<u16> = 12..=36;

/// The text face: Noto Sans Mono, cut to Latin (`tools/subset_fonts.sh`), SIL
/// OFL 1.1 (assets/fonts/). Compiled in, so the browser build has it too.
const TEXT_FACE: &[u8] = include_bytes!("../../assets/fonts/NotoSansMono-Latin.ttf");

/// The text face's name, as the screenshot's sidecar gives it (`text_face`):
/// the tests' allowances for its line box follow it.
pub(crate) const TEXT_FACE_NAME: &str = "Noto Sans Mono";

/// The display face: Arkanong Display, Orbitron Bold cut to Latin and renamed
/// (`tools/subset_fonts.sh`: the licence reserves the name), SIL OFL 1.1
/// (assets/fonts/), for titles, scores and callouts.
const DISPLAY_FACE: &[u8] = include_bytes!("../../assets/fonts/ArkanongDisplay-Bold.ttf");

// The display face once loaded, a cache of a font and its glyph texture
// (macroquad's fonts live on the one drawing thread); the text face is
// macroquad's default font, so every draw and measure that names no font uses
// it: no setting or game state.
thread_local! {
    /// The display face, once [`warm_glyph_cache`] has loaded it. Leaked, never
    /// dropped: dropping it as the thread ends freed its atlas's texture after
    /// the window's GL context was gone (a crash on quitting).
    static DISPLAY: std::cell::Cell<Option<&'static Font>> = const { std::cell::Cell::new(None) };
}

/// Loads the two faces (the text face becomes macroquad's default, replacing its
/// pixel font everywhere) and rasterises their printable ASCII glyphs at every
/// common size, once, before anything is drawn. Why up front: macroquad caches
/// glyphs in an atlas that doubles when full, and it deletes the old texture as
/// it grows; draw calls queued earlier in the same frame still name the old one,
/// which WebGL reports as "glBindTexture called with an already deleted
/// texture". Grown up front, each face's atlas has room for the sizes the layout
/// uses, so it does not grow mid-frame. A face that does not load (it cannot:
/// the bytes are the game's own) leaves the default font in place.
pub(crate) fn warm_glyph_cache() {
    let printable: Vec<char> = (' '..='~').collect();
    if let Ok(font) = load_ttf_font_from_bytes(TEXT_FACE) {
        set_default_font(font);
    }
    let font = get_default_font();
    for size in WARM_SIZES {
        font.populate_font_cache(&printable, size);
    }
    if let Ok(display) = load_ttf_font_from_bytes(DISPLAY_FACE) {
        // Letters only, at the titles' sizes: the display face's wide glyphs at
        // every size would outgrow the atlas (macroquad's repacking doubled it
        // past what a texture may be, a panic); other glyphs and sizes cache
        // when first drawn.
        let letters: Vec<char> = ('A'..='Z').chain('a'..='z').chain([' ']).collect();
        let mut sizes: Vec<u16> = DISPLAY_SIZES.map(|s| text_px(s as f32)).collect();
        sizes.dedup();
        for size in sizes {
            display.populate_font_cache(&letters, size);
        }
        DISPLAY.set(Some(Box::leak(Box::new(display))));
    }
}

/// Display sizes cached up front, pixels: the menu titles' (2.4 times the body
/// text, 15 to 26 px) and the logo's.
const DISPLAY_SIZES: std::ops::RangeInclusive<u16> = 34..=52;

/// Width, height and the baseline's distance below the top, of `text` in the
/// display face at `size` pixels (the text face's until it is loaded).
pub(crate) fn measure_display(text: &str, size: f32) -> TextDimensions {
    measure_text(text, DISPLAY.get(), text_px(size), 1.0)
}

/// Draws `text` in the display face with its baseline's left end at (`x`, `y`),
/// not noted for the sidecar (a part of a text noted whole: the logo's word).
pub(crate) fn draw_display(text: &str, x: f32, y: f32, size: f32, color: Color) {
    let params = TextParams {
        font: DISPLAY.get(),
        font_size: text_px(size),
        color,
        ..TextParams::default()
    };
    draw_text_ex(text, x, y, params);
}

/// Draws `text` in the display face centred on `x`, baseline at `y`, and notes
/// its box for the screenshot sidecar (as [`draw_label`]). Returns the box.
pub(crate) fn draw_display_centered(text: &str, x: f32, y: f32, size: f32, color: Color) -> Rect {
    let size = rung(size);
    let dims = measure_display(text, size);
    let left = x - dims.width * 0.5;
    draw_display(text, left, y, size, color);
    let rect = display_box(text, left, y, size);
    note(text, rect, size);
    rect
}

/// The line box of `text` in the display face at `size`, its baseline's left
/// end at (`x`, `y`), as the sidecar notes boxes.
pub(crate) fn display_box(text: &str, x: f32, y: f32, size: f32) -> Rect {
    let dims = measure_display(text, size);
    let line = measure_display(LINE_PROBE, size);
    Rect::new(x, y - line.offset_y, dims.width, line.height)
}

/// The largest whole size from `size` down to [`MIN_TEXT_PX`] at which `text`
/// in the display face fits `width` pixels.
pub(crate) fn fit_display(text: &str, width: f32, size: f32) -> f32 {
    let mut s = size.round().max(MIN_TEXT_PX);
    while s > MIN_TEXT_PX && measure_display(text, s).width > width {
        s -= 1.0;
    }
    s
}

/// Notes a drawn text's box for the sidecar (blank texts are not noted).
pub(crate) fn note(text: &str, rect: Rect, size: f32) {
    if !text.trim().is_empty() {
        DRAWN.with(|d| {
            d.borrow_mut().push(DrawnText {
                text: text.to_owned(),
                rect,
                size,
            })
        });
    }
}

/// The size text asked at `size` pixels is drawn at: the nearest rung of the
/// ladder (`app::text_ladder`), so the glyph cache holds a bounded set of sizes
/// however animations and windows move the sizes asked for. Every draw and
/// measure goes through it, so a text is measured at the size it is drawn.
fn rung(size: f32) -> f32 {
    f32::from(text_px(size))
}

/// Width, height and the baseline's distance below the top, of `text` at `size`
/// pixels (on the ladder: see [`rung`]).
pub(crate) fn measure(text: &str, size: f32) -> TextDimensions {
    measure_text(text, None, text_px(size), 1.0)
}

/// Draws `text` with its baseline's left end at (`x`, `y`), `size` pixels tall,
/// and notes its box for the screenshot sidecar. Returns the box.
pub(crate) fn draw_label(text: &str, x: f32, y: f32, size: f32, color: Color) -> Rect {
    let size = rung(size);
    let dims = measure(text, size);
    draw_text(text, x, y, size, color);
    // The box is the line's, the same height for every text of a size (tall
    // capitals and descenders included), so tests can compare sizes.
    let line = measure(LINE_PROBE, size);
    let rect = Rect::new(x, y - line.offset_y, dims.width, line.height);
    note(text, rect, size);
    rect
}

/// Draws `text` centred on `x`, baseline at `y` (see [`draw_label`]).
pub(crate) fn draw_label_centered(text: &str, x: f32, y: f32, size: f32, color: Color) -> Rect {
    let w = measure(text, rung(size)).width;
    draw_label(text, x - w * 0.5, y, size, color)
}

/// Draws `text` centred in the box `r` both ways (see [`draw_label`]).
pub(crate) fn draw_label_in(text: &str, r: Rect, size: f32, color: Color) -> Rect {
    let size = rung(size);
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
    let size = rung(size);
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

/// The largest whole font size whose line box fits a brick `height` pixels
/// tall, so the texts of stacked bricks never overlap; never under the readable
/// minimum (a phone's bricks are about 10 px tall). The line box's share of the
/// size is the face's own (measured at 100 px).
pub(crate) fn brick_font(height: f32) -> f32 {
    let share = (measure(LINE_PROBE, 40.0).height / 40.0).max(0.5);
    (height / share)
        .floor()
        .max(arkanong_core::app::layout::MIN_TEXT_PX)
}
