//! The balls' broadphase: a packed grid rebuilt from scratch each step, sized to
//! the number of balls.
//!
//! Each box is filed once, in the cell of its `min` corner, by a counting sort:
//! one array of ids sorted by cell, each cell's start, and the boxes copied in the
//! same order so the pair scan reads them in sequence (the "sort, then sweep
//! neighbouring cells" layout of Teschner et al., "Optimized Spatial Hashing for
//! Collision Detection of Deformable Objects", 2003, with a dense grid in place of
//! the hash table).
//!
//! Two overlapping boxes no larger than a cell have `min` corners less than a cell
//! apart, so they sit in the same or neighbouring cells: pairs are found by looking
//! at each cell and four of its neighbours (east, and the three below), which visits
//! every neighbouring pair of cells once. Boxes larger than a cell (very fast balls)
//! are kept aside and tested against every box.
//!
//! The cells are sized so there is about one per ball: a fixed cell size made the
//! scan and the prefix sum cost ten times the balls in a sparse arena. The cell size
//! only changes which cells hold which boxes, never which pairs overlap, and the
//! caller sorts the pairs, so the game does not depend on it.

use glam::Vec2;

use super::grid::Layout;
use crate::geom::Rect;

/// Arena area per ball that one cell covers: 1 gives about as many cells as balls.
/// Smaller cells mean fewer boxes per cell to test but more cells to scan.
const CELL_AREA_IN_BALLS: f32 = 1.0;

/// A packed grid of boxes, rebuilt each step; see the module docs.
#[derive(Debug, Clone)]
pub(crate) struct BallGrid {
    bounds: Rect,
    /// Smallest cell side, world units: cells never shrink below a game ball's
    /// swept box.
    min_cell: f32,
    layout: Layout,
    cell: f32,
    /// Where each cell's items begin in `items`, plus the total at the end.
    starts: Vec<u32>,
    /// Ids sorted by cell (in id order within a cell).
    items: Vec<u32>,
    /// `boxes[items[k]]`, in the order of `items`.
    sorted: Vec<Rect>,
    /// For each id, its cell, or `LARGE`.
    homes: Vec<u32>,
    /// Input slots of boxes wider or taller than a cell, and their ids.
    large: Vec<u32>,
    large_ids: Vec<u32>,
}

/// `Rect::overlaps` without its short cut: four comparisons and no branch, since
/// nearly every test in the scan fails and a branch per comparison mispredicts.
/// The same answer, NaN included (every comparison with NaN is false).
#[inline]
fn overlaps(a: &Rect, b: &Rect) -> bool {
    (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y)
}

/// The home of a box that does not fit in a cell.
const LARGE: u32 = u32::MAX;

impl BallGrid {
    /// An empty grid over `bounds` with cells no smaller than `min_cell`.
    pub(crate) fn new(bounds: Rect, min_cell: f32) -> Self {
        Self {
            bounds,
            min_cell,
            layout: Layout::new(bounds, min_cell),
            cell: min_cell,
            starts: Vec::new(),
            items: Vec::new(),
            sorted: Vec::new(),
            homes: Vec::new(),
            large: Vec::new(),
            large_ids: Vec::new(),
        }
    }

    /// Picks the cell size for `count` boxes: about `CELL_AREA_IN_BALLS` boxes per
    /// cell over the arena, never below `min_cell`.
    fn resize_for(&mut self, count: usize) {
        let size = self.bounds.size();
        let side = (size.x * size.y * CELL_AREA_IN_BALLS / count.max(1) as f32).sqrt();
        // `max` also turns a NaN side (an empty arena) into `min_cell`.
        let cell = side.max(self.min_cell);
        if cell != self.cell {
            self.cell = cell;
            self.layout = Layout::new(self.bounds, cell);
        }
    }

