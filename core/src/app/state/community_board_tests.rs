//! The board people read (issue 45, item 4), headless: a level's clear rate
//! and attempts on its page and in the list, a play's end reported (cleared
//! or not), and the player's own best beside the top 10, even outside it.

use super::{app, input, lose_the_game, pick_row, TINY};
use crate::app::community::{ApiRequest, Method, Page, Reply, Row};
use crate::app::input::MenuInput;
use crate::app::menus::Screen;

/// The gallery of one level, ABCDEF, cleared by 41 of 120 attempts, whose
/// board has ten scores above the asking player's 14th place.
fn rated_level(r: &ApiRequest) -> Reply {
    let summary = r#""code": "ABCDEF", "title": "Tiny", "author": "Ann", "mode": "solo",
        "created": 1, "plays": 2, "rating": 3.5, "ratings": 2, "attempts": 120, "clears": 41"#;
    let body = match (r.method, r.path.as_str()) {
        (Method::Get, p) if p.starts_with("/gallery/levels?") => {
            format!(r#"{{"levels": [{{{summary}}}], "page": 0, "more": false}}"#)
        }
        (Method::Get, "/gallery/levels/ABCDEF") => {
            let text = serde_json::to_string(TINY).unwrap();
            format!(r#"{{{summary}, "text": {text}}}"#)
        }
        (Method::Get, p) if p.starts_with("/gallery/levels/ABCDEF/scores?player=") => {
            let ten: Vec<String> = (0..10)
                .map(|k| {
                    format!(
                        r#"{{"id": {k}, "name": "P{k}", "score": {}, "steps": 1200}}"#,
                        90 - k
                    )
                })
                .collect();
            format!(
                r#"{{"scores": [{}], "yours": {{"id": 77, "name": "Zed", "score": 12, "steps": 2520, "rank": 14}}}}"#,
                ten.join(",")
            )
        }
        (Method::Post, "/gallery/levels/ABCDEF/plays" | "/gallery/levels/ABCDEF/ends") => {
            return Ok((204, String::new()))
        }
        _ => return Ok((404, r#"{"error": "no such level"}"#.into())),
    };
    Ok((200, body))
}

#[test]
fn the_clear_rate_shows_a_play_end_is_reported_and_your_best_stands_beside_the_top_ten() {
    let (mut state, heard) = app(rated_level);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    let row = state.community().unwrap().label(Row::Level(0));
    assert!(row.contains("34 % of 120 clear"), "{row}");
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Level);
    let line = screen.open.as_ref().unwrap().page_line();
    assert!(line.contains("cleared by 34 % of 120 attempts"), "{line}");

    // The top 10, and the player's own place beside it (14th).
    state.frame(&input(4, &[pick_row(&state, Row::Top)]));
    state.frame(&input(5, &[]));
    let asked = heard
        .borrow()
        .iter()
        .any(|r| r.path.starts_with("/gallery/levels/ABCDEF/scores?player=") && r.path.len() > 40);
    assert!(asked, "the top 10 is asked with the player's id");
    let screen = state.community().unwrap();
    assert_eq!(screen.rows().len(), 12, "{:?}", screen.rows());
    assert_eq!(screen.rows()[10], Row::Yours);
    assert_eq!(
        screen.label(Row::Yours),
        "Your best: 14. Zed  12  in 0:21.0"
    );
    assert_eq!(screen.label(Row::Score(0)), "1. P0  90  in 0:10.0  (watch)");

    // A solo game that ends (lost) is one attempt, not cleared.
    state.frame(&input(6, &[MenuInput::Back]));
    state.frame(&input(7, &[pick_row(&state, Row::PlaySolo)]));
    state.frame(&input(8, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    heard.borrow_mut().clear();
    lose_the_game(&mut state);
    state.frame(&input(9, &[]));
    let ends: Vec<String> = (heard.borrow().iter())
        .filter(|r| r.path == "/gallery/levels/ABCDEF/ends")
        .filter_map(|r| r.body.clone())
        .collect();
    assert_eq!(ends.len(), 1, "{:?}", heard.borrow());
    assert!(ends[0].contains("\"cleared\":false"), "{}", ends[0]);
    assert!(
        ends[0].contains(&state.shared.community_book.player),
        "{}",
        ends[0]
    );
}

/// The Submit page says what was played: the score, the time and where it
/// ranks on the board it goes to (issue 45: it said only "You scored 1.").
/// Here the player's own listed best (12, 14th) is better than the game
/// just lost (a point or so): it stays, and the page says so.
#[test]
fn the_submit_page_says_the_score_the_time_and_where_it_ranks() {
    let (mut state, heard) = app(rated_level);
    state.open_level_code("ABCDEF");
    state.frame(&input(1, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    lose_the_game(&mut state);
    heard.borrow_mut().clear();
    state.frame(&input(2, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Submit);
    let s = screen.submission.as_ref().unwrap();
    let replay = crate::game::Replay::parse(&s.replay).unwrap();
    assert_eq!(s.steps, replay.inputs.len() as u64, "its time is its steps");
    let tenths = s.steps * 10 / u64::from(crate::tuning::STEPS_PER_SECOND);
    let time = format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10);
    // The score and the time at once; the rank when the board comes.
    let score = s.score;
    assert_eq!(screen.status, format!("You scored {score} in {time}."));
    state.frame(&input(3, &[]));
    let screen = state.community().unwrap();
    assert_eq!(
        screen.status,
        format!("You scored {score} in {time}: your best, 12 in 0:21.0, stays #14."),
    );
    assert!(
        (heard.borrow().iter())
            .any(|r| r.path.starts_with("/gallery/levels/ABCDEF/scores?player=")),
        "its board was asked"
    );
}
