//! Fingers into each side's pointer, on one phone: alone, any finger steers the
//! player; two players each have their own half of the screen (the top half, or
//! in landscape the left half where the top player's panel is, for the top
//! paddle), and a finger stays its side's from its press to its lift, wherever it
//! slides. A finger over the arena or in the portrait touch strip puts the
//! paddle under it once it has moved past a tap's travel ([`TAP_SLOP`]), so a tap
//! to serve or fire never moves the paddle; a thumb in a landscape side panel (a
//! thumb zone, beside the arena: the landscape touch strips) moves the paddle by
//! as much as the thumb moves, from where the paddle was when the thumb went
//! down, so a thumb at the window's edge does not pin the paddle to the wall. A
//! lifted finger steers nothing: the shell then sends no pointer, and the
//! paddle stays where it was.

use glam::Vec2;

use super::Pointer;
use crate::app::layout::{Layout, Orientation};
use crate::level::Side;

/// Arena travel per pixel of thumb travel in a thumb zone, as a multiple of the
/// arena's own scale: 1.5 crosses the arena with a thumb movement two thirds of
/// its width on screen (a thumb zone is narrower than the arena).
pub const THUMB_GAIN: f32 = 1.5;

/// One finger on the screen this frame, as the shell read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Finger {
    /// The platform's id for the finger, the same from its press to its release.
    pub id: u64,
    /// Where it is, window pixels.
    pub at: Vec2,
    /// It went down this frame (a tap serves).
    pub pressed: bool,
}

/// How far (window pixels) a finger over the arena travels before the paddle
/// goes under it: a tap's travel, as the pointer reader's tap test allows.
pub const TAP_SLOP: f32 = 14.0;

/// Where a finger went down and where its side's paddle was then.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Anchor {
    id: u64,
    finger: Vec2,
    paddle: Vec2,
    /// The finger has travelled past [`TAP_SLOP`]: it is a drag, not a tap.
    dragged: bool,
}

/// Each side's thumb anchor, kept from frame to frame (see the module comment).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TouchSteer {
    anchors: [Option<Anchor>; 2],
}

/// Whose half of the window `at` is in: alone, always the bottom player's.
pub fn touch_side(layout: &Layout, at: Vec2, two_players: bool) -> Side {
    let top_half = match layout.orientation {
        Orientation::Portrait => at.y < layout.window.y * 0.5,
        // The top player's panel is on the left (see `app::layout`).
        Orientation::Landscape => at.x < layout.window.x * 0.5,
    };
    if two_players && top_half {
        Side::Top
    } else {
        Side::Bottom
    }
}

/// Whether `at` is in a landscape thumb zone: beside the arena, not over it.
pub fn in_thumb_zone(layout: &Layout, at: Vec2) -> bool {
    layout.orientation == Orientation::Landscape
        && (at.x < layout.field.min.x || at.x > layout.field.max.x)
}

