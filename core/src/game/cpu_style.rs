//! How each CPU plays, beside how well (issue 40: "the CPUs differ only in
//! margin; their style feels the same"). `tuning.rs`'s table sets how often a
//! CPU looks, how far it follows bounces, its error and its speed; its
//! [`Style`] sets what it does with a ball it returns: where on its paddle it
//! strikes, so where the return goes.
//!
//! - Easy, [`Style::Returner`]: never aims. It meets the ball with the middle
//!   of its paddle, so the ball goes back the way the bounce sends it, and
//!   between balls it goes back to the middle. A newcomer reads its returns.
//! - Normal, [`Style::BrickBreaker`]: aims each return at a brick: of the
//!   strikes across its paddle it keeps the one whose return meets a brick
//!   first (a bomb's blast before a brick it breaks, before one it cracks). It
//!   scores off the bricks rather than at your goal.
//! - Hard, [`Style::Striker`]: goes for you. First it aims its return at one
//!   of your balls, to strike it harder than it comes and convert it (the
//!   conversion rule, `rules.rs`); else at a bomb; else at your goal, on the
//!   side away from your paddle.
//!
//! Rules 1 games (the attract play's recorded hash) keep the CPU they were
//! played with: Easy and Normal as returners, Hard as [`Style::GoalAimer`].

use glam::Vec2;

use super::cpu_blast::{blast_size, bomb_strike, fan_order, FAN};
use super::rules::conversion_winner;
use super::{Game, ShapeRole};
use crate::geom::Circle;
use crate::level::Side;
use crate::physics::{bounce, Paddle};
use crate::tuning::{
    ARENA_HEIGHT, ARENA_WIDTH, BALL_RADIUS, CPU_AIM_SPOTS, CPU_MAX_AIM_OFFSET, PADDLE_THICKNESS,
    RALLY_SPEEDUP,
};

/// What a CPU does with a ball it returns (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Easy: strikes with the paddle's middle, never aims.
    Returner,
    /// Normal: aims its returns at bricks.
    BrickBreaker,
    /// Hard: aims to convert the other side's balls, then at bombs, then at
    /// the other side's goal away from its paddle.
    Striker,
    /// Hard under rules 1: bombs, then the goal away from the other paddle
    /// (the Striker without conversions, as it played before issue 40).
    GoalAimer,
}

/// The ball a CPU is about to strike: where it crosses the paddle's line,
/// when, and how fast it comes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Incoming {
    /// Where it crosses the paddle's line, world x.
    pub x: f32,
    /// Seconds until it does.
    pub time: f32,
    /// Its speed, units per second.
    pub speed: f32,
}

/// How far ahead a return is followed to meet one of the other side's balls,
/// seconds: a conversion the player cannot see coming is not a style.
const CONVERT_HORIZON_SECONDS: f32 = 1.2;

/// Wall bounces a return is followed through when looking for a brick.
const BRICK_WALL_BOUNCES: u32 = 3;

/// How far a return is followed per stretch when looking for a brick, world
/// units: past the arena's diagonal.
const REACH: f32 = 1400.0;

impl Style {
    /// Where on `paddle` (side `side`) to strike `ball`: a share of the
    /// paddle's half width along its tangent, `-CPU_MAX_AIM_OFFSET..=
    /// CPU_MAX_AIM_OFFSET` (0 = the middle). The CPU adds its error after.
    pub fn strike(self, game: &Game, side: Side, paddle: &Paddle, ball: Incoming) -> f32 {
        match self {
            Self::Returner => 0.0,
            Self::BrickBreaker => brick_strike(game, paddle, ball.x).unwrap_or(0.0),
            Self::Striker => convert_strike(game, side, paddle, ball)
                .or_else(|| bomb_strike(game, paddle, ball.x, BALL_RADIUS))
                .unwrap_or_else(|| goal_strike(game, side, ball.x)),
            Self::GoalAimer => bomb_strike(game, paddle, ball.x, BALL_RADIUS)
                .unwrap_or_else(|| goal_strike(game, side, ball.x)),
        }
    }
}

