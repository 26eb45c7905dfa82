//! What a scene asks the shell to draw, in the scene's own coordinates (y up, as
//! in the tutorials' figures). The shell only maps these to pixels and colours.

use glam::Vec2;

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
