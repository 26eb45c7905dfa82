//! Invariants of the physics world under random play: property tests over random
//! worlds, a soak run, and the determinism check.

use arkanong_core::geom::{Circle, Rect};
use arkanong_core::physics::{generate_scene, BallId, Event, PaddleId, SceneSpec, World};
use arkanong_core::tolerance::MAX_OVERLAP;
use arkanong_core::tuning::{MAX_BALL_SPEED, STEPS_PER_SECOND};
use glam::Vec2;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const DT: f32 = 1.0 / 120.0;

/// A small arena with paddles and goals, crowded with very fast balls.
fn soak_spec(seed: u64, balls: usize) -> SceneSpec {
    SceneSpec {
        size: Vec2::new(800.0, 1000.0),
        hexagons: 14,
        bricks: 48,
        balls,
        ball_radius: 8.0,
        max_radii_per_step: 100.0,
        paddles: true,
        seed,
    }
}

/// Counts of what the checks saw.
#[derive(Debug, Default)]
struct Tally {
    ball_steps: u64,
    violations: Vec<String>,
}

/// Drives a world at random like a game would: paddles wander inside their zones,
/// struck bricks sometimes break, lost balls are replaced. Checks every invariant
/// after every step.
fn run(world: &mut World, steps: usize, seed: u64, tally: &mut Tally) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (min_speed, max_speed) = (world.config().min_speed, world.config().max_speed);
    let bounds = world.bounds();
    let radius = world.balls().first().map_or(8.0, |b| b.radius);
    for step in 0..steps {
        for k in 0..world.paddles().len() {
            let p = world.paddles()[k].position;
            let zone_y = if p.y > bounds.center().y {
                bounds.max.y - 120.0..bounds.max.y - 30.0
            } else {
                bounds.min.y + 30.0..bounds.min.y + 120.0
            };
            let target = Vec2::new(
                (p.x + rng.random_range(-25.0..25.0))
                    .clamp(bounds.min.x + 80.0, bounds.max.x - 80.0),
                (p.y + rng.random_range(-8.0..8.0)).clamp(zone_y.start, zone_y.end),
            );
            world.move_paddle(PaddleId(k as u32), target);
        }
        let before: Vec<(BallId, Vec2)> =
            world.balls().iter().map(|b| (b.id, b.position)).collect();
        let events = world.step(DT);
        tally.ball_steps += before.len() as u64;
        check(world, &before, &events, min_speed, max_speed, step, tally);
        for e in &events {
            if let Event::BallHitShape { shape, .. } = *e {
                if world.shape(shape).is_some_and(|s| s.counts_as_progress) && rng.random_bool(0.3)
                {
                    world.remove_shape(shape);
                }
            }
        }
        while world.balls().len() < before.len() {
            let spot = Vec2::new(
                rng.random_range(100.0..bounds.max.x - 100.0),
                rng.random_range(200.0..bounds.max.y - 200.0),
            );
            if world.circle_is_free(spot, radius + 1.0)
                && world
                    .balls()
                    .iter()
                    .all(|b| b.position.distance(spot) > 2.0 * radius + 1.0)
            {
                let dir = Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU));
                world.add_ball(
                    spot,
                    radius,
                    dir * rng.random_range(min_speed..max_speed),
                    rng.random_range(0..2),
                );
            }
        }
    }
}

fn check(
    world: &World,
    before: &[(BallId, Vec2)],
    events: &[Event],
    min_speed: f32,
    max_speed: f32,
    step: usize,
    tally: &mut Tally,
) {
    let mut fail = |what: String| {
        if tally.violations.len() < 20 {
            tally.violations.push(format!("step {step}: {what}"));
        }
    };
    let involved = |id: BallId| {
        events.iter().any(|e| match *e {
            Event::BallHitShape { ball, .. }
            | Event::BallHitPaddle { ball, .. }
            | Event::BallCrossedGoal { ball, .. } => ball == id,
            Event::BallTouchedBall { first, second, .. } => first == id || second == id,
        })
    };
    for &(id, start) in before {
        let Some(b) = world.ball(id) else {
            if !events
                .iter()
                .any(|e| matches!(*e, Event::BallCrossedGoal { ball, .. } if ball == id))
            {
                fail(format!("ball {id:?} vanished without crossing a goal"));
            }
            continue;
        };
        if !(b.position.is_finite() && b.velocity.is_finite()) {
            fail(format!(
                "ball {id:?} not finite: {:?} {:?}",
                b.position, b.velocity
            ));
            continue;
        }
        let speed = b.velocity.length();
        if speed < min_speed * 0.999 || speed > max_speed * 1.001 + min_speed {
            fail(format!("ball {id:?} speed {speed} out of range"));
        }
        if !bounds_hold(world.bounds(), b.position) {
            fail(format!("ball {id:?} left the arena at {:?}", b.position));
        }
        for (sid, s) in world.shapes() {
            let depth = b.radius - s.collider.signed_distance(b.position);
            if depth > MAX_OVERLAP {
                fail(format!("ball {id:?} overlaps shape {sid:?} by {depth}"));
            }
            // A ball that reported nothing moved in a straight line: that line
            // must not have run into anything.
            if !involved(id) {
                let motion = b.position - start;
                if let Some(hit) = s.collider.cast(Circle::new(start, b.radius), motion) {
                    let depth = -(motion * (1.0 - hit.toi)).dot(hit.normal);
                    if depth > MAX_OVERLAP {
                        fail(format!(
                            "ball {id:?} passed into shape {sid:?} unreported by {depth}"
                        ));
                    }
                }
            }
        }
        for (k, p) in world.paddles().iter().enumerate() {
            let d = arkanong_core::physics::Collider::Polygon(p.placed(Vec2::ZERO))
                .signed_distance(b.position);
            if b.radius - d > MAX_OVERLAP {
                fail(format!(
                    "ball {id:?} overlaps paddle {k} by {}",
                    b.radius - d
                ));
            }
        }
    }
}