/// The share of the paddle's half width the fan's `k`th strike hits at.
fn fan_share(k: usize) -> f32 {
    CPU_MAX_AIM_OFFSET * (2.0 * k as f32 / (FAN - 1) as f32 - 1.0)
}

/// Where a return struck at `share` starts (the ball's centre on the paddle's
/// face at `x`) and the direction it leaves in, by the paddle's own rule
/// (`paddle_bounce`: the offset sets the angle).
fn launch(game: &Game, paddle: &Paddle, x: f32, share: f32, radius: f32) -> (Vec2, Vec2) {
    let config = game.world().config();
    let tangent = paddle.normal.perp();
    let face = Vec2::new(x, paddle.position.y) + paddle.normal * (PADDLE_THICKNESS * 0.5 + radius);
    let angle = share * config.paddle_max_bounce;
    let out = paddle.normal * crate::portable_math::cos(angle)
        + tangent * crate::portable_math::sin(angle);
    (face, out)
}

/// Normal's aim: the strike whose return meets a brick first, off the walls,
/// valued a bomb's blast first, then a brick it breaks, then one it cracks; on
/// equal value the one nearest the paddle's middle. `None` when no strike in
/// the fan meets a breakable brick first.
fn brick_strike(game: &Game, paddle: &Paddle, x: f32) -> Option<f32> {
    let radius = BALL_RADIUS;
    let mut best: Option<(usize, f32)> = None;
    for k in fan_order() {
        let share = fan_share(k);
        let (face, out) = launch(game, paddle, x, share, radius);
        let Some(value) = first_brick_value(game, Circle::new(face, radius), out) else {
            continue;
        };
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, share));
        }
    }
    best.map(|(_, share)| share)
}

/// What the first shape a ball leaving along `direction` meets is worth to
/// Normal, off the walls: a bomb that goes off 100 plus its blast, a brick this
/// hit breaks 2, one it cracks 1; `None` for anything else (steel, a barrier,
/// a goal, nothing).
fn first_brick_value(game: &Game, mut circle: Circle, mut direction: Vec2) -> Option<usize> {
    let config = game.world().config();
    for _ in 0..=BRICK_WALL_BOUNCES {
        let motion = direction.normalize_or_zero() * REACH;
        let (hit, id) = game.world().cast_static(circle, motion)?;
        match game.shape_role(id)? {
            ShapeRole::Wall => {
                circle.center += motion * hit.toi;
                direction = bounce(direction, hit.normal, config);
            }
            ShapeRole::Brick(b) => {
                return match b.hits_left {
                    Some(1) if b.kind.explodes() => Some(100 + blast_size(game, b.rect.center())),
                    Some(1) => Some(2),
                    Some(_) => Some(1),
                    None => None,
                };
            }
            _ => return None,
        }
    }
    None
}

/// Hard's first aim: the strike whose return meets one of the other side's
/// balls soonest (within [`CONVERT_HORIZON_SECONDS`], before any shape)
/// moving harder into it than it comes, so the touch converts it. The other
/// balls are followed in straight lines from where they will be when this
/// CPU strikes. `None` when no strike converts one.
fn convert_strike(game: &Game, side: Side, paddle: &Paddle, ball: Incoming) -> Option<f32> {
    let mine = side.index();
    let theirs: Vec<(Vec2, Vec2, f32)> = game
        .world()
        .balls()
        .iter()
        .filter(|b| b.owner != mine)
        .map(|b| (b.position + b.velocity * ball.time, b.velocity, b.radius))
        .filter(|(at, _, r)| inside(*at, *r))
        .collect();
    if theirs.is_empty() {
        return None;
    }
    let radius = BALL_RADIUS;
    let speed = (ball.speed * RALLY_SPEEDUP).min(game.world().config().max_speed);
    let mut best: Option<(f32, f32)> = None;
    for k in fan_order() {
        let share = fan_share(k);
        let (face, out) = launch(game, paddle, ball.x, share, radius);
        let velocity = out * speed;
        for &(at, their_velocity, their_radius) in &theirs {
            let Some(t) = meeting(face, velocity, at, their_velocity, radius + their_radius) else {
                continue;
            };
            if t > CONVERT_HORIZON_SECONDS || best.is_some_and(|(b, _)| t >= b) {
                continue;
            }
            let (me_then, them_then) = (face + velocity * t, at + their_velocity * t);
            if !inside(them_then, their_radius)
                || conversion_winner(me_then, velocity, them_then, their_velocity) != Some(true)
            {
                continue;
            }
            // Nothing on the way: a brick or a wall first is another return.
            let clear = game
                .world()
                .cast_static(Circle::new(face, radius), velocity * t)
                .is_none();
            if clear {
                best = Some((t, share));
            }
        }
    }
    best.map(|(_, share)| share)
}

