//! Scene 9, live world: a shipped level played by the attract game's CPUs, one
//! game step per step of the scene's counter, so it runs in slow motion or single
//! steps. It steps through the play driver's [`cpu_steps`], as the attract game
//! behind the menus does. Every step's contacts and casts are kept in a [`ContactHistory`] and
//! drawn: contact points, normals, and each ball's cast as the capsule its centre
//! sweeps, with the static query's time of impact. Game coordinates are flipped to
//! the lab's y-up figure.

use glam::Vec2;

use super::marks::{num, Mark, Readout, Tone};
use super::scene::Preset;
use super::state::Lab;
#[cfg(test)]
use crate::app::play::contacts_of;
use crate::app::play::{cpu_steps, ContactHistory, Session};
use crate::game::Game;
use crate::level::{shipped_levels, Level};
use crate::physics::Collider;

/// The method text.
pub(super) const METHOD: &str = "A shipped level, played by the attract game's CPUs, moves on one fixed game step (1/120 s) per step of the scene. Before each step every ball's move v dt is swept against the walls, bricks and barriers: a capsule of the ball's radius around its path, and the first share t from 0 to 1 where it touches. After the step the game reports the contacts: the point and, against a shape, the normal. The last 240 steps are kept: older sweeps grey, the newest step's in colour; the F1 overlay in play draws the same history.";

/// The functions that do it, for the last "In the code" line.
pub(super) const IN_THE_CODE: &str = "World::cast_static, World::step.";

/// How long a drawn normal is, in arena units.
const NORMAL_LENGTH: f32 = 24.0;

/// A game being played for the scene: the attract game's session, keeping its
/// contacts.
#[derive(Debug, Clone)]
pub struct LiveWorld {
    session: Session,
    /// Steps played before the scene's counter starts (so a preset opens mid-rally).
    pub start: u64,
}

impl PartialEq for LiveWorld {
    /// Two live worlds are equal when their games are at the same step with the
    /// same state hash and they keep the same history.
    fn eq(&self, other: &Self) -> bool {
        self.game().steps() == other.game().steps()
            && self.game().state_hash() == other.game().state_hash()
            && self.history() == other.history()
    }
}

impl LiveWorld {
    /// Shipped level `level_index` (wrapping) as the attract game sets it up with
    /// `seed`; `None` if the level does not load.
    pub fn new(level_index: usize, seed: u64) -> Option<Self> {
        Self::warmed(level_index, seed, 0)
    }

    /// As [`LiveWorld::new`], then `start` steps played; the scene's counter
    /// counts from there.
    pub fn warmed(level_index: usize, seed: u64, start: u64) -> Option<Self> {
        let levels = shipped_levels();
        let index = level_index % levels.len().max(1);
        let level = Level::parse(levels.get(index)?.text).ok()?;
        let mut session = Session::attract(&level, index, seed);
        session.keep_contacts(true);
        let mut world = Self { session, start };
        world.advance_to(start);
        Some(world)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.session.game
    }

    /// The kept contacts of the last steps.
    pub fn history(&self) -> &ContactHistory {
        // Switched on in `warmed`, and the session is this type's alone.
        (self.session.contacts.as_ref()).expect("the live world keeps its contacts")
    }

    /// One game step, the attract game's way, recording its contacts.
    pub fn step(&mut self) {
        cpu_steps(&mut self.session, 1);
    }

    /// Steps until the game has taken `steps` steps (never backwards). A game
    /// that is over stands still, so it stops there.
    pub fn advance_to(&mut self, steps: u64) {
        while self.game().steps() < steps && self.game().outcome().is_none() {
            self.step();
        }
    }
}

/// Game coordinates (y down) to the figure's (y up).
fn flip(p: Vec2) -> Vec2 {
    Vec2::new(p.x, -p.y)
}

