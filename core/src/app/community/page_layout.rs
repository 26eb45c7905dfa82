//! Where the Community screen's pieces go in a window: its title, the lines it
//! says, the shared level's Copy (and Share) buttons, the list's tabs side by
//! side, the rows a fingertip tall (scrolled so the highlighted one shows),
//! the highlighted or open level's picture at the right of a wide window, and
//! the room the search's letter pad is placed around. The rows scroll: from
//! where the list was, by whole rows (a swipe or the wheel moves the first row
//! shown, and the highlighted row may then be out of view; a key's move brings
//! it back into view). Everything on whole
//! pixels and inside the window, at any size (the tests below walk the phone,
//! landscape phone and desktop sizes); the shell draws where it says.

use glam::Vec2;

use crate::app::layout::{text_sizes, TextSizes, FINGER_PX};
use crate::geom::Rect;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// Pixels between a row and the next (and under the tabs and buttons).
const ROW_GAP: f32 = 8.0;
/// Pixels between two tabs, or two buttons, side by side.
const SIDE_GAP: f32 = 8.0;
/// The status lines a page keeps room for, said or not (a status wraps to two).
const STATUS_LINES: usize = 2;

/// What a page holds, as its layout needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PageContent {
    /// Lines said under the title (the status, diagnostics, the link).
    pub lines: usize,
    /// The shared level's buttons (Copy, and Share in the browser).
    pub buttons: usize,
    /// The list's tabs (drawn side by side).
    pub tabs: usize,
    /// The rows listed below (everything but the tabs).
    pub listed: usize,
    /// The highlighted one among `listed` (shown whatever the scroll).
    pub cursor: usize,
    /// Whether a level's picture is shown (beside the rows, in a wide window).
    pub picture: bool,
    /// The first of `listed` shown last frame (or asked for by a swipe): the
    /// rows start there, held so the last row ends the list.
    pub first: usize,
    /// The player swiped the rows: the highlighted one may be out of view
    /// (otherwise the rows move the least that shows it).
    pub swiped: bool,
}

/// Where a page's pieces go (pixels, whole numbers).
#[derive(Debug, Clone, PartialEq)]
pub struct PageLayout {
    /// The text sizes the page is written in.
    pub text: TextSizes,
    /// The column the title, lines, tabs and rows are in.
    pub column: Rect,
    /// The title's baseline (left end).
    pub title: Vec2,
    /// The baselines of the lines that fit (the first ones; a short window
    /// keeps room for a row before them).
    pub lines: Vec<Vec2>,
    /// The Copy and Share buttons.
    pub buttons: Vec<Rect>,
    /// The tabs, left to right.
    pub tabs: Vec<Rect>,
    /// Each listed row's place, `None` when scrolled out of view.
    pub rows: Vec<Option<Rect>>,
    /// The first listed row shown (kept for the next frame's `first`).
    pub first: usize,
    /// The level's picture, in a wide window.
    pub picture: Option<Rect>,
    /// What the letter pad keeps clear of: the column down to its last row
    /// (`crate::app::menus::letter_pad` finds room below or beside it).
    pub pad_clear_of: Rect,
}

/// A rectangle at `x`, `y` of `w` by `h`, on whole pixels.
fn whole(x: f32, y: f32, w: f32, h: f32) -> Rect {
    let min = Vec2::new(x, y).round();
    Rect::new(min, min + Vec2::new(w, h).round())
}

