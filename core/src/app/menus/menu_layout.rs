//! Where pictures go beside a menu panel, worked out without a window: the
//! level select's large picture of the highlighted level, in the room the panel
//! leaves (to its right in a wide window, below it in a tall one), and the name
//! entry's big letters with their arrows, above its Save item.

use glam::Vec2;

use crate::geom::Rect;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// A picture smaller than this many pixels tall shows nothing the small ones
/// in the list do not; then none is drawn.
pub const MIN_PREVIEW_PX: f32 = 160.0;
/// The gap between the panel, the picture and the window's edges, pixels.
const PREVIEW_GAP: f32 = 16.0;

/// A fingertip, pixels: the least side of anything tapped (Apple's and
/// Google's guides say 44 and 48).
pub const TOUCH_TARGET_PX: f32 = 44.0;

/// One letter of the name entry: its tap box (the upper half turns the letter
/// up, the lower half down), where its baseline goes and where its arrows point
/// from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LetterBox {
    /// The tap box, pixels.
    pub rect: Rect,
    /// The letter's baseline, pixels.
    pub baseline: f32,
    /// The centres of the ▲ above the letter and the ▼ below it.
    pub arrows: [Vec2; 2],
    /// The arrows' half-width, pixels.
    pub arrow_half: f32,
}

/// How far above the Save item the name entry's letters reach, pixels, for
/// letters `size` pixels tall (see [`name_letter_boxes`]).
pub fn name_letters_height(size: f32) -> f32 {
    letter_box_height(size) + letter_gap(size)
}

fn letter_box_height(size: f32) -> f32 {
    (size * 2.6).max(2.0 * TOUCH_TARGET_PX + 4.0)
}

fn letter_gap(size: f32) -> f32 {
    (size * 0.3).max(10.0)
}

/// The name entry's `letters` letters, `size` pixels tall, in a row centred in a
/// window `width` pixels wide, their boxes ending a gap above `save_top` (the
/// top of the Save item's box). Each box is a fingertip wide and each half a
/// fingertip tall, with room between boxes and above Save, so no tap lands on
/// two things.
pub fn name_letter_boxes(width: f32, save_top: f32, size: f32, letters: usize) -> Vec<LetterBox> {
    let cell = (size * 1.1).max(TOUCH_TARGET_PX + 6.0);
    let h = letter_box_height(size);
    let bottom = save_top - letter_gap(size);
    let top = bottom - h;
    let middle = (top + bottom) * 0.5;
    let arrow_half = (size * 0.16).max(6.0);
    let left = (width - cell * letters as f32) * 0.5;
    (0..letters)
        .map(|i| {
            let x0 = left + cell * i as f32;
            let cx = x0 + cell * 0.5;
            LetterBox {
                // A gap of a few pixels between neighbours.
                rect: crate::app::layout::snap(Rect::new(
                    Vec2::new(x0 + 3.0, top),
                    Vec2::new(x0 + cell - 3.0, bottom),
                )),
                // Capitals stand about two thirds of the size above the
                // baseline: this centres them on the box's middle.
                baseline: middle + size * 0.33,
                arrows: [
                    Vec2::new(cx, top + h * 0.13),
                    Vec2::new(cx, bottom - h * 0.13),
                ],
                arrow_half,
            }
        })
        .collect()
}

/// The gap between a letter pad's keys, pixels.
const PAD_GAP: f32 = 4.0;
/// The largest letter-pad key, pixels: bigger only spreads the letters.
const PAD_KEY_MAX: f32 = 56.0;
/// The most keys in a row of the letter pad (three rows of nine on a phone).
const PAD_COLUMNS_MAX: usize = 9;

