//! A uniform grid over the arena: the broadphase for static shapes and for balls.
//!
//! Each cell lists the ids of the items whose bounding box touches it, in the order
//! they were inserted. Items and queries outside the grid fall into its border cells,
//! so nothing is ever lost. A query reports each item once (from the first cell it
//! shares with the query box) and visits cells in a fixed order, so results never
//! depend on hashing.

use glam::Vec2;

use crate::geom::Rect;

/// The shape of a grid: where it starts, how big its cells are, how many.
#[derive(Debug, Clone, Copy)]
struct Layout {
    origin: Vec2,
    inv_cell: f32,
    cols: usize,
    rows: usize,
}

impl Layout {
    fn new(bounds: Rect, cell: f32) -> Self {
        let size = bounds.size().max(Vec2::splat(cell));
        Self {
            origin: bounds.min,
            inv_cell: 1.0 / cell,
            cols: ((size.x / cell).ceil() as usize).clamp(1, 4096),
            rows: ((size.y / cell).ceil() as usize).clamp(1, 4096),
        }
    }

    /// The inclusive cell ranges a box covers, clamped into the grid. A NaN
    /// coordinate converts to 0 and so lands in the first row or column.
    #[inline]
    fn cell_range(&self, rect: &Rect) -> (usize, usize, usize, usize) {
        let lo = (rect.min - self.origin) * self.inv_cell;
        let hi = (rect.max - self.origin) * self.inv_cell;
        let clamp_x = |v: f32| (v.max(0.0) as usize).min(self.cols - 1);
        let clamp_y = |v: f32| (v.max(0.0) as usize).min(self.rows - 1);
        (clamp_x(lo.x), clamp_x(hi.x), clamp_y(lo.y), clamp_y(hi.y))
    }
}

/// A packed grid rebuilt from scratch each step (the balls'): each box filed once,
/// in the cell of its `min` corner, as one array of ids sorted by cell with each
/// cell's start (a counting sort, no per-cell lists).
///
/// Two overlapping boxes no larger than a cell have `min` corners less than a cell
/// apart, so they sit in the same or neighbouring cells: pairs are found by looking
/// at each cell and four of its neighbours (east, and the three below), which visits
/// every neighbouring pair of cells once. Boxes larger than a cell (very fast balls)
/// are kept aside and tested against every box.
#[derive(Debug, Clone)]
pub(crate) struct PackedGrid {
    layout: Layout,
    cell: f32,
    starts: Vec<u32>,
    items: Vec<u32>,
    /// Ids of boxes wider or taller than a cell.
    large: Vec<u32>,
    /// For each id, whether it is in `large`.
    is_large: Vec<bool>,
}

impl PackedGrid {
    /// An empty grid of cells of side `cell` covering `bounds`.
    pub(crate) fn new(bounds: Rect, cell: f32) -> Self {
        let layout = Layout::new(bounds, cell);
        Self {
            layout,
            cell,
            starts: vec![0; layout.cols * layout.rows + 1],
            items: Vec::new(),
            large: Vec::new(),
            is_large: Vec::new(),
        }
    }

    /// The cell a box is filed in: the one holding its `min` corner (clamped).
    #[inline]
    fn home(&self, rect: &Rect) -> usize {
        let (x, _, y, _) = self.layout.cell_range(&Rect::new(rect.min, rect.min));
        y * self.layout.cols + x
    }

