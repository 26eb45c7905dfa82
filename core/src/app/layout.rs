//! Where everything goes in a window of any size, from a 360x640 phone to a
//! 3840x2160 monitor, worked out without a window so tests can check it: the arena
//! (with room for its walls), the HUD's text slots and the text sizes.
//!
//! Landscape windows put the arena at full height with a side panel each side:
//! the top player's on the left (level name first), the bottom player's on the
//! right (at the bottom, near its paddle). Portrait windows stack a HUD strip above
//! the arena (level, the match's line on a row of its own, top player) and one
//! below (bottom player), then, on touch screens, a touch strip the finger can
//! use without hiding the field.

use glam::Vec2;

use crate::geom::Rect;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// The smallest text, pixels: below this a phone's text cannot be read.
pub const MIN_TEXT_PX: f32 = 12.0;
/// The smallest tap target's smaller side, logical (CSS) pixels: a fingertip
/// (Apple's and Google's guidance, issue 33). The lab, the editor and the online
/// pages size their buttons from it.
pub const FINGER_PX: f32 = 44.0;
/// The largest body text, pixels: more is shouting, even on a 4K monitor.
pub const MAX_TEXT_PX: f32 = 32.0;
/// The frame kept around the arena for its walls and goal lines, arena units
/// (the walls are drawn 6 units thick outside the arena).
pub const ARENA_FRAME: f32 = 8.0;
/// A side panel narrower than this many body-text heights cannot hold a score
/// line, so such windows use the portrait layout.
const MIN_PANEL_IN_TEXT: f32 = 7.0;
/// The gap kept between a window's edge and any text, in body-text heights.
const EDGE_IN_TEXT: f32 = 0.6;
/// A HUD row's height, in body-text heights.
const ROW_IN_TEXT: f32 = 1.6;
/// The touch strip's least height, in body-text heights.
const TOUCH_IN_TEXT: f32 = 5.0;
/// The portrait HUD's score at most, in body-text heights: 39 px on a phone,
/// whose line reads from arm's length.
const PORTRAIT_SCORE_IN_TEXT: f32 = 2.6;
/// A portrait score row's height, in score heights: the digits' line box is
/// three quarters of their size, so this leaves a little air above and below.
const SCORE_ROW_IN_TEXT: f32 = 1.1;
/// The lives' size, as a share of the score's.
const LIVES_OF_SCORE: f32 = 0.7;
/// The pause button's side where there is room, pixels: a fingertip.
const PAUSE_BUTTON_PX: f32 = 44.0;

/// `r` with its edges on the nearest whole pixels: a box between pixels is
/// drawn blurred and its taps fall a pixel either way (the layout walk checks
/// every target is on whole pixels, issue 47).
pub fn snap(r: Rect) -> Rect {
    Rect::new(r.min.round(), r.max.round())
}

/// A pause button of side `side` with its top right corner `edge` in from the
/// window's, at height `y`.
fn pause_button(window: Vec2, y: f32, side: f32, edge: f32) -> Rect {
    let min = Vec2::new(window.x - edge - side, y);
    snap(Rect::new(min, min + Vec2::splat(side)))
}

/// The window the game opens without `--size`, pixels: portrait, the arena's
/// shape with room for the HUD, and small enough for a 1280x800 screen with a
/// title bar and a taskbar ([`SMALL_SCREEN`] less [`DECORATIONS_PX`]). 720x900
/// did not fit one: the paddle and the score were cut off (issue 40 bug 4).
/// Macroquad cannot ask the monitor's size before the window opens, so this
/// is a size that fits rather than a share of the monitor.
pub const DEFAULT_WINDOW: (u32, u32) = (576, 720);

/// The smallest desktop screen the default window must fit, pixels.
pub const SMALL_SCREEN: (u32, u32) = (1280, 800);

/// Height a desktop takes from a screen around a window (title bar, taskbar or
/// top bar), pixels.
pub const DECORATIONS_PX: u32 = 80;

/// How the window is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// Wider than tall enough for side panels: the arena at full height.
    Landscape,
    /// HUD strips above and below the arena.
    Portrait,
}

/// Where one line of text goes: its box and its size, both in pixels. The shell
/// fits the text into the box (smaller, but never under [`MIN_TEXT_PX`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextSlot {
    /// The box, pixels.
    pub rect: Rect,
    /// The font size, pixels.
    pub size: f32,
    /// Whether the text hugs the box's right edge (else its left).
    pub right: bool,
}

