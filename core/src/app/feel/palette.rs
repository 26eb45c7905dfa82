//! The colours the game draws with, as plain RGBA values (0 to 1), so a test can
//! read them without a window: the owners, the floor, bricks by hit points and
//! capsules by power-up, in both palettes (Settings > High contrast), and the ink
//! every letter and digit is written in on them. `shell/palette.rs` turns them into
//! macroquad colours; nothing else holds a colour value the tests check.
//!
//! Readability is measured as WCAG 2's contrast ratio
//! (<https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio>): a letter or digit is
//! written in black or white, whichever stands out more on its background, and
//! outlined in the other; the tests in `palette_tests.rs` ask for 4.5:1 or more.

use crate::level::{BrickKind, PowerUp, Side};

/// A colour as red, green, blue and alpha, each 0 to 1 (sRGB, not linear).
pub type Rgba = [f32; 4];

/// Black ink.
pub const INK_DARK: Rgba = [0.0, 0.0, 0.0, 1.0];
/// White ink.
pub const INK_LIGHT: Rgba = [1.0, 1.0, 1.0, 1.0];
/// The arena floor.
pub const ARENA_FLOOR: Rgba = [0.06, 0.07, 0.13, 1.0];
/// Walls and unbreakable bricks.
pub const STEEL_GREY: Rgba = [0.55, 0.58, 0.65, 1.0];
/// How dark the lower part of a brick is drawn (a black veil of this alpha), for depth.
pub const BRICK_SHADE: f32 = 0.25;

/// A player's colour: the default pair (cyan bottom, orange top), or in high
/// contrast Okabe-Ito's yellow and a deep blue, apart in lightness as well as hue
/// for colour-blind players.
pub fn side_rgba(side: Side, high_contrast: bool) -> Rgba {
    match (side, high_contrast) {
        (Side::Bottom, false) => [0.30, 0.80, 1.00, 1.0],
        (Side::Top, false) => [1.00, 0.45, 0.30, 1.0],
        (Side::Bottom, true) => [0.94, 0.89, 0.26, 1.0],
        (Side::Top, true) => [0.05, 0.50, 0.95, 1.0],
    }
}

/// Bricks by hit points, 1 to 9, in the default palette: a hue of its own for
/// each. None sits in the middle lightness where neither black nor white reads
/// on both the brick and its shaded lower part (the digit crosses both).
const BRICKS: [Rgba; 9] = [
    [0.35, 0.85, 0.45, 1.0], // 1 green
    [0.95, 0.85, 0.30, 1.0], // 2 yellow
    [0.98, 0.60, 0.20, 1.0], // 3 orange
    [0.80, 0.12, 0.12, 1.0], // 4 red
    [1.00, 0.58, 0.85, 1.0], // 5 pink
    [0.55, 0.28, 0.90, 1.0], // 6 violet
    [0.05, 0.42, 0.45, 1.0], // 7 dark teal
    [0.62, 0.10, 0.22, 1.0], // 8 crimson
    [0.38, 0.24, 0.16, 1.0], // 9 brown
];

/// Bricks by hit points in high contrast: none near the owners' yellow or blue
/// (Okabe-Ito's vermillion, reddish purple and bluish green among them), and, as
/// in the default palette, none of middle lightness.
const HIGH_CONTRAST_BRICKS: [Rgba; 9] = [
    [0.88, 0.88, 0.88, 1.0], // 1 light grey
    [0.98, 0.66, 0.78, 1.0], // 2 pink
    [0.75, 0.25, 0.05, 1.0], // 3 vermillion
    [0.62, 0.30, 0.50, 1.0], // 4 reddish purple
    [0.35, 0.82, 0.65, 1.0], // 5 bluish green
    [0.70, 0.22, 0.36, 1.0], // 6 deep rose
    [0.45, 0.30, 0.15, 1.0], // 7 brown
    [0.44, 0.18, 0.46, 1.0], // 8 plum
    [0.30, 0.08, 0.12, 1.0], // 9 maroon
];

