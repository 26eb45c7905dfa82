//! A uniform grid over the arena: the broadphase for static shapes and for balls.
//!
//! Each cell lists the ids of the items whose bounding box touches it, in the order
//! they were inserted. Items and queries outside the grid fall into its border cells,
//! so nothing is ever lost. A query reports each item once (a per-item stamp skips
//! repeats) and visits cells in a fixed order, so results never depend on hashing.

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

/// Per-item stamps that let a query report each item once, however many cells it spans.
#[derive(Debug, Clone, Default)]
struct Stamps {
    marks: Vec<u32>,
    current: u32,
}

impl Stamps {
    fn begin(&mut self, items: usize) {
        if self.marks.len() < items {
            self.marks.resize(items, 0);
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            // After 2^32 queries old stamps could match again: reset them.
            self.marks.fill(0);
            self.current = 1;
        }
    }

    /// True the first time `id` is seen in this query.
    #[inline]
    fn first_visit(&mut self, id: u32) -> bool {
        let mark = &mut self.marks[id as usize];
        let first = *mark != self.current;
        *mark = self.current;
        first
    }
}

/// A packed grid rebuilt from scratch each step (the balls'): one array of item ids
/// sorted by cell, and each cell's start in it (a counting sort, no per-cell lists).
#[derive(Debug, Clone)]
pub(crate) struct PackedGrid {
    layout: Layout,
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl PackedGrid {
    /// An empty grid of cells of side `cell` covering `bounds`.
    pub(crate) fn new(bounds: Rect, cell: f32) -> Self {
        let layout = Layout::new(bounds, cell);
        Self {
            layout,
            starts: vec![0; layout.cols * layout.rows + 1],
            items: Vec::new(),
        }
    }

    /// Refills the grid with item `i` covering `boxes[i]`.
    pub(crate) fn rebuild(&mut self, boxes: &[Rect]) {
        let cols = self.layout.cols;
        // A counting sort: count per cell (shifted by one), prefix-sum into starts,
        // then place, which moves each cell's start to the next cell's; shift back.
        self.starts.fill(0);
        for rect in boxes {
            let (x0, x1, y0, y1) = self.layout.cell_range(rect);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    self.starts[y * cols + x + 1] += 1;
                }
            }
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        self.items.clear();
        self.items
            .resize(*self.starts.last().unwrap_or(&0) as usize, 0);
        for (i, rect) in boxes.iter().enumerate() {
            let (x0, x1, y0, y1) = self.layout.cell_range(rect);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let slot = &mut self.starts[y * cols + x];
                    self.items[*slot as usize] = i as u32;
                    *slot += 1;
                }
            }
        }
        let last = self.starts.len() - 1;
        self.starts.copy_within(..last, 1);
        self.starts[0] = 0;
    }

    /// Calls `visit(i, j)`, `i < j`, once for every pair of items whose boxes
    /// overlap. A pair sharing several cells is reported only from the cell that
    /// holds the corner `max(min_i, min_j)`, which lies in both boxes, so no stamps
    /// are needed. Pairs come cell by cell; sort them if order matters.
    pub(crate) fn for_each_overlapping_pair(
        &self,
        boxes: &[Rect],
        mut visit: impl FnMut(u32, u32),
    ) {
        for cell in 0..self.starts.len() - 1 {
            let members = &self.items[self.starts[cell] as usize..self.starts[cell + 1] as usize];
            for (k, &i) in members.iter().enumerate() {
                let a = &boxes[i as usize];
                for &j in &members[k + 1..] {
                    let b = &boxes[j as usize];
                    if !a.overlaps(b) {
                        continue;
                    }
                    let corner = a.min.max(b.min);
                    let (x, _, y, _) = self.layout.cell_range(&Rect::new(corner, corner));
                    if y * self.layout.cols + x == cell {
                        visit(i, j);
                    }
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
    /// One more than the largest id ever inserted.
    capacity: usize,
    stamps: Stamps,
}

impl UniformGrid {
    /// A grid of cells of side `cell` covering `bounds`.
    pub(crate) fn new(bounds: Rect, cell: f32) -> Self {
        let layout = Layout::new(bounds, cell);
        Self {
            layout,
            cells: vec![Vec::new(); layout.cols * layout.rows],
            capacity: 0,
            stamps: Stamps::default(),
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
        self.capacity = self.capacity.max(id as usize + 1);
    }

    /// Removes item `id`, which was inserted with the same box.
    pub(crate) fn remove(&mut self, id: u32, rect: &Rect) {
        for c in self.cells_of(rect).collect::<Vec<_>>() {
            self.cells[c].retain(|&i| i != id);
        }
    }

    /// Calls `visit` once for each item whose cells touch `rect`.
    #[inline]
    pub(crate) fn query(&mut self, rect: &Rect, mut visit: impl FnMut(u32)) {
        self.stamps.begin(self.capacity);
        let (x0, x1, y0, y1) = self.layout.cell_range(rect);
        for y in y0..=y1 {
            for x in x0..=x1 {
                for &id in &self.cells[y * self.layout.cols + x] {
                    if self.stamps.first_visit(id) {
                        visit(id);
                    }
                }
            }
        }
    }

    /// Appends the ids in the cells touching `rect` to `out`, possibly repeated (a
    /// read-only query: sort and dedup when repeats matter).
    pub(crate) fn collect(&self, rect: &Rect, out: &mut Vec<u32>) {
        let (x0, x1, y0, y1) = self.layout.cell_range(rect);
        for y in y0..=y1 {
            for x in x0..=x1 {
                out.extend_from_slice(&self.cells[y * self.layout.cols + x]);
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

    fn collect(grid: &mut UniformGrid, rect: Rect) -> Vec<u32> {
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
            collect(&mut grid, Rect::new(Vec2::ZERO, Vec2::splat(100.0))),
            vec![7, 3]
        );
        assert_eq!(
            collect(&mut grid, Rect::new(Vec2::splat(50.0), Vec2::splat(60.0))),
            Vec::<u32>::new()
        );
        grid.remove(7, &big);
        assert_eq!(collect(&mut grid, big), Vec::<u32>::new());
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
                &mut grid,
                Rect::new(Vec2::new(-900.0, 25.0), Vec2::new(-800.0, 26.0))
            ),
            vec![1]
        );
        assert_eq!(
            collect(
                &mut grid,
                Rect::new(Vec2::splat(f32::NAN), Vec2::splat(f32::NAN))
            ),
            Vec::<u32>::new()
        );
    }
}
