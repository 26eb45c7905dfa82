//! Geometry and collision queries: shapes, overlap tests, crossing points and
//! swept-circle casts. Headless (glam only) and shared by the physics, the AI and
//! the level checker.
//!
//! Queries are named `[operation]_[shape1]_[shape2]`, as in parry:
//! `intersection_test_*` answers yes or no, `crossing*_*` gives exact points, and
//! `cast_*` sweeps the first shape along a motion and reports the first touch as a
//! [`CastHit`], or `None` for a miss.

mod cast_circle_circle;
mod cast_circle_convex;
mod cast_circle_polygon;
mod cast_circle_segment;
mod cast_hit;
mod circle;
mod convex_polygon;
mod crossing;
mod intersection_test;
mod line;
mod oriented_rect;
mod rect;
mod reflect;
mod segment;
mod segment_contact;

pub use cast_circle_circle::cast_circle_circle;
pub use cast_circle_polygon::cast_circle_polygon;
pub use cast_circle_segment::{cast_circle_segment, cast_ray_segment};
pub use cast_hit::CastHit;
pub use circle::Circle;
pub use convex_polygon::{ConvexPolygon, PolygonError};
pub use crossing::{
    crossing_segment_segment, crossings_circle_line, crossings_circle_segment, Crossings,
};
pub use intersection_test::{
    intersection_test_circle_point, intersection_test_circle_rect,
    intersection_test_circle_segment, intersection_test_line_line,
    intersection_test_oriented_rect_oriented_rect, intersection_test_polygon_polygon,
    intersection_test_segment_segment, overlap_depth_polygon_polygon,
};
pub use line::Line;
pub use oriented_rect::OrientedRect;
pub use rect::Rect;
pub use reflect::reflect;
pub use segment::Segment;
