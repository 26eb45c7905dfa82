//! Resizing the brick grid: a row or a column added or removed at the bottom or
//! right edge. A row is one line of each grid (`[bricks]` and `[powerups]`, which
//! must stay the same size); a column is one character of each row line.

use super::draft::Draft;
use super::outline::Part;
use super::Editor;
use crate::level::strip_comment;

/// Which way the grid's size changes.
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
    /// Resizes the brick grid (and the capsule grid with it). A level without a
    /// grid gets the new empty one when a row or column is added. Returns whether
    /// anything changed.
    pub fn resize_grid(&mut self, resize: Resize) -> bool {
        let grid = &self.doc.level.bricks;
        let (rows, columns) = (grid.rows, grid.columns);
        let mut d = self.draft();
        if rows == 0 {
            if matches!(resize, Resize::AddRow | Resize::AddColumn) {
                self.add_grid(&mut d);
                return self.commit(d);
            }
            return false;
        }
        let parts = [Part::Bricks, Part::PowerUps];
        let mut grids: Vec<Vec<usize>> = parts.iter().map(|&p| self.doc.outline.rows(p)).collect();
        grids.retain(|g| !g.is_empty());
        match resize {
            Resize::AddRow | Resize::RemoveRow => {
                // The later grid first, so the earlier one's line numbers hold.
                let mut last: Vec<usize> = grids.iter().filter_map(|g| g.last().copied()).collect();
                last.sort_unstable_by(|a, b| b.cmp(a));
                if resize == Resize::RemoveRow && rows < 2 {
                    return false;
                }
                for line in last {
                    if resize == Resize::RemoveRow {
                        d.remove(line);
                    } else {
                        add_row_after(&mut d, line, columns);
                    }
                }
            }
            Resize::AddColumn | Resize::RemoveColumn => {
                if resize == Resize::RemoveColumn && columns < 2 {
                    return false;
                }
                for line in grids.into_iter().flatten() {
                    let new = with_cells(d.lines.content(line), |cells| {
                        if resize == Resize::AddColumn {
                            cells.push('.');
                        } else {
                            cells.pop();
                        }
                    });
                    d.replace(line, &new);
                }
            }
        }
        self.commit(d)
    }
}

/// Inserts an empty row of `columns` cells after row line `line`, with its indent.
fn add_row_after(d: &mut Draft, line: usize, columns: usize) {
    let content = d.lines.content(line);
    let indent = &content[..content.len() - content.trim_start().len()];
    let row = format!("{indent}{}", ".".repeat(columns));
    d.insert(line + 1, &[row]);
}
