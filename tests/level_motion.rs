//! Issue 34's level format: the `*` and `~` bricks and the `move` / `spin`
//! clauses of `[barriers]` lines read, write back, and are checked with a
//! line, a column and a hint.

use arkanong_core::level::{check_text, BarrierMotion, BrickKind, Level};
use glam::Vec2;

/// The diagnostics of `text` as `line:col message | hint`.
fn said(text: &str) -> Vec<String> {
    check_text(text)
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "{}:{} {} | {}",
                d.line,
                d.column,
                d.message,
                d.hint.clone().unwrap_or_default()
            )
        })
        .collect()
}

const MOVING: &str = "mode = solo\n[bricks]\n1*~1\n[barriers]\nhexagon at 400,400 radius 40 move by 200,0 period 6 spin 30\nsegment from 100,700 to 200,700 spin -45\nrect at 600,750 size 80x20 move by -100,0 period 4\n";

#[test]
fn level_motion_clauses_and_new_bricks_read_and_write_back() {
    let level = Level::parse(MOVING).expect("the example parses");
    let kinds: Vec<BrickKind> = level
        .bricks
        .cells
        .iter()
        .flatten()
        .map(|b| b.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            BrickKind::Breakable { hits: 1 },
            BrickKind::Explosive,
            BrickKind::Regrowing,
            BrickKind::Breakable { hits: 1 }
        ]
    );
    assert_eq!(
        level.barrier_motion(0),
        BarrierMotion {
            travel: Vec2::new(200.0, 0.0),
            period: 6.0,
            spin: 30.0
        }
    );
    assert_eq!(level.barrier_motion(1).spin, -45.0);
    assert!(!level.barrier_motion(1).glides());
    assert_eq!(level.barrier_motion(2).travel, Vec2::new(-100.0, 0.0));
    let text = level.to_text();
    assert!(text.contains("1*~1"), "{text}");
    assert!(text.contains("move by 200,0 period 6 spin 30"), "{text}");
    assert_eq!(Level::parse(&text).expect("written text parses"), level);
}

#[test]
fn level_motion_clauses_in_either_order() {
    let a = Level::parse(
        "mode = versus\n[barriers]\nhexagon at 400,400 radius 40 spin 30 move by 0,100 period 5\n",
    )
    .unwrap();
    assert_eq!(a.barrier_motion(0).spin, 30.0);
    assert_eq!(a.barrier_motion(0).travel, Vec2::new(0.0, 100.0));
}

#[test]
fn level_motion_bad_clauses_get_a_column_and_a_hint() {
    let line =
        |rest: &str| format!("mode = versus\n[barriers]\nhexagon at 400,400 radius 40 {rest}\n");
    let first = |rest: &str| said(&line(rest)).first().cloned().unwrap_or_default();
    assert!(
        first("move 200,0 period 6").starts_with("3:35 `move` needs `by DX,DY` | "),
        "{}",
        first("move 200,0 period 6")
    );
    assert!(
        first("move by 200,0").starts_with("3:43 `move` needs `period S`"),
        "{}",
        first("move by 200,0")
    );
    assert!(
        first("move by 200,0 period 0")
            .starts_with("3:51 a period must be 0.5 to 600 seconds, not 0"),
        "{}",
        first("move by 200,0 period 0")
    );
    assert!(
        first("spin fast").starts_with("3:35 expected a number, found `fast`"),
        "{}",
        first("spin fast")
    );
    assert!(
        first("spin 9000").starts_with("3:35 a barrier spins at most 720 degrees"),
        "{}",
        first("spin 9000")
    );
    assert!(
        first("spin 10 spin 20").starts_with("3:38 `spin` is given twice"),
        "{}",
        first("spin 10 spin 20")
    );
    assert!(
        first("spin 10 wobble 3").contains("unexpected `wobble`"),
        "{}",
        first("spin 10 wobble 3")
    );
    assert!(
        first("spn 10").starts_with("3:30 unexpected `spn` | did you mean"),
        "{}",
        first("spn 10")
    );
}

#[test]
fn level_motion_swept_path_must_stay_clear() {
    // Gliding 400 to the right takes it past the arena's right edge.
    let out =
        said("mode = versus\n[barriers]\nhexagon at 400,400 radius 40 move by 400,0 period 6\n");
    assert!(
        out.iter()
            .any(|d| d
                .starts_with("3:30 the path of the hexagon on line 3 reaches outside the arena")),
        "{out:?}"
    );
    // Gliding down into the bottom paddle's zone.
    let out =
        said("mode = versus\n[barriers]\nrect at 400,700 size 80x20 move by 0,200 period 6\n");
    assert!(
        out.iter().any(
            |d| d.contains("the path of the rect on line 3 is inside the bottom paddle's zone")
        ),
        "{out:?}"
    );
    // Spinning into a brick: the still hexagon fits, its spin circle does not.
    let bricks =
        "mode = solo\nbrick_size = 40x20\nbricks_center = 400,300\n[bricks]\n1\n[barriers]\n";
    let still = format!("{bricks}rect at 400,360 size 160x20\n");
    assert!(said(&still).is_empty(), "{:?}", said(&still));
    let spun = format!("{bricks}rect at 400,360 size 160x20 spin 20\n");
    let out = said(&spun);
    assert!(
        out.iter().any(|d| d
            .contains("the path of the rect on line 7 overlaps the brick at row 1, column 1")
            && d.contains("shorten its `move` or `spin` path")),
        "{out:?}"
    );
    // Two paths crossing.
    let out = said("mode = versus\n[barriers]\nhexagon at 200,400 radius 30 move by 300,0 period 4\nhexagon at 400,300 radius 30 move by 0,200 period 4\n");
    assert!(
        out.iter().any(|d| d.contains(
            "the path of the hexagon on line 4 overlaps the path of the hexagon on line 3"
        )),
        "{out:?}"
    );
}

#[test]
fn level_solo_with_only_regrowing_bricks_is_an_error() {
    let out = said("mode = solo\n[bricks]\n~~~\n");
    assert!(
        out.iter()
            .any(|d| d.contains("the only breakable bricks regrow")),
        "{out:?}"
    );
    assert!(said("mode = solo\n[bricks]\n~*~\n").is_empty());
}
