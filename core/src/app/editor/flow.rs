//! The palette's layout as arithmetic: buttons flow into as many rows as the
//! window's width needs, so that no label has to shrink below its size. Headless,
//! so the shell only measures labels and draws.

/// One button's place: its row (from 0), left edge and width, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    /// The row, counted from the palette's top.
    pub row: usize,
    /// The left edge.
    pub x: f32,
    /// The width.
    pub width: f32,
}

/// Places buttons of least widths `widths` left to right in rows `width` wide,
/// starting a new row when the next button would not fit (a button wider than
/// the row gets a row of its own, at the row's width). The rows are balanced:
/// as few as greedy filling needs, but broken at the narrowest width that keeps
/// that count, so a last row is not left with one button. Each row's spare width
/// is shared out evenly, so every row spans the whole width.
pub fn flow(widths: &[f32], width: f32) -> Vec<Slot> {
    let widths: Vec<f32> = widths.iter().map(|w| w.min(width)).collect();
    let count = break_rows(&widths, width).len();
    // The narrowest break width that still gives `count` rows (bisection: the
    // row count only grows as the break width shrinks).
    let (mut lo, mut hi) = (widths.iter().copied().fold(0.0, f32::max), width);
    for _ in 0..24 {
        let mid = (lo + hi) * 0.5;
        if break_rows(&widths, mid).len() > count {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let mut out = Vec::with_capacity(widths.len());
    for (r, row) in break_rows(&widths, hi).iter().enumerate() {
        let spare = (width - row.iter().sum::<f32>()) / row.len() as f32;
        let mut x = 0.0;
        for &w in row {
            out.push(Slot {
                row: r,
                x,
                width: w + spare,
            });
            x += w + spare;
        }
    }
    out
}

/// Greedy rows: each button on the current row if it fits in `width`.
fn break_rows(widths: &[f32], width: f32) -> Vec<Vec<f32>> {
    let mut rows: Vec<Vec<f32>> = Vec::new();
    let mut used = f32::INFINITY;
    for &w in widths {
        if used + w > width {
            rows.push(Vec::new());
            used = 0.0;
        }
        if let Some(row) = rows.last_mut() {
            row.push(w);
        }
        used += w;
    }
    rows
}

/// How many rows [`flow`] makes.
pub fn rows(slots: &[Slot]) -> usize {
    slots.last().map_or(0, |s| s.row + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_wraps_and_never_narrows_a_button() {
        let widths = [60.0, 80.0, 50.0, 70.0, 90.0];
        for width in [100.0, 150.0, 390.0, 720.0] {
            let slots = flow(&widths, width);
            assert_eq!(slots.len(), widths.len());
            for (s, &w) in slots.iter().zip(&widths) {
                assert!(s.width >= w - 1e-3, "{width}: {s:?} under {w}");
                assert!(
                    s.x + s.width <= width + 1e-3,
                    "{width}: {s:?} leaves the row"
                );
            }
            // Each row spans the width and its buttons do not overlap.
            for row in 0..rows(&slots) {
                let in_row: Vec<&Slot> = slots.iter().filter(|s| s.row == row).collect();
                let end = in_row.iter().map(|s| s.x + s.width).fold(0.0, f32::max);
                assert!((end - width).abs() < 1e-3);
                for pair in in_row.windows(2) {
                    assert!((pair[0].x + pair[0].width - pair[1].x).abs() < 1e-3);
                }
            }
        }
        assert_eq!(rows(&flow(&widths, 720.0)), 1);
        // Greedy would leave one button on a second row; balanced, three and two.
        let five = flow(&[50.0; 5], 200.0);
        assert_eq!(five.iter().filter(|s| s.row == 0).count(), 3);
        assert_eq!(rows(&five), 2);
        assert_eq!(rows(&flow(&widths, 150.0)), 3, "60+80, 50+70, 90");
    }

    #[test]
    fn flow_gives_a_too_wide_button_its_own_full_row() {
        let slots = flow(&[50.0, 500.0, 50.0], 300.0);
        assert_eq!(
            slots[1],
            Slot {
                row: 1,
                x: 0.0,
                width: 300.0
            }
        );
        assert_eq!(rows(&slots), 3);
        assert!(flow(&[], 300.0).is_empty());
    }
}
