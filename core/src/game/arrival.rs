//! Which ball reaches a paddle's line first: the CPU's question each time it looks.
//!
//! Predicting a ball follows its bounces with long casts across the field, and the
//! stress mode has thousands of balls: predicting all of them took a tenth of a
//! 5,000-ball step. A ball cannot arrive sooner than its straight vertical distance
//! to the line at the fastest speed it can have, so the balls are predicted in order
//! of that bound, and the search stops once the bound passes the best time found:
//! branch and bound, with the same answer as predicting every ball in id order.

use super::cpu::predict;
use super::Game;
use crate::geom::Circle;

/// World units taken off each ball's distance to the line before the bound is
/// computed, and the relative allowance on its top speed: far above the rounding
/// of a prediction (about 1e-4 units per stretch), so the bound is never above the
/// time the prediction computes.
const BOUND_SLACK_UNITS: f32 = 1.0;
const BOUND_SLACK_SPEED: f32 = 1e-3;

/// The earliest `(time, x, speed)` at which a ball moving toward the line `line_y`
/// (`toward` is the sign of such a ball's vertical velocity) crosses it, following
/// up to `bounces` bounces, as [`predict`] computes it; on equal times, the ball
/// first in id order; `speed` is that ball's speed now. `None` if no ball gets there.
///
/// Equal to predicting every ball in id order and keeping the first strictly
/// earlier time: every ball with the earliest time has a bound at or below it, so
/// it is predicted before the search stops, and ties are broken by id either way.
/// A non-finite position, velocity or time (none occurs in play) falls back to
/// that plain scan.
pub(super) fn first_arrival(
    game: &Game,
    line_y: f32,
    toward: f32,
    bounces: u32,
) -> Option<(f32, f32, f32)> {
    let balls = game.world().balls();
    let top_speed = game.world().config().max_speed;
    let mut bounds: Vec<(f32, u32)> = Vec::new();
    for (k, ball) in balls.iter().enumerate() {
        if ball.velocity.y * toward <= 0.0 {
            continue;
        }
        let speed = ball.velocity.length().max(top_speed) * (1.0 + BOUND_SLACK_SPEED);
        let distance = ((line_y - ball.position.y).abs() - BOUND_SLACK_UNITS).max(0.0);
        let bound = distance / speed;
        if !(bound.is_finite() && ball.position.is_finite() && ball.velocity.is_finite()) {
            return scan_all(game, line_y, toward, bounces);
        }
        bounds.push((bound, k as u32));
    }
    // Bounds are finite, so `total_cmp` is their usual order; ties by index.
    bounds.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut best: Option<(f32, f32, u32, f32)> = None;
    for &(bound, k) in &bounds {
        if best.is_some_and(|(time, _, _, _)| bound > time) {
            break;
        }
        let ball = &balls[k as usize];
        let circle = Circle::new(ball.position, ball.radius);
        let Some((time, x)) = predict(game, circle, ball.velocity, line_y, bounces) else {
            continue;
        };
        if time.is_nan() {
            return scan_all(game, line_y, toward, bounces);
        }
        if best.is_none_or(|(t, _, j, _)| time < t || (time == t && k < j)) {
            best = Some((time, x, k, ball.velocity.length()));
        }
    }
    best.map(|(time, x, _, speed)| (time, x, speed))
}

/// Every ball toward the line predicted in id order, the first strictly earliest
/// kept: the plain search the bound only shortens.
fn scan_all(game: &Game, line_y: f32, toward: f32, bounces: u32) -> Option<(f32, f32, f32)> {
    let mut best: Option<(f32, f32, f32)> = None;
    for ball in game.world().balls() {
        if ball.velocity.y * toward <= 0.0 {
            continue;
        }
        let circle = Circle::new(ball.position, ball.radius);
        if let Some((time, x)) = predict(game, circle, ball.velocity, line_y, bounces) {
            if best.is_none_or(|(t, _, _)| time < t) {
                best = Some((time, x, ball.velocity.length()));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cpu, Difficulty};
    use crate::level::{shipped_levels, Level, Side};
    use glam::Vec2;

    #[test]
    fn first_arrival_matches_the_plain_scan_on_crowded_fields() {
        // Many balls in every direction on each shipped level (bricks, hexagons,
        // barriers), both lines, every difficulty's bounces.
        let mut compared = 0;
        for (n, shipped) in shipped_levels().iter().enumerate() {
            let level = Level::parse(shipped.text).unwrap();
            let mut game = Game::new(&level, crate::game::Mode::Versus, n as u64);
            for k in 0..600u32 {
                let at = Vec2::new(20.0 + (k * 37 % 760) as f32, 150.0 + (k * 91 % 700) as f32);
                let dir = crate::portable_math::from_angle(k as f32 * 0.61);
                game.spawn_ball_of_radius(
                    at,
                    dir * (300.0 + (k % 9) as f32 * 100.0),
                    Side::Bottom,
                    3.0,
                );
            }
            for _ in 0..3 {
                let _ = Cpu::new(Side::Bottom, Difficulty::Hard, 1).intent(&game);
                game.step(&crate::game::Inputs::default());
            }
            for paddle in game.world().paddles() {
                for toward in [1.0, -1.0] {
                    for bounces in [0, 2, 8] {
                        let line = paddle.position.y;
                        assert_eq!(
                            first_arrival(&game, line, toward, bounces),
                            scan_all(&game, line, toward, bounces),
                            "level {n}, line {line}, toward {toward}, {bounces} bounces"
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10);
    }
}
