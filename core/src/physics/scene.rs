//! Generated scenes for tests, the soak run and the benchmarks: an arena with side
//! walls, rows of flush bricks, scattered hexagons and many balls, all from a seed.

use crate::portable_rng::PortableRng;
use glam::Vec2;
use rand::{Rng, SeedableRng};

use super::{Collider, Goal, Paddle, PhysicsConfig, StaticShape, World};
use crate::geom::{ConvexPolygon, Rect};
use crate::tuning::STEPS_PER_SECOND;

/// What to put in a generated scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SceneSpec {
    /// Arena width and height.
    pub size: Vec2,
    /// How many hexagon barriers (fewer if they do not fit).
    pub hexagons: usize,
    /// How many bricks, in flush rows across the upper part of the arena.
    pub bricks: usize,
    /// How many balls (fewer if they do not fit).
    pub balls: usize,
    /// Radius of every ball.
    pub ball_radius: f32,
    /// Top speed of the balls, in radii per step (the physics' limit is raised to match).
    pub max_radii_per_step: f32,
    /// Whether to add two paddles and goal lines at the top and bottom (otherwise
    /// the arena is closed by walls).
    pub paddles: bool,
    /// Seed for every random choice.
    pub seed: u64,
}

impl Default for SceneSpec {
    fn default() -> Self {
        Self {
            size: Vec2::new(3200.0, 3200.0),
            hexagons: 200,
            bricks: 500,
            balls: 1000,
            ball_radius: 5.0,
            max_radii_per_step: 2.0,
            paddles: false,
            seed: 1,
        }
    }
}

/// Thickness of the arena walls.
const WALL: f32 = 40.0;

/// Builds the scene described by `spec`: walls (and paddles with goal lines, if
/// asked), bricks, hexagons, then balls, drawing from one seeded stream in that
/// order.
pub fn generate_scene(spec: &SceneSpec, use_grid: bool) -> World {
    let mut rng = PortableRng::seed_from_u64(spec.seed);
    let config = scene_config(spec, use_grid);
    let mut world = World::new(Rect::new(Vec2::ZERO, spec.size), config, spec.seed);
    add_bounds(&mut world, spec);
    let free_top = add_bricks(&mut world, spec);
    add_hexagons(&mut world, spec, free_top, &mut rng);
    add_balls(&mut world, spec, &config, &mut rng);
    world
}

/// The default physics, with the top speed raised to `spec`'s.
fn scene_config(spec: &SceneSpec, use_grid: bool) -> PhysicsConfig {
    let max_speed = spec.max_radii_per_step * spec.ball_radius * STEPS_PER_SECOND as f32;
    PhysicsConfig {
        max_speed: max_speed.max(PhysicsConfig::default().min_speed * 2.0),
        use_grid,
        ..PhysicsConfig::default()
    }
}

/// Side walls, then either two paddles with their goal lines or walls at the top
/// and bottom.
fn add_bounds(world: &mut World, spec: &SceneSpec) {
    let (w, h) = (spec.size.x, spec.size.y);
    world.add_wall(Rect::new(Vec2::new(-WALL, -WALL), Vec2::new(0.0, h + WALL)));
    world.add_wall(Rect::new(
        Vec2::new(w, -WALL),
        Vec2::new(w + WALL, h + WALL),
    ));
    if !spec.paddles {
        world.add_wall(Rect::new(Vec2::new(0.0, -WALL), Vec2::new(w, 0.0)));
        world.add_wall(Rect::new(Vec2::new(0.0, h), Vec2::new(w, h + WALL)));
        return;
    }
    let size = Vec2::new(w * 0.15, 16.0);
    world.add_paddle(Paddle::rectangle(
        size,
        Vec2::new(w * 0.5, h - 40.0),
        Vec2::NEG_Y,
        0,
    ));
    world.add_paddle(Paddle::rectangle(
        size,
        Vec2::new(w * 0.5, 40.0),
        Vec2::Y,
        1,
    ));
    world.add_goal(Goal {
        y: h,
        outward: 1.0,
        defender: 0,
    });
    world.add_goal(Goal {
        y: 0.0,
        outward: -1.0,
        defender: 1,
    });
}

