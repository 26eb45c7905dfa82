//! Gameplay tuning: every number that sets how the game feels, grouped and documented.
//!
//! Units: world units (see [`crate::tolerance`]) and seconds. Physics reads these
//! through [`crate::physics::PhysicsConfig`], whose `Default` uses them.

use crate::game::CpuBand;

/// Physics steps per second. 120 keeps a ball at top speed under two radii per step.
pub const STEPS_PER_SECOND: u32 = 120;

/// Slowest a ball may go, units per second.
pub const MIN_BALL_SPEED: f32 = 250.0;
/// Fastest a ball may go, units per second (about 1.7 radii per step at 120 Hz).
pub const MAX_BALL_SPEED: f32 = 1600.0;

/// Smallest angle between a ball's path and the horizontal, degrees. Below this a
/// ball crawls sideways between the side walls without ever reaching a paddle.
pub const MIN_ANGLE_FROM_HORIZONTAL_DEG: f32 = 12.0;
/// Smallest angle between a ball's path and the vertical, degrees. A perfectly
/// vertical ball can bounce between a paddle and an unbreakable brick forever.
pub const MIN_ANGLE_FROM_VERTICAL_DEG: f32 = 2.0;

/// Contacts a ball may resolve in one step before it stops for the rest of the step.
pub const MAX_CONTACTS_PER_STEP: u32 = 8;

/// Seconds without touching a paddle or a shape that counts as progress (a
/// breakable brick) before a ball's direction is nudged.
pub const STALL_SECONDS: f32 = 8.0;
/// Size of that nudge, degrees.
pub const STALL_NUDGE_DEG: f32 = 7.0;

/// Widest angle from the paddle's normal at which a ball leaves the paddle, degrees,
/// reached when it strikes the paddle's very end (Arkanoid's aiming).
pub const PADDLE_MAX_BOUNCE_DEG: f32 = 60.0;
/// Share of the paddle's sideways velocity given to the ball it strikes.
pub const PADDLE_VELOCITY_SHARE: f32 = 0.25;

/// Arena width, world units. Levels are written in these units, whatever the window.
pub const ARENA_WIDTH: f32 = 800.0;
/// Arena height, world units. y grows downward; the bottom player defends y = height.
pub const ARENA_HEIGHT: f32 = 1000.0;
/// Depth of each player's paddle zone, measured from its goal line.
pub const PADDLE_ZONE_DEPTH: f32 = 130.0;
/// Distance from the goal line to the paddle's resting centre.
pub const PADDLE_REST_OFFSET: f32 = 60.0;
/// Paddle thickness, world units.
pub const PADDLE_THICKNESS: f32 = 16.0;
/// Radius of every ball, world units.
pub const BALL_RADIUS: f32 = 8.0;
/// Radius of the stress test's extra balls (`--balls N`), world units: small
/// enough that 10,000 fit between the paddle zones without touching (10,000
/// balls of `BALL_RADIUS` would need more room than the arena has).
pub const STRESS_BALL_RADIUS: f32 = 3.0;
/// Thickness of the arena's walls, world units. They lie outside the arena, far
/// thicker than a ball moves in a step, so none can pass through one.
pub const WALL_THICKNESS: f32 = 60.0;
/// Clearance between a paddle and its goal line, world units, so a ball cannot
/// slip behind the paddle and be struck from the wrong side.
pub const GOAL_CLEARANCE: f32 = 24.0;
/// Gap between a held ball and its paddle's face, world units, so it launches
/// without touching the paddle.
pub const HELD_BALL_GAP: f32 = 1.0;