/// A player's HUD lines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerSlots {
    /// "YOU", "CPU", "P1".
    pub name: TextSlot,
    /// The score.
    pub score: TextSlot,
    /// Lives (solo).
    pub lives: TextSlot,
    /// Power-ups with their seconds left.
    pub effects: TextSlot,
}

impl PlayerSlots {
    /// The four slots.
    pub fn all(&self) -> [TextSlot; 4] {
        [self.name, self.score, self.lives, self.effects]
    }
}

/// Text sizes, pixels, for the HUD and the menus.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextSizes {
    /// Body text: HUD lines, menu notes.
    pub body: f32,
    /// Menu items.
    pub item: f32,
    /// Scores in the side panels, and menu titles' subtitles.
    pub large: f32,
    /// Screen titles.
    pub title: f32,
}

/// Where everything goes in a window.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The window's size, pixels.
    pub window: Vec2,
    /// Landscape or portrait.
    pub orientation: Orientation,
    /// Pixels per arena unit.
    pub scale: f32,
    /// The pixel of the arena's (0, 0).
    pub origin: Vec2,
    /// The arena and its wall frame on screen, pixels.
    pub field: Rect,
    /// The HUD areas by side index (bottom, top): side panels or strips.
    pub panels: [Rect; 2],
    /// Each player's HUD lines, by side index (bottom, top).
    pub players: [PlayerSlots; 2],
    /// The level's title.
    pub level_name: TextSlot,
    /// The match's line ("best of 3, round 2 (YOU 1, CPU 0) | to 40, lead of
    /// 2"), "solo": under the level's title; in portrait a row of its own
    /// across the window, since beside the title it had a third of a phone's
    /// width (issue 32).
    pub info: TextSlot,
    /// A notice of the whole window ("DEMO - press any key"): in the left panel
    /// (landscape), or over the level's row (portrait: the level's title and
    /// goal are then left out).
    pub banner: TextSlot,
    /// Where a finger steers without covering the field (portrait, touch only).
    pub touch_strip: Option<Rect>,
    /// The touch strip's one line saying what it is for, in its middle.
    pub touch_hint: Option<TextSlot>,
    /// The on-screen pause button, clear of every text slot: the window's top
    /// right corner (portrait: at the end of the top strip, whose text stops
    /// short of it; landscape: over the right panel, whose text sits at the bottom).
    pub pause_button: Rect,
    /// Text sizes.
    pub text: TextSizes,
}

impl Layout {
    /// The Back button where the pause button goes, half again as wide (a
    /// match's Leave online, test-play's way back to the editor, the Watching
    /// page's Back): one place, so the layout walk checks what the shell draws.
    pub fn back_button(&self) -> Rect {
        let r = self.pause_button;
        Rect::new(r.min - Vec2::new(r.size().x * 0.5, 0.0), r.max)
    }

    /// The arena's floor on screen, pixels: [`Layout::field`] inside its frame.
    pub fn floor(&self) -> Rect {
        let size = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) * self.scale;
        Rect::new(self.origin, self.origin + size)
    }
}

/// Text sizes for a window: body text growing slowly with its short side (15 px
/// on a phone, 26 px at 1080p), kept
/// between [`MIN_TEXT_PX`] and [`MAX_TEXT_PX`].
pub fn text_sizes(window: Vec2) -> TextSizes {
    let body = (8.0 + window.min_element() / 60.0)
        .clamp(MIN_TEXT_PX, MAX_TEXT_PX)
        .round();
    TextSizes {
        body,
        item: (body * 1.25).round(),
        large: (body * 1.5).round(),
        title: (body * 2.4).round(),
    }
}

/// Lays out a window of `window` pixels; `touch` when a finger has been seen (it
/// reserves a touch strip in portrait).
pub fn layout(window: Vec2, touch: bool) -> Layout {
    let window = window.max(Vec2::splat(1.0));
    let text = text_sizes(window);
    let framed = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) + Vec2::splat(2.0 * ARENA_FRAME);
    let landscape_scale = window.y / framed.y;
    let panel = (window.x - framed.x * landscape_scale) * 0.5;
    if panel >= text.body * MIN_PANEL_IN_TEXT {
        landscape(window, text, landscape_scale, panel)
    } else {
        portrait(window, text, touch)
    }
}

