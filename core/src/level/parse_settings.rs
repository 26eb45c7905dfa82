//! Settings lines, `key = value`: before the first section or under `[level]`.

use super::diagnostic::did_you_mean;
use super::parse::{Parser, BARRIERS, KEYS};
use super::tokens::{column_of, number, point, shown, size, BadValue};
use super::{BrickKind, Diagnostic, LevelMode, RulesVersion};
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, MAX_BALL_SPEED, MIN_BALL_SPEED};

/// What is wrong with a setting's value: the message and the hint.
type Problem = (String, String);

impl Parser {
    pub(super) fn key_value(&mut self, n: usize, raw: &str, content: &str) {
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
                .all(|c| c == '.' || BrickKind::looks_like_brick(c))
            {
                d = d.with_hint("brick rows go under a `[bricks]` line");
                self.sources.grid_unreliable = true;
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
                Some(k) => {
                    self.sources.failed_settings.push(k);
                    d.with_hint(format!("did you mean `{k}`?"))
                }
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
            self.sources.failed_settings.push(known);
            self.push(Diagnostic::error(
                n,
                value_col,
                format!("`{known}` has no value"),
            ));
            return;
        }
        if let Err(message) = self.apply(known, value) {
            self.sources.failed_settings.push(known);
            self.push(Diagnostic::error(n, value_col, message.0).with_hint(message.1));
        }
    }

    /// Sets one key.
    fn apply(&mut self, key: &'static str, value: &str) -> Result<(), Problem> {
        let level = &mut self.level;
        match key {
            "title" => level.title = text(key, value)?,
            "author" => level.author = text(key, value)?,
            "mode" => level.mode = mode(value)?,
            "ball_speed" => {
                let unit = "units per second";
                level.ball_speed = number_in(key, value, MIN_BALL_SPEED, MAX_BALL_SPEED, unit)?;
            }
            "balls" => level.balls_per_side = whole_number(key, value, 1, 8)?,
            "lives" => level.lives = whole_number(key, value, 1, 9)?,
            "target_score" => level.target_score = whole_number(key, value, 1, 999)?,
            "rounds" => level.rounds = whole_number(key, value, 1, 9)?,
            "win_by" => level.win_by = whole_number(key, value, 1, 99)?,
            "rules" => {
                let n = whole_number(key, value, 1, RulesVersion::CURRENT.number())?;
                level.rules = RulesVersion::from_number(n).expect("checked against the range");
            }
            "cpu_ease" => level.cpu_ease = signed_number(key, value, -50, 50)?,
            "paddle_width" => level.paddle_width = number_in(key, value, 40.0, 400.0, "units")?,
            "brick_size" => {
                let s = size(value).map_err(|m| see_readme(key, m))?;
                in_range(key, s.x, 10.0, 200.0, "units")?;
                in_range(key, s.y, 10.0, 200.0, "units")?;
                level.brick_size = s;
            }
            "bricks_center" => {
                let c = point(value).map_err(|m| see_readme(key, m))?;
                in_range(key, c.x, 0.0, ARENA_WIDTH, "units (the arena's width)")?;
                in_range(key, c.y, 0.0, ARENA_HEIGHT, "units (the arena's height)")?;
                level.bricks_center = c;
            }
            _ => unreachable!("keys are checked against KEYS"),
        }
        Ok(())
    }
}

/// A value that did not read, with its own hint or else a pointer to levels/README.md.
fn see_readme(key: &str, bad: BadValue) -> Problem {
    let hint = bad
        .hint
        .unwrap_or_else(|| format!("see levels/README.md for `{key}`"));
    (bad.message, hint)
}

/// `v` if it lies in `lo..=hi`.
fn in_range(key: &str, v: f32, lo: f32, hi: f32, unit: &str) -> Result<f32, Problem> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err((
            format!("`{key}` is {v}, outside {lo} to {hi}"),
            format!("use a value from {lo} to {hi} {unit}"),
        ))
    }
}

/// A number in `lo..=hi`.
fn number_in(key: &str, value: &str, lo: f32, hi: f32, unit: &str) -> Result<f32, Problem> {
    let v = number(value).map_err(|m| see_readme(key, m))?;
    in_range(key, v, lo, hi, unit)
}

/// A whole number in `lo..=hi`.
fn whole_number(key: &str, value: &str, lo: u32, hi: u32) -> Result<u32, Problem> {
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
}

/// A whole number, maybe negative, from `lo` to `hi`.
fn signed_number(key: &str, value: &str, lo: i32, hi: i32) -> Result<i32, Problem> {
    match value.parse::<i32>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err((
            format!(
                "`{key}` must be a whole number from {lo} to {hi}, found `{}`",
                shown(value)
            ),
            format!("for example `{key} = 10`"),
        )),
    }
}

/// A title or an author: 1 to 80 characters, quotes optional.
fn text(key: &str, value: &str) -> Result<String, Problem> {
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
    Ok(text.to_owned())
}

/// `versus`, `solo` or `both`.
fn mode(value: &str) -> Result<LevelMode, Problem> {
    match value {
        "versus" => Ok(LevelMode::Versus),
        "solo" => Ok(LevelMode::Solo),
        "both" => Ok(LevelMode::Both),
        other => {
            let hint = did_you_mean(other, &["versus", "solo", "both"])
                .map_or("use `versus`, `solo` or `both`".to_owned(), |m| {
                    format!("did you mean `{m}`?")
                });
            Err((format!("unknown mode `{}`", shown(other)), hint))
        }
    }
}
