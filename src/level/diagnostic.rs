//! Problems found in a level file, and how they are printed: like rustc, with the
//! file, line and column, the source line, a caret, and a hint when one helps.

use std::fmt::Write;

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
            // Keep tabs under tabs so the caret lines up however the terminal shows them.
            let indent: String = text
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
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

/// Line `n` (from 1) of the text, whatever its line endings.
fn source_line(source: &str, n: usize) -> Option<&str> {
    super::parse::lines(source).nth(n.checked_sub(1)?)
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
