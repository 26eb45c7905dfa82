//! A simulated person for `arkanong balance --player`: it plays through the
//! inputs a person gives (a pointer that the paddle follows, a click to serve),
//! not through the CPU's code with weaker numbers. It sees the arena late, reads
//! each ball's course as a straight line folded by the side walls (bricks and
//! barriers on the way are not foreseen), misjudges where it lands by a random
//! error drawn once per approach, and moves its hand at a bounded speed. The
//! parameters are written in docs/balance.md; they describe people and are never
//! tuned to pass a target.

use std::collections::VecDeque;

use glam::Vec2;
use rand::{Rng, SeedableRng};

use crate::game::{Game, Intent, PointerTarget};
use crate::level::Side;
use crate::physics::BallId;
use crate::portable_math;
use crate::portable_rng::PortableRng;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, STEPS_PER_SECOND};

/// How a kind of player plays: what a person brings to the game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PersonModel {
    /// The word on the command line (`newcomer`, `average`).
    pub name: &'static str,
    /// How late it sees the arena, on average, milliseconds.
    pub reaction_ms: f32,
    /// How much that varies, ± milliseconds (uniform), drawn once per approach.
    pub reaction_jitter_ms: f32,
    /// The standard deviation of its misjudged landing point, in paddle widths.
    pub aim_error_paddles: f32,
    /// The fastest its hand moves the pointer, arena widths per second.
    pub hand_speed_widths: f32,
    /// Capsules farther than this share of the arena's height are ignored.
    pub capsule_reach: f32,
    /// It serves (and lets a caught ball go) this long after it could, seconds,
    /// uniform between the two.
    pub serve_after: (f32, f32),
}

impl PersonModel {
    /// A first-time player: 200 ± 50 ms late, a third of a paddle off, two arena
    /// widths a second, capsules within half the arena, serves after 1–3 s.
    pub const NEWCOMER: PersonModel = PersonModel {
        name: "newcomer",
        reaction_ms: 200.0,
        reaction_jitter_ms: 50.0,
        aim_error_paddles: 1.0 / 3.0,
        hand_speed_widths: 2.0,
        capsule_reach: 0.5,
        serve_after: (1.0, 3.0),
    };

    /// A player who has played such games: 150 ± 50 ms, a sixth of a paddle,
    /// four arena widths a second (the rest as the newcomer).
    pub const AVERAGE: PersonModel = PersonModel {
        name: "average",
        reaction_ms: 150.0,
        aim_error_paddles: 1.0 / 6.0,
        hand_speed_widths: 4.0,
        ..Self::NEWCOMER
    };

    /// Every model, weakest first.
    pub const ALL: [PersonModel; 2] = [Self::NEWCOMER, Self::AVERAGE];

    /// The model a word names.
    pub fn from_name(word: &str) -> Option<PersonModel> {
        Self::ALL.into_iter().find(|m| m.name == word)
    }

    /// The longest it can be late, in steps.
    fn max_delay_steps(&self) -> usize {
        ms_to_steps(self.reaction_ms + self.reaction_jitter_ms) as usize
    }
}

/// Milliseconds as whole steps.
fn ms_to_steps(ms: f32) -> u32 {
    (ms.max(0.0) * STEPS_PER_SECOND as f32 / 1000.0).round() as u32
}

/// A ball as the person saw it on one step.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Seen {
    id: BallId,
    position: Vec2,
    velocity: Vec2,
    radius: f32,
}

/// The ball it is following and how it misjudges it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Approach {
    ball: BallId,
    /// Its error on where the ball lands, arena units.
    error: f32,
}

/// One simulated person playing one side.
#[derive(Debug, Clone)]
pub struct Person {
    model: PersonModel,
    side: Side,
    rng: PortableRng,
    /// What it saw, one entry per step, newest last.
    seen: VecDeque<Vec<Seen>>,
    /// How late it sees now, steps.
    delay: usize,
    approach: Option<Approach>,
    /// The pointer, arena units (`None` until the first step puts it on the paddle).
    pointer: Option<Vec2>,
    /// Steps left before it serves or lets a caught ball go.
    wait: Option<u32>,
}

