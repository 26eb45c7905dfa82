//! The level sets that ship inside the binary (so the web build and a copied
//! binary have them): `levels/` itself, the root set of the first 13 levels,
//! then each folder under it (`levels/angles/`, ...). `build.rs` lists the files,
//! so adding a level or a set is adding its files.

/// A level compiled into the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedLevel {
    /// Its name: the file name under `levels/` for the root set
    /// (`01_first_contact.txt`), `SET/FILE` for a level of a subfolder set
    /// (`angles/03_spin.txt`).
    pub file: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// A set compiled into the game: a folder of level files, in file-name order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedSet {
    /// Its folder under `levels/`; empty for the root set (`levels/` itself).
    pub folder: &'static str,
    /// Its `set.txt`, if it has one.
    pub info: Option<&'static str>,
    /// Its levels, in play order (the last is its finale).
    pub levels: &'static [ShippedLevel],
}

/// What `build.rs` found under `levels/`.
const SHIPPED_SETS: &[ShippedSet] = include!(concat!(env!("OUT_DIR"), "/shipped_sets.rs"));

/// Every shipped set: the root set first, then the subfolders by name.
pub fn shipped_sets() -> &'static [ShippedSet] {
    SHIPPED_SETS
}

/// The root set's levels (today's campaign), in play order: the levels a number
/// (`--level 3`) counts.
pub fn shipped_levels() -> &'static [ShippedLevel] {
    SHIPPED_SETS
        .iter()
        .find(|s| s.folder.is_empty())
        .map_or(&[], |s| s.levels)
}

/// Every shipped level of every set, the root set's first.
pub fn all_shipped_levels() -> impl Iterator<Item = &'static ShippedLevel> {
    SHIPPED_SETS.iter().flat_map(|s| s.levels.iter())
}
