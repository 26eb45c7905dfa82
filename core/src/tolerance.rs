//! Every tolerance the core uses, in one place, with its units and the reason for its value.
//!
//! World units: the arena is laid out in abstract units, independent of the window.
//! A typical arena is about 1000 units across and a ball has a radius of about 8,
//! so these values are small against every feature the game draws.

/// Sine of the angle below which two directions count as parallel (dimensionless).
///
/// Used by the line tests, which compare `cross(a, b)` against `|a| |b|` times this:
/// a relative test, so it means the same for short and long vectors. 1e-6 is about
/// ten f32 epsilons: loose enough to absorb the rounding of a cross product, tight
/// enough that two lines at 0.0001 degrees still cross.
pub const PARALLEL_SINE: f32 = 1e-6;

/// Distance from a segment's line, as a fraction of that segment's length, within
/// which a point counts as on the line (dimensionless). Used by the segment-segment
/// queries to call two segments collinear: both ends of the shorter lie this close
/// to the longer one's line.
///
/// Why 1e-5: pieces of one line whose ends were rounded to f32 are off it by up to
/// ~1e-7 of their distance from the origin (half an ulp per coordinate), so 1e-5 still
/// calls them collinear when they are at least 1/100 as long as that distance: 100
/// units long 1e4 from the origin. It is also tight: 0.01 units on a 1000-unit wall,
/// the same as [`MAX_OVERLAP`], a thousandth of a ball's radius.
pub const COLLINEAR_RELATIVE_DISTANCE: f32 = 1e-5;

/// A circle whose radius is below this many f32 epsilons of its distance from a
/// segment (plus its motion) is cast against the segment as a point (dimensionless).
///
/// A segment is a capsule of zero thickness plus the radius, and its two faces are
/// measured from its two ends: each separation is rounded by a few epsilons of the
/// distance, so a capsule thinner than that can come out empty and a ray misses a
/// segment it crosses. 16 is a few times that rounding; a ball of radius 8 is under
/// it only 4e6 units away.
pub const THIN_CIRCLE_EPSILONS: f32 = 16.0;

/// Polygon area below which a polygon is degenerate, relative to the square of its
/// largest extent (dimensionless). A sliver thinner than a millionth of its length
/// has no usable normals.
pub const MIN_RELATIVE_AREA: f32 = 1e-6;

/// Total turning, in radians, by which a polygon may miss a single turn of 2 pi and
/// still count as convex. A star pentagon turns 4 pi; rounding costs ~1e-5.
pub const TURNING_SLACK: f32 = 1e-3;

/// How far a ball may overlap a shape or paddle, in world units, before the physics
/// invariants count it as a violation. Casts are exact, so contacts end within a few
/// f32 roundings of touching (about 1e-4 units at 1000 units from the origin).
pub const MAX_OVERLAP: f32 = 1e-2;

/// Gap, in world units, that the physics leaves between a ball and whatever it was
/// pushed against (a squeezing paddle, another ball). Small against a ball's radius
/// of about 8, large against f32 rounding.
pub const CONTACT_SKIN: f32 = 1e-3;

/// How far apart a shape's box and a swept box must be, relative to the coordinates'
/// size (at least 1 unit), for the broadphase to skip the shape without a cast
/// (dimensionless). A cast
/// reports a touch only when the circle comes within rounding of the shape (a few
/// f32 epsilons of the coordinates, ~1e-7 each), and the geometry's loosest relative
/// tolerance is [`COLLINEAR_RELATIVE_DISTANCE`] (1e-5): 1e-4 is ten times that and
/// hundreds of epsilons, so the skip never changes a cast's answer (the grid
/// against brute force tests hold it to that), while staying well under a grid cell.
pub const BROADPHASE_FAR_MARGIN: f32 = 1e-4;
