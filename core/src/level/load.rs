//! A level named the way a player names one: a path, or a shipped level by file
//! name or number (`3`, `03_steel_line`, `03_steel_line.txt`; a subfolder set's
//! level by `SET/FILE`, `angles/03_spin.txt` or `angles/03_spin`; numbers count
//! the root set). Used by `--level`, `arkanong sim`, `balance --level` and the
//! online host's offer alike.

use super::{all_shipped_levels, check_bytes, shipped_levels, Level, ShippedLevel};
use crate::user_file::{read_user_file, FileKind, ReadError};

/// Reads a level from a path, or from the shipped levels by file name or number.
/// Errors come back printed, ready to show.
pub fn load_level(name: &str) -> Result<(String, Level), String> {
    let (label, text) = load_level_text(name)?;
    let level = Level::parse(&text).map_err(|d| {
        d.iter()
            .map(|d| d.render(&label, &text))
            .collect::<Vec<_>>()
            .join("\n\n")
    })?;
    Ok((label, level))
}

/// A level's label and text, from a path or the shipped levels as [`load_level`]
/// finds them (a file that does not check comes back as its errors, printed).
pub fn load_level_text(name: &str) -> Result<(String, String), String> {
    Ok(match read_user_file(name, FileKind::Level) {
        Ok(bytes) => {
            let checked = check_bytes(&bytes);
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if checked.level.is_none() {
                let shown: Vec<String> = checked
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.render(name, &text))
                    .collect();
                return Err(shown.join("\n\n"));
            }
            (name.to_owned(), text)
        }
        Err(e @ (ReadError::TooLarge(_) | ReadError::NotText(_))) => {
            return Err(format!("{name}: error: {e}"))
        }
        Err(ReadError::Io(e)) => match find_shipped(name) {
            Some(l) => (format!("levels/{}", l.file), l.text.to_owned()),
            None => return Err(format!("{name}: error: cannot read the level: {e}")),
        },
    })
}

/// The shipped level a name means: its name (`01_first_contact.txt`,
/// `angles/03_spin.txt`), that name without `.txt`, or a number counting the
/// root set's levels from 1.
pub fn find_shipped(name: &str) -> Option<&'static ShippedLevel> {
    let name = name.strip_prefix("levels/").unwrap_or(name);
    if let Some(n) = name.parse::<usize>().ok().filter(|&n| n > 0) {
        return shipped_levels().get(n - 1);
    }
    all_shipped_levels().find(|l| l.file == name || l.file.strip_suffix(".txt") == Some(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_level_finds_shipped_levels_by_number_and_name() {
        let first = &shipped_levels()[0];
        let by_number = load_level_text("1").unwrap();
        assert_eq!(by_number.0, format!("levels/{}", first.file));
        assert_eq!(
            load_level_text(first.file.trim_end_matches(".txt")).unwrap(),
            by_number
        );
        assert!(load_level("no-such-level.txt")
            .unwrap_err()
            .contains("cannot read the level"));
    }

    #[test]
    fn load_level_finds_a_subfolder_sets_level_by_set_slash_file() {
        let Some(l) = all_shipped_levels().find(|l| l.file.contains('/')) else {
            return; // no subfolder set shipped yet: nothing to name
        };
        let (label, text) = load_level_text(l.file).unwrap();
        assert_eq!(label, format!("levels/{}", l.file));
        assert_eq!(text, l.text);
        let bare = l.file.strip_suffix(".txt").unwrap();
        assert_eq!(load_level_text(bare).unwrap().1, l.text);
    }

    #[test]
    fn find_shipped_counts_numbers_in_the_root_set_only() {
        assert_eq!(find_shipped("3"), shipped_levels().get(2));
        assert_eq!(find_shipped("0"), None);
        assert_eq!(
            find_shipped("levels/03_steel_line.txt"),
            shipped_levels().get(2)
        );
        assert_eq!(find_shipped("99"), None);
    }
}