/// Bricks in flush rows across the upper part, so balls meet the seams between
/// them. Returns the y where the free field below them starts.
fn add_bricks(world: &mut World, spec: &SceneSpec) -> f32 {
    let (w, h) = (spec.size.x, spec.size.y);
    let brick = Vec2::new(50.0, 20.0);
    let per_row = ((w - 2.0 * brick.x) / brick.x).floor().max(1.0) as usize;
    let top = h * 0.12;
    for i in 0..spec.bricks {
        let (col, row) = (i % per_row, i / per_row);
        let min = Vec2::new(brick.x + col as f32 * brick.x, top + row as f32 * brick.y);
        world.add_shape(StaticShape {
            collider: Collider::Polygon(ConvexPolygon::from_rect(Rect::new(min, min + brick))),
            counts_as_progress: true,
        });
    }
    let rows = spec.bricks.div_ceil(per_row) as f32;
    top + rows * brick.y + 60.0
}

/// Hexagons on a jittered lattice below `free_top`, never touching each other.
fn add_hexagons(world: &mut World, spec: &SceneSpec, free_top: f32, rng: &mut PortableRng) {
    let (w, h) = (spec.size.x, spec.size.y);
    let radius = 28.0;
    let spacing = 3.2 * radius;
    let cols = ((w - 2.0 * spacing) / spacing).floor().max(1.0) as usize;
    let lattice_rows = ((h * 0.85 - free_top) / spacing).floor().max(0.0) as usize;
    let mut sites: Vec<Vec2> = (0..cols * lattice_rows)
        .map(|k| {
            Vec2::new(
                spacing * (1.5 + (k % cols) as f32),
                free_top + spacing * (0.5 + (k / cols) as f32),
            )
        })
        .collect();
    shuffle(&mut sites, rng);
    for &site in sites.iter().take(spec.hexagons) {
        let jitter = Vec2::new(rng.random_range(-0.3..0.3), rng.random_range(-0.3..0.3)) * radius;
        let rotation = rng.random_range(0.0..std::f32::consts::TAU);
        world.add_shape(StaticShape {
            collider: Collider::Polygon(ConvexPolygon::regular(site + jitter, radius, 6, rotation)),
            counts_as_progress: false,
        });
    }
}

/// Balls on a lattice over the free part of the arena, skipping occupied spots
/// (and the paddles' bands), with random speeds, directions and owners.
fn add_balls(world: &mut World, spec: &SceneSpec, config: &PhysicsConfig, rng: &mut PortableRng) {
    let (w, h) = (spec.size.x, spec.size.y);
    let r = spec.ball_radius;
    let gap =
        (2.0 * r + 4.0).max(((w - 4.0 * r) * (h - 4.0 * r) / (spec.balls as f32 * 1.6)).sqrt());
    let (nx, ny) = (
        ((w - 4.0 * r) / gap) as usize,
        ((h - 4.0 * r) / gap) as usize,
    );
    let mut spots: Vec<Vec2> = (0..nx * ny)
        .map(|k| {
            Vec2::new(
                2.0 * r + gap * (0.5 + (k % nx) as f32),
                2.0 * r + gap * (0.5 + (k / nx) as f32),
            )
        })
        .collect();
    shuffle(&mut spots, rng);
    let mut placed = 0;
    for spot in spots {
        if placed == spec.balls {
            break;
        }
        if spec.paddles && (spot.y < 80.0 || spot.y > h - 80.0) {
            continue;
        }
        if !world.circle_is_free(spot, r + 1.0) {
            continue;
        }
        let speed = rng.random_range(config.min_speed..=config.max_speed);
        let dir = crate::portable_math::from_angle(rng.random_range(0.0..std::f32::consts::TAU));
        world.add_ball(spot, r, dir * speed, rng.random_range(0..2));
        placed += 1;
    }
}

/// Fisher-Yates, from the back: the order of draws is part of every scene.
fn shuffle<T>(items: &mut [T], rng: &mut PortableRng) {
    for k in (1..items.len()).rev() {
        items.swap(k, rng.random_range(0..=k));
    }
}
