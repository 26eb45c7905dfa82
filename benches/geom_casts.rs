//! Swept-circle casts against a hexagon and a segment, ours beside parry2d 0.31.
//!
//! Runs criterion's usual groups, then prints a side-by-side table measured in this
//! same run: median ns per query over interleaved rounds, the ratios to parry's
//! general shape cast (`cast_shapes`, ball against `ConvexPolygon`) and to its
//! closed-form ray cast against one `Capsule` per edge, and the largest toi
//! disagreement with an f64 reference. parry2d uses glam 0.33 and we use 0.27, so
//! every input is converted once, before any timing.

#![expect(missing_docs, reason = "criterion_group! generates an undocumented fn")]

use std::hint::black_box;
use std::time::Instant;

use arkanong_core::geom::{
    cast_circle_polygon, cast_circle_segment, Circle, ConvexPolygon, Segment,
};
use criterion::{criterion_group, Criterion};
use glam::{DVec2, Vec2};
use parry2d::math::{Pose, Vector as PVec};
use parry2d::query::{cast_shapes, Ray, RayCast, ShapeCastOptions};
use parry2d::shape::{Ball, Capsule, ConvexPolygon as PPolygon};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const QUERIES: usize = 4096;
const HEX_CENTER: Vec2 = Vec2::new(300.0, 200.0);
const HEX_RADIUS: f32 = 40.0;

/// One query: a ball of `radius` at `start` moving by `motion`.
#[derive(Clone, Copy)]
struct Query {
    start: Vec2,
    motion: Vec2,
    radius: f32,
}

fn hexagon() -> ConvexPolygon {
    ConvexPolygon::regular(HEX_CENTER, HEX_RADIUS, 6, 0.3)
}

/// A fixed random set of queries aimed at the hexagon: half at a vertex (give or
/// take less than a radius, so many hit the corner arcs), a third at a face, the
/// rest anywhere nearby. Every ball starts clear of the hexagon.
fn queries(hex: &ConvexPolygon) -> Vec<Query> {
    let mut rng = SmallRng::seed_from_u64(0x00A4_CA40);
    (0..QUERIES)
        .map(|_| {
            let radius = rng.random_range(2.0..10.0);
            let verts = hex.vertices();
            let i = rng.random_range(0..verts.len());
            let jitter =
                Vec2::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)) * radius;
            let kind: f32 = rng.random();
            let target = if kind < 0.5 {
                verts[i] + jitter
            } else if kind < 0.83 {
                verts[i].lerp(verts[(i + 1) % verts.len()], rng.random()) + jitter
            } else {
                HEX_CENTER + Vec2::new(rng.random_range(-80.0..80.0), rng.random_range(-80.0..80.0))
            };
            let angle: f32 = rng.random_range(0.0..std::f32::consts::TAU);
            let start = HEX_CENTER + Vec2::from_angle(angle) * rng.random_range(70.0..140.0);
            Query {
                start,
                motion: (target - start) * rng.random_range(1.0..1.5),
                radius,
            }
        })
        .collect()
}

fn p(v: Vec2) -> PVec {
    PVec::new(v.x, v.y)
}

/// f64 reference: the earliest touch of the ball on any edge's capsule.
fn reference_toi(q: &Query, edges: &[Segment]) -> Option<f64> {
    let (c, m, r) = (q.start.as_dvec2(), q.motion.as_dvec2(), f64::from(q.radius));
    let disc_toi = |v: DVec2| {
        let f = c - v;
        let (a, b, cc) = (m.dot(m), f.dot(m), f.dot(f) - r * r);
        let d = b * b - a * cc;
        (d > 0.0 && b < 0.0).then(|| (-b - d.sqrt()) / a)
    };
    let mut best: Option<f64> = None;
    for e in edges {
        let (a, b) = (e.a.as_dvec2(), e.b.as_dvec2());
        let dir = (b - a).normalize();
        let mut n = DVec2::new(dir.y, -dir.x);
        if n.dot(c - a) < 0.0 {
            n = -n;
        }
        let mut cands = vec![disc_toi(a), disc_toi(b)];
        let approach = m.dot(n);
        if approach < 0.0 {
            let t = (n.dot(c - a) - r) / -approach;
            let along = (c + m * t - a).dot(dir);
            if (0.0..=(b - a).length()).contains(&along) {
                cands.push(Some(t));
            }
        }
        for t in cands
            .into_iter()
            .flatten()
            .filter(|t| (0.0..=1.0).contains(t))
        {
            best = Some(best.map_or(t, |x: f64| x.min(t)));
        }
    }
    best
}

/// Everything each contender needs, converted once.
struct Scene {
    queries: Vec<Query>,
    hex: ConvexPolygon,
    segment: Segment,
    p_hex: PPolygon,
    p_capsules: Vec<Vec<Capsule>>,
    p_rays: Vec<Ray>,
    p_balls: Vec<(Pose, PVec, Ball)>,
}

impl Scene {
    fn new() -> Self {
        let hex = hexagon();
        let queries = queries(&hex);
        let segment = hex.edges().next().unwrap();
        let p_hex =
            PPolygon::from_convex_polyline(hex.vertices().iter().map(|&v| p(v)).collect()).unwrap();
        let p_capsules = queries
            .iter()
            .map(|q| {
                hex.edges()
                    .map(|e| Capsule::new(p(e.a), p(e.b), q.radius))
                    .collect()
            })
            .collect();
        let p_rays = queries
            .iter()
            .map(|q| Ray::new(p(q.start), p(q.motion)))
            .collect();
        let p_balls = queries
            .iter()
            .map(|q| {
                (
                    Pose::from_translation(p(q.start)),
                    p(q.motion),
                    Ball::new(q.radius),
                )
            })
            .collect();
        Self {
            queries,
            hex,
            segment,
            p_hex,
            p_capsules,
            p_rays,
            p_balls,
        }
    }

