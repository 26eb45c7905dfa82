//! The list of scenes, and for each its name, description, method text, handles
//! and presets. The per-scene work (readouts and figure) lives in one file per
//! scene; this file only dispatches to them.

use glam::Vec2;

use super::marks::{Mark, Readout};
use super::state::Lab;
use super::{
    ball_ball, circle_line, hexagon_corner, live_world, moving_paddle, moving_wall, overlaps,
    segment_crossing, separating_axes, swept_circle,
};

/// A starting position for a scene: a tutorial's worked example or a telling case.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// Its button label.
    pub name: &'static str,
    /// Where the handles go, in the order of [`Scene::handle_names`].
    pub handles: Vec<Vec2>,
    /// The scene's extra number (a radius, or an exponent).
    pub param: f32,
    /// Whether the scene's toggle starts on.
    pub toggle: bool,
    /// Where the tutorial's printed number is wrong: the correction, in a sentence.
    pub note: &'static str,
    /// The scene's fixed sizes and angles that no handle moves (scene 4: each
    /// rectangle's half extents; A's rotation), empty for most scenes.
    pub sizes: Vec<f32>,
}

/// One scene of the collision lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scene {
    /// Two segments: the crossing point and both parameters.
    SegmentCrossing,
    /// A circle's boundary points on a line and a segment.
    CircleLine,
    /// A circle moving against a segment: d1, d2, t and the capsule.
    SweptCircle,
    /// Two oriented rectangles and their candidate separating axes.
    SeparatingAxes,
    /// Seed 003's yes-or-no overlap tests.
    Overlaps,
    /// A ball at a hexagon's corner: per-edge reflections against our vertex normal.
    HexagonCorner,
    /// Two moving balls: time of impact, exchange, ownership.
    BallBall,
    /// A ball against a moving paddle, in the paddle's frame.
    MovingPaddle,
    /// A shipped level in slow motion, every contact of every step kept.
    LiveWorld,
    /// A ball against a level's gliding barrier, in the wall's frame.
    MovingWall,
}

impl Scene {
    /// Every scene, in the order of the menu and `arkanong lab --list`.
    pub const ALL: [Scene; 10] = [
        Scene::SegmentCrossing,
        Scene::CircleLine,
        Scene::SweptCircle,
        Scene::SeparatingAxes,
        Scene::Overlaps,
        Scene::HexagonCorner,
        Scene::BallBall,
        Scene::MovingPaddle,
        Scene::LiveWorld,
        Scene::MovingWall,
    ];

