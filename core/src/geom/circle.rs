use glam::Vec2;

/// A circle (a disc, for every test here): centre and radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    /// Centre.
    pub center: Vec2,
    /// Radius, zero or more.
    pub radius: f32,
}

impl Circle {
    /// A circle of `radius` around `center`.
    pub const fn new(center: Vec2, radius: f32) -> Self {
        Self { center, radius }
    }
}