/// The name entry's letter pad (a tap types a letter, as on the Join page):
/// A to Z as keys of a fingertip or more, in the room below the menu `panel`
/// where it fits, else beside it (right, then left: a phone held sideways).
/// Empty when no room holds it (the arrows, holds and swipes still work).
pub fn letter_pad(window: Vec2, panel: Rect) -> Vec<(char, Rect)> {
    let gap = PREVIEW_GAP * 0.5;
    let rooms = [
        Rect::new(
            Vec2::new(gap, panel.max.y + gap),
            Vec2::new(window.x - gap, window.y - gap),
        ),
        Rect::new(
            Vec2::new(panel.max.x + gap, gap),
            Vec2::new(window.x - gap, window.y - gap),
        ),
        Rect::new(
            Vec2::new(gap, gap),
            Vec2::new(panel.min.x - gap, window.y - gap),
        ),
    ];
    rooms
        .into_iter()
        .find_map(|room| pad_in(room, 26))
        .map(|keys| {
            keys.into_iter()
                .zip('A'..='Z')
                .map(|(r, c)| (c, r))
                .collect()
        })
        .unwrap_or_default()
}

/// The room a menu panel must leave free in a `window` for the name entry's
/// letter pad of [`letter_pad`] to fit: in a landscape window `x`, a width to keep
/// free on each side of the centred panel (the pad goes beside it, the window's
/// full height); in a portrait one `y`, a height to keep free below the panel (the
/// pad goes under it, the window's full width). Each is the smallest pad of 26
/// fingertip keys that fits that way, with the gaps around it. The panel's text
/// is laid out within what is left, whatever the face's line height: the pad's
/// room is kept first (a pad found in whatever room the words left was missing
/// at 844x390 and 360x640 once the text face grew taller and wider).
pub fn letter_pad_room(window: Vec2) -> Vec2 {
    let gap = PREVIEW_GAP * 0.5;
    let step = TOUCH_TARGET_PX + PAD_GAP;
    // A pixel of slack: the pad's own arithmetic must find the keys fit.
    let block = |keys: usize| keys as f32 * step - PAD_GAP + 2.0 * gap + 1.0;
    if window.x > window.y {
        let rows_fit = ((window.y - 2.0 * gap + PAD_GAP) / step).floor().max(0.0) as usize;
        let cols = (3..=PAD_COLUMNS_MAX)
            .find(|&c| 26usize.div_ceil(c) <= rows_fit)
            .unwrap_or(PAD_COLUMNS_MAX);
        Vec2::new(block(cols), 0.0)
    } else {
        let across = ((window.x - 2.0 * gap + PAD_GAP) / step).floor().max(0.0) as usize;
        let cols = across.clamp(3, PAD_COLUMNS_MAX);
        Vec2::new(0.0, block(26usize.div_ceil(cols)))
    }
}

/// `count` keys of at least [`TOUCH_TARGET_PX`] in rows centred in `room`, as
/// few rows as fit across; `None` when they do not fit.
fn pad_in(room: Rect, count: usize) -> Option<Vec<Rect>> {
    let size = room.size();
    let across = ((size.x + PAD_GAP) / (TOUCH_TARGET_PX + PAD_GAP)).floor() as usize;
    let cols = across.min(PAD_COLUMNS_MAX);
    if cols < 3 {
        return None;
    }
    let rows = count.div_ceil(cols);
    let key = ((size.x + PAD_GAP) / cols as f32 - PAD_GAP)
        .min((size.y + PAD_GAP) / rows as f32 - PAD_GAP)
        .min(PAD_KEY_MAX);
    if key < TOUCH_TARGET_PX {
        return None;
    }
    let step = key + PAD_GAP;
    let block = Vec2::new(cols as f32 * step - PAD_GAP, rows as f32 * step - PAD_GAP);
    let corner = room.min + (size - block) * 0.5;
    Some(
        (0..count)
            .map(|i| {
                let at = corner + Vec2::new((i % cols) as f32, (i / cols) as f32) * step;
                crate::app::layout::snap(Rect::new(at, at + Vec2::splat(key)))
            })
            .collect(),
    )
}