/// Mixed into the seed so the person's random numbers are not the game's.
const RNG_SALT: u64 = 0x9e75_0a11;

impl Person {
    /// A person of `model` playing `side`, its mistakes seeded by `seed`.
    pub fn new(model: PersonModel, side: Side, seed: u64) -> Self {
        let mut rng = PortableRng::seed_from_u64(seed ^ RNG_SALT ^ u64::from(side.index()));
        let delay = draw_delay(&model, &mut rng);
        Self {
            model,
            side,
            rng,
            seen: VecDeque::with_capacity(model.max_delay_steps() + 2),
            delay,
            approach: None,
            pointer: None,
            wait: None,
        }
    }

    /// What its hand does this step.
    pub fn intent(&mut self, game: &Game) -> Intent {
        let Some(me) = game.player(self.side) else {
            return Intent::IDLE;
        };
        let paddle = &game.world().paddles()[me.paddle.0 as usize];
        self.look(game);
        let pointer = *self.pointer.get_or_insert(paddle.position);
        let goal_x = self.goal_x(game, paddle.position, paddle.normal, paddle.half_width);
        let reach = self.model.hand_speed_widths * ARENA_WIDTH / STEPS_PER_SECOND as f32;
        let x = pointer.x + (goal_x - pointer.x).clamp(-reach, reach);
        let pointer = Vec2::new(x, pointer.y);
        self.pointer = Some(pointer);
        let holding = !me.held.is_empty();
        let let_go = holding && self.count_down();
        if !holding {
            self.wait = None;
        }
        Intent {
            target: Some(PointerTarget::at(pointer)),
            serve: let_go,
            fire: let_go || me.effects.laser > 0,
            ..Intent::IDLE
        }
    }

    /// Notes this step's balls; forgets what is older than it can be late.
    fn look(&mut self, game: &Game) {
        let now = game
            .world()
            .balls()
            .iter()
            .map(|b| Seen {
                id: b.id,
                position: b.position,
                velocity: b.velocity,
                radius: b.radius,
            })
            .collect();
        self.seen.push_back(now);
        while self.seen.len() > self.model.max_delay_steps() + 1 {
            self.seen.pop_front();
        }
    }

    /// What it sees: the arena `delay` steps ago (or as long ago as it has seen).
    fn sight(&self) -> &[Seen] {
        let back = self.delay.min(self.seen.len().saturating_sub(1));
        &self.seen[self.seen.len() - 1 - back]
    }

    /// Where it wants the paddle's centre: under the first ball it sees coming
    /// (where it judges it lands, plus its error), else under a capsule falling
    /// its way within reach, else back toward the middle.
    fn goal_x(&mut self, game: &Game, paddle: Vec2, normal: Vec2, half_width: f32) -> f32 {
        let coming = self
            .sight()
            .iter()
            .filter(|b| b.velocity.dot(normal) < 0.0)
            .filter_map(|b| landing(b, paddle.y).map(|(t, x)| (t, x, b.id)))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, x, id)) = coming {
            if self.approach.map(|a| a.ball) != Some(id) {
                let sd = self.model.aim_error_paddles * half_width * 2.0;
                self.approach = Some(Approach {
                    ball: id,
                    error: gaussian(&mut self.rng) * sd,
                });
                self.delay = draw_delay(&self.model, &mut self.rng);
            }
            return x + self.approach.map_or(0.0, |a| a.error);
        }
        self.approach = None;
        let reach = self.model.capsule_reach * ARENA_HEIGHT;
        let capsule = game
            .capsules()
            .iter()
            .filter(|c| c.target == self.side && (c.position.y - paddle.y).abs() <= reach)
            .min_by(|a, b| {
                (a.position.y - paddle.y)
                    .abs()
                    .total_cmp(&(b.position.y - paddle.y).abs())
            });
        match capsule {
            Some(c) => c.position.x,
            None => ARENA_WIDTH * 0.5,
        }
    }

    /// Counts down the wait before a serve or a release; true on the step it
    /// clicks.
    fn count_down(&mut self) -> bool {
        let (lo, hi) = self.model.serve_after;
        let rng = &mut self.rng;
        let left = self.wait.get_or_insert_with(|| {
            let seconds = lo + (hi - lo) * rng.random::<f32>();
            ms_to_steps(seconds * 1000.0)
        });
        if *left == 0 {
            self.wait = None;
            true
        } else {
            *left -= 1;
            false
        }
    }
}

