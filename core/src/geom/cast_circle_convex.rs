//! The one swept-circle routine behind `cast_circle_segment` and `cast_circle_polygon`.
//!
//! A circle of radius r moving by m touches a convex shape exactly when its centre,
//! a ray, enters the shape grown by r: the Minkowski sum, a "rounded polygon" whose
//! boundary is each edge pushed out by r along its normal, joined by arcs of radius r
//! around each vertex (Ericson 5.5.7, "intersecting moving sphere against plane/box";
//! Box2D treats a segment as a capsule the same way). The algorithm:
//!
//! 1. Clip the ray against the half-planes `n_i . (x - v_i) <= r` of the offset edges
//!    (Cyrus-Beck / Ericson 5.3.8). This "offset polygon" holds the rounded one and
//!    differs from it only in the corner wedges beyond each vertex. The ray enters it
//!    at `t_enter`, through edge j.
//! 2. If the entry point projects inside edge j, it is on the rounded boundary: a
//!    face hit with normal `n_j`.
//! 3. Otherwise it entered a corner wedge of one vertex v of edge j. The wedge is
//!    bounded by the two offset edges and v's arc, so the ray either crosses that arc
//!    (a vertex hit, normal from v to the centre: the seed's corner case, exact) or
//!    leaves the offset polygon for good. One ray-circle test decides.
//!
//! The same loop measures the largest separation `max_i n_i . (c - v_i)`, which says
//! whether the circle already touches the shape (Box2D's `b2CollidePolygonAndCircle`
//! picks the face of largest separation, then checks its vertex regions).

use glam::Vec2;

use super::cast_circle_circle::cast_offset_to_radius;
use super::CastHit;

/// Which feature of edge `j` a point lies against.
enum Region {
    Face,
    Vertex(usize),
}

/// Whether `p` projects onto edge `j` (from `v[j]` to `v[j + 1]`), or beyond an end.
#[inline]
fn region_of(p: Vec2, vertices: &[Vec2], j: usize) -> Region {
    let next = if j + 1 == vertices.len() { 0 } else { j + 1 };
    let e = vertices[next] - vertices[j];
    let u = (p - vertices[j]).dot(e);
    if u < 0.0 {
        Region::Vertex(j)
    } else if u > e.dot(e) {
        Region::Vertex(next)
    } else {
        Region::Face
    }
}

/// The outward direction at vertex `k`: the bisector of its two edge normals, used
/// only when the centre sits exactly on the vertex.
fn vertex_normal(normals: &[Vec2], k: usize) -> Vec2 {
    let prev = if k == 0 { normals.len() - 1 } else { k - 1 };
    (normals[prev] + normals[k]).normalize_or(normals[k])
}

/// Casts a circle (`center`, `radius`) moving by `motion` against the convex shape
/// with `vertices` and outward unit `normals` (edge `i` from vertex `i` to `i + 1`).
/// A two-sided segment is the 2-gon `[a, b]` with normals `[n, -n]`.
#[inline]
pub(crate) fn cast_circle_convex(
    center: Vec2,
    radius: f32,
    motion: Vec2,
    vertices: &[Vec2],
    normals: &[Vec2],
) -> Option<CastHit> {
    let shape = Convex { vertices, normals };
    let scan = scan_edges(center, radius, motion, shape);
    if scan.best_separation <= radius {
        return cast_from_inside(center, radius, motion, shape, &scan);
    }
    if scan.misses() {
        return None;
    }
    cast_from_entry(center, radius, motion, shape, &scan)
}

/// The shape being cast against: corners and outward edge normals.
#[derive(Clone, Copy)]
struct Convex<'a> {
    vertices: &'a [Vec2],
    normals: &'a [Vec2],
}

/// What one pass over the edges finds (step 1, and the separation).
struct EdgeScan {
    /// The largest `n_i . (c - v_i)`, and its edge.
    best_separation: f32,
    best_edge: usize,
    /// t_enter and t_exit are fractions (numerator over a positive denominator),
    /// compared by cross-multiplying: the scan divides nothing, and one division at
    /// the end gives the toi.
    enter_num: f32,
    enter_den: f32,
    /// The edge the ray enters the offset polygon through (`usize::MAX`: none).
    enter_edge: usize,
    exit_num: f32,
    exit_den: f32,
    /// Whether the motion runs parallel to an edge, outside its offset half-plane.
    parallel_outside: bool,
}

impl EdgeScan {
    /// Whether the ray never enters the offset polygon: it runs parallel outside a
    /// half-plane, enters none, or leaves one before it enters another.
    fn misses(&self) -> bool {
        self.parallel_outside
            || self.enter_edge == usize::MAX
            || self.enter_num * self.exit_den > self.exit_num * self.enter_den
    }
}

