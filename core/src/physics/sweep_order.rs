//! Step 2 of the step order, the ball sweeps, run in an order that suits the cache.
//!
//! Ball ids say nothing about where balls are, so sweeping in id order looks up
//! the shape grid, and the shapes, at random places: with many balls, most of a
//! sweep's time went into cache misses. Here the balls are swept in the order of a
//! coarse grid's cells (a counting sort of their positions: spatial sorting for
//! locality, as in Teschner et al. 2003 or any particle code), so balls swept one
//! after another read the same cells and shapes.
//!
//! The order cannot change the game: a sweep reads the static shapes, the paddles
//! and their planned paths, and writes only its own ball, so sweeps are independent
//! of each other. Each ball's events are kept together and put back in id order,
//! the order the step promises.

use glam::Vec2;

use crate::geom::Rect;

use super::grid::Layout;
use super::query::swept_box;
use super::{Ball, Event, World};

/// Balls per cell of the sorting grid: enough for a short run of balls to share
/// shape cells, few enough that a cell spans only a handful of shape cells.
const BALLS_PER_SORT_CELL: f32 = 8.0;

/// Fewest balls for which the sweep goes by place. Below it the balls and the
/// shapes they meet stay in the cache anyway, and the gather and scatter cost more
/// than they save (measured: 1,000 balls 4% faster in id order, 10,000 the same
/// either way, 100,000 much faster by place).
const PLACE_ORDER_FROM_BALLS: usize = 4_096;

/// Buffers for the sweeps, reused from step to step.
#[derive(Debug, Clone, Default)]
pub(super) struct SweepScratch {
    /// Ball indices in sweep order.
    pub(super) order: Vec<u32>,
    /// Each ball's swept box (from its start to its end), in sweep order: the
    /// ball-pair phase files these in its grid.
    pub(super) boxes: Vec<Rect>,
    /// The balls in sweep order, and their contacts.
    balls: Vec<Ball>,
    contacts: Vec<u32>,
    /// Per sorting cell: its count, then where its balls start in `order`.
    starts: Vec<u32>,
    /// Per ball: its sorting cell.
    cells: Vec<u32>,
    /// The sweeps' events in sweep order.
    events: Vec<Event>,
    /// Per ball with events, in sweep order: its index and its events' range.
    runs: Vec<(u32, u32, u32)>,
}

impl World {
    /// Sweeps every ball through the step (see `sweep_ball`). Fills `starts` with
    /// where each ball began and `contacts` with how many contacts it had, by ball
    /// index, and appends the events in ball-id order.
    pub(super) fn sweep_balls(
        &mut self,
        dt: f32,
        starts: &mut Vec<Vec2>,
        contacts: &mut Vec<u32>,
        events: &mut Vec<Event>,
    ) {
        let mut scratch = std::mem::take(&mut self.scratch.sweep);
        starts.clear();
        starts.extend(self.balls.iter().map(|b| b.position));
        let by_place = self.balls.len() >= PLACE_ORDER_FROM_BALLS;
        self.choose_order(by_place, &mut scratch);
        // By place: gather, sweep in sequence, scatter. The gather's loads do not
        // depend on each other, so the processor overlaps their cache misses, which
        // it cannot do when each miss sits at the head of a whole sweep.
        scratch.balls.clear();
        if by_place {
            let balls = &self.balls;
            scratch
                .balls
                .extend(scratch.order.iter().map(|&i| balls[i as usize]));
        } else {
            scratch.balls.extend_from_slice(&self.balls);
        }
        scratch.events.clear();
        scratch.runs.clear();
        scratch.contacts.clear();
        scratch.boxes.clear();
        for (k, ball) in scratch.balls.iter_mut().enumerate() {
            let start = ball.circle();
            let first = scratch.events.len() as u32;
            let count = self.sweep_ball(ball, dt, &mut scratch.events);
            scratch.contacts.push(count);
            scratch.boxes.push(swept_box(start, ball.position));
            let end = scratch.events.len() as u32;
            if end > first {
                scratch.runs.push((scratch.order[k], first, end));
            }
        }
        contacts.clear();
        if by_place {
            contacts.resize(self.balls.len(), 0);
            let swept = scratch
                .order
                .iter()
                .zip(&scratch.balls)
                .zip(&scratch.contacts);
            for ((&i, ball), &count) in swept {
                self.balls[i as usize] = *ball;
                contacts[i as usize] = count;
            }
            // Indices are unique, so an unstable sort gives the one id order.
            scratch.runs.sort_unstable_by_key(|&(i, _, _)| i);
        } else {
            self.balls.copy_from_slice(&scratch.balls);
            contacts.extend_from_slice(&scratch.contacts);
        }
        for &(_, first, end) in &scratch.runs {
            events.extend_from_slice(&scratch.events[first as usize..end as usize]);
        }
        self.scratch.sweep = scratch;
    }

