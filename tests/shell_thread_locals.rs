//! No thread-local carries a setting or game state (issue 30): the settings have
//! one owner, the app's state, and reach the drawing as values (the `Palette` in
//! each `View`). A thread-local may only cache a texture, a font or a material,
//! collect what the shell drew this frame, de-duplicate a log line, hold a
//! device reader, or count work for a test. Each one in the code is listed
//! below with its type and why: a new one fails this test until it is added
//! here (a reviewer sees it), and none may hold a type of the app's state or
//! settings, whatever its comment says (issue 46: the check that looked for a
//! phrase in the comment above passed as soon as the phrase was written).

use std::fs;
use std::path::Path;

#[path = "common/sources.rs"]
mod sources;
use sources::rust_files;

/// Every thread-local the code may hold: its file, its name, the start of its
/// type, and what kind of thing it is.
const ALLOWED: &[(&str, &str, &str, &str)] = &[
    (
        "src/shell/batch.rs",
        "DISC",
        "OnceCell<Texture2D>",
        "a texture cache",
    ),
    (
        "src/shell/play/balls.rs",
        "GLOW",
        "OnceCell<Option<(Material, Texture2D)>>",
        "a material cache",
    ),
    (
        "src/shell/place.rs",
        "FLOOR",
        "[OnceCell<Texture2D>; 4]",
        "a texture cache: each place's floor gradient",
    ),
    (
        "src/shell/play/hud.rs",
        "WASH",
        "OnceCell<Texture2D>",
        "a texture cache: the panels' wash",
    ),
    (
        "src/shell/light/mod.rs",
        "PASS",
        "RefCell<Option<Pass>>",
        "the glow pass's light map and material",
    ),
    (
        "src/shell/text.rs",
        "DRAWN",
        "RefCell<Vec<DrawnText>>",
        "the frame's drawn text boxes",
    ),
    (
        "src/shell/text.rs",
        "DISPLAY",
        "std::cell::Cell<Option<&'static Font>>",
        "a font cache",
    ),
    (
        "src/shell/menus/screens.rs",
        "MARKS",
        "Cell<[Option<Rect>; 2]>",
        "what the shell drew, for the next frame's taps",
    ),
    (
        "src/shell/online/share.rs",
        "DRAWN",
        "RefCell<Vec<(Rect, ShareButton)>>",
        "what the shell drew, for the next frame's taps",
    ),
    (
        "src/shell/community/draw.rs",
        "LOGGED",
        "RefCell<String>",
        "a log line's de-duplication",
    ),
    (
        "src/shell/online/draw.rs",
        "LOGGED",
        "RefCell<String>",
        "a log line's de-duplication",
    ),
    (
        "src/shell/app/show.rs",
        "LOGGED",
        "RefCell<[String; 3]>",
        "a log line's de-duplication",
    ),
    (
        "src/shell/app/show.rs",
        "GAME_LOGGED",
        "RefCell<[String; 2]>",
        "a log line's de-duplication (the banner's and the replay bar's lines)",
    ),
    (
        "src/shell/app/show.rs",
        "TOOL_SIZES",
        "RefCell<String>",
        "a log line's de-duplication",
    ),
    (
        "src/shell/input/read.rs",
        "LETTER",
        "RefCell<LetterGesture>",
        "a device reader (the letter gesture)",
    ),
    (
        "src/shell/input/typing_keys.rs",
        "READER",
        "RefCell<Option<TypingKeys>>",
        "a device reader",
    ),
    (
        "src/shell/input/pointer.rs",
        "READER",
        "RefCell<Option<PointerReader>>",
        "a device reader",
    ),
    (
        "src/shell/input/phone.rs",
        "ROTATION",
        "Cell<RotationWatch>",
        "a device reader (the phone's turn)",
    ),
    (
        "core/src/level/tokens.rs",
        "WALKED",
        "std::cell::Cell<u64>",
        "a work counter for the parser's tests",
    ),
    (
        "core/src/app/records/format/de.rs",
        "LINES_READ",
        "std::cell::Cell<u64>",
        "a work counter for the reader's tests",
    ),
];

/// Types of the app's state and settings: a thread-local holding one would be
/// a second owner of what `AppState` owns.
const STATE_TYPES: &[&str] = &[
    "Settings",
    "Juice",
    "Palette",
    "Bindings",
    "AppState",
    "Menu",
    "Session",
    "Game",
    "Progress",
    "HighScores",
    "Screen",
    "bool",
];

/// Every thread-local in the code: (file, name, type), from the `static NAME:
/// TYPE =` line after each `thread_local!` (doc comments between are skipped).
fn thread_locals() -> Vec<(String, String, String)> {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    rust_files(Path::new("core/src"), &mut files);
    let mut found = Vec::new();
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.trim_start().starts_with("thread_local!") {
                continue;
            }
            let decl = lines[i + 1..]
                .iter()
                .map(|l| l.trim())
                .find(|l| l.starts_with("static "))
                .unwrap_or_else(|| panic!("{}:{}: no static after it", path.display(), i + 1));
            let rest = decl.trim_start_matches("static ");
            let (name, ty) = rest.split_once(':').expect("static NAME: TYPE");
            let ty = ty.split(" = ").next().unwrap().trim();
            let file = path.to_string_lossy().replace('\\', "/");
            found.push((file, name.trim().to_owned(), ty.to_owned()));
        }
    }
    found
}

#[test]
fn every_thread_local_is_a_listed_cache_reader_or_log_and_none_holds_state() {
    let found = thread_locals();
    assert!(
        found.len() >= 10,
        "the scan found the shell's thread-locals: {found:?}"
    );
    for (file, name, ty) in &found {
        let listed = ALLOWED
            .iter()
            .find(|(f, n, t, _)| f == file && n == name && ty.starts_with(t));
        assert!(
            listed.is_some(),
            "{file}: thread-local {name}: {ty} is not in tests/shell_thread_locals.rs's list. \
             A thread-local may cache a texture, font or material, collect the frame's drawn \
             boxes, de-duplicate a log line or hold a device reader; a setting or game state \
             is passed as a value instead. If it is one of those, add it to ALLOWED with why."
        );
        for word in STATE_TYPES {
            let holds = ty
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|part| part == *word);
            assert!(
                !holds,
                "{file}: thread-local {name}: {ty} holds the app's {word}"
            );
        }
    }
    // Nothing listed that is gone: the list stays the code's.
    for (f, n, _, why) in ALLOWED {
        assert!(
            found.iter().any(|(file, name, _)| file == f && name == n),
            "{f}: thread-local {n} ({why}) is listed but no longer in the code: drop it"
        );
    }
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
