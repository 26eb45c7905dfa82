//! Records that keep what they cannot read. A record (settings, scores, progress,
//! key bindings) is read one line at a time (`record.rs`); a line it
//! does not know (a newer version's setting) or cannot read (a bad value, junk) is
//! skipped, reported once, and kept in order, to be written back unchanged after
//! the values the game knows when the record is next saved. So one odd line costs
//! only itself, and a newer version's lines survive an older game.

/// How a record's line reader took one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineRead {
    /// Read: the value now holds it.
    Known,
    /// A line of a shape the reader does not know (a newer version's key).
    Unknown,
    /// A line the reader knows the key of but cannot read: why.
    Bad(String),
}

/// The lines of a record that were not read, kept to be written back.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeptLines {
    /// The lines, unchanged and in their order (no line endings).
    pub lines: Vec<String>,
    /// For each kept line, its line number in the record read (from 1) and why it
    /// was not read.
    pub problems: Vec<(usize, String)>,
}

/// Most skipped lines named in a report; the rest are counted.
const MAX_NAMED: usize = 3;

impl KeptLines {
    /// Whether every line was read.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// `known` (the record as the game writes it) followed by the kept lines.
    pub fn append_to(&self, known: &str) -> String {
        let mut out = known.to_owned();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        for line in &self.lines {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// One line for the console saying which lines of the `name` record were
    /// skipped and that they are kept, or `None` when there were none.
    pub fn report(&self, name: &str) -> Option<String> {
        if self.problems.is_empty() {
            return None;
        }
        let named: Vec<String> = self
            .problems
            .iter()
            .take(MAX_NAMED)
            .map(|(n, why)| format!("line {n}: {why}"))
            .collect();
        let more = self.problems.len().saturating_sub(MAX_NAMED);
        let more = if more > 0 {
            format!("; and {more} more")
        } else {
            String::new()
        };
        Some(format!(
            "saved {name}: {} line{} skipped and kept as written ({}{more})",
            self.problems.len(),
            if self.problems.len() == 1 { "" } else { "s" },
            named.join("; ")
        ))
    }
}

/// Longest part of a line quoted in a report, characters.
const MAX_QUOTED: usize = 40;

/// `line` cut to a short quote.
pub fn quote(line: &str) -> String {
    let mut q: String = line.chars().take(MAX_QUOTED).collect();
    if q.len() < line.len() {
        q.push('…');
    }
    format!("`{q}`")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_lines_are_written_after_the_known_ones_and_reported() {
        let kept = KeptLines {
            lines: vec!["future = 3".into(), "  n = x".into()],
            problems: vec![(2, "new".into()), (4, "bad".into())],
        };
        assert_eq!(kept.append_to("n = 3"), "n = 3\nfuture = 3\n  n = x\n");
        let report = kept.report("numbers").unwrap();
        assert!(
            report.contains("2 lines skipped") && report.contains("line 4: bad"),
            "{report}"
        );
    }

    #[test]
    fn a_long_junk_line_is_quoted_short() {
        let q = quote(&"é".repeat(500));
        assert!(q.chars().count() < 50, "{q}");
        assert_eq!(KeptLines::default().report("settings"), None);
    }
}