pub(super) fn readouts(lab: &Lab) -> Vec<Readout> {
    let Some(live) = &lab.live else {
        return vec![Readout::new("level", "does not load")];
    };
    let last = live.history().last();
    let earliest = last.and_then(|s| s.earliest_toi());
    vec![
        Readout::new("step", live.game().steps().to_string()),
        Readout::new("balls", live.game().ball_count().to_string()),
        Readout::new(
            "contacts this step",
            last.map_or(0, |s| s.contacts.len()).to_string(),
        ),
        Readout::new("contacts kept", live.history().contact_count().to_string()),
        Readout::new("earliest toi", earliest.map_or("none".to_owned(), num)),
        Readout::new("state hash", format!("{:016x}", live.game().state_hash())),
    ]
}

/// The level's shapes, paddles and balls as they stand.
fn world_marks(game: &Game, out: &mut Vec<Mark>) {
    let world = game.world();
    for (_, shape) in world.shapes() {
        out.push(match &shape.collider {
            Collider::Polygon(p) => Mark::Polygon {
                points: p.vertices().iter().map(|v| flip(*v)).collect(),
                tone: Tone::Shape,
            },
            Collider::Segment(s) => Mark::Segment {
                a: flip(s.a),
                b: flip(s.b),
                tone: Tone::Shape,
            },
        });
    }
    for paddle in world.paddles() {
        out.push(Mark::Polygon {
            points: paddle
                .placed(Vec2::ZERO)
                .vertices()
                .iter()
                .map(|v| flip(*v))
                .collect(),
            tone: Tone::Tutorial,
        });
    }
    for b in world.balls() {
        out.push(Mark::Circle {
            center: flip(b.position),
            radius: b.radius,
            filled: true,
            tone: Tone::Mover,
        });
    }
}

pub(super) fn marks(lab: &Lab) -> Vec<Mark> {
    let mut out = Vec::new();
    let Some(live) = &lab.live else {
        return out;
    };
    world_marks(live.game(), &mut out);
    let newest = live.history().last().map(|s| s.step);
    for record in live.history().steps() {
        let current = Some(record.step) == newest;
        for c in &record.casts {
            out.push(Mark::Capsule {
                a: flip(c.from),
                b: flip(c.to),
                radius: c.radius,
                tone: if current { Tone::Ours } else { Tone::Ghost },
            });
            if let (Some(toi), true) = (c.toi, current) {
                let at = c.from + (c.to - c.from) * toi;
                out.push(Mark::Circle {
                    center: flip(at),
                    radius: c.radius,
                    filled: false,
                    tone: Tone::Hit,
                });
                out.push(Mark::Label {
                    at: flip(at) + Vec2::splat(c.radius),
                    text: format!("toi {}", num(toi)),
                    tone: Tone::Hit,
                });
            }
        }
        for c in &record.contacts {
            let tone = if current { Tone::Warning } else { Tone::Hit };
            out.push(Mark::Dot {
                at: flip(c.point),
                tone,
            });
            if let Some(n) = c.normal {
                out.push(Mark::Arrow {
                    from: flip(c.point),
                    to: flip(c.point + n * NORMAL_LENGTH),
                    tone,
                });
            }
        }
    }
    out
}

pub(super) fn presets() -> Vec<Preset> {
    let p = |name, level: usize, seed: u64, start: u64| Preset {
        name,
        handles: Vec::new(),
        param: 0.0,
        toggle: false,
        note: "",
        sizes: vec![level as f32, seed as f32, start as f32],
    };
    vec![
        p("First contact, seed 1", 0, 1, 100),
        p("Twin hexes, seed 2", 1, 2, 100),
        p("Deflectors, seed 3", 3, 3, 100),
        p("Hex garden, seed 4", 7, 4, 100),
    ]
}

