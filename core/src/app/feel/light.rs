//! The light (issue 41, item 3), headless: whether the shell's glow pass runs
//! this frame, and how much light each kind of thing gives. The pass itself
//! (the light map's render target, the additive composite shader) is the
//! shell's `shell/light/`; it only reads the game.

use crate::app::feel::Juice;

/// Above this many balls in play the glow pass is left out: the stress mode's
/// thousands of balls would each be one more quad to light for a glow no one
/// could tell apart, and the stress frame must stay as cheap as it was.
pub const LIGHT_MAX_BALLS: usize = 256;

/// How much brighter the glow pass makes the table, at most: the light map is
/// added times this (so the floor near a ball reads as lit, while the
/// ball, drawn over it, keeps its own colour).
pub const LIGHT_STRENGTH: f32 = 1.5;

/// The light map's size as a share of the window's, each way: an eighth. The
/// emitters are soft spots already, and the composite's linear filter
/// stretching the map eight times softens every edge drawn into it, so the
/// map needs no blur pass of its own: on a software GL each pass into a
/// render target costs a wait for the one before (docs/look.md, "What a frame
/// costs").
pub const LIGHT_MAP_SHARE: f32 = 0.125;

/// A ball's light: a soft spot this many ball radii across its half-width.
pub const BALL_LIGHT_RADII: f32 = 6.0;

/// Whether the glow pass runs: the Juice switch as shown (`shown` is
/// `Juice::shown(reduced_motion)`, so reduced motion already turned it off),
/// not under high contrast (added light lifts the black floor the high-contrast
/// palette is measured against), and not in a crowd of more than
/// [`LIGHT_MAX_BALLS`] balls.
pub fn light_shown(shown: Juice, high_contrast: bool, balls: usize) -> bool {
    shown.light && !high_contrast && balls <= LIGHT_MAX_BALLS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::feel::Effect;

    #[test]
    fn the_glow_pass_runs_by_default_and_each_reason_turns_it_off() {
        let on = Juice::default();
        assert!(light_shown(on.shown(false), false, 2));
        assert!(light_shown(on.shown(false), false, LIGHT_MAX_BALLS));
        // Reduced motion, high contrast, a crowd, its own switch: each alone.
        assert!(!light_shown(on.shown(true), false, 2));
        assert!(!light_shown(on.shown(false), true, 2));
        assert!(!light_shown(on.shown(false), false, LIGHT_MAX_BALLS + 1));
        assert!(!light_shown(on.shown(false), false, 5_000));
        let mut off = on;
        off.toggle(Effect::Light);
        assert!(!light_shown(off.shown(false), false, 2));
        // The switch moves only the light.
        assert_eq!(Juice { light: true, ..off }, on);
    }
}
