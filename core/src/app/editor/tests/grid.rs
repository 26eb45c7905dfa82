//! Resizing the brick grid at each of its four edges: the text it writes, the
//! bricks that stay keeping their place on screen, and undo.

use super::super::*;
use super::ops::{undo_all, CAPS, SMALL};
use crate::level::Level;

/// Every brick's rect and character, by its place on screen.
fn bricks(level: &Level) -> Vec<(String, char)> {
    let mut out = Vec::new();
    for row in 0..level.bricks.rows {
        for column in 0..level.bricks.columns {
            if let Some(b) = level.bricks.get(row, column) {
                let r = level.brick_rect(row, column);
                let c = b.power_up.map_or('.', |p| p.letter());
                out.push((format!("{:?} {:?} {c}", r.min, b.kind), c));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn editor_add_row_at_top_keeps_bricks_in_place_and_undoes() {
    let mut e = Editor::open(CAPS);
    let before = bricks(e.doc().level());
    assert!(e.resize_grid(Resize::AddRowTop));
    assert_eq!(
        e.text(),
        "title = \"Caps\"\nmode = both\nbricks_center = 400,489\n\n[bricks]\n  ...\n  111 # top\n  .2.\n\n[powerups]\n...\n.S.\n...\n# end\n"
    );
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
    assert_eq!(e.doc().level().bricks.rows, 3);
    assert_eq!(bricks(e.doc().level()), before);
    assert!(e.undo());
    assert_eq!(e.text(), CAPS);
}

#[test]
fn editor_remove_row_at_top_keeps_bricks_in_place_and_undoes() {
    let mut e = Editor::open(CAPS);
    assert!(e.resize_grid(Resize::RemoveRowTop));
    assert_eq!(
        e.text(),
        "title = \"Caps\"\nmode = both\nbricks_center = 400,511\n\n[bricks]\n  .2.\n\n[powerups]\n...\n# end\n"
    );
    let two = e.doc().level().brick_rect(0, 1);
    let was = Editor::open(CAPS).doc().level().brick_rect(1, 1);
    assert_eq!(two, was, "the 2 brick stays where it was");
    assert!(!e.resize_grid(Resize::RemoveRowTop), "the last row stays");
    assert!(e.undo());
    assert_eq!(e.text(), CAPS);
}

#[test]
fn editor_add_and_remove_column_at_left_keep_bricks_in_place_and_undo() {
    let mut e = Editor::open(CAPS);
    let before = bricks(e.doc().level());
    assert!(e.resize_grid(Resize::AddColumnLeft));
    assert_eq!(
        e.text(),
        "title = \"Caps\"\nmode = both\nbricks_center = 375,500\n\n[bricks]\n  .111 # top\n  ..2.\n\n[powerups]\n..S.\n....\n# end\n"
    );
    assert_eq!(bricks(e.doc().level()), before);
    assert!(e.undo());
    assert!(e.resize_grid(Resize::RemoveColumnLeft));
    assert_eq!(
        e.text(),
        "title = \"Caps\"\nmode = both\nbricks_center = 425,500\n\n[bricks]\n  11 # top\n  2.\n\n[powerups]\nS.\n..\n# end\n"
    );
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
    assert!(e.resize_grid(Resize::RemoveColumnLeft));
    assert!(
        !e.resize_grid(Resize::RemoveColumnLeft),
        "the last column stays"
    );
    undo_all(&mut e);
    assert_eq!(e.text(), CAPS);
}

#[test]
fn editor_add_row_at_bottom_adds_one_line_per_grid_and_undoes() {
    let mut e = Editor::open(SMALL);
    assert!(e.resize_grid(Resize::AddRow));
    assert_eq!(
        e.text(),
        SMALL
            .replace(
                "mode = both\r\n",
                "mode = both\r\nbricks_center = 400,511\r\n"
            )
            .replace(".2.\r\n", ".2.\r\n...\r\n")
    );
    assert_eq!(e.doc().level().bricks.rows, 3);
    assert!(e.undo());
    assert_eq!(e.text(), SMALL);
    let mut e = Editor::open(CAPS);
    let before = bricks(e.doc().level());
    assert!(e.resize_grid(Resize::AddRow));
    assert_eq!(bricks(e.doc().level()), before);
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
    assert!(e.resize_grid(Resize::RemoveRow));
    assert!(e.resize_grid(Resize::RemoveRow));
    assert!(!e.resize_grid(Resize::RemoveRow), "the last row stays");
    assert_eq!(e.doc().level().bricks.rows, 1);
    undo_all(&mut e);
    assert_eq!(e.text(), CAPS);
}

#[test]
fn editor_add_and_remove_column_at_right_rewrite_each_row_line_and_undo() {
    let mut e = Editor::open(CAPS);
    assert!(e.resize_grid(Resize::AddColumn));
    let wide = "title = \"Caps\"\nmode = both\nbricks_center = 425,500\n\n[bricks]\n  111. # top\n  .2..\n\n[powerups]\n.S..\n....\n# end\n";
    assert_eq!(e.text(), wide);
    assert_eq!(e.doc().level().bricks.columns, 4);
    assert!(!e.doc().has_errors());
    for _ in 0..3 {
        assert!(e.resize_grid(Resize::RemoveColumn));
    }
    assert!(
        !e.resize_grid(Resize::RemoveColumn),
        "the last column stays"
    );
    assert_eq!(e.doc().level().bricks.columns, 1);
    assert_eq!(
        e.text(),
        "title = \"Caps\"\nmode = both\nbricks_center = 350,500\n\n[bricks]\n  1 # top\n  .\n\n[powerups]\n.\n.\n# end\n"
    );
    undo_all(&mut e);
    assert_eq!(e.text(), CAPS);
}

#[test]
fn editor_resize_rewrites_a_written_centre_in_place() {
    let text = "mode = both\nbricks_center = 400,300 # high\n[bricks]\n1\n";
    let mut e = Editor::open(text);
    assert!(e.resize_grid(Resize::AddRowTop));
    assert_eq!(
        e.text(),
        "mode = both\nbricks_center = 400,289 # high\n[bricks]\n.\n1\n"
    );
    // A centre the checker rejects is left as written.
    let broken = "mode = both\nbricks_center = here\n[bricks]\n1\n";
    let mut e = Editor::open(broken);
    assert!(e.resize_grid(Resize::AddColumnLeft));
    assert_eq!(
        e.text(),
        "mode = both\nbricks_center = here\n[bricks]\n.1\n"
    );
}

#[test]
fn editor_resize_without_a_grid_adds_one_at_any_edge() {
    let text = "mode = versus\n[barriers]\nrect at 400,500 size 100x20\n";
    for r in Resize::ALL {
        let mut e = Editor::open(text);
        let adds = e.resize_grid(r);
        assert_eq!(adds, e.doc().level().bricks.rows > 0, "{r:?}");
        undo_all(&mut e);
        assert_eq!(e.text(), text);
    }
}

/// The lines of `e`'s text outside both grids and the `bricks_center` line.
fn other_lines(e: &Editor) -> Vec<String> {
    let doc = e.doc();
    let mut grid = doc.outline.rows(super::super::outline::Part::Bricks);
    grid.extend(doc.outline.rows(super::super::outline::Part::PowerUps));
    let centre = doc.outline.setting_line(&doc.lines, "bricks_center");
    (0..doc.lines.len())
        .filter(|i| !grid.contains(i) && Some(*i) != centre)
        .map(|i| doc.lines.raw(i).to_owned())
        .collect()
}

#[test]
fn editor_resize_minimal_diff_on_every_shipped_level() {
    for l in crate::level::shipped_levels() {
        for r in Resize::ALL {
            let mut e = Editor::open(l.text);
            let (before, had) = (bricks(e.doc().level()), e.doc().level().bricks.rows);
            if !e.resize_grid(r) {
                continue;
            }
            assert_eq!(
                other_lines(&e),
                other_lines(&Editor::open(l.text)),
                "{} {r:?}",
                l.file
            );
            if had > 0
                && matches!(
                    r,
                    Resize::AddRow | Resize::AddRowTop | Resize::AddColumn | Resize::AddColumnLeft
                )
            {
                assert_eq!(bricks(e.doc().level()), before, "{} {r:?}", l.file);
            }
            assert!(e.undo());
            assert_eq!(e.text(), l.text, "{} {r:?}", l.file);
        }
    }
}
