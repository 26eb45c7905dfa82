//! Fingers into each side's pointer, on one phone: alone, any finger steers the
//! player; two players each have their own half of the screen (the top half, or
//! in landscape the left half where the top player's panel is, for the top
//! paddle). A finger over the arena or in the portrait touch strip puts the
//! paddle under it; a thumb in a landscape side panel (a thumb zone, beside the
//! arena) moves the paddle by as much as the thumb moves, from where the paddle
//! was when the thumb went down, so a thumb at the window's edge does not pin the
//! paddle to the wall.

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

/// Where a thumb went down in a thumb zone and where its paddle was then.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Anchor {
    id: u64,
    finger: Vec2,
    paddle: Vec2,
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
        for side in [Side::Bottom, Side::Top] {
            let i = usize::from(side.index());
            let finger = fingers
                .iter()
                .find(|f| touch_side(layout, f.at, two_players) == side);
            let Some(f) = finger else {
                self.anchors[i] = None;
                continue;
            };
            let position = match paddles[i].filter(|_| in_thumb_zone(layout, f.at)) {
                Some(paddle) => {
                    let a = match self.anchors[i] {
                        Some(a) if a.id == f.id => a,
                        _ => Anchor {
                            id: f.id,
                            finger: f.at,
                            paddle,
                        },
                    };
                    self.anchors[i] = Some(a);
                    a.paddle + (f.at - a.finger) / layout.scale.max(1e-3) * THUMB_GAIN
                }
                None => {
                    self.anchors[i] = None;
                    to_world(f.at)
                }
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
        // Over the arena a finger still puts the paddle under it.
        let over = [finger(9, l.field.center().x, 300.0)];
        let p = steer.pointers(&over, &l, false, [Some(moved), None], world(&l))[0];
        assert!((p.unwrap().position - world(&l)(over[0].at)).length() < 1e-3);
    }
}
