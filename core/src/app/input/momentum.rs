//! A swiped list's momentum: a flick keeps the list going after the finger
//! lifts and slows it down, as a phone's lists do; a press stops it. Pure and
//! time-stepped (the shell feeds it the finger's travel and each frame's time),
//! so one model serves every list a finger swipes: the shell's pointer turns
//! its travel into the list lines every swipe list reads (menus, the
//! Community pages, the editor's set page and settings form).
//!
//! The list slows exponentially: its speed falls by `e` every
//! [`GLIDE_SECONDS`], so a flick of `v` px/s travels at most `v ·
//! GLIDE_SECONDS` however the frames fall (each step moves by the exact
//! integral over its time), and the speed a flick starts with is held to
//! [`MAX_FLICK_SPEED`]: a glide is bounded.

/// The glide's time constant, seconds: the speed falls by `e` in this long
/// (close to a phone's own lists).
pub const GLIDE_SECONDS: f32 = 0.33;

/// Below this speed (px/s) a glide stops: a crawl of a pixel a frame would
/// only make the list look unsettled.
pub const STOP_SPEED: f32 = 30.0;

/// The fastest flick taken, px/s: a glide goes at most this times
/// [`GLIDE_SECONDS`] (about 2600 px, two phone screens).
pub const MAX_FLICK_SPEED: f32 = 8000.0;

/// The finger's speed at the lift is its travel over this last stretch of
/// time, seconds: long enough to span sparse touch events, short enough that a
/// finger that rested before it lifted starts no glide.
const SPEED_WINDOW: f32 = 0.1;

/// The finger's travels kept for the speed (newest first): 16 frames span
/// the window at 60 Hz and more.
const SAMPLES: usize = 16;

/// A list's momentum between frames (see the module doc). Positive speeds
/// and travel go the way a finger moving down the screen drags the list.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Momentum {
    /// The speed, px/s: the finger's (estimated) while held, the glide's after.
    velocity: f32,
    /// A finger holds the list.
    held: bool,
    /// The held finger's last travels, (pixels, seconds), newest first.
    samples: [(f32, f32); SAMPLES],
}

impl Momentum {
    /// A finger went down on the list: the glide stops where it is. Returns
    /// whether it was gliding, so the press that stopped a list is no tap.
    pub fn press(&mut self) -> bool {
        let gliding = self.gliding();
        *self = Self {
            held: true,
            ..Self::default()
        };
        gliding
    }

    /// The held finger moved `dy` px over the frame's `dt` seconds (0 when
    /// it rested).
    pub fn drag(&mut self, dy: f32, dt: f32) {
        if !self.held || dt <= 0.0 || !dy.is_finite() || !dt.is_finite() {
            return;
        }
        self.samples.rotate_right(1);
        self.samples[0] = (dy, dt);
    }

    /// The finger lifted: the list glides on at the finger's speed over its
    /// last [`SPEED_WINDOW`] (none if slower than [`STOP_SPEED`]).
    pub fn release(&mut self) {
        if !self.held {
            return;
        }
        self.held = false;
        let (mut went, mut took) = (0.0, 0.0);
        for &(dy, dt) in &self.samples {
            if took >= SPEED_WINDOW || dt <= 0.0 {
                break;
            }
            went += dy;
            took += dt;
        }
        let speed = if took > 0.0 {
            went / took.max(SPEED_WINDOW * 0.5)
        } else {
            0.0
        };
        self.velocity = speed.clamp(-MAX_FLICK_SPEED, MAX_FLICK_SPEED);
        if self.velocity.abs() < STOP_SPEED {
            self.velocity = 0.0;
        }
    }

    /// Whether the list glides (no finger on it, still moving).
    pub fn gliding(&self) -> bool {
        !self.held && self.velocity != 0.0
    }

    /// The glide's speed now, px/s (0 when held or stopped).
    pub fn speed(&self) -> f32 {
        if self.held {
            0.0
        } else {
            self.velocity
        }
    }

