//! Text broken into lines that fit a width, by a measure the caller gives (the
//! shell's font, or a test's fixed width per letter): the layout's and the
//! screens' paragraphs. Re-exported by `app::layout`, where it lived first.

/// [`wrap_text`] with its lines as even as they can be: the same number of
/// lines at the narrowest width that keeps it, so a paragraph never ends on a
/// word alone ("... to change" / "it").
pub fn wrap_balanced(text: &str, width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let greedy = wrap_text(text, width, &measure);
    if greedy.len() < 2 {
        return greedy;
    }
    // Greedy wrapping never needs fewer lines at a narrower width, so the
    // narrowest width keeping the count is found by bisection.
    let (mut lo, mut hi) = (0.0_f32, width);
    for _ in 0..20 {
        let mid = (lo + hi) * 0.5;
        if wrap_text(text, mid, &measure).len() <= greedy.len() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    wrap_text(text, hi, &measure)
}

/// Breaks `text` into lines no wider than `width`, as `measure` measures them,
/// at spaces (a word wider than `width` gets a line of its own).
pub fn wrap_text(text: &str, width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    // A line that fits stays as written: the high-score table's columns are runs
    // of spaces.
    if measure(text) <= width {
        return vec![text.to_owned()];
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || measure(&candidate) <= width {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_text_breaks_at_spaces_within_the_width() {
        let width_of = |s: &str| s.len() as f32 * 10.0;
        let lines = wrap_text("Move: arrow keys or WASD, or the mouse", 120.0, width_of);
        assert_eq!(lines, ["Move: arrow", "keys or", "WASD, or the", "mouse"]);
        for l in &lines {
            assert!(width_of(l) <= 120.0);
        }
        assert_eq!(wrap_text("", 50.0, width_of), [""]);
        assert_eq!(wrap_text("unbreakable", 20.0, width_of), ["unbreakable"]);
        assert_eq!(
            wrap_text(" 1. EVE    42  solo", 500.0, width_of),
            [" 1. EVE    42  solo"],
            "a line that fits keeps its runs of spaces (the high-score columns)"
        );
    }

    #[test]
    fn wrap_balanced_keeps_the_line_count_and_leaves_no_word_alone() {
        let width_of = |s: &str| s.len() as f32 * 10.0;
        let text = "Your name: tap above or below a letter to change it";
        let greedy = wrap_text(text, 480.0, width_of);
        assert_eq!(greedy.last().map(String::as_str), Some("it"));
        let even = wrap_balanced(text, 480.0, width_of);
        assert_eq!(even.len(), greedy.len());
        assert!(
            even.iter()
                .all(|l| width_of(l) <= 480.0 && l.split(' ').count() >= 3),
            "{even:?}"
        );
        assert_eq!(wrap_balanced("short", 480.0, width_of), ["short"]);
    }
}
