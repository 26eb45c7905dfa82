//! The way to the bricks from anywhere in the arena, for the stall help
//! (`guide.rs`): a grid of cells a ball fits in, each with its path length to
//! the nearest brick that still counts, found by Dijkstra's algorithm from the
//! bricks outward (a navigation field, as games steer many units to one goal).
//!
//! Why a field and not a straight line: the bricks that stall a level are the ones
//! no straight line reaches, behind steel (Fortress's gates, the bricks under
//! Steel Line's steel, Hex Garden's hexagons). A ball pulled straight at them only
//! bounces off the steel; a ball pulled along the field's path goes through the
//! gate first.

use glam::Vec2;

use crate::geom::{Circle, Rect};
use crate::physics::{ShapeId, World};

/// A cell's side, world units: a little over two ball radii, so a one-brick gap
/// (50 units) is at least two cells wide and the grid stays small (40 x 50 cells
/// in the standard arena).
pub(super) const CELL: f32 = 20.0;

/// Cost of a step to a side neighbour; a diagonal one costs [`DIAGONAL`]
/// (10 and 14: the usual integer stand-in for 1 and the square root of 2).
const STRAIGHT: u32 = 10;
/// Cost of a step to a diagonal neighbour.
const DIAGONAL: u32 = 14;

/// Cells along the path the help looks ahead for a point the ball sees: far
/// enough to aim through a gate from a few bricks away, near enough that the
/// path's bends still count.
const LOOK_AHEAD_CELLS: usize = 16;

/// A cell no ball fits in, or from which no brick is reachable.
const UNREACHABLE: u32 = u32::MAX;

/// Path lengths to the nearest target brick over a grid of the arena.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct GuideField {
    /// The arena's corner the grid starts at.
    origin: Vec2,
    /// Cells across and down.
    size: (usize, usize),
    /// Path length of each cell to a brick (0 next to one), row by row;
    /// [`UNREACHABLE`] for a cell a ball does not fit in or that leads nowhere.
    cost: Vec<u32>,
    /// The shapes in play when it was built (a broken brick changes the way).
    pub(super) shapes_alive: usize,
    /// The step it was built at.
    pub(super) built_at: u64,
}

