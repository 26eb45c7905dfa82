//! Power-up timer bars (issue 13): each timed power-up a player holds is shown by
//! their paddle as a thin bar in the power-up's colour that shrinks to nothing as
//! the effect runs out. Headless: this file says where the bars go; the shell
//! paints them.
//!
//! The bars stack behind the paddle, between it and its own goal line, so they
//! never cover the field a ball comes in from and never reach the other player's
//! zone. Only when the paddle is pushed so far back that the stack does not fit
//! there does it move to the paddle's front, just off its face.

use crate::geom::Rect;
use crate::level::{PowerUp, Side};
use crate::tuning::{ARENA_HEIGHT, EFFECT_SECONDS};

/// A bar's thickness, arena units (but never under [`BAR_MIN_PX`] pixels).
pub const BAR_THICKNESS: f32 = 4.0;
/// A bar's least thickness on screen, pixels, so a phone still shows it.
pub const BAR_MIN_PX: f32 = 3.0;
/// The gap between stacked bars, arena units (never under [`BAR_GAP_MIN_PX`]).
pub const BAR_GAP: f32 = 2.0;
/// The least gap between stacked bars on screen, pixels.
pub const BAR_GAP_MIN_PX: f32 = 1.5;
/// The gap between the paddle and the first bar, arena units: more than a
/// recoiling paddle moves back (`RECOIL_PUSH` less its squash), so the paddle
/// never covers a bar.
pub const BAR_CLEARANCE: f32 = 4.0;
/// Seconds left under which a bar is running out (the shell may blink it).
pub const BAR_WARNING_SECONDS: f32 = 2.0;

/// One timed power-up's bar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimerBar {
    /// Which power-up.
    pub power_up: PowerUp,
    /// The whole bar's slot, as wide as the paddle, arena units.
    pub track: Rect,
    /// What is left of the bar: centred in the track, `fraction` of its width.
    pub rect: Rect,
    /// The share of the effect's time left, 1 when fresh, 0 at expiry.
    pub fraction: f32,
    /// Seconds left.
    pub seconds_left: f32,
}

impl TimerBar {
    /// Whether it is about to run out.
    pub fn running_out(&self) -> bool {
        self.seconds_left < BAR_WARNING_SECONDS
    }
}

/// The share of a timed effect's time left, from its seconds left: 1 when fresh,
/// 0 at expiry (clamped: a longer effect is simply full).
pub fn time_fraction(seconds_left: f32) -> f32 {
    (seconds_left / EFFECT_SECONDS).clamp(0.0, 1.0)
}

