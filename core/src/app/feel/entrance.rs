//! Entrances (issue 13, the `entrances` switch): a level's bricks drop into their
//! cells at its start, row by row, with an ease-out bounce. Purely drawn: the game
//! has every brick in place from its first step; this only says how far above its
//! cell each brick is drawn, and how opaque. Headless: the shell feeds it time.
//!
//! Timing against play: the whole drop lasts [`DROP_SECONDS`] (0.7 s), inside the
//! serve's "Ready" moment (`READY_SECONDS`, 0.75 s), during which a human's serve
//! key does nothing. A CPU may serve sooner and a level may stage moving balls, so
//! the drop ends at once ([`BrickDrop::land`]) when the first ball touches a brick.

use crate::level::Level;
use crate::tuning::READY_SECONDS;

/// How long one brick takes to fall and bounce to rest, seconds.
pub(super) const DROP_FALL_SECONDS: f32 = 0.4;
/// The spread of the bricks' start times across the grid, seconds: the bottom
/// row's first brick starts at once, the top row's last this much later.
pub(super) const DROP_STAGGER_SECONDS: f32 = 0.3;
/// The whole drop, seconds.
pub const DROP_SECONDS: f32 = DROP_FALL_SECONDS + DROP_STAGGER_SECONDS;
/// How far above its cell a brick starts, arena units.
pub(super) const DROP_HEIGHT: f32 = 110.0;
/// The share of its fall over which a brick fades in (it appears in mid-air,
/// not all at once at its start height).
const FADE_SHARE: f32 = 0.3;
/// Of the stagger, the share spent across rows; the rest runs across columns, so
/// each row lands left to right as a wave.
const ROW_SHARE: f32 = 0.7;

// The drop is over before a human may serve.
const _: () = assert!(DROP_SECONDS < READY_SECONDS);

/// Robert Penner's ease-out bounce: from 0 at `x = 0` to 1 at `x = 1`, touching 1
/// three times on the way with bounces of a quarter, a sixteenth and a
/// sixty-fourth of the fall (as in his easing equations, 2001). Never above 1.
pub fn ease_out_bounce(x: f32) -> f32 {
    const N: f32 = 7.5625;
    const D: f32 = 2.75;
    let x = x.clamp(0.0, 1.0);
    if x < 1.0 / D {
        N * x * x
    } else if x < 2.0 / D {
        let x = x - 1.5 / D;
        N * x * x + 0.75
    } else if x < 2.5 / D {
        let x = x - 2.25 / D;
        N * x * x + 0.9375
    } else {
        let x = x - 2.625 / D;
        N * x * x + 0.984_375
    }
}

/// How one brick is drawn this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrickPose {
    /// How far above its cell, arena units (0 at rest).
    pub lift: f32,
    /// Its opacity, 0 to 1.
    pub alpha: f32,
}

impl BrickPose {
    /// A brick in its cell.
    pub const REST: Self = Self {
        lift: 0.0,
        alpha: 1.0,
    };
}

/// A level's bricks dropping into place: the grid's shape and the seconds since
/// the level started.
#[derive(Debug, Clone, PartialEq)]
pub struct BrickDrop {
    rows: usize,
    columns: usize,
    /// Where the grid's top-left corner is and each cell's size, arena units.
    origin: glam::Vec2,
    cell: glam::Vec2,
    age: f32,
}

impl Default for BrickDrop {
    /// A drop long over: every brick at rest.
    fn default() -> Self {
        Self {
            rows: 1,
            columns: 1,
            origin: glam::Vec2::ZERO,
            cell: glam::Vec2::ONE,
            age: DROP_SECONDS,
        }
    }
}

impl BrickDrop {
    /// A drop that starts now, for `level`'s grid.
    pub fn new(level: &Level) -> Self {
        let rows = level.bricks.rows.max(1);
        let columns = level.bricks.columns.max(1);
        Self {
            rows,
            columns,
            origin: level.brick_rect(0, 0).min,
            cell: level.brick_size,
            age: 0.0,
        }
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        self.age = (self.age + dt).min(DROP_SECONDS);
    }

    /// Ends the drop at once: every brick in its cell (a ball has reached one).
    pub fn land(&mut self) {
        self.age = DROP_SECONDS;
    }

    /// Whether every brick is at rest.
    pub fn is_done(&self) -> bool {
        self.age >= DROP_SECONDS
    }

    /// When the brick at (`row`, `column`) starts to fall, seconds after the
    /// level's start: the bottom row first, each row left to right.
    pub fn delay(&self, row: usize, column: usize) -> f32 {
        let from_bottom = (self.rows - 1).saturating_sub(row) as f32;
        let rows = (self.rows - 1).max(1) as f32;
        let columns = (self.columns - 1).max(1) as f32;
        DROP_STAGGER_SECONDS
            * (ROW_SHARE * from_bottom / rows
                + (1.0 - ROW_SHARE) * column.min(self.columns) as f32 / columns)
    }

    /// How the brick at (`row`, `column`) is drawn now.
    pub fn pose(&self, row: usize, column: usize) -> BrickPose {
        if self.is_done() {
            return BrickPose::REST;
        }
        let t = ((self.age - self.delay(row, column)) / DROP_FALL_SECONDS).clamp(0.0, 1.0);
        BrickPose {
            lift: DROP_HEIGHT * (1.0 - ease_out_bounce(t)),
            alpha: (t / FADE_SHARE).min(1.0),
        }
    }

