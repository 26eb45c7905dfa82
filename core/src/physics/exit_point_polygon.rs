//! Which way a point leaves a convex polygon fastest: the direction that goes with
//! [`ConvexPolygon::signed_distance`], which says how far.

use glam::Vec2;

use crate::geom::ConvexPolygon;

/// The unit direction that takes `p` out of (or farther from) `polygon` fastest: the
/// outward normal of the face of largest separation when `p` is inside or on the
/// outline, the direction from the nearest point of the outline toward `p` when
/// outside (that face's normal again if the two points coincide in floats).
///
/// Inside or outside is decided here by the same separations that
/// `signed_distance` uses, so the two always agree on which case applies.
pub(super) fn exit_point_polygon(p: Vec2, polygon: &ConvexPolygon) -> Vec2 {
    let (separation, face) = polygon
        .vertices()
        .iter()
        .zip(polygon.normals())
        .map(|(&v, &n)| (n.dot(p - v), n))
        .fold((f32::NEG_INFINITY, Vec2::ZERO), |best, x| {
            if x.0 > best.0 {
                x
            } else {
                best
            }
        });
    if separation <= 0.0 {
        return face;
    }
    let nearest = polygon
        .edges()
        .map(|e| e.closest_point(p))
        .min_by(|a, b| a.distance_squared(p).total_cmp(&b.distance_squared(p)))
        .unwrap_or(p);
    (p - nearest).normalize_or(face)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;

    #[test]
    fn exit_point_polygon_inside_takes_the_nearest_face_outside_points_away() {
        let square = ConvexPolygon::from_rect(Rect::new(Vec2::ZERO, Vec2::splat(4.0)));
        assert_eq!(exit_point_polygon(Vec2::new(3.5, 2.0), &square), Vec2::X);
        assert_eq!(exit_point_polygon(Vec2::new(2.0, -3.0), &square), -Vec2::Y);
        let corner = exit_point_polygon(Vec2::new(5.0, 5.0), &square);
        assert!((corner - Vec2::ONE.normalize()).length() < 1e-6);
    }
}
