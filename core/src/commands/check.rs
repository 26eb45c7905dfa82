//! `arkanong check FILE...`: every diagnostic of every level file, rustc style.
//! A folder is a whole set: each of its levels, in play order, and its
//! `set.txt`; a `set.txt` named alone is checked as a set's description.

use std::io::Write;
use std::path::Path;

use crate::level::{check_bytes, check_set_info, is_set_file, set_level_files, Severity};
use crate::user_file::{read_user_file, read_user_text, FileKind};

/// What checking the files found so far.
#[derive(Default)]
struct Tally {
    files: usize,
    failed: usize,
    warnings: usize,
}

/// Checks each level file (each folder as a whole set), prints every diagnostic
/// (rustc style) to `out`, and returns the process exit code: 0 when every file
/// is valid (warnings allowed), 1 otherwise (including unreadable files and a
/// folder with no level). No files at all is misuse, which clap answers (exit 2)
/// before this runs.
pub fn check_files(paths: &[String], out: &mut impl Write) -> i32 {
    let mut tally = Tally::default();
    for path in paths {
        let p = Path::new(path);
        if p.is_dir() {
            check_set_dir(p, &mut tally, out);
        } else if is_set_file(p) {
            check_set_file(path, &mut tally, out);
        } else {
            check_level_file(path, &mut tally, out);
        }
    }
    let _ = writeln!(
        out,
        "checked {} file{}: {} with errors, {} warning{}",
        tally.files,
        if tally.files == 1 { "" } else { "s" },
        tally.failed,
        tally.warnings,
        if tally.warnings == 1 { "" } else { "s" }
    );
    i32::from(tally.failed > 0)
}

/// A set's folder: its `set.txt` (if any), then each level in play order.
fn check_set_dir(dir: &Path, tally: &mut Tally, out: &mut impl Write) {
    let info = dir.join(crate::level::SET_FILE);
    if info.is_file() {
        check_set_file(&info.display().to_string(), tally, out);
    }
    let levels = set_level_files(dir);
    if levels.is_empty() {
        let _ = writeln!(
            out,
            "{}: error: the set holds no level (a set is a folder of `*.txt` level files)\n",
            dir.display()
        );
        tally.files += 1;
        tally.failed += 1;
    }
    for level in levels {
        check_level_file(&level.display().to_string(), tally, out);
    }
}

/// A set's `set.txt`: its keys and values.
fn check_set_file(path: &str, tally: &mut Tally, out: &mut impl Write) {
    tally.files += 1;
    let text = match read_user_text(Path::new(path), FileKind::Level) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(out, "{path}: error: {e}");
            tally.failed += 1;
            return;
        }
    };
    let checked = check_set_info(&text);
    report(path, &text, &checked.diagnostics, tally, out);
    if checked.diagnostics.iter().any(|d| d.is_error()) {
        tally.failed += 1;
    }
}

/// One level file.
fn check_level_file(path: &str, tally: &mut Tally, out: &mut impl Write) {
    tally.files += 1;
    let bytes = match read_user_file(path, FileKind::Level) {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(out, "{path}: error: {e}");
            tally.failed += 1;
            return;
        }
    };
    let checked = check_bytes(&bytes);
    let text = String::from_utf8_lossy(&bytes);
    report(path, &text, &checked.diagnostics, tally, out);
    if checked.level.is_none() {
        tally.failed += 1;
    }
}

/// Prints diagnostics and counts the warnings among them.
fn report(
    path: &str,
    text: &str,
    diagnostics: &[crate::level::Diagnostic],
    tally: &mut Tally,
    out: &mut impl Write,
) {
    for d in diagnostics {
        let _ = writeln!(out, "{}\n", d.render(path, text));
        if d.severity == Severity::Warning {
            tally.warnings += 1;
        }
    }
}