/// Paddle speed, units per second, in any of the eight directions.
pub const PADDLE_SPEED: f32 = 720.0;
/// Seconds a player may hold a serve before the ball launches by itself.
pub const SERVE_TIMEOUT_SECONDS: f32 = 3.0;
/// The "Ready" moment at the start of each serve, seconds: the serve key does
/// nothing yet (the app's rule, inside the game's serve timeout above).
pub const READY_SECONDS: f32 = 0.75;
/// Longest aiming line drawn from a waiting serve, world units (it stops sooner
/// at the first thing it meets, or the arena's edge).
pub const SERVE_ARC_LENGTH: f32 = 420.0;
/// Largest random turn of a serve away from straight ahead, degrees.
pub const SERVE_SPREAD_DEG: f32 = 25.0;
/// Smallest turn of a serve away from straight ahead, degrees (never dead straight).
pub const SERVE_MIN_TURN_DEG: f32 = 6.0;
/// Aim of a serve from the paddle's very end, radians (about 29 degrees); a serve
/// from the centre goes straight, like a paddle hit there. Added to the random turn.
pub const SERVE_MAX_AIM_RAD: f32 = 0.5;
/// Distance between the centres of balls served side by side, world units (two
/// and a half radii, so they start apart).
pub const SERVE_SPACING: f32 = 2.5 * BALL_RADIUS;
/// Speed gained at each paddle hit, as a factor.
pub const RALLY_SPEEDUP: f32 = 1.03;
/// Fastest a rally gets, as a multiple of the level's `ball_speed`.
pub const RALLY_MAX_FACTOR: f32 = 1.7;
/// Points for a goal (a brick is worth its hit points).
pub const GOAL_POINTS: u32 = 5;
/// Versus, rules 3: a round's cap, in leads past the target: the first side to
/// `target_score` + this x `win_by` points wins the round even without the lead
/// (`game/rounds.rs`). Two leads' room: a close round still has its deuce, and
/// it cannot last for ever.
pub const ROUND_CAP_LEADS: u32 = 2;
/// How much harder, units per second, one ball must be moving into another than
/// the other into it to convert it; a closer touch counts as symmetric and converts
/// nothing.
pub const SYMMETRIC_TOUCH_SPEED: f32 = 1.0;
/// Longest attract-mode (demo) game, seconds.
pub const ATTRACT_GAME_SECONDS: u32 = 90;

/// Capsule fall speed, units per second.
pub const CAPSULE_SPEED: f32 = 240.0;
/// Capsule radius, world units (it is drawn as a pill of about this size).
pub const CAPSULE_RADIUS: f32 = 12.0;
/// Laser shot speed, units per second.
pub const LASER_SPEED: f32 = 1500.0;
/// Where the two laser muzzles sit, as a share of the paddle's half-width either
/// side of its centre.
pub const LASER_MUZZLE_SHARE: f32 = 0.8;
/// Seconds between laser volleys.
pub const LASER_COOLDOWN_SECONDS: f32 = 0.3;
/// How long timed power-ups last, seconds.
pub const EFFECT_SECONDS: f32 = 12.0;
/// Factor applied to ball speeds by the slow power-up.
pub const SLOW_FACTOR: f32 = 0.7;
/// Angle between the three balls of a disruption, degrees.
pub const DISRUPTION_SPREAD_DEG: f32 = 20.0;
/// Balls in play the game keeps at most. A disruption that would pass it splits
/// only the first balls (in id order) while there is room, so a level whose D
/// capsules multiply balls cannot make a step's work explode (the ball-pair
/// pass is quadratic when balls pile up). The shipped levels cannot reach it:
/// their most is 162 (Diamond: 2 balls, 4 D capsules), see `level::ball_reach`.
pub const MAX_BALLS_IN_PLAY: usize = 256;
/// How far along its new path each disruption copy starts from the original,
/// world units, so the three do not start on top of each other.
pub const DISRUPTION_START_GAP: f32 = 0.5;
/// Width factor of an enlarged paddle.
pub const ENLARGE_FACTOR: f32 = 1.5;
/// Width factor of a reduced paddle (it combines with enlarge).
pub const REDUCE_FACTOR: f32 = 0.6;
/// Seconds a caught ball is held before it launches by itself.
pub const CATCH_HOLD_SECONDS: f32 = 2.0;
/// Shield thickness, world units; it lies just inside the goal line.
pub const SHIELD_THICKNESS: f32 = 6.0;

