//! The one place the shell reads the mouse and fingers: every press, drag and
//! release of a frame, in the window's logical pixels (the space `screen_width()`
//! and every drawn rectangle use).
//!
//! Why one place: macroquad reports `mouse_position()` divided by the device
//! pixel ratio but `touches()` in physical pixels, so at a ratio of 2 or 3 a finger
//! landed at twice or three times its place (measured in headless Chromium, see
//! tests/browser_phone.py). Here every event is read from one input subscriber,
//! where mouse and touch both arrive in physical pixels, and divided once by the
//! ratio. Reading events (not `touches()`) also keeps a tap whose touch started and
//! ended within one frame, which `touches()` reports only as "ended".
//!
//! One gesture, one action: macroquad's own mouse-from-touch is switched off, and
//! a mouse press within [`TOUCH_MOUSE_SECONDS`] of a touch is the platform's
//! compatibility copy of that touch (Windows and some browsers send one), not a
//! second press.
//!
//! A swipe glides on: the finger's travel goes through the core's
//! [`Momentum`] (`app::input`), so after a flick the lines keep coming, slower
//! and slower, and every list that reads [`PointerFrame::swipe_lines`] (the
//! menus, the Community pages, the editor's set page and settings form)
//! glides alike; a press stops the glide, and that press taps nothing.

use std::cell::RefCell;

use arkanong_core::app::input::{Device, Finger, Momentum};
use macroquad::miniquad::{EventHandler, MouseButton, TouchPhase};
use macroquad::prelude::{get_time, screen_dpi_scale, vec2, Vec2};

/// How long after a touch a mouse press is taken as its copy, seconds.
const TOUCH_MOUSE_SECONDS: f64 = 0.8;

/// A mouse that moved further than this (logical pixels) takes the paddle.
const MOUSE_MOVE_PIXELS: f32 = 2.0;

/// How far a finger may travel and still tap (not swipe), logical pixels.
const TAP_TRAVEL_PIXELS: f32 = 14.0;

/// A swipe this long moves a list by one line, logical pixels (about a menu line
/// on a phone).
const SWIPE_LINE_PIXELS: f32 = 36.0;

// Device reading, not a setting or game state: the one input subscriber and
// what it read this frame, kept here so every screen asks the same reading. The
// device used last lives in the app's state (`AppState.menu.device`), set by the
// shell from `PointerFrame::device`.
thread_local! {
    /// The reader, made on first use (after macroquad's window is up).
    static READER: RefCell<Option<PointerReader>> = const { RefCell::new(None) };
    /// This frame's pointer, as [`read_pointer`] found it.
    static FRAME: RefCell<PointerFrame> = RefCell::new(PointerFrame::default());
}

/// Reads this frame's pointer: call once a frame, before anything asks [`pointer`].
pub(crate) fn read_pointer() {
    let frame = READER.with_borrow_mut(|r| r.get_or_insert_with(PointerReader::new).read());
    FRAME.with_borrow_mut(|f| *f = frame);
}

/// Forgets this frame's taps (a release whose press began on another screen).
pub(crate) fn drop_taps() {
    FRAME.with_borrow_mut(|f| f.taps.clear());
}

/// This frame's pointer (see [`read_pointer`]).
pub(crate) fn pointer() -> PointerFrame {
    FRAME.with_borrow(Clone::clone)
}

/// One frame of pointer input, in logical pixels.
#[derive(Debug, Clone, Default)]
pub(crate) struct PointerFrame {
    /// Where the pointer is: the held finger, else the last finger or mouse place.
    pub(crate) at: Vec2,
    /// Where each press of this frame landed (a finger's start, a left click):
    /// buttons that act at once (pause, the lab's and the editor's) use these.
    pub(crate) presses: Vec<Vec2>,
    /// Where each tap of this frame landed: a left click, or a finger lifted
    /// near where it went down (so a swipe over a list picks nothing). Menus use these.
    pub(crate) taps: Vec<Vec2>,
    /// Whole list lines a held finger swiped this frame: positive when it moved
    /// down (the list follows it, showing the items above).
    pub(crate) swipe_lines: i32,
    /// A finger or the left button went down this frame.
    pub(crate) pressed: bool,
    /// A finger or the left button is down now.
    pub(crate) down: bool,
    /// A finger or the left button went up this frame.
    pub(crate) released: bool,
    /// The right button went down this frame.
    pub(crate) secondary: bool,
    /// The mouse moved noticeably this frame.
    pub(crate) mouse_moved: bool,
    /// A finger was on the window this frame.
    pub(crate) touched: bool,
    /// Wheel travel this frame, lines (positive: towards the top of a list).
    pub(crate) wheel: f32,
    /// A second finger touched down while one was down (a two-finger tap pauses).
    pub(crate) second_finger: bool,
    /// The pointer device used last this frame (the mouse or a finger), if any.
    pub(crate) device: Option<Device>,
    /// Every finger down now, and any that touched and lifted within this
    /// frame (a quick tap), first down first: two players each steer with theirs.
    pub(crate) fingers: Vec<Finger>,
}

