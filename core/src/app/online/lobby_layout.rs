//! Where a lobby page's pieces go (Play online's choice, the host's level
//! list, the Waiting page with its Copy and Share, the results), worked out
//! without a window so the layout walk (`app::state`'s tests) checks them at
//! phone sizes (issue 47, F7): the title, the lines, the level's picture, the
//! share row and the items' boxes, on whole pixels and inside the window. The
//! shell measures the items' words in its face and draws where this says.

use glam::Vec2;

use crate::app::layout::{TextSizes, FINGER_PX};
use crate::geom::Rect;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// The least gap between two items' boxes, pixels: a thumb between them
/// still lands on one.
const MIN_GAP: f32 = 4.0;
/// The gap between the share row's buttons, pixels.
const SHARE_GAP: f32 = 12.0;

/// What a lobby page holds, measured by the shell.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LobbyContent {
    /// The lines under the title.
    pub lines: usize,
    /// Each item's words' width as drawn, pixels.
    pub items: Vec<f32>,
    /// The share row's buttons (Copy, and Share in the browser): none but on
    /// the host's Waiting page.
    pub share: usize,
    /// Whether the level's picture shows (the host's level list).
    pub picture: bool,
}

/// Where a lobby page's pieces go, pixels (see the module's note).
#[derive(Debug, Clone, PartialEq)]
pub struct LobbyLayout {
    /// The title's baseline.
    pub title_y: f32,
    /// Each line's baseline.
    pub line_ys: Vec<f32>,
    /// The level's picture, when it shows and has room.
    pub picture: Option<Rect>,
    /// The share row's buttons, left to right.
    pub share: Vec<Rect>,
    /// Each item's tap box, whole pixels, its words centred in it.
    pub items: Vec<Rect>,
}

/// A rectangle centred on `centre`, `size` big, on whole pixels.
fn centred(centre: Vec2, size: Vec2) -> Rect {
    let min = (centre - size * 0.5).round();
    Rect::new(min, min + size.round())
}

