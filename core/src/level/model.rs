//! What a level is, once parsed: plain data, independent of the text it came from.

use glam::Vec2;

use super::{BarrierMotion, BrickKind};

/// Which modes a level is meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelMode {
    /// Two paddles, bottom against top.
    Versus,
    /// One paddle at the bottom; the top is a wall.
    Solo,
    /// Either.
    Both,
}

impl LevelMode {
    /// The word used in level files.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::Versus => "versus",
            Self::Solo => "solo",
            Self::Both => "both",
        }
    }

    /// Whether the level can be played in versus mode.
    pub fn allows_versus(self) -> bool {
        self != Self::Solo
    }

    /// Whether the level can be played in solo mode.
    pub fn allows_solo(self) -> bool {
        self != Self::Versus
    }
}

/// Which version of the game's rules a level is played by. Replays recorded
/// before a change to the rules keep the version they were recorded with, so they
/// replay to the same hash; a level file that does not say takes the current one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RulesVersion {
    /// The rules before issue 32: one versus game to `target_score`, a serve that
    /// launches itself after a countdown, no help for a stalled solo ball.
    V1,
    /// Issue 32: a versus match of rounds won by a lead, serves that wait for the
    /// player, a CPU that waits for the other side's serve window, and a solo
    /// ball that homes in on the bricks after a while without a brick hit.
    V2,
    /// Rules 2 plus what measuring and playing them asked for: a cap on a round
    /// (a match always ends): the first side to reach `target_score` + 2 x
    /// `win_by` points in a round wins it, lead or not, as badminton caps a game
    /// at 30 (under rules 2 two even sides could trade goals for a quarter of an
    /// hour). In solo the stall help follows a way round the steel when no brick
    /// is in sight, turns faster near its target, crosses the speed limits' angle
    /// bands instead of stalling at them (`game/guide.rs`), and its clock restarts
    /// only on a hit that brings the level nearer to cleared (not on a regrowing
    /// brick). A ball pinched between a paddle's end and a wall is flicked out
    /// (`game/pinch.rs`). A version of its own so that rules 2 replays recorded
    /// before these changes keep their hashes.
    V3,
}

impl RulesVersion {
    /// The version new games are played by.
    pub const CURRENT: RulesVersion = RulesVersion::V3;

    /// Its number in level files (`rules = 3`) and replays (`rules 3`).
    pub fn number(self) -> u32 {
        match self {
            Self::V1 => 1,
            Self::V2 => 2,
            Self::V3 => 3,
        }
    }

    /// The version a number names.
    pub fn from_number(n: u32) -> Option<Self> {
        [Self::V1, Self::V2, Self::V3]
            .into_iter()
            .find(|v| v.number() == n)
    }
}

/// A player's side of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The bottom player (player 0, you in single-player games).
    Bottom,
    /// The top player (player 1: the CPU or a second human).
    Top,
}

impl Side {
    /// The player index used by the physics (`owner`).
    pub fn index(self) -> u8 {
        match self {
            Self::Bottom => 0,
            Self::Top => 1,
        }
    }

    /// The side of player `index` (0 bottom, anything else top).
    pub fn from_index(index: u8) -> Self {
        if index == 0 {
            Self::Bottom
        } else {
            Self::Top
        }
    }

    /// The other side.
    pub fn other(self) -> Self {
        match self {
            Self::Bottom => Self::Top,
            Self::Top => Self::Bottom,
        }
    }

    /// The word used in level files.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::Bottom => "bottom",
            Self::Top => "top",
        }
    }
}

/// A power-up capsule a brick can drop. Each has one letter in level files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PowerUp {
    /// S: balls slow down.
    Slow,
    /// C: the paddle catches balls; fire to release.
    Catch,
    /// L: the paddle fires laser shots.
    Laser,
    /// E: the paddle grows wider.
    Enlarge,
    /// D: every ball of yours splits into three.
    Disruption,
    /// P: an extra life (in versus, a point).
    ExtraLife,
    /// V: every ball on the field turns to your colour (Arkanong only).
    Convert,
    /// G: a shield guards your goal line for a while (Arkanong only).
    Shield,
    /// R: reduce. The other player's paddle shrinks for a while; in solo, where
    /// there is no other player, yours does (Arkanoid II's penalty capsule).
    Reduce,
}

