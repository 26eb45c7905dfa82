//! The `segment` barrier kind, from text to bounce: parsed, checked, written back,
//! put in the world as a two-sided wall, and bounced off on its faces and ends.

use arkanong_core::game::{Game, GameEvent, Inputs, Mode, Surface};
use arkanong_core::level::{check_text, BarrierShape, Level};
use arkanong_core::physics::Event;
use glam::Vec2;

fn level(text: &str) -> Level {
    Level::parse(text).unwrap_or_else(|d| panic!("{d:#?}"))
}

/// The errors of a text, as `line: message` strings.
fn errors(text: &str) -> Vec<String> {
    check_text(text)
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{}: {}", d.line, d.message))
        .collect()
}

const VERSUS: &str = "mode = versus\n[barriers]\n";

/// One staged ball against a horizontal segment from 300,500 to 500,500; returns
/// the first barrier contact (point, normal) and the ball's velocity just after.
fn bounce_off_segment(position: Vec2, velocity: Vec2) -> (Vec2, Vec2, Vec2) {
    let text = format!(
        "{VERSUS}segment from 300,500 to 500,500\n[balls]\nball at {},{} velocity {},{}\n",
        position.x, position.y, velocity.x, velocity.y
    );
    let mut game = Game::new(&level(&text), Mode::Versus, 3);
    for _ in 0..120 {
        let events = game.step(&Inputs::default());
        let hit = game.last_physics_events().iter().find_map(|e| match e {
            Event::BallHitShape { point, normal, .. } => Some((*point, *normal)),
            _ => None,
        });
        if let Some((point, normal)) = hit {
            assert!(
                events.iter().any(|e| matches!(
                    e,
                    GameEvent::Bounce {
                        surface: Surface::Barrier,
                        ..
                    }
                )),
                "a segment is a barrier to the game: {events:?}"
            );
            return (point, normal, game.world().balls()[0].velocity);
        }
    }
    panic!("the ball never reached the segment");
}

#[test]
fn segment_barrier_parses_and_writes_back_the_same_level() {
    let text = format!("{VERSUS}segment from 100,300 to 300,340\n");
    let parsed = level(&text);
    assert_eq!(
        parsed.barriers,
        vec![BarrierShape::Segment {
            from: Vec2::new(100.0, 300.0),
            to: Vec2::new(300.0, 340.0)
        }]
    );
    let written = parsed.to_text();
    assert!(
        written.contains("segment from 100,300 to 300,340"),
        "{written}"
    );
    assert_eq!(level(&written), parsed);
}

#[test]
fn segment_barrier_missing_end_or_too_short_is_an_error() {
    assert_eq!(
        errors(&format!("{VERSUS}segment from 100,300\n")),
        ["3: this segment needs `to`"]
    );
    assert_eq!(
        errors(&format!("{VERSUS}segment from 100,300 to 100.5,300\n")),
        ["3: a segment's ends must be at least 1 unit apart"]
    );
    assert_eq!(
        errors(&format!("{VERSUS}segment form 1,1 to 2,2\n")),
        ["3: unexpected `form`"]
    );
}

#[test]
fn segment_barrier_is_checked_for_arena_zones_and_overlaps() {
    let outside = errors(&format!("{VERSUS}segment from 700,300 to 900,300\n"));
    assert_eq!(
        outside,
        ["3: the segment on line 3 reaches outside the arena"]
    );
    let zone = errors(&format!("{VERSUS}segment from 400,800 to 400,950\n"));
    assert_eq!(
        zone,
        ["3: the segment on line 3 is inside the bottom paddle's zone"]
    );
    let crossing = errors(&format!(
        "{VERSUS}hexagon at 400,400 radius 40\nsegment from 300,400 to 500,400\n"
    ));
    assert_eq!(crossing.len(), 1, "{crossing:?}");
    assert!(
        crossing[0].starts_with("4: the segment on line 4 overlaps the hexagon on line 3 by "),
        "{crossing:?}"
    );
    let crossing_segments = errors(&format!(
        "{VERSUS}segment from 300,300 to 500,500\nsegment from 300,500 to 500,300\n"
    ));
    assert_eq!(crossing_segments.len(), 1, "{crossing_segments:?}");
    let touching = errors(&format!(
        "{VERSUS}segment from 300,300 to 500,300\nsegment from 500,300 to 500,500\n"
    ));
    assert!(
        touching.is_empty(),
        "ends that meet only touch: {touching:?}"
    );
}

#[test]
fn segment_barrier_on_a_brick_or_under_a_staged_ball_is_an_error() {
    let brick = errors("[bricks]\n1\n[barriers]\nsegment from 380,500 to 420,500\n");
    assert_eq!(brick.len(), 1, "{brick:?}");
    assert!(
        brick[0].contains("overlaps the brick at row 1, column 1"),
        "{brick:?}"
    );
    let ball = errors(&format!(
        "{VERSUS}segment from 300,500 to 500,500\n[balls]\nball at 400,505 velocity 100,-400\n"
    ));
    assert_eq!(ball, ["5: this ball starts on the segment on line 3"]);
}

#[test]
fn segment_barrier_reflects_a_ball_off_its_face() {
    let v = Vec2::new(150.0, -450.0);
    let (point, normal, after) = bounce_off_segment(Vec2::new(380.0, 600.0), v);
    assert!((300.0..=500.0).contains(&point.x), "{point}");
    assert_eq!(point.y, 500.0);
    assert_eq!(normal, Vec2::Y, "the face toward the ball");
    assert!((after - Vec2::new(v.x, -v.y)).length() < 1e-3, "{after}");
}

#[test]
fn segment_barrier_reflects_a_ball_off_its_other_face() {
    let v = Vec2::new(-150.0, 450.0);
    let (_, normal, after) = bounce_off_segment(Vec2::new(420.0, 400.0), v);
    assert_eq!(normal, Vec2::NEG_Y, "two-sided: the upper face");
    assert!((after - Vec2::new(v.x, -v.y)).length() < 1e-3, "{after}");
}

#[test]
fn segment_barrier_reflects_a_ball_off_its_end_point() {
    // Aimed up and right through 504,500, just past the right end (500,500): the
    // ball (radius 8) clears the face but catches the end on its left flank, and
    // leaves mirrored about the end's normal there.
    let v = Vec2::new(100.0, -470.0);
    let (point, normal, after) = bounce_off_segment(Vec2::new(464.0, 688.0), v);
    assert!(point.distance(Vec2::new(500.0, 500.0)) < 1e-3, "{point}");
    assert!(
        normal.x > 0.1 && normal.y > 0.0 && (normal.length() - 1.0).abs() < 1e-5,
        "the end's normal leans out toward the ball, off the face's: {normal}"
    );
    let mirrored = v - 2.0 * v.dot(normal) * normal;
    assert!(after.x > 0.0 && after.y > 0.0, "{after}");
    assert!(
        after.normalize().dot(mirrored.normalize()) > 0.999,
        "{after} against {mirrored}"
    );
}
