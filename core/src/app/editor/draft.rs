//! An edit being built: a copy of the lines that operations change line by line,
//! recording each change as a splice. Only lines an operation names are touched.

use super::lines::{Lines, Splice};
use crate::level::strip_comment;

/// Lines being edited, and the splices made so far.
pub(super) struct Draft {
    pub(super) lines: Lines,
    pub(super) splices: Vec<Splice>,
}

impl Draft {
    pub(super) fn new(lines: &Lines) -> Self {
        Self {
            lines: lines.clone(),
            splices: Vec::new(),
        }
    }

    fn splice(&mut self, s: Splice) {
        if s.old != s.new {
            self.lines.apply(&s);
            self.splices.push(s);
        }
    }

    /// Replaces line `i`'s content, keeping its ending.
    pub(super) fn replace(&mut self, i: usize, content: &str) {
        let raw = self.lines.raw(i);
        let bom = if i == 0 && raw.starts_with('\u{feff}') {
            "\u{feff}"
        } else {
            ""
        };
        let ending = &raw[raw.trim_end_matches(['\n', '\r']).len()..];
        let new = format!("{bom}{content}{ending}");
        let old = raw.to_owned();
        self.splice(Splice {
            at: i,
            old: vec![old],
            new: vec![new],
        });
    }

    /// Rewrites the item on line `i` as `body`, keeping its indent and comment.
    pub(super) fn rewrite_item(&mut self, i: usize, body: &str) {
        let old = self.lines.content(i);
        let indent = &old[..old.len() - old.trim_start().len()];
        let code = strip_comment(old);
        let comment = &old[code.len()..];
        let gap = if comment.is_empty() {
            ""
        } else {
            &code[code.trim_end().len()..]
        };
        let content = format!("{indent}{body}{gap}{comment}");
        self.replace(i, &content);
    }

    /// Inserts lines (without endings) before line `at` (`len()` appends). A last
    /// line without an ending gets one first, so the new lines stay separate.
    pub(super) fn insert(&mut self, at: usize, contents: &[String]) {
        let newline = self.lines.newline().to_owned();
        let n = self.lines.len();
        if at >= n && n > 0 {
            let last = self.lines.raw(n - 1);
            if !last.ends_with(['\n', '\r']) {
                let content = self.lines.content(n - 1).to_owned();
                self.replace_raw(
                    n - 1,
                    format!("{}{newline}", prefix_bom(&self.lines, n - 1, &content)),
                );
            }
        }
        let new = contents.iter().map(|c| format!("{c}{newline}")).collect();
        self.splice(Splice {
            at: at.min(n),
            old: Vec::new(),
            new,
        });
    }

    fn replace_raw(&mut self, i: usize, raw: String) {
        let old = self.lines.raw(i).to_owned();
        self.splice(Splice {
            at: i,
            old: vec![old],
            new: vec![raw],
        });
    }

    /// Removes line `i`.
    pub(super) fn remove(&mut self, i: usize) {
        if i < self.lines.len() {
            let old = self.lines.raw(i).to_owned();
            self.splice(Splice {
                at: i,
                old: vec![old],
                new: Vec::new(),
            });
        }
    }
}

/// `content` with line `i`'s byte order mark put back, if it had one.
fn prefix_bom(lines: &Lines, i: usize, content: &str) -> String {
    if i == 0 && lines.raw(0).starts_with('\u{feff}') {
        format!("\u{feff}{content}")
    } else {
        content.to_owned()
    }
}
