//! Which breakable bricks a ball can reach: a flood fill from the paddle zones
//! over a raster of the arena, where a cell is blocked when a ball centred there
//! would touch an unbreakable brick or a barrier (breakable bricks let balls
//! through: they break).

use glam::Vec2;

use super::parse::Sources;
use super::{arena, BarrierOutline, BrickKind, Diagnostic, Level, Side};
use crate::geom::Rect;
use crate::tuning::BALL_RADIUS;

/// Side of the cells of the reachability map, world units.
const REACH_CELL: f32 = 4.0;

/// A raster of the arena in cells of [`REACH_CELL`]: which cells a ball's centre
/// may occupy, and which it can get to.
struct ReachMap {
    /// Cells per row.
    w: usize,
    /// Rows.
    h: usize,
    /// Whether a ball centred in the cell would touch a wall.
    blocked: Vec<bool>,
    /// Whether a ball can get to the cell from a paddle zone.
    reached: Vec<bool>,
}

impl ReachMap {
    /// An arena-sized map with nothing blocked or reached yet.
    fn new() -> Self {
        let arena = arena();
        let (w, h) = (
            (arena.max.x / REACH_CELL) as usize,
            (arena.max.y / REACH_CELL) as usize,
        );
        Self {
            w,
            h,
            blocked: vec![false; w * h],
            reached: vec![false; w * h],
        }
    }

    /// The centre of cell (x, y).
    fn center(x: usize, y: usize) -> Vec2 {
        Vec2::new((x as f32 + 0.5) * REACH_CELL, (y as f32 + 0.5) * REACH_CELL)
    }

    /// The inclusive ranges of cells that `area` covers: (x0, x1, y0, y1).
    fn cells(&self, area: Rect) -> (usize, usize, usize, usize) {
        let cell = |v: f32, n: usize| ((v / REACH_CELL).max(0.0) as usize).min(n - 1);
        (
            cell(area.min.x, self.w),
            cell(area.max.x, self.w),
            cell(area.min.y, self.h),
            cell(area.max.y, self.h),
        )
    }

    /// Blocks every cell where a ball would touch `wall`.
    fn block(&mut self, wall: &BarrierOutline) {
        let (x0, x1, y0, y1) = self.cells(wall.aabb().expanded(BALL_RADIUS));
        for y in y0..=y1 {
            for x in x0..=x1 {
                if wall.signed_distance(Self::center(x, y)) < BALL_RADIUS {
                    self.blocked[y * self.w + x] = true;
                }
            }
        }
    }

    /// Reaches every free cell inside `zone`, then every free cell joined to a
    /// reached one through its four neighbours.
    fn flood_from(&mut self, zones: &[(Side, Rect)]) {
        let mut stack: Vec<usize> = Vec::new();
        for (_, zone) in zones {
            for y in 0..self.h {
                for x in 0..self.w {
                    let i = y * self.w + x;
                    if zone.contains(Self::center(x, y)) && !self.blocked[i] {
                        self.reached[i] = true;
                        stack.push(i);
                    }
                }
            }
        }
        while let Some(i) = stack.pop() {
            let (x, y, w) = (i % self.w, i / self.w, self.w);
            let neighbours = [
                (x > 0).then(|| i - 1),
                (x + 1 < w).then(|| i + 1),
                (y > 0).then(|| i - w),
                (y + 1 < self.h).then(|| i + w),
            ];
            for j in neighbours.into_iter().flatten() {
                if !self.reached[j] && !self.blocked[j] {
                    self.reached[j] = true;
                    stack.push(j);
                }
            }
        }
    }

    /// Whether a ball reaches any cell from which it touches `rect`.
    fn touches(&self, rect: Rect) -> bool {
        let (x0, x1, y0, y1) = self.cells(rect.expanded(BALL_RADIUS + REACH_CELL));
        (y0..=y1).any(|y| (x0..=x1).any(|x| self.reached[y * self.w + x]))
    }
}

/// Warnings for breakable bricks that no ball can reach from the paddle zones,
/// past `walls` (the unbreakable bricks and the barriers).
pub(super) fn unreachable_bricks<'a>(
    level: &Level,
    sources: &Sources,
    walls: impl Iterator<Item = &'a BarrierOutline>,
    zones: &[(Side, Rect)],
) -> Vec<Diagnostic> {
    let mut map = ReachMap::new();
    for wall in walls {
        map.block(wall);
    }
    map.flood_from(zones);
    level
        .bricks_with_positions()
        .filter(|&(row, column, brick)| {
            brick.kind.breaks() && !map.touches(level.brick_rect(row, column))
        })
        .map(|(row, column, _)| {
            let line = sources.brick_row_lines.get(row).copied().unwrap_or(1);
            Diagnostic::warning(
                line,
                column + 1,
                format!(
                    "no ball can reach the brick at row {}, column {}",
                    row + 1,
                    column + 1
                ),
            )
            .with_hint(format!(
                "it is walled in by unbreakable bricks ({}) and barriers; open a gap",
                BrickKind::listed(|k| !k.breaks(), false)
            ))
        })
        .collect()
}