/// Lays out a page holding `content` in a window of `window` pixels.
pub fn page_layout(window: Vec2, content: PageContent) -> PageLayout {
    let text = text_sizes(window);
    let (w, h) = (window.x, window.y);
    let margin = (w * 0.04).max(8.0).round();
    // A large picture at the right where the window is wide.
    let wide = w >= 720.0 && w > h;
    let width = if wide {
        (w * 0.6 - margin).round()
    } else {
        w - margin * 2.0
    };
    let foot = h - margin;
    let title = Vec2::new(margin, margin + text.title).round();
    let line_pitch = (text.body * 1.5).round();
    let pitch = (text.item * 1.6).max(FINGER_PX + ROW_GAP).round();
    let buttons_height = if content.buttons > 0 {
        FINGER_PX + ROW_GAP
    } else {
        0.0
    };
    let tabs_height = if content.tabs > 0 {
        FINGER_PX + ROW_GAP
    } else {
        0.0
    };
    // The lines that fit with the buttons, the tabs and one row below them.
    let below = text.body + buttons_height + tabs_height + pitch;
    let room = ((foot - title.y - below) / line_pitch).floor().max(0.0) as usize;
    let lines: Vec<Vec2> = (1..=content.lines.min(room))
        .map(|k| Vec2::new(margin, title.y + k as f32 * line_pitch))
        .collect();
    // Room for the status's lines whether it says one, two or none, so the
    // rows stay put under a finger while "Asking the server..." comes and goes
    // or a status wraps (issue 47: rows jumped 23 px and 18 px).
    let kept = content.lines.max(STATUS_LINES).min(room);
    let mut y = (title.y + kept as f32 * line_pitch + text.body).round();
    let bw = (w * 0.3).clamp(FINGER_PX * 2.0, 200.0);
    let buttons = (0..content.buttons)
        .map(|n| whole(margin + n as f32 * (bw + SIDE_GAP), y, bw, FINGER_PX))
        .collect();
    y += buttons_height;
    let tab_width = (width - SIDE_GAP * (content.tabs as f32 - 1.0)) / content.tabs.max(1) as f32;
    let tabs = (0..content.tabs)
        .map(|n| {
            whole(
                margin + n as f32 * (tab_width + SIDE_GAP),
                y,
                tab_width,
                FINGER_PX,
            )
        })
        .collect();
    y += tabs_height;
    let shown = (((foot - y + ROW_GAP) / pitch).floor().max(1.0) as usize).min(content.listed);
    // From where the list was; moved the least that shows the highlighted
    // row unless a swipe moved it.
    let mut first = content.first;
    if !content.swiped {
        first = first
            .max((content.cursor + 1).saturating_sub(shown))
            .min(content.cursor);
    }
    let first = first.min(content.listed - shown);
    let mut rows = vec![None; content.listed];
    for (k, row) in rows.iter_mut().enumerate().skip(first).take(shown) {
        *row = Some(whole(
            margin,
            y + (k - first) as f32 * pitch,
            width,
            pitch - ROW_GAP,
        ));
    }
    let bottom = y + shown as f32 * pitch - ROW_GAP;
    let picture = (wide && content.picture).then(|| {
        let fw = (w * 0.4 - margin * 2.0).min((h - margin * 2.0) * ARENA_WIDTH / ARENA_HEIGHT);
        let fh = fw * ARENA_HEIGHT / ARENA_WIDTH;
        whole(w - margin - fw, (h - fh) * 0.5, fw, fh)
    });
    PageLayout {
        text,
        column: whole(margin, margin, width, foot - margin),
        title,
        lines,
        buttons,
        tabs,
        rows,
        first,
        picture,
        pad_clear_of: Rect::new(Vec2::ZERO, Vec2::new(margin + width, bottom.max(y))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::menus::letter_pad;

    /// The sizes issue 33 and the desktop check.
    const WINDOWS: [(f32, f32); 5] = [
        (1280.0, 720.0),
        (390.0, 844.0),
        (844.0, 390.0),
        (360.0, 640.0),
        (1920.0, 1080.0),
    ];

    /// The pages the screen draws, at their fullest.
    fn pages() -> Vec<(&'static str, PageContent)> {
        let list = PageContent {
            lines: 1,
            tabs: 3,
            listed: 14,
            cursor: 9,
            picture: true,
            ..PageContent::default()
        };
        vec![
            ("list", list),
            ("list, Back highlighted", PageContent { cursor: 13, ..list }),
            (
                "search typed",
                PageContent {
                    listed: 3,
                    picture: false,
                    cursor: 0,
                    ..list
                },
            ),
            (
                "level",
                PageContent {
                    lines: 1,
                    listed: 7,
                    cursor: 6,
                    picture: true,
                    ..PageContent::default()
                },
            ),
            (
                "rate",
                PageContent {
                    lines: 1,
                    listed: 6,
                    cursor: 0,
                    picture: true,
                    ..PageContent::default()
                },
            ),
            (
                "report",
                PageContent {
                    lines: 1,
                    listed: 5,
                    cursor: 0,
                    picture: true,
                    ..PageContent::default()
                },
            ),
            (
                "submit, with its name",
                PageContent {
                    lines: 2,
                    listed: 3,
                    cursor: 0,
                    picture: true,
                    ..PageContent::default()
                },
            ),
            (
                "top ten",
                PageContent {
                    lines: 1,
                    listed: 11,
                    cursor: 10,
                    picture: true,
                    ..PageContent::default()
                },
            ),
            (
                "shared, with diagnostics",
                PageContent {
                    lines: 6,
                    buttons: 2,
                    listed: 4,
                    cursor: 3,
                    ..PageContent::default()
                },
            ),
        ]
    }

    fn inside(r: Rect, window: Vec2) -> bool {
        r.min.cmpge(Vec2::ZERO).all()
            && r.max.cmple(window).all()
            && r.size().cmpgt(Vec2::ZERO).all()
    }

    fn on_whole_pixels(r: Rect) -> bool {
        [r.min, r.max].iter().all(|p| *p == p.round())
    }

    /// Whether the two share more than an edge.
    fn overlap(a: Rect, b: Rect) -> bool {
        a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
    }

    /// The layout's own checks: every box inside the window, on whole
    /// pixels, a fingertip tall (the picture aside) and clear of the others;
    /// the title and the lines kept above them.
    fn check(l: &PageLayout, content: PageContent, window: Vec2, at: &str) {
        let rows: Vec<Rect> = l.rows.iter().flatten().copied().collect();
        assert!(!rows.is_empty() && rows.len() <= content.listed, "{at}");
        let boxes: Vec<Rect> = (rows.iter().chain(&l.tabs).chain(&l.buttons))
            .chain(&l.picture)
            .copied()
            .collect();
        assert_eq!(l.tabs.len(), content.tabs, "{at}");
        assert_eq!(l.buttons.len(), content.buttons, "{at}");
        for (k, &r) in boxes.iter().enumerate() {
            assert!(inside(r, window), "{at}: {r:?} leaves the window");
            assert!(on_whole_pixels(r), "{at}: {r:?} is between pixels");
            assert!(
                r.size().y >= FINGER_PX - 0.5 || Some(r) == l.picture,
                "{at}: {r:?}"
            );
            for &other in &boxes[k + 1..] {
                assert!(!overlap(r, other), "{at}: {r:?} overlaps {other:?}");
            }
        }
        // The title and the lines kept sit above everything else.
        let top = (rows.iter().chain(&l.tabs).chain(&l.buttons))
            .map(|r| r.min.y)
            .fold(window.y, f32::min);
        if let Some(p) = l.picture {
            assert!(
                p.min.x > l.column.max.x,
                "{at}: the picture is beside the column"
            );
        }
        let last = l.lines.last().copied().unwrap_or(l.title);
        assert!(l.title.y - l.text.title >= 0.0, "{at}: the title");
        assert!(
            last.y + l.text.body * 0.3 <= top,
            "{at}: the lines reach {}",
            last.y
        );
        assert!(
            l.lines.len() >= content.lines.min(1),
            "{at}: the status is said"
        );
        // The rows shown are one run, a pitch apart, from the first kept.
        let shown: Vec<usize> = (0..content.listed)
            .filter(|&k| l.rows[k].is_some())
            .collect();
        assert_eq!(shown[0], l.first, "{at}");
        assert_eq!(shown.len(), shown[shown.len() - 1] - shown[0] + 1, "{at}");
    }

    #[test]
    fn page_layout_fits_every_page_in_every_window() {
        for (w, h) in WINDOWS {
            let window = Vec2::new(w, h);
            for (name, content) in pages() {
                let at = format!("{name} at {w}x{h}");
                let l = page_layout(window, content);
                assert!(
                    l.rows[content.cursor].is_some(),
                    "{at}: the highlighted row shows"
                );
                check(&l, content, window, &at);
            }
        }
    }

    #[test]
    fn page_layout_fits_every_page_scrolled_anywhere_and_reaches_the_last_row() {
        for (w, h) in WINDOWS {
            let window = Vec2::new(w, h);
            for (name, content) in pages() {
                let mut last = None;
                for first in 0..=content.listed + 2 {
                    let at = format!("{name} at {w}x{h} swiped to {first}");
                    let swiped = PageContent {
                        first,
                        swiped: true,
                        ..content
                    };
                    let l = page_layout(window, swiped);
                    check(&l, swiped, window, &at);
                    assert!(l.first <= first, "{at}: the rows start at most there");
                    last = Some(l);
                }
                let l = last.expect("laid out");
                assert!(
                    l.rows[content.listed - 1].is_some(),
                    "{name} at {w}x{h}: a swipe reaches the last row"
                );
                // A key's move from there brings the highlight back.
                let back = PageContent {
                    first: l.first,
                    ..content
                };
                assert!(page_layout(window, back).rows[content.cursor].is_some());
            }
        }
    }

    #[test]
    fn page_layout_leaves_the_search_its_letter_pad() {
        for (w, h) in WINDOWS {
            let window = Vec2::new(w, h);
            let (_, typing) = pages()[2];
            let l = page_layout(window, typing);
            let pad = letter_pad(window, l.pad_clear_of);
            assert_eq!(pad.len(), 26, "the pad fits at {w}x{h}");
            for (c, key) in pad {
                assert!(inside(key, window), "{c} at {w}x{h}: {key:?}");
                for r in l.rows.iter().flatten().chain(&l.tabs) {
                    assert!(!overlap(key, *r), "{c} at {w}x{h} covers {r:?}");
                }
            }
        }
    }

    #[test]
    fn rows_stay_put_while_the_status_comes_goes_or_wraps() {
        for (w, h) in WINDOWS {
            let (_, list) = pages()[0];
            let at = |lines| page_layout(Vec2::new(w, h), PageContent { lines, ..list });
            let (none, one, two) = (at(0), at(1), at(2));
            assert_eq!(
                none.rows, one.rows,
                "{w}x{h}: \"Asking the server...\" moved the rows"
            );
            assert_eq!(
                one.rows, two.rows,
                "{w}x{h}: a wrapped status moved the rows"
            );
            assert_eq!((none.lines.len(), two.lines.len()), (0, 2), "{w}x{h}");
        }
    }

    #[test]
    fn page_layout_keeps_a_row_under_many_lines_in_a_short_window() {
        // Twenty lines said at 844x390: the lines give way, the rows stay.
        let content = PageContent {
            lines: 20,
            buttons: 2,
            listed: 4,
            cursor: 3,
            ..PageContent::default()
        };
        let l = page_layout(Vec2::new(844.0, 390.0), content);
        assert!(
            l.lines.len() < 20 && !l.lines.is_empty(),
            "{}",
            l.lines.len()
        );
        let row = l.rows[3].expect("the highlighted row");
        assert!(
            row.max.y <= 390.0 && l.buttons[0].max.y <= row.min.y,
            "{row:?}"
        );
    }
}
