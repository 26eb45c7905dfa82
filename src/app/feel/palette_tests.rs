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
        for h in 1..=9 {
            // The digit's one ink, on the brick and on its shaded lower part.
            let ink = digit_ink(Some(h), hc);
            let name = if ink == INK_DARK { "black" } else { "white" };
            for (part, bg) in [
                ("", brick_rgba(Some(h), hc)),
                (", shaded part", brick_shaded_rgba(Some(h), hc)),
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
        let bricks: Vec<Rgba> = (1..=9).map(|h| brick_rgba(Some(h), hc)).collect();
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
