//! The headless command-line tools: `arkanong check FILE...` (and, later, `sim`
//! and `replay`). No window is opened for these.

use std::io::Write;

use crate::level::{check_bytes, Severity};

/// Checks each level file, prints every diagnostic (rustc style) to `out`, and
/// returns the process exit code: 0 when every file is valid (warnings allowed),
/// 1 otherwise (including unreadable files), 2 for no files.
pub fn check_files(paths: &[String], out: &mut impl Write) -> i32 {
    if paths.is_empty() {
        let _ = writeln!(out, "usage: arkanong check FILE...");
        return 2;
    }
    let mut failed = 0;
    let mut warnings = 0;
    for path in paths {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(out, "{path}: error: cannot read the file: {e}");
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