impl PowerUp {
    /// Every power-up, in letter order of the legend.
    pub const ALL: [PowerUp; 9] = [
        Self::Slow,
        Self::Catch,
        Self::Laser,
        Self::Enlarge,
        Self::Disruption,
        Self::ExtraLife,
        Self::Convert,
        Self::Shield,
        Self::Reduce,
    ];

    /// The letter used in level files and drawn on the capsule.
    pub fn letter(self) -> char {
        match self {
            Self::Slow => 'S',
            Self::Catch => 'C',
            Self::Laser => 'L',
            Self::Enlarge => 'E',
            Self::Disruption => 'D',
            Self::ExtraLife => 'P',
            Self::Convert => 'V',
            Self::Shield => 'G',
            Self::Reduce => 'R',
        }
    }

    /// The power-up a letter stands for.
    pub fn from_letter(c: char) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.letter() == c)
    }

    /// What it does, in a few words a newcomer reads before catching it (the
    /// capsule legend's line, issue 32).
    pub fn description(self) -> &'static str {
        match self {
            Self::Slow => "every ball slows down",
            Self::Catch => "your paddle catches balls; fire to let go",
            Self::Laser => "your paddle fires lasers",
            Self::Enlarge => "a wider paddle for a while",
            Self::Disruption => "each of your balls splits in three",
            Self::ExtraLife => "an extra life (in versus, 5 points)",
            Self::Convert => "every ball on the field becomes yours",
            Self::Shield => "a wall guards your goal for a while",
            Self::Reduce => "the other paddle shrinks (in solo, yours)",
        }
    }

    /// A short name for menus and the HUD.
    pub fn name(self) -> &'static str {
        match self {
            Self::Slow => "slow",
            Self::Catch => "catch",
            Self::Laser => "laser",
            Self::Enlarge => "enlarge",
            Self::Disruption => "disruption",
            Self::ExtraLife => "extra life",
            Self::Convert => "convert",
            Self::Shield => "shield",
            Self::Reduce => "reduce",
        }
    }
}

/// One brick of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brick {
    /// What kind of brick it is (its toughness among the rest).
    pub kind: BrickKind,
    /// The capsule it drops when it breaks, if any.
    pub power_up: Option<PowerUp>,
}

/// The brick grid: `rows` rows of `columns` cells, row-major, `None` for empty.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BrickGrid {
    /// Cells per row.
    pub columns: usize,
    /// Number of rows.
    pub rows: usize,
    /// `rows * columns` cells, row by row from the top.
    pub cells: Vec<Option<Brick>>,
}

impl BrickGrid {
    /// The brick at (row, column), if there is one.
    pub fn get(&self, row: usize, column: usize) -> Option<Brick> {
        if row < self.rows && column < self.columns {
            self.cells[row * self.columns + column]
        } else {
            None
        }
    }
}

/// A barrier's shape, in the numbers the level file uses (degrees for rotations).
#[derive(Debug, Clone, PartialEq)]
pub enum BarrierShape {
    /// A regular hexagon: centre, circumradius, rotation in degrees.
    Hexagon {
        /// Centre.
        center: Vec2,
        /// Distance from the centre to each corner.
        radius: f32,
        /// Turn in degrees, clockwise on screen (y grows downward); at 0 the first
        /// corner is straight right of the centre.
        rotation: f32,
    },
    /// An oriented rectangle: centre, full size, rotation in degrees.
    Rect {
        /// Centre.
        center: Vec2,
        /// Width and height before rotation.
        size: Vec2,
        /// Turn about the centre in degrees, clockwise on screen (y grows
        /// downward).
        rotation: f32,
    },
    /// Any convex polygon, by its corners (either winding).
    Polygon(Vec<Vec2>),
    /// A thin wall with no thickness between two ends: balls bounce off both of its
    /// faces and round its ends.
    Segment {
        /// One end.
        from: Vec2,
        /// The other end.
        to: Vec2,
    },
}

