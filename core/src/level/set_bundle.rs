//! A whole set in one text file, for the browser's import (and anyone mailing a
//! set): the set's files one after another, each after a `=== file NAME` line.
//!
//! ```text
//! === file set.txt
//! title = "My Set"
//! === file 01_warm_up.txt
//! title = "Warm up"
//! [bricks]
//! 1111
//! === file 02_finale.txt
//! ...
//! ```
//!
//! Lines before the first `=== file` line may only be blank or `#` comments.
//! Each NAME is a plain file name ending in `.txt` (no folders), once.

use super::tokens::lines;
use super::Diagnostic;

/// The line that starts a file of a bundle, followed by its name.
pub const BUNDLE_SEPARATOR: &str = "=== file ";

/// The largest bundle read, bytes: four levels at the 1 MiB a level may hold,
/// and more than the browser's storage (about 5 MiB) keeps well; real sets
/// are a few KiB a level. Checked before anything is split or copied.
pub const MAX_BUNDLE_BYTES: usize = 4 << 20;

/// One file of a bundle: its name and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundledFile {
    /// Its file name (`01_warm_up.txt`, or `set.txt`).
    pub name: String,
    /// Its text, with the line endings it had.
    pub text: String,
}

/// Splits a bundle into its files, in the bundle's order. The first problem (a
/// line before the first file, a bad or repeated name, no files at all) comes
/// back as an error at its line and column.
pub fn read_set_bundle(text: &str) -> Result<Vec<BundledFile>, Diagnostic> {
    if text.len() > MAX_BUNDLE_BYTES {
        return Err(Diagnostic::error(
            1,
            1,
            format!(
                "the set file holds {} bytes, more than the {} a set may hold",
                text.len(),
                MAX_BUNDLE_BYTES
            ),
        )
        .with_hint("split it into smaller sets"));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut files: Vec<BundledFile> = Vec::new();
    let mut rest = text;
    let mut n = 0;
    while !rest.is_empty() {
        n += 1;
        let line = lines(rest).next().unwrap_or("");
        // The line and its ending, whatever it was (`\r\n`, `\n` or a lone `\r`).
        let after = &rest[line.len()..];
        let end = if after.starts_with("\r\n") {
            2
        } else {
            usize::from(after.starts_with(['\n', '\r']))
        };
        let whole = &rest[..line.len() + end];
        rest = &rest[whole.len()..];
        if let Some(name) = line.strip_prefix(BUNDLE_SEPARATOR) {
            let name = name.trim();
            let column = BUNDLE_SEPARATOR.len() + 1;
            if !name.ends_with(".txt")
                || name.len() <= 4
                || name.contains(['/', '\\', ':'])
                || name.starts_with('.')
            {
                return Err(Diagnostic::error(
                    n,
                    column,
                    format!("`{name}` is not a level file's name"),
                )
                .with_hint("name each file like `01_warm_up.txt` (no folders), or `set.txt`"));
            }
            if files.iter().any(|f| f.name == name) {
                return Err(Diagnostic::error(
                    n,
                    column,
                    format!("`{name}` is in the bundle twice"),
                )
                .with_hint("give each file its own name"));
            }
            files.push(BundledFile {
                name: name.to_owned(),
                text: String::new(),
            });
        } else if let Some(file) = files.last_mut() {
            file.text.push_str(whole);
        } else if !(line.trim().is_empty() || line.trim_start().starts_with('#')) {
            return Err(
                Diagnostic::error(n, 1, "a set file starts with a `=== file NAME` line")
                    .with_hint("put `=== file 01_first.txt` before the first level's lines"),
            );
        }
    }
    if files.is_empty() {
        return Err(
            Diagnostic::error(1, 1, "the set file holds no `=== file NAME` line")
                .with_hint("a set file is its levels, each after a `=== file NAME.txt` line"),
        );
    }
    Ok(files)
}

/// Writes files as a bundle that [`read_set_bundle`] reads back (each text ends
/// with a line break, added when it had none).
pub fn write_set_bundle(files: &[BundledFile]) -> String {
    let mut out = String::new();
    for f in files {
        out.push_str(BUNDLE_SEPARATOR);
        out.push_str(&f.name);
        out.push('\n');
        out.push_str(&f.text);
        if !f.text.is_empty() && !f.text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_splits_into_its_files_and_writes_back() {
        let text = "# my set\n\n=== file set.txt\ntitle = \"Mine\"\n=== file 01_a.txt\r\ntitle = \"A\"\r\n[bricks]\r\n11\r\n";
        let files = read_set_bundle(text).unwrap();
        assert_eq!(files.len(), 2);
        assert_eq!(files[0].name, "set.txt");
        assert_eq!(files[0].text, "title = \"Mine\"\n");
        assert_eq!(files[1].name, "01_a.txt");
        assert_eq!(files[1].text, "title = \"A\"\r\n[bricks]\r\n11\r\n");
        assert_eq!(read_set_bundle(&write_set_bundle(&files)).unwrap(), files);
    }

    #[test]
    fn a_bundle_with_text_before_its_first_file_or_a_bad_name_is_an_error() {
        let e = read_set_bundle("title = \"x\"\n=== file a.txt\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = read_set_bundle("=== file a.txt\n=== file ../b.txt\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        let e = read_set_bundle("=== file a.txt\n=== file a.txt\n").unwrap_err();
        assert!(e.message.contains("twice"));
        assert!(read_set_bundle("# nothing\n").is_err());
    }

    #[test]
    fn a_bundle_past_the_cap_is_refused_before_it_is_split() {
        let mut text = String::from("=== file 01_big.txt\n# ");
        text.push_str(&"x".repeat(MAX_BUNDLE_BYTES));
        let err = read_set_bundle(&text).expect_err("too large");
        assert!(err.message.contains("more than"), "{}", err.message);
        let small = "=== file 01_a.txt\n[bricks]\n1\n";
        assert_eq!(read_set_bundle(small).unwrap().len(), 1);
    }
}
