//! Tests of the window layout at sizes from a small phone to a 4K monitor.

use super::*;

/// Phones, tablets, laptops and monitors, both ways round.
const SIZES: [(f32, f32); 14] = [
    (360.0, 640.0),
    (390.0, 844.0),
    (640.0, 360.0),
    (720.0, 900.0),
    (768.0, 1024.0),
    (1024.0, 768.0),
    (800.0, 800.0),
    (1280.0, 720.0),
    (1366.0, 768.0),
    (1080.0, 1920.0),
    (1920.0, 1080.0),
    (2560.0, 1440.0),
    (3440.0, 1440.0),
    (3840.0, 2160.0),
];

fn layouts() -> impl Iterator<Item = (Vec2, bool, Layout)> {
    SIZES.iter().flat_map(|&(w, h)| {
        [false, true].map(|touch| (Vec2::new(w, h), touch, layout(Vec2::new(w, h), touch)))
    })
}

fn slots(l: &Layout) -> Vec<TextSlot> {
    // The banner takes the level's row in portrait (the two are never shown
    // together there).
    let mut v = match l.orientation {
        Orientation::Landscape => vec![l.level_name, l.info, l.banner],
        Orientation::Portrait => vec![l.banner],
    };
    for p in &l.players {
        v.extend(p.all());
    }
    v.extend(l.touch_hint);
    v
}

#[test]
fn layout_level_row_and_banner_lie_inside_and_off_the_field() {
    for (window, _, l) in layouts() {
        for s in [l.level_name, l.info, l.banner] {
            assert!(inside(&s.rect, window), "{window}: {s:?}");
            assert!(shared_area(&s.rect, &l.field) < 0.5, "{window}: {s:?}");
        }
        assert!(shared_area(&l.level_name.rect, &l.info.rect) < 0.5);
    }
}

/// The area two rectangles share (touching edges share none).
fn shared_area(a: &Rect, b: &Rect) -> f32 {
    let d = a.max.min(b.max) - a.min.max(b.min);
    d.x.max(0.0) * d.y.max(0.0)
}

fn inside(inner: &Rect, outer: Vec2) -> bool {
    inner.min.x >= -1e-3
        && inner.min.y >= -1e-3
        && inner.max.x <= outer.x + 1e-3
        && inner.max.y <= outer.y + 1e-3
}

#[test]
fn layout_text_slots_lie_inside_the_window_at_every_size() {
    for (window, touch, l) in layouts() {
        for s in slots(&l) {
            assert!(inside(&s.rect, window), "{window} touch {touch}: {s:?}");
            assert!(
                s.rect.size().x >= s.size * 2.0,
                "{window}: slot too narrow {s:?}"
            );
            assert!(s.rect.size().y >= s.size, "{window}: slot too short {s:?}");
        }
    }
}

#[test]
fn layout_text_slots_overlap_neither_each_other_nor_the_arena() {
    for (window, touch, l) in layouts() {
        let all = slots(&l);
        for (i, a) in all.iter().enumerate() {
            assert!(
                shared_area(&a.rect, &l.field) < 0.5,
                "{window} {touch}: {a:?} on the field"
            );
            assert!(
                shared_area(&a.rect, &l.pause_button) < 0.5,
                "{window} {touch}: {a:?} under the pause button {:?}",
                l.pause_button
            );
            for b in &all[i + 1..] {
                // Neighbours may share an edge, give or take rounding.
                assert!(
                    shared_area(&a.rect, &b.rect) < 0.5,
                    "{window}: {a:?} and {b:?}"
                );
            }
        }
    }
}

#[test]
fn layout_pause_button_is_a_fingertip_inside_the_window_off_the_field() {
    for (window, touch, l) in layouts() {
        let b = l.pause_button;
        let inside = b.min.x >= 0.0 && b.min.y >= 0.0 && b.max.x <= window.x && b.max.y <= window.y;
        assert!(inside, "{window} {touch}: {b:?} outside");
        assert!(
            b.max.x - b.min.x >= 24.0,
            "{window} {touch}: {b:?} too small for a finger"
        );
        assert!(
            shared_area(&b, &l.field) < 0.5,
            "{window} {touch}: {b:?} on the field"
        );
    }
}