/// The largest rectangle of the arena's shape (800 by 1000) that fits in
/// `room` less a gap all round, centred in it; `None` when under
/// [`MIN_PREVIEW_PX`] tall.
fn fit_arena(room: Rect) -> Option<Rect> {
    let size = room.size() - Vec2::splat(2.0 * PREVIEW_GAP);
    let h = size.y.min(size.x * ARENA_HEIGHT / ARENA_WIDTH);
    if h < MIN_PREVIEW_PX {
        return None;
    }
    let picture = Vec2::new(h * ARENA_WIDTH / ARENA_HEIGHT, h);
    let corner = room.min + (room.size() - picture) * 0.5;
    Some(Rect::new(corner, corner + picture))
}

/// The part of `a` inside `b`, if any.
fn clip(a: Rect, b: Rect) -> Option<Rect> {
    let r = Rect::new(a.min.max(b.min), a.max.min(b.max));
    (r.max.x > r.min.x && r.max.y > r.min.y).then_some(r)
}

/// Where the level select draws the highlighted level large, in a `window` of
/// pixels whose menu panel is `panel`, over the game whose arena lies in
/// `field` (its wall frame included) with its floor in `floor`: the biggest
/// picture in the room right of the panel or below it that stays wholly inside
/// the floor or wholly outside the field, so it never lies across the
/// arena's frame (issue 40 bug 6); `None` when none holds a useful picture (a
/// portrait window whose level list fills it).
pub fn preview_spot(window: Vec2, panel: Rect, (field, floor): (Rect, Rect)) -> Option<Rect> {
    // Beside the panel, no taller than it: on a 4K monitor the room right of the
    // list would otherwise hold a picture far larger than the list.
    let right = Rect::new(
        Vec2::new(panel.max.x, panel.min.y - PREVIEW_GAP),
        Vec2::new(window.x, (panel.max.y + PREVIEW_GAP).min(window.y)),
    );
    let below = Rect::new(Vec2::new(0.0, panel.max.y), window);
    // Inside the floor, or on one side of the field: left, right, above, below.
    let far = 1e6;
    let sides = [
        floor,
        Rect::new(Vec2::splat(-far), Vec2::new(field.min.x, far)),
        Rect::new(Vec2::new(field.max.x, -far), Vec2::splat(far)),
        Rect::new(Vec2::splat(-far), Vec2::new(far, field.min.y)),
        Rect::new(Vec2::new(-far, field.max.y), Vec2::splat(far)),
    ];
    let area = |r: &Rect| r.size().x * r.size().y;
    [right, below]
        .into_iter()
        .flat_map(|room| sides.iter().filter_map(move |&side| clip(room, side)))
        .filter_map(fit_arena)
        .fold(None, |best: Option<Rect>, r| match best {
            Some(b) if area(&b) >= area(&r) => Some(b),
            _ => Some(r),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_letter_boxes_are_fingertips_apart_above_save() {
        for (width, size) in [(360.0, 32.0), (390.0, 32.0), (844.0, 32.0), (1920.0, 76.0)] {
            let save_top = 500.0;
            let boxes = name_letter_boxes(width, save_top, size, 3);
            assert_eq!(boxes.len(), 3);
            for (i, b) in boxes.iter().enumerate() {
                let r = b.rect;
                assert!(r.size().x >= TOUCH_TARGET_PX, "{width}: {r:?} too narrow");
                assert!(
                    r.size().y * 0.5 >= TOUCH_TARGET_PX,
                    "{width}: {r:?} halves too short"
                );
                assert!(r.min.x >= 0.0 && r.max.x <= width, "{width}: {r:?} outside");
                assert!(save_top - r.max.y >= 8.0, "{width}: {r:?} touches Save");
                assert!(save_top - r.min.y <= name_letters_height(size) + 1e-3);
                // The arrows inside their halves, the letter between them.
                let [up, down] = b.arrows;
                assert!(up.y - b.arrow_half >= r.min.y && up.y + b.arrow_half < r.center().y);
                assert!(down.y + b.arrow_half <= r.max.y && down.y - b.arrow_half > r.center().y);
                assert!(
                    b.baseline > up.y + b.arrow_half + size * 0.6,
                    "{width}: ▲ on the letter"
                );
                assert!(
                    b.baseline < down.y - b.arrow_half,
                    "{width}: ▼ on the letter"
                );
                for o in &boxes[i + 1..] {
                    assert!(
                        apart(r, o.rect) && o.rect.min.x - r.max.x >= 4.0,
                        "{width}: {r:?} {o:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn letter_pad_below_a_phones_panel_or_beside_it_held_sideways() {
        // 390x844: room below the panel; 844x390: the panel fills the height,
        // so the pad goes to its right.
        for (window, p, below) in [
            (
                Vec2::new(390.0, 844.0),
                panel(20.0, 140.0, 350.0, 420.0),
                true,
            ),
            (
                Vec2::new(844.0, 390.0),
                panel(250.0, 4.0, 344.0, 382.0),
                false,
            ),
            (
                Vec2::new(360.0, 640.0),
                panel(10.0, 100.0, 340.0, 330.0),
                true,
            ),
        ] {
            let pad = letter_pad(window, p);
            assert_eq!(pad.len(), 26, "{window}: {} keys", pad.len());
            assert_eq!((pad[0].0, pad[25].0), ('A', 'Z'));
            for (i, &(c, r)) in pad.iter().enumerate() {
                assert!(
                    r.size().min_element() >= TOUCH_TARGET_PX,
                    "{window}: {c} {r:?}"
                );
                assert!(inside(r, window) && apart(r, p), "{window}: {c} {r:?}");
                assert_eq!(r.min.y >= p.max.y, below, "{window}: {c} {r:?}");
                for &(d, o) in &pad[i + 1..] {
                    assert!(apart(r, o), "{window}: {c} and {d} overlap");
                }
            }
        }
        // No room anywhere: no pad (the letters' arrows still work).
        let full = Vec2::new(390.0, 844.0);
        assert!(letter_pad(full, panel(0.0, 0.0, 390.0, 844.0)).is_empty());
    }

    /// A panel that leaves the room `letter_pad_room` asks, however wide or tall
    /// its words made it otherwise, gets all 26 keys: beside it held sideways,
    /// below it upright.
    #[test]
    fn a_panel_leaving_the_pads_room_gets_the_whole_pad() {
        for (w, h) in [
            (844.0, 390.0),
            (390.0, 844.0),
            (360.0, 640.0),
            (640.0, 360.0),
        ] {
            let window = Vec2::new(w, h);
            let room = letter_pad_room(window);
            // The biggest panel the room allows: centred, from near the top.
            let p = if w > h {
                panel(room.x, 4.0, w - 2.0 * room.x, h - 8.0)
            } else {
                panel(4.0, 4.0, w - 8.0, h - 4.0 - room.y)
            };
            assert!(
                p.size().min_element() > 100.0,
                "{window}: {p:?} leaves no panel"
            );
            let pad = letter_pad(window, p);
            assert_eq!(pad.len(), 26, "{window}: {} keys beside {p:?}", pad.len());
            for (i, &(c, r)) in pad.iter().enumerate() {
                assert!(
                    r.size().min_element() >= TOUCH_TARGET_PX,
                    "{window}: {c} {r:?}"
                );
                assert!(inside(r, window) && apart(r, p), "{window}: {c} {r:?}");
                for &(d, o) in &pad[i + 1..] {
                    assert!(apart(r, o), "{window}: {c} and {d} overlap");
                }
            }
            // The room is the least: a panel a few pixels bigger has no pad.
            let bigger = if w > h {
                panel(room.x - 4.0, 4.0, w - 2.0 * room.x + 8.0, h - 8.0)
            } else {
                panel(4.0, 4.0, w - 8.0, h - room.y + 4.0)
            };
            assert!(
                letter_pad(window, bigger).is_empty(),
                "{window}: room {room} is more than the pad needs"
            );
        }
    }

    /// The game's arena behind the menus in `window`: its field and floor.
    fn arena(window: Vec2) -> (Rect, Rect) {
        let l = crate::app::layout::layout(window, false);
        (l.field, l.floor())
    }

    #[test]
    fn preview_spot_never_lies_across_the_arenas_frame() {
        // Issue 40 bug 6: at 1280x720 the picture right of the level list sat
        // across the arena's right wall.
        for (window, p) in [
            (Vec2::new(1280.0, 720.0), panel(410.0, 60.0, 460.0, 620.0)),
            (Vec2::new(1366.0, 768.0), panel(430.0, 60.0, 500.0, 660.0)),
            (Vec2::new(1920.0, 1080.0), panel(640.0, 90.0, 640.0, 900.0)),
            (
                Vec2::new(3840.0, 2160.0),
                panel(1500.0, 200.0, 840.0, 1000.0),
            ),
            (Vec2::new(390.0, 844.0), panel(25.0, 145.0, 340.0, 300.0)),
            (Vec2::new(1024.0, 768.0), panel(300.0, 60.0, 424.0, 640.0)),
        ] {
            let (field, floor) = arena(window);
            let spot = preview_spot(window, p, (field, floor)).expect("room for a picture");
            assert!(inside(spot, window) && apart(spot, p), "{window}: {spot:?}");
            let on_floor = spot.min.cmpge(floor.min).all() && spot.max.cmple(floor.max).all();
            assert!(
                on_floor || apart(spot, field),
                "{window}: {spot:?} across {field:?}"
            );
            assert!(spot.size().y >= MIN_PREVIEW_PX);
        }
    }

    fn panel(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::new(Vec2::new(x, y), Vec2::new(x + w, y + h))
    }

    fn inside(r: Rect, window: Vec2) -> bool {
        r.min.x >= 0.0 && r.min.y >= 0.0 && r.max.x <= window.x && r.max.y <= window.y
    }

    fn apart(a: Rect, b: Rect) -> bool {
        a.max.x <= b.min.x || b.max.x <= a.min.x || a.max.y <= b.min.y || b.max.y <= a.min.y
    }

    #[test]
    fn preview_spot_right_of_the_panel_in_a_landscape_window() {
        // The level select's panel at 1280x720 (about 460 wide, centred).
        let window = Vec2::new(1280.0, 720.0);
        let p = panel(410.0, 60.0, 460.0, 620.0);
        let spot = preview_spot(window, p, arena(window)).expect("room for a picture");
        assert!(inside(spot, window) && apart(spot, p), "{spot:?}");
        assert!(spot.min.x >= p.max.x + PREVIEW_GAP - 0.01);
        let s = spot.size();
        assert!((s.x / s.y - ARENA_WIDTH / ARENA_HEIGHT).abs() < 1e-4);
        assert!(s.y > 300.0, "a large picture: {s:?}");
    }

    #[test]
    fn preview_spot_no_taller_than_the_list_on_a_4k_monitor() {
        let window = Vec2::new(3840.0, 2160.0);
        let p = panel(1500.0, 200.0, 840.0, 1000.0);
        let spot = preview_spot(window, p, arena(window)).expect("room for a picture");
        assert!(inside(spot, window) && apart(spot, p), "{spot:?}");
        assert!(
            spot.size().y <= p.size().y + 1e-3,
            "{spot:?} taller than the list"
        );
        assert!(spot.min.y >= p.min.y - PREVIEW_GAP && spot.max.y <= p.max.y + PREVIEW_GAP);
    }

    #[test]
    fn preview_spot_below_the_panel_on_a_phone() {
        // The level select's panel at 390x844 ends about 440 px down.
        let window = Vec2::new(390.0, 844.0);
        let p = panel(25.0, 145.0, 340.0, 300.0);
        let spot = preview_spot(window, p, arena(window)).expect("room below");
        assert!(inside(spot, window) && apart(spot, p), "{spot:?}");
        assert!(spot.min.y >= p.max.y);
    }

    #[test]
    fn preview_spot_none_when_the_list_fills_the_window() {
        // 720x900: the list of 13 levels reaches 760 px down, 450 px wide.
        let window = Vec2::new(720.0, 900.0);
        assert_eq!(
            preview_spot(window, panel(135.0, 150.0, 450.0, 612.0), arena(window)),
            None
        );
        assert_eq!(
            preview_spot(window, panel(0.0, 0.0, 720.0, 900.0), arena(window)),
            None
        );
    }
}
