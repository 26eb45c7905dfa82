//! A held key that repeats, whatever the frame rate: the keys that edit text
//! (Backspace, Delete, the arrows) in the editor's settings fields, the name
//! entry and the Community search.
//!
//! The shell counts a key's presses from the window's key events, so a press
//! is never lost: two presses inside one slow frame are two, and presses in
//! frames in a row are each one (reading "pressed this frame" once a frame
//! kept one of several, and "down" in frames in a row looked like one hold:
//! 20 Backspace presses 100 ms apart erased 4 letters in slow frames). The
//! system's own repeats are not counted: while the key stays down, repeats
//! fall at an explicit rate on the frames' time ([`REPEAT_DELAY`], then every
//! [`REPEAT_INTERVAL`]), so a slow frame gets the repeats its time holds.

/// Seconds a key is held before it starts repeating (a common desktop default).
pub const REPEAT_DELAY: f32 = 0.4;
/// Seconds between repeats of a held key (25 a second).
pub const REPEAT_INTERVAL: f32 = 0.04;

/// One key's repeat: each press acts once, then, held past [`REPEAT_DELAY`]
/// from its last press, every [`REPEAT_INTERVAL`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct KeyRepeat {
    /// Seconds since the key's last press while it is held; `None` while up.
    held: Option<f32>,
}

impl KeyRepeat {
    /// How many times the key acts in a frame of `dt` seconds in which it was
    /// pressed `presses` times (the system's repeats left out) and is `down`
    /// at the frame's end.
    pub fn fires(&mut self, presses: u32, down: bool, dt: f32) -> u32 {
        if presses > 0 {
            // Where in the frame the last press fell is not known: its hold is
            // counted from the frame's end, so it never repeats early.
            self.held = down.then_some(0.0);
            return presses;
        }
        if !down {
            self.held = None;
            return 0;
        }
        // Down with no press: held since an earlier frame, or since before
        // anyone listened (a key held as a field opened acts only if held on).
        let before = self.held.unwrap_or(0.0);
        let after = before + dt.max(0.0);
        self.held = Some(after);
        // Repeats fall at REPEAT_DELAY + k * REPEAT_INTERVAL, k = 0, 1, ...
        let count = |t: f32| {
            if t < REPEAT_DELAY {
                0
            } else {
                ((t - REPEAT_DELAY) / REPEAT_INTERVAL) as u32 + 1
            }
        };
        count(after) - count(before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fires of a key pressed in one frame, then held `seconds` more in
    /// frames of `dt` seconds.
    fn held_for(seconds: f32, dt: f32) -> u32 {
        let mut r = KeyRepeat::default();
        let frames = (seconds / dt).round() as u32;
        let mut total = r.fires(1, true, dt);
        for _ in 0..frames {
            total += r.fires(0, true, dt);
        }
        total
    }

    #[test]
    fn key_repeat_fires_once_a_press_then_repeats_after_the_delay() {
        let mut r = KeyRepeat::default();
        assert_eq!(r.fires(1, true, 0.016), 1);
        let mut total = 0;
        // Held one second more at 64 frames a second (exact in binary).
        for _ in 0..64 {
            total += r.fires(0, true, 1.0 / 64.0);
        }
        let expected = ((1.0 - REPEAT_DELAY) / REPEAT_INTERVAL) as u32 + 1;
        assert!(total.abs_diff(expected) <= 1, "{total} vs {expected}");
        assert_eq!(r.fires(0, false, 0.016), 0);
        assert_eq!(r.fires(1, true, 0.016), 1, "a new press fires at once");
    }

    #[test]
    fn key_repeat_of_a_held_key_does_not_depend_on_the_frame_rate() {
        // Two seconds held: at 64 frames a second, at 8, and at 2.5 (a frame
        // held up 0.4 s).
        let fast = held_for(2.0, 1.0 / 64.0);
        for dt in [0.125, 0.4] {
            let slow = held_for(2.0, dt);
            assert!(
                slow.abs_diff(fast) <= 1,
                "{slow} at {dt} s a frame, {fast} at 1/64"
            );
        }
        let expected = ((2.0 - REPEAT_DELAY) / REPEAT_INTERVAL) as u32 + 2;
        assert!(fast.abs_diff(expected) <= 1, "{fast} vs {expected}");
    }

    #[test]
    fn key_repeat_counts_every_press_in_slow_frames() {
        // 20 presses 100 ms apart (xdotool's --repeat), each let go at once, in
        // frames of 0.25 s: two or three presses a frame, the key up at every
        // frame's end. Each press acts once, and there is no repeat.
        let mut r = KeyRepeat::default();
        let mut total = 0;
        let mut pressed = 0;
        for frame in 1..=9 {
            let by = (frame * 5 / 2).min(20);
            total += r.fires(by - pressed, false, 0.25);
            pressed = by;
        }
        assert_eq!(total, 20);
        // Presses in frames in a row, the key down at each frame's end (a
        // quick typist in slow frames): each is one, not a hold.
        let mut r = KeyRepeat::default();
        let total: u32 = (0..6).map(|_| r.fires(1, true, 0.2)).sum();
        assert_eq!(total, 6);
    }

    #[test]
    fn key_repeat_of_a_key_held_before_listening_waits_for_the_delay() {
        let mut r = KeyRepeat::default();
        assert_eq!(r.fires(0, true, 0.016), 0, "no press seen: no act yet");
        assert_eq!(r.fires(0, true, REPEAT_DELAY), 1, "held on: it repeats");
    }
}