/// How late it sees for the next approach, steps.
fn draw_delay(model: &PersonModel, rng: &mut PortableRng) -> usize {
    let jitter = model.reaction_jitter_ms * (2.0 * rng.random::<f32>() - 1.0);
    ms_to_steps(model.reaction_ms + jitter) as usize
}

/// A standard normal number (Box–Muller, with the portable functions so every
/// platform draws the same).
fn gaussian(rng: &mut PortableRng) -> f32 {
    let u1 = rng.random::<f32>().max(f32::MIN_POSITIVE);
    let u2 = rng.random::<f32>();
    libm::sqrtf(-2.0 * libm::logf(u1)) * portable_math::cos(std::f32::consts::TAU * u2)
}

/// When (seconds) and where (x) `ball` crosses the height `line_y`, read as a
/// person reads it: a straight line folded by the side walls.
fn landing(ball: &Seen, line_y: f32) -> Option<(f32, f32)> {
    if ball.velocity.y.abs() < 1e-3 {
        return None;
    }
    let t = (line_y - ball.position.y) / ball.velocity.y;
    if !(0.0..=10.0).contains(&t) {
        return None;
    }
    Some((
        t,
        fold_into_walls(ball.position.x + ball.velocity.x * t, ball.radius),
    ))
}

/// `x` reflected back and forth between the side walls (a ball of `radius`).
fn fold_into_walls(x: f32, radius: f32) -> f32 {
    let span = (ARENA_WIDTH - 2.0 * radius).max(1.0);
    let u = (x - radius).rem_euclid(2.0 * span);
    radius + if u > span { 2.0 * span - u } else { u }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::level::Level;

    #[test]
    fn person_folds_a_course_off_the_side_walls() {
        let r = 10.0;
        assert!((fold_into_walls(400.0, r) - 400.0).abs() < 1e-3);
        assert!(
            (fold_into_walls(-50.0, r) - 70.0).abs() < 1e-3,
            "off the left wall"
        );
        assert!((fold_into_walls(ARENA_WIDTH + 50.0, r) - (ARENA_WIDTH - 70.0)).abs() < 1e-3);
    }

    #[test]
    fn person_hand_is_bounded_and_its_eyes_are_late() {
        let level = Level::parse("[bricks]\n111\n").unwrap();
        let mut game = Game::new(&level, Mode::Solo, 7);
        let mut person = Person::new(PersonModel::NEWCOMER, Side::Bottom, 7);
        let reach = 2.0 * ARENA_WIDTH / STEPS_PER_SECOND as f32;
        let mut last: Option<f32> = None;
        let mut served = false;
        for _ in 0..STEPS_PER_SECOND * 4 {
            let intent = person.intent(&game);
            let x = intent.target.expect("a person plays by pointer").point().x;
            if let Some(l) = last {
                assert!((x - l).abs() <= reach + 1.0, "the hand jumped {l} -> {x}");
            }
            last = Some(x);
            served |= intent.serve;
            game.step(&crate::game::Inputs {
                players: [intent, Intent::IDLE],
            });
        }
        assert!(served, "it serves within 1-3 s");
        // What it sees is the ball of 150-250 ms ago, not the ball of now.
        let now = game.world().balls()[0];
        let seen = person.sight()[0];
        let late = now.position.distance(seen.position) / now.velocity.length();
        assert!(
            (0.14..=0.26).contains(&late),
            "it sees the ball {late} s late"
        );
    }
}
