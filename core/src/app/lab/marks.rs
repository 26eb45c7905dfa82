//! What a scene asks the shell to draw, in the scene's own coordinates (y up, as
//! in the tutorials' figures). The shell only maps these to pixels and colours.

use glam::Vec2;

use crate::app::feel::Rgba;

/// What a mark stands for; the shell picks its colour from this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// The scene's fixed shapes (segments, polygons).
    Shape,
    /// The moving or tested object (a ball, a second segment).
    Mover,
    /// Where the game's query says contact happens.
    Hit,
    /// A path or normal by Arkanong's method.
    Ours,
    /// A path or point by the tutorial's method, shown to compare.
    Tutorial,
    /// Construction lines: capsules, infinite lines, earlier positions.
    Ghost,
    /// A separating axis, or a failure worth pointing at.
    Warning,
    /// A surface normal at a contact (its own colour, apart from the velocities).
    Normal,
}

impl Mark {
    /// A name beside the point `at` (an arrow's head, say), in `tone`'s colour.
    pub fn label(at: Vec2, text: &str, tone: Tone) -> Mark {
        Mark::Label {
            at,
            text: text.to_owned(),
            tone,
        }
    }
}

/// A tone's colour, in the default palette or high contrast (`high_contrast`).
/// None is a player's colour (nor near one), so "tutorial" is never mistaken for
/// the top player; the shapes take the barriers' colour; the construction lines a
/// faint white.
pub fn tone_rgba(tone: Tone, high_contrast: bool) -> Rgba {
    match (tone, high_contrast) {
        (Tone::Shape, false) => [0.35, 0.45, 0.85, 1.0],
        (Tone::Shape, true) => [0.72, 0.76, 0.86, 1.0],
        (Tone::Mover, false) => [0.80, 0.70, 1.00, 1.0],
        (Tone::Mover, true) => [0.34, 0.71, 0.91, 1.0],
        (Tone::Tutorial, false) => [0.95, 0.35, 0.85, 1.0],
        (Tone::Tutorial, true) => [0.80, 0.47, 0.65, 1.0],
        (Tone::Hit, false) => [1.00, 0.90, 0.30, 1.0],
        (Tone::Hit, true) => [0.90, 0.60, 0.00, 1.0],
        (Tone::Ours, false) => [0.40, 0.95, 0.50, 1.0],
        (Tone::Ours, true) => [0.00, 0.75, 0.55, 1.0],
        (Tone::Warning, false) => [1.00, 0.15, 0.45, 1.0],
        (Tone::Warning, true) => [0.84, 0.37, 0.00, 1.0],
        (Tone::Normal, _) => [0.95, 0.95, 0.95, 1.0],
        (Tone::Ghost, _) => [1.0, 1.0, 1.0, 0.3],
    }
}

/// The figure's legend: the colours that carry a meaning, named as they look in
/// the palette in use.
pub fn legend(high_contrast: bool) -> &'static str {
    if high_contrast {
        "purple: tutorial   green: Arkanong   orange: contact   white: normal"
    } else {
        "magenta: tutorial   green: Arkanong   yellow: contact   white: normal"
    }
}

/// One thing to draw.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A segment from `a` to `b`.
    Segment {
        /// One end.
        a: Vec2,
        /// The other end.
        b: Vec2,
        /// Its meaning.
        tone: Tone,
    },
    /// The infinite line through `a` and `b` (drawn across the whole view).
    Line {
        /// A point on the line.
        a: Vec2,
        /// Another point on it.
        b: Vec2,
        /// Its meaning.
        tone: Tone,
    },
    /// A circle's outline, or a disc when `filled`.
    Circle {
        /// Centre.
        center: Vec2,
        /// Radius.
        radius: f32,
        /// Whether to fill it.
        filled: bool,
        /// Its meaning.
        tone: Tone,
    },
    /// The rounded capsule of `radius` around the segment from `a` to `b`.
    Capsule {
        /// One end of the core segment.
        a: Vec2,
        /// The other end.
        b: Vec2,
        /// Its radius.
        radius: f32,
        /// Its meaning.
        tone: Tone,
    },
    /// An arrow from `from` to `to`.
    Arrow {
        /// Tail.
        from: Vec2,
        /// Head.
        to: Vec2,
        /// Its meaning.
        tone: Tone,
    },
    /// A small dot marking a point.
    Dot {
        /// Where.
        at: Vec2,
        /// Its meaning.
        tone: Tone,
    },
    /// A closed polygon's outline.
    Polygon {
        /// Its corners in order.
        points: Vec<Vec2>,
        /// Its meaning.
        tone: Tone,
    },
    /// A short text beside a point.
    Label {
        /// Where.
        at: Vec2,
        /// What it says.
        text: String,
        /// Its meaning.
        tone: Tone,
    },
}

/// One line of the readout panel: a name and its live value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readout {
    /// What is measured, e.g. `"d1"`.
    pub name: String,
    /// Its value, formatted for people (see [`num`] and [`point`]).
    pub value: String,
}

impl Readout {
    /// A readout named `name` showing `value`.
    pub fn new(name: &str, value: impl Into<String>) -> Self {
        Self {
            name: name.to_owned(),
            value: value.into(),
        }
    }
}

/// A number as the panel shows it: at most three decimals, no trailing zeros,
/// `-0` shown as `0`, and `NaN` and `inf` spelled out (the slope method makes them).
pub fn num(x: f32) -> String {
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// A point as the panel shows it: `(x, y)`.
pub fn point(p: Vec2) -> String {
    format!("({}, {})", num(p.x), num(p.y))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance(a: Rgba, b: Rgba) -> f32 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    #[test]
    fn lab_tones_are_apart_and_never_a_players_colour() {
        use crate::level::Side;
        let tones = [
            Tone::Shape,
            Tone::Mover,
            Tone::Hit,
            Tone::Ours,
            Tone::Tutorial,
            Tone::Warning,
            Tone::Normal,
        ];
        for hc in [false, true] {
            for (i, &a) in tones.iter().enumerate() {
                for side in [Side::Bottom, Side::Top] {
                    let d = distance(tone_rgba(a, hc), crate::app::feel::side_rgba(side, hc));
                    assert!(d >= 0.3, "hc={hc}: {a:?} near the {side:?} player ({d:.2})");
                }
                for &b in &tones[i + 1..] {
                    let d = distance(tone_rgba(a, hc), tone_rgba(b, hc));
                    assert!(d >= 0.2, "hc={hc}: {a:?} and {b:?} alike ({d:.2})");
                }
            }
            assert!(!legend(hc).contains("orange: tutorial"));
        }
    }

    #[test]
    fn num_trims_zeros_and_names_non_finite_values() {
        assert_eq!(num(7.0), "7");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(1.0 / 3.0), "0.333");
        assert_eq!(num(f32::NAN), "NaN");
        assert_eq!(num(f32::NEG_INFINITY), "-inf");
        assert_eq!(point(Vec2::new(7.0, 0.0)), "(7, 0)");
    }
}
