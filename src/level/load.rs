//! A level named the way a player names one: a path, or a shipped level by file
//! name or number (`3`, `03_steel_line`, `03_steel_line.txt`). Used by `--level`,
//! `arkanong sim` and the online host's offer alike.

use super::{check_bytes, shipped_levels, Level};
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
        Err(ReadError::Io(e)) => {
            let found = shipped_levels().iter().enumerate().find(|(i, l)| {
                l.file == name
                    || l.file.trim_end_matches(".txt") == name
                    || name.parse::<usize>().ok() == Some(i + 1)
            });
            match found {
                Some((_, l)) => (format!("levels/{}", l.file), l.text.to_owned()),
                None => return Err(format!("{name}: error: cannot read the level: {e}")),
            }
        }
    })
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
}
