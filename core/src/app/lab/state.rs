//! The lab's state: which scene, where its handles are, the preset, the toggle,
//! the motion and the view; and dragging, a pure function of (lab, pointer event).

use glam::Vec2;

use super::live_world::{self, LiveWorld};
use super::marks::{Mark, Readout};
use super::motion::Motion;
use super::scene::{Preset, Scene};
use crate::geom::Rect;

/// How close a press must be to a handle to grab it, as a fraction of the view's
/// larger side (about a fingertip on a phone).
pub const GRAB_FRACTION: f32 = 0.05;
/// Blank space around a preset's figure, as a fraction of its size.
const VIEW_MARGIN: f32 = 0.2;

/// A pointer event in scene coordinates (the shell converts from pixels); mouse and
/// touch give the same events.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PointerEvent {
    /// Pressed (or a finger touched) here.
    Down(Vec2),
    /// Moved here, pressed or not.
    Move(Vec2),
    /// Released.
    Up,
}

/// One scene of the lab as it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Lab {
    /// The scene shown.
    pub scene: Scene,
    /// The draggable points, named by [`Scene::handle_names`].
    pub handles: Vec<Vec2>,
    /// The scene's number that is not a point (a radius, or an exponent for the
    /// distance from the origin), set by the preset.
    pub param: f32,
    /// The scene's toggle (e.g. the y = mx + c method beside ours).
    pub toggle: bool,
    /// The preset's fixed sizes (see [`Preset::sizes`]).
    pub sizes: Vec<f32>,
    /// The preset last applied.
    pub preset: usize,
    /// The part of the plane shown, fitted to the preset (kept while dragging so
    /// the picture does not jump).
    pub view: Rect,
    /// The handle being dragged.
    pub grabbed: Option<usize>,
    /// Play, pause and the step counter.
    pub motion: Motion,
    /// The live-world scene's game, at the motion's step once [`Lab::sync`] ran.
    pub live: Option<LiveWorld>,
}

impl Lab {
    /// A scene with its first preset.
    pub fn new(scene: Scene) -> Self {
        let empty = Rect::new(Vec2::ZERO, Vec2::ONE);
        let lab = Self {
            scene,
            handles: Vec::new(),
            param: 0.0,
            toggle: false,
            sizes: Vec::new(),
            preset: 0,
            view: empty,
            grabbed: None,
            motion: Motion::default(),
            live: None,
        };
        lab.with_preset(0)
    }

    /// The scene's presets.
    pub fn presets(&self) -> Vec<Preset> {
        self.scene.presets()
    }

    /// The same scene with preset `index` applied (wrapping around the list); the
    /// motion starts again and the view is fitted to the new figure.
    pub fn with_preset(mut self, index: usize) -> Self {
        let presets = self.presets();
        let index = index % presets.len().max(1);
        if let Some(p) = presets.get(index) {
            self.handles = p.handles.clone();
            self.param = p.param;
            self.toggle = p.toggle;
            self.sizes = p.sizes.clone();
        }
        self.preset = index;
        self.grabbed = None;
        self.motion = Motion::default();
        self.live = (self.scene == Scene::LiveWorld)
            .then(|| live_world::from_sizes(&self.sizes))
            .flatten();
        self.view = fit_view(&self.marks());
        self
    }

    /// Brings the live world (if the scene has one) to the motion's step: one game
    /// step per step of the counter. The shell calls it before drawing.
    pub fn sync(&mut self) {
        let step = u64::from(self.motion.step);
        if let Some(live) = &mut self.live {
            live.advance_to(live.start + step);
        }
    }

    /// The live numbers, from the game's own `geom` and `physics` functions.
    pub fn readouts(&self) -> Vec<Readout> {
        self.scene.readouts(self)
    }

    /// The value of the readout called `name`, or an empty string if the scene has
    /// none by that name.
    pub fn readout(&self, name: &str) -> String {
        self.readouts()
            .into_iter()
            .find(|r| r.name == name)
            .map(|r| r.value)
            .unwrap_or_default()
    }

