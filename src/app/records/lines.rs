//! Records that keep what they cannot read. A record (settings, scores, progress,
//! key bindings) is read one line at a time by its own line reader; a line it
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

/// Reads `text` one line at a time with `read`: blank lines are passed over, every
/// line `read` does not take as [`LineRead::Known`] is kept.
pub fn read_lines(text: &str, mut read: impl FnMut(&str) -> LineRead) -> KeptLines {
    let mut kept = KeptLines::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let why = match read(line.trim()) {
            LineRead::Known => continue,
            LineRead::Unknown => format!("{} is not known to this version", quote(line.trim())),
            LineRead::Bad(why) => why,
        };
        kept.lines.push(line.to_owned());
        kept.problems.push((i + 1, why));
    }
    kept
}

/// Reads `text` strictly: the value, or the first line that did not read.
pub fn read_all<T: Default>(
    text: &str,
    read: impl Fn(&mut T, &str) -> LineRead,
) -> Result<T, String> {
    let mut value = T::default();
    let kept = read_lines(text, |l| read(&mut value, l));
    match kept.problems.first() {
        None => Ok(value),
        Some((n, why)) => Err(format!("line {n}: {why}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_number(sum: &mut u32, line: &str) -> LineRead {
        match line.strip_prefix("n = ") {
            Some(v) => match v.parse::<u32>() {
                Ok(v) => {
                    *sum += v;
                    LineRead::Known
                }
                Err(_) => LineRead::Bad(format!("{} is not a number", quote(v))),
            },
            None => LineRead::Unknown,
        }
    }

    #[test]
    fn unknown_and_bad_lines_are_kept_in_order_and_reported() {
        let mut sum = 0;
        let text = "n = 1\nfuture = 3\n\n  n = x\r\nn = 2\n";
        let kept = read_lines(text, |l| read_number(&mut sum, l));
        assert_eq!(sum, 3);
        assert_eq!(kept.lines, ["future = 3", "  n = x"]);
        assert_eq!(kept.problems[0].0, 2);
        assert_eq!(kept.problems[1].0, 4);
        assert_eq!(kept.append_to("n = 3\n"), "n = 3\nfuture = 3\n  n = x\n");
        let report = kept.report("numbers").unwrap();
        assert!(
            report.contains("2 lines skipped") && report.contains("line 4"),
            "{report}"
        );
        assert_eq!(read_all("n = 1\nn = 2\n", read_number), Ok(3));
        assert_eq!(
            read_all("n = 1\nfuture\n", read_number),
            Err("line 2: `future` is not known to this version".to_owned())
        );
    }

    #[test]
    fn a_long_junk_line_is_quoted_short() {
        let q = quote(&"é".repeat(500));
        assert!(q.chars().count() < 50, "{q}");
        assert_eq!(KeptLines::default().report("settings"), None);
    }
}
