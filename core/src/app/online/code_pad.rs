//! Where the Join page's touch controls go, worked out without a window so tests
//! can check them on every window: the room code's letter boxes (tap the upper
//! half to turn a letter up, the lower half down, as on the name entry), a pad of
//! the code's 32 letters (a tap types one: four taps enter a code), and the Join,
//! Delete and Back buttons. Every target is at least [`MIN_TARGET_PX`] on a side where
//! the window has the room (a phone held either way has it).

use glam::Vec2;

use super::{CODE_ALPHABET, CODE_LEN};
use crate::app::layout::TextSizes;
use crate::geom::Rect;

/// The smallest touch target, in logical (CSS) pixels: Apple's and the W3C's
/// 44 px for a finger.
pub const MIN_TARGET_PX: f32 = 44.0;

/// The largest pad key: bigger only spreads the letters.
const MAX_KEY_PX: f32 = 64.0;

/// Space between keys and between the buttons, pixels: 3, so 8 keys of 44 px fit
/// across a 390 px phone.
const GAP_PX: f32 = 3.0;

/// The Join page's places, in window pixels (see the module doc).
#[derive(Debug, Clone, PartialEq)]
pub struct CodePad {
    /// The title's baseline.
    pub title_y: f32,
    /// The hint line's baseline.
    pub hint_y: f32,
    /// The code's letter boxes, left to right; a box's upper half turns its
    /// letter up, the lower half down.
    pub boxes: [Rect; CODE_LEN],
    /// The letters' size in the boxes, pixels.
    pub letter_px: f32,
    /// The pad's keys: each letter of [`CODE_ALPHABET`] and its key.
    pub keys: Vec<(char, Rect)>,
    /// The Join button.
    pub join: Rect,
    /// The Delete button: the letter under the cursor goes (a finger's Backspace).
    pub delete: Rect,
    /// The Back button.
    pub back: Rect,
}

/// Lays out the Join page in a `window` with text of `text` sizes: a row of 16
/// keys in a wide window, 8 in a tall one, fewer when 8 keys of 44 px do not fit
/// across; keys shrink below 44 px only when the window is too small for them.
pub fn code_pad(window: Vec2, text: TextSizes) -> CodePad {
    let margin = (window.min_element() * 0.03).max(8.0);
    let across = window.x - (window.min_element() * 0.015).max(6.0) * 2.0;
    let most = if window.x > window.y * 1.2 { 16 } else { 8 };
    let fit = ((across + GAP_PX) / (MIN_TARGET_PX + GAP_PX)).floor() as usize;
    let cols = fit.clamp(4, most);
    let rows = CODE_ALPHABET.len().div_ceil(cols);
    let title_y = margin + text.title;
    let hint_y = title_y + text.body * 1.8;
    let buttons_h = MIN_TARGET_PX.max(text.item * 2.0);
    let mut key = ((across - GAP_PX * (cols as f32 - 1.0)) / cols as f32).min(MAX_KEY_PX);
    // The boxes are a key and a half tall; below the hint line come the boxes, the
    // pad and the buttons, with a gap of a third of a key between them.
    let below =
        |key: f32| key * 1.6 + rows as f32 * (key + GAP_PX) + buttons_h + key * 0.34 * 3.0 + margin;
    let room = window.y - hint_y - text.body * 0.6;
    if below(key) > room {
        key = (key * room / below(key)).max(24.0);
    }
    // What room is left goes above and below the controls alike: in the middle
    // of a tall phone, nearer the thumbs.
    let spare = ((room - below(key)) * 0.5).max(0.0);
    let gap = key * 0.34;
    let pad_w = cols as f32 * key + (cols as f32 - 1.0) * GAP_PX;
    // The code's seven boxes keep within the pad's width, but never under a
    // fingertip's target; on the narrowest phones (320 px) their gaps shrink so
    // that seven such boxes still fit the window.
    let slots = CODE_LEN as f32;
    let box_gap = GAP_PX.min(((window.x - MIN_TARGET_PX * slots) / (slots + 1.0)).max(0.0));
    let gaps = box_gap * (slots - 1.0);
    let box_w = (key * 1.25).min((pad_w - gaps) / slots).max(MIN_TARGET_PX);
    let box_h = key * 1.6;
    let boxes_left = (window.x - box_w * slots - gaps) * 0.5;
    let boxes_top = hint_y + text.body * 0.6 + gap + spare;
    let boxes = std::array::from_fn(|k| {
        let x = boxes_left + (box_w + box_gap) * k as f32;
        rect(x, boxes_top, box_w, box_h)
    });
    let pad_left = (window.x - pad_w) * 0.5;
    let pad_top = boxes_top + box_h + gap;
    let keys = CODE_ALPHABET
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let (col, row) = ((k % cols) as f32, (k / cols) as f32);
            let at = Vec2::new(
                pad_left + col * (key + GAP_PX),
                pad_top + row * (key + GAP_PX),
            );
            (char::from(c), rect(at.x, at.y, key, key))
        })
        .collect();
    let buttons_top = pad_top + rows as f32 * (key + GAP_PX) + gap;
    // Three buttons across the pad: Join, Delete, Back.
    let button_w = ((pad_w - GAP_PX * 8.0) / 3.0).min(text.item * 6.0);
    let centre = window.x * 0.5;
    CodePad {
        title_y,
        hint_y,
        boxes,
        letter_px: (key * 0.9).max(text.item),
        keys,
        join: rect(
            centre - button_w * 1.5 - GAP_PX * 4.0,
            buttons_top,
            button_w,
            buttons_h,
        ),
        delete: rect(centre - button_w * 0.5, buttons_top, button_w, buttons_h),
        back: rect(
            centre + button_w * 0.5 + GAP_PX * 4.0,
            buttons_top,
            button_w,
            buttons_h,
        ),
    }
}