/// A ball placed by the level, to stage a shot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelBall {
    /// Starting centre.
    pub position: Vec2,
    /// Starting velocity, units per second.
    pub velocity: Vec2,
    /// Who owns it.
    pub owner: Side,
}

/// A whole level.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Shown in menus.
    pub title: String,
    /// Who made it.
    pub author: String,
    /// The modes it is for.
    pub mode: LevelMode,
    /// Ball speed at the serve, units per second.
    pub ball_speed: f32,
    /// Balls each side starts with (each serves this many).
    pub balls_per_side: u32,
    /// Lives in solo mode.
    pub lives: u32,
    /// Points that win a versus round (the whole game under rules 1).
    pub target_score: u32,
    /// Rounds a side must win to win the versus match (rules 2).
    pub rounds: u32,
    /// The lead in points a side needs over the other to win a round at
    /// `target_score` (rules 2).
    pub win_by: u32,
    /// The rules the level is played by.
    pub rules: RulesVersion,
    /// How much looser (positive) or sharper (negative) the CPUs play to the
    /// score on this level, in hundredths of their band (`cpu_ease`, -50 to
    /// 50; 0 when the file does not say): a level whose course a person finds
    /// harder than the CPU does eases them (`game/cpu_band.rs`). It moves only
    /// the CPUs, never the ball, so a game's state and hash do not depend on it.
    pub cpu_ease: i32,
    /// Paddle width, world units.
    pub paddle_width: f32,
    /// Size of one brick, world units.
    pub brick_size: Vec2,
    /// Where the centre of the brick grid sits in the arena.
    pub bricks_center: Vec2,
    /// The bricks.
    pub bricks: BrickGrid,
    /// Barriers, in file order.
    pub barriers: Vec<BarrierShape>,
    /// How each barrier moves, by its index in `barriers` (`move`, `spin`); a
    /// barrier past the end of this list stays still (see [`Level::barrier_motion`]).
    pub barrier_motions: Vec<BarrierMotion>,
    /// Staged balls, in file order.
    pub balls: Vec<LevelBall>,
}

/// Rounds to win a match when a level does not say: the best of three.
pub const DEFAULT_ROUNDS: u32 = 2;
/// The lead that wins a round when a level does not say: two goals' worth.
pub const DEFAULT_WIN_BY: u32 = 10;

impl Default for Level {
    fn default() -> Self {
        Self {
            title: "Untitled".to_owned(),
            author: "anonymous".to_owned(),
            mode: LevelMode::Both,
            ball_speed: 480.0,
            balls_per_side: 1,
            lives: 3,
            target_score: 40,
            rounds: DEFAULT_ROUNDS,
            win_by: DEFAULT_WIN_BY,
            rules: RulesVersion::CURRENT,
            cpu_ease: 0,
            paddle_width: 110.0,
            brick_size: Vec2::new(50.0, 22.0),
            bricks_center: Vec2::new(400.0, 500.0),
            bricks: BrickGrid::default(),
            barriers: Vec::new(),
            barrier_motions: Vec::new(),
            balls: Vec::new(),
        }
    }
}

impl Level {
    /// How barrier `i` moves. The list may be shorter than `barriers` (code that
    /// builds a level by hand, or pushes a barrier, need not know it): a barrier
    /// it does not reach stays still.
    pub fn barrier_motion(&self, i: usize) -> BarrierMotion {
        self.barrier_motions.get(i).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_up_descriptions_are_short_distinct_and_fit_a_phone() {
        let mut seen = std::collections::HashSet::new();
        for p in PowerUp::ALL {
            let d = p.description();
            assert!(!d.is_empty() && d.len() <= 44, "{p:?}: {d}");
            assert!(seen.insert(d), "{p:?} repeats a description");
        }
    }
}
