//! A uniform grid over the arena: the broadphase for static shapes (the balls' is
//! `ball_grid.rs`, which shares its `Layout`).
//!
//! Each cell lists the ids of the items whose bounding box touches it, in the order
//! they were inserted. Items and queries outside the grid fall into its border cells,
//! so nothing is ever lost. A query reports each item once (from the first cell it
//! shares with the query box) and visits cells in a fixed order, so results never
//! depend on hashing.

use std::sync::OnceLock;

use glam::Vec2;

use crate::geom::Rect;

/// The shape of a grid: where it starts, how big its cells are, how many.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layout {
    origin: Vec2,
    inv_cell: f32,
    pub(super) cols: usize,
    pub(super) rows: usize,
}

impl Layout {
    /// Cells of side `cell` from `bounds.min`, enough to cover `bounds` (at most
    /// 4096 a side; beyond that the border cells grow).
    pub(super) fn new(bounds: Rect, cell: f32) -> Self {
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
        let lo = self.in_cells(rect.min);
        let hi = self.in_cells(rect.max);
        let clamp_x = |v: f32| (v.max(0.0) as usize).min(self.cols - 1);
        let clamp_y = |v: f32| (v.max(0.0) as usize).min(self.rows - 1);
        (clamp_x(lo.x), clamp_x(hi.x), clamp_y(lo.y), clamp_y(hi.y))
    }

    /// `p` in cell units from the origin: its cell is the integer part (clamped).
    /// Monotonic in `p` (a subtraction and a product by a positive number, each
    /// rounded), so comparing these compares the points.
    #[inline]
    pub(super) fn in_cells(&self, p: Vec2) -> Vec2 {
        (p - self.origin) * self.inv_cell
    }

    /// The index (row-major) of the cell holding `p`, clamped into the grid.
    #[inline]
    pub(super) fn cell_of(&self, p: Vec2) -> usize {
        let (x, _, y, _) = self.cell_range(&Rect::new(p, p));
        y * self.cols + x
    }
}

/// A grid of square cells over `bounds`, with a list per cell (the static shapes':
/// few changes, many queries).
///
/// The lists are what `insert` and `remove` edit; queries read a packed copy (one
/// array of cell starts and one of entries, a compressed sparse row layout), built
/// on the first query after an edit. The lists as `Vec<Vec<u32>>` cost a 24-byte
/// header per cell and a separate allocation per list, read in random order; the
/// packed copy costs 4 bytes per cell and keeps each entry's first cell beside its id.
#[derive(Debug, Clone)]
pub(crate) struct UniformGrid {
    layout: Layout,
    cells: Vec<Vec<u32>>,
    /// For each id, the column and row of the first cell its box touches: a query
    /// reports the item only from the first cell it shares with the query box, so
    /// each item once, without writing anything (the query takes `&self`).
    first_cells: Vec<(u16, u16)>,
    /// For each id, its box as inserted.
    boxes: Vec<Rect>,
    /// The packed copy of `cells`, emptied by every edit.
    packed: OnceLock<Packed>,
}

/// `cells` packed: cell `c`'s entries are `entries[starts[c]..starts[c + 1]]`, in
/// the order of its list.
#[derive(Debug, Clone)]
struct Packed {
    starts: Vec<u32>,
    entries: Vec<Entry>,
}

/// An item in a cell, with the first cell of its box (from `first_cells`).
#[derive(Debug, Clone, Copy)]
struct Entry {
    id: u32,
    first_x: u16,
    first_y: u16,
}

impl UniformGrid {
    /// A grid of cells of side `cell` covering `bounds`.
    pub(crate) fn new(bounds: Rect, cell: f32) -> Self {
        let layout = Layout::new(bounds, cell);
        Self {
            layout,
            cells: vec![Vec::new(); layout.cols * layout.rows],
            first_cells: Vec::new(),
            boxes: Vec::new(),
            packed: OnceLock::new(),
        }
    }

    fn cells_of(&self, rect: &Rect) -> impl Iterator<Item = usize> {
        let (x0, x1, y0, y1) = self.layout.cell_range(rect);
        let cols = self.layout.cols;
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| y * cols + x))
    }

    /// Adds item `id` to every cell its box touches.
    pub(crate) fn insert(&mut self, id: u32, rect: &Rect) {
        self.packed.take();
        for c in self.cells_of(rect).collect::<Vec<_>>() {
            self.cells[c].push(id);
        }
        let (x0, _, y0, _) = self.layout.cell_range(rect);
        let slot = id as usize;
        if self.first_cells.len() <= slot {
            self.first_cells.resize(slot + 1, (0, 0));
            self.boxes.resize(slot + 1, *rect);
        }
        self.boxes[slot] = *rect;
        // At most 4096 columns and rows (`Layout::new`), so they fit in a u16.
        self.first_cells[slot] = (x0 as u16, y0 as u16);
    }

    /// Removes item `id`, which was inserted with the same box.
    pub(crate) fn remove(&mut self, id: u32, rect: &Rect) {
        self.packed.take();
        for c in self.cells_of(rect).collect::<Vec<_>>() {
            self.cells[c].retain(|&i| i != id);
        }
    }

    fn pack(&self) -> Packed {
        let mut starts = Vec::with_capacity(self.cells.len() + 1);
        let mut entries = Vec::with_capacity(self.cells.iter().map(Vec::len).sum());
        starts.push(0);
        for list in &self.cells {
            entries.extend(list.iter().map(|&id| {
                let (first_x, first_y) = self.first_cells[id as usize];
                Entry {
                    id,
                    first_x,
                    first_y,
                }
            }));
            starts.push(entries.len() as u32);
        }
        Packed { starts, entries }
    }

    /// Calls `visit` once for each item whose cells touch `rect`, cell by cell.
    #[inline]
    pub(crate) fn query(&self, rect: &Rect, mut visit: impl FnMut(u32)) {
        let packed = self.packed.get_or_init(|| self.pack());
        let (x0, x1, y0, y1) = self.layout.cell_range(rect);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = y * self.layout.cols + x;
                let cell = packed.starts[c] as usize..packed.starts[c + 1] as usize;
                for entry in &packed.entries[cell] {
                    // The cells both boxes touch start at the larger of the two
                    // first columns and rows: report the item there only.
                    let (item_x, item_y) = (entry.first_x as usize, entry.first_y as usize);
                    if x == x0.max(item_x) && y == y0.max(item_y) {
                        visit(entry.id);
                    }
                }
            }
        }
    }

    /// Like `query`, but leaves out the items whose box lies more than `margin`
    /// away from `rect` on some axis. A NaN anywhere leaves nothing out (every
    /// comparison with NaN is false), so only a box proved far is skipped.
    #[inline]
    pub(crate) fn query_near(&self, rect: &Rect, margin: f32, mut visit: impl FnMut(u32)) {
        self.query(rect, |id| {
            let b = &self.boxes[id as usize];
            let far = b.max.x + margin < rect.min.x
                || rect.max.x + margin < b.min.x
                || b.max.y + margin < rect.min.y
                || rect.max.y + margin < b.min.y;
            if !far {
                visit(id);
            }
        });
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
