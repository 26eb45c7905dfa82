//! A set's `set.txt`: `key = value` lines and `#` comments, like a level's
//! settings, saying the set's title and description. Never a level: every
//! loader and `check` skip it by name ([`SET_FILE`]).

use super::diagnostic::did_you_mean;
use super::tokens::{column_of, lines, shown};
use super::{strip_comment, Diagnostic};

/// The file name that describes a set instead of holding a level.
pub const SET_FILE: &str = "set.txt";

/// The keys `set.txt` knows.
pub const SET_KEYS: [&str; 2] = ["title", "description"];

/// Most characters of a set's title (a level's title allows as many).
const MAX_TITLE: usize = 80;
/// Most characters of a set's description: two lines of a menu, at most.
const MAX_DESCRIPTION: usize = 200;

/// What `set.txt` says about its set. A key left out is `None` (the title is
/// then the folder's name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetInfo {
    /// The set's title, as the menus show it.
    pub title: Option<String>,
    /// One or two sentences on the set's idea.
    pub description: Option<String>,
}

/// What reading a `set.txt` found: what it says, and every problem (an unknown
/// key, a value out of bounds) at its line and column, with a hint.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetInfoChecked {
    /// The keys that read (a bad line leaves its key out).
    pub info: SetInfo,
    /// Errors and warnings, in line order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads a `set.txt`. Problems are reported, never fatal: the keys that read
/// are kept, so a menu can still show a set whose description has a typo.
pub fn check_set_info(text: &str) -> SetInfoChecked {
    let mut out = SetInfoChecked::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in lines(text).enumerate() {
        let n = i + 1;
        let content = strip_comment(raw);
        if content.trim().is_empty() {
            continue;
        }
        let start = content.len() - content.trim_start().len();
        let Some(eq) = content.find('=') else {
            out.diagnostics.push(
                Diagnostic::error(n, column_of(raw, start), "expected `key = value`")
                    .with_hint("set.txt holds `title = \"...\"` and `description = \"...\"` lines; the levels are the other .txt files of the folder"),
            );
            continue;
        };
        let key = content[..eq].trim();
        let after = &content[eq + 1..];
        let value_col = column_of(raw, eq + 1 + (after.len() - after.trim_start().len()));
        let (slot, most) = match key {
            "title" => (&mut out.info.title, MAX_TITLE),
            "description" => (&mut out.info.description, MAX_DESCRIPTION),
            _ => {
                let d = Diagnostic::error(
                    n,
                    column_of(raw, start),
                    format!("unknown set key `{}`", shown(key)),
                );
                let hint = match did_you_mean(key, &SET_KEYS) {
                    Some(k) => format!("did you mean `{k}`?"),
                    None => "set.txt knows `title` and `description`".to_owned(),
                };
                out.diagnostics.push(d.with_hint(hint));
                continue;
            }
        };
        let value = after.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value)
            .trim();
        let count = value.chars().count();
        if count == 0 || count > most {
            out.diagnostics.push(
                Diagnostic::error(
                    n,
                    value_col,
                    format!("`{key}` must have 1 to {most} characters"),
                )
                .with_hint(format!("for example `{key} = \"Hexagons and Angles\"`")),
            );
            continue;
        }
        if slot.is_some() {
            out.diagnostics.push(Diagnostic::warning(
                n,
                column_of(raw, start),
                format!("`{key}` is set twice; this later value wins"),
            ));
        }
        *slot = Some(value.to_owned());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_info_reads_title_and_description_with_comments() {
        let c = check_set_info(
            "# the set\ntitle = \"Hexagons and Angles\"  # shown\ndescription = Shots off hexagons.\n",
        );
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
        assert_eq!(c.info.title.as_deref(), Some("Hexagons and Angles"));
        assert_eq!(c.info.description.as_deref(), Some("Shots off hexagons."));
    }

    #[test]
    fn set_info_bad_key_is_an_error_at_its_column_with_a_hint() {
        let c = check_set_info("title = \"A\"\n  titel = \"B\"\n");
        assert_eq!(c.info.title.as_deref(), Some("A"));
        let d = &c.diagnostics[0];
        assert!(d.is_error());
        assert_eq!((d.line, d.column), (2, 3));
        assert_eq!(d.hint.as_deref(), Some("did you mean `title`?"));
        let shown = d.render("levels/angles/set.txt", "title = \"A\"\n  titel = \"B\"\n");
        assert!(
            shown.starts_with("levels/angles/set.txt:2:3: error: unknown set key `titel`"),
            "{shown}"
        );
    }

    #[test]
    fn set_info_rejects_empty_values_and_lines_without_equals() {
        let c = check_set_info("title =\nwhat\n");
        assert_eq!(c.diagnostics.len(), 2);
        assert_eq!((c.diagnostics[0].line, c.diagnostics[0].column), (1, 8));
        assert_eq!(c.diagnostics[1].line, 2);
        assert_eq!(c.info, SetInfo::default());
    }
}