/// The live world a preset's sizes stand for: `[level index, seed, start step]`.
pub(super) fn from_sizes(sizes: &[f32]) -> Option<LiveWorld> {
    let at = |i: usize| sizes.get(i).copied().unwrap_or(0.0).max(0.0);
    LiveWorld::warmed(at(0) as usize, at(1) as u64, at(2) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::Scene;

    /// The scene at `steps` steps of its counter, single-stepped as the button does.
    fn stepped(preset: usize, steps: u32) -> Lab {
        let mut lab = Lab::new(Scene::LiveWorld).with_preset(preset);
        for _ in 0..steps {
            lab.motion.single_step();
        }
        lab.sync();
        lab
    }

    #[test]
    fn live_world_steps_equal_the_attract_game_stepped_the_same_way() {
        for (i, p) in presets().iter().enumerate() {
            let lab = stepped(i, 400);
            let (level, seed, start) = (p.sizes[0] as usize, p.sizes[1] as u64, p.sizes[2] as u64);
            let parsed = Level::parse(shipped_levels()[level].text).expect("shipped level");
            let mut session = Session::attract(&parsed, level, seed);
            for _ in 0..start + 400 {
                session.step_cpus();
            }
            let live = lab.live.as_ref().expect("live world");
            assert_eq!(live.game().steps(), start + 400);
            assert_eq!(
                live.game().state_hash(),
                session.game.state_hash(),
                "{}",
                p.name
            );
        }
    }

    #[test]
    fn live_world_history_is_bounded_ordered_and_matches_the_readouts() {
        // Preset 0 starts at step 100; its ball touches something near step 634.
        let lab = stepped(0, 600);
        let live = lab.live.as_ref().expect("live world");
        let h = live.history();
        let kept: Vec<u64> = h.steps().map(|s| s.step).collect();
        assert_eq!(kept.len(), h.capacity());
        assert!(kept.windows(2).all(|w| w[1] == w[0] + 1));
        assert_eq!(kept.last(), Some(&699));
        assert!(
            h.contact_count() > 0,
            "the last steps of play touch something"
        );
        let last = h.last().expect("a step");
        assert_eq!(lab.readout("step"), "700");
        assert_eq!(lab.readout("balls"), live.game().ball_count().to_string());
        assert_eq!(lab.readout("contacts kept"), h.contact_count().to_string());
        let this_step = contacts_of(live.game().last_physics_events()).len();
        assert_eq!(lab.readout("contacts this step"), this_step.to_string());
        assert_eq!(last.contacts.len(), this_step);
        let toi = last.earliest_toi().map_or("none".to_owned(), num);
        assert_eq!(lab.readout("earliest toi"), toi);
    }

    #[test]
    fn live_world_draws_every_kept_contact_and_cast() {
        let lab = stepped(0, 600);
        let h = lab.live.as_ref().expect("live world").history();
        let marks = lab.marks();
        let dots = marks
            .iter()
            .filter(|m| matches!(m, Mark::Dot { .. }))
            .count();
        let capsules = marks
            .iter()
            .filter(|m| matches!(m, Mark::Capsule { .. }))
            .count();
        assert_eq!(dots, h.contact_count());
        assert_eq!(capsules, h.steps().map(|s| s.casts.len()).sum::<usize>());
    }

    #[test]
    fn live_world_playing_and_paused_follow_the_counter() {
        let mut lab = Lab::new(Scene::LiveWorld);
        for _ in 0..5 {
            lab.motion.tick();
        }
        lab.sync();
        lab.motion.toggle_play();
        lab.motion.tick();
        lab.sync();
        assert_eq!(lab.live.as_ref().map(|l| l.game().steps()), Some(105));
        assert_eq!(lab.readout("step"), "105");
    }

    #[test]
    fn live_world_history_equals_the_sessions_f1_history_and_keeping_changes_nothing() {
        let mut live = LiveWorld::new(1, 2).expect("live world");
        let parsed = Level::parse(shipped_levels()[1].text).expect("shipped level");
        let mut kept = Session::attract(&parsed, 1, 2);
        let mut plain = Session::attract(&parsed, 1, 2);
        kept.keep_contacts(true);
        for _ in 0..500 {
            live.step();
            kept.step_cpus();
            plain.step_cpus();
        }
        assert_eq!(kept.contacts.as_ref(), Some(live.history()));
        assert_eq!(kept.game.state_hash(), plain.game.state_hash());
        kept.keep_contacts(false);
        assert_eq!(kept.contacts, None);
    }
}