fn bounds_hold(bounds: Rect, p: Vec2) -> bool {
    // Balls may reach past the arena only through the goal lines (then they are removed).
    p.x >= bounds.min.x
        && p.x <= bounds.max.x
        && p.y >= bounds.min.y - 1.0
        && p.y <= bounds.max.y + 1.0
}

/// [`soak_spec`] with balls at the game's top speed (`MAX_BALL_SPEED`, 1.7
/// radii a step): the paddle is the fast thing here.
fn jumping_spec(seed: u64, balls: usize) -> SceneSpec {
    let radius = soak_spec(seed, balls).ball_radius;
    SceneSpec {
        max_radii_per_step: MAX_BALL_SPEED / STEPS_PER_SECOND as f32 / radius,
        ..soak_spec(seed, balls)
    }
}

/// Like [`run`], but every paddle jumps to a random place anywhere in its band
/// every step, as a mouse flicked across the arena moves it (`Intent::target`);
/// besides [`check`]'s invariants, no ball may pass through a paddle: in the
/// paddle's frame, a ball beside it (in its band) at the start and end of a step
/// is on the same side, and a ball over or under it (in its width) likewise.
fn run_jumping(world: &mut World, steps: usize, seed: u64, tally: &mut Tally) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (min_speed, max_speed) = (world.config().min_speed, world.config().max_speed);
    let bounds = world.bounds();
    for step in 0..steps {
        let paddles_before: Vec<Vec2> = world.paddles().iter().map(|p| p.position).collect();
        for k in 0..world.paddles().len() {
            let p = world.paddles()[k].position;
            let half = world.paddles()[k].half_width;
            let zone_y = if p.y > bounds.center().y {
                bounds.max.y - 120.0..bounds.max.y - 30.0
            } else {
                bounds.min.y + 30.0..bounds.min.y + 120.0
            };
            // Half the steps from wall to wall exactly, the rest anywhere.
            let x = if rng.random_bool(0.5) {
                if p.x < bounds.center().x {
                    bounds.max.x - half
                } else {
                    bounds.min.x + half
                }
            } else {
                rng.random_range(bounds.min.x + half..bounds.max.x - half)
            };
            let target = Vec2::new(x, rng.random_range(zone_y));
            world.move_paddle(PaddleId(k as u32), target);
        }
        let before: Vec<(BallId, Vec2)> =
            world.balls().iter().map(|b| (b.id, b.position)).collect();
        let events = world.step(DT);
        tally.ball_steps += before.len() as u64;
        check(world, &before, &events, min_speed, max_speed, step, tally);
        for &(id, start) in &before {
            let Some(b) = world.ball(id) else { continue };
            for (k, p) in world.paddles().iter().enumerate() {
                let half = p.shape.aabb().max;
                let (from, to) = (start - paddles_before[k], b.position - p.position);
                // A unit inside the touching distance: a ball that rides over a
                // face (touching it) as the paddle slides under is not through it.
                let reach = half + Vec2::splat(b.radius - 1.0);
                let beside = |l: Vec2| l.y.abs() < reach.y && l.x.abs() >= half.x;
                let over = |l: Vec2| l.x.abs() < reach.x && l.y.abs() >= half.y;
                let crossed = (beside(from) && beside(to) && from.x * to.x < 0.0)
                    || (over(from) && over(to) && from.y * to.y < 0.0);
                if crossed && tally.violations.len() < 20 {
                    tally.violations.push(format!(
                        "step {step}: ball {id:?} passed through paddle {k}: {from} -> {to}"
                    ));
                }
            }
        }
        for e in &events {
            if let Event::BallHitShape { shape, .. } = *e {
                if world.shape(shape).is_some_and(|s| s.counts_as_progress) && rng.random_bool(0.3)
                {
                    world.remove_shape(shape);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn paddle_jumping_across_the_arena_in_one_step_never_tunnels_a_ball(
        seed in any::<u64>(),
        balls in 20usize..120,
    ) {
        let mut world = generate_scene(&jumping_spec(seed, balls), true);
        let mut tally = Tally::default();
        run_jumping(&mut world, 150, seed ^ 0x7a11, &mut tally);
        prop_assert!(tally.violations.is_empty(), "{:#?}", tally.violations);
    }

    #[test]
    fn random_worlds_keep_every_invariant(seed in any::<u64>(), balls in 20usize..120) {
        let mut world = generate_scene(&soak_spec(seed, balls), true);
        let mut tally = Tally::default();
        run(&mut world, 150, seed ^ 0x5eed, &mut tally);
        prop_assert!(tally.violations.is_empty(), "{:#?}", tally.violations);
    }
}

#[test]
fn soak_short_keeps_every_invariant() {
    let mut tally = Tally::default();
    for seed in 0..4 {
        let mut world = generate_scene(&soak_spec(seed, 150), true);
        run(&mut world, 400, seed, &mut tally);
    }
    assert!(tally.violations.is_empty(), "{:#?}", tally.violations);
    assert!(tally.ball_steps >= 200_000, "{}", tally.ball_steps);
}

/// The long soak: over 10^6 ball-steps at up to 100 radii per step.
/// `cargo test --release --test physics_invariants -- --ignored --nocapture`
#[test]
#[ignore = "long soak; run by hand, figures go in the closing note"]
fn soak_long_million_ball_steps() {
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for seed in 0..10 {
        let mut world = generate_scene(&soak_spec(100 + seed, 200), true);
        run(&mut world, 600, seed, &mut tally);
    }
    println!(
        "soak: {} ball-steps, {} violations, {:.1} s",
        tally.ball_steps,
        tally.violations.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(tally.ball_steps >= 1_000_000);
    assert!(tally.violations.is_empty(), "{:#?}", tally.violations);
}

/// Steps a crowded world with moving paddles, the same way every time.
fn crowded_run(seed: u64, steps: usize) -> u64 {
    let spec = SceneSpec {
        balls: 300,
        max_radii_per_step: 2.0,
        ..soak_spec(seed, 300)
    };
    let mut world = generate_scene(&spec, true);
    for step in 0..steps {
        let x = 400.0 + 250.0 * (step as f32 * 0.01).sin();
        world.move_paddle(PaddleId(0), Vec2::new(x, 960.0));
        world.move_paddle(PaddleId(1), Vec2::new(800.0 - x, 40.0));
        for e in world.step(DT) {
            if let Event::BallHitShape { shape, .. } = e {
                if world.shape(shape).is_some_and(|s| s.counts_as_progress) {
                    world.remove_shape(shape);
                }
            }
        }
    }
    world.state_hash()
}

#[test]
fn determinism_crowded_world_10000_steps_twice_same_hash() {
    let first = crowded_run(42, 10_000);
    let second = crowded_run(42, 10_000);
    assert_eq!(first, second);
    assert_ne!(
        first,
        crowded_run(43, 100),
        "a different seed gives a different game"
    );
}

#[test]
fn grid_and_brute_force_give_the_same_game_bit_for_bit() {
    let spec = SceneSpec {
        size: Vec2::new(1600.0, 1600.0),
        hexagons: 40,
        bricks: 120,
        balls: 400,
        ..SceneSpec::default()
    };
    let mut grid = generate_scene(&spec, true);
    let mut brute = generate_scene(&spec, false);
    for step in 0..300 {
        let (a, b) = (grid.step(DT), brute.step(DT));
        assert_eq!(a, b, "events differ at step {step}");
    }
    assert_eq!(grid.state_hash(), brute.state_hash());
}

/// A random world the property test found (24 balls): one ball's speed left the
/// allowed range at step 21 and stayed out.
#[test]
fn random_world_seed_16931179846722235245_keeps_every_invariant() {
    let seed = 16931179846722235245;
    let mut world = generate_scene(&soak_spec(seed, 24), true);
    let mut tally = Tally::default();
    run(&mut world, 150, seed ^ 0x5eed, &mut tally);
    assert!(tally.violations.is_empty(), "{:#?}", tally.violations);
}
