use glam::Vec2;

use super::cast_circle_convex::cast_circle_convex;
use super::{CastHit, Circle, ConvexPolygon};

/// First touch of `circle`, moving by `motion`, against any edge or vertex of the
/// polygon. A vertex hit has the normal from the vertex to the centre at contact, so
/// the bounce off a hexagon's corner is one reflection about that normal (the corner
/// bug of seed 004, solved). Costs one pass over the edges and at most one square root.
///
/// Touching or overlapping at the start: `toi = 0` with the push-out normal (the
/// nearest face, or the nearest vertex outside) when approaching, `None` when leaving.
pub fn cast_circle_polygon(
    circle: Circle,
    motion: Vec2,
    polygon: &ConvexPolygon,
) -> Option<CastHit> {
    cast_circle_convex(
        circle.center,
        circle.radius,
        motion,
        polygon.vertices(),
        polygon.normals(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn cast_circle_polygon_exact_vertex_hit() {
        // Vertex 0 of this hexagon is at (10, 0); the ball comes straight at it along
        // the bisector and must bounce straight back, not flip one axis.
        let hex = ConvexPolygon::regular(Vec2::ZERO, 10.0, 6, 0.0);
        let hit = cast_circle_polygon(Circle::new(v(20., 0.), 2.), v(-10., 0.), &hex).unwrap();
        assert_eq!(hit.point, v(10., 0.));
        assert_eq!(hit.normal, v(1., 0.));
        assert!((hit.toi - 0.8).abs() < 1e-6);
    }

    #[test]
    fn cast_circle_polygon_off_centre_vertex_hit_uses_vertex_to_centre_normal() {
        let square = ConvexPolygon::from_rect(crate::geom::Rect::new(v(0., 0.), v(4., 4.)));
        // Moving down-left toward corner (4, 4), offset so it meets the corner's arc.
        let hit = cast_circle_polygon(Circle::new(v(8., 7.), 1.), v(-4., -4.), &square).unwrap();
        assert_eq!(hit.point, v(4., 4.));
        let centre = v(8., 7.) + v(-4., -4.) * hit.toi;
        assert!(((centre - v(4., 4.)).length() - 1.0).abs() < 1e-5);
        assert!((hit.normal - (centre - v(4., 4.))).length() < 1e-5);
    }

    #[test]
    fn cast_circle_polygon_face_hit() {
        let square = ConvexPolygon::from_rect(crate::geom::Rect::new(v(0., 0.), v(4., 4.)));
        let hit = cast_circle_polygon(Circle::new(v(2., 10.), 1.), v(1., -10.), &square).unwrap();
        assert_eq!(
            (hit.toi, hit.normal, hit.point),
            (0.5, v(0., 1.), v(2.5, 4.))
        );
    }

    #[test]
    fn cast_circle_polygon_centre_inside_pushes_out_through_nearest_face() {
        let square = ConvexPolygon::from_rect(crate::geom::Rect::new(v(0., 0.), v(4., 4.)));
        let hit = cast_circle_polygon(Circle::new(v(3.5, 2.), 1.), v(-1., 0.), &square).unwrap();
        assert_eq!((hit.toi, hit.normal), (0.0, v(1., 0.)));
        assert_eq!(
            cast_circle_polygon(Circle::new(v(3.5, 2.), 1.), v(1., 0.), &square),
            None
        );
    }

    #[test]
    fn cast_circle_polygon_passing_a_corner_wedge_misses() {
        let square = ConvexPolygon::from_rect(crate::geom::Rect::new(v(0., 0.), v(4., 4.)));
        // Enters the offset square's corner region near (4, 4) but passes the arc.
        let hit = cast_circle_polygon(Circle::new(v(8., 5.8), 1.), v(-2., 2.), &square);
        assert_eq!(hit, None);
    }
}