    /// The figure to draw.
    pub fn marks(&self) -> Vec<Mark> {
        self.scene.marks(self)
    }

    /// The note of the preset last applied (where a tutorial's number is corrected).
    pub fn note(&self) -> &'static str {
        self.presets().get(self.preset).map_or("", |p| p.note)
    }

    /// The names of the handles, in order.
    pub fn handle_names(&self) -> &'static [&'static str] {
        self.scene.handle_names(self.param)
    }

    /// The lab with the scene's number moved by `steps` keys' steps, within its
    /// range. In the overlap scene the number picks the test, so the handles come
    /// from that test's first preset.
    pub fn with_param_step(self, steps: f32) -> Self {
        let Some((_, step, lo, hi)) = self.scene.param_name() else {
            return self;
        };
        let value = (self.param + steps * step).clamp(lo, hi);
        if self.scene == Scene::Overlaps {
            let first = self.presets().iter().position(|p| p.param == value);
            return match first {
                Some(i) => self.with_preset(i),
                None => self,
            };
        }
        Self {
            param: value,
            ..self
        }
    }

    /// How close a press must be to grab a handle, in scene units.
    pub fn grab_distance(&self) -> f32 {
        self.view.size().max_element() * GRAB_FRACTION
    }
}

/// Where a press at `at` (scene units) lands for grabbing: on the nearest
/// handle within `finger` scene units (half a fingertip's 44 px target at the
/// window's scale) when no handle lies within [`Lab::grab_distance`], so every
/// handle's grab area is a 44 px disc however small its drawn ring (issue 47);
/// otherwise `at` itself.
pub fn grab_point(lab: &Lab, at: Vec2, finger: f32) -> Vec2 {
    let reach = lab.grab_distance();
    let nearest =
        (lab.handles.iter().copied()).min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)));
    match nearest {
        Some(h) if h.distance(at) > reach && h.distance(at) <= finger => h,
        _ => at,
    }
}

/// The lab after one pointer event: a press grabs the nearest handle within
/// [`Lab::grab_distance`], a move drags the grabbed handle to the pointer, a
/// release lets go. Nothing else changes.
pub fn drag(mut lab: Lab, event: PointerEvent) -> Lab {
    match event {
        PointerEvent::Down(p) => {
            let reach = lab.grab_distance();
            lab.grabbed = lab
                .handles
                .iter()
                .enumerate()
                .map(|(i, h)| (i, h.distance(p)))
                .filter(|&(_, d)| d <= reach)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(i, _)| i);
        }
        PointerEvent::Move(p) => {
            if let Some(h) = lab.grabbed.and_then(|i| lab.handles.get_mut(i)) {
                *h = p;
            }
        }
        PointerEvent::Up => lab.grabbed = None,
    }
    lab
}

/// The box around every finite mark (infinite lines and labels aside), with a margin.
fn fit_view(marks: &[Mark]) -> Rect {
    let mut points = Vec::new();
    for m in marks {
        match m {
            Mark::Segment { a, b, .. } => points.extend([*a, *b]),
            Mark::Circle { center, radius, .. } => points.extend([
                *center - Vec2::splat(*radius),
                *center + Vec2::splat(*radius),
            ]),
            Mark::Capsule { a, b, radius, .. } => {
                let r = Vec2::splat(*radius);
                points.extend([*a - r, *a + r, *b - r, *b + r]);
            }
            Mark::Arrow { from, to, .. } => points.extend([*from, *to]),
            Mark::Dot { at, .. } => points.push(*at),
            Mark::Polygon { points: p, .. } => points.extend(p.iter().copied()),
            Mark::Line { .. } | Mark::Label { .. } => {}
        }
    }
    points.retain(|p| p.is_finite());
    if points.is_empty() {
        return Rect::new(Vec2::splat(-10.0), Vec2::splat(10.0));
    }
    let r = Rect::from_points(points);
    let margin = r.size().max_element().max(1.0) * VIEW_MARGIN;
    r.expanded(margin)
}