#[test]
fn layout_text_sizes_stay_readable_and_never_huge() {
    for (window, _, l) in layouts() {
        for s in slots(&l) {
            assert!(s.size >= MIN_TEXT_PX, "{window}: {s:?}");
        }
        let t = l.text;
        assert!(
            t.body >= MIN_TEXT_PX && t.body <= MAX_TEXT_PX,
            "{window}: {t:?}"
        );
        assert!(
            t.item >= t.body && t.large <= MAX_TEXT_PX * 1.5,
            "{window}: {t:?}"
        );
        assert!(t.title <= MAX_TEXT_PX * 2.5, "{window}: {t:?}");
    }
}

#[test]
fn layout_keeps_the_walls_in_view_and_the_arena_large() {
    for (window, touch, l) in layouts() {
        assert!(
            inside(&l.field, window),
            "{window} {touch}: field {:?}",
            l.field
        );
        // The walls sit in the frame, 6 units outside the arena.
        let arena_min = l.origin;
        assert!(arena_min.x - 6.0 * l.scale >= l.field.min.x - 1e-3);
        assert!(arena_min.y - 6.0 * l.scale >= l.field.min.y - 1e-3);
        let size = l.field.size();
        assert!(
            size.x >= window.x * 0.6 || size.y >= window.y * 0.6,
            "{window} {touch}: the arena is small: {size}"
        );
    }
}

#[test]
fn layout_landscape_uses_full_height_and_side_panels() {
    let l = layout(Vec2::new(1280.0, 720.0), false);
    assert_eq!(l.orientation, Orientation::Landscape);
    assert!((l.field.size().y - 720.0).abs() < 0.01);
    // The bottom player's panel is right of the field, the top's left of it.
    assert!(l.players[0].score.rect.min.x >= l.field.max.x);
    assert!(l.players[1].score.rect.max.x <= l.field.min.x);
    assert_eq!(
        layout(Vec2::new(390.0, 844.0), false).orientation,
        Orientation::Portrait
    );
    assert_eq!(
        layout(Vec2::new(720.0, 900.0), false).orientation,
        Orientation::Portrait
    );
}

#[test]
fn layout_portrait_keeps_a_touch_strip_below_the_hud() {
    let l = layout(Vec2::new(390.0, 844.0), true);
    let strip = l.touch_strip.expect("a touch strip on a touch phone");
    assert!(strip.min.y >= l.players[0].name.rect.max.y - 1e-3);
    assert!(strip.size().y >= l.text.body * 5.0);
    assert!(layout(Vec2::new(390.0, 844.0), false).touch_strip.is_none());
}

#[test]
fn layout_phone_arena_stays_put_when_the_first_touch_brings_the_strip() {
    for size in [Vec2::new(390.0, 844.0), Vec2::new(360.0, 640.0)] {
        let (before, after) = (layout(size, false), layout(size, true));
        assert_eq!(
            before.field, after.field,
            "{size}: the arena moved on the first touch"
        );
        assert_eq!(before.pause_button, after.pause_button, "{size}");
    }
}

#[test]
fn wrap_text_breaks_at_spaces_within_the_width() {
    let width_of = |s: &str| s.len() as f32 * 10.0;
    let lines = wrap_text("Move: arrow keys or WASD, or the mouse", 120.0, width_of);
    assert_eq!(lines, ["Move: arrow", "keys or", "WASD, or the", "mouse"]);
    for l in &lines {
        assert!(width_of(l) <= 120.0);
    }
    assert_eq!(wrap_text("", 50.0, width_of), [""]);
    assert_eq!(wrap_text("unbreakable", 20.0, width_of), ["unbreakable"]);
    assert_eq!(
        wrap_text(" 1. EVE    42  solo", 500.0, width_of),
        [" 1. EVE    42  solo"],
        "a line that fits keeps its runs of spaces (the high-score columns)"
    );
}

