use glam::Vec2;

/// A rectangle turned by `rotation` radians (counter-clockwise) about its centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrientedRect {
    /// Centre.
    pub center: Vec2,
    /// Half the width and half the height, before rotation.
    pub half_extents: Vec2,
    /// Rotation in radians, counter-clockwise.
    pub rotation: f32,
}

impl OrientedRect {
    /// A rectangle of `half_extents` around `center`, turned by `rotation` radians.
    pub const fn new(center: Vec2, half_extents: Vec2, rotation: f32) -> Self {
        Self {
            center,
            half_extents,
            rotation,
        }
    }

    /// The rectangle's local x and y axes, as unit vectors in world space.
    pub fn axes(&self) -> [Vec2; 2] {
        let x = crate::portable_math::from_angle(self.rotation);
        [x, x.perp()]
    }

    /// The four corners, counter-clockwise.
    pub fn corners(&self) -> [Vec2; 4] {
        let [ux, uy] = self.axes();
        let hx = ux * self.half_extents.x;
        let hy = uy * self.half_extents.y;
        let c = self.center;
        [c - hx - hy, c + hx - hy, c + hx + hy, c - hx + hy]
    }
}