#[cfg(test)]
mod grab_tests {
    use super::*;

    #[test]
    fn grab_point_reaches_a_handle_a_fingertip_away_but_not_further() {
        let lab = Lab::new(Scene::ALL[0]);
        let h = lab.handles[0];
        let reach = lab.grab_distance();
        let finger = reach * 3.0;
        let near = h + Vec2::new(reach * 2.0, 0.0);
        assert_eq!(
            grab_point(&lab, near, finger),
            h,
            "within a fingertip: on the handle"
        );
        let grabbed = drag(
            lab.clone(),
            PointerEvent::Down(grab_point(&lab, near, finger)),
        );
        assert_eq!(grabbed.grabbed, Some(0));
        assert_eq!(
            grab_point(&lab, near, reach),
            near,
            "past a smaller fingertip: where it was"
        );
        let close = h + Vec2::new(reach * 0.5, 0.0);
        assert_eq!(
            grab_point(&lab, close, finger),
            close,
            "within reach: unchanged"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab() -> Lab {
        Lab::new(Scene::SegmentCrossing)
    }

    #[test]
    fn drag_moves_the_nearest_handle_and_release_lets_go() {
        let start = lab();
        let target = start.handles[1];
        let grabbed = drag(
            start.clone(),
            PointerEvent::Down(target + Vec2::splat(0.01)),
        );
        assert_eq!(grabbed.grabbed, Some(1));
        let moved = drag(grabbed, PointerEvent::Move(Vec2::new(5.0, 5.0)));
        assert_eq!(moved.handles[1], Vec2::new(5.0, 5.0));
        assert_eq!(moved.handles[0], start.handles[0]);
        let released = drag(moved, PointerEvent::Up);
        assert_eq!(released.grabbed, None);
        let after = drag(released.clone(), PointerEvent::Move(Vec2::new(9.0, 9.0)));
        assert_eq!(after, released);
    }

    #[test]
    fn drag_press_far_from_every_handle_grabs_nothing() {
        let start = lab();
        let far = start.view.max + Vec2::splat(100.0);
        let pressed = drag(start.clone(), PointerEvent::Down(far));
        assert_eq!(pressed.grabbed, None);
        assert_eq!(
            drag(pressed, PointerEvent::Move(far)).handles,
            start.handles
        );
    }

    #[test]
    fn drag_changes_the_readouts_through_the_handles_only() {
        let start = lab();
        let h = start.handles[0];
        let dragged = [
            PointerEvent::Down(h),
            PointerEvent::Move(h + Vec2::new(0.0, 3.0)),
        ]
        .into_iter()
        .fold(start.clone(), drag);
        assert_ne!(dragged.readouts(), start.readouts());
        let mut by_hand = start.clone();
        by_hand.handles[0] = h + Vec2::new(0.0, 3.0);
        assert_eq!(dragged.readouts(), by_hand.readouts());
    }

    #[test]
    fn lab_param_step_stays_in_range_and_switches_the_overlap_test() {
        let swept = Lab::new(Scene::SweptCircle);
        let r = swept.param;
        assert_eq!(swept.clone().with_param_step(1.0).param, r + 0.25);
        assert_eq!(swept.with_param_step(-100.0).param, 0.25);
        let overlaps = Lab::new(Scene::Overlaps).with_param_step(1.0);
        assert_eq!(overlaps.param, 2.0);
        assert_eq!(overlaps.handles.len(), overlaps.handle_names().len());
    }

    #[test]
    fn lab_preset_index_wraps_and_fits_the_view() {
        let l = lab();
        let n = l.presets().len();
        assert_eq!(l.clone().with_preset(n).preset, 0);
        for h in &l.handles {
            assert!(l.view.contains(*h));
        }
    }
}
