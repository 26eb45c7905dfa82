//! The records' text format, as a serde data format: the `key = value` lines the
//! game has always written, so every record saved by an older build still loads.
//!
//! - A struct is one line per field, `name = value`. A field renamed with a
//!   trailing dot (`#[serde(rename = "juice.")]`) is a nested struct or map
//!   whose keys follow the dot: `juice.shake = false`, `key.single.fire = Space`.
//! - A list field is its key repeated, one line per element (`cleared = a.txt`).
//! - A tuple is its parts on one line separated by spaces, the last taking the
//!   rest of the line (`best.solo = 40 levels/my level.txt`).
//! - A record that is a list (the high scores) is one row per line, its fields
//!   separated by tabs; a field a row leaves off takes its default.
//! - Values are bare text: numbers, `true`/`false`, enum variants by name,
//!   strings to the end of the line (line breaks, and tabs in rows, become spaces).
//!
//! Reading is over the record's defaults: the default's own lines come first and
//! the file's after them, so a key the file does not name keeps its default (an
//! old file's missing setting, one key of a key set), and a key it names twice
//! takes its last line. A key no field has is [`Error::Unknown`] (a newer
//! version's line); a value that does not read is [`Error::Bad`].
//! TOML was the other choice; it cannot read these files as they are (bare
//! strings, a key both a value and a table: `best` and `best.solo`, tab rows).

mod de;
mod error;
mod ser;
mod text;

pub(crate) use de::from_lines;
#[cfg(test)]
pub(crate) use de::lines_read;
pub(crate) use error::Error;
pub(crate) use ser::to_text;