/// The arena and its frame at `scale`, its framed top-left corner at `corner`.
fn place_field(scale: f32, corner: Vec2) -> (Vec2, Rect) {
    let framed = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) + Vec2::splat(2.0 * ARENA_FRAME);
    let origin = corner + Vec2::splat(ARENA_FRAME * scale);
    (origin, Rect::new(corner, corner + framed * scale))
}

/// A slot at (`x`, `y`) of width `w` holding one line of `size` text.
fn slot(x: f32, y: f32, w: f32, size: f32, right: bool) -> TextSlot {
    let h = (size * 1.25).round();
    TextSlot {
        rect: Rect::new(Vec2::new(x, y), Vec2::new(x + w.max(0.0), y + h)),
        size,
        right,
    }
}

fn landscape(window: Vec2, text: TextSizes, scale: f32, panel: f32) -> Layout {
    let (origin, field) = place_field(scale, Vec2::new(panel, 0.0));
    let edge = text.body * EDGE_IN_TEXT;
    let width = panel - 2.0 * edge;
    // The panels have room: lines at the menu items' size and the score at a
    // title's, so the HUD reads from across the room rather than hugging the
    // panels' corners in small print.
    let line = text.item;
    let row = line * ROW_IN_TEXT;
    let score_size = text.title;
    let large_row = score_size * 1.3;
    // The left panel, from the top: level, info, a gap, then the top player.
    let left = edge;
    let mut y = edge;
    let level_name = slot(left, y, width, line, false);
    y += row;
    let info = slot(left, y, width, line, false);
    y += row * 1.5;
    let top = PlayerSlots {
        name: slot(left, y, width, line, false),
        score: slot(left, y + row, width, score_size, false),
        lives: slot(left, y + row + large_row, width, line, false),
        effects: slot(left, y + 2.0 * row + large_row, width, line, false),
    };
    // Halfway down, or under the top player's lines in a short window.
    let banner_y = (window.y * 0.5).max(top.effects.rect.max.y + edge);
    let banner = slot(left, banner_y, width, text.item, false);
    // The right panel, from the bottom: the bottom player, near its paddle.
    let right = field.max.x + edge;
    let mut y = window.y - edge - row;
    let effects = slot(right, y, width, line, false);
    y -= row;
    let lives = slot(right, y, width, line, false);
    y -= large_row;
    let score = slot(right, y, width, score_size, false);
    y -= row;
    let name = slot(right, y, width, line, false);
    let bottom = PlayerSlots {
        name,
        score,
        lives,
        effects,
    };
    Layout {
        window,
        orientation: Orientation::Landscape,
        scale,
        origin,
        field,
        panels: [
            Rect::new(Vec2::new(field.max.x, 0.0), window),
            Rect::new(Vec2::ZERO, Vec2::new(panel, window.y)),
        ],
        players: [bottom, top],
        level_name,
        info,
        banner,
        touch_strip: None,
        touch_hint: None,
        pause_button: pause_button(window, edge, PAUSE_BUTTON_PX.min(panel - 2.0 * edge), edge),
        text,
    }
}

/// One HUD row across the window at `y`, `h` pixels tall: a player's name and
/// power-ups in body text, the score at `score` pixels and the lives a step
/// smaller, side by side, so both numbers read at a glance on a phone.
fn player_row(window: Vec2, y: f32, h: f32, (body, score): (f32, f32), edge: f32) -> PlayerSlots {
    let w = window.x - 2.0 * edge;
    let at = |from: f32, to: f32, size: f32, right: bool| TextSlot {
        rect: Rect::new(
            Vec2::new(edge + w * from, y),
            Vec2::new(edge + w * to, y + h),
        ),
        size,
        right,
    };
    PlayerSlots {
        name: at(0.0, 0.16, body, false),
        score: at(0.16, 0.42, score, false),
        lives: at(
            0.42,
            0.68,
            (score * LIVES_OF_SCORE).round().max(body),
            false,
        ),
        effects: at(0.68, 1.0, body, true),
    }
}

