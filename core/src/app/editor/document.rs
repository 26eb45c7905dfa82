//! The text being edited and what it reads as: the level as far as it parses, the
//! line each item came from, and the checker's diagnostics, each tied to the shape
//! or cell it names. Rebuilt from the text after every edit.

use super::lines::Lines;
use super::outline::{Outline, Part};
use crate::level::{check_text, parse_text, Diagnostic, Level, Sources};

/// What a diagnostic points at in the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A brick cell (row, column), from the `[bricks]` or `[powerups]` grid.
    Cell(usize, usize),
    /// A barrier, by its index in the level.
    Barrier(usize),
    /// A staged ball, by its index in the level.
    Ball(usize),
}

/// A checker diagnostic and what it names, if it names a piece of the level.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    /// The diagnostic, with its line and column.
    pub diagnostic: Diagnostic,
    /// The shape or cell it is about.
    pub target: Option<Target>,
}

/// The text and its reading.
#[derive(Debug, Clone)]
pub struct Document {
    pub(super) lines: Lines,
    pub(super) outline: Outline,
    pub(super) level: Level,
    pub(super) sources: Sources,
    pub(super) diagnostics: Vec<Located>,
    /// The level when the text has no errors.
    pub(super) valid: Option<Level>,
}

impl Document {
    /// Reads a text.
    pub fn new(text: &str) -> Self {
        Self::from_lines(Lines::new(text))
    }

    pub(super) fn from_lines(lines: Lines) -> Self {
        let text = lines.text();
        let parsed = parse_text(&text);
        let checked = check_text(&text);
        let outline = Outline::new(&lines);
        let mut doc = Self {
            lines,
            outline,
            level: parsed.level,
            sources: parsed.sources,
            diagnostics: Vec::new(),
            valid: checked.level,
        };
        doc.diagnostics = checked
            .diagnostics
            .into_iter()
            .map(|d| Located {
                target: doc.target_of(&d),
                diagnostic: d,
            })
            .collect();
        doc
    }

    /// The text.
    pub fn text(&self) -> String {
        self.lines.text()
    }

    /// The level as far as it parses (defaults where it does not).
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Every diagnostic, in line order.
    pub fn diagnostics(&self) -> &[Located] {
        &self.diagnostics
    }

    /// The level, when the text has no errors.
    pub fn valid_level(&self) -> Option<&Level> {
        self.valid.as_ref()
    }

    /// Whether the checker found an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.diagnostic.is_error())
    }

    /// The line index (from 0) brick row `row` is written on.
    pub(super) fn brick_row_line(&self, row: usize) -> Option<usize> {
        self.sources.brick_row_lines.get(row).map(|n| n - 1)
    }

    /// The line index barrier `i` is written on.
    pub(super) fn barrier_line(&self, i: usize) -> Option<usize> {
        self.sources.barrier_lines.get(i).map(|n| n - 1)
    }

    /// The line index staged ball `i` is written on.
    pub(super) fn ball_line(&self, i: usize) -> Option<usize> {
        self.sources.ball_lines.get(i).map(|n| n - 1)
    }

    /// The cell a grid line's column (from 1) names, given the row's indent.
    fn cell_at(&self, line: usize, row: usize, column: usize) -> Target {
        let content = self.lines.content(line);
        let indent = content.chars().take_while(|c| c.is_whitespace()).count();
        Target::Cell(row, column.saturating_sub(indent + 1))
    }

    fn target_of(&self, d: &Diagnostic) -> Option<Target> {
        let n = d.line;
        let find = |lines: &[usize]| lines.iter().position(|&l| l == n);
        if let Some(i) = find(&self.sources.barrier_lines) {
            return Some(Target::Barrier(i));
        }
        if let Some(i) = find(&self.sources.ball_lines) {
            return Some(Target::Ball(i));
        }
        if let Some(row) = find(&self.sources.brick_row_lines) {
            return Some(self.cell_at(n - 1, row, d.column));
        }
        let power = self.outline.rows(Part::PowerUps);
        let row = power.iter().position(|&l| l + 1 == n)?;
        Some(self.cell_at(n - 1, row, d.column))
    }
}
