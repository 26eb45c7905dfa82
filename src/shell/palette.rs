//! The game's colours: the two owners, the neutral field, bricks by hit points,
//! capsules by power-up.

use std::cell::Cell;

use arkanong::app::feel::{
    brick_rgba, capsule_rgba, digit_ink, ink_on, outline_for, side_rgba, Rgba, ARENA_FLOOR,
    STEEL_GREY,
};
use arkanong::level::{BrickKind, PowerUp, Side};
use macroquad::prelude::Color;

/// A headless colour (`app::feel`'s plain RGBA) as macroquad's.
pub(crate) const fn color(c: Rgba) -> Color {
    Color::new(c[0], c[1], c[2], c[3])
}

/// Behind the arena.
pub(crate) const BACKGROUND: Color = Color::new(0.03, 0.035, 0.07, 1.0);
/// The arena floor.
pub(crate) const ARENA: Color = color(ARENA_FLOOR);
/// Hexagons and other barriers.
pub(crate) const BARRIER: Color = Color::new(0.35, 0.45, 0.85, 1.0);
/// Walls and unbreakable bricks.
pub(crate) const STEEL: Color = color(STEEL_GREY);

// Which owner pair is in use. The shell sets it once a frame from the settings
// (`set_high_contrast`); a thread-local rather than a parameter because owner
// colours are read at dozens of draw sites (balls, paddles, trails, sparks, HUD
// panels, the editor), and threading a flag through all of them would touch every
// drawing function for one setting. Drawing happens on the one main thread.
thread_local! {
    static HIGH_CONTRAST: Cell<bool> = const { Cell::new(false) };
}

/// Chooses the owners' colours for the frames that follow: the high-contrast pair
/// when `on`, else the default pair.
pub(crate) fn set_high_contrast(on: bool) {
    HIGH_CONTRAST.with(|c| c.set(on));
}

/// Whether the high-contrast pair is in use.
pub(crate) fn high_contrast() -> bool {
    HIGH_CONTRAST.with(Cell::get)
}

/// A player's colour, from the pair in use (see [`set_high_contrast`]).
pub(crate) fn side_color(side: Side) -> Color {
    color(side_rgba(side, high_contrast()))
}

/// Hexagons and other barriers: in high contrast a light grey-blue, which the
/// deep-blue top owner cannot be mistaken for.
pub(crate) fn barrier_color() -> Color {
    if high_contrast() {
        Color::new(0.72, 0.76, 0.86, 1.0)
    } else {
        BARRIER
    }
}

/// A brick's colour by the hits it still takes (`None`: unbreakable), from the
/// palette in use: 1 to 9 each have their own (`app::feel::brick_rgba`).
pub(crate) fn brick_color(kind: BrickKind, hits_left: Option<u8>) -> Color {
    color(brick_rgba(kind, hits_left, high_contrast()))
}

/// A power-up's capsule colour.
pub(crate) fn capsule_color(p: PowerUp) -> Color {
    color(capsule_rgba(p))
}

/// The ink of a brick's hit-point digit, and its outline, from the palette in
/// use (`app::feel::digit_ink`: it reads on the brick and its shaded part).
pub(crate) fn digit_ink_and_outline(kind: BrickKind, hits_left: Option<u8>) -> (Color, Color) {
    let ink = digit_ink(kind, hits_left, high_contrast());
    (color(ink), color(outline_for(ink)))
}

/// The ink a letter or digit is written in on `background`, and its outline:
/// black on white or white on black, whichever reads better (tested at 4.5:1 or
/// more for every brick and capsule colour, `app/feel/palette_tests.rs`).
pub(crate) fn ink_and_outline(background: Color) -> (Color, Color) {
    let ink = ink_on([background.r, background.g, background.b, 1.0]);
    (color(ink), color(outline_for(ink)))
}
