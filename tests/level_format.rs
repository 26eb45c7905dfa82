//! The level format: shipped levels, the documented example, error messages people
//! can act on, limits, round trips, and robustness against any input.

use arkanong_core::level::{
    check_bytes, check_text, shipped_levels, BarrierShape, Brick, BrickGrid, BrickKind, Level,
    LevelBall, LevelMode, PowerUp, Side, MAX_FILE_BYTES,
};
use glam::Vec2;
use proptest::prelude::*;

mod common;

fn errors(text: &str) -> Vec<String> {
    check_text(text)
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.render("t.txt", text))
        .collect()
}

fn first_error(text: &str) -> String {
    errors(text).into_iter().next().expect("an error")
}

#[test]
fn every_shipped_level_passes_check_without_warnings() {
    for level in arkanong_core::level::all_shipped_levels() {
        let checked = check_text(level.text);
        let all: Vec<String> = checked
            .diagnostics
            .iter()
            .map(|d| d.render(level.file, level.text))
            .collect();
        assert!(
            checked.level.is_some() && all.is_empty(),
            "{}:\n{}",
            level.file,
            all.join("\n")
        );
    }
    assert!(shipped_levels().len() >= 12);
}

#[test]
fn shipped_sets_match_the_folders_under_levels() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/levels");
    let files = |dir: &str| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(format!("{root}/{dir}"))
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".txt") && n != "set.txt")
            .collect();
        names.sort();
        names
    };
    let shipped: Vec<&str> = shipped_levels().iter().map(|l| l.file).collect();
    assert_eq!(
        files(""),
        shipped,
        "the root set is the files directly in levels/"
    );
    let mut folders: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir() && !files(&e.file_name().to_string_lossy()).is_empty())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let sets = arkanong_core::level::shipped_sets();
    let named: Vec<&str> = sets[1..].iter().map(|s| s.folder).collect();
    assert_eq!(named, folders, "every folder of levels is a set, by name");
    for set in &sets[1..] {
        let in_set: Vec<String> = set
            .levels
            .iter()
            .map(|l| {
                l.file
                    .strip_prefix(&format!("{}/", set.folder))
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(in_set, files(set.folder), "{}", set.folder);
    }
}

/// The example in levels/README.md, between the fences after "uses everything".
fn readme_example() -> String {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/levels/README.md")).unwrap();
    let after = &readme[readme.find("An example that uses everything").unwrap()..];
    let start = after.find("```text\n").unwrap() + 8;
    after[start..start + after[start..].find("```").unwrap()].to_owned()
}

#[test]
fn readme_example_parses_and_uses_every_feature() {
    let text = readme_example();
    let level = Level::parse(&text).unwrap_or_else(|d| panic!("{d:#?}"));
    assert!(text.contains('#'));
    for key in arkanong_core::level::SETTING_KEYS {
        assert!(text.contains(&format!("{key} =")), "the example sets {key}");
    }
    let kinds: Vec<&str> = level.barriers.iter().map(BarrierShape::keyword).collect();
    for kind in ["hexagon", "rect", "polygon", "segment"] {
        assert!(kinds.contains(&kind), "the example places a {kind}");
    }
    assert_eq!(level.balls.len(), 2);
    let cells: Vec<Brick> = level.bricks.cells.iter().flatten().copied().collect();
    for kind in [BrickKind::Steel, BrickKind::Explosive, BrickKind::Regrowing] {
        assert!(
            cells.iter().any(|b| b.kind == kind),
            "the example has {kind:?}"
        );
    }
    let moves = (0..level.barriers.len()).map(|i| level.barrier_motion(i));
    assert!(moves.clone().any(|m| m.glides()), "a barrier glides");
    assert!(moves.clone().any(|m| m.spins()), "a barrier spins");
    for p in PowerUp::ALL {
        assert!(
            cells.iter().any(|b| b.power_up == Some(p)),
            "the example drops {p:?}"
        );
    }
}

#[test]
fn unknown_setting_suggests_the_right_one() {
    let e = first_error("titel = Hello\n");
    assert!(
        e.starts_with("t.txt:1:1: error: unknown setting `titel`"),
        "{e}"
    );
    assert!(e.contains("did you mean `title`?"), "{e}");
}

#[test]
fn grid_row_width_mismatch_names_both_widths() {
    let e = first_error("[bricks]\n1111\n111\n");
    assert!(
        e.contains(
            "t.txt:3:4: error: this row is 3 columns wide, the first [bricks] row (line 2) is 4"
        ),
        "{e}"
    );
    assert!(e.contains("use `.` for empty cells"), "{e}");
}

#[test]
fn misspelt_barrier_suggests_hexagon_and_shows_caret() {
    // (A level with no bricks also gets "no breakable bricks": geometry is
    // checked beside syntax errors.)
    let e = errors("[barriers]\n  hexagn at 400,300 radius 30\n")
        .into_iter()
        .find(|e| e.contains("hexagn"))
        .expect("the misspelling is reported");
    assert!(
        e.starts_with("t.txt:2:3: error: unknown barrier `hexagn`"),
        "{e}"
    );
    assert!(
        e.contains("2 |   hexagn at 400,300 radius 30\n  |   ^"),
        "{e}"
    );
    assert!(e.contains("did you mean `hexagon`?"));
}

#[test]
fn barrier_overlapping_brick_names_both_locations() {
    let text = "[bricks]\n111\n[barriers]\nhexagon at 400,500 radius 30\n";
    let e = first_error(text);
    assert!(e.contains("t.txt:4:1: error: the hexagon on line 4 overlaps the brick at row 1, column 1 (line 2)"), "{e}");
}

#[test]
fn barriers_overlapping_each_other_name_both_lines() {
    let e = first_error(
        "[barriers]\nhexagon at 300,300 radius 30\nrect at 320,300 size 40x10\n[bricks]\n1\n",
    );
    assert!(
        e.contains("t.txt:3:1: error: the rect on line 3 overlaps the hexagon on line 2"),
        "{e}"
    );
}

#[test]
fn non_convex_polygon_says_so_once_and_counts_points_from_1() {
    let e =
        first_error("[barriers]\npolygon 300,300 400,300 350,320 400,400 300,400\n[bricks]\n1\n");
    assert!(
        e.contains("error: this polygon is not convex: it bends inward at point 3 (350,320)"),
        "{e}"
    );
    assert_eq!(
        e.matches("convex").count(),
        2,
        "once in the message, once in the hint: {e}"
    );
    let star =
        first_error("[bricks]\n1\n[barriers]\npolygon 400,200 430,290 330,235 470,235 370,290\n");
    assert!(star.contains("its outline crosses itself"), "{star}");
}

#[test]
fn barrier_in_paddle_zone_and_ball_inside_barrier_are_errors() {
    let e = errors("[barriers]\nhexagon at 400,950 radius 30\n[bricks]\n1\n");
    assert!(e[0].contains("inside the bottom paddle's zone"), "{e:?}");
    let e = errors(
        "[barriers]\nhexagon at 400,400 radius 30\n[balls]\nball at 400,410 velocity 0,400\n[bricks]\n1\n",
    );
    assert!(
        e[0].contains("t.txt:4:1: error: this ball starts inside the hexagon on line 2"),
        "{e:?}"
    );
}

#[test]
fn every_error_in_a_file_is_reported_not_just_the_first() {
    let text = "titel = x\nmode = duo\n[brick]\n[bricks]\n12S\n[barriers]\nhexagon at 1,2\n";
    let e = errors(text);
    assert_eq!(e.len(), 5, "{e:#?}");
    assert!(e[1].contains("unknown mode `duo`"));
    assert!(e[2].contains("did you mean `[bricks]`?"));
    assert!(e[3].contains("`S` is a power-up, not a brick"));
    assert!(e[4].contains("this hexagon needs `radius`"));
}

#[test]
fn power_up_on_an_empty_or_unbreakable_cell_is_an_error() {
    let e = errors("[bricks]\n.=1\n[powerups]\nSSS\n");
    assert!(
        e[0].contains("t.txt:4:1: error: `S` sits on an empty cell"),
        "{e:?}"
    );
    assert!(
        e[1].contains("t.txt:4:2: error: `S` sits on an unbreakable brick"),
        "{e:?}"
    );
}

#[test]
fn walled_in_brick_gives_a_reachability_warning() {
    let text = "[bricks]\n=====\n=.1.=\n=====\n";
    let checked = check_text(text);
    assert!(checked.level.is_some(), "warnings do not block the level");
    let w: Vec<String> = checked
        .diagnostics
        .iter()
        .map(|d| d.render("t.txt", text))
        .collect();
    assert!(
        w.iter()
            .any(|m| m.contains("warning: no ball can reach the brick at row 2, column 3")),
        "{w:#?}"
    );
}

#[test]
fn limits_file_size_grid_size_and_barrier_count() {
    let big = "#".repeat(MAX_FILE_BYTES + 1);
    assert!(first_error(&big).contains("a level may be at most 1048576"));
    let wide = format!("[bricks]\n{}\n", "1".repeat(65));
    assert!(first_error(&wide).contains("larger than 64 by 64"));
    let many: String = (0..300)
        .map(|i| {
            format!(
                "hexagon at {},{} radius 1\n",
                10 + (i % 30) * 26,
                200 + (i / 30) * 30
            )
        })
        .collect();
    assert!(errors(&format!("[barriers]\n{many}"))
        .iter()
        .any(|e| e.contains("more than 256 barriers")));
}

#[test]
fn invalid_utf8_is_reported_at_its_line_and_column() {
    let d = &check_bytes(b"title = ok\nauthor = \xff\n").diagnostics[0];
    assert_eq!((d.line, d.column), (2, 10));
    assert!(d.message.contains("not valid UTF-8"));
}

#[test]
fn any_line_endings_and_a_bom_are_accepted() {
    let level = Level::parse("\u{feff}title = A\r\n[bricks]\r111\n").unwrap();
    assert_eq!(level.title, "A");
    assert_eq!(level.bricks.columns, 3);
}

#[test]
fn hexagon_too_small_for_distinct_corners_is_an_error_at_its_line() {
    // Issue 10: this line made `arkanong check` exit 101 in `ConvexPolygon::regular`.
    let text = "[bricks]\n1\n[barriers]\nhexagon at 400,300 radius 0.00001\n";
    let e = first_error(text);
    assert!(
        e.starts_with("t.txt:4:1: error: this hexagon is too small or too thin"),
        "{e}"
    );
    assert!(e.contains("= hint: give it a size"), "{e}");
}

#[test]
fn rect_too_thin_or_too_large_is_an_error_at_its_line() {
    let thin = first_error("[bricks]\n1\n[barriers]\nrect at 400,300 size 100x0.00001\n");
    assert!(
        thin.contains("t.txt:4:1: error: this rect is too small or too thin"),
        "{thin}"
    );
    let huge = first_error("[bricks]\n1\n[barriers]\nrect at 400,300 size 3e38x3e38\n");
    assert!(
        huge.contains("t.txt:4:1: error: this rect is too large"),
        "{huge}"
    );
}

#[test]
fn polygon_corners_that_round_to_one_f32_are_an_error_not_a_panic() {
    // 400.000001 is 400 in f32: the first two corners are one point.
    let e = first_error("[bricks]\n1\n[barriers]\npolygon 400,300 400.000001,300 400,310\n");
    assert!(
        e.contains("t.txt:4:1: error: this polygon repeats point 1 (400,300) as point 2"),
        "{e}"
    );
}

#[test]
fn empty_or_comment_only_file_is_an_error() {
    for text in [
        "",
        "   \n\t\n",
        "# nothing\n\n  # here\n",
        "\u{feff}",
        "\u{feff}# c\r\n",
    ] {
        let checked = check_text(text);
        assert!(checked.level.is_none(), "{text:?} was accepted");
        let e = &checked.diagnostics[0];
        assert_eq!((e.line, e.column), (1, 1), "{text:?}");
        assert_eq!(e.message, "the file has no level in it", "{text:?}");
    }
}

#[test]
fn solo_level_without_breakable_bricks_is_an_error_versus_is_fine() {
    for text in [
        "[bricks]\n===\n",
        "mode = solo\n[bricks]\n=.=\n",
        "title = Bare\n",
    ] {
        let e = first_error(text);
        assert!(
            e.contains("error: there are no breakable bricks, so solo play can never be won"),
            "{e}"
        );
        assert!(e.contains("set `mode = versus`"), "{e}");
    }
    let versus = check_text("mode = versus\n[bricks]\n===\n");
    assert!(versus.level.is_some(), "{:?}", versus.diagnostics);
}

#[test]
fn long_line_error_shows_a_window_around_the_caret() {
    let text = format!(
        "title = ok\nmode = {}bad\n[bricks]\n1\n",
        "é".repeat(60_000)
    );
    let e = first_error(&text);
    assert!(e.len() < 1000, "{} bytes", e.len());
    assert!(e.contains("2 | mode = ééé"), "{e}");
    assert!(e.contains("..."), "{e}");
}

#[test]
fn invalid_utf8_after_a_lone_cr_counts_the_line_like_the_parser() {
    // Lone `\r` ends a line for the parser, so it must for this error too.
    let d = &check_bytes(b"title = a\rauthor = \xff\n").diagnostics[0];
    assert_eq!((d.line, d.column), (2, 10));
    let d = &check_bytes(b"\xef\xbb\xbftitle = \xff\n").diagnostics[0];
    assert_eq!((d.line, d.column), (1, 9), "the BOM is not a column");
}

fn arb_level() -> impl Strategy<Value = Level> {
    let grid = (0usize..6, 1usize..14).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(
            prop_oneof![
                Just(None),
                (1u8..=9, proptest::option::of(0..PowerUp::ALL.len())).prop_map(|(n, p)| Some(
                    Brick {
                        kind: BrickKind::Breakable { hits: n },
                        power_up: p.map(|i| PowerUp::ALL[i])
                    }
                )),
                Just(Some(Brick {
                    kind: BrickKind::Steel,
                    power_up: None
                })),
            ],
            rows * cols,
        )
        .prop_map(move |cells| BrickGrid {
            columns: if rows == 0 { 0 } else { cols },
            rows,
            cells,
        })
    });
    let hexes = proptest::collection::vec((5.0f32..30.0, -360.0f32..360.0), 0..5);
    let rects = proptest::collection::vec((5.0f32..50.0, 2.0f32..14.0, -90.0f32..90.0), 0..5);
    let segments = proptest::collection::vec((2.0f32..60.0, -0.5f32..0.5), 0..5);
    let balls = proptest::collection::vec(
        (
            20.0f32..780.0,
            -1000.0f32..1000.0,
            -1000.0f32..1000.0,
            any::<bool>(),
        ),
        0..4,
    );
    (
        grid,
        (hexes, segments),
        rects,
        balls,
        "[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]",
        250.0f32..1600.0,
        1u32..=8,
        40.0f32..400.0,
    )
        .prop_map(
            |(bricks, (hexes, segments), rects, balls, title, speed, n, width)| Level {
                mode: if bricks
                    .cells
                    .iter()
                    .flatten()
                    .any(|b| b.kind != BrickKind::Steel)
                {
                    LevelMode::Both
                } else {
                    LevelMode::Versus
                },
                title,
                author: "prop".into(),
                ball_speed: speed,
                balls_per_side: n,
                paddle_width: width,
                bricks,
                barriers: hexes
                    .iter()
                    .enumerate()
                    .map(|(i, &(r, rot))| BarrierShape::Hexagon {
                        center: Vec2::new(100.0 + 150.0 * i as f32, 300.0),
                        radius: r,
                        rotation: rot,
                    })
                    .chain(
                        rects
                            .iter()
                            .enumerate()
                            .map(|(i, &(w, h, rot))| BarrierShape::Rect {
                                center: Vec2::new(100.0 + 150.0 * i as f32, 700.0),
                                size: Vec2::new(w, h),
                                rotation: rot,
                            }),
                    )
                    .chain(segments.iter().enumerate().map(|(i, &(half, turn))| {
                        // Short and nearly level, in the free band at y = 400.
                        let c = Vec2::new(100.0 + 150.0 * i as f32, 400.0);
                        let d = Vec2::new(half, half * turn);
                        BarrierShape::Segment {
                            from: c - d,
                            to: c + d,
                        }
                    }))
                    .chain(std::iter::once(BarrierShape::Polygon(vec![
                        Vec2::new(380.0, 780.0),
                        Vec2::new(420.0, 780.0),
                        Vec2::new(400.0, 820.0),
                    ])))
                    .collect(),
                balls: balls
                    .iter()
                    .map(|&(x, vx, vy, top)| LevelBall {
                        position: Vec2::new(x, 200.0),
                        velocity: Vec2::new(vx, vy),
                        owner: if top { Side::Top } else { Side::Bottom },
                    })
                    .collect(),
                ..Level::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn to_text_then_parse_gives_the_same_level(level in arb_level()) {
        if let Some(problem) = common::round_trip_problem(&level) {
            return Err(TestCaseError::fail(problem));
        }
    }

    #[test]
    fn random_bytes_get_a_sound_answer(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let checked = check_bytes(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        if let Some(problem) = common::unsound(&text, &checked) {
            return Err(TestCaseError::fail(format!("{problem}\n{bytes:?}")));
        }
        if std::str::from_utf8(&bytes).is_err() {
            prop_assert!(checked.level.is_none());
        }
    }

    #[test]
    fn mutated_shipped_levels_get_a_sound_answer(which in 0..shipped_levels().len(), edits in proptest::collection::vec((any::<u16>(), any::<char>(), 0u8..4), 1..20)) {
        let mut text: Vec<char> = shipped_levels()[which].text.chars().collect();
        for (at, c, kind) in edits {
            let i = at as usize % (text.len() + 1);
            match kind {
                0 => text.insert(i, c),
                1 if i < text.len() => { text.remove(i); }
                2 if i < text.len() => text[i] = c,
                _ => { let line: Vec<char> = text[i..].iter().take_while(|&&c| c != '\n').copied().collect(); text.splice(i..i, line); }
            }
        }
        let s: String = text.into_iter().collect();
        let checked = check_text(&s);
        if let Some(problem) = common::unsound(&s, &checked) {
            return Err(TestCaseError::fail(format!("{problem}\n{s}")));
        }
        if let Some(level) = &checked.level {
            if let Some(problem) = common::round_trip_problem(level) {
                return Err(TestCaseError::fail(format!("{problem}\nfrom:\n{s}")));
            }
        }
    }
}

// Issue 15's rough edges in the text format, one test per case.

#[test]
fn syntax_errors_do_not_hide_placement_errors_elsewhere() {
    let text = "title = \"Both\"\nlives = many\n[bricks]\n1\n[barriers]\nhexagon at 400,300 radius 40\nrect at 420,300 size 60x20\nhexagn at 100,300 radius 20\n";
    let all = errors(text);
    assert_eq!(all.len(), 3, "{all:#?}");
    assert!(
        all[0].contains(":2:9: error: `lives` must be a whole number"),
        "{}",
        all[0]
    );
    assert!(
        all[1].contains(":7:1: error: the rect on line 7 overlaps the hexagon on line 6"),
        "{}",
        all[1]
    );
    assert!(
        all[2].contains(":8:1: error: unknown barrier `hexagn`"),
        "{}",
        all[2]
    );
}

#[test]
fn syntax_error_that_may_move_the_bricks_skips_their_placement_checks() {
    // With `bricks_center` unread, the grid sits at the default 400,500, over the
    // hexagon; the designer meant it elsewhere, so no overlap is claimed.
    let text = "bricks_center = 400;200\n[bricks]\n111\n[barriers]\nhexagon at 400,500 radius 30\n";
    let all = errors(text);
    assert_eq!(all.len(), 1, "{all:#?}");
    assert!(all[0].contains("expected a point"), "{}", all[0]);
    // A bad row shifts the rows after it: the same.
    let rows = "[bricks]\n1 1\n111\n[barriers]\nhexagon at 400,500 radius 30\n";
    let all = errors(rows);
    assert_eq!(all.len(), 1, "{all:#?}");
}

#[test]
fn brick_grid_in_paddle_zone_is_one_error_saying_how_far_to_move() {
    let text = "bricks_center = 400,880\n[bricks]\n1111\n2222\n";
    let all = errors(text);
    assert_eq!(all.len(), 1, "one error, not one per brick: {all:#?}");
    let e = &all[0];
    assert!(
        e.contains(":3:1: error: 8 bricks are inside the bottom paddle's zone"),
        "{e}"
    );
    // The grid spans 880 +- 22, so its bottom (902) must rise to 870.
    assert!(
        e.contains("move `bricks_center` up by 32, to `400,848`"),
        "{e}"
    );
    let moved = text.replace("400,880", "400,848");
    assert!(errors(&moved).is_empty(), "{:#?}", errors(&moved));
    let top = errors("bricks_center = 400,100\n[bricks]\n1\n");
    assert_eq!(top.len(), 1, "{top:#?}");
    assert!(
        top[0].contains("a brick is inside the top paddle's zone"),
        "{}",
        top[0]
    );
    assert!(
        top[0].contains("move `bricks_center` down by 41, to `400,141`"),
        "{}",
        top[0]
    );
}

#[test]
fn brick_grid_taller_than_the_field_says_to_shrink_it() {
    let rows = "1\n".repeat(36);
    let all = errors(&format!("brick_size = 50x22\n[bricks]\n{rows}"));
    assert_eq!(all.len(), 2, "one per zone: {all:#?}");
    assert!(
        all[0].contains("the grid is 792 units tall, more than the 740 between the paddle zones"),
        "{}",
        all[0]
    );
}

#[test]
fn setting_after_bricks_says_settings_go_first_or_under_level() {
    let e = first_error("[bricks]\n111\nball_speed = 500\n");
    assert!(
        e.contains(
            ":3:1: error: `ball_speed` is a setting, but this line is in the [bricks] section"
        ),
        "{e}"
    );
    assert!(
        e.contains("settings go before the first section, or under a `[level]` line"),
        "{e}"
    );
    let under_level = "[bricks]\n111\n[level]\nball_speed = 500\n";
    assert!(errors(under_level).is_empty(), "{:#?}", errors(under_level));
}

#[test]
fn number_written_with_a_unit_gets_a_hint_to_drop_it() {
    let e = first_error("[bricks]\n1\n[barriers]\nhexagon at 200,300 radius 40px rotation 35deg\n");
    assert!(e.contains("expected a number, found `40px`"), "{e}");
    assert!(e.contains("hint: write numbers without units: `40`"), "{e}");
    let e = first_error("paddle_width = 120px\n[bricks]\n1\n");
    assert!(e.contains("write numbers without units: `120`"), "{e}");
    let e = first_error("[bricks]\n1\n[barriers]\nrect at 200,300 size 60x10 rotation 35deg\n");
    assert!(e.contains("write numbers without units: `35`"), "{e}");
}

#[test]
fn overlap_message_says_how_deep_and_which_way_to_move() {
    // Two 40-wide rects whose centres are 30 apart overlap by 10 along x.
    let e = first_error(
        "[bricks]\n1\n[barriers]\nrect at 200,300 size 40x40\nrect at 230,300 size 40x40\n",
    );
    assert!(
        e.contains("the rect on line 5 overlaps the rect on line 4 by 10.0 units"),
        "{e}"
    );
    assert!(e.contains("hint: move it 10.0 units right"), "{e}");
}

#[test]
fn readme_rotation_facts_hold_clockwise_on_screen_about_the_centre() {
    use arkanong_core::level::BarrierOutline;
    let corners = |shape: BarrierShape| match shape.outline() {
        Ok(BarrierOutline::Polygon(p)) => p.vertices().to_vec(),
        other => panic!("{other:?}"),
    };
    let center = Vec2::new(400.0, 300.0);
    // A hexagon's first corner is straight right at rotation 0, `radius` away.
    let hex = |rotation| BarrierShape::Hexagon {
        center,
        radius: 40.0,
        rotation,
    };
    let right = corners(hex(0.0));
    assert!(
        right
            .iter()
            .any(|c| c.distance(Vec2::new(440.0, 300.0)) < 1e-3),
        "{right:?}"
    );
    // A positive rotation turns it clockwise on screen: from right toward down.
    let turned = corners(hex(10.0));
    let first = Vec2::new(440.0, 300.0) - center;
    let clockwise = turned.iter().any(|c| {
        let d = *c - center;
        (d.length() - 40.0).abs() < 1e-3 && first.perp_dot(d) > 0.0 && d.y > 0.0 && d.x > 39.0
    });
    assert!(clockwise, "{turned:?}");
    // A rect turns about its centre: at 90 degrees it looks as tall as it was wide.
    let rect = corners(BarrierShape::Rect {
        center,
        size: Vec2::new(100.0, 10.0),
        rotation: 90.0,
    });
    let (xs, ys): (Vec<f32>, Vec<f32>) = rect.iter().map(|c| (c.x, c.y)).unzip();
    let span = |v: &[f32]| {
        v.iter().copied().fold(f32::MIN, f32::max) - v.iter().copied().fold(f32::MAX, f32::min)
    };
    assert!((span(&xs) - 10.0).abs() < 1e-3 && (span(&ys) - 100.0).abs() < 1e-3);
    let mid = rect.iter().copied().sum::<Vec2>() / 4.0;
    assert!(mid.distance(center) < 1e-3, "{mid}");
}

#[test]
fn top_paddle_zone_is_open_field_in_a_solo_only_level() {
    let text = |mode: &str| {
        format!("mode = {mode}\n[bricks]\n1\n[barriers]\nhexagon at 400,60 radius 30\n")
    };
    assert!(
        errors(&text("solo")).is_empty(),
        "{:#?}",
        errors(&text("solo"))
    );
    let both = errors(&text("both"));
    assert!(
        both.len() == 1 && both[0].contains("inside the top paddle's zone"),
        "{both:#?}"
    );
}
