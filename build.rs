//! Compiles the shipped level sets into the binary (so the browser build and a
//! copied binary have them): `levels/` itself is the first set, then each folder
//! under it that holds level files, by folder name. A set's levels are its `*.txt`
//! files in file-name order, `set.txt` apart (it describes the set). Adding a
//! level or a set is adding its files: this script lists them, and
//! `src/level/shipped.rs` includes what it wrote.

use std::fmt::Write as _;
use std::path::Path;

/// The file that describes a set (`src/level/set_info.rs`'s `SET_FILE`).
const SET_FILE: &str = "set.txt";

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut folders = vec![String::new()];
    let mut subfolders: Vec<String> = std::fs::read_dir(&root)
        .expect("the levels folder")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
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
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".txt") && n != SET_FILE)
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
