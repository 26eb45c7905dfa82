//! The CPU and explosive bricks: where on its paddle to strike a ball so that
//! the return's first brick is a bomb (`*`) whose blast takes the most bricks.
//!
//! The hard CPU aims its returns (`cpu.rs`): away from the other paddle, or to
//! the middle alone. A bomb is worth more than any brick: it breaks, then its
//! blast breaks every breakable neighbour, and a neighbouring bomb goes off in
//! turn. So before its usual aim the CPU tries a fan of strikes across the
//! paddle's aiming range, follows each return as the ball will fly it (off the
//! walls, by the world's own bounce rule) to the first shape it meets, and
//! keeps the strike whose first shape is the bomb with the most bricks in its
//! blast (chains counted). A level without bombs, or a fan that meets none,
//! leaves the usual aim as it was, so the levels before bombs play as before.

use glam::Vec2;

use super::{Game, ShapeRole};
use crate::geom::Circle;
use crate::physics::{bounce, Paddle};
use crate::tuning::{CPU_MAX_AIM_OFFSET, PADDLE_THICKNESS};

/// Strikes tried across the aiming range, both ends included (an odd number,
/// so the middle of the paddle is one of them).
pub(super) const FAN: usize = 9;

/// Wall bounces a return is followed through before it is given up.
const WALL_BOUNCES: u32 = 3;

/// How far a return is followed per stretch, world units: past the arena's
/// diagonal.
const REACH: f32 = 1400.0;

/// Where on the paddle to strike a ball arriving at `x`, as a share of its
/// half width along its tangent (`-CPU_MAX_AIM_OFFSET..=CPU_MAX_AIM_OFFSET`,
/// as `cpu.rs` aims), when a strike sends the return first into a bomb; the
/// one whose blast takes the most bricks, then the one nearest the paddle's
/// middle. `None` when no strike in the fan meets a bomb first.
pub(super) fn bomb_strike(game: &Game, paddle: &Paddle, x: f32, radius: f32) -> Option<f32> {
    let bombs: Vec<Vec2> = game
        .bricks()
        .filter(|b| b.kind.explodes() && b.hits_left == Some(1))
        .map(|b| b.rect.center())
        .collect();
    if bombs.is_empty() {
        return None;
    }
    let config = game.world().config();
    let tangent = paddle.normal.perp();
    let face = Vec2::new(x, paddle.position.y) + paddle.normal * (PADDLE_THICKNESS * 0.5 + radius);
    let mut best: Option<(usize, f32)> = None;
    for k in fan_order() {
        let share = CPU_MAX_AIM_OFFSET * (2.0 * k as f32 / (FAN - 1) as f32 - 1.0);
        // The paddle's own rule (`paddle_bounce`): the offset sets the angle.
        let angle = share * config.paddle_max_bounce;
        let out = paddle.normal * crate::portable_math::cos(angle)
            + tangent * crate::portable_math::sin(angle);
        let Some(bomb) = first_bomb(game, Circle::new(face, radius), out) else {
            continue;
        };
        let taken = blast_size(game, bomb);
        if best.is_none_or(|(b, _)| taken > b) {
            best = Some((taken, share));
        }
    }
    best.map(|(_, share)| share)
}

/// The fan's strikes from the middle out (middle, then the nearer ends first),
/// so that among equal blasts the gentlest strike wins.
pub(super) fn fan_order() -> impl Iterator<Item = usize> {
    let middle = FAN / 2;
    (0..FAN).map(move |i| {
        let step = i.div_ceil(2);
        if i % 2 == 1 {
            middle - step
        } else {
            middle + step
        }
    })
}

/// The centre of the bomb a ball leaving along `direction` meets first, off
/// the walls; `None` when it meets anything else first (or nothing).
fn first_bomb(game: &Game, mut circle: Circle, mut direction: Vec2) -> Option<Vec2> {
    let config = game.world().config();
    for _ in 0..=WALL_BOUNCES {
        let motion = direction.normalize_or_zero() * REACH;
        let (hit, id) = game.world().cast_static(circle, motion)?;
        match game.shape_role(id)? {
            ShapeRole::Wall => {
                circle.center += motion * hit.toi;
                direction = bounce(direction, hit.normal, config);
            }
            ShapeRole::Brick(b) if b.kind.explodes() && b.hits_left == Some(1) => {
                return Some(b.rect.center());
            }
            _ => return None,
        }
    }
    None
}

/// How many bricks a bomb at `center` takes: itself, its breakable
/// neighbours (as `brick_timers.rs` finds them), and theirs for each
/// neighbouring bomb, each brick once.
pub(super) fn blast_size(game: &Game, center: Vec2) -> usize {
    let reach = game.level.brick_size * 1.5;
    let breakable: Vec<(Vec2, bool)> = game
        .bricks()
        .filter(|b| b.hits_left.is_some())
        .map(|b| (b.rect.center(), b.kind.explodes()))
        .collect();
    let mut taken = vec![false; breakable.len()];
    let mut blasts = vec![center];
    let mut count = 0;
    while let Some(at) = blasts.pop() {
        for (i, &(c, explodes)) in breakable.iter().enumerate() {
            let d = (c - at).abs();
            let hit = c == at || (d.x < reach.x && d.y < reach.y);
            if hit && !taken[i] {
                taken[i] = true;
                count += 1;
                if explodes && c != at {
                    blasts.push(c);
                }
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::level::{Level, Side};

    #[test]
    fn fan_order_starts_in_the_middle_and_takes_every_strike_once() {
        let order: Vec<usize> = fan_order().collect();
        assert_eq!(order, [4, 3, 5, 2, 6, 1, 7, 0, 8]);
    }

    #[test]
    fn blast_size_counts_a_chain_once_per_brick() {
        // `1**11`: the first bomb takes the 1 before it and the second bomb,
        // which takes the 1 after it; the last brick is two cells off.
        let text = "mode = solo\n[bricks]\n1**11\n";
        let game = Game::new(&Level::parse(text).unwrap(), Mode::Solo, 1);
        let bombs: Vec<Vec2> = game
            .bricks()
            .filter(|b| b.kind.explodes())
            .map(|b| b.rect.center())
            .collect();
        assert_eq!(blast_size(&game, bombs[0]), 4, "the chain, each brick once");
        let lone = "mode = solo\n[bricks]\n1*1.1\n";
        let game = Game::new(&Level::parse(lone).unwrap(), Mode::Solo, 1);
        let bomb = game.bricks().find(|b| b.kind.explodes()).unwrap();
        assert_eq!(blast_size(&game, bomb.rect.center()), 3, "no chain");
    }

    #[test]
    fn bomb_strike_aims_at_a_bomb_off_to_the_side_and_none_without() {
        // One bomb off to the left of a ball coming down the middle: a straight
        // return misses it, an aimed one (to the left) meets it first.
        let text = "mode = solo\nbricks_center = 400,300\n[bricks]\n*...........1\n";
        let game = Game::new(&Level::parse(text).unwrap(), Mode::Solo, 1);
        let me = game.player(Side::Bottom).unwrap();
        let paddle = &game.world().paddles()[me.paddle.0 as usize];
        let share = bomb_strike(&game, paddle, 400.0, 8.0).expect("a strike meets the bomb");
        assert!(share < 0.0, "aimed left: {share}");
        let plain = "mode = solo\nbricks_center = 400,300\n[bricks]\n1...........1\n";
        let game = Game::new(&Level::parse(plain).unwrap(), Mode::Solo, 1);
        let paddle = &game.world().paddles()[0];
        assert_eq!(bomb_strike(&game, paddle, 400.0, 8.0), None);
    }
}