    /// The scene's name on the command line: `arkanong lab NAME`.
    pub fn name(self) -> &'static str {
        match self {
            Scene::SegmentCrossing => "segment-crossing",
            Scene::CircleLine => "circle-line",
            Scene::SweptCircle => "swept-circle",
            Scene::SeparatingAxes => "separating-axes",
            Scene::Overlaps => "overlaps",
            Scene::HexagonCorner => "hexagon-corner",
            Scene::BallBall => "ball-ball",
            Scene::MovingPaddle => "moving-paddle",
            Scene::LiveWorld => "live-world",
            Scene::MovingWall => "moving-wall",
        }
    }

    /// The scene named `name` (as [`Scene::name`] gives it, or its number from 1).
    pub fn from_name(name: &str) -> Option<Scene> {
        Self::ALL.into_iter().enumerate().find_map(|(i, s)| {
            (s.name() == name || name.parse::<usize>().ok() == Some(i + 1)).then_some(s)
        })
    }

    /// The scene's title, as the lab shows it.
    pub fn title(self) -> &'static str {
        match self {
            Scene::SegmentCrossing => "Segment crossing",
            Scene::CircleLine => "Circle and line",
            Scene::SweptCircle => "Swept circle",
            Scene::SeparatingAxes => "Separating axes",
            Scene::Overlaps => "Overlap tests",
            Scene::HexagonCorner => "Hexagon corner",
            Scene::BallBall => "Ball and ball",
            Scene::MovingPaddle => "Moving paddle",
            Scene::LiveWorld => "Live world",
            Scene::MovingWall => "Moving wall",
        }
    }

    /// One line on what the scene shows.
    pub fn description(self) -> &'static str {
        match self {
            Scene::SegmentCrossing => {
                "two segments: crossing point, both parameters, parallel and collinear named; y = mx + c beside ours"
            }
            Scene::CircleLine => {
                "a circle's boundary points on a line and a segment, the discriminant, and precision far from the origin"
            }
            Scene::SweptCircle => {
                "a circle moving against a segment: d1, d2, t = (r - d1) / (d2 - d1), the capsule and the bounce"
            }
            Scene::SeparatingAxes => {
                "two oriented rectangles: each candidate axis with both shadows, the separating one highlighted"
            }
            Scene::Overlaps => {
                "point-point, circle-point, circle-segment, circle-rectangle and line-line, the collision-basics article's examples"
            }
            Scene::HexagonCorner => {
                "a ball at a hexagon's corner: the tutorial's per-edge reflections against Arkanong's vertex normal"
            }
            Scene::BallBall => {
                "two moving balls: swept circle-circle time of impact, equal-mass exchange, ownership conversion"
            }
            Scene::MovingPaddle => {
                "a ball cast in a moving paddle's frame of reference, and aiming by the point of contact"
            }
            Scene::LiveWorld => {
                "a shipped level step by step: every contact of every step kept, casts as capsules with their toi"
            }
            Scene::MovingWall => {
                "a ball against a gliding barrier: swept in the wall's frame, the normal at the touch, the bounce it throws"
            }
        }
    }

    /// A few sentences on the method, with its formula.
    pub fn method(self) -> &'static str {
        match self {
            Scene::SegmentCrossing => segment_crossing::METHOD,
            Scene::CircleLine => circle_line::METHOD,
            Scene::SweptCircle => swept_circle::METHOD,
            Scene::SeparatingAxes => separating_axes::METHOD,
            Scene::Overlaps => overlaps::METHOD,
            Scene::HexagonCorner => hexagon_corner::METHOD,
            Scene::BallBall => ball_ball::METHOD,
            Scene::MovingPaddle => moving_paddle::METHOD,
            Scene::LiveWorld => live_world::METHOD,
            Scene::MovingWall => moving_wall::METHOD,
        }
    }

    /// The functions that do it, named in the explanation's last line ("In the
    /// code: ..."), so the words above it stay plain.
    pub fn in_the_code(self) -> &'static str {
        match self {
            Scene::SegmentCrossing => segment_crossing::IN_THE_CODE,
            Scene::CircleLine => circle_line::IN_THE_CODE,
            Scene::SweptCircle => swept_circle::IN_THE_CODE,
            Scene::SeparatingAxes => separating_axes::IN_THE_CODE,
            Scene::Overlaps => overlaps::IN_THE_CODE,
            Scene::HexagonCorner => hexagon_corner::IN_THE_CODE,
            Scene::BallBall => ball_ball::IN_THE_CODE,
            Scene::MovingPaddle => moving_paddle::IN_THE_CODE,
            Scene::LiveWorld => live_world::IN_THE_CODE,
            Scene::MovingWall => moving_wall::IN_THE_CODE,
        }
    }

    /// The names of the draggable points, in order, when the scene's number is
    /// `param` (it picks the test in the overlap scene).
    pub fn handle_names(self, param: f32) -> &'static [&'static str] {
        match self {
            Scene::SeparatingAxes => &["A", "B"],
            Scene::Overlaps => overlaps::handle_names((param.max(0.0).round()) as usize),
            Scene::SegmentCrossing => &["A1", "A2", "B1", "B2"],
            Scene::CircleLine => &["centre", "rim", "P1", "P2"],
            Scene::SweptCircle => &["C1", "C2", "P1", "P2"],
            Scene::HexagonCorner => &["ball", "aim"],
            Scene::BallBall => &["A", "A moves to", "B", "B moves to"],
            Scene::MovingPaddle => &["ball", "ball moves to", "paddle", "paddle moves to"],
            Scene::MovingWall => &["ball", "ball moves to", "wall", "wall goes to"],
            Scene::LiveWorld => &[],
        }
    }

    /// What the toggle switches, if the scene has one.
    pub fn toggle_name(self) -> Option<&'static str> {
        match self {
            Scene::SegmentCrossing => Some("y = mx + c"),
            _ => None,
        }
    }

    /// What the extra number is: its name, the keys' step, its least and greatest.
    pub fn param_name(self) -> Option<(&'static str, f32, f32, f32)> {
        match self {
            Scene::CircleLine => Some(("distance from origin 10^k, k", 1.0, 0.0, 6.0)),
            Scene::SweptCircle | Scene::HexagonCorner => Some(("radius", 0.25, 0.25, 5.0)),
            Scene::BallBall => Some(("radius", 1.0, 1.0, 30.0)),
            Scene::MovingPaddle => Some(("paddle width", 10.0, 20.0, 300.0)),
            Scene::MovingWall => Some(("wall's rotation (degrees)", 15.0, -90.0, 90.0)),
            Scene::SeparatingAxes => Some(("B's rotation (degrees)", 15.0, -180.0, 180.0)),
            Scene::Overlaps => Some(("test", 1.0, 0.0, 4.0)),
            Scene::SegmentCrossing | Scene::LiveWorld => None,
        }
    }

    /// Whether the scene moves (and so has play, pause, step and slow motion).
    pub fn moves(self) -> bool {
        matches!(
            self,
            Scene::SweptCircle
                | Scene::HexagonCorner
                | Scene::BallBall
                | Scene::MovingPaddle
                | Scene::LiveWorld
                | Scene::MovingWall
        )
    }

    /// The starting positions, the tutorials' worked examples among them.
    pub fn presets(self) -> Vec<Preset> {
        match self {
            Scene::SegmentCrossing => segment_crossing::presets(),
            Scene::CircleLine => circle_line::presets(),
            Scene::SweptCircle => swept_circle::presets(),
            Scene::SeparatingAxes => separating_axes::presets(),
            Scene::Overlaps => overlaps::presets(),
            Scene::HexagonCorner => hexagon_corner::presets(),
            Scene::BallBall => ball_ball::presets(),
            Scene::MovingPaddle => moving_paddle::presets(),
            Scene::LiveWorld => live_world::presets(),
            Scene::MovingWall => moving_wall::presets(),
        }
    }

    pub(super) fn readouts(self, lab: &Lab) -> Vec<Readout> {
        match self {
            Scene::SegmentCrossing => segment_crossing::readouts(lab),
            Scene::CircleLine => circle_line::readouts(lab),
            Scene::SweptCircle => swept_circle::readouts(lab),
            Scene::SeparatingAxes => separating_axes::readouts(lab),
            Scene::Overlaps => overlaps::readouts(lab),
            Scene::HexagonCorner => hexagon_corner::readouts(lab),
            Scene::BallBall => ball_ball::readouts(lab),
            Scene::MovingPaddle => moving_paddle::readouts(lab),
            Scene::LiveWorld => live_world::readouts(lab),
            Scene::MovingWall => moving_wall::readouts(lab),
        }
    }

    pub(super) fn marks(self, lab: &Lab) -> Vec<Mark> {
        match self {
            Scene::SegmentCrossing => segment_crossing::marks(lab),
            Scene::CircleLine => circle_line::marks(lab),
            Scene::SweptCircle => swept_circle::marks(lab),
            Scene::SeparatingAxes => separating_axes::marks(lab),
            Scene::Overlaps => overlaps::marks(lab),
            Scene::HexagonCorner => hexagon_corner::marks(lab),
            Scene::BallBall => ball_ball::marks(lab),
            Scene::MovingPaddle => moving_paddle::marks(lab),
            Scene::LiveWorld => live_world::marks(lab),
            Scene::MovingWall => moving_wall::marks(lab),
        }
    }
}

