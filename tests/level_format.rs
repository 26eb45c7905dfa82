//! The level format: shipped levels, the documented example, error messages people
//! can act on, limits, round trips, and robustness against any input.

use arkanong::level::{
    check_bytes, check_text, shipped_levels, BarrierShape, Brick, BrickGrid, Hits, Level,
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
    for level in shipped_levels() {
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
fn shipped_list_matches_the_files_in_levels_folder() {
    let mut on_disk: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/levels"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".txt"))
            .collect();
    on_disk.sort();
    let shipped: Vec<&str> = shipped_levels().iter().map(|l| l.file).collect();
    assert_eq!(on_disk, shipped);
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
    for key in [
        "title",
        "author",
        "mode",
        "ball_speed",
        "balls",
        "lives",
        "target_score",
        "paddle_width",
        "brick_size",
        "bricks_center",
    ] {
        assert!(text.contains(&format!("{key} =")), "the example sets {key}");
    }
    let kinds: Vec<&str> = level.barriers.iter().map(BarrierShape::keyword).collect();
    for kind in ["hexagon", "rect", "polygon", "segment"] {
        assert!(kinds.contains(&kind), "the example places a {kind}");
    }
    assert_eq!(level.balls.len(), 2);
    let cells: Vec<Brick> = level.bricks.cells.iter().flatten().copied().collect();
    assert!(cells.iter().any(|b| b.hits == Hits::Unbreakable));
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
    let e = first_error("[barriers]\n  hexagn at 400,300 radius 30\n");
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
fn non_convex_polygon_is_rejected_with_the_reason() {
    let e =
        first_error("[barriers]\npolygon 300,300 400,300 350,320 400,400 300,400\n[bricks]\n1\n");
    assert!(
        e.contains("is not a usable shape: the polygon is not convex: it bends inward at point 2"),
        "{e}"
    );
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
        e.contains("t.txt:4:1: error: this polygon is not a usable shape: point 1 repeats point 0"),
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
fn mebibyte_line_of_words_is_checked_in_linear_time() {
    // Columns were counted from the line's start for each word, and each repeated
    // option was compared with all before it: seconds for these lines, near a hang.
    let near_limit = MAX_FILE_BYTES - 100;
    let polygon = format!(
        "[bricks]\n1\n[barriers]\npolygon {}",
        "1,1 ".repeat(near_limit / 4)
    );
    let ball = format!(
        "[bricks]\n1\n[balls]\nball {}",
        "at 1,1 ".repeat(near_limit / 7)
    );
    let row = format!(
        "[bricks]\n{}{}\n",
        " ".repeat(near_limit / 2),
        "x".repeat(near_limit / 2)
    );
    for (what, text) in [("polygon", polygon), ("ball", ball), ("row", row)] {
        let started = std::time::Instant::now();
        let checked = check_text(&text);
        assert!(checked.level.is_none(), "{what}");
        let elapsed = started.elapsed();
        assert!(elapsed.as_secs_f32() < 2.0, "{what}: {elapsed:?}");
    }
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
                (1u8..=9, proptest::option::of(0usize..8)).prop_map(|(n, p)| Some(Brick {
                    hits: Hits::Count(n),
                    power_up: p.map(|i| PowerUp::ALL[i])
                })),
                Just(Some(Brick {
                    hits: Hits::Unbreakable,
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
        hexes,
        rects,
        balls,
        "[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]",
        250.0f32..1600.0,
        1u32..=8,
        40.0f32..400.0,
    )
        .prop_map(
            |(bricks, hexes, rects, balls, title, speed, n, width)| Level {
                mode: if bricks
                    .cells
                    .iter()
                    .flatten()
                    .any(|b| b.hits != Hits::Unbreakable)
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