/// The portrait HUD's score size, pixels: [`PORTRAIT_SCORE_IN_TEXT`] body
/// heights where the window has that room under an arena as wide as the window
/// (with a touch strip's worth kept, touch or not, so the first touch moves
/// nothing), as on any phone; else down to the large size, so a portrait monitor
/// window keeps its arena.
/// `rows` is the height of the top strip's text rows.
fn portrait_score_size(window: Vec2, text: TextSizes, edge: f32, rows: f32) -> f32 {
    let framed = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) + Vec2::splat(2.0 * ARENA_FRAME);
    let field_h = framed.y * window.x / framed.x;
    let spare = window.y - 2.0 * edge - rows - text.body * TOUCH_IN_TEXT - field_h;
    // Two score rows, one per strip.
    let fits = (spare * 0.5 / SCORE_ROW_IN_TEXT).floor();
    fits.clamp(text.large, (text.body * PORTRAIT_SCORE_IN_TEXT).round())
}

fn portrait(window: Vec2, text: TextSizes, touch: bool) -> Layout {
    let edge = text.body * EDGE_IN_TEXT;
    let row = text.body * ROW_IN_TEXT;
    // The match's line gets a row of its own under the level's where that
    // costs the scores nothing (most phones, portrait monitors); a small phone
    // (360x640) keeps its scores at arm's length and the line beside the title.
    let score = portrait_score_size(window, text, edge, row);
    let own_row = portrait_score_size(window, text, edge, 2.0 * row) >= score;
    let rows = if own_row { 2.0 * row } else { row };
    let score_row = (score * SCORE_ROW_IN_TEXT).round();
    let top_strip = rows + score_row + edge;
    let bottom_strip = score_row + edge;
    let touch_min = if touch {
        text.body * TOUCH_IN_TEXT
    } else {
        0.0
    };
    let framed = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) + Vec2::splat(2.0 * ARENA_FRAME);
    let room = Vec2::new(window.x, window.y - top_strip - bottom_strip - touch_min);
    let scale = (room / framed).min_element().max(1e-3);
    let field_size = framed * scale;
    // The strips hug the arena; the block sits in the middle of the window (at the
    // top, over the touch strip, on touch screens, and on any window with room for
    // a touch strip below: a phone's arena then stays put when the first touch
    // brings the strip, and the menus over it with it).
    let block = top_strip + field_size.y + bottom_strip;
    let block_top = if touch || window.y - block >= text.body * TOUCH_IN_TEXT {
        0.0
    } else {
        ((window.y - block) * 0.5).max(0.0)
    };
    let corner = Vec2::new((window.x - field_size.x) * 0.5, block_top + top_strip);
    let (origin, field) = place_field(scale, corner);
    let w = window.x - 2.0 * edge;
    let y0 = block_top + edge;
    let side = PAUSE_BUTTON_PX.min(top_strip - edge);
    let button = pause_button(window, block_top + (top_strip - side) * 0.5, side, edge);
    // The top strip's text ends short of the button.
    let text_end = button.min.x - edge;
    let (level_name, info) = if own_row {
        (
            slot(edge, y0, text_end - edge, text.body, false),
            slot(edge, y0 + row, text_end - edge, text.body, false),
        )
    } else {
        let split = edge + w * 0.6;
        (
            slot(edge, y0, w * 0.6, text.body, false),
            slot(split, y0, text_end - split, text.body, true),
        )
    };
    let banner = slot(edge, y0, text_end - edge, text.body, false);
    let sizes = (text.body, score);
    let mut top = player_row(window, y0 + rows, score_row, sizes, edge);
    top.effects.rect.max.x = top.effects.rect.max.x.min(text_end);
    let bottom = player_row(window, field.max.y, score_row, sizes, edge);
    let strip_end = field.max.y + bottom_strip;
    Layout {
        window,
        orientation: Orientation::Portrait,
        scale,
        origin,
        field,
        panels: [
            Rect::new(Vec2::new(0.0, field.max.y), Vec2::new(window.x, strip_end)),
            Rect::new(Vec2::new(0.0, block_top), Vec2::new(window.x, field.min.y)),
        ],
        players: [bottom, top],
        level_name,
        info,
        banner,
        touch_strip: touch.then(|| Rect::new(Vec2::new(0.0, strip_end), window)),
        touch_hint: touch.then(|| {
            // Room for two lines: the hint breaks at its comma where one is too
            // wide (see `touch_hint_lines`).
            let h = (text.body * 2.5).round();
            let y = (strip_end + window.y - h) * 0.5;
            TextSlot {
                rect: Rect::new(Vec2::new(edge, y), Vec2::new(edge + w, y + h)),
                size: text.body,
                right: false,
            }
        }),
        pause_button: button,
        text,
    }
}

