//! The lines of a level text and their words: where each starts, comments
//! removed, the values they spell (numbers, points `x,y`, sizes `WxH`), and how a
//! word is quoted in a message.

use glam::Vec2;

/// Most characters of a word from the file quoted in a message.
const MAX_QUOTED: usize = 32;

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

/// A word of a line and the column (from 1, in characters) where it starts.
#[derive(Clone, Copy)]
pub(super) struct Token<'a> {
    pub(super) text: &'a str,
    pub(super) column: usize,
}

/// The column (from 1) of byte offset `at` in `line`.
/// The column just past a line's last word, where a missing word is reported.
pub(super) fn end_column(raw: &str) -> usize {
    raw.trim_end().chars().count() + 1
}

pub(super) fn column_of(line: &str, at: usize) -> usize {
    walked(at);
    line[..at].chars().count() + 1
}

#[cfg(test)]
// A test-only work counter: no setting or game state.
thread_local! {
    /// Bytes the reader walked on this thread (each test has its own thread).
    static WALKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Notes `bytes` walked over (or compared): counted by the tests that keep the
/// reader linear, where a time limit would depend on the machine; nothing
/// outside tests.
pub(super) fn walked(bytes: usize) {
    #[cfg(test)]
    WALKED.with(|w| w.set(w.get() + bytes as u64));
    let _ = bytes;
}

/// Bytes walked on this thread so far (see [`walked`]).
#[cfg(test)]
pub(super) fn walked_so_far() -> u64 {
    WALKED.with(std::cell::Cell::get)
}

/// The line with any `#` comment removed (a `#` inside double quotes is kept).
pub(crate) fn strip_comment(line: &str) -> &str {
    walked(line.len());
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
///
/// Columns are counted as the line is walked, once: counting from the line's
/// start for each word would be quadratic, seconds on a 1 MiB line of `1,1 `.
pub(super) fn tokens(line: &str) -> Vec<Token<'_>> {
    walked(line.len());
    // (start byte, end byte, start column)
    let mut spans: Vec<(usize, usize, usize)> = Vec::new();
    let mut start = None;
    for (column, (i, c)) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
        .enumerate()
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, column + 1)),
            (true, Some((s, s_column))) => {
                match spans.last_mut() {
                    // A word after a trailing comma continues the point before it.
                    Some(prev) if line[prev.0..prev.1].ends_with(',') => prev.1 = i,
                    _ => spans.push((s, i, s_column)),
                }
                start = None;
            }
            _ => {}
        }
    }
    spans
        .into_iter()
        .map(|(a, b, column)| Token {
            text: &line[a..b],
            column,
        })
        .collect()
}

/// A value that does not read: what is wrong, and a hint when one helps.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct BadValue {
    /// What is wrong, in a sentence.
    pub(super) message: String,
    /// What to do about it, when the value itself suggests something.
    pub(super) hint: Option<String>,
}

impl BadValue {
    fn new(message: String) -> Self {
        Self {
            message,
            hint: None,
        }
    }
}

/// A finite number.
pub(super) fn number(t: &str) -> Result<f32, BadValue> {
    match t.parse::<f32>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(BadValue::new(format!(
            "`{}` is not a finite number",
            shown(t)
        ))),
        Err(_) => Err(BadValue {
            message: format!("expected a number, found `{}`", shown(t)),
            hint: unit_hint(t),
        }),
    }
}

/// For a number written with a unit (`40px`, `35deg`, `12°`): the advice to
/// drop it.
fn unit_hint(t: &str) -> Option<String> {
    let bare = t.trim_end_matches(|c: char| c.is_alphabetic() || c == '°' || c == '%');
    let reads = bare.parse::<f32>().is_ok_and(f32::is_finite);
    (reads && bare.len() < t.len()).then(|| {
        format!(
            "write numbers without units: `{}` (positions and sizes are arena units, rotations degrees)",
            shown(bare)
        )
    })
}

/// A point `x,y`.
pub(super) fn point(t: &str) -> Result<Vec2, BadValue> {
    let (x, y) = t
        .split_once(',')
        .ok_or_else(|| BadValue::new(format!("expected a point `x,y`, found `{}`", shown(t))))?;
    Ok(Vec2::new(number(x.trim())?, number(y.trim())?))
}

/// A size `WIDTHxHEIGHT`.
pub(super) fn size(t: &str) -> Result<Vec2, BadValue> {
    let (w, h) = t.split_once(['x', 'X']).ok_or_else(|| {
        BadValue::new(format!(
            "expected a size `WIDTHxHEIGHT`, found `{}`",
            shown(t)
        ))
    })?;
    Ok(Vec2::new(number(w)?, number(h)?))
}

/// A word from the file as a message quotes it: at most [`MAX_QUOTED`] characters
/// (then `...`), control characters escaped (`\0`, `\u{1b}`), so a message stays
/// one short printable line whatever the file holds.
pub(crate) fn shown(word: &str) -> String {
    let mut out = String::new();
    for (i, c) in word.chars().enumerate() {
        if i == MAX_QUOTED {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod work_tests {
    use super::walked_so_far;
    use crate::level::{check_text, MAX_FILE_BYTES};

    #[test]
    fn a_long_line_of_words_is_checked_in_linear_work() {
        // Columns were counted from the line's start for each word (and each
        // cell of a row), and each repeated option was compared with all before
        // it: n^2 / 2 bytes walked for these lines, seconds, near a hang. The
        // work is counted, not timed: a few walks of the text, whatever the
        // machine. A quarter of the file cap is as telling as the whole (n^2 / 2
        // is still thousands of times the bound) and four times quicker.
        let near_limit = MAX_FILE_BYTES / 4;
        let polygon = format!(
            "[bricks]\n1\n[barriers]\npolygon {}",
            "1,1 ".repeat(near_limit / 4)
        );
        let ball = format!(
            "[bricks]\n1\n[balls]\nball {}",
            "at 1,1 ".repeat(near_limit / 7)
        );
        let row = format!(
            "[bricks]\n{}{}\n",
            " ".repeat(near_limit / 2),
            "x".repeat(near_limit / 2)
        );
        for (what, text) in [("polygon", polygon), ("ball", ball), ("row", row)] {
            let before = walked_so_far();
            let checked = check_text(&text);
            let work = walked_so_far() - before;
            assert!(checked.level.is_none(), "{what}");
            assert!(work > 0, "{what}: nothing counted");
            let bound = 8 * text.len() as u64;
            assert!(
                work <= bound,
                "{what}: {work} bytes walked for {}",
                text.len()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_on_every_line_ending() {
        let got: Vec<&str> = lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(got, ["a", "b", "c", "", "d"]);
    }

    #[test]
    fn number_with_a_unit_hints_to_drop_it() {
        let hint = |t: &str| number(t).unwrap_err().hint;
        assert!(hint("40px").unwrap().contains("`40`"));
        assert!(hint("35deg").unwrap().contains("`35`"));
        assert!(hint("12°").unwrap().contains("`12`"));
        assert_eq!(hint("px"), None);
        assert_eq!(hint("4x0"), None, "not a unit: letters in the middle");
        assert!(point("100px,200").unwrap_err().hint.is_some());
    }

    #[test]
    fn shown_escapes_control_characters_and_cuts_long_words() {
        assert_eq!(shown("x\0y"), "x\\0y");
        assert_eq!(
            shown(&"z".repeat(100)),
            format!("{}...", "z".repeat(MAX_QUOTED))
        );
    }
}