/// A brick's colour by its kind and the hits it still takes (`kind.starting_hits()`
/// for one as the level file has it; `None` for one that never breaks). Hits
/// above 9 (not in level files) take 9's colour.
pub fn brick_rgba(kind: BrickKind, hits_left: Option<u8>, high_contrast: bool) -> Rgba {
    let h = match (kind, high_contrast) {
        (BrickKind::Steel, _) => return STEEL_GREY,
        // A charcoal bomb: darker than every hit colour, so its fuse mark glows.
        (BrickKind::Explosive, false) => return [0.22, 0.18, 0.20, 1.0],
        (BrickKind::Explosive, true) => return [0.10, 0.10, 0.10, 1.0],
        // Pale new growth, lighter than every hit colour.
        (BrickKind::Regrowing, false) => return [0.72, 1.00, 0.86, 1.0],
        (BrickKind::Regrowing, true) => return [0.82, 0.96, 0.50, 1.0],
        (BrickKind::Breakable { hits }, _) => hits_left.unwrap_or(hits),
    };
    let k = usize::from(h.clamp(1, 9)) - 1;
    if high_contrast {
        HIGH_CONTRAST_BRICKS[k]
    } else {
        BRICKS[k]
    }
}

/// A brick's colour where its lower part is shaded ([`BRICK_SHADE`]).
pub fn brick_shaded_rgba(kind: BrickKind, hits_left: Option<u8>, high_contrast: bool) -> Rgba {
    let c = brick_rgba(kind, hits_left, high_contrast);
    let k = 1.0 - BRICK_SHADE;
    [c[0] * k, c[1] * k, c[2] * k, 1.0]
}

/// A power-up's capsule colour (the same in both palettes: the letter names it).
pub fn capsule_rgba(p: PowerUp) -> Rgba {
    match p {
        PowerUp::Slow => [1.0, 0.6, 0.2, 1.0],
        PowerUp::Catch => [0.3, 0.9, 0.4, 1.0],
        PowerUp::Laser => [1.0, 0.3, 0.3, 1.0],
        PowerUp::Enlarge => [0.3, 0.5, 1.0, 1.0],
        PowerUp::Disruption => [0.3, 0.9, 0.9, 1.0],
        PowerUp::ExtraLife => [0.7, 0.7, 0.7, 1.0],
        PowerUp::Convert => [0.9, 0.4, 0.9, 1.0],
        PowerUp::Shield => [0.6, 1.0, 0.7, 1.0],
        PowerUp::Reduce => [0.60, 0.16, 0.22, 1.0],
    }
}

/// The ink for a letter or digit on `background`: black or white, whichever has
/// the higher contrast ratio. One of the two always reaches 4.58:1 (the worst
/// case is a background of relative luminance 0.179), so no opaque colour is
/// unreadable.
pub fn ink_on(background: Rgba) -> Rgba {
    if contrast_ratio(INK_DARK, background) >= contrast_ratio(INK_LIGHT, background) {
        INK_DARK
    } else {
        INK_LIGHT
    }
}

/// The ink of a brick's hit-point digit: the one of black and white that reads
/// best on both the brick's colour and its shaded lower part, which the digit
/// crosses.
pub fn digit_ink(kind: BrickKind, hits_left: Option<u8>, high_contrast: bool) -> Rgba {
    let parts = [
        brick_rgba(kind, hits_left, high_contrast),
        brick_shaded_rgba(kind, hits_left, high_contrast),
    ];
    let worst = |ink: Rgba| {
        parts
            .iter()
            .map(|&p| contrast_ratio(ink, p))
            .fold(f32::MAX, f32::min)
    };
    if worst(INK_DARK) >= worst(INK_LIGHT) {
        INK_DARK
    } else {
        INK_LIGHT
    }
}

/// The outline drawn around `ink`: the other of black and white.
pub fn outline_for(ink: Rgba) -> Rgba {
    if ink == INK_DARK {
        INK_LIGHT
    } else {
        INK_DARK
    }
}

