//! No thread-local carries a setting or game state (issue 30): the settings have
//! one owner, the app's state, and reach the drawing as values (the `Palette` in
//! each `View`). A thread-local may only cache a texture or material, collect the
//! frame's drawn text boxes, keep what the shell drew for the next frame's taps,
//! de-duplicate a log line, or hold the device reader; each says so in a comment
//! right above it ending "no setting or game state", or names the device reading.

use std::fs;
use std::path::Path;

#[path = "common/sources.rs"]
mod sources;
use sources::rust_files;

/// The comment lines right above line `at`.
fn comment_above(lines: &[&str], at: usize) -> String {
    let mut words = Vec::new();
    for line in lines[..at].iter().rev() {
        match line.trim().strip_prefix("//") {
            Some(text) => words.push(text.trim().to_owned()),
            None => break,
        }
    }
    words.reverse();
    words.join(" ")
}

#[test]
fn every_thread_local_says_it_holds_no_setting_or_game_state() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    rust_files(Path::new("core/src"), &mut files);
    let mut seen = 0;
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.trim_start().starts_with("thread_local!") {
                continue;
            }
            seen += 1;
            let why = comment_above(&lines, i);
            assert!(
                why.contains("no setting or game state") || why.contains("Device reading"),
                "{}:{}: a thread-local without a comment saying what it holds \
                 (a cache, the drawn texts, a log line's de-duplication, the device \
                 reader), or one that carries a setting: pass it as a value instead",
                path.display(),
                i + 1
            );
        }
    }
    assert!(seen > 0, "the scan found the shell's thread-locals");
}

#[test]
fn high_contrast_reaches_the_drawing_as_a_value() {
    let palette = fs::read_to_string("src/shell/palette.rs").unwrap();
    assert!(
        !palette.contains("thread_local!") && !palette.contains("fn set_high_contrast"),
        "the palette in use is a `Palette` value carried by the `View`, not a global"
    );
    let pointer = fs::read_to_string("src/shell/input/pointer.rs").unwrap();
    assert!(
        !pointer.contains("static DEVICE"),
        "the device used last lives in the app's state (`AppState.menu.device`)"
    );
}
