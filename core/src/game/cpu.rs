//! The CPU player. It predicts where each ball heading for its goal will cross its
//! paddle's line, with the same casts the physics uses (bounces off walls, bricks
//! and barriers included), picks the ball that arrives first, and moves to meet it
//! so that the ball leaves toward where it wants to aim. Difficulty sets how often
//! it looks, how far ahead it follows bounces, how precisely, and how fast it moves
//! (`tuning.rs`'s table; in versus a band it moves in by the score, `cpu_band.rs`),
//! and its style, where it aims (`cpu_style.rs`).

use crate::portable_rng::PortableRng;
use glam::Vec2;
use rand::{Rng, SeedableRng};

use super::arrival::first_arrival;
use super::cpu_band::{plays_to_the_score, pressure, CpuBand};
use super::cpu_style::{Incoming, Style};
use super::{Game, Intent, PointerTarget};
use crate::geom::Circle;
use crate::level::{RulesVersion, Side};
use crate::physics::{bounce, Paddle};
use crate::tuning::{
    CpuSkill, ARENA_WIDTH, CPU_CATCH_RELEASE_STEPS, CPU_EASY, CPU_EASY_BAND, CPU_EASY_V1, CPU_HARD,
    CPU_HARD_BAND, CPU_HARD_V1, CPU_HORIZON_SECONDS, CPU_NORMAL, CPU_NORMAL_BAND, CPU_NORMAL_V1,
    CPU_POINTER_EVERY, CPU_POINTER_SLACK, CPU_SERVE_WINDOW_SECONDS, PADDLE_SPEED, STEPS_PER_SECOND,
};

/// How hard the CPU plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difficulty {
    /// Slow to react, sees only straight lines; never aims ([`Style::Returner`]).
    /// In versus its band is low.
    Easy,
    /// Reacts in a tenth of a second, follows two bounces; aims at bricks
    /// ([`Style::BrickBreaker`]). In versus its band is wide: loose when it
    /// leads, sharper than the old Hard when it trails.
    Normal,
    /// Sharp: follows every bounce, full speed; converts your balls and aims at
    /// your goal ([`Style::Striker`]). In versus its band is high.
    Hard,
}

impl Difficulty {
    /// The word used on the command line.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::Easy => "easy",
            Self::Normal => "normal",
            Self::Hard => "hard",
        }
    }

    /// The difficulty a word names.
    pub fn from_keyword(word: &str) -> Option<Self> {
        [Self::Easy, Self::Normal, Self::Hard]
            .into_iter()
            .find(|d| d.keyword() == word)
    }

    /// What it does with the balls it returns under `rules` (`cpu_style.rs`):
    /// rules 1 games keep the CPU they were played with (only Hard aimed).
    pub fn style(self, rules: RulesVersion) -> Style {
        match (self, rules) {
            (Self::Easy, _) | (Self::Normal, RulesVersion::V1) => Style::Returner,
            (Self::Hard, RulesVersion::V1) => Style::GoalAimer,
            (Self::Normal, _) => Style::BrickBreaker,
            (Self::Hard, _) => Style::Striker,
        }
    }

    /// How it plays under `rules`: its row of the CPU table in `tuning.rs`
    /// (rules 1 games, the attract play's hash among them, keep the table they
    /// were played with).
    pub(super) fn skill(self, rules: RulesVersion) -> &'static CpuSkill {
        match (self, rules) {
            (Self::Easy, RulesVersion::V1) => &CPU_EASY_V1,
            (Self::Normal, RulesVersion::V1) => &CPU_NORMAL_V1,
            (Self::Hard, RulesVersion::V1) => &CPU_HARD_V1,
            (Self::Easy, _) => &CPU_EASY,
            (Self::Normal, _) => &CPU_NORMAL,
            (Self::Hard, _) => &CPU_HARD,
        }
    }

    /// Its band in versus under rules 2 and later (`cpu_band.rs`, `tuning.rs`).
    pub fn band(self) -> CpuBand {
        match self {
            Self::Easy => CPU_EASY_BAND,
            Self::Normal => CPU_NORMAL_BAND,
            Self::Hard => CPU_HARD_BAND,
        }
    }

    /// How it plays this step on `side` of `game`: its band's row at the
    /// game's [`pressure`] in versus under rules 2 and later, else its fixed
    /// row of the table.
    pub fn skill_now(self, game: &Game, side: Side) -> CpuSkill {
        if plays_to_the_score(game) {
            self.band().at(pressure(game, side))
        } else {
            *self.skill(game.rules())
        }
    }
}

