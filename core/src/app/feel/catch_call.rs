//! The catch call (issue 25): catching a capsule names its power-up at the paddle
//! for a moment ("LASER", "ENLARGE"), so a player learns what each letter does
//! without reading the HUD corner. Headless: the shell feeds it events and time,
//! and draws the words by the catching paddle (`shell/play/paddles.rs`). On by
//! default, with its switch on the Juice page (`juice.catch_call`) like every
//! decoration, for a player who knows the letters and wants the field clear.

use crate::game::GameEvent;
use crate::level::{PowerUp, Side};

/// How long a power-up's name stays at the paddle, seconds.
pub const CATCH_CALL_SECONDS: f32 = 1.4;

/// How far the name drifts away from the paddle while it shows, arena units.
pub const CATCH_CALL_RISE: f32 = 18.0;

/// The name shown this frame for one side.
#[derive(Debug, Clone, PartialEq)]
pub struct CallShown {
    /// The words: the power-up's own name, in capitals ("EXTRA LIFE").
    pub text: String,
    /// The power-up caught (its capsule colour marks the words).
    pub power_up: PowerUp,
    /// Opacity, 1 while fresh, falling to 0 over the last third.
    pub alpha: f32,
    /// How far from its start the name has drifted, arena units (away from the
    /// paddle, into the field).
    pub rise: f32,
}

/// The last catch of each side and its age, seconds.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CatchCall {
    calls: [Option<(PowerUp, f32)>; 2],
}

/// The words a catch of `p` shows: its name in capitals.
pub fn call_text(p: PowerUp) -> String {
    p.name().to_uppercase()
}

impl CatchCall {
    /// Starts a call for each capsule caught in `events`; a new catch replaces
    /// the side's last one.
    pub fn react(&mut self, events: &[GameEvent]) {
        for e in events {
            if let GameEvent::CapsuleCaught { side, power_up } = *e {
                self.calls[side.index() as usize] = Some((power_up, 0.0));
            }
        }
    }

    /// Lets `dt` seconds pass; a call older than [`CATCH_CALL_SECONDS`] ends.
    pub fn update(&mut self, dt: f32) {
        for call in &mut self.calls {
            *call = call
                .map(|(p, age)| (p, age + dt))
                .filter(|&(_, age)| age < CATCH_CALL_SECONDS);
        }
    }

    /// What `side`'s paddle shows this frame, if it caught something lately.
    pub fn shown(&self, side: Side) -> Option<CallShown> {
        let (power_up, age) = self.calls[side.index() as usize]?;
        let t = (age / CATCH_CALL_SECONDS).clamp(0.0, 1.0);
        let fade_from = 2.0 / 3.0;
        let alpha = if t < fade_from {
            1.0
        } else {
            (1.0 - t) / (1.0 - fade_from)
        };
        // Quick at first, then settling: 1 - (1 - t)^2.
        let rise = CATCH_CALL_RISE * (1.0 - (1.0 - t) * (1.0 - t));
        Some(CallShown {
            text: call_text(power_up),
            power_up,
            alpha,
            rise,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catch_names_its_power_up_at_its_own_paddle_then_fades() {
        let mut c = CatchCall::default();
        assert_eq!(c.shown(Side::Bottom), None);
        c.react(&[GameEvent::CapsuleCaught {
            side: Side::Bottom,
            power_up: PowerUp::Laser,
        }]);
        let fresh = c.shown(Side::Bottom).expect("shown");
        assert_eq!(fresh.text, "LASER");
        assert_eq!((fresh.alpha, fresh.rise), (1.0, 0.0));
        assert_eq!(c.shown(Side::Top), None);
        c.update(CATCH_CALL_SECONDS * 0.9);
        let late = c.shown(Side::Bottom).expect("still shown");
        assert!(late.alpha > 0.0 && late.alpha < 1.0, "{}", late.alpha);
        assert!(late.rise > 0.0 && late.rise <= CATCH_CALL_RISE);
        c.update(CATCH_CALL_SECONDS * 0.2);
        assert_eq!(c.shown(Side::Bottom), None);
    }

    #[test]
    fn a_new_catch_replaces_the_sides_last_call() {
        let mut c = CatchCall::default();
        let catch = |p| GameEvent::CapsuleCaught {
            side: Side::Top,
            power_up: p,
        };
        c.react(&[catch(PowerUp::Enlarge)]);
        c.update(0.5);
        c.react(&[catch(PowerUp::ExtraLife)]);
        let s = c.shown(Side::Top).expect("shown");
        assert_eq!((s.text.as_str(), s.alpha), ("EXTRA LIFE", 1.0));
    }

    #[test]
    fn every_power_up_has_a_name_of_its_own() {
        let mut names: Vec<String> = PowerUp::ALL.into_iter().map(call_text).collect();
        assert!(names.iter().all(|n| n.len() >= 4), "{names:?}");
        names.sort();
        names.dedup();
        assert_eq!(names.len(), PowerUp::ALL.len());
    }
}
