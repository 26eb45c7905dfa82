//! The game's colours: the two owners, the neutral field, bricks by hit points,
//! capsules by power-up.

use arkanong_core::app::feel::{
    brick_rgba, capsule_rgba, digit_ink, ink_on, outline_for, side_rgba, Rgba, ARENA_FLOOR,
    STEEL_GREY,
};
use arkanong_core::app::records::Settings;
use arkanong_core::level::{BrickKind, PowerUp, Side};
use macroquad::prelude::Color;

use crate::shell::place::Place;

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

/// The colours of the frames being drawn: the default owner pair, or the
/// high-contrast one (Settings > High contrast). Built from the settings once a
/// frame ([`Palette::of`]) and carried by the [`View`](super::view::View) every
/// drawing function takes (or passed beside it where there is no arena), so the
/// setting has one owner, the app's state, and no drawing reads a global.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Palette {
    /// Whether the high-contrast colours are in use.
    pub(crate) high_contrast: bool,
    /// The set's place (floor, background, light): the classic one unless the
    /// game drawn says otherwise (`play::draw_game` sets it from its session).
    pub(crate) place: Place,
}

impl Palette {
    /// The palette the player's settings choose.
    pub(crate) fn of(settings: &Settings) -> Self {
        Self {
            high_contrast: settings.high_contrast,
            place: Place::Classic,
        }
    }

    /// A player's colour.
    pub(crate) fn side(self, side: Side) -> Color {
        color(side_rgba(side, self.high_contrast))
    }

    /// Hexagons and other barriers: in high contrast a light grey-blue, which the
    /// deep-blue top owner cannot be mistaken for.
    pub(crate) fn barrier(self) -> Color {
        if self.high_contrast {
            Color::new(0.72, 0.76, 0.86, 1.0)
        } else {
            BARRIER
        }
    }

    /// A brick's colour by its kind and the hits it still takes
    /// (`app::feel::brick_rgba`: 1 to 9 each have their own).
    pub(crate) fn brick(self, kind: BrickKind, hits_left: Option<u8>) -> Color {
        color(brick_rgba(kind, hits_left, self.high_contrast))
    }

    /// The ink of a brick's hit-point digit, and its outline (`app::feel::digit_ink`:
    /// it reads on the brick and its shaded part).
    pub(crate) fn digit_ink_and_outline(
        self,
        kind: BrickKind,
        hits_left: Option<u8>,
    ) -> (Color, Color) {
        let ink = digit_ink(kind, hits_left, self.high_contrast);
        (color(ink), color(outline_for(ink)))
    }
}

/// A power-up's capsule colour.
pub(crate) fn capsule_color(p: PowerUp) -> Color {
    color(capsule_rgba(p))
}

/// The ink a letter or digit is written in on `background`, and its outline:
/// black on white or white on black, whichever reads better (tested at 4.5:1 or
/// more for every brick and capsule colour, `app/feel/palette_tests.rs`).
pub(crate) fn ink_and_outline(background: Color) -> (Color, Color) {
    let ink = ink_on([background.r, background.g, background.b, 1.0]);
    (color(ink), color(outline_for(ink)))
}