/// `arkanong lab --list`: one scene per line, its name then its description.
pub fn scene_list() -> String {
    Scene::ALL
        .iter()
        .map(|s| format!("{:<18} {}\n", s.name(), s.description()))
        .collect()
}

/// Shorthand for presets written in the code.
pub(super) fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scene_names_round_trip_and_numbers_work() {
        for (i, s) in Scene::ALL.into_iter().enumerate() {
            assert_eq!(Scene::from_name(s.name()), Some(s));
            assert_eq!(Scene::from_name(&(i + 1).to_string()), Some(s));
        }
        assert_eq!(Scene::from_name("nope"), None);
    }

    #[test]
    fn scene_presets_fill_every_handle() {
        for s in Scene::ALL {
            let presets = s.presets();
            assert!(presets.len() >= 2, "{s:?}");
            for p in presets {
                let names = s.handle_names(p.param);
                assert_eq!(p.handles.len(), names.len(), "{s:?} {}", p.name);
            }
        }
    }

    #[test]
    fn scene_list_has_one_line_per_scene() {
        let list = scene_list();
        assert_eq!(list.lines().count(), Scene::ALL.len());
        assert!(list
            .lines()
            .next()
            .is_some_and(|l| l.starts_with("segment-crossing ")));
    }

    /// A word a learner should not meet in the explanation: a tutorial's file
    /// number ("seed 002") or a function's name (snake_case, or a path `A::b`).
    fn insider_word(text: &str) -> Option<String> {
        text.split(|c: char| c.is_whitespace() || "(),.;:'".contains(c))
            .find(|w| {
                let parts: Vec<&str> = w.split('_').collect();
                parts.len() > 1 && parts.iter().all(|p| p.len() >= 2)
            })
            .map(str::to_owned)
            .or_else(|| text.contains("::").then(|| "::".to_owned()))
            // A tutorial's file number; a game's seed ("seed 1") is a plain word.
            .or_else(|| {
                text.to_lowercase()
                    .contains("seed 0")
                    .then(|| "seed 0..".to_owned())
            })
    }

    #[test]
    fn lab_texts_speak_plainly_and_keep_function_names_for_the_code_line() {
        assert_eq!(
            insider_word("see cast_circle_segment here"),
            Some("cast_circle_segment".into())
        );
        assert_eq!(insider_word("Seed 002: t"), Some("seed 0..".into()));
        assert_eq!(insider_word("First contact, seed 1"), None);
        assert_eq!(insider_word("u_a = 1, m_b and y = mx + c"), None);
        for s in Scene::ALL {
            let mut texts = vec![s.method().to_owned(), s.description().to_owned()];
            for (k, p) in s.presets().into_iter().enumerate() {
                texts.push(p.name.to_owned());
                texts.push(p.note.to_owned());
                let lab = crate::app::lab::Lab::new(s).with_preset(k);
                texts.extend(lab.readouts().into_iter().map(|r| r.name));
            }
            for t in &texts {
                assert_eq!(insider_word(t), None, "{s:?}: {t}");
            }
            assert!(
                s.method().contains("article")
                    || s == Scene::MovingPaddle
                    || s == Scene::MovingWall
                    || s == Scene::BallBall
                    || s == Scene::LiveWorld,
                "{s:?} names no article"
            );
            assert!(!s.in_the_code().is_empty(), "{s:?}");
        }
    }

    #[test]
    fn every_vector_is_labelled_in_a_colour_of_its_own_and_normals_stand_apart() {
        use crate::app::lab::{Lab, Mark, Tone};
        // The live world draws every contact's normal of 240 steps: too many to name.
        for s in Scene::ALL.into_iter().filter(|&s| s != Scene::LiveWorld) {
            for k in 0..s.presets().len() {
                let marks = Lab::new(s).with_preset(k).marks();
                let label_at = |to: glam::Vec2, tone: Tone| {
                    marks.iter().find_map(|m| match m {
                        Mark::Label { at, text, tone: t } if *at == to && *t == tone => {
                            Some(text.clone())
                        }
                        _ => None,
                    })
                };
                // What an arrow stands for, whichever ball it is ("A's move", "B's
                // move": a move): two arrows share a colour only if they are one kind.
                let mut kinds: Vec<(Tone, String)> = Vec::new();
                for m in &marks {
                    if let Mark::Arrow { to, tone, .. } = m {
                        let text = label_at(*to, *tone);
                        assert!(text.is_some(), "{s:?} preset {k}: an arrow with no label");
                        let normal = text.as_ref().is_some_and(|t| t.starts_with("normal"));
                        assert_eq!(normal, *tone == Tone::Normal, "{s:?} preset {k}");
                        let text = text.unwrap_or_default();
                        let kind = match text.split_once(' ') {
                            Some(("A" | "B" | "A's" | "B's", rest)) => rest.to_owned(),
                            _ => text,
                        };
                        for (t, other) in &kinds {
                            assert!(
                                *t != *tone || *other == kind,
                                "{s:?} preset {k}: {kind:?} and {other:?} share {tone:?}"
                            );
                        }
                        kinds.push((*tone, kind));
                    }
                }
            }
        }
    }
}