impl GuideField {
    /// The field for a ball of `radius` in `world`, toward the shapes `targets`
    /// (sorted by id); every other shape is in the way.
    pub(super) fn build(world: &World, targets: &[ShapeId], radius: f32, now: u64) -> GuideField {
        let bounds = world.bounds();
        let size = (
            (bounds.size().x / CELL).ceil() as usize,
            (bounds.size().y / CELL).ceil() as usize,
        );
        let cells = size.0 * size.1;
        let mut blocked = vec![false; cells];
        let mut goal = vec![false; cells];
        let mut shapes_alive = 0;
        let center =
            |i: usize, j: usize| bounds.min + Vec2::new(i as f32 + 0.5, j as f32 + 0.5) * CELL;
        for (id, shape) in world.shapes() {
            shapes_alive += 1;
            let is_target = targets.binary_search(&id).is_ok();
            // A target brick marks the cells a ball touches it from, half a cell
            // out, so that every brick has one even between two cell centres.
            let reach = if is_target {
                radius + CELL * 0.5
            } else {
                radius
            };
            let area = shape.collider.aabb().expanded(reach);
            let Some((i0, j0, i1, j1)) = cell_span(&bounds, size, &area) else {
                continue;
            };
            for j in j0..=j1 {
                for i in i0..=i1 {
                    if shape.collider.signed_distance(center(i, j)) < reach {
                        let k = j * size.0 + i;
                        if is_target {
                            goal[k] = true;
                        } else {
                            blocked[k] = true;
                        }
                    }
                }
            }
        }
        let mut cost = vec![UNREACHABLE; cells];
        // Dijkstra from every goal cell at once. The costs are small integers, so
        // a bucket queue (one list per cost) keeps it simple and exact.
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new()];
        for k in 0..cells {
            if goal[k] && !blocked[k] {
                cost[k] = 0;
                buckets[0].push(k);
            }
        }
        let mut at = 0;
        while at < buckets.len() {
            while let Some(k) = buckets[at].pop() {
                if cost[k] as usize != at {
                    continue;
                }
                let (i, j) = ((k % size.0) as isize, (k / size.0) as isize);
                for (di, dj) in NEIGHBOURS {
                    let Some(n) = index(size, i + di, j + dj) else {
                        continue;
                    };
                    if blocked[n] {
                        continue;
                    }
                    let diagonal = di != 0 && dj != 0;
                    // No cutting a corner: both side cells must be open too.
                    if diagonal
                        && [index(size, i + di, j), index(size, i, j + dj)]
                            .iter()
                            .any(|side| side.is_none_or(|s| blocked[s]))
                    {
                        continue;
                    }
                    let next = cost[k] + if diagonal { DIAGONAL } else { STRAIGHT };
                    if next < cost[n] {
                        cost[n] = next;
                        if buckets.len() <= next as usize {
                            buckets.resize(next as usize + 1, Vec::new());
                        }
                        buckets[next as usize].push(n);
                    }
                }
            }
            at += 1;
        }
        GuideField {
            origin: bounds.min,
            size,
            cost,
            shapes_alive,
            built_at: now,
        }
    }

    /// Where a ball of `radius` at `from` should head for to follow the way: the
    /// farthest point of the next [`LOOK_AHEAD_CELLS`] cells of the path that it
    /// reaches in a straight line (so it aims through a gate, not at the steel
    /// beside it), or the next cell if it sees none. `None` where no way leads to
    /// a brick.
    pub(super) fn waypoint(&self, world: &World, from: Vec2, radius: f32) -> Option<Vec2> {
        let start = self.nearest_open_cell(from)?;
        let mut path = vec![start];
        let mut here = start;
        while path.len() <= LOOK_AHEAD_CELLS && self.cost[here] > 0 {
            let (i, j) = ((here % self.size.0) as isize, (here / self.size.0) as isize);
            let next = NEIGHBOURS
                .iter()
                .filter_map(|&(di, dj)| index(self.size, i + di, j + dj))
                .min_by_key(|&n| (self.cost[n], n))?;
            if self.cost[next] >= self.cost[here] {
                break;
            }
            path.push(next);
            here = next;
        }
        let circle = Circle::new(from, radius);
        let seen = path[1..].iter().rev().map(|&k| self.center(k)).find(|&p| {
            world
                .cast_static(circle, p - from)
                .is_none_or(|(hit, _)| hit.toi >= 1.0)
        });
        Some(seen.unwrap_or_else(|| self.center(*path.get(1).unwrap_or(&start))))
    }

    /// The cell under `p`, or the cheapest of its neighbours when a ball cannot
    /// be at that cell's centre (a ball against a wall sits in a blocked cell).
    fn nearest_open_cell(&self, p: Vec2) -> Option<usize> {
        let at = ((p - self.origin) / CELL).floor();
        let (i, j) = (at.x as isize, at.y as isize);
        let here = index(self.size, i, j).filter(|&k| self.cost[k] != UNREACHABLE);
        here.or_else(|| {
            NEIGHBOURS
                .iter()
                .filter_map(|&(di, dj)| index(self.size, i + di, j + dj))
                .filter(|&n| self.cost[n] != UNREACHABLE)
                .min_by_key(|&n| (self.cost[n], n))
        })
    }

    /// A cell's centre.
    fn center(&self, k: usize) -> Vec2 {
        let (i, j) = (k % self.size.0, k / self.size.0);
        self.origin + Vec2::new(i as f32 + 0.5, j as f32 + 0.5) * CELL
    }

    /// Path length from the cell under `p` to a brick, in tenths of a cell;
    /// `None` when there is none (for tests).
    #[cfg(test)]
    fn cost_at(&self, p: Vec2) -> Option<u32> {
        let at = ((p - self.origin) / CELL).floor();
        let k = index(self.size, at.x as isize, at.y as isize)?;
        (self.cost[k] != UNREACHABLE).then_some(self.cost[k])
    }
}

