//! Writing a level back to text. Parsing the result gives the same level: numbers
//! are written in Rust's shortest form that reads back to the same f32.

use std::fmt::Write;

use super::{BarrierShape, BrickGrid, Level, LevelBall, RulesVersion};

impl Level {
    /// The level as text in the level format: the settings, then each section
    /// that has something in it.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.write_settings(&mut s);
        write_grids(&mut s, &self.bricks);
        if !self.barriers.is_empty() {
            let _ = writeln!(s, "\n[barriers]");
            for (i, b) in self.barriers.iter().enumerate() {
                let motion = self.barrier_motion(i).clauses();
                let _ = writeln!(s, "{}{motion}", barrier_line(b));
            }
        }
        if !self.balls.is_empty() {
            let _ = writeln!(s, "\n[balls]");
            for b in &self.balls {
                let _ = writeln!(s, "{}", ball_line(b));
            }
        }
        s
    }

    /// Every setting, one per line, under a comment.
    fn write_settings(&self, s: &mut String) {
        let _ = writeln!(s, "# Arkanong level");
        let _ = writeln!(s, "title = \"{}\"", self.title);
        let _ = writeln!(s, "author = \"{}\"", self.author);
        let _ = writeln!(s, "mode = {}", self.mode.keyword());
        let _ = writeln!(s, "ball_speed = {}", self.ball_speed);
        let _ = writeln!(s, "balls = {}", self.balls_per_side);
        let _ = writeln!(s, "lives = {}", self.lives);
        let _ = writeln!(s, "target_score = {}", self.target_score);
        let _ = writeln!(s, "rounds = {}", self.rounds);
        let _ = writeln!(s, "win_by = {}", self.win_by);
        let _ = writeln!(s, "paddle_width = {}", self.paddle_width);
        let (size, center) = (self.brick_size, self.bricks_center);
        let _ = writeln!(s, "brick_size = {}x{}", size.x, size.y);
        let _ = writeln!(s, "bricks_center = {},{}", center.x, center.y);
        // Written only when it is not the current version, so a level saved now
        // follows the game's rules as they change; a replay keeps its own.
        if self.rules != RulesVersion::CURRENT {
            let _ = writeln!(s, "rules = {}", self.rules.number());
        }
        // Written only when set, so other levels' texts stay as they were.
        if self.cpu_ease != 0 {
            let _ = writeln!(s, "cpu_ease = {}", self.cpu_ease);
        }
    }
}

/// The `[bricks]` grid, and the `[powerups]` grid when any brick drops a capsule.
fn write_grids(s: &mut String, grid: &BrickGrid) {
    if grid.rows == 0 {
        return;
    }
    let rows = || grid.cells.chunks(grid.columns.max(1));
    let _ = writeln!(s, "\n[bricks]");
    for row in rows() {
        let line: String = row
            .iter()
            .map(|b| b.map_or('.', |b| b.kind.char()))
            .collect();
        let _ = writeln!(s, "{line}");
    }
    if grid.cells.iter().flatten().any(|b| b.power_up.is_some()) {
        let _ = writeln!(s, "\n[powerups]");
        for row in rows() {
            let line: String = row
                .iter()
                .map(|b| b.and_then(|b| b.power_up).map_or('.', |p| p.letter()))
                .collect();
            let _ = writeln!(s, "{line}");
        }
    }
}

/// One `[barriers]` line.
fn barrier_line(b: &BarrierShape) -> String {
    match b {
        BarrierShape::Hexagon {
            center,
            radius,
            rotation,
        } => format!(
            "hexagon at {},{} radius {radius} rotation {rotation}",
            center.x, center.y
        ),
        BarrierShape::Rect {
            center,
            size,
            rotation,
        } => format!(
            "rect at {},{} size {}x{} rotation {rotation}",
            center.x, center.y, size.x, size.y
        ),
        BarrierShape::Polygon(points) => {
            let list: Vec<String> = points.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
            format!("polygon {}", list.join(" "))
        }
        BarrierShape::Segment { from, to } => {
            format!("segment from {},{} to {},{}", from.x, from.y, to.x, to.y)
        }
    }
}

/// One `[balls]` line.
fn ball_line(b: &LevelBall) -> String {
    format!(
        "ball at {},{} velocity {},{} owner {}",
        b.position.x,
        b.position.y,
        b.velocity.x,
        b.velocity.y,
        b.owner.keyword()
    )
}
