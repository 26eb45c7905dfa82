//! The pixel sizes text is rasterised at: a finite ladder, so the glyph cache
//! holds a bounded set of sizes however the sizes asked for move.
//!
//! Why: the shell's text goes through macroquad, which rasterises each glyph once
//! per whole pixel size into an atlas that only grows. Texts whose size follows an
//! animation (the conversion call's punch, a score pop) or the window (every
//! resize, every phone) would each add a new size; on a large window, every pixel
//! from 40 up. On the ladder a size is one of at most [`LADDER_LEN`] rungs:
//! whole pixels up to [`WHOLE_PX_UP_TO`] (where a pixel is a visible step), then
//! eighth-octave steps rounded to whole pixels (about 9 % apart, so a size
//! lands within 5 % of what was asked) up to [`MAX_LADDER_PX`]. Bad sizes (NaN, infinite, negative) give the
//! smallest or the largest rung, never a glyph the size of a texture.

use crate::portable_math::{exp2, log2};

/// Sizes up to this, pixels, are kept to the whole pixel.
pub const WHOLE_PX_UP_TO: f32 = 40.0;
/// The largest size text is rasterised at, pixels (larger asks get this).
pub const MAX_LADDER_PX: f32 = 320.0;
/// Rungs per octave above [`WHOLE_PX_UP_TO`].
const STEPS_PER_OCTAVE: f32 = 8.0;
/// How many sizes the ladder has: 1 to 40 px, then 8 steps in each of the 3
/// octaves to 320 px.
pub const LADDER_LEN: usize = 40 + 24;

/// The rung nearest `size` pixels: the size to rasterise (and measure) text at.
pub fn text_px(size: f32) -> u16 {
    if size.is_nan() || size <= 1.0 {
        return 1;
    }
    let size = size.min(MAX_LADDER_PX);
    if size <= WHOLE_PX_UP_TO {
        return size.round().max(1.0) as u16;
    }
    // The two rungs around the size, each a whole pixel; the nearer by ratio.
    let below = (STEPS_PER_OCTAVE * log2(size / WHOLE_PX_UP_TO)).floor();
    let (low, high) = (rung(below), rung(below + 1.0));
    if size / low <= high / size {
        low as u16
    } else {
        high as u16
    }
}

/// The size of the ladder's `step`th rung above [`WHOLE_PX_UP_TO`], whole pixels.
fn rung(step: f32) -> f32 {
    (WHOLE_PX_UP_TO * exp2(step / STEPS_PER_OCTAVE))
        .round()
        .min(MAX_LADDER_PX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size from 0 to 2,000 px in tenths, and the bad ones.
    fn asked() -> impl Iterator<Item = f32> {
        (0..=20_000).map(|i| i as f32 * 0.1).chain([
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            -5.0,
            1e30,
        ])
    }

    #[test]
    fn the_ladder_is_finite() {
        let mut rungs: Vec<u16> = asked().map(text_px).collect();
        rungs.sort_unstable();
        rungs.dedup();
        assert_eq!(rungs.len(), LADDER_LEN, "{rungs:?}");
        assert_eq!(rungs.first(), Some(&1));
        assert_eq!(rungs.last(), Some(&(MAX_LADDER_PX as u16)));
    }

    #[test]
    fn the_ladder_never_goes_down() {
        let mut last = 0;
        for i in 0..=20_000 {
            let px = text_px(i as f32 * 0.1);
            assert!(
                px >= last,
                "{} px gave {px}, less than {last}",
                i as f32 * 0.1
            );
            last = px;
        }
    }

    #[test]
    fn a_size_lands_near_what_was_asked() {
        for i in 10..=(MAX_LADDER_PX as i32 * 10) {
            let size = i as f32 * 0.1;
            let px = text_px(size) as f32;
            if size <= WHOLE_PX_UP_TO {
                assert!((px - size).abs() <= 0.5, "{size} px drawn at {px}");
            } else {
                let off = (px / size - 1.0).abs();
                assert!(
                    off <= 0.05,
                    "{size} px drawn at {px}: {:.1} % off",
                    off * 100.0
                );
            }
        }
    }

    #[test]
    fn the_body_sizes_are_kept_whole() {
        for px in 1..=40u16 {
            assert_eq!(text_px(px as f32), px);
        }
    }

    #[test]
    fn bad_sizes_give_the_end_rungs() {
        assert_eq!(text_px(f32::NAN), 1);
        assert_eq!(text_px(-3.0), 1);
        assert_eq!(text_px(f32::INFINITY), MAX_LADDER_PX as u16);
        assert_eq!(text_px(1e9), MAX_LADDER_PX as u16);
    }
}