/// A CPU player for one side.
#[derive(Debug, Clone)]
pub struct Cpu {
    side: Side,
    difficulty: Difficulty,
    rng: PortableRng,
    /// Where its paddle's centre is heading (the last look's plan).
    pub(super) target_x: f32,
    next_look: u32,
    move_budget: f32,
    /// It plays to the score in versus (`cpu_band.rs`); false for
    /// [`Cpu::fixed`].
    to_the_score: bool,
    /// The pointer target it last sent when moving faster than the keys: held
    /// for [`CPU_POINTER_EVERY`] steps, and while the paddle rests on it, so its
    /// inputs repeat (the online input log stores runs, `app/online/input_log.rs`).
    held: Option<PointerTarget>,
    /// Steps the held target still stands before the next jump.
    held_for: u32,
}

/// Mixed into the game's seed for each CPU's own mistakes, so they do not repeat
/// the game's random numbers; the side is mixed in too, so two CPUs differ.
const RNG_SALT: u64 = 0xc0ff_ee00;

/// Straight stretches a prediction follows before giving up: a bound on the loop,
/// well above any difficulty's bounces.
const MAX_PREDICTED_STRETCHES: usize = 32;

impl Cpu {
    /// A CPU for `side`, seeded so that its mistakes are reproducible.
    pub fn new(side: Side, difficulty: Difficulty, seed: u64) -> Self {
        Self {
            side,
            difficulty,
            rng: PortableRng::seed_from_u64(seed ^ RNG_SALT ^ u64::from(side.index())),
            target_x: ARENA_WIDTH * 0.5,
            next_look: 0,
            move_budget: 0.0,
            to_the_score: true,
            held: None,
            held_for: 0,
        }
    }

    /// A CPU that keeps its difficulty's fixed row of the table in versus too
    /// (it never plays to the score): the opponent of the editor's test-play,
    /// whose won match is a level's clear check. The gallery verifies a clear
    /// check by playing this CPU again beside the replay, so its play must not
    /// move when the bands are retuned: clear checks recorded before the band
    /// still verify (`server/src/gallery/clear_check.rs`).
    pub fn fixed(side: Side, difficulty: Difficulty, seed: u64) -> Self {
        Self {
            to_the_score: false,
            ..Self::new(side, difficulty, seed)
        }
    }

    /// Its difficulty.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// What it does this step, facing a person (or whoever the caller does
    /// not play itself): in versus it plays to the score, unless it is
    /// [`Cpu::fixed`].
    pub fn intent(&mut self, game: &Game) -> Intent {
        self.play(game, self.to_the_score)
    }

    /// What it does this step facing another CPU ([`super::gather_inputs`]
    /// with both sides' CPUs): its fixed row, never the band. The band is a
    /// handicap for a person; two CPUs pressing each other up to their
    /// ceilings return every ball (Normal's ceiling is as sharp as Hard), and
    /// a match with no goals never ends (Hex Duel ran 1,100 s scoreless).
    pub fn intent_against_a_cpu(&mut self, game: &Game) -> Intent {
        self.play(game, false)
    }

    fn play(&mut self, game: &Game, to_the_score: bool) -> Intent {
        // In its band it moves as a pointer does at every speed; at a fixed
        // row (solo, rules 1, facing a CPU, `Cpu::fixed`) as the keys do, as on main.
        let banded = to_the_score && plays_to_the_score(game);
        let skill = &if banded {
            self.difficulty.skill_now(game, self.side)
        } else {
            *self.difficulty.skill(game.rules())
        };
        let Some(me) = game.player(self.side) else {
            return Intent::IDLE;
        };
        let paddle = &game.world().paddles()[me.paddle.0 as usize];
        if self.next_look == 0 {
            self.next_look = skill.reaction_steps;
            self.target_x = self.plan(game, skill, paddle);
        }
        self.next_look -= 1;

        let mut intent = self.movement(skill, paddle.position, banded);
        let waiting = me.held.iter().map(|h| h.waited).max();
        intent.serve = waiting.is_some_and(|w| w >= skill.serve_delay)
            && !other_may_serve_first(game, self.side);
        intent.fire = me.effects.laser > 0
            || me
                .held
                .iter()
                .any(|h| !h.is_serve && h.waited > CPU_CATCH_RELEASE_STEPS);
        intent
    }