    /// Refills the grid with item `i` covering `boxes[i]`.
    pub(crate) fn rebuild(&mut self, boxes: &[Rect]) {
        self.large.clear();
        self.is_large.clear();
        self.is_large.extend(boxes.iter().map(|b| {
            let size = b.size();
            // NaN sizes count as large: they then meet every box through the slow path.
            !(size.x <= self.cell && size.y <= self.cell)
        }));
        // A counting sort: count per cell (shifted by one), prefix-sum into starts,
        // then place, which moves each cell's start to the next cell's; shift back.
        self.starts.fill(0);
        for (i, rect) in boxes.iter().enumerate() {
            if self.is_large[i] {
                self.large.push(i as u32);
            } else {
                let home = self.home(rect);
                self.starts[home + 1] += 1;
            }
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        self.items.clear();
        self.items
            .resize(*self.starts.last().unwrap_or(&0) as usize, 0);
        for (i, rect) in boxes.iter().enumerate() {
            if !self.is_large[i] {
                let home = self.home(rect);
                let slot = &mut self.starts[home];
                self.items[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
        let last = self.starts.len() - 1;
        self.starts.copy_within(..last, 1);
        self.starts[0] = 0;
    }

    fn members(&self, cell: usize) -> &[u32] {
        &self.items[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// Calls `visit(i, j)`, `i < j`, once for every pair of items whose boxes
    /// overlap. Pairs come cell by cell; sort them if order matters.
    pub(crate) fn for_each_overlapping_pair(
        &self,
        boxes: &[Rect],
        mut visit: impl FnMut(u32, u32),
    ) {
        let (cols, rows) = (self.layout.cols, self.layout.rows);
        let mut report = |i: u32, j: u32| {
            if boxes[i as usize].overlaps(&boxes[j as usize]) {
                visit(i.min(j), i.max(j));
            }
        };
        for y in 0..rows {
            for x in 0..cols {
                let here = self.members(y * cols + x);
                if here.is_empty() {
                    continue;
                }
                for (k, &i) in here.iter().enumerate() {
                    for &j in &here[k + 1..] {
                        report(i, j);
                    }
                }
                // East, south-west, south, south-east: each neighbouring pair of
                // cells once.
                let east = (x + 1 < cols).then(|| y * cols + x + 1);
                let below = (y + 1 < rows).then_some(y + 1);
                let south_west = below.filter(|_| x > 0).map(|r| r * cols + x - 1);
                let south = below.map(|r| r * cols + x);
                let south_east = below.filter(|_| x + 1 < cols).map(|r| r * cols + x + 1);
                for other in [east, south_west, south, south_east].into_iter().flatten() {
                    for &j in self.members(other) {
                        for &i in here {
                            report(i, j);
                        }
                    }
                }
            }
        }
        for &i in &self.large {
            for j in 0..boxes.len() as u32 {
                // A pair of large boxes is reported from the smaller id only.
                if j != i && !(self.is_large[j as usize] && j < i) {
                    report(i, j);
                }
            }
        }
    }
}

/// A grid of square cells over `bounds`, with a list per cell (the static shapes':
/// few changes, many queries).
#[derive(Debug, Clone)]
pub(crate) struct UniformGrid {
    layout: Layout,
    cells: Vec<Vec<u32>>,
    /// For each id, the column and row of the first cell its box touches: a query
    /// reports the item only from the first cell it shares with the query box, so
    /// each item once, without writing anything (the query takes `&self`).
    first_cells: Vec<(usize, usize)>,
}

impl UniformGrid {
    /// A grid of cells of side `cell` covering `bounds`.
    pub(crate) fn new(bounds: Rect, cell: f32) -> Self {
        let layout = Layout::new(bounds, cell);
        Self {
            layout,
            cells: vec![Vec::new(); layout.cols * layout.rows],
            first_cells: Vec::new(),
        }
    }

    fn cells_of(&self, rect: &Rect) -> impl Iterator<Item = usize> {
        let (x0, x1, y0, y1) = self.layout.cell_range(rect);
        let cols = self.layout.cols;
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| y * cols + x))
    }

    /// Adds item `id` to every cell its box touches.
    pub(crate) fn insert(&mut self, id: u32, rect: &Rect) {
        for c in self.cells_of(rect).collect::<Vec<_>>() {
            self.cells[c].push(id);
        }
        let (x0, _, y0, _) = self.layout.cell_range(rect);
        let slot = id as usize;
        if self.first_cells.len() <= slot {
            self.first_cells.resize(slot + 1, (0, 0));
        }
        self.first_cells[slot] = (x0, y0);
    }

    /// Removes item `id`, which was inserted with the same box.
    pub(crate) fn remove(&mut self, id: u32, rect: &Rect) {
        for c in self.cells_of(rect).collect::<Vec<_>>() {
            self.cells[c].retain(|&i| i != id);
        }
    }

    /// Calls `visit` once for each item whose cells touch `rect`, cell by cell.
    #[inline]
    pub(crate) fn query(&self, rect: &Rect, mut visit: impl FnMut(u32)) {
        let (x0, x1, y0, y1) = self.layout.cell_range(rect);
        for y in y0..=y1 {
            for x in x0..=x1 {
                for &id in &self.cells[y * self.layout.cols + x] {
                    // The cells both boxes touch start at the larger of the two
                    // first columns and rows: report the item there only.
                    let (item_x, item_y) = self.first_cells[id as usize];
                    if x == x0.max(item_x) && y == y0.max(item_y) {
                        visit(id);
                    }
                }
            }
        }
    }

    /// The cell side, for the debug overlay.
    pub(crate) fn cell_size(&self) -> f32 {
        1.0 / self.layout.inv_cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(grid: &UniformGrid, rect: Rect) -> Vec<u32> {
        let mut out = Vec::new();
        grid.query(&rect, |id| out.push(id));
        out
    }

    #[test]
    fn grid_reports_each_item_once_and_forgets_removed_ones() {
        let mut grid = UniformGrid::new(Rect::new(Vec2::ZERO, Vec2::splat(100.0)), 10.0);
        let big = Rect::new(Vec2::splat(5.0), Vec2::splat(35.0));
        grid.insert(7, &big);
        grid.insert(3, &Rect::new(Vec2::splat(80.0), Vec2::splat(85.0)));
        assert_eq!(
            collect(&grid, Rect::new(Vec2::ZERO, Vec2::splat(100.0))),
            vec![7, 3]
        );
        // A query box that starts inside the item's cells still reports it once.
        assert_eq!(
            collect(&grid, Rect::new(Vec2::splat(25.0), Vec2::splat(90.0))),
            vec![7, 3]
        );
        assert_eq!(
            collect(&grid, Rect::new(Vec2::splat(50.0), Vec2::splat(60.0))),
            Vec::<u32>::new()
        );
        grid.remove(7, &big);
        assert_eq!(collect(&grid, big), Vec::<u32>::new());
    }

    #[test]
    fn packed_grid_reports_each_overlapping_pair_once() {
        let bounds = Rect::new(Vec2::ZERO, Vec2::splat(100.0));
        let mut grid = PackedGrid::new(bounds, 10.0);
        let boxes = [
            Rect::new(Vec2::splat(1.0), Vec2::splat(25.0)),
            Rect::new(Vec2::splat(15.0), Vec2::splat(35.0)),
            Rect::new(Vec2::splat(70.0), Vec2::splat(72.0)),
            Rect::new(Vec2::new(-50.0, 5.0), Vec2::new(-40.0, 6.0)),
            Rect::new(Vec2::new(-45.0, 5.5), Vec2::new(-30.0, 6.0)),
            Rect::new(Vec2::splat(24.0), Vec2::splat(26.0)),
        ];
        grid.rebuild(&boxes);
        let mut pairs = Vec::new();
        grid.for_each_overlapping_pair(&boxes, |i, j| pairs.push((i, j)));
        pairs.sort_unstable();
        assert_eq!(pairs, vec![(0, 1), (0, 5), (1, 5), (3, 4)]);
    }

    #[test]
    fn grid_items_and_queries_outside_fall_into_border_cells() {
        let mut grid = UniformGrid::new(Rect::new(Vec2::ZERO, Vec2::splat(100.0)), 10.0);
        grid.insert(
            1,
            &Rect::new(Vec2::new(-500.0, 20.0), Vec2::new(-400.0, 30.0)),
        );
        assert_eq!(
            collect(
                &grid,
                Rect::new(Vec2::new(-900.0, 25.0), Vec2::new(-800.0, 26.0))
            ),
            vec![1]
        );
        assert_eq!(
            collect(
                &grid,
                Rect::new(Vec2::splat(f32::NAN), Vec2::splat(f32::NAN))
            ),
            Vec::<u32>::new()
        );
    }
}
