//! The conversion call (issue 32): the game's own rule, a ball turning to the
//! other side when another side's ball touches it, was explained only in the lab,
//! and playtesters never noticed it. The first few conversions a player sees are
//! called out where they happen ("CONVERTED!", in the new owner's colour, with a
//! line saying what it means); after that the ring, the burst and the sting
//! carry it alone. The call teaches rather than decorates, so it has no Juice
//! switch and shows under reduced motion (it only fades). Headless: the shell
//! feeds it the player's events (never the attract game's, so the calls are not
//! spent behind the menus) and draws it (`shell/feel/effects.rs`).

use glam::Vec2;

use crate::game::GameEvent;
use crate::level::{arena, Side};
use crate::physics::BallId;

/// How many conversions are called out, per run of the game.
pub const CONVERSION_CALLS: u32 = 3;

/// How long a call shows, seconds.
pub const CONVERSION_CALL_SECONDS: f32 = 1.8;

/// How long a call takes to settle from its punch to its size, seconds.
pub const CONVERSION_CALL_PUNCH_SECONDS: f32 = 0.15;

/// How much larger a call starts than it settles.
pub const CONVERSION_CALL_PUNCH: f32 = 0.4;

/// How far in from the arena's side walls a call's centre stays, as a share of
/// the arena's width, so its words are never cut by the wall.
const CALL_MARGIN: f32 = 0.3;

/// The call's first line.
pub const CONVERSION_TITLE: &str = "CONVERTED!";

/// The call's second line: what happened, in a newcomer's words.
pub const CONVERSION_LINE: &str = "touched by the other colour, it changed sides";

/// A call to draw this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConversionShown {
    /// The ball's new owner (the call's colour).
    pub to: Side,
    /// Where its centre is, arena units (where the ball turned, kept off the
    /// walls).
    pub at: Vec2,
    /// Opacity: 1 while fresh, falling to 0 over the last third.
    pub alpha: f32,
    /// Size against its rest size: above 1 for the first moment (a punch).
    pub scale: f32,
}

/// The conversions called so far and the one showing.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ConversionCall {
    called: u32,
    /// The call showing: its new owner, its place and its age in seconds.
    showing: Option<(Side, Vec2, f32)>,
}

impl ConversionCall {
    /// Calls out the conversions in `events` while fewer than
    /// [`CONVERSION_CALLS`] have been; `ball_at` says where a ball is (none when
    /// it has gone: the arena's centre then). Conversions in one step make one
    /// call.
    pub fn react(&mut self, events: &[GameEvent], ball_at: impl Fn(BallId) -> Option<Vec2>) {
        if self.called >= CONVERSION_CALLS {
            return;
        }
        let first = events.iter().find_map(|e| match *e {
            GameEvent::BallConverted { ball, to } => Some((ball, to)),
            _ => None,
        });
        let Some((ball, to)) = first else {
            return;
        };
        let a = arena();
        let p = ball_at(ball).unwrap_or(a.center());
        let margin = a.size().x * CALL_MARGIN;
        let at = Vec2::new(p.x.clamp(a.min.x + margin, a.max.x - margin), p.y);
        self.called += 1;
        self.showing = Some((to, at, 0.0));
    }

    /// Lets `dt` seconds pass; a call older than [`CONVERSION_CALL_SECONDS`] ends.
    pub fn update(&mut self, dt: f32) {
        self.showing = self
            .showing
            .map(|(to, at, age)| (to, at, age + dt))
            .filter(|&(.., age)| age < CONVERSION_CALL_SECONDS);
    }

    /// How many conversions have been called out.
    pub fn called(&self) -> u32 {
        self.called
    }

    /// The call to draw this frame, if one shows.
    pub fn shown(&self) -> Option<ConversionShown> {
        let (to, at, age) = self.showing?;
        let t = (age / CONVERSION_CALL_SECONDS).clamp(0.0, 1.0);
        let fade_from = 2.0 / 3.0;
        let alpha = if t < fade_from {
            1.0
        } else {
            (1.0 - t) / (1.0 - fade_from)
        };
        let punch = (1.0 - age / CONVERSION_CALL_PUNCH_SECONDS).max(0.0);
        Some(ConversionShown {
            to,
            at,
            alpha,
            scale: 1.0 + CONVERSION_CALL_PUNCH * punch,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::feel::converted;

    #[test]
    fn a_conversion_is_called_where_the_ball_turned_in_the_new_owners_colour() {
        let mut c = ConversionCall::default();
        assert_eq!(c.shown(), None);
        let a = arena();
        let middle = a.center();
        c.react(&[converted(4, Side::Top)], |id| {
            (id == BallId(4)).then_some(middle)
        });
        let s = c.shown().expect("called");
        assert_eq!((s.to, s.at, s.alpha), (Side::Top, middle, 1.0));
        assert!(s.scale > 1.0, "it starts with a punch");
        c.update(CONVERSION_CALL_PUNCH_SECONDS);
        assert_eq!(c.shown().unwrap().scale, 1.0);
        c.update(CONVERSION_CALL_SECONDS * 0.8);
        let late = c.shown().expect("still showing");
        assert!(late.alpha > 0.0 && late.alpha < 1.0, "{}", late.alpha);
        c.update(CONVERSION_CALL_SECONDS * 0.2);
        assert_eq!(c.shown(), None);
    }

    #[test]
    fn only_the_first_conversions_are_called_one_per_step() {
        let mut c = ConversionCall::default();
        let nowhere = |_| None;
        c.react(
            &[converted(1, Side::Bottom), converted(2, Side::Bottom)],
            nowhere,
        );
        assert_eq!(c.called(), 1, "one call for a step's conversions");
        c.react(&[GameEvent::LaserFired { side: Side::Top }], nowhere);
        assert_eq!(c.called(), 1, "no conversion, no call");
        for _ in 0..10 {
            c.update(CONVERSION_CALL_SECONDS);
            c.react(&[converted(1, Side::Top)], nowhere);
        }
        assert_eq!(c.called(), CONVERSION_CALLS);
        assert_eq!(c.shown(), None, "past the first few, no call");
    }

    #[test]
    fn a_call_by_the_wall_stays_clear_of_it() {
        let mut c = ConversionCall::default();
        let a = arena();
        let corner = Vec2::new(a.min.x + 5.0, a.center().y);
        c.react(&[converted(0, Side::Bottom)], |_| Some(corner));
        let s = c.shown().unwrap();
        assert!(s.at.x >= a.min.x + a.size().x * CALL_MARGIN - 1e-3);
        assert_eq!(s.at.y, corner.y);
    }
}
