use std::f32::consts::TAU;
use std::fmt;

use glam::Vec2;

use super::{Rect, Segment};
use crate::tolerance::{MIN_RELATIVE_AREA, TURNING_SLACK};

/// A convex polygon, stored counter-clockwise with the outward unit normal of each edge.
///
/// Edge `i` runs from vertex `i` to vertex `i + 1` (wrapping). Built only through
/// [`ConvexPolygon::new`] or [`ConvexPolygon::regular`], so it is always valid.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexPolygon {
    vertices: Vec<Vec2>,
    normals: Vec<Vec2>,
}

/// Why a list of points is not a convex polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PolygonError {
    /// Fewer than three points.
    TooFewPoints {
        /// How many points were given.
        count: usize,
    },
    /// A coordinate is NaN or infinite.
    NotFinite {
        /// Index of the point.
        index: usize,
    },
    /// The same point appears twice.
    RepeatedPoint {
        /// Index of the first occurrence.
        first: usize,
        /// Index of the repeat.
        second: usize,
    },
    /// The points are collinear or enclose (next to) no area.
    ZeroArea,
    /// The outline turns the wrong way at a point, or winds around more than once.
    NotConvex {
        /// Index of the point where the outline bends inward (for a self-winding
        /// outline, 0).
        index: usize,
    },
}

impl fmt::Display for PolygonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooFewPoints { count } => {
                write!(f, "a polygon needs at least 3 points, this one has {count}")
            }
            Self::NotFinite { index } => write!(f, "point {index} is not a finite number"),
            Self::RepeatedPoint { first, second } => {
                write!(f, "point {second} repeats point {first}")
            }
            Self::ZeroArea => write!(f, "the points are collinear: the polygon has no area"),
            Self::NotConvex { index } => {
                write!(
                    f,
                    "the polygon is not convex: it bends inward at point {index}"
                )
            }
        }
    }
}

impl std::error::Error for PolygonError {}

impl ConvexPolygon {
    /// Checks `points` and builds the polygon. Clockwise input is accepted and
    /// stored counter-clockwise. Collinear middle points are kept (they do no harm).
    pub fn new(mut points: Vec<Vec2>) -> Result<Self, PolygonError> {
        let n = points.len();
        if n < 3 {
            return Err(PolygonError::TooFewPoints { count: n });
        }
        if let Some(index) = points.iter().position(|p| !p.is_finite()) {
            return Err(PolygonError::NotFinite { index });
        }
        for second in 1..n {
            if let Some(first) = points[..second].iter().position(|&p| p == points[second]) {
                return Err(PolygonError::RepeatedPoint { first, second });
            }
        }
        // Shoelace formula, relative to the first point so far-off polygons keep precision.
        let origin = points[0];
        let twice_area: f32 = (1..n - 1)
            .map(|i| (points[i] - origin).perp_dot(points[i + 1] - origin))
            .sum();
        let extent = Rect::from_points(points.iter().copied())
            .size()
            .max_element();
        if twice_area.abs() <= 2.0 * MIN_RELATIVE_AREA * extent * extent {
            return Err(PolygonError::ZeroArea);
        }
        let clockwise = twice_area < 0.0;
        if clockwise {
            points.reverse();
        }
        // Every turn must be to the left, and all turns together exactly one revolution
        // (a star pentagon turns left everywhere but twice around).
        let mut turning = 0.0;
        for i in 0..n {
            let e0 = points[i] - points[(i + n - 1) % n];
            let e1 = points[(i + 1) % n] - points[i];
            let cross = e0.perp_dot(e1);
            if cross < -MIN_RELATIVE_AREA * e0.length() * e1.length() {
                let index = if clockwise { n - 1 - i } else { i };
                return Err(PolygonError::NotConvex { index });
            }
            turning += crate::portable_math::atan2(cross, e0.dot(e1));
        }
        if (turning - TAU).abs() > TURNING_SLACK {
            return Err(PolygonError::NotConvex { index: 0 });
        }
        let normals = (0..n)
            .map(|i| {
                let e = points[(i + 1) % n] - points[i];
                // Right-hand perpendicular of a counter-clockwise edge points outward.
                Vec2::new(e.y, -e.x).normalize()
            })
            .collect();
        Ok(Self {
            vertices: points,
            normals,
        })
    }

    /// A regular polygon: vertex `i` at
    /// `center + circumradius * (cos(rotation + 2 pi i / sides), sin(...))`.
    ///
    /// For fixed shapes written in the code; shapes from user data go through
    /// [`ConvexPolygon::try_regular`].
    ///
    /// # Panics
    /// If `sides < 3`, `circumradius` is not a positive finite number, or the
    /// polygon is too small for its corners to be told apart at `center`: these are
    /// programming errors, not data.
    pub fn regular(center: Vec2, circumradius: f32, sides: usize, rotation: f32) -> Self {
        match Self::try_regular(center, circumradius, sides, rotation) {
            Ok(p) => p,
            Err(e) => panic!(
                "regular polygon ({sides} sides, circumradius {circumradius} at {center}): {e}"
            ),
        }
    }

