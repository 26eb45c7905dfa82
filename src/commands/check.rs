//! `arkanong check FILE...`: every diagnostic of every level file, rustc style.

use std::io::Write;

use crate::level::{check_bytes, Severity};
use crate::user_file::{read_user_file, FileKind};

/// Checks each level file, prints every diagnostic (rustc style) to `out`, and
/// returns the process exit code: 0 when every file is valid (warnings allowed),
/// 1 otherwise (including unreadable files). No files at all is misuse, which clap
/// answers (exit 2) before this runs.
pub fn check_files(paths: &[String], out: &mut impl Write) -> i32 {
    let mut failed = 0;
    let mut warnings = 0;
    for path in paths {
        let bytes = match read_user_file(path, FileKind::Level) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(out, "{path}: error: {e}");
                failed += 1;
                continue;
            }
        };
        let checked = check_bytes(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        for d in &checked.diagnostics {
            let _ = writeln!(out, "{}\n", d.render(path, &text));
            if d.severity == Severity::Warning {
                warnings += 1;
            }
        }
        if checked.level.is_none() {
            failed += 1;
        }
    }
    let _ = writeln!(
        out,
        "checked {} file{}: {} with errors, {warnings} warning{}",
        paths.len(),
        if paths.len() == 1 { "" } else { "s" },
        failed,
        if warnings == 1 { "" } else { "s" }
    );
    i32::from(failed > 0)
}