    /// This step's move toward `target_x` from `at`. `as_a_pointer` (a CPU in
    /// its band) or faster than the keys, as a pointer does: a jump every
    /// [`CPU_POINTER_EVERY`] steps of at most that many steps' reach at
    /// `skill.speed` times the keys' speed (whole units), the same target sent
    /// in between and while the paddle rests on it, so the inputs come in runs
    /// as a resting hand's do. Otherwise (a fixed row, never faster than the
    /// keys) as the keys move it, on a share of steps: an input that changes
    /// every step or two, which two banded CPUs online would write into the
    /// input log at more than its bound (`app/online/input_log.rs`).
    pub(super) fn movement(&mut self, skill: &CpuSkill, at: Vec2, as_a_pointer: bool) -> Intent {
        let mut intent = Intent::IDLE;
        let dx = self.target_x - at.x;
        let step = PADDLE_SPEED / STEPS_PER_SECOND as f32;
        if as_a_pointer || skill.speed > 1.0 {
            self.move_budget = 0.0;
            if self.held_for > 0 {
                self.held_for -= 1;
            } else if dx.abs() > CPU_POINTER_SLACK {
                // The whole jump's reach, floored once: below the keys' speed
                // a step's reach is a fraction of a unit.
                let reach = (step * skill.speed * CPU_POINTER_EVERY as f32)
                    .floor()
                    .max(1.0);
                let x = at.x + dx.clamp(-reach, reach);
                self.held = Some(PointerTarget::at(Vec2::new(x, at.y)));
                self.held_for = CPU_POINTER_EVERY - 1;
            } else {
                // Resting: the last target while the paddle is on it (a serve's
                // reset or the keys may have moved it away since).
                let on_it = |t: &PointerTarget| (t.point().x - at.x).abs() <= CPU_POINTER_SLACK;
                self.held = self.held.filter(on_it);
            }
            intent.target = self.held;
            return intent;
        }
        self.held = None;
        self.held_for = 0;
        self.move_budget += skill.speed;
        if self.move_budget >= 1.0 {
            self.move_budget -= 1.0;
            if dx.abs() > step * 0.5 {
                intent.dx = dx.signum() as i8;
            }
        }
        intent
    }

    /// Where the paddle's centre should go: under the first ball that will reach
    /// its line, offset to strike it where this difficulty's style aims the
    /// return (`cpu_style.rs`), plus this difficulty's error.
    fn plan(&mut self, game: &Game, skill: &CpuSkill, me: &Paddle) -> f32 {
        let (paddle, half_width) = (me.position, me.half_width);
        let toward_me = if self.side == Side::Bottom { 1.0 } else { -1.0 };
        let best = first_arrival(game, paddle.y, toward_me, skill.bounces);
        let error = self.rng.random_range(-1.0..=1.0) * skill.error;
        let Some((time, x, speed)) = best else {
            // Nothing coming: drift back toward the middle.
            return ARENA_WIDTH * 0.5 + error;
        };
        // The paddle's tangent runs +x for the bottom paddle and -x for the top one.
        let tangent_sign = if self.side == Side::Bottom { 1.0 } else { -1.0 };
        let style = self.difficulty.style(game.rules());
        let share = style.strike(game, self.side, me, Incoming { x, time, speed });
        x - share * half_width * tangent_sign + error
    }
}

/// Rules 2, the fair start: whether the other side holds a serve that is still
/// in its window ([`CPU_SERVE_WINDOW_SECONDS`] from its arrival), so this CPU
/// leaves it to serve first. Another CPU waits the same window, so two CPUs
/// both serve when it closes.
fn other_may_serve_first(game: &Game, side: Side) -> bool {
    let window = (CPU_SERVE_WINDOW_SECONDS * STEPS_PER_SECOND as f32) as u32;
    game.rules() >= RulesVersion::V2
        && game
            .player(side.other())
            .and_then(|p| p.held.first())
            .is_some_and(|h| h.is_serve && h.waited < window)
}

