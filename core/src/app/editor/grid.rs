//! Resizing the brick grid: a row or a column added or removed at any edge. A row
//! is one line of each grid (`[bricks]` and `[powerups]`, which must stay the same
//! size); a column is one character of each row line. The grid is centred on
//! `bricks_center`, so every resize also moves that centre by half a brick: the
//! bricks that stay keep their place on screen.

use glam::Vec2;

use super::draft::Draft;
use super::format::{point, setting_line};
use super::outline::Part;
use super::Editor;
use crate::level::strip_comment;

/// Which way the grid's size changes, and at which edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resize {
    /// A new empty row at the bottom.
    AddRow,
    /// The bottom row goes (never the last one).
    RemoveRow,
    /// A new empty column at the right.
    AddColumn,
    /// The right column goes (never the last one).
    RemoveColumn,
    /// A new empty row at the top.
    AddRowTop,
    /// The top row goes (never the last one).
    RemoveRowTop,
    /// A new empty column at the left.
    AddColumnLeft,
    /// The left column goes (never the last one).
    RemoveColumnLeft,
}

impl Resize {
    /// Every resize, bottom and right edges first.
    pub const ALL: [Resize; 8] = [
        Self::AddRow,
        Self::RemoveRow,
        Self::AddColumn,
        Self::RemoveColumn,
        Self::AddRowTop,
        Self::RemoveRowTop,
        Self::AddColumnLeft,
        Self::RemoveColumnLeft,
    ];

    fn adds(self) -> bool {
        matches!(
            self,
            Self::AddRow | Self::AddColumn | Self::AddRowTop | Self::AddColumnLeft
        )
    }

    fn rows(self) -> bool {
        matches!(
            self,
            Self::AddRow | Self::RemoveRow | Self::AddRowTop | Self::RemoveRowTop
        )
    }

    fn at_start(self) -> bool {
        matches!(
            self,
            Self::AddRowTop | Self::RemoveRowTop | Self::AddColumnLeft | Self::RemoveColumnLeft
        )
    }

    /// How far the grid's centre moves, in bricks: half a brick toward the edge
    /// that grows, away from the edge that shrinks.
    fn center_shift(self) -> Vec2 {
        let toward_end = if self.at_start() { -0.5 } else { 0.5 };
        let sign = if self.adds() { 1.0 } else { -1.0 };
        let axis = if self.rows() { Vec2::Y } else { Vec2::X };
        axis * toward_end * sign
    }
}

/// Row line `content` with its cells changed by `f`, keeping indent and comment.
fn with_cells(content: &str, f: impl FnOnce(&mut String)) -> String {
    let code = strip_comment(content).trim_end();
    let indent = code.len() - code.trim_start().len();
    let mut cells = code[indent..].to_owned();
    f(&mut cells);
    format!("{}{cells}{}", &content[..indent], &content[code.len()..])
}

impl Editor {
    /// Resizes the brick grid (and the capsule grid with it), keeping the other
    /// bricks in place. A level without a grid gets the new empty one when a row
    /// or column is added. Returns whether anything changed.
    pub fn resize_grid(&mut self, resize: Resize) -> bool {
        let grid = &self.doc.level.bricks;
        let (rows, columns) = (grid.rows, grid.columns);
        let mut d = self.draft();
        if rows == 0 {
            if resize.adds() {
                self.add_grid(&mut d);
                return self.commit(d);
            }
            return false;
        }
        let count = if resize.rows() { rows } else { columns };
        if !resize.adds() && count < 2 {
            return false;
        }
        let inserted = self.move_center(&mut d, resize);
        // Line numbers from before the centre's line went in.
        let shift = |line: usize| line + usize::from(inserted.is_some_and(|at| line >= at));
        let parts = [Part::Bricks, Part::PowerUps];
        let mut grids: Vec<Vec<usize>> = parts
            .iter()
            .map(|&p| self.doc.outline.rows(p).into_iter().map(shift).collect())
            .collect();
        grids.retain(|g| !g.is_empty());
        if resize.rows() {
            resize_rows(&mut d, grids, resize, columns);
        } else {
            for line in grids.into_iter().flatten() {
                let new = with_cells(d.lines.content(line), |cells| {
                    match (resize.adds(), resize.at_start()) {
                        (true, true) => cells.insert(0, '.'),
                        (true, false) => cells.push('.'),
                        (false, true) => drop(cells.remove(0)),
                        (false, false) => drop(cells.pop()),
                    }
                });
                d.replace(line, &new);
            }
        }
        self.commit(d)
    }

    /// Moves `bricks_center` for `resize`, unless it is written wrong (the
    /// checker names that; a guess would overwrite the user's text). Returns the
    /// line it inserted, if the text did not say `bricks_center` yet.
    fn move_center(&self, d: &mut Draft, resize: Resize) -> Option<usize> {
        if self.doc.sources.failed_settings.contains(&"bricks_center") {
            return None;
        }
        let level = &self.doc.level;
        let center = level.bricks_center + resize.center_shift() * level.brick_size;
        let text = setting_line("bricks_center", &point(center));
        match self
            .doc
            .outline
            .setting_line(&self.doc.lines, "bricks_center")
        {
            Some(line) => {
                d.rewrite_item(line, &text);
                None
            }
            None => {
                let at = self.doc.outline.new_setting_at();
                d.insert(at, &[text]);
                Some(at)
            }
        }
    }
}

/// Adds or removes one row line in each grid, at the top or the bottom.
fn resize_rows(d: &mut Draft, grids: Vec<Vec<usize>>, resize: Resize, columns: usize) {
    let pick = |g: &Vec<usize>| {
        if resize.at_start() {
            g.first().copied()
        } else {
            g.last().copied()
        }
    };
    // The later grid first, so the earlier one's line numbers hold.
    let mut lines: Vec<usize> = grids.iter().filter_map(pick).collect();
    lines.sort_unstable_by(|a, b| b.cmp(a));
    for line in lines {
        match (resize.adds(), resize.at_start()) {
            (false, _) => d.remove(line),
            (true, true) => add_row_at(d, line, line, columns),
            (true, false) => add_row_at(d, line, line + 1, columns),
        }
    }
}

/// Inserts an empty row of `columns` cells before line `at`, indented as row
/// line `like`.
fn add_row_at(d: &mut Draft, like: usize, at: usize, columns: usize) {
    let content = d.lines.content(like);
    let indent = &content[..content.len() - content.trim_start().len()];
    let row = format!("{indent}{}", ".".repeat(columns));
    d.insert(at, &[row]);
}