/// Whether a ball at `at` lies inside the arena.
fn inside(at: Vec2, radius: f32) -> bool {
    (radius..=ARENA_WIDTH - radius).contains(&at.x) && (0.0..=ARENA_HEIGHT).contains(&at.y)
}

/// The first time from now at which two discs moving in straight lines from
/// `a` and `b` with velocities `va` and `vb` come within `reach` of each other
/// (their radii summed); `None` if they never do, or only in the past.
fn meeting(a: Vec2, va: Vec2, b: Vec2, vb: Vec2, reach: f32) -> Option<f32> {
    let d = a - b;
    let v = va - vb;
    let (qa, qb, qc) = (v.dot(v), 2.0 * d.dot(v), d.dot(d) - reach * reach);
    if qc <= 0.0 {
        return Some(0.0);
    }
    if qa <= f32::EPSILON {
        return None;
    }
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let t = (-qb - disc.sqrt()) / (2.0 * qa);
    (t >= 0.0).then_some(t)
}

/// Hard's last aim: strike off-centre to send the ball toward the other
/// side's goal, on the side away from its paddle (toward the middle alone).
fn goal_strike(game: &Game, side: Side, x: f32) -> f32 {
    let opponent_x = game
        .player(side.other())
        .map(|p| game.world().paddles()[p.paddle.0 as usize].position.x);
    let goal_x = match opponent_x {
        Some(ox) if ox < ARENA_WIDTH * 0.5 => ARENA_WIDTH * CPU_AIM_SPOTS[1],
        Some(_) => ARENA_WIDTH * CPU_AIM_SPOTS[0],
        None => ARENA_WIDTH * 0.5,
    };
    ((goal_x - x) / ARENA_WIDTH).clamp(-CPU_MAX_AIM_OFFSET, CPU_MAX_AIM_OFFSET)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Difficulty, Mode};
    use crate::level::{Level, RulesVersion};

    /// The bottom paddle of `game`.
    fn bottom_paddle(game: &Game) -> Paddle {
        let me = game.player(Side::Bottom).unwrap();
        game.world().paddles()[me.paddle.0 as usize].clone()
    }

    /// A ball about to reach the bottom paddle down the middle.
    const DOWN_THE_MIDDLE: Incoming = Incoming {
        x: 400.0,
        time: 0.0,
        speed: 500.0,
    };

    #[test]
    fn each_difficulty_has_its_style_and_rules_1_keeps_the_old_cpu() {
        let v3 = RulesVersion::V3;
        assert_eq!(Difficulty::Easy.style(v3), Style::Returner);
        assert_eq!(Difficulty::Normal.style(v3), Style::BrickBreaker);
        assert_eq!(Difficulty::Hard.style(v3), Style::Striker);
        let v1 = RulesVersion::V1;
        assert_eq!(Difficulty::Normal.style(v1), Style::Returner);
        assert_eq!(Difficulty::Hard.style(v1), Style::GoalAimer);
    }

    #[test]
    fn normal_aims_at_a_brick_that_easy_plays_straight_past() {
        // One brick far to the left, steel far to the right: a straight return
        // goes up the empty middle. Normal strikes to send it into the brick
        // (left, a negative share), never into the steel; Easy does not aim.
        let text = "mode = solo\nbricks_center = 400,300\n[bricks]\n1...........=\n";
        let game = Game::new(&Level::parse(text).unwrap(), Mode::Solo, 1);
        let paddle = bottom_paddle(&game);
        let normal = Style::BrickBreaker.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE);
        assert!(normal < -0.2, "Normal aims left, at the brick: {normal}");
        let (face, out) = launch(&game, &paddle, 400.0, normal, BALL_RADIUS);
        assert_eq!(
            first_brick_value(&game, Circle::new(face, BALL_RADIUS), out),
            Some(2),
            "its return breaks the brick"
        );
        let easy = Style::Returner.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE);
        assert_eq!(easy, 0.0, "Easy never aims");
        // Only steel in reach: nothing for Normal to aim at, it plays it back.
        let steel = "mode = versus\nbricks_center = 400,300\n[bricks]\n=...........=\n";
        let game = Game::new(&Level::parse(steel).unwrap(), Mode::Versus, 1);
        let paddle = bottom_paddle(&game);
        let plain = Style::BrickBreaker.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE);
        assert_eq!(plain, 0.0);
    }

    #[test]
    fn hard_aims_to_convert_your_ball_then_at_your_goal() {
        // The top player's ball drifts across the right of the bottom half;
        // the top paddle waits in the middle, so Hard's goal aim is the left.
        let text = "mode = versus\n[bricks]\n=\n";
        let level = Level::parse(text).unwrap();
        let mut game = Game::new(&level, Mode::Versus, 1);
        let at = Vec2::new(560.0, 650.0);
        game.spawn_ball(at, Vec2::new(-100.0, 0.0), Side::Top)
            .expect("room for the ball");
        let paddle = bottom_paddle(&game);
        let hard = Style::Striker.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE);
        assert!(
            hard > 0.0,
            "Hard aims right, at the top player's ball: {hard}"
        );
        // The return it chose meets that ball moving harder into it: a conversion.
        let theirs = game.world().balls()[0].velocity;
        let (face, out) = launch(&game, &paddle, 400.0, hard, BALL_RADIUS);
        let velocity = out * 500.0 * RALLY_SPEEDUP;
        let t = meeting(face, velocity, at, theirs, 2.0 * BALL_RADIUS).expect("they meet");
        let them = at + theirs * t;
        assert_eq!(
            conversion_winner(face + velocity * t, velocity, them, theirs),
            Some(true)
        );
        let goal = goal_strike(&game, Side::Bottom, 400.0);
        assert!(goal < 0.0, "the goal aim is the left: {goal}");
        // Easy and Normal leave it: no aim, no brick in reach.
        for style in [Style::Returner, Style::BrickBreaker] {
            assert_eq!(
                style.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE),
                0.0
            );
        }

        // The same ball the bottom player's own: nothing to convert, so Hard
        // aims at the goal, away from the top paddle.
        let mut game = Game::new(&level, Mode::Versus, 1);
        game.spawn_ball(at, Vec2::new(-100.0, 0.0), Side::Bottom)
            .expect("room for the ball");
        let paddle = bottom_paddle(&game);
        let hard = Style::Striker.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE);
        assert_eq!(hard, goal, "at the goal, away from the top paddle");
        assert_eq!(
            Style::GoalAimer.strike(&game, Side::Bottom, &paddle, DOWN_THE_MIDDLE),
            goal
        );
    }

    #[test]
    fn meeting_solves_the_first_touch_of_two_moving_discs() {
        // Head on along x, 100 apart, closing at 200 a second, touching at 16.
        let t = meeting(
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(-100.0, 0.0),
            16.0,
        )
        .unwrap();
        assert!((t - 0.42).abs() < 1e-5, "{t}");
        // Parallel, apart: never.
        assert_eq!(
            meeting(Vec2::ZERO, Vec2::X, Vec2::new(0.0, 50.0), Vec2::X, 16.0),
            None
        );
        // Moving apart: only in the past.
        assert_eq!(
            meeting(Vec2::ZERO, -Vec2::X, Vec2::new(20.0, 0.0), Vec2::X, 16.0),
            None
        );
    }
}
