//! The stress test's extra balls (`--demo --balls N`): small balls spawned on a
//! lattice over the open middle of the field, only where no ball already is, so
//! they never start stacked on each other.

use glam::Vec2;

use crate::game::Game;
use crate::level::Side;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, PADDLE_ZONE_DEPTH, STRESS_BALL_RADIUS};

/// The gap kept between two spawned balls' edges, world units.
const GAP: f32 = 0.5;

/// Tops `game` up toward `n` balls: a new ball of [`STRESS_BALL_RADIUS`] at each
/// free spot of a lattice over the field between the paddle zones, at most as
/// many as fit. Linear in the balls and spots: one pass marks the spots near
/// existing balls, one spawns. Returns how many it spawned.
pub(super) fn top_up_balls(game: &mut Game, n: usize) -> usize {
    let have = game.world().balls().len();
    if have >= n {
        return 0;
    }
    let r = STRESS_BALL_RADIUS;
    // Spread over the field rather than packed: a dense pack keeps every ball in
    // contact with its neighbours, the physics' worst case, which is not a test of
    // drawing. 10% spare spots so freed ones are found.
    let field = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT - 2.0 * PADDLE_ZONE_DEPTH);
    let spacing = (field.x * field.y / (n as f32 * 1.1))
        .sqrt()
        .max(2.0 * r + GAP);
    let min = Vec2::new(spacing, PADDLE_ZONE_DEPTH + spacing) * 0.5;
    let min = Vec2::new(min.x.max(2.0 * r), min.y.max(PADDLE_ZONE_DEPTH + 2.0 * r));
    let max = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT - PADDLE_ZONE_DEPTH) - Vec2::splat(2.0 * r);
    let cols = ((max.x - min.x) / spacing) as usize + 1;
    let rows = ((max.y - min.y) / spacing) as usize + 1;
    let spot = |c: usize, row: usize| min + Vec2::new(c as f32, row as f32) * spacing;
    // A spot is taken when a ball's disc comes within a spawned ball's radius and
    // the gap of it.
    let mut taken = vec![false; cols * rows];
    for b in game.world().balls() {
        let reach = b.radius + r + GAP;
        let lo = ((b.position - min - Vec2::splat(reach)) / spacing).ceil();
        let hi = ((b.position - min + Vec2::splat(reach)) / spacing).floor();
        if hi.x < 0.0 || hi.y < 0.0 {
            continue;
        }
        let (c0, r0) = (lo.x.max(0.0) as usize, lo.y.max(0.0) as usize);
        let (c1, r1) = ((hi.x as usize).min(cols - 1), (hi.y as usize).min(rows - 1));
        for row in r0..=r1 {
            for c in c0..=c1 {
                if spot(c, row).distance(b.position) < reach {
                    taken[row * cols + c] = true;
                }
            }
        }
    }
    let mut spawned = 0;
    for (k, free) in taken.iter().enumerate() {
        if have + spawned >= n {
            break;
        }
        if *free {
            continue;
        }
        let at = spot(k % cols, k / cols);
        let velocity = crate::portable_math::from_angle(0.4 + k as f32 * 0.7) * 450.0;
        let owner = if k % 2 == 0 { Side::Bottom } else { Side::Top };
        if game.spawn_ball_of_radius(at, velocity, owner, r).is_some() {
            spawned += 1;
        }
    }
    spawned
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::Session;
    use crate::level::Level;

    #[test]
    fn stress_top_up_never_stacks_balls_and_reaches_thousands() {
        let level = Level::parse(crate::level::shipped_levels()[0].text).unwrap();
        let mut s = Session::attract(&level, 0, 3);
        // Top up, let the balls move, top up again: the second round fills the
        // spots freed, around balls that moved.
        let mut newest = 0;
        for _ in 0..3 {
            s.step_cpus();
            newest = s
                .game
                .world()
                .balls()
                .iter()
                .map(|b| b.id.0)
                .max()
                .unwrap_or(0);
            top_up_balls(&mut s.game, 5000);
        }
        let balls = s.game.world().balls();
        assert!(balls.len() >= 5000, "{} balls", balls.len());
        // No two balls overlap: check neighbours through a coarse grid.
        let mut cells: std::collections::HashMap<(i32, i32), Vec<usize>> = Default::default();
        for (i, b) in balls.iter().enumerate() {
            let c = (b.position / 16.0).floor();
            cells.entry((c.x as i32, c.y as i32)).or_default().push(i);
        }
        for (i, b) in balls.iter().enumerate() {
            let c = (b.position / 16.0).floor();
            for dx in -1..=1 {
                for dy in -1..=1 {
                    for &j in cells
                        .get(&(c.x as i32 + dx, c.y as i32 + dy))
                        .into_iter()
                        .flatten()
                    {
                        let o = &balls[j];
                        // Balls the physics moved may touch as they like: the
                        // test is about the ones just spawned.
                        let spawned = b.id.0 > newest || o.id.0 > newest;
                        if j > i && spawned {
                            let d = o.position.distance(b.position);
                            assert!(
                                d > (o.radius + b.radius) * 0.9,
                                "balls {i} and {j} overlap: {d}"
                            );
                        }
                    }
                }
            }
        }
    }
}