/// Solo, rules 2: seconds without a brick hit before the balls are pulled toward
/// the bricks (`game/guide.rs`). Under the 15 s the balance goal allows for the
/// longest wait, with room for the pull to arrive.
pub const GUIDE_AFTER_SECONDS: f32 = 4.0;
/// Solo, rules 2: how fast the pull turns a ball, degrees per second: a visible
/// curve, not a snap.
pub const GUIDE_TURN_DEG_PER_SECOND: f32 = 180.0;
/// Solo, rules 3: the fastest the pull turns a ball near its target, degrees per
/// second (`game/guide.rs`'s `turn_rate`): a tight curve into a gate, not an orbit.
pub const GUIDE_MAX_TURN_DEG_PER_SECOND: f32 = 720.0;
/// Rules 3: seconds a ball may stand still (wedged between a paddle's end and a
/// wall) before the paddle flicks it out (`game/pinch.rs`): long enough that no
/// moving ball is ever taken, short enough that a player hardly sees it hang.
pub const PINCH_SECONDS: f32 = 0.25;
/// Rules 3: how far from the paddle's normal a pinched ball is flicked out,
/// toward the arena's middle, degrees: a hit near the paddle's end.
pub const PINCH_LAUNCH_DEG: f32 = 30.0;
/// Versus, rules 2: seconds a CPU leaves the other side to serve first, from the
/// moment that side's serve arrives (the "Ready" moment and time to read the
/// prompt), at the start of every round and after every point.
pub const CPU_SERVE_WINDOW_SECONDS: f32 = 3.0;

/// How one CPU difficulty plays: a row of the table below.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CpuSkill {
    /// Steps between its looks at the field (reaction time, in 1/120 s).
    pub reaction_steps: u32,
    /// Bounces off static shapes it follows when predicting a ball's path.
    pub bounces: u32,
    /// Largest error of its guess of where a ball arrives, world units.
    pub error: f32,
    /// Share of steps on which it moves: its top speed as a share of the paddle's.
    pub speed: f32,
    /// Steps it waits before serving.
    pub serve_delay: u32,
}

