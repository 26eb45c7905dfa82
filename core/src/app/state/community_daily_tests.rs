//! The daily challenge (issue 45, item 6), headless: the title asks the
//! server for today's challenge and says it ("Daily challenge: Tiny — play";
//! offline, "Daily challenge: offline"); its row opens its page, which plays
//! its level from the day's seed; the game's score goes to the day's board,
//! and a replay of another seed is refused with the server's sentence.

use super::{app, input, lose_the_game, no_server, pick_row, TINY};
use crate::app::community::{ApiRequest, Method, Page, Reply, Row};
use crate::app::input::MenuInput;
use crate::app::menus::{Item, Screen};
use crate::game::Replay;

/// The day's seed in these tests.
const SEED: u64 = 4242;

/// A server whose daily challenge of 2026-11-29 is the tiny level from
/// [`SEED`]; it lists a daily score only of that seed, as the real one does.
fn daily_server(r: &ApiRequest) -> Reply {
    let body = match (r.method, r.path.as_str()) {
        (Method::Get, "/gallery/daily") => format!(
            r#"{{"date": "2026-11-29", "yesterday": "2026-11-28", "title": "Tiny",
                "text": {}, "seed": {SEED}, "source": "shipped:tiny.txt", "ends_in": 600}}"#,
            serde_json::to_string(TINY).unwrap()
        ),
        (Method::Post, "/gallery/daily/scores") => {
            let body = r.body.as_deref().unwrap_or("");
            if !body.contains(&format!("seed {SEED}")) {
                let error = "this game was played with seed 8, not today's: the daily \
                     challenge (2026-11-29, Tiny) is seed 4242 for everyone; play it from the \
                     title screen";
                return Ok((422, format!(r#"{{"error": "{error}"}}"#)));
            }
            r#"{"date": "2026-11-29", "score": 0, "rank": 1}"#.into()
        }
        (Method::Get, p) if p.starts_with("/gallery/daily/2026-11-2") => {
            r#"{"date": "2026-11-29", "title": "Tiny", "scores": [{"id": 1, "name": "Zed",
                "score": 0, "steps": 300}], "yours": {"id": 1, "name": "Zed", "score": 0,
                "steps": 300, "rank": 1}}"#
                .into()
        }
        _ => return Ok((404, r#"{"error": "no such page in the gallery"}"#.into())),
    };
    Ok((200, body))
}

/// The title's daily challenge row.
fn daily_item(state: &crate::app::state::AppState) -> MenuInput {
    let at = (state.menu.entries().iter()).position(|i| *i == Item::Daily);
    MenuInput::Pick(at.expect("the title offers the daily challenge"))
}