/// Clips the ray against every offset half-plane and measures the separation.
#[inline]
fn scan_edges(center: Vec2, radius: f32, motion: Vec2, shape: Convex<'_>) -> EdgeScan {
    let mut scan = EdgeScan {
        best_separation: f32::NEG_INFINITY,
        best_edge: 0,
        enter_num: 0.0,
        enter_den: 1.0,
        enter_edge: usize::MAX,
        exit_num: 1.0,
        exit_den: 1.0,
        parallel_outside: false,
    };
    // The loop is written without short-circuits so that it compiles to selects, not
    // branches: which edge wins is unpredictable, and mispredicted branches were a
    // large part of a hexagon cast's time.
    for (i, (&v, &n)) in shape.vertices.iter().zip(shape.normals).enumerate() {
        let separation = n.dot(center - v);
        let approach = n.dot(motion);
        let better = separation > scan.best_separation;
        scan.best_separation = if better {
            separation
        } else {
            scan.best_separation
        };
        scan.best_edge = if better { i } else { scan.best_edge };
        let distance = separation - radius;
        // Entering this half-plane at t = distance / -approach, if approach < 0.
        let enters_later =
            (approach < 0.0) & (distance * scan.enter_den > scan.enter_num * -approach);
        scan.enter_num = if enters_later {
            distance
        } else {
            scan.enter_num
        };
        scan.enter_den = if enters_later {
            -approach
        } else {
            scan.enter_den
        };
        scan.enter_edge = if enters_later { i } else { scan.enter_edge };
        // Leaving it at t = -distance / approach, if approach > 0.
        let exits_sooner =
            (approach > 0.0) & (-distance * scan.exit_den < scan.exit_num * approach);
        scan.exit_num = if exits_sooner {
            -distance
        } else {
            scan.exit_num
        };
        scan.exit_den = if exits_sooner {
            approach
        } else {
            scan.exit_den
        };
        scan.parallel_outside |= (approach == 0.0) & (distance > 0.0);
    }
    scan
}

/// The centre is inside the offset polygon: touching, or in a corner wedge.
/// A centre strictly inside a polygon is pushed out through the nearest face;
/// only a centre outside (or on a segment's line) can be in a vertex region.
#[inline]
fn cast_from_inside(
    center: Vec2,
    radius: f32,
    motion: Vec2,
    shape: Convex<'_>,
    scan: &EdgeScan,
) -> Option<CastHit> {
    let Convex { vertices, normals } = shape;
    let (best_separation, mut best_edge) = (scan.best_separation, scan.best_edge);
    // On a tie (a bisector, or the two sides of a segment) prefer the edge the
    // motion leaves, so a ball sitting exactly on a boundary can always go.
    for (i, (&v, &n)) in vertices.iter().zip(normals).enumerate() {
        if n.dot(center - v) == best_separation && n.dot(motion) > normals[best_edge].dot(motion) {
            best_edge = i;
        }
    }
    let region = if best_separation < 0.0 {
        Region::Face
    } else {
        region_of(center, vertices, best_edge)
    };
    match region {
        Region::Face => {
            let n = normals[best_edge];
            let point = center - n * best_separation;
            (motion.dot(n) < 0.0).then_some(CastHit {
                toi: 0.0,
                point,
                normal: n,
            })
        }
        Region::Vertex(k) => cast_vertex(center, radius, motion, vertices[k], || {
            vertex_normal(normals, k)
        }),
    }
}

/// Steps 2 and 3: the ray enters the offset polygon at `t_enter`; a face hit if
/// the entry point is against the face, else the vertex's arc decides.
#[inline]
fn cast_from_entry(
    center: Vec2,
    radius: f32,
    motion: Vec2,
    shape: Convex<'_>,
    scan: &EdgeScan,
) -> Option<CastHit> {
    let t_enter = scan.enter_num / scan.enter_den;
    let entry = center + motion * t_enter;
    match region_of(entry, shape.vertices, scan.enter_edge) {
        Region::Face => {
            let n = shape.normals[scan.enter_edge];
            Some(CastHit {
                toi: t_enter,
                point: entry - n * radius,
                normal: n,
            })
        }
        Region::Vertex(k) => cast_vertex(center, radius, motion, shape.vertices[k], || {
            vertex_normal(shape.normals, k)
        }),
    }
}

/// The circle against one vertex (a ray against a disc of `radius` around it),
/// including the already-touching case.
#[inline]
fn cast_vertex(
    center: Vec2,
    radius: f32,
    motion: Vec2,
    vertex: Vec2,
    fallback_normal: impl FnOnce() -> Vec2,
) -> Option<CastHit> {
    let offset = center - vertex;
    if offset.length_squared() <= radius * radius {
        let normal = offset.try_normalize().unwrap_or_else(fallback_normal);
        return (motion.dot(normal) < 0.0).then_some(CastHit {
            toi: 0.0,
            point: vertex,
            normal,
        });
    }
    let toi = cast_offset_to_radius(offset, motion, radius)?;
    let at_contact = offset + motion * toi;
    Some(CastHit {
        toi,
        point: vertex,
        normal: at_contact.normalize_or(offset.normalize()),
    })
}
