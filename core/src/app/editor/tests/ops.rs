//! Each editor operation, its effect on the text, and its undo.

use glam::Vec2;

use super::super::*;
use crate::level::{shipped_levels, BarrierShape, BrickKind, LevelBall, PowerUp, Side};

/// (lines changed in place, line count before, line count after).
pub(super) fn diff(a: &str, b: &str) -> (usize, usize, usize) {
    let (la, lb) = (Lines::new(a), Lines::new(b));
    let changed = (0..la.len().min(lb.len()))
        .filter(|&i| la.raw(i) != lb.raw(i))
        .count();
    (changed, la.len(), lb.len())
}

pub(super) const SMALL: &str = "# a comment\r\ntitle = \"Small\"  # named\r\nmode = both\r\n\r\n[bricks]\r\n111\r\n.2.\r\n\r\n[barriers]\r\nhexagon at 150,330 radius 42 rotation 0 # left\r\n\r\n# the end";

fn hex(x: f32, y: f32) -> BarrierShape {
    BarrierShape::Hexagon {
        center: Vec2::new(x, y),
        radius: 30.0,
        rotation: 0.0,
    }
}

pub(super) fn undo_all(e: &mut Editor) {
    while e.undo() {}
}

#[test]
fn editor_paint_changes_one_line_and_undoes() {
    let mut e = Editor::open(SMALL);
    assert!(e.paint(1, 0, Paint::Brick(BrickKind::Steel)));
    assert_eq!(e.text(), SMALL.replace(".2.", "=2."));
    assert!(e.undo());
    assert_eq!(e.text(), SMALL);
    assert!(e.redo());
    assert_eq!(e.text(), SMALL.replace(".2.", "=2."));
    assert!(
        !e.paint(1, 0, Paint::Brick(BrickKind::Steel)),
        "same paint is no edit"
    );
    assert!(!e.paint(9, 0, Paint::Empty), "outside the grid");
}

#[test]
fn editor_paint_minimal_diff_on_every_shipped_level() {
    for l in shipped_levels() {
        let mut e = Editor::open(l.text);
        let grid = e.doc().level().bricks.clone();
        let (row, column) = (grid.rows / 2, grid.columns / 2);
        let paint = match grid.get(row, column) {
            Some(_) => Paint::Empty,
            None => Paint::Brick(BrickKind::Breakable { hits: 3 }),
        };
        assert!(e.paint(row, column, paint), "{}", l.file);
        let (changed, before, after) = diff(l.text, &e.text());
        let capsule = grid.get(row, column).and_then(|b| b.power_up).is_some();
        assert_eq!(changed, 1 + usize::from(capsule), "{}", l.file);
        assert_eq!(before, after, "{}", l.file);
        undo_all(&mut e);
        assert_eq!(e.text(), l.text, "{}", l.file);
    }
}

#[test]
fn editor_barrier_and_ball_edits_minimal_diff_on_every_shipped_level() {
    for l in shipped_levels() {
        let mut e = Editor::open(l.text);
        if let Some(s) = e.doc().level().barriers.first().cloned() {
            assert!(
                e.set_barrier(0, &moved(&s, Vec2::new(3.0, 0.0))),
                "{}",
                l.file
            );
            assert_eq!(diff(l.text, &e.text()).0, 1, "{}", l.file);
        }
        let before = e.text();
        assert!(e.add_barrier(&hex(401.0, 299.0)), "{}", l.file);
        // The text is the old one plus the new line, whatever the checker thinks.
        let new = e.text();
        if l.text.contains("[barriers]") {
            assert_eq!(
                new.replacen("hexagon at 401,299 radius 30\n", "", 1),
                before,
                "{}",
                l.file
            );
            assert_eq!(
                diff(&before, &new).2,
                diff(&before, &new).1 + 1,
                "{}",
                l.file
            );
        } else {
            let added = "\n[barriers]\nhexagon at 401,299 radius 30\n";
            assert_eq!(new, format!("{before}{added}"), "{}", l.file);
        }
        undo_all(&mut e);
        assert_eq!(e.text(), l.text, "{}", l.file);
    }
}

