//! The conversion moment (issue 40, item 5): a ball that changes sides is the
//! rule that makes Arkanong more than Arkanoid, yet playtesters read it as a
//! colour swap. The ring and burst (`shell/feel/effects.rs`) are over in under
//! half a second and stay where the touch was, so frames a tenth of a second
//! apart missed them. A mark rides on the converted ball instead: a halo in
//! the new owner's colour that stays at full strength for
//! [`MARK_FULL_SECONDS`] and fades over the rest of [`MARK_SECONDS`], so any
//! single frame of the first half second shows it wherever the ball went.
//! Beside it, each side's conversions are counted for the HUD ("converted 3").
//!
//! Headless: the shell feeds the events and each ball's place, and draws what
//! [`ConversionMarks::shown`] gives (the halo follows the Juice switch for
//! rings; the count is information and always shows).

use glam::Vec2;

use crate::game::GameEvent;
use crate::level::Side;
use crate::physics::BallId;

/// How long a mark rides on its ball, seconds.
pub const MARK_SECONDS: f32 = 0.9;

/// How long a mark stays at full strength before it fades, seconds: the
/// half second the issue asks any single frame to show it for, and a margin.
pub const MARK_FULL_SECONDS: f32 = 0.6;

/// How many pulses a mark beats over its life (its halo swells and settles).
const MARK_PULSES: f32 = 3.0;

/// The most marks kept at once: a shower of conversions in a stress arena
/// keeps the newest, so the work per frame stays bounded.
const MAX_MARKS: usize = 32;

/// A mark to draw this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkShown {
    /// The ball's new owner (the halo's colour).
    pub to: Side,
    /// Where the ball is now (or was last seen), arena units.
    pub at: Vec2,
    /// Opacity: 1 for [`MARK_FULL_SECONDS`], then falling to 0.
    pub alpha: f32,
    /// The halo's size against its rest size: pulses between 1 and about 1.4
    /// (1 throughout under reduced motion).
    pub swell: f32,
}

/// One mark: its ball, new owner, last place and age in seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Mark {
    ball: BallId,
    to: Side,
    at: Vec2,
    age: f32,
}

/// The marks riding on converted balls, and each side's conversions counted.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ConversionMarks {
    marks: Vec<Mark>,
    /// Conversions won by each side (bottom first) since the last [`Self::reset`].
    tally: [u32; 2],
}

impl ConversionMarks {
    /// Counts the conversions in `events` and marks their balls; `ball_at`
    /// says where a ball is (none when it has gone: then no mark, but it counts).
    /// A ball converted again loses its old mark to the new one.
    pub fn react(&mut self, events: &[GameEvent], ball_at: impl Fn(BallId) -> Option<Vec2>) {
        for event in events {
            let GameEvent::BallConverted { ball, to } = *event else {
                continue;
            };
            self.tally[to.index() as usize] += 1;
            self.marks.retain(|m| m.ball != ball);
            if let Some(at) = ball_at(ball) {
                if self.marks.len() == MAX_MARKS {
                    self.marks.remove(0);
                }
                self.marks.push(Mark {
                    ball,
                    to,
                    at,
                    age: 0.0,
                });
            }
        }
    }

    /// Takes back a conversion a rollback erased (online play): its count, and
    /// the mark on its ball.
    pub fn withdraw(&mut self, event: &GameEvent) {
        if let GameEvent::BallConverted { ball, to } = *event {
            let count = &mut self.tally[to.index() as usize];
            *count = count.saturating_sub(1);
            self.marks.retain(|m| m.ball != ball || m.to != to);
        }
    }

    /// Lets `dt` seconds pass: each mark moves to where its ball is now (it
    /// stays where the ball was last seen once the ball has gone), and a mark
    /// older than [`MARK_SECONDS`] ends.
    pub fn update(&mut self, dt: f32, ball_at: impl Fn(BallId) -> Option<Vec2>) {
        for m in &mut self.marks {
            m.age += dt.max(0.0);
            if let Some(at) = ball_at(m.ball) {
                m.at = at;
            }
        }
        self.marks.retain(|m| m.age < MARK_SECONDS);
    }

