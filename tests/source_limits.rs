//! Size alarms (DEVELOPERS.md, STYLE.md): a source file in `src/`, `core/src/` or `server/src/` over 800 lines
//! or a function over 120. They are smoke alarms, not the design: a file is as long
//! as its one job needs, and when one rings, split by job, never "to get under the
//! line". Several branches merged at once once grew files unnoticed; this notices.

use std::fs;
use std::path::Path;

#[path = "common/sources.rs"]
mod sources;
use sources::rust_files;

const MAX_FILE_LINES: usize = 800;
const MAX_FN_LINES: usize = 120;

/// Whether `line` starts a function (rustfmt's layout: the keyword after any
/// visibility and qualifiers).
fn starts_fn(line: &str) -> bool {
    let mut rest = line.trim_start();
    if rest.starts_with("pub") {
        rest = match rest.find(' ') {
            Some(i) => rest[i..].trim_start(),
            None => return false,
        };
    }
    for q in ["const ", "async ", "unsafe ", "extern \"C\" "] {
        rest = rest.strip_prefix(q).unwrap_or(rest);
    }
    rest.starts_with("fn ")
}

/// The functions longer than the rule in `text`, as (first line, length). A
/// function's end is the first later line that is its own indentation and `}`,
/// which is where rustfmt puts it.
fn long_functions(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !starts_fn(line) || line.trim_end().ends_with('}') {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let close = format!("{}}}", " ".repeat(indent));
        // A declaration without a body (in a trait) ends at its `;`.
        let body = lines[i..]
            .iter()
            .position(|l| l.trim_end().ends_with('{') || l.trim_end().ends_with(';'));
        if body.is_some_and(|b| lines[i + b].trim_end().ends_with(';')) {
            continue;
        }
        if let Some(end) = lines[i + 1..].iter().position(|l| l.trim_end() == close) {
            let length = end + 2;
            if length > MAX_FN_LINES {
                long.push((i + 1, length));
            }
        }
    }
    long
}

#[test]
fn no_source_file_or_function_is_over_the_size_rules() {
    let mut files = Vec::new();
    for folder in ["src", "core/src", "server/src"] {
        rust_files(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(folder),
            &mut files,
        );
    }
    files.sort();
    let mut problems = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).expect("a source file is readable");
        let lines = text.lines().count();
        if lines > MAX_FILE_LINES {
            problems.push(format!(
                "{}: {lines} lines (at most {MAX_FILE_LINES})",
                path.display()
            ));
        }
        for (line, length) in long_functions(&text) {
            problems.push(format!(
                "{}:{line}: a function of {length} lines (at most {MAX_FN_LINES})",
                path.display()
            ));
        }
    }
    assert!(
        files.len() > 50,
        "found only {} files under src/, core/src and server/src",
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_finder_sees_long_functions_and_skips_declarations() {
    let body = "    let x = 1;\n".repeat(MAX_FN_LINES);
    let long = format!("pub(crate) fn long() {{\n{body}}}\n");
    assert_eq!(long_functions(&long), vec![(1, MAX_FN_LINES + 2)]);
    let short = "fn short() {\n    1;\n}\n";
    assert!(long_functions(short).is_empty());
    let declared = format!("trait T {{\n    fn f(&self);\n{body}}}\n");
    assert!(long_functions(&declared).is_empty());
    let nested = format!("impl A {{\n    pub fn g(\n        a: u8,\n    ) {{\n{body}    }}\n}}\n");
    assert_eq!(long_functions(&nested), vec![(2, MAX_FN_LINES + 4)]);
}
