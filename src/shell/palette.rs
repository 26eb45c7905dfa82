//! The game's colours: the two owners, the neutral field, bricks by hit points,
//! capsules by power-up.

use std::cell::Cell;

use arkanong::level::{PowerUp, Side};
use macroquad::prelude::Color;

/// The bottom player's colour.
pub(crate) const BOTTOM_COLOR: Color = Color::new(0.30, 0.80, 1.00, 1.0);
/// The top player's colour.
pub(crate) const TOP_COLOR: Color = Color::new(1.00, 0.45, 0.30, 1.0);
/// The bottom player's colour in high contrast: a light yellow (Okabe-Ito's
/// yellow), far from the top's deep blue in lightness as well as hue, so the
/// owners stay apart for colour-blind players.
pub(crate) const HIGH_CONTRAST_BOTTOM: Color = Color::new(0.94, 0.89, 0.26, 1.0);
/// The top player's colour in high contrast: a deep blue (Okabe-Ito's blue, a
/// little lighter so it still stands out on the dark field).
pub(crate) const HIGH_CONTRAST_TOP: Color = Color::new(0.05, 0.50, 0.95, 1.0);
/// Behind the arena.
pub(crate) const BACKGROUND: Color = Color::new(0.03, 0.035, 0.07, 1.0);
/// The arena floor.
pub(crate) const ARENA: Color = Color::new(0.06, 0.07, 0.13, 1.0);
/// Hexagons and other barriers.
pub(crate) const BARRIER: Color = Color::new(0.35, 0.45, 0.85, 1.0);
/// Walls and unbreakable bricks.
pub(crate) const STEEL: Color = Color::new(0.55, 0.58, 0.65, 1.0);

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
    match (side, high_contrast()) {
        (Side::Bottom, false) => BOTTOM_COLOR,
        (Side::Top, false) => TOP_COLOR,
        (Side::Bottom, true) => HIGH_CONTRAST_BOTTOM,
        (Side::Top, true) => HIGH_CONTRAST_TOP,
    }
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

/// A brick's colour by the hits it still takes (`None`: unbreakable).
pub(crate) fn brick_color(hits_left: Option<u8>) -> Color {
    if high_contrast() {
        return high_contrast_brick_color(hits_left);
    }
    match hits_left {
        None => STEEL,
        Some(1) => Color::new(0.35, 0.85, 0.45, 1.0),
        Some(2) => Color::new(0.95, 0.85, 0.30, 1.0),
        Some(3) => Color::new(0.98, 0.60, 0.20, 1.0),
        Some(4 | 5) => Color::new(0.95, 0.30, 0.35, 1.0),
        Some(_) => Color::new(0.75, 0.35, 0.95, 1.0),
    }
}

/// Bricks in high contrast: greys and rose shades, light to dark as hits grow,
/// so no brick is mistaken for the yellow or the blue owner (the default yellow
/// two-hit brick is the bottom owner's colour there).
fn high_contrast_brick_color(hits_left: Option<u8>) -> Color {
    match hits_left {
        None => STEEL,
        Some(1) => Color::new(0.85, 0.85, 0.85, 1.0),
        Some(2) => Color::new(0.95, 0.60, 0.72, 1.0),
        Some(3) => Color::new(0.85, 0.42, 0.55, 1.0),
        Some(4 | 5) => Color::new(0.70, 0.28, 0.40, 1.0),
        Some(_) => Color::new(0.55, 0.20, 0.30, 1.0),
    }
}

/// A power-up's capsule colour.
pub(crate) fn capsule_color(p: PowerUp) -> Color {
    match p {
        PowerUp::Slow => Color::new(1.0, 0.6, 0.2, 1.0),
        PowerUp::Catch => Color::new(0.3, 0.9, 0.4, 1.0),
        PowerUp::Laser => Color::new(1.0, 0.3, 0.3, 1.0),
        PowerUp::Enlarge => Color::new(0.3, 0.5, 1.0, 1.0),
        PowerUp::Disruption => Color::new(0.3, 0.9, 0.9, 1.0),
        PowerUp::ExtraLife => Color::new(0.7, 0.7, 0.7, 1.0),
        PowerUp::Convert => Color::new(0.9, 0.4, 0.9, 1.0),
        PowerUp::Shield => Color::new(0.6, 1.0, 0.7, 1.0),
        PowerUp::Reduce => Color::new(0.75, 0.3, 0.3, 1.0),
    }
}