    /// A regular polygon as in [`ConvexPolygon::regular`], or why there is none:
    /// fewer than 3 sides ([`PolygonError::TooFewPoints`]), a centre, radius or
    /// rotation that is NaN or infinite ([`PolygonError::NotFinite`]), a radius that
    /// is not positive ([`PolygonError::ZeroArea`]), or corners that f32 cannot tell
    /// apart. A radius of 1e-5 at x = 400 is below one f32 step there (3e-5), so
    /// its corners round onto each other ([`PolygonError::RepeatedPoint`] or
    /// [`PolygonError::ZeroArea`]).
    pub fn try_regular(
        center: Vec2,
        circumradius: f32,
        sides: usize,
        rotation: f32,
    ) -> Result<Self, PolygonError> {
        if sides < 3 {
            return Err(PolygonError::TooFewPoints { count: sides });
        }
        if !(center.is_finite() && circumradius.is_finite() && rotation.is_finite()) {
            return Err(PolygonError::NotFinite { index: 0 });
        }
        if circumradius <= 0.0 {
            return Err(PolygonError::ZeroArea);
        }
        let points = (0..sides)
            .map(|i| {
                let angle = rotation + TAU * i as f32 / sides as f32;
                center + circumradius * crate::portable_math::from_angle(angle)
            })
            .collect();
        Self::new(points)
    }

    /// The polygon of an axis-aligned rectangle.
    ///
    /// For fixed shapes written in the code; rectangles from user data go through
    /// [`ConvexPolygon::try_from_rect`].
    ///
    /// # Panics
    /// If the rectangle has no area.
    pub fn from_rect(rect: Rect) -> Self {
        match Self::try_from_rect(rect) {
            Ok(p) => p,
            Err(e) => panic!("rectangle {rect:?}: {e}"),
        }
    }

    /// The polygon of an axis-aligned rectangle, or why there is none: a corner
    /// that is NaN or infinite, or no area (an empty, inverted or too thin box,
    /// including one whose sides round onto each other in f32).
    pub fn try_from_rect(rect: Rect) -> Result<Self, PolygonError> {
        if !(rect.min.cmplt(rect.max).all()) {
            // An inverted box would come back as its mirror image; NaN fails here too.
            return match rect.min.is_finite() && rect.max.is_finite() {
                true => Err(PolygonError::ZeroArea),
                false => Err(PolygonError::NotFinite { index: 0 }),
            };
        }
        Self::new(rect.corners().to_vec())
    }

