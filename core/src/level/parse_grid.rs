//! The `[bricks]` and `[powerups]` grids: reading rows, then combining the two.

use super::parse::{Parser, MAX_GRID};
use super::tokens::{column_of, shown};
use super::{Brick, BrickGrid, BrickKind, Diagnostic, PowerUp};

impl Parser {
    /// A row of the `[bricks]` grid, or of the `[powerups]` grid when `power`.
    /// A brick row with an error makes the grid unreliable for the checker.
    pub(super) fn grid_row(
        &mut self,
        n: usize,
        raw: &str,
        indent: usize,
        trimmed: &str,
        power: bool,
    ) {
        let before = (self.diagnostics.len(), self.overflowed);
        self.read_grid_row(n, raw, indent, trimmed, power);
        if !power && before != (self.diagnostics.len(), self.overflowed) {
            self.sources.grid_unreliable = true;
        }
    }

    /// Reads one grid row, reporting what is wrong with it.
    fn read_grid_row(&mut self, n: usize, raw: &str, indent: usize, trimmed: &str, power: bool) {
        if let Some(gap) = trimmed.find(char::is_whitespace) {
            self.push(
                Diagnostic::error(
                    n,
                    column_of(raw, indent + gap),
                    "a grid row cannot contain spaces",
                )
                .with_hint("use `.` for an empty cell"),
            );
            return;
        }
        let cells: Vec<char> = trimmed.chars().collect();
        // Counted once: per cell it would be quadratic on a long indented row.
        let first_column = column_of(raw, indent);
        for (i, &c) in cells.iter().enumerate() {
            if let Some(d) = unknown_cell(n, first_column + i, c, power) {
                self.push(d);
            }
        }
        if !self.row_fits(n, first_column, cells.len(), power) {
            return;
        }
        if power {
            self.power_rows.push((n, first_column, cells));
        } else {
            self.brick_rows.push((n, cells));
        }
    }

    /// Whether a row of `width` cells is as wide as the first row of its grid and
    /// keeps the grid within [`MAX_GRID`] by [`MAX_GRID`]; reports why not.
    fn row_fits(&mut self, n: usize, first_column: usize, width: usize, power: bool) -> bool {
        let (first, count) = if power {
            let first = self.power_rows.first().map(|(l, _, c)| (*l, c.len()));
            (first, self.power_rows.len())
        } else {
            let first = self.brick_rows.first().map(|(l, c)| (*l, c.len()));
            (first, self.brick_rows.len())
        };
        if let Some((first_line, first_len)) = first.filter(|&(_, len)| len != width) {
            let what = if power { "[powerups]" } else { "[bricks]" };
            self.push(
                Diagnostic::error(
                    n,
                    first_column + width.min(first_len),
                    format!("this row is {width} columns wide, the first {what} row (line {first_line}) is {first_len}"),
                )
                .with_hint("every row of a grid has the same width; use `.` for empty cells"),
            );
            return false;
        }
        if width > MAX_GRID || count >= MAX_GRID {
            if !self.grid_too_big {
                self.grid_too_big = true;
                self.push(
                    Diagnostic::error(
                        n,
                        first_column,
                        format!("the grid is larger than {MAX_GRID} by {MAX_GRID}"),
                    )
                    .with_hint("split the level, or use larger bricks (`brick_size`)"),
                );
            }
            return false;
        }
        true
    }

    /// Combines the brick and power-up grids into the level's grid.
    pub(super) fn build_grid(&mut self) {
        let rows = self.brick_rows.len();
        let columns = self.brick_rows.first().map_or(0, |r| r.1.len());
        if !self.power_rows.is_empty() && self.power_rows.len() != rows {
            self.push(
                Diagnostic::error(
                    self.powerups_line.max(1),
                    1,
                    format!(
                        "the [powerups] grid has {} rows, the [bricks] grid has {rows}",
                        self.power_rows.len()
                    ),
                )
                .with_hint("the two grids line up cell for cell; give them the same rows"),
            );
        }
        let mut cells = Vec::with_capacity(rows * columns);
        for (_, row) in &self.brick_rows {
            for &ch in row {
                cells.push(BrickKind::from_char(ch).map(|kind| Brick {
                    kind,
                    power_up: None,
                }));
            }
        }
        let mut problems = Vec::new();
        for (r, (line, first_column, row)) in self.power_rows.iter().enumerate().take(rows) {
            if row.len() != columns {
                problems.push(
                    Diagnostic::error(*line, *first_column, format!("this [powerups] row is {} columns wide, the [bricks] rows are {columns}", row.len()))
                        .with_hint("the two grids line up cell for cell"),
                );
                continue;
            }
            for (c, &ch) in row.iter().enumerate() {
                let Some(power) = PowerUp::from_letter(ch) else {
                    continue;
                };
                match &mut cells[r * columns + c] {
                    Some(Brick { kind, power_up }) if kind.holds_capsule() => {
                        *power_up = Some(power);
                    }
                    Some(Brick { kind, .. }) => problems.push(
                        Diagnostic::error(
                            *line,
                            first_column + c,
                            format!("`{ch}` sits on {}, which never drops it", kind.noun()),
                        )
                        .with_hint(format!(
                            "move it onto a breakable brick ({})",
                            BrickKind::listed(BrickKind::holds_capsule, false)
                        )),
                    ),
                    None => problems.push(
                        Diagnostic::error(
                            *line,
                            first_column + c,
                            format!("`{ch}` sits on an empty cell: no brick to drop it"),
                        )
                        .with_hint("put a brick under it in the [bricks] grid"),
                    ),
                }
            }
        }
        for d in problems {
            self.push(d);
        }
        self.sources.brick_row_lines = self.brick_rows.iter().map(|r| r.0).collect();
        self.level.bricks = BrickGrid {
            columns,
            rows,
            cells,
        };
    }
}

/// The error for a character that has no meaning in its grid, if `c` has none.
fn unknown_cell(n: usize, col: usize, c: char, power: bool) -> Option<Diagnostic> {
    let known = if power {
        c == '.' || PowerUp::from_letter(c).is_some()
    } else {
        c == '.' || BrickKind::from_char(c).is_some()
    };
    if known {
        return None;
    }
    let quoted = shown(c.encode_utf8(&mut [0; 4]));
    Some(if !power && PowerUp::from_letter(c).is_some() {
        Diagnostic::error(n, col, format!("`{c}` is a power-up, not a brick")).with_hint(
            "put power-ups in a `[powerups]` grid, aligned with the brick that drops them",
        )
    } else if power && BrickKind::looks_like_brick(c) {
        let letters: Vec<String> = PowerUp::ALL.map(|p| p.letter().to_string()).into();
        Diagnostic::error(n, col, format!("`{c}` is a brick, not a power-up")).with_hint(format!(
            "the [powerups] grid holds letters ({}) and `.`",
            letters.join(" ")
        ))
    } else if power {
        let names: Vec<String> = PowerUp::ALL
            .map(|p| format!("{} {}", p.letter(), p.name()))
            .into();
        Diagnostic::error(n, col, format!("unknown power-up `{quoted}`"))
            .with_hint(format!("power-ups are {}", names.join(", ")))
    } else {
        Diagnostic::error(n, col, format!("unknown brick `{quoted}`")).with_hint(format!(
            "bricks are {}, `.` empty",
            BrickKind::listed(|_| true, true)
        ))
    })
}
