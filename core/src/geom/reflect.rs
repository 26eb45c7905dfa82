use glam::Vec2;

/// Mirrors `v` about a surface with unit `normal`: `v - 2 (v . n) n`.
///
/// The tangential part is kept and the normal part flipped, which is the bounce of
/// a perfectly elastic ball. `normal` must have unit length.
pub fn reflect(v: Vec2, normal: Vec2) -> Vec2 {
    v - 2.0 * v.dot(normal) * normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reflect_flips_normal_part_only() {
        let v = Vec2::new(3.0, -4.0);
        assert_eq!(reflect(v, Vec2::Y), Vec2::new(3.0, 4.0));
        let n = Vec2::new(1.0, 1.0).normalize();
        let r = reflect(Vec2::new(-1.0, 0.0), n);
        assert!((r - Vec2::new(0.0, 1.0)).length() < 1e-6);
    }
}