/// When and where a ball reaches the horizontal line `line_y`, following up to
/// `bounces` reflections off static shapes (after that, straight on between the
/// side walls). `None` if it does not get there within the horizon.
pub(crate) fn predict(
    game: &Game,
    mut circle: Circle,
    mut velocity: Vec2,
    line_y: f32,
    mut bounces: u32,
) -> Option<(f32, f32)> {
    let mut time = 0.0;
    for _ in 0..MAX_PREDICTED_STRETCHES {
        if velocity.y == 0.0 || time > CPU_HORIZON_SECONDS {
            return None;
        }
        let t = (line_y - circle.center.y) / velocity.y;
        if t < 0.0 {
            return None;
        }
        let motion = velocity * t;
        if bounces > 0 {
            if let Some((hit, _)) = game.world().cast_static(circle, motion) {
                circle.center += motion * hit.toi;
                time += t * hit.toi;
                // The world's own bounce rule, limits included, so the prediction
                // follows the path the ball will take.
                velocity = bounce(velocity, hit.normal, game.world().config());
                bounces -= 1;
                continue;
            }
        }
        return Some((
            time + t,
            unfold_between_walls(circle.center.x + motion.x, circle.radius),
        ));
    }
    None
}

/// Where a straight path ends up between the side walls, bouncing off them: the
/// "unfolded" position folded back into the arena.
fn unfold_between_walls(x: f32, radius: f32) -> f32 {
    let (lo, hi) = (radius, ARENA_WIDTH - radius);
    let span = hi - lo;
    let m = (x - lo).rem_euclid(2.0 * span);
    lo + if m <= span { m } else { 2.0 * span - m }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::Mode;
    use crate::geom::reflect;
    use crate::level::Level;

    /// Where the ball first reaches `line_y`, stepping a copy of the world alone.
    fn simulated_crossing(game: &Game, line_y: f32) -> (f32, f32) {
        let mut world = game.world().clone();
        let mut previous = world.balls()[0].position;
        for step in 0..1000 {
            world.step(crate::game::DT);
            let now = world.balls()[0].position;
            if now.y >= line_y {
                let t = (line_y - previous.y) / (now.y - previous.y);
                return (
                    (step as f32 + t) * crate::game::DT,
                    previous.x + (now.x - previous.x) * t,
                );
            }
            previous = now;
        }
        panic!("the ball never reached the line");
    }

    #[test]
    fn predict_bounces_with_the_worlds_limits_like_the_ball_does() {
        // A slab at 55 degrees turns a falling ball almost level: a bare mirror image leaves
        // it 10 degrees off the horizontal, the world lifts it to its 12-degree
        // minimum. The prediction must follow the world.
        let text = "mode = versus\n[bricks]\n=\n[barriers]\nrect at 300,650 size 260x16 rotation 55\n[balls]\nball at 334,450 velocity -85,492\n";
        let game = Game::new(&Level::parse(text).unwrap(), Mode::Versus, 1);
        let line_y = game.world().paddles()[0].position.y;
        let ball = game.world().balls()[0];
        let circle = Circle::new(ball.position, ball.radius);
        let (time, x) = predict(&game, circle, ball.velocity, line_y, 8).expect("it arrives");
        let (sim_time, sim_x) = simulated_crossing(&game, line_y);
        assert!(
            (x - sim_x).abs() < 1.0 && (time - sim_time).abs() < 0.02,
            "predicted x {x} at {time} s, the ball crossed at x {sim_x} at {sim_time} s"
        );
        // The case matters: the bare reflection would have sent the paddle elsewhere.
        let (hit, _) = game
            .world()
            .cast_static(circle, ball.velocity * 2.0)
            .unwrap();
        let mirrored = reflect(ball.velocity, hit.normal);
        let limited = crate::physics::bounce(ball.velocity, hit.normal, game.world().config());
        assert!(
            mirrored.angle_between(limited).abs() > 0.01,
            "the limits change this bounce"
        );
    }

    #[test]
    fn unfold_reflects_off_both_walls() {
        let r = crate::tuning::BALL_RADIUS;
        assert_eq!(r, 8.0, "the expected positions below assume it");
        assert_eq!(unfold_between_walls(400.0, r), 400.0);
        assert_eq!(unfold_between_walls(-92.0, r), 108.0);
        assert_eq!(unfold_between_walls(892.0, r), 692.0);
    }
}