/// WCAG 2's relative luminance of an opaque sRGB colour (alpha ignored).
pub fn relative_luminance(c: Rgba) -> f32 {
    let lin = |v: f32| {
        if v <= 0.039_28 {
            v / 12.92
        } else {
            // libm, as the core's other maths: the same value on every platform.
            libm::powf((v + 0.055) / 1.055, 2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG 2's contrast ratio of two opaque colours, 1 (none) to 21 (black on white).
pub fn contrast_ratio(a: Rgba, b: Rgba) -> f32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    //! Every letter and digit the playfield writes, against the colour it is written
    //! on, in both palettes: WCAG's 4.5:1 at least. The ratios are printed
    //! (`cargo test palette -- --nocapture`) for the record.

    use super::*;

    /// WCAG 2.1's minimum for normal text (success criterion 1.4.3).
    const AA: f32 = 4.5;

    fn check(what: &str, background: Rgba, worst: &mut f32) {
        let ink = ink_on(background);
        let r = contrast_ratio(ink, background);
        let name = if ink == INK_DARK { "black" } else { "white" };
        println!("{what}: {name} ink, {r:.2}:1");
        assert!(r >= AA, "{what}: {r:.2}:1 is under {AA}:1");
        // The outline is the other ink: it must differ from the letter.
        assert_ne!(outline_for(ink), ink);
        *worst = worst.min(r);
    }

    #[test]
    fn every_hit_point_digit_reads_on_its_brick_in_both_palettes() {
        for hc in [false, true] {
            let mut worst = f32::MAX;
            for kind in BrickKind::ALL {
                let Some(h) = kind.starting_hits() else {
                    continue;
                };
                // The digit's one ink, on the brick and on its shaded lower part.
                let ink = digit_ink(kind, Some(h), hc);
                let name = if ink == INK_DARK { "black" } else { "white" };
                for (part, bg) in [
                    ("", brick_rgba(kind, Some(h), hc)),
                    (", shaded part", brick_shaded_rgba(kind, Some(h), hc)),
                ] {
                    let r = contrast_ratio(ink, bg);
                    println!("hc={hc} brick {h}{part}: {name} ink, {r:.2}:1");
                    assert!(r >= AA, "hc={hc} brick {h}{part}: {r:.2}:1 is under {AA}:1");
                    worst = worst.min(r);
                }
            }
            println!("hc={hc}: worst digit contrast {worst:.2}:1");
        }
    }

    #[test]
    fn every_capsule_letter_reads_on_its_capsule() {
        let mut worst = f32::MAX;
        for p in PowerUp::ALL {
            check(
                &format!("capsule {}", p.letter()),
                capsule_rgba(p),
                &mut worst,
            );
        }
        println!("worst capsule letter contrast {worst:.2}:1");
    }

    #[test]
    fn the_catch_call_reads_on_the_floor() {
        let mut worst = f32::MAX;
        check("catch call on the floor", ARENA_FLOOR, &mut worst);
    }

    #[test]
    fn ink_picks_the_stronger_of_black_and_white() {
        assert_eq!(ink_on([1.0, 1.0, 0.0, 1.0]), INK_DARK);
        assert_eq!(ink_on([0.1, 0.1, 0.4, 1.0]), INK_LIGHT);
        assert!((contrast_ratio(INK_DARK, INK_LIGHT) - 21.0).abs() < 1e-3);
        assert!((contrast_ratio(INK_LIGHT, INK_LIGHT) - 1.0).abs() < 1e-6);
    }

    /// The distance between two colours in RGB, 0 to about 1.7.
    fn distance(a: Rgba, b: Rgba) -> f32 {
        let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
        (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
    }

    #[test]
    fn each_hit_point_count_has_a_colour_of_its_own_and_none_is_a_players() {
        for hc in [false, true] {
            let hits = |h| brick_rgba(BrickKind::Breakable { hits: h }, Some(h), hc);
            let bricks: Vec<Rgba> = (1..=9).map(hits).collect();
            for (i, a) in bricks.iter().enumerate() {
                for (j, b) in bricks.iter().enumerate().skip(i + 1) {
                    let d = distance(*a, *b);
                    assert!(
                        d >= 0.15,
                        "hc={hc}: {} and {} too alike ({d:.2})",
                        i + 1,
                        j + 1
                    );
                }
                for side in [Side::Bottom, Side::Top] {
                    let d = distance(*a, side_rgba(side, hc));
                    assert!(
                        d >= 0.15,
                        "hc={hc}: brick {} near the {side:?} player ({d:.2})",
                        i + 1
                    );
                }
                assert!(
                    distance(*a, STEEL_GREY) >= 0.15,
                    "hc={hc}: brick {} looks steel",
                    i + 1
                );
            }
        }
    }
}