/// Lays a page holding `content` out in a `window` with text of `text` sizes.
/// The items go one under another, closer together where the window is short
/// (never under a fingertip apart); a phone held sideways that still lacks
/// the room (Play online's five items and a line more) takes them in two
/// columns.
pub fn lobby_layout(window: Vec2, text: TextSizes, content: &LobbyContent) -> LobbyLayout {
    let (w, h) = (window.x, window.y);
    let t = text;
    let box_h = (t.item * 1.2 + 16.0).max(FINGER_PX).round();
    let count = content.items.len();
    let lines = content.lines as f32 * t.body * 1.5;
    let share = if content.share > 0 {
        t.body + FINGER_PX
    } else {
        0.0
    };
    let above = t.title * 1.2 + lines + share;
    // From the first item's centre to the window's bottom: half a box, and a
    // margin.
    let tail = box_h * 0.5 + 6.0;
    let items_h = |pitch: f32, rows: usize| {
        pitch.max(t.item * 2.0).min(pitch + t.item) + (rows.max(1) - 1) as f32 * pitch + tail
    };
    // Rows a fingertip tall and apart (issue 33), closer in a short window.
    let wide_pitch = (t.item * 1.6).max(box_h + 8.0);
    let least_pitch = box_h + MIN_GAP;
    let room = h - t.title - above;
    let mut columns = 1;
    let mut pitch = wide_pitch;
    if items_h(pitch, count) > room {
        pitch = least_pitch;
        if items_h(pitch, count) > room && w > h && count > 2 {
            columns = 2;
            pitch = wide_pitch
                .min(((room - tail - t.item) / (count.div_ceil(2) as f32)).max(least_pitch));
        }
    }
    let rows = count.div_ceil(columns);
    let fixed = above + items_h(pitch, rows);
    let picture_room = (h - t.title - fixed - t.body).max(0.0);
    let ph = (h * 0.28)
        .min(w * 0.6 * ARENA_HEIGHT / ARENA_WIDTH)
        .min(picture_room);
    let picture = content.picture && ph >= 1.0;
    let below_top = fixed + if picture { t.body + ph } else { 0.0 };
    let mut y = (h * 0.22).min(h - below_top).max(t.title).round();
    let title_y = y;
    y += t.title * 1.2;
    let mut line_ys = Vec::new();
    for _ in 0..content.lines {
        y += t.body * 1.5;
        line_ys.push(y.round());
    }
    let mut picture_rect = None;
    if picture {
        let pw = ph * ARENA_WIDTH / ARENA_HEIGHT;
        y += t.body;
        let min = Vec2::new((w - pw) * 0.5, y).round();
        picture_rect = Some(Rect::new(min, min + Vec2::new(pw, ph).round()));
        y += ph;
    }
    let mut share_rects = Vec::new();
    if content.share > 0 {
        y += t.body;
        let n = content.share as f32;
        let bw = (w * 0.3).clamp(FINGER_PX * 2.0, 200.0);
        let total = bw * n + SHARE_GAP * (n - 1.0);
        let mut x = (w - total) * 0.5;
        for _ in 0..content.share {
            let min = Vec2::new(x, y).round();
            share_rects.push(Rect::new(min, min + Vec2::new(bw, FINGER_PX).round()));
            x += bw + SHARE_GAP;
        }
        y += FINGER_PX;
    }
    y += pitch.max(t.item * 2.0).min(pitch + t.item);
    // The first item's centre: its words' middle, a little above the baseline
    // the rows used to be laid out on.
    let first = y - t.item * 0.35;
    let column_w = w / columns as f32;
    let items = (content.items.iter().enumerate())
        .map(|(k, &words)| {
            let (row, col) = (k / columns, k % columns);
            let bw = (words + 32.0)
                .max(w / 3.0)
                .max(FINGER_PX)
                .min(column_w - 8.0);
            let centre = Vec2::new(column_w * (col as f32 + 0.5), first + row as f32 * pitch);
            centred(centre, Vec2::new(bw, box_h))
        })
        .collect();
    LobbyLayout {
        title_y,
        line_ys,
        picture: picture_rect,
        share: share_rects,
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::text_sizes;

    fn page(lines: usize, items: usize, share: usize) -> LobbyContent {
        LobbyContent {
            lines,
            items: vec![120.0; items],
            share,
            picture: false,
        }
    }

    /// Issue 47, F7: Play online's choice at 844x390 had its Back 34 px in
    /// the window (five items under a title and two lines); with the ICE
    /// line too, every item is whole inside the window.
    #[test]
    fn the_choice_fits_a_phone_on_its_side() {
        let window = Vec2::new(844.0, 390.0);
        for lines in [2, 3] {
            let l = lobby_layout(window, text_sizes(window), &page(lines, 5, 0));
            for r in &l.items {
                assert!(r.max.y <= 390.0 && r.min.y >= 0.0, "{lines} lines: {r:?}");
                assert!(r.size().y >= FINGER_PX, "{r:?}");
            }
            let last_line = l.line_ys.last().copied().unwrap_or(l.title_y);
            assert!(l.items[0].min.y > last_line, "{l:?}");
        }
    }

    /// Upright, the rows keep their roomy pitch, one under another.
    #[test]
    fn an_upright_phone_keeps_one_column() {
        let window = Vec2::new(390.0, 844.0);
        let l = lobby_layout(window, text_sizes(window), &page(2, 5, 0));
        let xs: Vec<f32> = l.items.iter().map(|r| r.center().x).collect();
        assert!(xs.iter().all(|&x| (x - 195.0).abs() <= 1.0), "{xs:?}");
        for pair in l.items.windows(2) {
            assert!(pair[1].min.y - pair[0].max.y >= 8.0, "{pair:?}");
        }
    }

    /// The host's Copy and Share sit between the lines and the Leave.
    #[test]
    fn the_share_row_lies_between_the_lines_and_the_items() {
        let window = Vec2::new(844.0, 390.0);
        let l = lobby_layout(window, text_sizes(window), &page(4, 1, 2));
        assert_eq!(l.share.len(), 2);
        assert!(l.share[0].min.y > *l.line_ys.last().unwrap());
        assert!(l.items[0].min.y >= l.share[0].max.y, "{l:?}");
        assert!(l.items[0].max.y <= 390.0, "{l:?}");
    }
}