#[test]
fn editor_capsule_adds_powerups_grid_when_missing() {
    let mut e = Editor::open(SMALL);
    assert!(e.set_capsule(0, 1, Some(PowerUp::Laser)));
    let t = e.text();
    assert!(
        t.contains("[bricks]\r\n111\r\n.2.\r\n\r\n[powerups]\r\n.L.\r\n...\r\n"),
        "{t}"
    );
    assert_eq!(
        e.doc().level().bricks.get(0, 1).unwrap().power_up,
        Some(PowerUp::Laser)
    );
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
    assert!(e.set_capsule(0, 1, Some(PowerUp::Slow)));
    assert!(e.text().contains("\r\n.S.\r\n"));
    assert!(e.undo() && e.undo());
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_painting_steel_clears_the_capsule() {
    let text = "mode = both\n[bricks]\n11\n[powerups]\nL.\n";
    let mut e = Editor::open(text);
    assert!(e.paint(0, 0, Paint::Brick(BrickKind::Steel)));
    assert_eq!(e.text(), "mode = both\n[bricks]\n=1\n[powerups]\n..\n");
    assert!(e.undo());
    assert_eq!(e.text(), text);
}

#[test]
fn editor_barrier_set_keeps_comment_and_delete_undoes() {
    let mut e = Editor::open(SMALL);
    assert!(e.set_barrier(0, &hex(160.0, 330.0)));
    assert!(
        e.text().contains("hexagon at 160,330 radius 30 # left\r\n"),
        "{}",
        e.text()
    );
    assert!(e.delete_barrier(0));
    assert!(!e.text().contains("hexagon"));
    assert!(e.undo() && e.undo());
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_add_barrier_goes_after_the_last_one_and_is_selected() {
    let mut e = Editor::open(SMALL);
    assert!(e.add_barrier(&hex(650.0, 330.0)));
    let t = e.text();
    assert!(
        t.contains("# left\r\nhexagon at 650,330 radius 30\r\n\r\n# the end"),
        "{t}"
    );
    assert_eq!(e.selection, Some(Selection::Barrier(1)));
    assert!(e.undo());
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_ball_added_in_a_new_section_then_moved() {
    let mut e = Editor::open(SMALL);
    let ball = LevelBall {
        position: Vec2::new(400.0, 800.0),
        velocity: Vec2::new(120.0, -480.0),
        owner: Side::Bottom,
    };
    assert!(e.add_ball(&ball));
    // The last line had no ending: it gets one, then the section follows.
    assert!(e.text().ends_with(
        "# the end\r\n\r\n[balls]\r\nball at 400,800 velocity 120,-480 owner bottom\r\n"
    ));
    assert_eq!(e.doc().level().balls, vec![ball]);
    let turned = LevelBall {
        velocity: Vec2::new(-100.0, -400.0),
        ..ball
    };
    assert!(e.set_ball(0, &turned));
    assert!(e.text().contains("velocity -100,-400"));
    assert!(e.delete_ball(0));
    assert!(e.doc().level().balls.is_empty());
    undo_all(&mut e);
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_settings_rewrite_their_line_or_add_one() {
    let mut e = Editor::open(SMALL);
    assert!(e.set_setting("title", "Big"));
    assert!(e.text().contains("title = \"Big\"  # named\r\n"));
    assert_eq!(e.doc().level().title, "Big");
    assert!(e.set_setting("ball_speed", "500"));
    assert!(e
        .text()
        .contains("mode = both\r\nball_speed = 500\r\n\r\n[bricks]"));
    assert_eq!(e.setting("ball_speed").as_deref(), Some("500"));
    assert!(e.set_setting("ball_speed", "5"));
    assert!(e.doc().has_errors(), "out of range is the checker's call");
    undo_all(&mut e);
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_emptied_setting_goes_back_to_its_default_undoably() {
    let mut e = Editor::open(SMALL);
    assert!(e.set_setting("ball_speed", "500"));
    let with = e.text();
    // Emptied: the line goes (no `ball_speed =`), the level reads, the default holds.
    assert!(e.set_setting("ball_speed", "  "));
    assert!(!e.text().contains("ball_speed"), "{}", e.text());
    assert!(!e.doc().has_errors());
    let default = crate::level::Level::default().ball_speed;
    assert_eq!(e.doc().level().ball_speed, default);
    assert_eq!(e.setting("ball_speed"), None);
    // Emptying a setting that is not written changes nothing.
    assert!(!e.set_setting("ball_speed", ""));
    assert!(e.undo());
    assert_eq!(e.text(), with);
    undo_all(&mut e);
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_mirror_selection_adds_a_mirrored_copy() {
    let mut e = Editor::open(SMALL);
    e.selection = Some(Selection::Barrier(0));
    assert!(e.mirror(Axis::LeftRight));
    assert!(
        e.text().contains("hexagon at 650,330 radius 42\r\n"),
        "{}",
        e.text()
    );
    e.selection = Some(Selection::Barrier(0));
    assert!(e.mirror(Axis::TopBottom));
    assert!(e.text().contains("hexagon at 150,670 radius 42\r\n"));
    undo_all(&mut e);
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_mirror_whole_level_is_one_undo_step() {
    for l in shipped_levels() {
        let mut e = Editor::open(l.text);
        let before = e.doc().level().clone();
        assert!(
            e.mirror(Axis::LeftRight) || before.barriers.is_empty(),
            "{}",
            l.file
        );
        let after = e.doc().level();
        assert_eq!(after.bricks.rows, before.bricks.rows);
        if let (Some(a), Some(b)) = (
            after.bricks.get(0, 0),
            before.bricks.get(0, before.bricks.columns - 1),
        ) {
            assert_eq!(a, b, "{}", l.file);
        }
        assert!(e.undo());
        assert_eq!(e.text(), l.text, "{}", l.file);
    }
}

#[test]
fn editor_copy_paste_offsets_the_copy() {
    let mut e = Editor::open(SMALL);
    assert!(!e.copy(), "nothing selected");
    e.selection = Some(Selection::Barrier(0));
    assert!(e.copy());
    assert!(e.paste());
    assert!(e.text().contains("hexagon at 170,350 radius 42"));
    assert_eq!(e.selection, Some(Selection::Barrier(1)));
    assert!(e.undo());
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_snap_rounds_positions_and_angles() {
    let mut e = Editor::open(SMALL);
    assert_eq!(e.place(Vec2::new(123.4, 5.6)), Vec2::new(123.0, 6.0));
    e.snap = true;
    assert_eq!(e.place(Vec2::new(123.4, 5.6)), Vec2::new(120.0, 10.0));
    assert_eq!(e.angle(37.0), 30.0);
    assert_eq!(e.angle(190.0), -165.0);
    assert_eq!(e.length(2.0), SNAP_STEP);
}

#[test]
fn editor_reload_takes_outside_changes_as_one_undoable_edit() {
    let mut e = Editor::open(SMALL);
    let outside = SMALL.replace("111", "333");
    assert!(e.reload(&outside));
    assert_eq!(e.text(), outside);
    assert!(!e.is_dirty(), "the reloaded text is what is on disk");
    assert!(!e.reload(&outside), "no change, no edit");
    assert!(e.undo());
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_diagnostics_name_their_barrier_and_cell() {
    let text = "mode = versus\n[bricks]\n1x1\n[barriers]\nhexagon at 150,300 radius 40\nhexagon at 160,300 radius 40\n";
    let e = Editor::open(text);
    let d = e.doc().diagnostics();
    assert!(
        d.iter().any(|d| d.target == Some(Target::Cell(0, 1))),
        "{d:?}"
    );
    let fixed = {
        let mut e = Editor::open(&text.replace("1x1", "111"));
        assert!(e
            .doc()
            .diagnostics()
            .iter()
            .any(|d| matches!(d.target, Some(Target::Barrier(_)))));
        assert!(e.delete_barrier(1));
        e
    };
    assert!(!fixed.doc().has_errors(), "{:?}", fixed.doc().diagnostics());
    assert!(fixed.doc().valid_level().is_some());
}

#[test]
fn editor_new_level_is_valid_and_takes_a_first_barrier() {
    let mut e = Editor::new_level();
    assert!(e.is_dirty(), "a new level is not on disk yet");
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
    assert!(e.paint(0, 0, Paint::Brick(BrickKind::Breakable { hits: 2 })));
    assert!(e.add_barrier(&hex(150.0, 300.0)));
    assert!(e
        .text()
        .ends_with("\n[barriers]\nhexagon at 150,300 radius 30\n"));
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
}

#[test]
fn editor_paint_on_a_level_without_grid_adds_one() {
    let text = "mode = versus\n[barriers]\nhexagon at 150,300 radius 40\n";
    let mut e = Editor::open(text);
    assert!(e.paint(0, 0, Paint::Brick(BrickKind::Breakable { hits: 1 })));
    assert_eq!(
        e.doc().level().bricks.get(0, 0).map(|b| b.kind),
        Some(BrickKind::Breakable { hits: 1 })
    );
    assert!(e.undo(), "grid and paint are one step");
    assert_eq!(e.text(), text);
}

#[test]
fn editor_segment_added_mirrored_and_undone() {
    let mut e = Editor::open(SMALL);
    let seg = BarrierShape::Segment {
        from: Vec2::new(100.0, 500.0),
        to: Vec2::new(250.0, 540.0),
    };
    assert!(e.add_barrier(&seg));
    assert!(
        e.text().contains("segment from 100,500 to 250,540\r\n"),
        "{}",
        e.text()
    );
    assert_eq!(e.doc().level().barriers[1], seg);
    assert!(e.mirror(Axis::LeftRight));
    assert!(
        e.text().contains("segment from 700,500 to 550,540\r\n"),
        "{}",
        e.text()
    );
    undo_all(&mut e);
    assert_eq!(e.text(), SMALL);
}

#[test]
fn editor_import_replaces_the_text_as_one_edit_and_stays_unsaved() {
    let mut e = Editor::open(SMALL);
    let pasted = "mode = versus\n[bricks]\n1\n";
    assert!(e.replace_text(pasted));
    assert_eq!(e.text(), pasted);
    assert!(e.is_dirty());
    assert!(e.undo());
    assert_eq!(e.text(), SMALL);
}

pub(super) const CAPS: &str = "title = \"Caps\"\nmode = both\n\n[bricks]\n  111 # top\n  .2.\n\n[powerups]\n.S.\n...\n# end\n";

#[test]
fn editor_test_play_follows_the_levels_mode() {
    use crate::app::play::PlayMode;
    let all = [PlayMode::Solo, PlayMode::VersusCpu, PlayMode::TwoPlayers];
    let e = Editor::open(CAPS);
    assert!(all.iter().all(|&m| e.playable(m).is_ok()));
    let solo = Editor::open(&CAPS.replace("mode = both", "mode = solo"));
    assert!(solo.playable(PlayMode::Solo).is_ok());
    assert!(solo.playable(PlayMode::TwoPlayers).is_err());
    assert!(solo.playable(PlayMode::VersusCpu).is_err());
    let versus = Editor::open(&CAPS.replace("mode = both", "mode = versus"));
    assert!(versus.playable(PlayMode::TwoPlayers).is_ok());
    assert!(versus.playable(PlayMode::Solo).is_err());
    let broken = Editor::open(&CAPS.replace(".S.", ".w."));
    assert!(broken.playable(PlayMode::TwoPlayers).is_err());
}

#[test]
fn editor_capsule_needs_a_brick_and_empty_removes_a_typed_one() {
    // Issue 40 bug 5: a capsule on an empty cell showed as a red outline only,
    // and the Empty tool did not remove it.
    let mut e = Editor::new_level();
    let before = e.text();
    assert!(!e.set_capsule(0, 0, Some(PowerUp::Laser)), "no brick there");
    assert_eq!(e.text(), before, "nothing written");
    // One typed by hand (or saved by an older editor) on an empty cell: Empty
    // clears it, and the level's error with it.
    let text = "mode = both\n[bricks]\n1.\n[powerups]\n.L\n";
    let mut e = Editor::open(text);
    assert!(e.doc().has_errors(), "a capsule with no brick is an error");
    assert_eq!(e.capsule_letter(0, 1), Some('L'));
    assert!(e.paint(0, 1, Paint::Empty));
    assert_eq!(e.text(), "mode = both\n[bricks]\n1.\n[powerups]\n..\n");
    assert!(!e.doc().has_errors(), "{:?}", e.doc().diagnostics());
    assert!(e.undo());
    assert_eq!(e.text(), text);
}