    /// How the brick whose rectangle starts at `min` (arena units) is drawn now:
    /// its cell found from the grid this drop was made for.
    pub fn pose_at(&self, min: glam::Vec2) -> BrickPose {
        if self.is_done() {
            return BrickPose::REST;
        }
        let cell = ((min - self.origin) / self.cell)
            .round()
            .max(glam::Vec2::ZERO);
        self.pose(cell.y as usize, cell.x as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Level {
        Level::parse("[bricks]\n1111\n1111\n1111\n").unwrap()
    }

    /// The drop after `t` seconds.
    fn at(t: f32) -> BrickDrop {
        let mut d = BrickDrop::new(&grid());
        d.update(t);
        d
    }

    #[test]
    fn drop_every_brick_rests_after_the_duration() {
        let d = at(DROP_SECONDS);
        assert!(d.is_done());
        for row in 0..3 {
            for column in 0..4 {
                assert_eq!(d.pose(row, column), BrickPose::REST);
            }
        }
        // Just before the end, the last brick is still a hair above its cell.
        assert!(at(DROP_SECONDS - 0.05).pose(0, 3).lift > 0.0);
        const { assert!(DROP_SECONDS <= 0.8) };
    }

    #[test]
    fn drop_settles_with_shrinking_bounces_and_never_below_its_cell() {
        // One brick's lift, sampled finely: it falls, then each bounce peaks lower.
        let mut peaks = Vec::new();
        let mut lifts = Vec::new();
        let mut t = 0.0;
        while t <= DROP_SECONDS {
            let lift = at(t).pose(2, 0).lift;
            assert!((0.0..=DROP_HEIGHT).contains(&lift), "lift {lift} at {t}");
            lifts.push(lift);
            t += 0.001;
        }
        for w in lifts.windows(3) {
            if w[1] > w[0] && w[1] >= w[2] {
                peaks.push(w[1]);
            }
        }
        assert!(peaks.len() >= 2, "{peaks:?}");
        assert!(peaks.windows(2).all(|p| p[1] < p[0]), "{peaks:?}");
        assert!(peaks[0] < DROP_HEIGHT * 0.3);
        assert_eq!(ease_out_bounce(0.0), 0.0);
        assert_eq!(ease_out_bounce(1.0), 1.0);
    }

    #[test]
    fn drop_staggers_bottom_row_first_and_left_to_right() {
        let d = at(0.0);
        assert_eq!(
            d.delay(2, 0),
            0.0,
            "the bottom row's first brick starts at once"
        );
        assert!(
            d.delay(1, 0) > d.delay(2, 3),
            "a row starts after the one below"
        );
        assert!(d.delay(0, 0) > d.delay(1, 0));
        assert!(d.delay(2, 1) > d.delay(2, 0));
        assert!((d.delay(0, 3) - DROP_STAGGER_SECONDS).abs() < 1e-6);
        // Mid-drop, the bottom row is lower (nearer its cell) than the top row.
        let mid = at(0.25);
        assert!(mid.pose(2, 0).lift < mid.pose(0, 0).lift);
        assert!(mid.pose(0, 3).alpha < 1.0 && mid.pose(2, 0).alpha == 1.0);
    }

    #[test]
    fn drop_lands_at_once_and_finds_cells_from_brick_rectangles() {
        let level = grid();
        let mut d = BrickDrop::new(&level);
        d.update(0.1);
        assert_eq!(d.pose_at(level.brick_rect(0, 3).min), d.pose(0, 3));
        assert_eq!(d.pose_at(level.brick_rect(2, 1).min), d.pose(2, 1));
        d.land();
        assert!(d.is_done());
        assert_eq!(d.pose_at(level.brick_rect(0, 3).min), BrickPose::REST);
        assert!(BrickDrop::default().is_done());
    }
}

/// How long an ordinary screen change takes, seconds.
pub const MENU_SLIDE_SECONDS: f32 = 0.25;
/// How long a victory's title takes to punch in, seconds.
pub const PUNCH_SECONDS: f32 = 0.35;
/// How long a defeat's title takes to drop and settle, seconds.
pub const DROP_IN_SECONDS: f32 = 0.7;

/// How a screen arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// Rises a little and settles, over [`MENU_SLIDE_SECONDS`].
    Slide,
    /// Starts large and slams down to its size, over [`PUNCH_SECONDS`]
    /// (a victory, a cleared level).
    Punch,
    /// Falls from above and bounces heavily to rest, over [`DROP_IN_SECONDS`]
    /// (a defeat).
    Drop,
    /// Appears at once (entrances switched off).
    Cut,
}

impl Arrival {
    /// How long this arrival takes, seconds.
    pub fn seconds(self) -> f32 {
        match self {
            Arrival::Slide => MENU_SLIDE_SECONDS,
            Arrival::Punch => PUNCH_SECONDS,
            Arrival::Drop => DROP_IN_SECONDS,
            Arrival::Cut => 0.0,
        }
    }
}
