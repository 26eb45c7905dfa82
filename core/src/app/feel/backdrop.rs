//! The reactive background (issue 13, the `backdrop` switch): a faint grid of dots
//! on the arena floor that drifts slowly, and rings of light that ripple out
//! through it from big events (a goal, a conversion, the last brick, a power-up
//! caught) in the colour of the player they favour. Subtle by construction: a dot
//! is at most [`MAX_GLOW`] opaque, far under the balls and bricks. Under reduced
//! motion nothing drifts and nothing pulses (a pulse is a flash). Headless: the
//! shell feeds it events and time and draws [`Backdrop::glow`] at each dot.

use glam::Vec2;

use crate::game::{Game, GameEvent, Mode};
use crate::level::Side;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// The dots' spacing, arena units.
pub(super) const DOT_SPACING: f32 = 50.0;
/// How fast the grid drifts down, arena units per second (one spacing in 25 s).
pub(super) const DRIFT_SPEED: f32 = 2.0;
/// How long a pulse's ring takes to cross the arena and fade, seconds.
pub const PULSE_SECONDS: f32 = 1.4;
/// How fast a pulse's ring grows, arena units per second.
pub(super) const PULSE_SPEED: f32 = 700.0;
/// The ring's half-width, arena units.
const RING_WIDTH: f32 = 45.0;
/// The most a dot lights up, as an opacity: kept low so the background never
/// competes with the balls.
pub const MAX_GLOW: f32 = 0.35;
/// Pulses kept at once (a flurry of events adds no more).
const MAX_PULSES: usize = 6;

/// One ring of light spreading from an event.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pulse {
    /// Where it started, arena units.
    pub center: Vec2,
    /// Whose colour it takes.
    pub side: Side,
    /// Seconds since it started.
    pub age: f32,
    /// How bright, 0 to 1 (the last brick and goals are the strongest).
    pub strength: f32,
}

/// The background's state: the drift and the pulses in flight.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Backdrop {
    /// How far the grid has drifted, arena units, within one spacing.
    drift: f32,
    pulses: Vec<Pulse>,
}

impl Backdrop {
    /// Starts a pulse for each big event among `events` of `game` (none under
    /// `reduced_motion`).
    pub fn react(&mut self, events: &[GameEvent], game: &Game, reduced_motion: bool) {
        if reduced_motion {
            return;
        }
        let middle = Vec2::new(ARENA_WIDTH, ARENA_HEIGHT) * 0.5;
        for e in events {
            let pulse = match *e {
                GameEvent::Goal { against } if game.mode() == Mode::Versus => {
                    let y = if against == Side::Bottom {
                        ARENA_HEIGHT
                    } else {
                        0.0
                    };
                    Some((Vec2::new(ARENA_WIDTH * 0.5, y), against.other(), 1.0))
                }
                GameEvent::BallConverted { ball, to } => {
                    game.world().ball(ball).map(|b| (b.position, to, 0.6))
                }
                GameEvent::BrickBroken { center, side, .. } if game.breakable_left() == 0 => {
                    Some((center, side, 1.0))
                }
                GameEvent::CapsuleCaught { side, .. } => {
                    let at = game.player(side).map_or(middle, |p| {
                        game.world().paddles()[p.paddle.0 as usize].position
                    });
                    Some((at, side, 0.5))
                }
                _ => None,
            };
            if let Some((center, side, strength)) = pulse {
                if self.pulses.len() == MAX_PULSES {
                    self.pulses.remove(0);
                }
                self.pulses.push(Pulse {
                    center,
                    side,
                    age: 0.0,
                    strength,
                });
            }
        }
    }

    /// Lets `dt` seconds pass (the grid stands still under `reduced_motion`).
    pub fn update(&mut self, dt: f32, reduced_motion: bool) {
        if !reduced_motion {
            self.drift = (self.drift + DRIFT_SPEED * dt) % DOT_SPACING;
        }
        for p in &mut self.pulses {
            p.age += dt;
        }
        self.pulses.retain(|p| p.age < PULSE_SECONDS);
    }

    /// The pulses in flight.
    pub fn pulses(&self) -> &[Pulse] {
        &self.pulses
    }