    /// Glides for `dt` seconds; returns the pixels travelled, held within
    /// `room` (how far the list can still go each way: `room.0 <= 0 <=
    /// room.1`; infinite when the caller does not know its ends). Reaching
    /// an end stops the glide there.
    pub fn step(&mut self, dt: f32, room: (f32, f32)) -> f32 {
        if self.held || self.velocity == 0.0 || dt <= 0.0 || !dt.is_finite() {
            return 0.0;
        }
        let fall = (-dt / GLIDE_SECONDS).exp();
        let travel = self.velocity * GLIDE_SECONDS * (1.0 - fall);
        self.velocity *= fall;
        let (before, after) = (room.0.min(0.0), room.1.max(0.0));
        let held = travel.clamp(before, after);
        if held != travel || self.velocity.abs() < STOP_SPEED {
            self.velocity = 0.0;
        }
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FREE: (f32, f32) = (f32::NEG_INFINITY, f32::INFINITY);

    /// A finger moving at `speed` px/s for `frames` frames of `dt`, then lifted.
    fn flick(speed: f32, frames: usize, dt: f32) -> Momentum {
        let mut m = Momentum::default();
        m.press();
        for _ in 0..frames {
            m.drag(speed * dt, dt);
        }
        m.release();
        m
    }

    /// Glides to a stop in frames of `dt`; returns the distance and the time.
    fn glide(m: &mut Momentum, dt: f32, room: (f32, f32)) -> (f32, f32) {
        let (mut went, mut t) = (0.0, 0.0);
        while m.gliding() {
            went += m.step(dt, (room.0 - went, room.1 - went));
            t += dt;
            assert!(t < 10.0, "a glide ends");
        }
        (went, t)
    }

    #[test]
    fn a_flick_keeps_going_slows_and_travels_a_bounded_distance() {
        for v in [300.0_f32, 1500.0, 4000.0] {
            let mut m = flick(v, 8, 1.0 / 60.0);
            assert!(
                m.speed() > 0.9 * v,
                "{v}: it starts near the finger's speed"
            );
            let first = m.step(1.0 / 60.0, FREE);
            let second = m.step(1.0 / 60.0, FREE);
            assert!(first > 0.0 && second < first, "{v}: it goes on and slows");
            let (went, t) = glide(&mut m, 1.0 / 60.0, FREE);
            let went = went + first + second;
            assert!(
                went <= v * GLIDE_SECONDS && went > 0.8 * v * GLIDE_SECONDS,
                "{v}: went {went}"
            );
            assert!(t < 2.0, "{v}: stopped in {t} s");
        }
    }

    #[test]
    fn a_glide_goes_as_far_whatever_the_frames() {
        let far = |dt: f32| glide(&mut flick(2000.0, 8, 1.0 / 60.0), dt, FREE).0;
        let (fast, slow) = (far(1.0 / 120.0), far(1.0 / 20.0));
        assert!((fast - slow).abs() < 25.0, "{fast} vs {slow}");
    }

    #[test]
    fn the_fastest_flick_is_held_to_its_bound() {
        let (went, _) = glide(&mut flick(1e9, 4, 1.0 / 60.0), 1.0 / 60.0, FREE);
        assert!(went <= MAX_FLICK_SPEED * GLIDE_SECONDS, "{went}");
    }

    #[test]
    fn a_press_stops_a_glide_and_says_it_did() {
        let mut m = flick(-1500.0, 8, 1.0 / 60.0);
        assert!(m.step(0.05, FREE) < 0.0, "gliding up the list");
        assert!(m.press(), "the press stopped a glide");
        assert_eq!(m.step(0.05, FREE), 0.0, "held: no glide");
        m.release();
        assert!(!m.gliding(), "a press held still starts none");
        assert!(!Momentum::default().press(), "nothing was gliding");
    }

    #[test]
    fn a_glide_stops_at_the_lists_end() {
        let mut m = flick(3000.0, 8, 1.0 / 60.0);
        let (went, _) = glide(&mut m, 1.0 / 60.0, (0.0, 120.0));
        assert!(went > 119.0, "it reaches the end: {went}");
        assert_eq!(m.step(1.0 / 60.0, (0.0, 0.0)), 0.0);
        assert!(!m.gliding(), "and stops there");
        let mut m = flick(3000.0, 8, 1.0 / 60.0);
        assert_eq!(m.step(1.0 / 60.0, (-50.0, 0.0)), 0.0, "already at the end");
        assert!(!m.gliding());
    }

    #[test]
    fn a_flick_whose_moves_came_in_one_frame_still_glides() {
        // A browser may hand a quick flick's moves to one frame after frames
        // of none: the speed is the travel over the last tenth of a second.
        let mut m = Momentum::default();
        m.press();
        for _ in 0..6 {
            m.drag(0.0, 1.0 / 60.0);
        }
        m.drag(100.0, 1.0 / 60.0);
        m.release();
        assert!(m.speed() > 800.0, "{:?}", m.speed());
    }

    #[test]
    fn a_finger_that_slowed_to_a_stop_starts_no_glide() {
        let mut m = Momentum::default();
        m.press();
        for _ in 0..6 {
            m.drag(30.0, 1.0 / 60.0);
        }
        for _ in 0..12 {
            m.drag(0.0, 1.0 / 60.0);
        }
        m.release();
        assert!(!m.gliding(), "{:?}", m);
    }

    #[test]
    fn bad_times_and_travel_move_nothing() {
        let mut m = flick(1000.0, 8, 1.0 / 60.0);
        for dt in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            assert_eq!(m.step(dt, FREE), 0.0, "{dt}");
        }
        let mut held = Momentum::default();
        held.press();
        held.drag(f32::NAN, 0.016);
        held.drag(5.0, f32::NAN);
        held.release();
        assert!(!held.gliding());
    }
}