/// Reads the pointer each frame (see the module comment).
struct PointerReader {
    subscriber: usize,
    /// The finger that steers, by touch id, and where it is.
    finger: Option<(u64, Vec2)>,
    /// Where that finger went down, and whether it has travelled too far to be a tap.
    finger_start: (Vec2, bool),
    /// Swiped pixels not yet counted as a line.
    swipe: f32,
    /// The steering finger's travel down the window this frame, pixels.
    moved: f32,
    /// The swipe's glide after the finger lifts.
    glide: Momentum,
    /// When the last frame was read, seconds.
    last_read: f64,
    /// Every finger down now, by id, and where it is.
    fingers: Vec<(u64, Vec2)>,
    mouse: Vec2,
    mouse_down: bool,
    last_touch: f64,
}

impl PointerReader {
    /// Starts listening, with macroquad's mouse-from-touch off (see the module comment).
    fn new() -> Self {
        macroquad::input::simulate_mouse_with_touch(false);
        Self {
            subscriber: macroquad::input::utils::register_input_subscriber(),
            finger: None,
            finger_start: (Vec2::ZERO, false),
            swipe: 0.0,
            moved: 0.0,
            glide: Momentum::default(),
            last_read: get_time(),
            fingers: Vec::new(),
            mouse: Vec2::ZERO,
            mouse_down: false,
            last_touch: f64::NEG_INFINITY,
        }
    }

    /// This frame's pointer. Call once per frame.
    fn read(&mut self) -> PointerFrame {
        let subscriber = self.subscriber;
        let mut events = Collector {
            reader: self,
            frame: PointerFrame::default(),
            started: Vec::new(),
            scale: screen_dpi_scale().max(0.1),
            now: get_time(),
        };
        macroquad::input::utils::repeat_all_miniquad_input(&mut events, subscriber);
        let (mut frame, started) = (events.frame, events.started);
        let mut fingers: Vec<Finger> = (self.fingers.iter())
            .map(|&(id, at)| Finger {
                id,
                at,
                pressed: started.iter().any(|f| f.id == id),
            })
            .collect();
        // Fingers that went down and up within the frame still tap.
        let quick = started.into_iter();
        let quick = quick.filter(|f| !self.fingers.iter().any(|&(id, _)| id == f.id));
        fingers.extend(quick);
        frame.fingers = fingers;
        frame.down = self.finger.is_some() || self.mouse_down;
        frame.at = self.finger.map_or(self.mouse, |(_, at)| at);
        frame.touched |= self.finger.is_some();
        // The swipe's speed while held; its glide after the lift (the list's
        // ends are the list's: a line past them moves nothing).
        // A slow frame's travel counts as a tenth of a second's (as the
        // game's clock clamps it); the glide steps by the frame's whole time,
        // up to a second (its step is exact), so a slow page glides as far.
        let now = get_time();
        let dt = (now - self.last_read).max(0.0) as f32;
        self.last_read = now;
        if self.finger.is_some() {
            self.glide
                .drag(std::mem::take(&mut self.moved), dt.min(0.1));
        } else {
            self.moved = 0.0;
            self.swipe += (self.glide).step(dt.min(1.0), (f32::NEG_INFINITY, f32::INFINITY));
        }
        frame.swipe_lines = (self.swipe / SWIPE_LINE_PIXELS).trunc() as i32;
        self.swipe -= frame.swipe_lines as f32 * SWIPE_LINE_PIXELS;
        if self.finger.is_none() && !self.glide.gliding() {
            self.swipe = 0.0;
        }
        frame
    }
}

