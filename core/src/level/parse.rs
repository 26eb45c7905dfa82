//! The level text format, read line by line. See `levels/README.md` for the format
//! as a writer sees it; this file is the reference.
//!
//! Parsing never stops at the first problem: every line is read and every problem
//! reported (up to a cap), and no input can panic or hang it. Size limits are
//! checked first, so a huge file costs nothing.

use super::diagnostic::did_you_mean;
use super::tokens::{column_of, lines, shown, strip_comment};
use super::{Diagnostic, Level};

/// Largest level file, bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// Most rows, and most columns, in a grid.
pub const MAX_GRID: usize = 64;
/// Most barriers in a level.
pub const MAX_BARRIERS: usize = 256;
/// Most staged balls in a level.
pub const MAX_BALLS: usize = 64;
/// Most diagnostics reported for one file.
pub const MAX_DIAGNOSTICS: usize = 50;

const SECTIONS: [&str; 5] = ["level", "bricks", "powerups", "barriers", "balls"];
/// The settings, in the order `levels/README.md` lists them.
pub const KEYS: [&str; 14] = [
    "title",
    "author",
    "mode",
    "ball_speed",
    "balls",
    "lives",
    "target_score",
    "rounds",
    "win_by",
    "paddle_width",
    "brick_size",
    "bricks_center",
    "rules",
    "cpu_ease",
];
pub(super) const BARRIERS: [&str; 4] = ["hexagon", "rect", "polygon", "segment"];

/// Which line each piece of the level came from, for the checker's messages.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sources {
    pub(crate) barrier_lines: Vec<usize>,
    /// The column each barrier's first motion clause (`move`, `spin`) starts at,
    /// 0 for a still one: where the checker points at a swept path.
    pub(crate) barrier_motion_columns: Vec<usize>,
    pub(crate) ball_lines: Vec<usize>,
    pub(crate) brick_row_lines: Vec<usize>,
    /// The `[powerups]` header's line, 0 when there is none.
    pub(crate) powerups_line: usize,
    /// Settings a line meant to set but could not (the level holds the default):
    /// the checker does not trust what depends on them.
    pub(crate) failed_settings: Vec<&'static str>,
    /// Whether the bricks may not sit where the file means: a `[bricks]` row or a
    /// stray brick row had an error, or no level could be read at all.
    pub(crate) grid_unreliable: bool,
}

/// The result of reading a text: the level as far as it could be read, where its
/// pieces came from, and every problem found.
pub(crate) struct Parsed {
    pub(crate) level: Level,
    pub(crate) sources: Sources,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Section {
    Level,
    Bricks,
    PowerUps,
    Barriers,
    Balls,
}

pub(super) struct Parser {
    pub(super) level: Level,
    pub(super) sources: Sources,
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) overflowed: bool,
    pub(super) section: Section,
    pub(super) seen_keys: Vec<&'static str>,
    pub(super) brick_rows: Vec<(usize, Vec<char>)>,
    /// Line, column of the first cell, and the cells of each [powerups] row.
    pub(super) power_rows: Vec<(usize, usize, Vec<char>)>,
    pub(super) powerups_line: usize,
    pub(super) grid_too_big: bool,
    pub(super) too_many_barriers: bool,
    pub(super) too_many_balls: bool,
    /// Whether any line had something besides blanks and comments.
    pub(super) saw_content: bool,
}