/// The CPU table: how well each difficulty plays (see `game::Difficulty`); where
/// it aims is its style (`game/cpu_style.rs`), shown here beside.
///
/// | difficulty | reaction | bounces | error | speed | serve delay | style |
/// |------------|---------:|--------:|------:|------:|------------:|-------|
/// | easy       | 18 steps |       0 |    42 |  0.70 |    90 steps | returner: never aims |
/// | normal     | 12 steps |       2 |    30 |  0.80 |    45 steps | brick breaker |
/// | hard       |  3 steps |       8 |     4 |  1.00 |    20 steps | striker: converts, goal |
///
/// Easy was 30 steps, 60 and 0.45 before the paddle went under the hand (issue
/// 40): a simulated newcomer (`balance --player newcomer`) then won 96 % of its
/// matches against it; the targets ask 40-60 %.
pub const CPU_EASY: CpuSkill = CpuSkill {
    reaction_steps: 18,
    bounces: 0,
    error: 42.0,
    speed: 0.7,
    serve_delay: 90,
};
/// The normal CPU: see [`CPU_EASY`] for the table.
pub const CPU_NORMAL: CpuSkill = CpuSkill {
    reaction_steps: 12,
    bounces: 2,
    error: 30.0,
    speed: 0.8,
    serve_delay: 45,
};
/// The hard CPU: see [`CPU_EASY`] for the table.
pub const CPU_HARD: CpuSkill = CpuSkill {
    reaction_steps: 3,
    bounces: 8,
    error: 4.0,
    speed: 1.0,
    serve_delay: 20,
};
/// The CPU table under rules 1 (games and replays from before issue 32; kept so
/// they play as they did).
///
/// | difficulty | reaction | bounces | error | speed | serve delay | style |
/// |------------|---------:|--------:|------:|------:|------------:|-------|
/// | easy       | 30 steps |       0 |    60 |  0.45 |    90 steps | returner |
/// | normal     | 12 steps |       2 |    22 |  0.80 |    45 steps | returner |
/// | hard       |  3 steps |       8 |     4 |  1.00 |    20 steps | goal aimer (bombs, goal) |
pub const CPU_EASY_V1: CpuSkill = CpuSkill {
    reaction_steps: 30,
    bounces: 0,
    error: 60.0,
    speed: 0.45,
    serve_delay: 90,
};
/// The normal CPU: see [`CPU_EASY_V1`] for the table.
pub const CPU_NORMAL_V1: CpuSkill = CpuSkill {
    reaction_steps: 12,
    bounces: 2,
    error: 22.0,
    speed: 0.8,
    serve_delay: 45,
};
/// The hard CPU: see [`CPU_EASY_V1`] for the table.
pub const CPU_HARD_V1: CpuSkill = CpuSkill {
    reaction_steps: 3,
    bounces: 8,
    error: 4.0,
    speed: 1.0,
    serve_delay: 20,
};
/// The CPUs' bands in versus (rules 2 and later, `game/cpu_band.rs`): each plays
/// between its floor (far ahead) and its ceiling (far behind) by the score
/// (issue 40: the CPUs play to the score). A speed above 1 is faster than the
/// keys' paddle (720 units a second), up to a pointer's (the average person's
/// hand, 4 arena widths a second, is 4.4). The fixed table above stays for solo.
///
/// | difficulty | | reaction | bounces | error | speed |
/// |------------|---------|---------:|--------:|------:|------:|
/// | easy       | floor   | 36 steps |       0 |    80 |  0.40 |
/// | easy       | ceiling |  8 steps |       2 |    14 |  1.30 |
/// | normal     | floor   | 36 steps |       0 |    80 |  0.40 |
/// | normal     | ceiling |  2 steps |       8 |     4 |  4.40 |
/// | hard       | floor   |  1 step  |       8 |     2 |  4.00 |
/// | hard       | ceiling |  1 step  |       8 |     1 |  4.40 |
///
/// Easy's band is low (its ceiling about the old Normal), Normal's wide (from
/// Easy's floor to past the old Hard: the newcomer meets its floor, the average
/// player its ceiling), Hard's high and narrow.
pub const CPU_EASY_BAND: CpuBand = CpuBand {
    loose: CpuSkill {
        reaction_steps: 36,
        bounces: 0,
        error: 80.0,
        speed: 0.4,
        serve_delay: 90,
    },
    sharp: CpuSkill {
        reaction_steps: 8,
        bounces: 2,
        error: 14.0,
        speed: 1.3,
        serve_delay: 90,
    },
};
/// The normal CPU's band: see [`CPU_EASY_BAND`].
pub const CPU_NORMAL_BAND: CpuBand = CpuBand {
    loose: CpuSkill {
        reaction_steps: 36,
        bounces: 0,
        error: 80.0,
        speed: 0.4,
        serve_delay: 45,
    },
    sharp: CpuSkill {
        reaction_steps: 2,
        bounces: 8,
        error: 4.0,
        speed: 4.4,
        serve_delay: 45,
    },
};
/// The hard CPU's band: see [`CPU_EASY_BAND`].
pub const CPU_HARD_BAND: CpuBand = CpuBand {
    loose: CpuSkill {
        reaction_steps: 1,
        bounces: 8,
        error: 2.0,
        speed: 4.0,
        serve_delay: 20,
    },
    sharp: CpuSkill {
        reaction_steps: 1,
        bounces: 8,
        error: 1.0,
        speed: 4.4,
        serve_delay: 20,
    },
};
/// How far a round's state moves a CPU in its band (`game/cpu_band.rs`): the
/// pressure rises by this times the difference in points still needed to take
/// the round, over the round's target (from 0.5 at an even score): a tenth of
/// the target behind, a CPU is at its ceiling.
pub const CPU_BAND_LEAD_GAIN: f32 = 5.0;
/// How far the rounds move a CPU in its band: the pressure rises by this times
/// the rounds the other side leads by, over the rounds a match asks.
pub const CPU_BAND_ROUND_GAIN: f32 = 1.0;
/// A CPU faster than the keys moves by pointer targets: a new one at most every
/// this many steps (a jump of that many steps' reach), so its inputs repeat in
/// runs and the online input log stays within its bound (`cpu.rs`).
pub const CPU_POINTER_EVERY: u32 = 4;
/// How near its aim (units) a CPU moving by pointer targets counts as there:
/// no new target for less.
pub const CPU_POINTER_SLACK: f32 = 3.0;
/// How far ahead the CPU predicts a ball's path, seconds.
pub const CPU_HORIZON_SECONDS: f32 = 3.0;
/// Steps the CPU holds a caught ball before firing it.
pub const CPU_CATCH_RELEASE_STEPS: u32 = 10;
/// Where an aiming CPU sends the ball, as shares of the arena width: the left
/// spot when the opponent is on the right, and the right spot otherwise.
pub const CPU_AIM_SPOTS: [f32; 2] = [0.15, 0.85];
/// Farthest off-centre an aiming CPU strikes the ball, as a share of its paddle's
/// half-width.
pub const CPU_MAX_AIM_OFFSET: f32 = 0.5;