    /// The marks to draw this frame; under `reduced_motion` a halo does not pulse.
    pub fn shown(&self, reduced_motion: bool) -> impl Iterator<Item = MarkShown> + '_ {
        self.marks.iter().map(move |m| {
            let fading = MARK_SECONDS - MARK_FULL_SECONDS;
            let alpha = if m.age <= MARK_FULL_SECONDS {
                1.0
            } else {
                ((MARK_SECONDS - m.age) / fading).clamp(0.0, 1.0)
            };
            // A triangle wave rather than a sine: the core computes no
            // transcendental it can avoid (portable math), and a beat reads as well.
            let phase = (m.age / MARK_SECONDS * MARK_PULSES).fract();
            let beat = 1.0 - (2.0 * phase - 1.0).abs();
            let swell = if reduced_motion {
                1.0
            } else {
                1.0 + 0.4 * beat
            };
            MarkShown {
                to: m.to,
                at: m.at,
                alpha,
                swell,
            }
        })
    }

    /// Conversions won by `side` since the last reset.
    pub fn tally(&self, side: Side) -> u32 {
        self.tally[side.index() as usize]
    }

    /// The HUD's count for `side`: "converted 3", none before its first.
    pub fn hud_line(&self, side: Side) -> Option<String> {
        let n = self.tally(side);
        (n > 0).then(|| format!("converted {n}"))
    }

    /// The count where "converted 3" does not fit (a phone's top strip): "conv 3".
    pub fn hud_short(&self, side: Side) -> Option<String> {
        let n = self.tally(side);
        (n > 0).then(|| format!("conv {n}"))
    }

    /// Forgets the marks and the counts: a new game begins.
    pub fn reset(&mut self) {
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn converted(id: u32, to: Side) -> GameEvent {
        GameEvent::BallConverted {
            ball: BallId(id),
            to,
        }
    }

    /// A ball moving right at 300 units a second from (100, 400).
    fn moving(t: f32) -> Vec2 {
        Vec2::new(100.0 + 300.0 * t, 400.0)
    }

    #[test]
    fn every_frame_of_the_first_half_second_shows_the_mark_on_the_ball() {
        let mut marks = ConversionMarks::default();
        marks.react(&[converted(7, Side::Top)], |_| Some(moving(0.0)));
        // Frames of a slow machine (a tenth of a second) and of a fast one.
        for dt in [0.1_f32, 1.0 / 60.0] {
            let mut m = marks.clone();
            let mut t = 0.0;
            while t + dt <= 0.5 + 1e-4 {
                t += dt;
                m.update(dt, |id| (id == BallId(7)).then(|| moving(t)));
                let shown: Vec<MarkShown> = m.shown(false).collect();
                assert_eq!(shown.len(), 1, "at {t:.3} s");
                assert_eq!(shown[0].to, Side::Top);
                assert_eq!(shown[0].alpha, 1.0, "full strength at {t:.3} s");
                assert!(
                    shown[0].at.distance(moving(t)) < 1e-3,
                    "on the ball at {t:.3} s"
                );
            }
        }
    }

    #[test]
    fn a_mark_fades_then_ends_and_stays_where_its_ball_was_last_seen() {
        let mut m = ConversionMarks::default();
        m.react(&[converted(1, Side::Bottom)], |_| {
            Some(Vec2::new(50.0, 60.0))
        });
        m.update(MARK_FULL_SECONDS, |_| Some(Vec2::new(70.0, 60.0)));
        m.update(0.1, |_| None);
        let late = m.shown(false).next().expect("still showing");
        assert!(late.alpha > 0.0 && late.alpha < 1.0, "{}", late.alpha);
        assert_eq!(
            late.at,
            Vec2::new(70.0, 60.0),
            "where the ball was last seen"
        );
        m.update(MARK_SECONDS, |_| None);
        assert_eq!(m.shown(false).count(), 0, "ended");
        assert_eq!(m.tally(Side::Bottom), 1, "the count stays");
    }

    #[test]
    fn the_hud_counts_each_sides_conversions_and_a_rollback_takes_one_back() {
        let mut m = ConversionMarks::default();
        assert_eq!(m.hud_line(Side::Bottom), None, "nothing before the first");
        let here = |_| Some(Vec2::ZERO);
        m.react(
            &[converted(1, Side::Bottom), converted(2, Side::Bottom)],
            here,
        );
        m.react(&[converted(3, Side::Top)], here);
        assert_eq!(m.hud_line(Side::Bottom).as_deref(), Some("converted 2"));
        assert_eq!(m.hud_line(Side::Top).as_deref(), Some("converted 1"));
        assert_eq!(m.hud_short(Side::Top).as_deref(), Some("conv 1"));
        m.withdraw(&converted(2, Side::Bottom));
        assert_eq!(m.tally(Side::Bottom), 1);
        assert_eq!(
            m.shown(false).count(),
            2,
            "the withdrawn ball's mark is gone"
        );
        m.withdraw(&converted(9, Side::Top));
        m.withdraw(&converted(9, Side::Top));
        assert_eq!(m.tally(Side::Top), 0, "never below zero");
        m.reset();
        assert_eq!((m.tally(Side::Bottom), m.shown(false).count()), (0, 0));
    }

    #[test]
    fn a_ball_converted_back_wears_one_mark_in_its_new_colour() {
        let mut m = ConversionMarks::default();
        let here = |_| Some(Vec2::new(10.0, 10.0));
        m.react(&[converted(4, Side::Top)], here);
        m.update(0.2, here);
        m.react(&[converted(4, Side::Bottom)], here);
        let shown: Vec<MarkShown> = m.shown(false).collect();
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].to, Side::Bottom);
        assert_eq!(shown[0].alpha, 1.0, "a fresh mark");
    }

    #[test]
    fn the_halo_pulses_but_not_under_reduced_motion_and_marks_stay_bounded() {
        let mut m = ConversionMarks::default();
        let here = |_| Some(Vec2::ZERO);
        m.react(&[converted(1, Side::Top)], here);
        let swells: Vec<f32> = (0..9)
            .map(|_| {
                m.update(0.05, here);
                m.shown(false).next().unwrap().swell
            })
            .collect();
        assert!(swells.iter().any(|&s| s > 1.2) && swells.iter().any(|&s| s < 1.15));
        assert!(m.shown(true).all(|s| s.swell == 1.0));
        let shower: Vec<GameEvent> = (0..100).map(|i| converted(i, Side::Top)).collect();
        m.react(&shower, here);
        assert_eq!(m.shown(false).count(), MAX_MARKS);
        assert_eq!(m.tally(Side::Top), 101);
    }
}