/// Reads a level text.
pub(crate) fn parse_text(text: &str) -> Parsed {
    let mut p = Parser {
        level: Level::default(),
        sources: Sources::default(),
        diagnostics: Vec::new(),
        overflowed: false,
        section: Section::Level,
        seen_keys: Vec::new(),
        brick_rows: Vec::new(),
        power_rows: Vec::new(),
        powerups_line: 0,
        grid_too_big: false,
        too_many_barriers: false,
        too_many_balls: false,
        saw_content: false,
    };
    if text.len() > MAX_FILE_BYTES {
        p.push(
            Diagnostic::error(
                1,
                1,
                format!(
                    "the file is {} bytes; a level may be at most {MAX_FILE_BYTES}",
                    text.len()
                ),
            )
            .with_hint("a level is a few kilobytes; is this the right file?"),
        );
        p.sources.grid_unreliable = true;
        return p.finish();
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in lines(text).enumerate() {
        if p.overflowed {
            break;
        }
        p.line(index + 1, raw);
    }
    if !p.saw_content {
        // Nothing but blanks, comments or a BOM: most likely an empty or truncated
        // save, which should not load as a bare arena.
        p.push(
            Diagnostic::error(1, 1, "the file has no level in it")
                .with_hint("a level needs at least a `[bricks]` grid; see levels/README.md"),
        );
        p.sources.grid_unreliable = true;
    }
    p.build_grid();
    p.finish()
}

impl Parser {
    pub(super) fn push(&mut self, d: Diagnostic) {
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(d);
        } else {
            self.overflowed = true;
        }
    }

    fn finish(mut self) -> Parsed {
        if self.overflowed {
            let line = self.diagnostics.last().map_or(1, |d| d.line);
            self.diagnostics.push(
                Diagnostic::error(line, 1, format!("stopped after {MAX_DIAGNOSTICS} problems"))
                    .with_hint("fix these and check the file again"),
            );
        }
        Parsed {
            level: self.level,
            sources: self.sources,
            diagnostics: self.diagnostics,
        }
    }

    fn line(&mut self, n: usize, raw: &str) {
        let content = strip_comment(raw);
        let trimmed = content.trim();
        if trimmed.is_empty() {
            return;
        }
        self.saw_content = true;
        let indent = content.len() - content.trim_start().len();
        if trimmed.starts_with('[') {
            return self.section_header(n, raw, indent, trimmed);
        }
        if self.section != Section::Level && self.misplaced_setting(n, raw, indent, trimmed) {
            return;
        }
        match self.section {
            Section::Level => self.key_value(n, raw, content),
            Section::Bricks => self.grid_row(n, raw, indent, trimmed, false),
            Section::PowerUps => self.grid_row(n, raw, indent, trimmed, true),
            Section::Barriers => self.barrier(n, raw, content),
            Section::Balls => self.ball(n, raw, content),
        }
    }

    /// Reports a `key = value` setting under a section that is not `[level]`, and
    /// returns whether the line was one.
    fn misplaced_setting(&mut self, n: usize, raw: &str, indent: usize, trimmed: &str) -> bool {
        let Some((key, _)) = trimmed.split_once('=') else {
            return false;
        };
        let Some(&key) = KEYS.iter().find(|&&k| k == key.trim()) else {
            return false;
        };
        self.sources.failed_settings.push(key);
        let section = match self.section {
            Section::Level => "level",
            Section::Bricks => "bricks",
            Section::PowerUps => "powerups",
            Section::Barriers => "barriers",
            Section::Balls => "balls",
        };
        self.push(
            Diagnostic::error(
                n,
                column_of(raw, indent),
                format!("`{key}` is a setting, but this line is in the [{section}] section"),
            )
            .with_hint("settings go before the first section, or under a `[level]` line"),
        );
        true
    }

    fn section_header(&mut self, n: usize, raw: &str, indent: usize, trimmed: &str) {
        let col = column_of(raw, indent);
        let Some(name) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) else {
            self.push(
                Diagnostic::error(n, col, "a section header must end with `]`")
                    .with_hint("write it as `[bricks]`"),
            );
            return;
        };
        self.section = match name.trim() {
            "level" => Section::Level,
            "bricks" => Section::Bricks,
            "powerups" => {
                self.powerups_line = n;
                self.sources.powerups_line = n;
                Section::PowerUps
            }
            "barriers" => Section::Barriers,
            "balls" => Section::Balls,
            other => {
                let mut d =
                    Diagnostic::error(n, col + 1, format!("unknown section `[{}]`", shown(other)));
                d = match did_you_mean(other, &SECTIONS) {
                    Some(s) => d.with_hint(format!("did you mean `[{s}]`?")),
                    None => d.with_hint(
                        "sections are [level], [bricks], [powerups], [barriers] and [balls]",
                    ),
                };
                self.push(d);
                return;
            }
        };
    }
}
