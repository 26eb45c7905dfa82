//! Problems found in a level file, and how they are printed: like rustc, with the
//! file, line and column, the source line, a caret, and a hint when one helps.

use std::fmt::Write;

use super::tokens::lines;

/// Most characters of a source line shown around the caret; longer lines are cut
/// to a window of this many, with `...` on each cut side (as rustc does), so a
/// 60 kB line prints a short excerpt.
const MAX_SHOWN_LINE: usize = 90;
/// Characters of the shown window kept before the caret, when the line is cut.
const SHOWN_BEFORE_CARET: usize = 40;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The level cannot be played.
    Error,
    /// The level works, but probably not as meant.
    Warning,
}

/// One problem, at a line and column (both from 1; columns count characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
    /// What is wrong, in a sentence.
    pub message: String,
    /// What to do about it, when there is something to say.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error at `line:column`.
    pub fn error(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            line,
            column,
            message: message.into(),
            hint: None,
        }
    }

    /// A warning at `line:column`.
    pub fn warning(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(line, column, message)
        }
    }

    /// The same diagnostic with a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The one-line form, `path:line:col: error: message`.
    pub fn headline(&self, path: &str) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        format!(
            "{path}:{}:{}: {kind}: {}",
            self.line, self.column, self.message
        )
    }

    /// The full form: the headline, the source line with a caret under the column,
    /// and the hint.
    pub fn render(&self, path: &str, source: &str) -> String {
        let mut out = self.headline(path);
        let text = source_line(source, self.line);
        if let Some(text) = text {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            let (text, indent) = excerpt_with_caret(text, self.column);
            let _ = write!(out, "\n{pad} |\n{number} | {text}\n{pad} | {indent}^");
            if let Some(hint) = &self.hint {
                let _ = write!(out, "\n{pad} = hint: {hint}");
            }
        } else if let Some(hint) = &self.hint {
            let _ = write!(out, "\n  = hint: {hint}");
        }
        out
    }
}

/// Line `n` (from 1) of the text, whatever its line endings. A leading BOM is not
/// part of line 1 (the parser skips it, and columns count from after it).
fn source_line(source: &str, n: usize) -> Option<&str> {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    lines(source).nth(n.checked_sub(1)?)
}

/// The part of `line` to show and the indent that puts a caret under character
/// `column` (from 1; one past the end is allowed). Lines up to [`MAX_SHOWN_LINE`]
/// characters are shown whole; longer ones are cut to a window of that many
/// characters around the caret with `...` on each cut side. Everything counts
/// characters, not bytes, so multibyte UTF-8 is never split. Tabs in the indent
/// stay tabs so the caret lines up however wide the terminal draws them; other
/// control characters are shown as `\u{fffd}` (one character for one), so a NUL
/// or an escape sequence in the file never reaches the terminal raw.
fn excerpt_with_caret(line: &str, column: usize) -> (String, String) {
    let chars: Vec<char> = line
        .chars()
        .map(|c| {
            if c.is_control() && c != '\t' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect();
    let caret = column.saturating_sub(1).min(chars.len());
    let (start, end) = if chars.len() <= MAX_SHOWN_LINE {
        (0, chars.len())
    } else {
        let start = caret
            .saturating_sub(SHOWN_BEFORE_CARET)
            .min(chars.len() - MAX_SHOWN_LINE);
        (start, start + MAX_SHOWN_LINE)
    };
    let mut text: String = if start > 0 {
        "...".into()
    } else {
        String::new()
    };
    let mut indent = " ".repeat(text.len());
    text.extend(&chars[start..end]);
    if end < chars.len() {
        text.push_str("...");
    }
    indent.extend(
        chars[start..caret]
            .iter()
            .map(|&c| if c == '\t' { '\t' } else { ' ' }),
    );
    (text, indent)
}

/// The closest of `candidates` to `word`, if it is close enough to be a typo
/// (at most two edits, and fewer than the word's length).
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .iter()
        .map(|&c| (edit_distance(&word, c), c))
        .filter(|&(d, _)| d <= 2 && d < word.chars().count())
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j]))
                .min(row[j] + 1)
                .min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostic_renders_like_rustc_with_caret_and_hint() {
        let src = "title = x\r\nhexagn at 1,2\r\n";
        let d = Diagnostic::error(2, 1, "unknown barrier `hexagn`")
            .with_hint("did you mean `hexagon`?");
        assert_eq!(
            d.render("levels/a.txt", src),
            "levels/a.txt:2:1: error: unknown barrier `hexagn`\n  |\n2 | hexagn at 1,2\n  | ^\n  = hint: did you mean `hexagon`?"
        );
    }

    #[test]
    fn long_line_is_cut_around_the_caret_with_ellipses() {
        let line = format!("{}X{}", "a".repeat(30_000), "b".repeat(30_000));
        let d = Diagnostic::error(1, 30_001, "here");
        let out = d.render("l.txt", &line);
        let lines: Vec<&str> = out.lines().collect();
        let (shown, caret) = (lines[2], lines[3]);
        assert!(out.len() < 400, "{out}");
        assert!(
            shown.starts_with("1 | ...a") && shown.ends_with("b..."),
            "{shown}"
        );
        assert_eq!(shown.chars().count(), "1 | ".len() + 6 + MAX_SHOWN_LINE);
        // The caret sits under the X, counted in characters.
        let at = caret.chars().count() - 1;
        assert_eq!(shown.chars().nth(at), Some('X'), "{shown}\n{caret}");
    }

    #[test]
    fn long_line_cut_keeps_the_caret_on_multibyte_text_and_at_both_ends() {
        let line = format!("é\t{}", "日本".repeat(200));
        for column in [1, 2, 3, 150, 402, 403] {
            let (text, indent) = excerpt_with_caret(&line, column);
            let at = indent.chars().count();
            let expected = line.chars().nth(column - 1);
            assert_eq!(text.chars().nth(at), expected, "column {column}: {text}");
            assert!(text.chars().count() <= MAX_SHOWN_LINE + 6);
            assert_eq!(text.starts_with("..."), column > 1 + SHOWN_BEFORE_CARET);
        }
        // The first characters keep their tab, so the caret lines up under it.
        assert_eq!(excerpt_with_caret(&line, 3).1, " \t");
    }

    #[test]
    fn short_line_is_shown_whole_with_control_characters_replaced() {
        let (text, indent) = excerpt_with_caret("a\0b\u{1b}[31mc", 6);
        assert_eq!(text, "a\u{fffd}b\u{fffd}[31mc");
        assert_eq!(indent, "     ");
    }

    #[test]
    fn did_you_mean_finds_close_words_only() {
        assert_eq!(
            did_you_mean("hexagn", &["hexagon", "rect", "polygon"]),
            Some("hexagon")
        );
        assert_eq!(
            did_you_mean("Rectt", &["hexagon", "rect", "polygon"]),
            Some("rect")
        );
        assert_eq!(
            did_you_mean("banana", &["hexagon", "rect", "polygon"]),
            None
        );
    }
}
