//! The level text format, read line by line. See `levels/README.md` for the format
//! as a writer sees it; this file is the reference.
//!
//! Parsing never stops at the first problem: every line is read and every problem
//! reported (up to a cap), and no input can panic or hang it. Size limits are
//! checked first, so a huge file costs nothing.

use super::diagnostic::{did_you_mean, shown};
use super::tokens::{column_of, number, point, size, strip_comment};
use super::{Diagnostic, Level, LevelMode};
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, MAX_BALL_SPEED, MIN_BALL_SPEED};

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
const KEYS: [&str; 10] = [
    "title",
    "author",
    "mode",
    "ball_speed",
    "balls",
    "lives",
    "target_score",
    "paddle_width",
    "brick_size",
    "bricks_center",
];
pub(super) const BARRIERS: [&str; 4] = ["hexagon", "rect", "polygon", "segment"];

/// The lines of a text, whatever its line endings (`\n`, `\r\n` or a lone `\r`).
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\n', '\r']) {
            Some(i) => {
                let skip = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                (!s.is_empty()).then_some(s)
            }
        }
    })
}

/// Which line each piece of the level came from, for the checker's messages.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sources {
    pub(crate) barrier_lines: Vec<usize>,
    pub(crate) ball_lines: Vec<usize>,
    pub(crate) brick_row_lines: Vec<usize>,
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
        match self.section {
            Section::Level => self.key_value(n, raw, content),
            Section::Bricks => self.grid_row(n, raw, indent, trimmed, false),
            Section::PowerUps => self.grid_row(n, raw, indent, trimmed, true),
            Section::Barriers => self.barrier(n, raw, content),
            Section::Balls => self.ball(n, raw, content),
        }
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

    fn key_value(&mut self, n: usize, raw: &str, content: &str) {
        let Some(eq) = content.find('=') else {
            let start = content.len() - content.trim_start().len();
            let word = content.split_whitespace().next().unwrap_or("");
            let mut d = Diagnostic::error(n, column_of(raw, start), "expected `key = value`");
            if BARRIERS.contains(&word) {
                d = d.with_hint("barriers go under a `[barriers]` line");
            } else if word == "ball" {
                d = d.with_hint("balls go under a `[balls]` line");
            } else if word
                .chars()
                .all(|c| c == '.' || c == '=' || c.is_ascii_digit())
            {
                d = d.with_hint("brick rows go under a `[bricks]` line");
            }
            self.push(d);
            return;
        };
        let key = content[..eq].trim();
        let key_col = column_of(raw, content.len() - content.trim_start().len());
        let value_start = eq + 1 + (content[eq + 1..].len() - content[eq + 1..].trim_start().len());
        let value = content[eq + 1..].trim();
        let value_col = column_of(raw, value_start);
        let Some(&known) = KEYS.iter().find(|&&k| k == key) else {
            let d = Diagnostic::error(n, key_col, format!("unknown setting `{}`", shown(key)));
            let d = match did_you_mean(key, &KEYS) {
                Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                None => d.with_hint(format!(
                    "the settings are {}",
                    KEYS.map(|k| format!("`{k}`")).join(", ")
                )),
            };
            self.push(d);
            return;
        };
        if self.seen_keys.contains(&known) {
            self.push(Diagnostic::warning(
                n,
                key_col,
                format!("`{known}` is set twice; this later value wins"),
            ));
        }
        self.seen_keys.push(known);
        if value.is_empty() {
            self.push(Diagnostic::error(
                n,
                value_col,
                format!("`{known}` has no value"),
            ));
            return;
        }
        if let Err(message) = self.apply(known, value) {
            self.push(Diagnostic::error(n, value_col, message.0).with_hint(message.1));
        }
    }

    /// Sets one key. The error is (message, hint).
    fn apply(&mut self, key: &str, value: &str) -> Result<(), (String, String)> {
        let in_range = |v: f32, lo: f32, hi: f32, unit: &str| {
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err((
                    format!("`{key}` is {v}, outside {lo} to {hi}"),
                    format!("use a value from {lo} to {hi} {unit}"),
                ))
            }
        };
        let plain = |m: String| (m, format!("see levels/README.md for `{key}`"));
        let integer = |lo: u32, hi: u32| -> Result<u32, (String, String)> {
            match value.parse::<u32>() {
                Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                _ => Err((
                    format!(
                        "`{key}` must be a whole number from {lo} to {hi}, found `{}`",
                        shown(value)
                    ),
                    format!("for example `{key} = {lo}`"),
                )),
            }
        };
        match key {
            "title" | "author" => {
                let text = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .unwrap_or(value)
                    .trim();
                if text.is_empty() || text.chars().count() > 80 {
                    return Err((
                        format!("`{key}` must have 1 to 80 characters"),
                        "for example `title = \"Hexagon Alley\"`".into(),
                    ));
                }
                if key == "title" {
                    self.level.title = text.to_owned();
                } else {
                    self.level.author = text.to_owned();
                }
            }
            "mode" => {
                self.level.mode = match value {
                    "versus" => LevelMode::Versus,
                    "solo" => LevelMode::Solo,
                    "both" => LevelMode::Both,
                    other => {
                        let hint = did_you_mean(other, &["versus", "solo", "both"])
                            .map_or("use `versus`, `solo` or `both`".to_owned(), |m| {
                                format!("did you mean `{m}`?")
                            });
                        return Err((format!("unknown mode `{}`", shown(other)), hint));
                    }
                }
            }
            "ball_speed" => {
                let v = number(value).map_err(plain)?;
                self.level.ball_speed =
                    in_range(v, MIN_BALL_SPEED, MAX_BALL_SPEED, "units per second")?;
            }
            "balls" => self.level.balls_per_side = integer(1, 8)?,
            "lives" => self.level.lives = integer(1, 9)?,
            "target_score" => self.level.target_score = integer(1, 999)?,
            "paddle_width" => {
                let v = number(value).map_err(plain)?;
                self.level.paddle_width = in_range(v, 40.0, 400.0, "units")?;
            }
            "brick_size" => {
                let s = size(value).map_err(plain)?;
                in_range(s.x, 10.0, 200.0, "units")?;
                in_range(s.y, 10.0, 200.0, "units")?;
                self.level.brick_size = s;
            }
            "bricks_center" => {
                let c = point(value).map_err(plain)?;
                in_range(c.x, 0.0, ARENA_WIDTH, "units (the arena's width)")?;
                in_range(c.y, 0.0, ARENA_HEIGHT, "units (the arena's height)")?;
                self.level.bricks_center = c;
            }
            _ => unreachable!("keys are checked against KEYS"),
        }
        Ok(())
    }
}