#[test]
fn layout_touch_hint_sits_in_the_touch_strip_below_the_hud() {
    for (window, touch, l) in layouts() {
        let (Some(strip), Some(hint)) = (l.touch_strip, l.touch_hint) else {
            assert!(l.touch_hint.is_none(), "{window}: a hint without a strip");
            continue;
        };
        assert!(touch, "{window}: a touch strip without touch");
        let r = hint.rect;
        assert!(
            r.min.y >= strip.min.y
                && r.max.y <= strip.max.y
                && r.min.x >= 0.0
                && r.max.x <= window.x,
            "{window}: the hint {r:?} is not inside the strip {strip:?}"
        );
        for p in &l.players {
            for s in p.all() {
                assert_eq!(
                    shared_area(&s.rect, &r),
                    0.0,
                    "{window}: the hint covers a HUD line"
                );
            }
        }
    }
}

#[test]
fn layout_portrait_phone_scores_read_at_a_glance_off_the_field() {
    for size in [Vec2::new(360.0, 640.0), Vec2::new(390.0, 844.0)] {
        for touch in [false, true] {
            let l = layout(size, touch);
            for p in &l.players {
                // macroquad's line box is three quarters of the size: 36 px
                // text has a 27-28 px line, twice the body text's.
                assert!(p.score.size >= 36.0, "{size} {touch}: score {:?}", p.score);
                assert!(p.lives.size >= l.text.large, "{size}: lives {:?}", p.lives);
                assert!(
                    p.score.rect.size().y >= p.score.size,
                    "{size}: {:?}",
                    p.score
                );
                assert_eq!(
                    shared_area(&p.score.rect, &l.field),
                    0.0,
                    "{size}: on the field"
                );
            }
        }
    }
    // A portrait monitor window keeps its arena: the score grows only into room
    // the arena does not need.
    let tall = layout(Vec2::new(720.0, 900.0), false);
    assert_eq!(tall.players[0].score.size, tall.text.large);
}

#[test]
fn touch_hint_never_leaves_a_word_alone_from_360_to_844_wide() {
    // A wider glyph than the game's font (0.44 of the size), to be safe.
    for w in 360..=844 {
        for h in [640.0, 844.0, 1.8 * w as f32] {
            let l = layout(Vec2::new(w as f32, h), true);
            let Some(hint) = l.touch_hint else { continue };
            let measure = |s: &str| s.chars().count() as f32 * hint.size * 0.5;
            let lines = touch_hint_lines(hint.rect.size().x, measure);
            assert!(lines.len() <= 2, "{w}x{h}: {lines:?}");
            assert!(
                hint.rect.size().y >= hint.size * 1.1 * lines.len() as f32,
                "{w}x{h}: {lines:?} in {hint:?}"
            );
            for line in &lines {
                assert!(line.split(' ').count() >= 2, "{w}x{h}: {lines:?}");
                assert!(measure(line) <= hint.rect.size().x, "{w}x{h}: {line}");
            }
        }
    }
    let narrow = touch_hint_lines(100.0, |s| s.len() as f32 * 6.0);
    assert_eq!(narrow, ["slide here to move", "tap to serve"]);
}

#[test]
fn wrap_balanced_keeps_the_line_count_and_leaves_no_word_alone() {
    let width_of = |s: &str| s.len() as f32 * 10.0;
    let text = "Your name: tap above or below a letter to change it";
    let greedy = wrap_text(text, 480.0, width_of);
    assert_eq!(greedy.last().map(String::as_str), Some("it"));
    let even = wrap_balanced(text, 480.0, width_of);
    assert_eq!(even.len(), greedy.len());
    assert!(
        even.iter()
            .all(|l| width_of(l) <= 480.0 && l.split(' ').count() >= 3),
        "{even:?}"
    );
    assert_eq!(wrap_balanced("short", 480.0, width_of), ["short"]);
}