    /// The grid's dots this frame, arena units: every [`DOT_SPACING`] across the
    /// arena, moved down by the drift (the bottom row wraps to the top).
    pub fn dots(&self) -> impl Iterator<Item = Vec2> + '_ {
        let columns = (ARENA_WIDTH / DOT_SPACING) as usize;
        let rows = (ARENA_HEIGHT / DOT_SPACING) as usize;
        (0..rows).flat_map(move |r| {
            (0..columns).map(move |c| {
                Vec2::new(
                    (c as f32 + 0.5) * DOT_SPACING,
                    ((r as f32 + 0.5) * DOT_SPACING + self.drift) % ARENA_HEIGHT,
                )
            })
        })
    }

    /// How much the pulses light the dot at `p`, and in whose colour: the
    /// strongest ring passing over it, fading as the ring grows; at most
    /// [`MAX_GLOW`]. `None` where no ring is.
    pub fn glow(&self, p: Vec2) -> Option<(f32, Side)> {
        self.pulses
            .iter()
            .filter_map(|pulse| {
                let radius = pulse.age * PULSE_SPEED;
                let off = ((p - pulse.center).length() - radius).abs() / RING_WIDTH;
                let fade = 1.0 - pulse.age / PULSE_SECONDS;
                let light = (1.0 - off).max(0.0) * fade * pulse.strength * MAX_GLOW;
                (light > 0.0).then_some((light, pulse.side))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::physics::BallId;

    fn versus() -> Game {
        let level = Level::parse("mode = versus\n[bricks]\n1111\n").unwrap();
        Game::new(&level, Mode::Versus, 1)
    }

    #[test]
    fn backdrop_goal_pulses_in_the_scorers_colour_and_ripples_out() {
        let game = versus();
        let mut b = Backdrop::default();
        b.react(&[GameEvent::Goal { against: Side::Top }], &game, false);
        assert_eq!(b.pulses().len(), 1);
        assert_eq!(b.pulses()[0].side, Side::Bottom, "the scorer's colour");
        let goal = Vec2::new(ARENA_WIDTH * 0.5, 0.0);
        let near = goal + Vec2::new(0.0, 100.0);
        let far = goal + Vec2::new(0.0, 500.0);
        b.update(100.0 / PULSE_SPEED, false);
        let lit_near = b.glow(near).map_or(0.0, |g| g.0);
        assert!(
            lit_near > 0.0 && b.glow(far).is_none(),
            "the ring is at 100 units"
        );
        b.update(400.0 / PULSE_SPEED, false);
        let lit_far = b.glow(far).map_or(0.0, |g| g.0);
        assert!(
            lit_far > 0.0 && lit_far < lit_near,
            "it fades as it spreads"
        );
        assert!(b.glow(near).is_none(), "and has passed the near dot");
        b.update(PULSE_SECONDS, false);
        assert!(b.pulses().is_empty());
    }

    #[test]
    fn backdrop_stays_faint_and_still_under_reduced_motion() {
        let game = versus();
        let mut b = Backdrop::default();
        let big = [GameEvent::Goal {
            against: Side::Bottom,
        }; 10];
        b.react(&big, &game, false);
        assert_eq!(b.pulses().len(), MAX_PULSES);
        for p in b.dots().chain([Vec2::new(400.0, 1000.0)]) {
            assert!(b.glow(p).map_or(0.0, |g| g.0) <= MAX_GLOW);
        }
        let mut calm = Backdrop::default();
        calm.react(&big, &game, true);
        let before: Vec<Vec2> = calm.dots().collect();
        calm.update(3.0, true);
        assert!(calm.pulses().is_empty(), "no pulse under reduced motion");
        assert_eq!(calm.dots().collect::<Vec<_>>(), before, "no drift either");
        b.update(3.0, false);
        assert_ne!(
            b.dots().next(),
            before.first().copied(),
            "it drifts otherwise"
        );
    }

    #[test]
    fn backdrop_ignores_small_events_and_missing_balls() {
        let game = versus();
        let mut b = Backdrop::default();
        let small = [
            GameEvent::BallConverted {
                ball: BallId(999),
                to: Side::Top,
            },
            GameEvent::BrickBroken {
                center: Vec2::ZERO,
                side: Side::Top,
                points: 1,
                capsule: None,
                by: crate::game::Striker::Ball,
            },
        ];
        b.react(&small, &game, false);
        assert!(b.pulses().is_empty(), "{:?}", b.pulses());
    }
}
