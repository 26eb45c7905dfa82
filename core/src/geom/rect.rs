use glam::Vec2;

/// An axis-aligned rectangle from `min` to `max`; also the bounding box type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Corner with the smallest coordinates.
    pub min: Vec2,
    /// Corner with the largest coordinates.
    pub max: Vec2,
}

impl Rect {
    /// The rectangle between two corners.
    pub const fn new(min: Vec2, max: Vec2) -> Self {
        Self { min, max }
    }

    /// The smallest rectangle holding every point (an inverted empty box for none).
    pub fn from_points(points: impl IntoIterator<Item = Vec2>) -> Self {
        let mut min = Vec2::splat(f32::INFINITY);
        let mut max = Vec2::splat(f32::NEG_INFINITY);
        for p in points {
            min = min.min(p);
            max = max.max(p);
        }
        Self { min, max }
    }

    /// The four corners, counter-clockwise from `min`.
    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
    }

    /// Centre point.
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Width and height.
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// Whether the two boxes share any point (touching counts).
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// Whether `p` lies inside or on the border.
    pub fn contains(&self, p: Vec2) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }

    /// The box grown by `margin` on every side.
    pub fn expanded(&self, margin: f32) -> Self {
        Self {
            min: self.min - Vec2::splat(margin),
            max: self.max + Vec2::splat(margin),
        }
    }

    /// The smallest box holding both.
    pub fn union(&self, other: &Rect) -> Self {
        Self {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }
}