    fn ours_polygon(&self, i: usize) -> Option<f32> {
        let q = &self.queries[i];
        cast_circle_polygon(Circle::new(q.start, q.radius), q.motion, &self.hex).map(|h| h.toi)
    }

    fn ours_segment(&self, i: usize) -> Option<f32> {
        let q = &self.queries[i];
        cast_circle_segment(Circle::new(q.start, q.radius), q.motion, self.segment).map(|h| h.toi)
    }

    fn parry_capsules(&self, i: usize) -> Option<f32> {
        let ray = &self.p_rays[i];
        self.p_capsules[i]
            .iter()
            .filter_map(|c| c.cast_local_ray_and_get_normal(ray, 1.0, true))
            .map(|hit| hit.time_of_impact)
            .min_by(f32::total_cmp)
    }

    fn parry_capsule_segment(&self, i: usize) -> Option<f32> {
        self.p_capsules[i][0]
            .cast_local_ray_and_get_normal(&self.p_rays[i], 1.0, true)
            .map(|hit| hit.time_of_impact)
    }

    fn parry_cast_shapes(&self, i: usize) -> Option<f32> {
        let (pose, vel, ball) = &self.p_balls[i];
        let options = ShapeCastOptions::with_max_time_of_impact(1.0);
        cast_shapes(
            pose,
            *vel,
            ball,
            &Pose::IDENTITY,
            PVec::ZERO,
            &self.p_hex,
            options,
        )
        .unwrap()
        .map(|hit| hit.time_of_impact)
    }
}

type Contender = (&'static str, fn(&Scene, usize) -> Option<f32>);

const POLYGON: [Contender; 3] = [
    ("ours cast_circle_polygon", Scene::ours_polygon),
    ("parry Capsule per edge", Scene::parry_capsules),
    ("parry cast_shapes", Scene::parry_cast_shapes),
];
const SEGMENT: [Contender; 2] = [
    ("ours cast_circle_segment", Scene::ours_segment),
    ("parry one Capsule", Scene::parry_capsule_segment),
];

fn criterion_benches(c: &mut Criterion) {
    let scene = Scene::new();
    for (group, contenders) in [("hexagon", &POLYGON[..]), ("segment", &SEGMENT[..])] {
        let mut g = c.benchmark_group(group);
        for &(name, f) in contenders {
            g.bench_function(name, |b| {
                b.iter(|| {
                    (0..QUERIES)
                        .filter(|&i| black_box(f(&scene, black_box(i))).is_some())
                        .count()
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, criterion_benches);

/// Median ns per query of each contender, over rounds that interleave them so that
/// machine noise hits all alike.
fn medians(scene: &Scene, contenders: &[Contender]) -> Vec<f64> {
    const ROUNDS: usize = 201;
    let mut samples = vec![Vec::with_capacity(ROUNDS); contenders.len()];
    for _ in 0..ROUNDS {
        for (k, &(_, f)) in contenders.iter().enumerate() {
            let t0 = Instant::now();
            let hits = (0..QUERIES)
                .filter(|&i| black_box(f(scene, black_box(i))).is_some())
                .count();
            black_box(hits);
            samples[k].push(t0.elapsed().as_secs_f64() * 1e9 / QUERIES as f64);
        }
    }
    samples
        .into_iter()
        .map(|mut s| {
            s.sort_by(f64::total_cmp);
            s[s.len() / 2]
        })
        .collect()
}

/// Largest toi difference from the f64 reference, and how many hit/miss verdicts differ.
fn accuracy(scene: &Scene, f: fn(&Scene, usize) -> Option<f32>, edges: &[Segment]) -> (f64, usize) {
    let mut worst = 0.0f64;
    let mut verdicts = 0;
    for i in 0..QUERIES {
        match (f(scene, i), reference_toi(&scene.queries[i], edges)) {
            (Some(a), Some(b)) => worst = worst.max((f64::from(a) - b).abs()),
            (None, None) => {}
            _ => verdicts += 1,
        }
    }
    (worst, verdicts)
}

fn print_table(scene: &Scene) {
    let hex_edges: Vec<Segment> = scene.hex.edges().collect();
    let hits = (0..QUERIES)
        .filter(|&i| scene.ours_polygon(i).is_some())
        .count();
    println!(
        "\n{QUERIES} queries against a hexagon, {hits} hits; median of 201 interleaved rounds\n"
    );
    println!(
        "{:<28} {:>10} {:>12} {:>14} {:>9}",
        "contender", "ns/query", "vs ours", "max |dtoi|", "verdicts"
    );
    for (contenders, edges) in [
        (&POLYGON[..], &hex_edges[..]),
        (&SEGMENT[..], &[scene.segment][..]),
    ] {
        let m = medians(scene, contenders);
        for (k, &(name, f)) in contenders.iter().enumerate() {
            let (worst, verdicts) = accuracy(scene, f, edges);
            println!(
                "{name:<28} {:>10.2} {:>11.2}x {worst:>14.2e} {verdicts:>9}",
                m[k],
                m[k] / m[0]
            );
        }
    }
    println!("\n'vs ours' is the contender's time over ours (above 1: ours is faster).");
    println!("'verdicts' counts queries where hit/miss disagrees with the f64 reference.");
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    print_table(&Scene::new());
}