/// The eight neighbours of a cell, in a fixed order (ties between equal costs
/// go to the lower cell index, never to this order).
const NEIGHBOURS: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The index of cell (`i`, `j`), if it is on the grid.
fn index(size: (usize, usize), i: isize, j: isize) -> Option<usize> {
    (i >= 0 && j >= 0 && (i as usize) < size.0 && (j as usize) < size.1)
        .then(|| j as usize * size.0 + i as usize)
}

/// The first and last cells (columns, rows) an `area` covers on a grid of
/// `size` cells over `bounds`; `None` if it misses the grid.
fn cell_span(
    bounds: &Rect,
    size: (usize, usize),
    area: &Rect,
) -> Option<(usize, usize, usize, usize)> {
    let lo = ((area.min - bounds.min) / CELL).floor();
    let hi = ((area.max - bounds.min) / CELL).floor();
    if hi.x < 0.0 || hi.y < 0.0 || lo.x >= size.0 as f32 || lo.y >= size.1 as f32 {
        return None;
    }
    let clamp = |v: f32, n: usize| v.clamp(0.0, (n - 1) as f32) as usize;
    Some((
        clamp(lo.x, size.0),
        clamp(lo.y, size.1),
        clamp(hi.x, size.0),
        clamp(hi.y, size.1),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Mode, ShapeRole};
    use crate::level::Level;
    use crate::tuning::BALL_RADIUS;

    /// Steel Line's last bricks: under the steel, which hides them from above.
    fn under_the_steel() -> (Game, Vec<ShapeId>) {
        // Sixteen columns fill the arena's width: the gap is the only way down.
        let text = "rules = 3\n[bricks]\n======....======\n1...............\n";
        let game = Game::new(&Level::parse(text).unwrap(), Mode::Solo, 1);
        let targets = game
            .shapes()
            .filter(|(_, _, role)| matches!(role, ShapeRole::Brick(b) if b.kind.counts_toward_clearing()))
            .map(|(id, _, _)| id)
            .collect();
        (game, targets)
    }

    #[test]
    fn guide_field_leads_round_the_steel_to_a_hidden_brick() {
        let (game, targets) = under_the_steel();
        let field = GuideField::build(game.world(), &targets, BALL_RADIUS, 0);
        let brick = game
            .bricks()
            .find(|b| b.kind.counts_toward_clearing())
            .unwrap()
            .rect;
        let steel_top = game.bricks().map(|b| b.rect.min.y).fold(f32::MAX, f32::min);
        // Straight above the brick, over the steel: the way goes round through
        // the gap, so it is much longer than the straight line.
        let above = Vec2::new(brick.center().x, steel_top - 60.0);
        let straight = (brick.min.y - above.y) / CELL * STRAIGHT as f32;
        let cost = field.cost_at(above).expect("reachable through the gap") as f32;
        assert!(cost > 3.0 * straight, "{cost} vs {straight}");
        // And the ball there is sent toward the gap, not down into the steel.
        let to = field.waypoint(game.world(), above, BALL_RADIUS).unwrap();
        assert!(
            to.x > brick.max.x + 2.0 * CELL,
            "{to} should lead to the gap"
        );
    }

    #[test]
    fn guide_field_marks_nothing_reachable_inside_the_steel() {
        let (game, targets) = under_the_steel();
        let field = GuideField::build(game.world(), &targets, BALL_RADIUS, 0);
        let steel = game
            .bricks()
            .find(|b| !b.kind.counts_toward_clearing())
            .unwrap()
            .rect;
        assert_eq!(field.cost_at(steel.center()), None);
        assert_eq!(
            field.waypoint(game.world(), Vec2::new(-500.0, -500.0), BALL_RADIUS),
            None
        );
    }
}
