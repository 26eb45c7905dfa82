//! What scenes 8 (moving paddle) and 10 (moving wall) share: a ball and a
//! moving shape, both moving during one pass of the figure. Handles 0 and 1 are
//! the ball's start and end, 2 and 3 the shape's; the sweep runs in the shape's
//! frame of reference (the ball moves by its motion minus the shape's), and the
//! figure's marks are built the same way for both, so the two scenes differ
//! only in their shape and their bounce.

use glam::Vec2;

use super::marks::{Mark, Tone};
use super::state::Lab;
use crate::geom::{cast_circle_polygon, CastHit, Circle, ConvexPolygon};
use crate::tuning::BALL_RADIUS;

/// Seconds one pass of the motion stands for (velocity = motion / this).
pub(super) const PASS_SECONDS: f32 = 0.1;

/// One pass: the ball and the shape's outline about its own origin, where each
/// starts, and how far each moves.
pub(super) struct MovingPass {
    /// The ball where it starts.
    pub(super) ball: Circle,
    /// The ball's motion over the pass.
    pub(super) ball_move: Vec2,
    /// The shape's origin where it starts.
    pub(super) start: Vec2,
    /// The shape's motion over the pass.
    pub(super) shape_move: Vec2,
    /// The shape's outline about its origin.
    pub(super) outline: ConvexPolygon,
}

impl MovingPass {
    /// The pass the lab's handles set, for a shape of this `outline`.
    pub(super) fn new(lab: &Lab, outline: ConvexPolygon) -> Self {
        let h = &lab.handles;
        Self {
            ball: Circle::new(h[0], BALL_RADIUS),
            ball_move: h[1] - h[0],
            start: h[2],
            shape_move: h[3] - h[2],
            outline,
        }
    }

    /// The first touch in the shape's frame (point and normal in that frame).
    pub(super) fn cast(&self) -> Option<CastHit> {
        self.cast_by(self.ball_move - self.shape_move)
    }

    /// The same test with the shape left where it started, as if it did not
    /// move: what the figure shows missing.
    pub(super) fn cast_still(&self) -> Option<CastHit> {
        self.cast_by(self.ball_move)
    }

    fn cast_by(&self, motion: Vec2) -> Option<CastHit> {
        let local = Circle::new(self.ball.center - self.start, self.ball.radius);
        cast_circle_polygon(local, motion, &self.outline)
    }

    /// The shape's outline with its origin at `at`.
    pub(super) fn shape_at(&self, at: Vec2, tone: Tone) -> Mark {
        Mark::Polygon {
            points: self.outline.vertices().iter().map(|p| *p + at).collect(),
            tone,
        }
    }

    /// The ball's outline at `center`.
    pub(super) fn ring(&self, center: Vec2, tone: Tone) -> Mark {
        Mark::Circle {
            center,
            radius: self.ball.radius,
            filled: false,
            tone,
        }
    }

    /// The marks every pass starts with: both shapes and the ball where they
    /// start and (faint) where the shape ends, and the ball's whole move.
    pub(super) fn start_marks(&self) -> Vec<Mark> {
        let (ball, mb) = (self.ball.center, self.ball_move);
        vec![
            self.shape_at(self.start, Tone::Ghost),
            self.shape_at(self.start + self.shape_move, Tone::Ghost),
            self.ring(ball, Tone::Ghost),
            Mark::Arrow {
                from: ball,
                to: ball + mb,
                tone: Tone::Ghost,
            },
            Mark::label(ball + mb, "ball's move", Tone::Ghost),
        ]
    }

    /// The marks of a touch `hit`: the shape and ball where they meet, the
    /// contact point, and the bounce (`bounce_move`, the ball's motion over a
    /// whole pass after it) for the rest of the pass.
    pub(super) fn hit_marks(&self, hit: &CastHit, bounce_move: Vec2) -> [Mark; 5] {
        let at = self.start + self.shape_move * hit.toi;
        let touch = self.touch(hit);
        let end = touch + bounce_move * (1.0 - hit.toi);
        [
            self.shape_at(at, Tone::Hit),
            self.ring(touch, Tone::Hit),
            Mark::Dot {
                at: hit.point + at,
                tone: Tone::Hit,
            },
            Mark::Arrow {
                from: touch,
                to: end,
                tone: Tone::Ours,
            },
            Mark::label(end, "bounce", Tone::Ours),
        ]
    }

    /// Where the ball's centre is at the touch `hit`.
    pub(super) fn touch(&self, hit: &CastHit) -> Vec2 {
        self.ball.center + self.ball_move * hit.toi
    }

    /// Adds the marks every pass ends with to `out`, as the figure's motion has
    /// got to (`progress`, 0 to 1): where the shape-left-still test would touch
    /// (in `still_tone`), then the shape and the ball now, the ball bounced by
    /// `bounce`'s motion after its touch.
    pub(super) fn end_marks(
        &self,
        out: &mut Vec<Mark>,
        progress: f32,
        bounce: Option<(CastHit, Vec2)>,
        still_tone: Tone,
    ) {
        let mut ball = self.ball.center + self.ball_move * progress;
        if let Some((hit, bounce_move)) = bounce {
            if progress > hit.toi {
                ball = self.touch(&hit) + bounce_move * (progress - hit.toi);
            }
        }
        if let Some(h) = self.cast_still() {
            out.push(self.ring(self.ball.center + self.ball_move * h.toi, still_tone));
        }
        out.push(self.shape_at(self.start + self.shape_move * progress, Tone::Shape));
        out.push(Mark::Circle {
            center: ball,
            radius: self.ball.radius,
            filled: true,
            tone: Tone::Mover,
        });
    }
}
