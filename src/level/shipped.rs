//! The levels that ship inside the binary (so the web build and a copied binary
//! have them), in play order.

/// A level compiled into the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedLevel {
    /// Its file name under `levels/`.
    pub file: &'static str,
    /// Its text.
    pub text: &'static str,
}

macro_rules! shipped {
    ($($file:literal),* $(,)?) => {
        &[$(ShippedLevel { file: $file, text: include_str!(concat!("../../levels/", $file)) }),*]
    };
}

const SHIPPED: &[ShippedLevel] = shipped![
    "01_first_contact.txt",
    "02_twin_hexes.txt",
    "03_steel_line.txt",
    "04_deflectors.txt",
    "05_funnel.txt",
    "06_shields.txt",
    "07_checkerboard.txt",
    "08_hex_garden.txt",
    "09_fortress.txt",
    "10_crossfire.txt",
    "11_diamond.txt",
    "12_finale.txt",
    "13_hex_duel.txt",
];

/// Every shipped level, in play order.
pub fn shipped_levels() -> &'static [ShippedLevel] {
    SHIPPED
}
