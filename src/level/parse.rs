//! The level text format, read line by line. See `levels/README.md` for the format
//! as a writer sees it; this file is the reference.
//!
//! Parsing never stops at the first problem: every line is read and every problem
//! reported (up to a cap), and no input can panic or hang it. Size limits are
//! checked first, so a huge file costs nothing.

use glam::Vec2;

use super::diagnostic::did_you_mean;
use super::{
    BarrierShape, Brick, BrickGrid, Diagnostic, Hits, Level, LevelBall, LevelMode, PowerUp, Side,
};
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
const BARRIERS: [&str; 3] = ["hexagon", "rect", "polygon"];

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
enum Section {
    Level,
    Bricks,
    PowerUps,
    Barriers,
    Balls,
}

/// A word of a line and the column (from 1, in characters) where it starts.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    column: usize,
}

struct Parser {
    level: Level,
    sources: Sources,
    diagnostics: Vec<Diagnostic>,
    overflowed: bool,
    section: Section,
    seen_keys: Vec<&'static str>,
    brick_rows: Vec<(usize, Vec<char>)>,
    /// Line, column of the first cell, and the cells of each [powerups] row.
    power_rows: Vec<(usize, usize, Vec<char>)>,
    powerups_line: usize,
    grid_too_big: bool,
    too_many_barriers: bool,
    too_many_balls: bool,
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
    p.build_grid();
    p.finish()
}

/// The column (from 1) of byte offset `at` in `line`.
fn column_of(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// The line with any `#` comment removed (a `#` inside double quotes is kept).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Splits on whitespace, keeping columns; `200, 500` is joined back into one word.
fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                match spans.last_mut() {
                    // A word after a trailing comma continues the point before it.
                    Some(prev) if line[prev.0..prev.1].ends_with(',') => prev.1 = i,
                    _ => spans.push((s, i)),
                }
                start = None;
            }
            _ => {}
        }
    }
    spans
        .into_iter()
        .map(|(a, b)| Token {
            text: &line[a..b],
            column: column_of(line, a),
        })
        .collect()
}

fn number(t: &str) -> Result<f32, String> {
    match t.parse::<f32>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(format!("`{t}` is not a finite number")),
        Err(_) => Err(format!("expected a number, found `{t}`")),
    }
}

fn point(t: &str) -> Result<Vec2, String> {
    let (x, y) = t
        .split_once(',')
        .ok_or_else(|| format!("expected a point `x,y`, found `{t}`"))?;
    Ok(Vec2::new(number(x.trim())?, number(y.trim())?))
}

fn size(t: &str) -> Result<Vec2, String> {
    let (w, h) = t
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected a size `WIDTHxHEIGHT`, found `{t}`"))?;
    Ok(Vec2::new(number(w)?, number(h)?))
}

