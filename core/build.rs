//! Compiles the shipped level sets into the binary (so the browser build and a
//! copied binary have them): `levels/` itself is the first set, then each folder
//! under it that holds level files, by folder name. A set's levels are its files
//! named `NN_name.txt` (two digits, an underscore), in file-name order. Any other
//! `.txt` there (a level a player saved beside the shipped ones, which the game
//! lists under "My levels") is not shipped: a stray file must not join the
//! campaign, renumber `--level N` or change the attract hash. Each one skipped is
//! named in a cargo warning. Adding a level or a set is adding its files: this
//! script lists them, and `src/level/shipped.rs` includes what it wrote.

use std::fmt::Write as _;
use std::path::Path;

/// The file that describes a set (`src/level/set_info.rs`'s `SET_FILE`).
const SET_FILE: &str = "set.txt";

/// Whether a file name is a shipped level's: `NN_name.txt`.
fn is_shipped_name(name: &str) -> bool {
    let b = name.as_bytes();
    name.ends_with(".txt")
        && b.len() > 7
        && b[0].is_ascii_digit()
        && b[1].is_ascii_digit()
        && b[2] == b'_'
}

/// A directory entry's name, or a cargo warning when it is not UTF-8 (it cannot
/// be named in Rust source; such a file is never shipped).
fn utf8_name(entry: &std::fs::DirEntry) -> Option<String> {
    let name = entry.file_name();
    let text = name.to_str().map(str::to_owned);
    if text.is_none() {
        println!(
            "cargo:warning=levels: skipped {:?}: its name is not UTF-8",
            entry.path()
        );
    }
    text
}

fn main() {
    // The shipped levels sit at the repository's top (the game's package), beside this core.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut folders = vec![String::new()];
    let mut subfolders: Vec<String> = std::fs::read_dir(&root)
        .expect("the levels folder")
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| utf8_name(&e))
        .collect();
    subfolders.sort();
    folders.extend(subfolders);

    let mut out = String::from("&[\n");
    for folder in folders {
        let dir = root.join(&folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .expect("a levels folder")
            .flatten()
            .filter(|e| e.path().is_file())
            .filter_map(|e| utf8_name(&e))
            .filter(|n| n.ends_with(".txt") && n != SET_FILE)
            .filter(|n| {
                let shipped = is_shipped_name(n);
                if !shipped {
                    println!(
                        "cargo:warning=levels: {}/{n} is not shipped: shipped levels are named NN_name.txt",
                        if folder.is_empty() { "levels".to_owned() } else { format!("levels/{folder}") }
                    );
                }
                shipped
            })
            .collect();
        if files.is_empty() {
            continue;
        }
        files.sort();
        let info = dir.join(SET_FILE);
        let info = if info.is_file() {
            format!("Some(include_str!({:?}))", info.display().to_string())
        } else {
            "None".to_owned()
        };
        let _ = writeln!(
            out,
            "    ShippedSet {{ folder: {folder:?}, info: {info}, levels: &["
        );
        for file in files {
            let name = if folder.is_empty() {
                file.clone()
            } else {
                format!("{folder}/{file}")
            };
            let path = dir.join(&file).display().to_string();
            let _ = writeln!(
                out,
                "        ShippedLevel {{ file: {name:?}, text: include_str!({path:?}) }},"
            );
        }
        out.push_str("    ] },\n");
    }
    out.push(']');
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped_sets.rs");
    std::fs::write(dest, out).expect("writing the shipped sets");
}