/// Turns one frame's events into a [`PointerFrame`].
struct Collector<'a> {
    reader: &'a mut PointerReader,
    frame: PointerFrame,
    /// The fingers that went down this frame, where they went down.
    started: Vec<Finger>,
    /// Physical pixels per logical pixel.
    scale: f32,
    now: f64,
}

impl Collector<'_> {
    fn logical(&self, x: f32, y: f32) -> Vec2 {
        vec2(x, y) / self.scale
    }

    /// Whether a mouse event is the copy of a recent touch.
    fn touch_copy(&self) -> bool {
        self.now - self.reader.last_touch < TOUCH_MOUSE_SECONDS
    }
}

impl EventHandler for Collector<'_> {
    fn update(&mut self) {}
    fn draw(&mut self) {}

    fn touch_event(&mut self, phase: TouchPhase, id: u64, x: f32, y: f32) {
        let at = self.logical(x, y);
        let r = &mut *self.reader;
        r.last_touch = self.now;
        self.frame.device = Some(Device::Touch);
        self.frame.touched = true;
        match phase {
            TouchPhase::Started => {
                r.fingers.push((id, at));
                self.started.push(Finger {
                    id,
                    at,
                    pressed: true,
                });
                self.frame.second_finger |= r.fingers.len() == 2;
                if r.finger.is_none() {
                    r.finger = Some((id, at));
                    // A press that stops a gliding list is no tap.
                    let stopped = r.glide.press();
                    r.swipe = 0.0;
                    r.finger_start = (at, stopped);
                    self.frame.pressed = true;
                    self.frame.presses.push(at);
                }
            }
            TouchPhase::Moved => {
                if let Some((_, p)) = r.fingers.iter_mut().find(|(f, _)| *f == id) {
                    *p = at;
                }
                if let Some((_, p)) = r.finger.as_mut().filter(|(f, _)| *f == id) {
                    r.swipe += at.y - p.y;
                    r.moved += at.y - p.y;
                    *p = at;
                    r.finger_start.1 |= at.distance(r.finger_start.0) > TAP_TRAVEL_PIXELS;
                }
            }
            TouchPhase::Ended | TouchPhase::Cancelled => {
                r.fingers.retain(|&(f, _)| f != id);
                if r.finger.is_some_and(|(f, _)| f == id) {
                    r.finger = None;
                    // What moved since the last frame counts before the lift.
                    let dt = (self.now - r.last_read).clamp(0.0, 0.1) as f32;
                    r.glide.drag(std::mem::take(&mut r.moved), dt);
                    r.glide.release();
                    // The place it left, so a tap within one frame is still found.
                    r.mouse = at;
                    self.frame.released = true;
                    let (start, travelled) = r.finger_start;
                    if !travelled && at.distance(start) <= TAP_TRAVEL_PIXELS {
                        self.frame.taps.push(start);
                    }
                }
            }
        }
    }

    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        let at = self.logical(x, y);
        if self.touch_copy() {
            return;
        }
        let r = &mut *self.reader;
        if r.mouse.distance(at) > MOUSE_MOVE_PIXELS {
            self.frame.mouse_moved = true;
            self.frame.device = Some(Device::Mouse);
        }
        r.mouse = at;
    }

    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if self.touch_copy() {
            return;
        }
        let at = self.logical(x, y);
        let r = &mut *self.reader;
        r.mouse = at;
        self.frame.device = Some(Device::Mouse);
        match button {
            MouseButton::Left => {
                r.mouse_down = true;
                self.frame.pressed = true;
                self.frame.presses.push(at);
                self.frame.taps.push(at);
            }
            MouseButton::Right => self.frame.secondary = true,
            _ => {}
        }
    }

    fn mouse_button_up_event(&mut self, button: MouseButton, x: f32, y: f32) {
        let r = &mut *self.reader;
        if button == MouseButton::Left && r.mouse_down {
            r.mouse_down = false;
            r.mouse = vec2(x, y) / self.scale;
            self.frame.released = true;
        }
    }

    fn mouse_wheel_event(&mut self, _x: f32, y: f32) {
        // Browsers give pixels (about 100 a notch), desktops lines (1 a notch).
        self.frame.wheel += if y.abs() >= 20.0 { y / 100.0 } else { y };
    }
}
