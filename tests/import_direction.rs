//! The direction of imports between the top-level folders of the core (`core/src/`)
//! and the game's shell (`src/`) (DEVELOPERS.md, "The layers"). Lowest first: `geom`,
//! `physics`, `level`, `game`, `app`, `commands`, then the shell (`src/shell/` and
//! `src/main.rs`). A folder may use the ones
//! below it, never one above: `app/` once called `crate::cli` and `crate::usage`,
//! and whole programs sat among its models. And only the shell names macroquad.
//!
//! The loose files of `core/src/` (`tuning.rs`, `tolerance.rs`, `portable_*.rs`,
//! `user_file.rs`, `lib.rs`) are shared by every layer and are not ranked.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "common/sources.rs"]
mod sources;
use sources::rust_files;

/// The layers, lowest first. The shell is in the game's package, where the core
/// is `arkanong_core::`, so it is checked by the same rule under that name.
const LAYERS: [&str; 7] = [
    "geom", "physics", "level", "game", "app", "commands", "shell",
];

/// The layer a file under `core/src/` or `src/` belongs to (`main.rs` is the shell's), or
/// `None` for a loose shared file.
fn layer_of(relative: &Path) -> Option<usize> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = if first == "main.rs" { "shell" } else { first };
    LAYERS.iter().position(|l| *l == name)
}

/// The text without `//` comments (doc comments may name any layer).
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules `text` names through `root::` (`crate::app::...`, and
/// `crate::{app::..., game}`), with their line numbers.
fn named_modules(text: &str, root: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let prefix = format!("{root}::");
    let mut at = 0;
    while let Some(i) = text[at..].find(&prefix) {
        let start = at + i;
        at = start + prefix.len();
        // `foo_crate::` or `self.crate::` are not this root.
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let line = text[..start].matches('\n').count() + 1;
        let rest = &text[at..];
        if let Some(group) = rest.strip_prefix('{') {
            // The names at the group's top level, each before `::`, `,` or `}`.
            let mut depth = 0;
            let mut word = String::new();
            let mut expect_name = true;
            for c in group.chars() {
                if depth == 0 && expect_name && (c.is_alphanumeric() || c == '_') {
                    word.push(c);
                    continue;
                }
                if !word.is_empty() {
                    found.push((line, std::mem::take(&mut word)));
                    expect_name = false;
                }
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => expect_name = true,
                    _ => {}
                }
            }
            if !word.is_empty() {
                found.push((line, word));
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push((line, name));
        }
    }
    found
}

/// Every upward import in one file of layer `layer`, as `path:line: ...`.
fn upward_imports(shown: &str, layer: usize, text: &str) -> Vec<String> {
    let code = code_only(text);
    let root = if LAYERS[layer] == "shell" {
        "arkanong_core"
    } else {
        "crate"
    };
    named_modules(&code, root)
        .into_iter()
        .filter_map(|(line, name)| {
            let to = LAYERS.iter().position(|l| *l == name)?;
            (to > layer).then(|| {
                format!(
                    "{shown}:{line}: imports `{name}`, a layer above `{}`",
                    LAYERS[layer]
                )
            })
        })
        .collect()
}

/// Whether code (not a comment) names the macroquad crate.
fn names_macroquad(text: &str) -> bool {
    let code = code_only(text);
    code.match_indices("macroquad").any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = &code[i + "macroquad".len()..];
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '"')
            && (after.starts_with("::") || after.trim_start().starts_with(';'))
    })
}

/// The core's files and the game's (the shell), each with its path under its own
/// `src/`, so `app/...` is the core's `app` layer and `shell/...` the shell.
fn src_files() -> Vec<(PathBuf, PathBuf)> {
    let mut all = Vec::new();
    for folder in ["/core/src", "/src"] {
        let src = PathBuf::from(format!("{}{folder}", env!("CARGO_MANIFEST_DIR")));
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        all.extend(
            files
                .into_iter()
                .map(|f| (f.strip_prefix(&src).expect("under src/").to_path_buf(), f)),
        );
    }
    all
}

#[test]
fn no_import_runs_upward_between_the_top_level_folders() {
    let files = src_files();
    let mut problems = Vec::new();
    let mut ranked = 0;
    for (relative, path) in &files {
        let Some(layer) = layer_of(relative) else {
            continue;
        };
        ranked += 1;
        let text = fs::read_to_string(path).expect("a source file is readable");
        problems.extend(upward_imports(
            &relative.display().to_string(),
            layer,
            &text,
        ));
    }
    assert!(ranked > 100, "found only {ranked} files in the layers");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn only_the_shell_names_macroquad() {
    let mut seen_in_shell = false;
    let mut problems = Vec::new();
    for (relative, path) in src_files() {
        let text = fs::read_to_string(&path).expect("a source file is readable");
        let names = names_macroquad(&text);
        if layer_of(&relative) == Some(LAYERS.len() - 1) {
            seen_in_shell |= names;
        } else if names {
            problems.push(relative.display().to_string());
        }
    }
    assert!(
        seen_in_shell,
        "the scan finds macroquad nowhere, not even in the shell"
    );
    assert!(
        problems.is_empty(),
        "outside the shell, these name macroquad: {}",
        problems.join(", ")
    );
}

#[test]
fn the_scan_sees_plain_grouped_and_shell_imports() {
    let app = LAYERS.iter().position(|l| *l == "app").unwrap();
    let shell = LAYERS.len() - 1;
    let plain = "use crate::commands::sim;\nuse crate::game::Game;\n";
    assert_eq!(upward_imports("a.rs", app, plain).len(), 1);
    assert!(upward_imports("a.rs", app, plain)[0].starts_with("a.rs:1: "));
    let grouped =
        "use crate::{\n    game::Game,\n    commands::{sim, check},\n    level,tuning};\n";
    assert_eq!(
        named_modules(grouped, "crate")
            .into_iter()
            .map(|(_, n)| n)
            .collect::<Vec<_>>(),
        ["game", "commands", "level", "tuning"]
    );
    assert_eq!(upward_imports("a.rs", app, grouped).len(), 1);
    let inline = "fn f() { let x = crate::commands::replay(p, out); }";
    assert_eq!(upward_imports("a.rs", app, inline).len(), 1);
    let commented = "/// See [`crate::commands::Cli`].\n// crate::shell\nuse crate::game::Game;\n";
    assert!(upward_imports("a.rs", app, commented).is_empty());
    assert!(upward_imports("m.rs", shell, "use arkanong_core::commands::Cli;").is_empty());
    assert!(names_macroquad("use macroquad::prelude::*;"));
    assert!(!names_macroquad(
        "// drawn by macroquad::text\nlet s = \"macroquad\";"
    ));
}