    /// Fills `scratch.order`: id order for a few balls, else by place.
    fn choose_order(&self, by_place: bool, scratch: &mut SweepScratch) {
        let n = self.balls.len();
        if !by_place {
            scratch.order.clear();
            scratch.order.extend(0..n as u32);
        } else if self.config.use_grid && self.ball_grid.len() == n {
            // The ball grid's cell order from the last step: a permutation of the
            // ball indices (same count), grouped by where the balls were.
            self.ball_grid.order(&mut scratch.order);
        } else {
            sort_by_place(&self.balls, &self.sorting_layout(), scratch);
        }
    }

    /// The sorting grid's layout for the current number of balls.
    fn sorting_layout(&self) -> Layout {
        let size = self.bounds.size();
        let per_ball = size.x * size.y / self.balls.len().max(1) as f32;
        // `max` turns a NaN side (an empty arena) into the smallest cell.
        let side = (per_ball * BALLS_PER_SORT_CELL)
            .sqrt()
            .max(super::GRID_CELL);
        Layout::new(self.bounds, side)
    }
}

/// Fills `scratch.order` with the ball indices sorted by the cell of `layout` that
/// holds each ball's centre (row by row), in index order within a cell: a counting
/// sort, two passes over the balls.
fn sort_by_place(balls: &[Ball], layout: &Layout, scratch: &mut SweepScratch) {
    let cells = layout.cols * layout.rows;
    scratch.starts.clear();
    scratch.starts.resize(cells + 1, 0);
    scratch.cells.clear();
    for ball in balls {
        let cell = layout.cell_of(ball.position);
        scratch.starts[cell + 1] += 1;
        scratch.cells.push(cell as u32);
    }
    for c in 1..scratch.starts.len() {
        scratch.starts[c] += scratch.starts[c - 1];
    }
    scratch.order.clear();
    scratch.order.resize(balls.len(), 0);
    for (i, &cell) in scratch.cells.iter().enumerate() {
        let slot = &mut scratch.starts[cell as usize];
        scratch.order[*slot as usize] = i as u32;
        *slot += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{generate_scene, SceneSpec};
    use super::*;

    #[test]
    fn sweep_events_come_in_ball_id_order() {
        for paddles in [false, true] {
            // Enough balls to be swept by place.
            let spec = SceneSpec {
                balls: PLACE_ORDER_FROM_BALLS + 1_000,
                paddles,
                ..SceneSpec::default()
            };
            let mut world = generate_scene(&spec, true);
            assert!(world.balls().len() >= PLACE_ORDER_FROM_BALLS);
            let mut seen = 0;
            for _ in 0..30 {
                let balls: Vec<u32> = world
                    .step(1.0 / 120.0)
                    .iter()
                    .map_while(|e| match *e {
                        Event::BallHitShape { ball, .. } | Event::BallHitPaddle { ball, .. } => {
                            Some(ball.0)
                        }
                        _ => None,
                    })
                    .collect();
                assert!(balls.is_sorted(), "sweep events out of id order");
                seen += balls.len();
            }
            assert!(seen > 100, "the scene has contacts to order");
        }
    }
}
