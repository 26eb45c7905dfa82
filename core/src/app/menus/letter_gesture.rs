//! A finger (or the mouse) on one of the name entry's letters, as taps, holds and
//! swipes: a tap on the upper half turns the letter one place up the alphabet, on
//! the lower half one down; holding keeps turning it; a swipe up or down turns it
//! a place per [`SWIPE_STEP_PX`]. Headless: the shell says where the press landed
//! and where the finger is each frame, and sends the turns this returns.

use crate::app::input::MenuInput;

/// How long a finger rests on a letter before it starts turning by itself, seconds.
pub const HOLD_DELAY_S: f32 = 0.45;
/// Then one turn every this many seconds (about eleven letters a second).
pub const HOLD_REPEAT_S: f32 = 0.09;
/// A swipe this long turns the letter one place, pixels (26 places in under
/// the height of a phone's screen, two or three swipes).
pub const SWIPE_STEP_PX: f32 = 22.0;
/// A finger that moved this far is swiping, not holding, pixels.
const SWIPE_START_PX: f32 = 10.0;
/// The most one frame adds to a hold, seconds: a slow frame (a loaded phone)
/// does not turn a tap into a hold.
const MAX_FRAME_S: f32 = 0.2;

/// One finger's gesture on a letter, from its press to its release.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Press {
    /// Which letter, from the left.
    slot: usize,
    /// It landed on the upper half (turns up) or the lower (down).
    up: bool,
    /// Where the last counted swipe step left the finger, pixels (y grows down).
    anchor_y: f32,
    /// How long it has been down, seconds.
    held: f32,
    /// Turns it has made so far (by holding or swiping): a release then is no tap.
    turns: u32,
    /// No frame has been counted yet: the first one's time was spent before the
    /// press (a frame's time is the one before it).
    fresh: bool,
    /// It has moved far enough to be a swipe.
    swiping: bool,
}

/// The name entry's letter gesture (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LetterGesture {
    press: Option<Press>,
}

impl LetterGesture {
    /// A press landed on letter `slot`'s upper (`up`) or lower half, at height `y`.
    pub fn press(&mut self, slot: usize, up: bool, y: f32) {
        self.press = Some(Press {
            slot,
            up,
            anchor_y: y,
            held: 0.0,
            turns: 0,
            swiping: false,
            fresh: true,
        });
    }

    /// Whether a press on a letter is being followed.
    pub fn active(&self) -> bool {
        self.press.is_some()
    }

    /// The finger is still down, at height `y`, `dt` seconds after the last
    /// frame: the turns its hold or swipe makes this frame.
    pub fn hold(&mut self, y: f32, dt: f32) -> Vec<MenuInput> {
        let Some(p) = self.press.as_mut() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let moved = y - p.anchor_y;
        p.swiping |= moved.abs() >= SWIPE_START_PX;
        if p.swiping {
            let steps = (moved / SWIPE_STEP_PX).trunc();
            p.anchor_y += steps * SWIPE_STEP_PX;
            // Up the screen (y falling) turns up the alphabet.
            let turn = MenuInput::Letter {
                slot: p.slot,
                up: steps < 0.0,
            };
            out.extend(std::iter::repeat_n(turn, steps.abs() as usize));
        } else {
            let before = p.held;
            if !p.fresh {
                p.held += dt.clamp(0.0, MAX_FRAME_S);
            }
            let count = |t: f32| {
                if t < HOLD_DELAY_S {
                    0
                } else {
                    1 + ((t - HOLD_DELAY_S) / HOLD_REPEAT_S) as usize
                }
            };
            let turn = MenuInput::Letter {
                slot: p.slot,
                up: p.up,
            };
            out.extend(std::iter::repeat_n(turn, count(p.held) - count(before)));
        }
        p.fresh = false;
        p.turns += out.len() as u32;
        out
    }

    /// The finger lifted: a press that neither held long nor swiped is a tap,
    /// and turns the letter once.
    pub fn release(&mut self) -> Option<MenuInput> {
        let p = self.press.take()?;
        (p.turns == 0 && !p.swiping).then_some(MenuInput::Letter {
            slot: p.slot,
            up: p.up,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(inputs: &[MenuInput]) -> i32 {
        inputs
            .iter()
            .map(|i| match i {
                MenuInput::Letter { up: true, .. } => 1,
                MenuInput::Letter { up: false, .. } => -1,
                _ => 0,
            })
            .sum()
    }

    #[test]
    fn letter_gesture_tap_turns_once_on_release() {
        let mut g = LetterGesture::default();
        g.press(1, true, 100.0);
        assert!(g.hold(101.0, 0.1).is_empty());
        assert_eq!(g.release(), Some(MenuInput::Letter { slot: 1, up: true }));
        assert_eq!(g.release(), None, "one tap, one turn");
        // Slow frames (a loaded phone) do not make a short tap a hold: the
        // press's own frame time came before it, and a frame counts 0.2 s at most.
        g.press(0, false, 100.0);
        assert!(g.hold(100.0, 3.0).is_empty());
        assert!(g.hold(100.0, 2.0).is_empty());
        assert_eq!(g.release(), Some(MenuInput::Letter { slot: 0, up: false }));
    }

    #[test]
    fn letter_gesture_hold_repeats_and_the_release_adds_nothing() {
        let mut g = LetterGesture::default();
        g.press(0, false, 200.0);
        let mut all = Vec::new();
        // One second down, in frames of a sixtieth.
        for _ in 0..60 {
            all.extend(g.hold(200.0, 1.0 / 60.0));
        }
        let expected = 1 + ((1.0 - HOLD_DELAY_S) / HOLD_REPEAT_S) as i32;
        assert!((turns(&all) + expected).abs() <= 1, "{} turns", turns(&all));
        assert!(all
            .iter()
            .all(|i| *i == MenuInput::Letter { slot: 0, up: false }));
        assert_eq!(g.release(), None, "a hold's release is no tap");
    }

    #[test]
    fn letter_gesture_swipes_turn_a_place_a_step_either_way() {
        let mut g = LetterGesture::default();
        g.press(2, false, 300.0);
        // Up the screen by five steps, in small moves: five places up, even
        // though the press landed on the lower half.
        let mut all = Vec::new();
        for k in 1..=50 {
            all.extend(g.hold(300.0 - SWIPE_STEP_PX * 5.0 * k as f32 / 50.0, 0.01));
        }
        assert_eq!(turns(&all), 5);
        // Then back down by two.
        let mut back = Vec::new();
        for k in 1..=20 {
            back.extend(g.hold(
                300.0 - SWIPE_STEP_PX * 5.0 + SWIPE_STEP_PX * 2.0 * k as f32 / 20.0,
                0.01,
            ));
        }
        assert_eq!(turns(&back), -2);
        assert_eq!(g.release(), None, "a swipe's release is no tap");
        // A swipe never also counts as a hold.
        g.press(2, true, 300.0);
        g.hold(280.0, 0.0);
        assert!(g.hold(280.0, 2.0).is_empty());
    }
}