/// How far a gamepad stick must lean (0 to 1 of its travel) before it counts as
/// a direction. Worn sticks rest up to about 0.2 off centre; 0.35 clears that with
/// room to spare and still answers a deliberate push at once.
pub const PAD_DEAD_ZONE: f32 = 0.35;
/// Seconds a held d-pad or stick direction waits before it repeats in a menu.
pub const PAD_REPEAT_DELAY_SECONDS: f32 = 0.4;
/// Seconds between repeats of a held direction in a menu, after the first wait.
pub const PAD_REPEAT_INTERVAL_SECONDS: f32 = 0.12;

// Issue 34: new brick kinds and moving barriers.

/// Seconds a regrowing brick (`~`) stays broken before it grows back (the
/// contract's 8 s); it waits longer while a ball overlaps its cell.
pub const REGROW_SECONDS: f32 = 8.0;
/// Steps between an explosive brick (`*`) breaking and its blast breaking its
/// neighbours: one step per link of a chain, so a chain is seen to run.
pub const BLAST_DELAY_STEPS: u32 = 6;
/// Shortest round trip of a moving barrier, seconds: faster, it would be a blur.
pub const MIN_MOVE_PERIOD: f32 = 0.5;
/// Longest round trip of a moving barrier, seconds (ten minutes).
pub const MAX_MOVE_PERIOD: f32 = 600.0;
/// Fastest spin of a barrier, degrees per second (two turns a second). The
/// physics splits a step's turn into small enough parts at any speed; this
/// keeps a spinning barrier readable.
pub const MAX_BARRIER_SPIN: f32 = 720.0;
/// Fastest any point of a moving barrier may go, units per second (a glide's
/// top speed, `pi * |DX,DY| / S`; a spinning corner's, plus the glide's): half
/// the paddle's top speed. A ball struck head-on leaves a face with the face's
/// speed added twice (the mirror in its frame), so at this cap a barrier adds at
/// most what a paddle can follow, and a wall never closes faster than the
/// player can move out of its way. The physics sweeps any speed (the glide
/// exactly, the turn in parts of half a ball's radius); this cap is for play.
/// The fastest shipped barrier glides at 226.
pub const MAX_BARRIER_SPEED: f32 = PADDLE_SPEED * 0.5;
