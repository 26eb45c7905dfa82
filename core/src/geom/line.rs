use glam::Vec2;

/// An infinite line through `base` along `direction` (any non-zero length).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// A point on the line.
    pub base: Vec2,
    /// The line's direction; its length does not matter. Zero makes the line a point.
    pub direction: Vec2,
}

impl Line {
    /// The line through `base` along `direction`.
    pub const fn new(base: Vec2, direction: Vec2) -> Self {
        Self { base, direction }
    }
}