/// A box at `x`, `y` of `w` by `h`, its edges on whole pixels.
fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    crate::app::layout::snap(Rect::new(Vec2::new(x, y), Vec2::new(x + w, y + h)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::text_sizes;

    fn all(pad: &CodePad) -> Vec<Rect> {
        let mut r = vec![pad.join, pad.back, pad.delete];
        r.extend(pad.boxes);
        r.extend(pad.keys.iter().map(|(_, k)| *k));
        r
    }

    #[test]
    fn code_pad_targets_fit_the_window_apart_and_at_least_44_px() {
        for (w, h) in [
            (390.0, 844.0),
            (844.0, 390.0),
            (360.0, 640.0),
            (320.0, 568.0),
            (720.0, 900.0),
            (1280.0, 720.0),
            (3840.0, 2160.0),
        ] {
            let window = Vec2::new(w, h);
            let pad = code_pad(window, text_sizes(window));
            let rects = all(&pad);
            assert_eq!(pad.keys.len(), CODE_ALPHABET.len());
            for (k, r) in rects.iter().enumerate() {
                let size = r.size();
                assert!(
                    size.min_element() >= MIN_TARGET_PX,
                    "{w}x{h}: target {k} is {size}"
                );
                assert!(
                    r.min.cmpge(Vec2::ZERO).all() && r.max.cmple(window).all(),
                    "{w}x{h}: target {k} {r:?} leaves the window"
                );
                for (j, other) in rects.iter().enumerate().take(k) {
                    let inner = Rect::new(r.min + 0.5, r.max - 0.5);
                    assert!(
                        !inner.overlaps(other),
                        "{w}x{h}: targets {j} and {k} overlap"
                    );
                }
            }
            assert!(
                pad.hint_y < pad.boxes[0].min.y,
                "{w}x{h}: the hint runs into the boxes"
            );
        }
    }

    #[test]
    fn code_pad_keys_go_in_the_codes_order_in_rows() {
        let window = Vec2::new(390.0, 844.0);
        let pad = code_pad(window, text_sizes(window));
        let letters: String = pad.keys.iter().map(|(c, _)| *c).collect();
        assert_eq!(letters.as_bytes(), CODE_ALPHABET);
        let (a, h, j) = (pad.keys[0].1, pad.keys[7].1, pad.keys[8].1);
        assert_eq!(a.min.y, h.min.y, "8 keys a row on a phone held upright");
        assert!(j.min.y > a.max.y && j.min.x == a.min.x);
        let wide = Vec2::new(844.0, 390.0);
        let pad = code_pad(wide, text_sizes(wide));
        assert_eq!(
            pad.keys[15].1.min.y, pad.keys[0].1.min.y,
            "16 a row held sideways"
        );
    }
}
