//! Brick edits: painting a cell of the `[bricks]` grid and setting the capsule of
//! the `[powerups]` grid. Each rewrites one character of one row line (two when a
//! capsule must go with the brick under it).

use super::draft::Draft;
use super::outline::Part;
use super::Editor;
use crate::level::{BrickKind, PowerUp};

/// Size of the grid a level without one gets when a brick is first painted.
const NEW_GRID: (usize, usize) = (8, 12);

/// What a brick cell is painted with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    /// No brick (`.`).
    Empty,
    /// A brick of this kind.
    Brick(BrickKind),
}

impl Paint {
    /// The grid character.
    pub fn char(self) -> char {
        match self {
            Self::Empty => '.',
            Self::Brick(kind) => kind.char(),
        }
    }
}

/// Line `content` with the `column`-th cell after its indent set to `c`.
fn with_cell(content: &str, column: usize, c: char) -> Option<String> {
    let indent = content.len() - content.trim_start().len();
    let mut chars: Vec<char> = content[indent..].chars().collect();
    let cell = chars.get_mut(column)?;
    *cell = c;
    Some(format!(
        "{}{}",
        &content[..indent],
        chars.into_iter().collect::<String>()
    ))
}

impl Editor {
    /// Paints brick cell (row, column). Painting `.` or a kind that holds no
    /// capsule (`=`) on a cell that drops one removes the capsule too. A level
    /// without a grid gets an empty one first. Returns whether anything changed.
    pub fn paint(&mut self, row: usize, column: usize, paint: Paint) -> bool {
        let mut d = self.draft();
        if self.doc.level.bricks.rows == 0 {
            self.add_grid(&mut d);
            return self.commit_then(d, |e| e.paint(row, column, paint));
        }
        let Some(line) = self.doc.brick_row_line(row) else {
            return false;
        };
        let Some(new) = with_cell(self.doc.lines.content(line), column, paint.char()) else {
            return false;
        };
        d.replace(line, &new);
        // Read from the `[powerups]` text, not the parsed brick: a capsule typed
        // on an empty cell belongs to no brick, yet Empty must remove it too
        // (issue 40 bug 5).
        if self.capsule_letter(row, column).is_some()
            && !matches!(paint, Paint::Brick(k) if k.holds_capsule())
        {
            self.capsule_into(&mut d, row, column, None);
        }
        self.commit(d)
    }

    /// The letter in cell (row, column) of the `[powerups]` grid as written, if
    /// it is not `.` (whether or not a brick stands under it).
    pub fn capsule_letter(&self, row: usize, column: usize) -> Option<char> {
        let line = *self.doc.outline.rows(Part::PowerUps).get(row)?;
        let content = self.doc.lines.content(line).trim_start();
        content.chars().nth(column).filter(|&c| c != '.')
    }

    /// Sets the capsule brick (row, column) drops, or none. Adds a `[powerups]`
    /// grid after the bricks when the level has none. A capsule needs a brick
    /// that holds one under it: on an empty cell or a steel brick nothing is
    /// set (it would show as no more than an error's outline) and this returns
    /// false.
    pub fn set_capsule(&mut self, row: usize, column: usize, power: Option<PowerUp>) -> bool {
        let grid = &self.doc.level.bricks;
        if row >= grid.rows || column >= grid.columns {
            return false;
        }
        let holder = grid
            .get(row, column)
            .is_some_and(|b| b.kind.holds_capsule());
        if power.is_some() && !holder {
            return false;
        }
        let mut d = self.draft();
        self.capsule_into(&mut d, row, column, power);
        self.commit(d)
    }

    fn capsule_into(&self, d: &mut Draft, row: usize, column: usize, power: Option<PowerUp>) {
        let c = power.map_or('.', PowerUp::letter);
        let grid = &self.doc.level.bricks;
        let rows = self.doc.outline.rows(Part::PowerUps);
        match rows.get(row) {
            Some(&line) => {
                if let Some(new) = with_cell(d.lines.content(line), column, c) {
                    d.replace(line, &new);
                }
            }
            None if rows.is_empty() && power.is_some() => {
                let Some(last) = self.doc.brick_row_line(grid.rows - 1) else {
                    return;
                };
                let mut block = vec![String::new(), Part::PowerUps.header().to_owned()];
                for r in 0..grid.rows {
                    let mut cells = vec!['.'; grid.columns];
                    if r == row {
                        cells[column] = c;
                    }
                    block.push(cells.into_iter().collect());
                }
                d.insert(last + 1, &block);
            }
            None => {}
        }
    }

    /// Appends an empty brick grid to a level that has none.
    pub(super) fn add_grid(&self, d: &mut Draft) {
        let (rows, columns) = NEW_GRID;
        let row = ".".repeat(columns);
        match self.doc.outline.append_at(Part::Bricks) {
            Some(at) => d.insert(at, &vec![row; rows]),
            None => {
                let mut block = vec![String::new(), Part::Bricks.header().to_owned()];
                block.extend(std::iter::repeat_n(row, rows));
                let at = self.doc.outline.len();
                d.insert(at, &block);
            }
        }
    }

    /// Commits `d`, then runs `then` and folds its edit into the same undo step.
    pub(super) fn commit_then(&mut self, d: Draft, then: impl FnOnce(&mut Self) -> bool) -> bool {
        let before = self.undo_len();
        if !self.commit(d) {
            return false;
        }
        then(self);
        self.merge_since(before);
        true
    }
}
