use glam::Vec2;

/// Where a moving circle (or ray) first touches a shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastHit {
    /// Fraction of the motion, in `[0, 1]`, at first touch. Exact: no safety margin
    /// is taken off; the caller keeps its own skin distance.
    pub toi: f32,
    /// The contact point, on the shape's surface.
    pub point: Vec2,
    /// Unit normal pointing from the shape toward the circle's centre at contact.
    /// Always opposes the motion: `motion.dot(normal) < 0`.
    pub normal: Vec2,
}