impl Parser {
    fn push(&mut self, d: Diagnostic) {
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
                let mut d = Diagnostic::error(n, col + 1, format!("unknown section `[{other}]`"));
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
            let d = Diagnostic::error(n, key_col, format!("unknown setting `{key}`"));
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
                    format!("`{key}` must be a whole number from {lo} to {hi}, found `{value}`"),
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
                        return Err((format!("unknown mode `{other}`"), hint));
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

    fn grid_row(&mut self, n: usize, raw: &str, indent: usize, trimmed: &str, power: bool) {
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
        for (i, &c) in cells.iter().enumerate() {
            let ok = if power {
                c == '.' || PowerUp::from_letter(c).is_some()
            } else {
                c == '.' || c == '=' || ('1'..='9').contains(&c)
            };
            if ok {
                continue;
            }
            let col = column_of(raw, indent) + i;
            let d = if !power && PowerUp::from_letter(c).is_some() {
                Diagnostic::error(n, col, format!("`{c}` is a power-up, not a brick")).with_hint(
                    "put power-ups in a `[powerups]` grid, aligned with the brick that drops them",
                )
            } else if power && (c == '=' || c.is_ascii_digit()) {
                Diagnostic::error(n, col, format!("`{c}` is a brick, not a power-up"))
                    .with_hint("the [powerups] grid holds letters (S C L E D P V G) and `.`")
            } else if power {
                Diagnostic::error(n, col, format!("unknown power-up `{c}`")).with_hint(
                    "power-ups are S slow, C catch, L laser, E enlarge, D disruption, P extra life, V convert, G shield",
                )
            } else {
                Diagnostic::error(n, col, format!("unknown brick `{c}`"))
                    .with_hint("bricks are `1` to `9` (hits to break), `=` unbreakable, `.` empty")
            };
            self.push(d);
        }
        let first = if power {
            self.power_rows
                .first()
                .map(|(line, _, cells)| (*line, cells.len()))
        } else {
            self.brick_rows
                .first()
                .map(|(line, cells)| (*line, cells.len()))
        };
        let count = if power {
            self.power_rows.len()
        } else {
            self.brick_rows.len()
        };
        if let Some((first_line, first_len)) = first {
            if first_len != cells.len() {
                let what = if power { "[powerups]" } else { "[bricks]" };
                let d = Diagnostic::error(
                    n,
                    column_of(raw, indent) + cells.len().min(first_len),
                    format!("this row is {} columns wide, the first {what} row (line {first_line}) is {first_len}", cells.len()),
                )
                .with_hint("every row of a grid has the same width; use `.` for empty cells");
                self.push(d);
                return;
            }
        }
        if cells.len() > MAX_GRID || count >= MAX_GRID {
            if !self.grid_too_big {
                self.grid_too_big = true;
                self.push(
                    Diagnostic::error(
                        n,
                        column_of(raw, indent),
                        format!("the grid is larger than {MAX_GRID} by {MAX_GRID}"),
                    )
                    .with_hint("split the level, or use larger bricks (`brick_size`)"),
                );
            }
            return;
        }
        if power {
            self.power_rows.push((n, column_of(raw, indent), cells));
        } else {
            self.brick_rows.push((n, cells));
        }
    }

    /// Combines the brick and power-up grids into the level's grid.
    fn build_grid(&mut self) {
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
                let hits = match ch {
                    '=' => Some(Hits::Unbreakable),
                    '1'..='9' => Some(Hits::Count(ch as u8 - b'0')),
                    _ => None,
                };
                cells.push(hits.map(|hits| Brick {
                    hits,
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
                    Some(Brick {
                        hits: Hits::Count(_),
                        power_up,
                    }) => *power_up = Some(power),
                    Some(Brick {
                        hits: Hits::Unbreakable,
                        ..
                    }) => problems.push(
                        Diagnostic::error(
                            *line,
                            first_column + c,
                            format!("`{ch}` sits on an unbreakable brick, which never drops it"),
                        )
                        .with_hint("move it onto a breakable brick (`1` to `9`)"),
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

    /// Reads `keyword value` pairs after a line's first word.
    fn options<'a>(
        &mut self,
        n: usize,
        raw: &str,
        words: &[Token<'a>],
        allowed: &[&'static str],
    ) -> Option<Vec<(&'static str, Token<'a>)>> {
        let mut out: Vec<(&'static str, Token<'a>)> = Vec::new();
        let mut ok = true;
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let Some(&key) = allowed.iter().find(|&&k| k == w.text) else {
                let d = Diagnostic::error(n, w.column, format!("unexpected `{}`", w.text));
                let d = match did_you_mean(w.text, allowed) {
                    _ if w.text.starts_with(['x', 'X']) && allowed.contains(&"size") => {
                        d.with_hint("write a size without spaces, like `160x14`")
                    }
                    Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                    None => d.with_hint(format!(
                        "this line takes {}",
                        allowed
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                };
                self.push(d);
                return None;
            };
            let Some(&value) = words.get(i + 1) else {
                self.push(Diagnostic::error(
                    n,
                    raw.trim_end().chars().count() + 1,
                    format!("`{key}` needs a value"),
                ));
                return None;
            };
            if out.iter().any(|(k, _)| *k == key) {
                self.push(Diagnostic::error(
                    n,
                    w.column,
                    format!("`{key}` is given twice"),
                ));
                ok = false;
            }
            out.push((key, value));
            i += 2;
        }
        ok.then_some(out)
    }

    fn barrier(&mut self, n: usize, raw: &str, content: &str) {
        let words = tokens(content);
        let Some(&kind) = words.first() else { return };
        let shape = match kind.text {
            "hexagon" => self.hexagon(n, raw, &words[1..]),
            "rect" => self.rect(n, raw, &words[1..]),
            "polygon" => self.polygon(n, &words[1..]),
            other => {
                let d = Diagnostic::error(n, kind.column, format!("unknown barrier `{other}`"));
                let d = match did_you_mean(other, &BARRIERS) {
                    Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                    None if other == "ball" => d.with_hint("balls go under a `[balls]` line"),
                    None => d.with_hint("barriers are `hexagon`, `rect` and `polygon`"),
                };
                self.push(d);
                return;
            }
        };
        let Some(shape) = shape else { return };
        if self.level.barriers.len() >= MAX_BARRIERS {
            if !self.too_many_barriers {
                self.too_many_barriers = true;
                self.push(Diagnostic::error(
                    n,
                    kind.column,
                    format!("more than {MAX_BARRIERS} barriers"),
                ));
            }
            return;
        }
        self.level.barriers.push(shape);
        self.sources.barrier_lines.push(n);
    }

    fn value<T>(
        &mut self,
        n: usize,
        t: Token<'_>,
        read: fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        read(t.text)
            .map_err(|m| self.push(Diagnostic::error(n, t.column, m)))
            .ok()
    }

    fn missing(&mut self, n: usize, raw: &str, key: &str, what: &str) {
        self.push(Diagnostic::error(
            n,
            raw.trim_end().chars().count() + 1,
            format!("this {what} needs `{key}`"),
        ));
    }

    fn hexagon(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<BarrierShape> {
        let opts = self.options(n, raw, words, &["at", "radius", "rotation"])?;
        let get = |k: &str| opts.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
        let (Some(at), Some(radius)) = (get("at"), get("radius")) else {
            let missing = if get("at").is_none() { "at" } else { "radius" };
            self.missing(n, raw, missing, "hexagon");
            return None;
        };
        let center = self.value(n, at, point)?;
        let r = self.value(n, radius, number)?;
        if r <= 0.0 {
            self.push(Diagnostic::error(
                n,
                radius.column,
                "a hexagon's radius must be more than 0",
            ));
            return None;
        }
        let rotation = match get("rotation") {
            Some(t) => self.value(n, t, number)?,
            None => 0.0,
        };
        Some(BarrierShape::Hexagon {
            center,
            radius: r,
            rotation,
        })
    }

    fn rect(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<BarrierShape> {
        let opts = self.options(n, raw, words, &["at", "size", "rotation"])?;
        let get = |k: &str| opts.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
        let (Some(at), Some(size_token)) = (get("at"), get("size")) else {
            let missing = if get("at").is_none() { "at" } else { "size" };
            self.missing(n, raw, missing, "rect");
            return None;
        };
        let center = self.value(n, at, point)?;
        let s = self.value(n, size_token, size)?;
        if s.x <= 0.0 || s.y <= 0.0 {
            self.push(Diagnostic::error(
                n,
                size_token.column,
                "a rect's width and height must be more than 0",
            ));
            return None;
        }
        let rotation = match get("rotation") {
            Some(t) => self.value(n, t, number)?,
            None => 0.0,
        };
        Some(BarrierShape::Rect {
            center,
            size: s,
            rotation,
        })
    }

    fn polygon(&mut self, n: usize, words: &[Token<'_>]) -> Option<BarrierShape> {
        let mut points = Vec::with_capacity(words.len());
        for &w in words {
            points.push(self.value(n, w, point)?);
        }
        if points.len() < 3 {
            let col = words.last().map_or(1, |w| w.column);
            self.push(
                Diagnostic::error(
                    n,
                    col,
                    format!(
                        "a polygon needs at least 3 points, this one has {}",
                        points.len()
                    ),
                )
                .with_hint("list its corners as `x,y` pairs: `polygon 100,100 160,120 130,170`"),
            );
            return None;
        }
        if points.len() > 32 {
            self.push(Diagnostic::error(
                n,
                words[32].column,
                "a polygon may have at most 32 points",
            ));
            return None;
        }
        Some(BarrierShape::Polygon(points))
    }

    fn ball(&mut self, n: usize, raw: &str, content: &str) {
        let words = tokens(content);
        let Some(&first) = words.first() else { return };
        if first.text != "ball" {
            let d = Diagnostic::error(
                n,
                first.column,
                format!("expected `ball`, found `{}`", first.text),
            );
            let d = if BARRIERS.contains(&first.text) {
                d.with_hint("barriers go under a `[barriers]` line")
            } else {
                d.with_hint("write `ball at 400,800 velocity 120,-480 owner bottom`")
            };
            self.push(d);
            return;
        }
        let Some(opts) = self.options(n, raw, &words[1..], &["at", "velocity", "owner"]) else {
            return;
        };
        let get = |k: &str| opts.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
        let (Some(at), Some(vel)) = (get("at"), get("velocity")) else {
            let missing = if get("at").is_none() {
                "at"
            } else {
                "velocity"
            };
            self.missing(n, raw, missing, "ball");
            return;
        };
        let Some(position) = self.value(n, at, point) else {
            return;
        };
        let Some(velocity) = self.value(n, vel, point) else {
            return;
        };
        let owner = match get("owner").map(|t| (t, t.text)) {
            None | Some((_, "bottom")) => Side::Bottom,
            Some((_, "top")) => Side::Top,
            Some((t, other)) => {
                let d = Diagnostic::error(n, t.column, format!("unknown owner `{other}`"))
                    .with_hint("use `bottom` or `top`");
                self.push(d);
                return;
            }
        };
        if self.level.balls.len() >= MAX_BALLS {
            if !self.too_many_balls {
                self.too_many_balls = true;
                self.push(Diagnostic::error(
                    n,
                    first.column,
                    format!("more than {MAX_BALLS} balls"),
                ));
            }
            return;
        }
        self.level.balls.push(LevelBall {
            position,
            velocity,
            owner,
        });
        self.sources.ball_lines.push(n);
    }
}