pub use super::text_wrap::{wrap_balanced, wrap_text};

/// What the touch strip is for, in two phrases.
pub const TOUCH_HINT: [&str; 2] = ["slide here to move,", "tap to serve"];

/// The touch hint of a two-player game on one phone: each player steers from
/// their own half of the screen (see `app::input::TouchSteer`).
pub const TWO_PLAYER_TOUCH_HINT: [&str; 2] =
    ["each player: slide in your half,", "tap it to serve"];

/// The touch strip's hint as one line where it fits `width` (as `measure`
/// measures it), else its two phrases on a line each: never a word alone.
pub fn touch_hint_lines(width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    hint_lines(TOUCH_HINT, width, measure)
}

/// [`touch_hint_lines`] for a game of `two_players` or one.
pub fn touch_hint_lines_for(
    two_players: bool,
    width: f32,
    measure: impl Fn(&str) -> f32,
) -> Vec<String> {
    let hint = if two_players {
        TWO_PLAYER_TOUCH_HINT
    } else {
        TOUCH_HINT
    };
    hint_lines(hint, width, measure)
}

fn hint_lines(hint: [&str; 2], width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let whole = hint.join(" ");
    if measure(&whole) <= width {
        return vec![whole];
    }
    vec![hint[0].trim_end_matches(',').to_owned(), hint[1].to_owned()]
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn the_default_window_fits_a_1280x800_screen_and_shows_everything() {
        let (w, h) = DEFAULT_WINDOW;
        assert!(
            w <= SMALL_SCREEN.0 && h + DECORATIONS_PX <= SMALL_SCREEN.1,
            "{w}x{h}"
        );
        let window = Vec2::new(w as f32, h as f32);
        let l = layout(window, false);
        assert_eq!(l.orientation, Orientation::Portrait, "the arena's shape");
        let inside = |r: Rect| {
            r.min.x >= 0.0
                && r.min.y >= 0.0
                && r.max.x <= window.x + 1e-3
                && r.max.y <= window.y + 1e-3
        };
        assert!(inside(l.field), "{:?}", l.field);
        for slot in slots(&l) {
            assert!(inside(slot.rect), "{slot:?}");
            assert!(slot.size >= MIN_TEXT_PX);
        }
    }

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
            // The match's line too where it has a row of its own.
            Orientation::Portrait if l.info.rect.min.y > l.banner.rect.min.y => {
                vec![l.banner, l.info]
            }
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
            let inside =
                b.min.x >= 0.0 && b.min.y >= 0.0 && b.max.x <= window.x && b.max.y <= window.y;
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
    fn layout_portrait_match_line_has_a_row_across_the_window_above_the_top_player() {
        for size in [
            Vec2::new(390.0, 844.0),
            Vec2::new(720.0, 900.0),
            Vec2::new(1080.0, 1920.0),
        ] {
            for touch in [false, true] {
                let l = layout(size, touch);
                assert_eq!(l.orientation, Orientation::Portrait, "{size}");
                let info = l.info.rect;
                // Beside the title it had 0.4 of the width less the pause button.
                assert!(
                    info.size().x >= size.x * 0.75,
                    "{size} {touch}: the match line's row is {info:?}"
                );
                assert!(l.info.size >= MIN_TEXT_PX && info.size().y >= l.info.size);
                assert!(
                    info.min.y >= l.level_name.rect.max.y - 1e-3
                        && info.max.y <= l.players[1].name.rect.min.y + 1e-3,
                    "{size} {touch}: the match line {info:?} is not between the title and the top player"
                );
                assert_eq!(shared_area(&info, &l.field), 0.0, "{size}: on the field");
            }
        }
        // A 360x640 phone has no room for the row without shrinking its scores:
        // the line stands beside the title, as before.
        let small = layout(Vec2::new(360.0, 640.0), true);
        assert_eq!(small.info.rect.min.y, small.level_name.rect.min.y);
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
}
