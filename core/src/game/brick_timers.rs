//! The bricks that act after they break: an explosive brick's blast, a step or
//! a few later, breaks every breakable brick among its 8 neighbours (an
//! explosive neighbour explodes in turn, so chains run one link per
//! `BLAST_DELAY_STEPS`); a regrowing brick grows back `REGROW_SECONDS` later,
//! once no ball overlaps its cell.
//!
//! Scoring: an explosive brick scores 1 for whoever broke it, and each brick its
//! blast breaks scores its own points for the same side; a regrowing brick
//! scores 1 each time it breaks.

use glam::Vec2;

use super::shapes::rect_shape;
use super::{BrickState, Game, GameEvent, ShapeRole, Striker};
use crate::level::Side;
use crate::tuning::{BLAST_DELAY_STEPS, REGROW_SECONDS, STEPS_PER_SECOND};

/// A blast waiting to go off.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Blast {
    /// The explosive brick's centre.
    center: Vec2,
    /// Who broke it: the blast's bricks score for them.
    owner: Side,
    /// The game step it goes off in.
    goes_off: u64,
}

/// A broken regrowing brick, waiting to grow back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Regrowth {
    /// The brick as it will stand again (whole).
    pub brick: BrickState,
    /// Steps until it may grow back (0: as soon as its cell is free of balls).
    pub steps_left: u32,
}

impl Regrowth {
    /// How far it has grown back, 0 just broken to 1 whole, for the drawing.
    pub fn grown(&self) -> f32 {
        let total = REGROW_SECONDS * STEPS_PER_SECOND as f32;
        1.0 - self.steps_left as f32 / total
    }
}

/// The timed bricks of a game: blasts waiting and regrowing bricks broken.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct BrickTimers {
    blasts: Vec<Blast>,
    regrowing: Vec<Regrowth>,
}

impl BrickTimers {
    /// Words for the state hash (and so the rollback checksum): every pending
    /// blast and regrowth with its timer. Empty in a game without them, so every
    /// game recorded before them keeps its hash.
    pub(super) fn hash_words(&self) -> impl Iterator<Item = u64> + '_ {
        let blasts = self.blasts.iter().map(|b| {
            u64::from(b.center.x.to_bits())
                ^ u64::from(b.center.y.to_bits()) << 32
                ^ b.goes_off << 7
                ^ u64::from(b.owner.index()) << 3
                ^ 1 << 62
        });
        let regrowing = self.regrowing.iter().map(|r| {
            let c = r.brick.rect.center();
            u64::from(c.x.to_bits())
                ^ u64::from(c.y.to_bits()) << 32
                ^ u64::from(r.steps_left) << 5
                ^ 1 << 63
        });
        blasts.chain(regrowing)
    }
}

impl Game {
    /// The broken regrowing bricks waiting to grow back (for the drawing's ghost
    /// outlines).
    pub fn regrowing(&self) -> &[Regrowth] {
        &self.brick_timers.regrowing
    }

    /// A brick just broke (`rules.rs`): an explosive one lights its fuse, a
    /// regrowing one starts its wait.
    pub(super) fn brick_broke(&mut self, broken: &BrickState, owner: Side) {
        if broken.kind.explodes() {
            self.brick_timers.blasts.push(Blast {
                center: broken.rect.center(),
                owner,
                goes_off: self.steps + u64::from(BLAST_DELAY_STEPS),
            });
        }
        if broken.kind.regrows() {
            self.brick_timers.regrowing.push(Regrowth {
                brick: BrickState {
                    hits_left: broken.kind.starting_hits(),
                    ..*broken
                },
                steps_left: (REGROW_SECONDS * STEPS_PER_SECOND as f32) as u32,
            });
        }
    }

    /// One step of the timers: blasts whose fuse ran out go off, in the order
    /// they were lit; regrowing bricks whose wait is over grow back where no ball
    /// is.
    pub(super) fn tick_brick_timers(&mut self, events: &mut Vec<GameEvent>) {
        // Blasts lit now go off `BLAST_DELAY_STEPS` steps on, in the order lit.
        let now = self.steps;
        let (due, waiting): (Vec<Blast>, Vec<Blast>) =
            std::mem::take(&mut self.brick_timers.blasts)
                .into_iter()
                .partition(|b| b.goes_off <= now);
        self.brick_timers.blasts = waiting;
        for blast in due {
            self.go_off(blast, events);
        }
        self.regrow(events);
    }

    /// A blast: every breakable brick whose centre is one cell away (the 8
    /// neighbours) breaks, in id order, scoring for the blast's owner.
    fn go_off(&mut self, blast: Blast, events: &mut Vec<GameEvent>) {
        events.push(GameEvent::BrickExploded {
            center: blast.center,
            side: blast.owner,
        });
        // A neighbour's centre is one brick away on each axis; half a brick of
        // slack takes the grid's rounding and nothing farther.
        let reach = self.level.brick_size * 1.5;
        let neighbours: Vec<_> = self
            .shapes()
            .filter_map(|(id, _, role)| match role {
                ShapeRole::Brick(b) if b.hits_left.is_some() => {
                    let d = (b.rect.center() - blast.center).abs();
                    (d.x < reach.x && d.y < reach.y).then_some(id)
                }
                _ => None,
            })
            .collect();
        for id in neighbours {
            self.break_brick(id, blast.owner, Striker::Blast, events);
        }
    }

    /// Counts the regrowing bricks' waits down and grows back those whose wait
    /// is over and whose cell no ball overlaps (they wait on, a step at a time).
    fn regrow(&mut self, events: &mut Vec<GameEvent>) {
        let mut grown = Vec::new();
        let balls = self.world.balls();
        self.brick_timers.regrowing.retain_mut(|r| {
            r.steps_left = r.steps_left.saturating_sub(1);
            if r.steps_left > 0 {
                return true;
            }
            let rect = r.brick.rect;
            let blocked = balls.iter().any(|b| {
                let nearest = b.position.clamp(rect.min, rect.max);
                nearest.distance(b.position) < b.radius
            });
            if blocked {
                return true;
            }
            grown.push(r.brick);
            false
        });
        for brick in grown {
            let shape = rect_shape(brick.rect, brick.kind.counts_toward_clearing());
            self.add_shape(shape, ShapeRole::Brick(brick));
            events.push(GameEvent::BrickRegrew {
                center: brick.rect.center(),
            });
        }
    }
}