#[test]
fn the_daily_challenge_is_on_the_title_played_from_its_seed_submitted_and_a_wrong_seed_refused() {
    let (mut state, heard) = app(daily_server);
    state.shared.community_book.name = "Zed".into();
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[]));
    assert_eq!(state.menu.daily_line, "Daily challenge: Tiny — play");
    let labels = state.menu.items(&[], &Default::default());
    assert!(
        labels.iter().any(|l| l == "Daily challenge: Tiny — play"),
        "{labels:?}"
    );
    assert!(heard.borrow().iter().any(|r| r.path == "/gallery/daily"));

    // Its row opens its page; Play plays its level from the day's seed.
    state.frame(&input(3, &[daily_item(&state)]));
    assert_eq!(state.screen(), Screen::Community);
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Daily);
    assert_eq!(screen.title(), "Daily challenge 2026-11-29: Tiny");
    assert_eq!(
        screen.rows(),
        [Row::PlayDaily, Row::Top, Row::Yesterday, Row::Back]
    );
    assert_eq!(screen.label(Row::PlayDaily), "Play Tiny");
    state.frame(&input(4, &[pick_row(&state, Row::PlayDaily)]));
    assert_eq!(state.screen(), Screen::Playing);
    lose_the_game(&mut state);
    state.frame(&input(5, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Submit);
    let submission = screen.submission.clone().unwrap();
    assert_eq!(submission.daily.as_deref(), Some("2026-11-29"));
    let replay = Replay::parse(&submission.replay).unwrap();
    assert_eq!((replay.seed, replay.level_text.as_str()), (SEED, TINY));
    assert!(replay.verify().is_ok(), "it reproduces the game");
    heard.borrow_mut().clear();
    state.frame(&input(6, &[pick_row(&state, Row::Submit)]));
    state.frame(&input(7, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.status, "Verified: 0 points, rank 1.");
    let sent = heard.borrow().iter().any(|r| {
        r.path == "/gallery/daily/scores"
            && r.body
                .as_deref()
                .is_some_and(|b| b.contains("\"date\":\"2026-11-29\""))
    });
    assert!(sent, "{:?}", heard.borrow());
    assert!(
        !heard.borrow().iter().any(|r| r.path.ends_with("/ends")),
        "a daily game is no community level's attempt"
    );
    // Its Top 10 is the day's board, the player's own beside it.
    state.frame(&input(8, &[pick_row(&state, Row::Top)]));
    state.frame(&input(9, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Top);
    assert_eq!(screen.label(Row::Score(0)), "1. Zed  0  in 0:02.5  (you)");
    assert_eq!(screen.label(Row::Yours), "Your best: 1. Zed  0  in 0:02.5");
    assert!(heard.borrow().iter().any(|r| r
        .path
        .starts_with("/gallery/daily/2026-11-29/scores?player=")));

    // A game of another seed (an older game, a doctored one): the server's
    // sentence says why it is not listed.
    let screen = state.community_mut().unwrap();
    let other = submission
        .replay
        .replacen(&format!("seed {SEED}"), "seed 8", 1);
    screen.submission = Some(crate::app::community::Submission {
        replay: other,
        ..submission
    });
    screen.page = Page::Submit;
    state.frame(&input(10, &[pick_row(&state, Row::Submit)]));
    state.frame(&input(11, &[]));
    let status = &state.community().unwrap().status;
    assert!(status.starts_with("Not listed: "), "{status}");
    assert!(status.contains("seed 8, not today's"), "{status}");
    assert!(status.contains("is seed 4242 for everyone"), "{status}");
}

#[test]
fn offline_the_title_says_the_daily_challenge_is_offline_and_its_page_says_so() {
    let (mut state, _) = app(no_server);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[]));
    assert_eq!(state.menu.daily_line, "Daily challenge: offline");
    state.frame(&input(3, &[daily_item(&state)]));
    state.frame(&input(4, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Daily);
    assert_eq!(screen.title(), "Daily challenge: offline");
    assert_eq!(screen.rows(), [Row::Back]);
    assert!(
        screen.status.contains("cannot reach the server"),
        "{}",
        screen.status
    );
    state.frame(&input(5, &[pick_row(&state, Row::Back)]));
    assert_eq!(state.screen(), Screen::Title);
}

#[test]
fn the_title_logs_its_daily_row_each_time_its_words_change() {
    // The browser tests cannot read the screen: they read this line.
    let (mut state, _) = app(daily_server);
    let mut logged = Vec::new();
    for k in 1..5 {
        logged.extend(state.frame(&input(k, &[])).log);
    }
    let rows: Vec<&String> = logged.iter().filter(|l| l.starts_with("title: ")).collect();
    assert_eq!(
        rows,
        [
            "title: Daily challenge: asking...",
            "title: Daily challenge: Tiny — play"
        ],
        "once per change: {logged:?}"
    );
    let (mut state, _) = app(no_server);
    let logged: Vec<String> = (1..4)
        .flat_map(|k| state.frame(&input(k, &[])).log)
        .collect();
    assert!(
        logged
            .iter()
            .any(|l| l == "title: Daily challenge: offline"),
        "{logged:?}"
    );
}