/// The bars for `side`'s paddle (its bounding box `paddle`, arena units) and its
/// timed power-ups `active` with their seconds left (as `Effects::active` lists
/// them). The first listed sits nearest the paddle, so the stacking order is the
/// power-ups' fixed order and a bar never jumps when another starts or ends.
/// `units_per_px` is the view's arena units per pixel, for the least sizes on
/// screen.
pub fn timer_bars(
    paddle: Rect,
    side: Side,
    active: &[(PowerUp, f32)],
    units_per_px: f32,
) -> Vec<TimerBar> {
    let thickness = BAR_THICKNESS.max(BAR_MIN_PX * units_per_px);
    let gap = BAR_GAP.max(BAR_GAP_MIN_PX * units_per_px);
    let n = active.len() as f32;
    let stack = BAR_CLEARANCE + n * thickness + (n - 1.0).max(0.0) * gap;
    // Which way "behind" is: toward the goal line, y = height for the bottom
    // player and y = 0 for the top one.
    let (back_face, front_face, back) = match side {
        Side::Bottom => (paddle.max.y, paddle.min.y, 1.0),
        Side::Top => (paddle.min.y, paddle.max.y, -1.0),
    };
    let room_behind = match side {
        Side::Bottom => ARENA_HEIGHT - back_face,
        Side::Top => back_face,
    };
    // Outward from the paddle: behind it when the stack fits, else in front.
    let (face, out) = if stack <= room_behind {
        (back_face, back)
    } else {
        (front_face, -back)
    };
    active
        .iter()
        .enumerate()
        .map(|(k, &(power_up, seconds_left))| {
            let near = face + out * (BAR_CLEARANCE + k as f32 * (thickness + gap));
            let far = near + out * thickness;
            let (y0, y1) = (near.min(far), near.max(far));
            let fraction = time_fraction(seconds_left);
            let half = (paddle.max.x - paddle.min.x) * 0.5 * fraction;
            let cx = (paddle.min.x + paddle.max.x) * 0.5;
            TimerBar {
                power_up,
                track: Rect::new(
                    glam::Vec2::new(paddle.min.x, y0),
                    glam::Vec2::new(paddle.max.x, y1),
                ),
                rect: Rect::new(
                    glam::Vec2::new(cx - half, y0),
                    glam::Vec2::new(cx + half, y1),
                ),
                fraction,
                seconds_left,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::paddle_zone;
    use crate::tuning::{PADDLE_REST_OFFSET, PADDLE_THICKNESS};
    use glam::Vec2;

    /// A 100-wide paddle of `side` whose centre is `offset` from its goal line.
    fn paddle(side: Side, offset: f32) -> Rect {
        let y = match side {
            Side::Bottom => ARENA_HEIGHT - offset,
            Side::Top => offset,
        };
        let half = Vec2::new(50.0, PADDLE_THICKNESS * 0.5);
        Rect::new(Vec2::new(400.0, y) - half, Vec2::new(400.0, y) + half)
    }

    const ALL: [(PowerUp, f32); 3] = [
        (PowerUp::Catch, 12.0),
        (PowerUp::Laser, 6.0),
        (PowerUp::Shield, 0.5),
    ];

    #[test]
    fn timer_bar_fraction_shrinks_to_zero_at_expiry() {
        let p = paddle(Side::Bottom, PADDLE_REST_OFFSET);
        let mut last = f32::INFINITY;
        for tenth in (0..=120).rev() {
            let secs = tenth as f32 / 10.0;
            let bar = timer_bars(p, Side::Bottom, &[(PowerUp::Laser, secs)], 1.0)[0];
            let width = bar.rect.size().x;
            assert!(width <= last, "{secs}s: {width} grew from {last}");
            assert!((bar.rect.center().x - p.center().x).abs() < 1e-3);
            last = width;
        }
        let fresh = timer_bars(p, Side::Bottom, &[(PowerUp::Laser, EFFECT_SECONDS)], 1.0)[0];
        assert_eq!((fresh.fraction, fresh.rect.size().x), (1.0, 100.0));
        let half = timer_bars(p, Side::Bottom, &[(PowerUp::Laser, 6.0)], 1.0)[0];
        assert!((half.rect.size().x - 50.0).abs() < 1e-3);
        let gone = timer_bars(p, Side::Bottom, &[(PowerUp::Laser, 0.0)], 1.0)[0];
        assert_eq!((gone.fraction, gone.rect.size().x), (0.0, 0.0));
        assert!(gone.running_out() && !fresh.running_out());
    }

    #[test]
    fn timer_bars_stack_in_a_stable_order_behind_the_paddle_inside_its_zone() {
        for side in [Side::Bottom, Side::Top] {
            let p = paddle(side, PADDLE_REST_OFFSET);
            let bars = timer_bars(p, side, &ALL, 1.0);
            let kinds: Vec<_> = bars.iter().map(|b| b.power_up).collect();
            assert_eq!(kinds, [PowerUp::Catch, PowerUp::Laser, PowerUp::Shield]);
            // Each further from the paddle than the last, none overlapping it or
            // each other, all inside the owner's zone.
            let zone = paddle_zone(side);
            let mut last_gap = 0.0;
            for b in &bars {
                let gap = (b.track.center().y - p.center().y).abs();
                assert!(gap > last_gap, "{side:?}: {b:?}");
                last_gap = gap;
                assert!(!b.track.overlaps(&p) && b.rect.min.x >= p.min.x);
                assert!(zone.contains(b.track.min) && zone.contains(b.track.max));
            }
            for pair in bars.windows(2) {
                assert!(!pair[0].track.overlaps(&pair[1].track));
            }
            // Behind: between the paddle and its goal line.
            let goal = if side == Side::Bottom {
                ARENA_HEIGHT
            } else {
                0.0
            };
            assert!(
                (bars[0].track.center().y - p.center().y).signum()
                    == (goal - p.center().y).signum()
            );
            // One ending leaves the others where they were, in the same order.
            let fewer = timer_bars(p, side, &[ALL[0], ALL[2]], 1.0);
            assert_eq!(fewer[0].track, bars[0].track);
            assert_eq!(fewer[1].power_up, PowerUp::Shield);
        }
    }

    #[test]
    fn timer_bars_keep_a_readable_size_on_a_phone_and_move_in_front_when_no_room_behind() {
        // A phone shows the arena at about 0.45 px per unit: 2.2 units a pixel.
        let units_per_px = 2.2;
        let p = paddle(Side::Bottom, PADDLE_REST_OFFSET);
        let bars = timer_bars(p, Side::Bottom, &ALL, units_per_px);
        for b in &bars {
            assert!(b.track.size().y / units_per_px >= BAR_MIN_PX - 1e-4);
            assert!(b.track.min.y > p.max.y && b.track.max.y <= ARENA_HEIGHT);
        }
        // The paddle right back against its goal clearance: the stack goes in front,
        // still off the paddle and inside the zone.
        let back = paddle(Side::Bottom, 32.0);
        let zone = paddle_zone(Side::Bottom);
        for b in timer_bars(back, Side::Bottom, &ALL, units_per_px) {
            assert!(b.track.max.y < back.min.y, "{b:?}");
            assert!(zone.contains(b.track.min));
        }
    }

    #[test]
    fn no_timed_power_up_no_bars() {
        let p = paddle(Side::Top, PADDLE_REST_OFFSET);
        assert!(timer_bars(p, Side::Top, &[], 1.0).is_empty());
    }
}