    /// The vertices, counter-clockwise.
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices
    }

    /// The outward unit normal of each edge (edge `i` runs from vertex `i` to `i + 1`).
    pub fn normals(&self) -> &[Vec2] {
        &self.normals
    }

    /// The edges as segments, counter-clockwise.
    pub fn edges(&self) -> impl ExactSizeIterator<Item = Segment> + '_ {
        let n = self.vertices.len();
        (0..n).map(move |i| Segment::new(self.vertices[i], self.vertices[(i + 1) % n]))
    }

    /// The bounding box.
    pub fn aabb(&self) -> Rect {
        Rect::from_points(self.vertices.iter().copied())
    }

    /// The mean of the vertices (inside, since the polygon is convex).
    pub fn centroid(&self) -> Vec2 {
        self.vertices.iter().copied().sum::<Vec2>() / self.vertices.len() as f32
    }

    /// Whether `p` is inside or on the border.
    pub fn contains(&self, p: Vec2) -> bool {
        self.vertices
            .iter()
            .zip(&self.normals)
            .all(|(&v, &n)| n.dot(p - v) <= 0.0)
    }

    /// Signed distance from `p` to the outline: negative inside (minus the distance
    /// to the nearest edge's line), positive outside (the distance to the nearest
    /// point of the outline).
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        let separation = self
            .vertices
            .iter()
            .zip(&self.normals)
            .map(|(&v, &n)| n.dot(p - v))
            .fold(f32::NEG_INFINITY, f32::max);
        if separation <= 0.0 {
            return separation;
        }
        self.edges()
            .map(|e| e.closest_point(p).distance(p))
            .fold(f32::INFINITY, f32::min)
    }

    /// The same polygon turned about the origin by the unit vector `rotation`
    /// (`portable_math::from_angle(angle)`): a turn keeps it convex and its
    /// winding, so its normals turn with it and nothing is checked again.
    pub fn rotated(&self, rotation: Vec2) -> Self {
        Self {
            vertices: self.vertices.iter().map(|&v| rotation.rotate(v)).collect(),
            normals: self.normals.iter().map(|&n| rotation.rotate(n)).collect(),
        }
    }

    /// The same polygon moved by `offset`.
    pub fn translated(&self, offset: Vec2) -> Self {
        Self {
            vertices: self.vertices.iter().map(|&v| v + offset).collect(),
            normals: self.normals.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn convex_polygon_accepts_clockwise_and_stores_counter_clockwise() {
        let p = ConvexPolygon::new(vec![v(0., 0.), v(0., 1.), v(1., 1.), v(1., 0.)]).unwrap();
        assert_eq!(p.vertices(), &[v(1., 0.), v(1., 1.), v(0., 1.), v(0., 0.)]);
        assert_eq!(p.normals()[0], v(1., 0.));
    }

    #[test]
    fn convex_polygon_rejects_each_bad_input_by_name() {
        use PolygonError::*;
        assert_eq!(
            ConvexPolygon::new(vec![v(0., 0.), v(1., 0.)]),
            Err(TooFewPoints { count: 2 })
        );
        assert_eq!(
            ConvexPolygon::new(vec![v(0., 0.), v(1., 0.), v(0., 0.)]),
            Err(RepeatedPoint {
                first: 0,
                second: 2
            })
        );
        assert_eq!(
            ConvexPolygon::new(vec![v(0., 0.), v(1., 1.), v(2., 2.)]),
            Err(ZeroArea)
        );
        let arrow = vec![v(0., 0.), v(2., 0.), v(1., 0.5), v(2., 2.), v(0., 2.)];
        assert_eq!(ConvexPolygon::new(arrow), Err(NotConvex { index: 2 }));
        assert_eq!(
            ConvexPolygon::new(vec![v(0., 0.), v(f32::NAN, 1.), v(1., 0.)]),
            Err(NotFinite { index: 1 })
        );
    }

    #[test]
    fn convex_polygon_rejects_star_that_winds_twice() {
        let star: Vec<Vec2> = (0..5)
            .map(|i| Vec2::from_angle(TAU * (2 * i) as f32 / 5.0))
            .collect();
        assert_eq!(
            ConvexPolygon::new(star),
            Err(PolygonError::NotConvex { index: 0 })
        );
    }

    #[test]
    fn regular_places_vertex_i_at_the_documented_angle() {
        let hex = ConvexPolygon::regular(v(10., 20.), 5.0, 6, 0.25);
        for (i, &p) in hex.vertices().iter().enumerate() {
            let a = 0.25 + TAU * i as f32 / 6.0;
            assert!((p - (v(10., 20.) + 5.0 * v(a.cos(), a.sin()))).length() < 1e-5);
        }
        assert_eq!(hex.edges().len(), 6);
    }

    #[test]
    fn try_regular_rejects_a_hexagon_too_small_for_distinct_corners() {
        // Issue 10: `hexagon at 400,300 radius 0.00001` made `regular` panic.
        let tiny = ConvexPolygon::try_regular(v(400., 300.), 1e-5, 6, 0.0);
        assert!(
            matches!(
                tiny,
                Err(PolygonError::RepeatedPoint { .. } | PolygonError::ZeroArea)
            ),
            "{tiny:?}"
        );
    }

    #[test]
    fn try_regular_rejects_bad_numbers_by_name() {
        use PolygonError::*;
        let c = v(10., 10.);
        assert_eq!(
            ConvexPolygon::try_regular(c, 1.0, 2, 0.0),
            Err(TooFewPoints { count: 2 })
        );
        for r in [0.0, -0.0, -1.0] {
            assert_eq!(ConvexPolygon::try_regular(c, r, 6, 0.0), Err(ZeroArea));
        }
        for (center, r, rot) in [
            (c, f32::NAN, 0.0),
            (c, f32::INFINITY, 0.0),
            (v(f32::NAN, 0.), 1.0, 0.0),
            (c, 1.0, f32::INFINITY),
        ] {
            assert_eq!(
                ConvexPolygon::try_regular(center, r, 6, rot),
                Err(NotFinite { index: 0 })
            );
        }
        assert!(ConvexPolygon::try_regular(c, 5.0, 6, 0.3).is_ok());
    }

    #[test]
    fn try_from_rect_rejects_empty_inverted_and_non_finite_boxes() {
        use PolygonError::*;
        let r = |a: Vec2, b: Vec2| ConvexPolygon::try_from_rect(Rect::new(a, b));
        assert_eq!(r(v(0., 0.), v(0., 5.)), Err(ZeroArea));
        assert_eq!(r(v(5., 5.), v(0., 0.)), Err(ZeroArea));
        assert_eq!(r(v(0., 0.), v(f32::NAN, 1.)), Err(NotFinite { index: 0 }));
        assert_eq!(
            r(v(0., 0.), v(f32::INFINITY, 1.)),
            Err(NotFinite { index: 1 })
        );
        // Sides one f32 step apart at 400 are distinct but have no usable area.
        assert_eq!(r(v(400., 0.), v(400.00003, 100.)), Err(ZeroArea));
        assert_eq!(
            r(v(1., 2.), v(3., 5.)).map(|p| p.aabb()),
            Ok(Rect::new(v(1., 2.), v(3., 5.)))
        );
    }
}
