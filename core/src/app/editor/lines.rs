//! The level's text as a list of lines, each with its own line ending, and the
//! splices that edit it. Keeping every ending as it was is what makes an undone
//! edit give back the original bytes, and an unedited line stay untouched.

/// One edit of the lines: at line index `at`, `old` lines are replaced by `new`.
/// Every line carries its ending (`\n`, `\r\n`, `\r`, or none for a last line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// Index of the first line replaced.
    pub at: usize,
    /// The lines removed, with their endings.
    pub old: Vec<String>,
    /// The lines put in their place, with their endings.
    pub new: Vec<String>,
}

impl Splice {
    /// The splice that undoes this one.
    pub fn inverse(&self) -> Splice {
        Splice {
            at: self.at,
            old: self.new.clone(),
            new: self.old.clone(),
        }
    }
}

/// A text split into lines that keep their endings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lines {
    lines: Vec<String>,
}

impl Lines {
    /// Splits a text; joining the lines gives it back byte for byte.
    pub fn new(text: &str) -> Self {
        let mut lines = Vec::new();
        let mut rest = text;
        while let Some(i) = rest.find(['\n', '\r']) {
            let end = if rest[i..].starts_with("\r\n") {
                i + 2
            } else {
                i + 1
            };
            lines.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
        if !rest.is_empty() {
            lines.push(rest.to_owned());
        }
        Self { lines }
    }

    /// The whole text.
    pub fn text(&self) -> String {
        self.lines.concat()
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Line `i` without its ending (and without a byte order mark on line 0).
    pub fn content(&self, i: usize) -> &str {
        let line = self.lines.get(i).map_or("", String::as_str);
        let line = line.trim_end_matches(['\n', '\r']);
        if i == 0 {
            line.strip_prefix('\u{feff}').unwrap_or(line)
        } else {
            line
        }
    }

    /// Line `i` as stored, ending included.
    pub fn raw(&self, i: usize) -> &str {
        self.lines.get(i).map_or("", String::as_str)
    }

    /// The ending new lines get: the first line's, or `\n`.
    pub fn newline(&self) -> &str {
        let first = self.lines.first().map_or("", String::as_str);
        if first.ends_with("\r\n") {
            "\r\n"
        } else if first.ends_with('\r') {
            "\r"
        } else {
            "\n"
        }
    }

    /// Applies a splice. Out-of-range splices are clamped (they come from this
    /// module's own drafts, so this never happens in practice).
    pub fn apply(&mut self, s: &Splice) {
        let at = s.at.min(self.lines.len());
        let end = (at + s.old.len()).min(self.lines.len());
        self.lines.splice(at..end, s.new.iter().cloned());
    }
}
