//! Properties every `check` answer must have, shared by the level fuzz tests.

use arkanong_core::level::{parse_lines, Checked, Level, MAX_DIAGNOSTICS};

/// Longest rendered diagnostic accepted, bytes: a cut source line (about 100
/// characters of up to 4 bytes), a message quoting at most a short word, a hint.
pub(crate) const MAX_RENDERED: usize = 1200;

/// What is wrong with `checked` as the answer for `text`, or `None` when it is
/// sound: a level comes back exactly when there is no error; diagnostics are
/// sorted, capped, point inside the text (line from 1, column at most one past the
/// line's end, counted in characters), and each renders to a bounded string.
pub(crate) fn unsound(text: &str, checked: &Checked) -> Option<String> {
    let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
    if checked.level.is_some() != (errors == 0) {
        return Some(format!(
            "level returned: {}, errors: {errors}",
            checked.level.is_some()
        ));
    }
    if checked.diagnostics.len() > MAX_DIAGNOSTICS + 1 {
        return Some(format!("{} diagnostics", checked.diagnostics.len()));
    }
    if !checked
        .diagnostics
        .windows(2)
        .all(|w| (w[0].line, w[0].column) <= (w[1].line, w[1].column))
    {
        return Some("diagnostics out of order".into());
    }
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<usize> = parse_lines(body).map(|l| l.chars().count()).collect();
    for d in &checked.diagnostics {
        let width = match d.line.checked_sub(1) {
            Some(i) if i < lines.len().max(1) => lines.get(i).copied().unwrap_or(0),
            _ => return Some(format!("line {} of {}: {d:?}", d.line, lines.len())),
        };
        if d.column == 0 || d.column > width + 1 {
            return Some(format!("column {} on a line of {width}: {d:?}", d.column));
        }
        let shown = d.render("f.txt", text);
        if shown.len() > MAX_RENDERED {
            return Some(format!("{} bytes rendered: {shown}", shown.len()));
        }
    }
    None
}

/// What breaks when an accepted level is written back and read again, or `None`
/// when it reads back the same.
pub(crate) fn round_trip_problem(level: &Level) -> Option<String> {
    let text = level.to_text();
    match Level::parse(&text) {
        Ok(again) if again == *level => None,
        Ok(again) => Some(format!("read back differently:\n{text}\n{again:?}")),
        Err(d) => Some(format!("does not read back:\n{text}\n{d:#?}")),
    }
}