    /// Refills the grid with item `ids[k]` covering `boxes[k]`. The boxes may come
    /// in any order; in nearly cell order (the last step's), the counting sort's
    /// writes land close together.
    pub(crate) fn rebuild(&mut self, boxes: &[Rect], ids: &[u32]) {
        debug_assert_eq!(boxes.len(), ids.len());
        self.resize_for(boxes.len());
        let cells = self.layout.cols * self.layout.rows;
        // A counting sort: count per cell (shifted by one), prefix-sum into starts,
        // then place, which moves each cell's start to the next cell's; shift back.
        self.starts.clear();
        self.starts.resize(cells + 1, 0);
        self.homes.clear();
        self.large.clear();
        self.large_ids.clear();
        for (k, rect) in boxes.iter().enumerate() {
            let size = rect.size();
            // NaN sizes count as large: they then meet every box through the slow path.
            let home = if size.x <= self.cell && size.y <= self.cell {
                let home = self.layout.cell_of(rect.min);
                self.starts[home + 1] += 1;
                home as u32
            } else {
                self.large.push(k as u32);
                self.large_ids.push(ids[k]);
                LARGE
            };
            self.homes.push(home);
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        let placed = self.starts[cells] as usize;
        self.items.clear();
        self.items.resize(placed, 0);
        self.sorted.clear();
        self.sorted
            .resize(placed, Rect::new(Vec2::ZERO, Vec2::ZERO));
        for ((&home, rect), &id) in self.homes.iter().zip(boxes).zip(ids) {
            if home != LARGE {
                let slot = &mut self.starts[home as usize];
                self.items[*slot as usize] = id;
                self.sorted[*slot as usize] = *rect;
                *slot += 1;
            }
        }
        self.starts.copy_within(..cells, 1);
        self.starts[0] = 0;
    }

    /// Every id of the last rebuild, in cell order (then the large ones): a
    /// permutation of the ids, grouped by place.
    pub(crate) fn order(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend_from_slice(&self.items);
        out.extend_from_slice(&self.large_ids);
    }

    /// How many boxes the last rebuild filed.
    pub(crate) fn len(&self) -> usize {
        self.items.len() + self.large.len()
    }

    /// Calls `visit(i, j)`, `i < j`, once for every pair of ids whose boxes
    /// overlap, given the boxes and ids of the last rebuild. Pairs come cell by
    /// cell; sort them if order matters.
    pub(crate) fn for_each_overlapping_pair(
        &self,
        boxes: &[Rect],
        ids: &[u32],
        mut visit: impl FnMut(u32, u32),
    ) {
        let (cols, rows) = (self.layout.cols, self.layout.rows);
        let (items, sorted) = (&self.items, &self.sorted);
        let start = |c: usize| self.starts[c] as usize;
        for y in 0..rows {
            for x in 0..cols {
                let c = y * cols + x;
                let here = start(c)..start(c + 1);
                if here.is_empty() {
                    continue;
                }
                // This cell and the one east of it are one run of slots, and so are
                // the three below (south-west, south, south-east): each box meets
                // the rest of its cell, the east cell and the three below, which
                // visits every neighbouring pair of cells once.
                let beside_end = if x + 1 < cols { start(c + 2) } else { here.end };
                let below = if y + 1 < rows {
                    let row = (y + 1) * cols;
                    start(row + x.saturating_sub(1))..start(row + (x + 1).min(cols - 1) + 1)
                } else {
                    0..0
                };
                let (next_x, next_y) = ((x + 1) as f32, (y + 1) as f32);
                for a in here.clone() {
                    let boxed = &sorted[a];
                    // A box whose far side stays short of the next column (row)
                    // cannot meet a box filed there: those start at or past it, and
                    // `in_cells` keeps the order of coordinates. Most boxes are far
                    // smaller than a cell, so this skips most tests.
                    let reach = self.layout.in_cells(boxed.max);
                    let end = if reach.x < next_x {
                        here.end
                    } else {
                        beside_end
                    };
                    let down = if reach.y < next_y {
                        0..0
                    } else {
                        below.clone()
                    };
                    for b in (a + 1..end).chain(down) {
                        if overlaps(boxed, &sorted[b]) {
                            let (i, j) = (items[a], items[b]);
                            visit(i.min(j), i.max(j));
                        }
                    }
                }
            }
        }
        self.pair_large(boxes, ids, &mut visit);
    }

    /// The slow path: each large box against every box.
    fn pair_large(&self, boxes: &[Rect], ids: &[u32], visit: &mut impl FnMut(u32, u32)) {
        for &k in &self.large {
            let k = k as usize;
            for m in 0..boxes.len() {
                // A pair of large boxes is reported from the earlier one only.
                if m != k && !(self.homes[m] == LARGE && m < k) && boxes[k].overlaps(&boxes[m]) {
                    visit(ids[k].min(ids[m]), ids[k].max(ids[m]));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs_of(grid: &mut BallGrid, boxes: &[Rect]) -> Vec<(u32, u32)> {
        // Fed in reverse, ids counting down, to check the grid keeps ids and slots apart.
        let reversed: Vec<Rect> = boxes.iter().rev().copied().collect();
        let ids: Vec<u32> = (0..boxes.len() as u32).rev().collect();
        grid.rebuild(&reversed, &ids);
        let mut order = Vec::new();
        assert_eq!(grid.len(), boxes.len());
        grid.order(&mut order);
        order.sort_unstable();
        assert_eq!(order, (0..boxes.len() as u32).collect::<Vec<_>>());
        let mut pairs = Vec::new();
        grid.for_each_overlapping_pair(&reversed, &ids, |i, j| pairs.push((i, j)));
        pairs.sort_unstable();
        pairs
    }

    #[test]
    fn ball_grid_reports_each_overlapping_pair_once() {
        let bounds = Rect::new(Vec2::ZERO, Vec2::splat(100.0));
        let mut grid = BallGrid::new(bounds, 10.0);
        let boxes = [
            Rect::new(Vec2::splat(1.0), Vec2::splat(25.0)),
            Rect::new(Vec2::splat(15.0), Vec2::splat(35.0)),
            Rect::new(Vec2::splat(70.0), Vec2::splat(72.0)),
            Rect::new(Vec2::new(-50.0, 5.0), Vec2::new(-40.0, 6.0)),
            Rect::new(Vec2::new(-45.0, 5.5), Vec2::new(-30.0, 6.0)),
            Rect::new(Vec2::splat(24.0), Vec2::splat(26.0)),
        ];
        assert_eq!(
            pairs_of(&mut grid, &boxes),
            vec![(0, 1), (0, 5), (1, 5), (3, 4)]
        );
    }

    #[test]
    fn ball_grid_finds_the_same_pairs_as_brute_force_at_any_count() {
        let bounds = Rect::new(Vec2::ZERO, Vec2::splat(200.0));
        let mut grid = BallGrid::new(bounds, 4.0);
        // A deterministic scatter of small and a few large boxes, some outside.
        let boxes: Vec<Rect> = (0..300u32)
            .map(|k| {
                let x = (k * 37 % 230) as f32 - 15.0;
                let y = (k * 91 % 227) as f32 - 12.0;
                let side = if k % 50 == 0 {
                    40.0
                } else {
                    3.0 + (k % 7) as f32
                };
                Rect::new(Vec2::new(x, y), Vec2::new(x + side, y + side))
            })
            .collect();
        for count in [1, 2, 10, 100, 300] {
            let boxes = &boxes[..count];
            let mut brute = Vec::new();
            for i in 0..count {
                for j in i + 1..count {
                    if boxes[i].overlaps(&boxes[j]) {
                        brute.push((i as u32, j as u32));
                    }
                }
            }
            assert_eq!(pairs_of(&mut grid, boxes), brute, "{count} boxes");
        }
    }
}