impl TouchSteer {
    /// This frame's pointer for each side (by `Side::index`), in arena units, from
    /// `fingers` (the first finger in a side's half steers it). `paddles` are
    /// the paddles' places, arena units; `to_world` turns window pixels into
    /// arena units.
    pub fn pointers(
        &mut self,
        fingers: &[Finger],
        layout: &Layout,
        two_players: bool,
        paddles: [Option<Vec2>; 2],
        to_world: impl Fn(Vec2) -> Vec2,
    ) -> [Option<Pointer>; 2] {
        let mut out = [None, None];
        if !two_players {
            self.anchors[1] = None;
        }
        for side in [Side::Bottom, Side::Top] {
            let i = usize::from(side.index());
            if side == Side::Top && !two_players {
                continue;
            }
            let other = self.anchors[1 - i]
                .filter(|a| fingers.iter().any(|f| f.id == a.id && !f.pressed))
                .map(|a| a.id);
            // The finger this side already holds, else a new one in its half
            // that the other side does not hold. A finger pressed this frame is
            // new whatever its id: platforms reuse ids (a browser's touches can
            // all be 0), so an id held before a lift the reader never saw must
            // not keep the new finger on the old side.
            let held =
                self.anchors[i].and_then(|a| fingers.iter().find(|f| f.id == a.id && !f.pressed));
            let finger = held.or_else(|| {
                fingers
                    .iter()
                    .find(|f| Some(f.id) != other && touch_side(layout, f.at, two_players) == side)
            });
            let Some(f) = finger else {
                self.anchors[i] = None;
                continue;
            };
            let paddle = paddles[i].unwrap_or_else(|| to_world(f.at));
            let mut a = match self.anchors[i] {
                Some(a) if a.id == f.id => a,
                _ => Anchor {
                    id: f.id,
                    finger: f.at,
                    paddle,
                    dragged: false,
                },
            };
            a.dragged |= f.at.distance(a.finger) > TAP_SLOP;
            self.anchors[i] = Some(a);
            let position = if in_thumb_zone(layout, a.finger) {
                a.paddle + (f.at - a.finger) / layout.scale.max(1e-3) * THUMB_GAIN
            } else if a.dragged {
                to_world(f.at)
            } else {
                a.paddle
            };
            out[i] = Some(Pointer {
                position,
                pressed: true,
                just_pressed: f.pressed,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::layout;

    fn finger(id: u64, x: f32, y: f32) -> Finger {
        Finger {
            id,
            at: Vec2::new(x, y),
            pressed: false,
        }
    }

    fn world(l: &Layout) -> impl Fn(Vec2) -> Vec2 + '_ {
        move |p| (p - l.origin) / l.scale
    }

    #[test]
    fn touch_steer_two_players_each_steer_from_their_own_half() {
        let l = layout(Vec2::new(390.0, 844.0), true);
        let mut steer = TouchSteer::default();
        let fingers = [finger(1, 100.0, 100.0), finger(2, 300.0, 820.0)];
        let [bottom, top] = steer.pointers(&fingers, &l, true, [None, None], world(&l));
        let (bottom, top) = (bottom.unwrap(), top.unwrap());
        assert!((top.position - world(&l)(Vec2::new(100.0, 100.0))).length() < 1e-3);
        assert!((bottom.position - world(&l)(Vec2::new(300.0, 820.0))).length() < 1e-3);
        // A finger near the top moves the top paddle, not the bottom one.
        let [bottom, top] = steer.pointers(&fingers[..1], &l, true, [None, None], world(&l));
        assert!(bottom.is_none() && top.is_some());
        // Alone, the same finger steers the player.
        let [bottom, top] = steer.pointers(&fingers[..1], &l, false, [None, None], world(&l));
        assert!(bottom.is_some() && top.is_none());
        // Landscape: the left half is the top player's (their panel is there).
        let wide = layout(Vec2::new(844.0, 390.0), true);
        assert_eq!(touch_side(&wide, Vec2::new(100.0, 380.0), true), Side::Top);
        assert_eq!(
            touch_side(&wide, Vec2::new(700.0, 10.0), true),
            Side::Bottom
        );
    }

    #[test]
    fn touch_steer_a_new_press_with_a_reused_id_goes_to_the_half_it_lands_in() {
        let l = layout(Vec2::new(390.0, 844.0), true);
        let mut steer = TouchSteer::default();
        // Finger 0 at the bottom, lifted without the steer seeing a frame
        // without it, then finger 0 again (the browser reuses ids) at the top.
        let bottom = [finger(0, 195.0, 800.0)];
        let [b, t] = steer.pointers(&bottom, &l, true, [None, None], world(&l));
        assert!(b.is_some() && t.is_none());
        let top = [Finger {
            pressed: true,
            ..finger(0, 195.0, 50.0)
        }];
        let [b, t] = steer.pointers(&top, &l, true, [None, None], world(&l));
        assert!(
            b.is_none() && t.is_some(),
            "the new press in the top half is the top player's"
        );
        // Held and slid into the bottom half, it stays the top player's.
        let slid = [finger(0, 195.0, 700.0)];
        let [b, t] = steer.pointers(&slid, &l, true, [None, None], world(&l));
        assert!(b.is_none() && t.is_some());
    }

    #[test]
    fn touch_steer_landscape_thumb_moves_the_paddle_relative_to_where_it_went_down() {
        let l = layout(Vec2::new(844.0, 390.0), true);
        assert_eq!(l.orientation, Orientation::Landscape);
        let thumb_x = l.field.max.x + 60.0;
        assert!(in_thumb_zone(&l, Vec2::new(thumb_x, 300.0)));
        assert!(!in_thumb_zone(&l, l.field.center()));
        let paddle = Vec2::new(400.0, 900.0);
        let mut steer = TouchSteer::default();
        let at = |x: f32| [finger(7, x, 300.0)];
        let first = steer.pointers(&at(thumb_x), &l, false, [Some(paddle), None], world(&l))[0];
        assert_eq!(
            first.unwrap().position,
            paddle,
            "the thumb's press moves nothing"
        );
        // The thumb 40 px right: the paddle's target 40 px times the gain, in
        // arena units, right of where it was (not at the wall under the thumb).
        let moved = Vec2::new(123.0, 880.0);
        let p = steer.pointers(
            &at(thumb_x + 40.0),
            &l,
            false,
            [Some(moved), None],
            world(&l),
        )[0];
        let want = paddle.x + 40.0 / l.scale * THUMB_GAIN;
        assert!((p.unwrap().position.x - want).abs() < 1e-3, "{p:?}");
        assert!(want < 800.0, "inside the arena");
        // Lifted and put down again: a new anchor at the paddle's place then.
        steer.pointers(&[], &l, false, [Some(moved), None], world(&l));
        let again = [finger(8, thumb_x + 40.0, 300.0)];
        let p = steer.pointers(&again, &l, false, [Some(moved), None], world(&l))[0];
        assert_eq!(p.unwrap().position, moved);
        // Over the arena a finger still puts the paddle under it, once it moves.
        let over = [finger(9, l.field.center().x, 300.0)];
        steer.pointers(&over, &l, false, [Some(moved), None], world(&l));
        let slid = [finger(9, l.field.center().x + 30.0, 300.0)];
        let p = steer.pointers(&slid, &l, false, [Some(moved), None], world(&l))[0];
        assert!((p.unwrap().position - world(&l)(slid[0].at)).length() < 1e-3);
    }

    #[test]
    fn touch_steer_a_tap_to_serve_never_moves_the_paddle() {
        for size in [Vec2::new(390.0, 844.0), Vec2::new(844.0, 390.0)] {
            let l = layout(size, true);
            let paddle = Vec2::new(400.0, 900.0);
            for at in [l.field.center(), Vec2::new(size.x - 5.0, size.y * 0.5)] {
                let mut steer = TouchSteer::default();
                let tap = Finger {
                    pressed: true,
                    ..finger(3, at.x, at.y)
                };
                let p = steer.pointers(&[tap], &l, false, [Some(paddle), None], world(&l))[0];
                let p = p.unwrap();
                assert_eq!(p.position, paddle, "{size} {at}");
                assert!(p.just_pressed, "the tap serves");
                // A finger held still (a press to fire) keeps it there too.
                let held = steer.pointers(
                    &[finger(3, at.x, at.y)],
                    &l,
                    false,
                    [Some(paddle), None],
                    world(&l),
                )[0];
                assert_eq!(held.unwrap().position, paddle);
            }
        }
        // Over the arena, a finger trembling within a tap's travel moves nothing.
        let l = layout(Vec2::new(390.0, 844.0), true);
        let mut steer = TouchSteer::default();
        let c = l.field.center();
        let at = Vec2::new(400.0, 900.0);
        let paddle = Some(at);
        steer.pointers(&[finger(4, c.x, c.y)], &l, false, [paddle, None], world(&l));
        let p = steer.pointers(
            &[finger(4, c.x + 6.0, c.y)],
            &l,
            false,
            [paddle, None],
            world(&l),
        );
        assert_eq!(p[0].unwrap().position, at);
    }

    #[test]
    fn touch_steer_two_players_fingers_never_steer_each_other() {
        let l = layout(Vec2::new(390.0, 844.0), true);
        let mut steer = TouchSteer::default();
        let paddles = [Some(Vec2::new(400.0, 900.0)), Some(Vec2::new(400.0, 100.0))];
        // The bottom player's finger goes down in their half...
        steer.pointers(&[finger(1, 200.0, 700.0)], &l, true, paddles, world(&l));
        // ...and slides far into the top half: still the bottom player's.
        let [bottom, top] =
            steer.pointers(&[finger(1, 200.0, 200.0)], &l, true, paddles, world(&l));
        assert!(bottom.is_some() && top.is_none());
        // The top player's finger arrives: each keeps their own.
        let both = [finger(1, 200.0, 200.0), finger(2, 300.0, 150.0)];
        let [bottom, top] = steer.pointers(&both, &l, true, paddles, world(&l));
        assert_eq!(bottom.unwrap().position, world(&l)(Vec2::new(200.0, 200.0)));
        assert_eq!(
            top.unwrap().position,
            paddles[1].unwrap(),
            "a press, not a drag yet"
        );
        // The bottom finger lifts: the top player's finger does not take the bottom paddle.
        let [bottom, top] = steer.pointers(&both[1..], &l, true, paddles, world(&l));
        assert!(bottom.is_none() && top.is_some());
    }
}
