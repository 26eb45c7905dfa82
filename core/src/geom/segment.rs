use glam::Vec2;

/// A line segment from `a` to `b`. A segment with `a == b` acts as a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// First end.
    pub a: Vec2,
    /// Second end.
    pub b: Vec2,
}

impl Segment {
    /// A segment between two points.
    pub const fn new(a: Vec2, b: Vec2) -> Self {
        Self { a, b }
    }

    /// The vector from `a` to `b`.
    pub fn direction(&self) -> Vec2 {
        self.b - self.a
    }

    /// The point of the segment closest to `p`; `a` for a zero-length segment.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let e = self.b - self.a;
        let ee = e.dot(e);
        if ee == 0.0 {
            return self.a;
        }
        // Clamp the projection parameter, so the ends cover their half-planes.
        let t = ((p - self.a).dot(e) / ee).clamp(0.0, 1.0);
        self.a + e * t
    }
}
