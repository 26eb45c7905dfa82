use super::*;
use crate::app::lab::Scene;

/// The window sizes issue 13 names, phone to desktop.
const WINDOWS: [(f32, f32); 6] = [
    (360.0, 640.0),
    (390.0, 844.0),
    (720.0, 900.0),
    (1280.0, 720.0),
    (1920.0, 1080.0),
    (3840.0, 2160.0),
];

/// A monospace stand-in for the font: each letter 0.6 of the size wide.
fn mono(size: f32) -> impl Fn(&str) -> f32 {
    move |s: &str| s.chars().count() as f32 * size * 0.6
}

#[test]
fn figure_and_panel_share_the_window_and_text_is_readable() {
    for (w, h) in WINDOWS {
        let l = LabLayout::for_window(vec2(w, h));
        let window = rect(0.0, 0.0, w, h);
        for r in [l.figure, l.panel] {
            assert!(
                window.contains(r.min) && window.contains(r.max),
                "{w}x{h}: {r:?}"
            );
            assert!(r.size().x > 100.0 && r.size().y > 100.0, "{w}x{h}: {r:?}");
        }
        let apart = l.figure.max.y <= l.panel.min.y || l.figure.max.x <= l.panel.min.x;
        assert!(apart, "{w}x{h}: the figure and panel overlap: {l:?}");
        for size in [l.small, l.readout, l.title] {
            assert!(size >= MIN_TEXT_PX, "{w}x{h}: {l:?}");
        }
        assert!(
            l.button_h > l.small * 1.5,
            "{w}x{h}: a button holds its label"
        );
    }
}

#[test]
fn wrapped_lines_fit_and_keep_every_word() {
    let measure = mono(12.0);
    for scene in Scene::ALL {
        for width in [100.0, 336.0, 700.0] {
            let lines = wrap(scene.method(), width, &measure);
            for line in &lines {
                assert!(measure(line) <= width, "{width}: {line:?}");
            }
            let joined: String = lines.concat();
            let words: String = scene.method().split_whitespace().collect();
            assert_eq!(joined.replace(' ', ""), words, "{}", scene.name());
        }
    }
}

#[test]
fn a_word_wider_than_the_line_is_cut() {
    let lines = wrap("aaaaaaaaaa bb", 30.0, |s: &str| s.len() as f32 * 10.0);
    assert_eq!(lines, ["aaa", "aaa", "aaa", "a", "bb"]);
}

#[test]
fn pages_show_every_line_once() {
    for (lines, first, rest) in [
        (0, 3, 5),
        (1, 3, 5),
        (7, 3, 5),
        (9, 3, 3),
        (5, 10, 10),
        (4, 0, 0),
    ] {
        let pages = text_pages(lines, first, rest);
        assert!(!pages.is_empty());
        assert!(pages[0].len() <= first.max(1));
        assert!(pages[1..]
            .iter()
            .all(|p| p.len() <= rest.max(1) && !p.is_empty()));
        let shown: Vec<usize> = pages.into_iter().flatten().collect();
        assert_eq!(
            shown,
            (0..lines).collect::<Vec<_>>(),
            "{lines} at {first}, {rest}"
        );
    }
}

#[test]
fn a_phone_shows_some_explanation_and_pages_the_rest() {
    for (w, h) in WINDOWS {
        let l = LabLayout::for_window(vec2(w, h));
        // Three rows of buttons and six readouts above the explanation.
        let top = l.panel.min.y + 3.0 * (l.button_h + 6.0) + 6.0 * l.readout * 1.2;
        let per_page = l.lines_below(top, true);
        assert!(per_page >= 3, "{w}x{h}: only {per_page} lines a page");
        let bottom = top + per_page as f32 * l.small * LINE_SPACING + l.button_h;
        assert!(
            bottom <= l.panel.max.y,
            "{w}x{h}: {bottom} below {:?}",
            l.panel
        );
    }
}
