//! The Community screen and level versions (issue 45, item 3): a score of a
//! version its author has since replaced, and an open page noticing an update.

use super::*;
use crate::app::play::WindowSignal;

/// `one_level`, until `updated` is set: then ABCDEF is its version 2 (two
/// rows of bricks, updated 2 h ago) and a score of version 1 is refused as
/// the server refuses it.
fn updatable(updated: Rc<std::cell::Cell<bool>>) -> impl Fn(&ApiRequest) -> Reply {
    move |r: &ApiRequest| {
        if !updated.get() {
            return one_level(r);
        }
        match (r.method, r.path.as_str()) {
            (Method::Get, "/gallery/levels/ABCDEF") => {
                let text = serde_json::to_string(TINY_2).unwrap();
                Ok((
                    200,
                    format!(
                        r#"{{"code": "ABCDEF", "title": "Tiny", "author": "Ann", "mode": "solo",
                        "created": 1, "plays": 0, "ratings": 0, "version": 2,
                        "updated_ago": 7300, "text": {text}}}"#
                    ),
                ))
            }
            (Method::Post, "/gallery/levels/ABCDEF/scores") => Ok((
                409,
                r#"{"error": "this game was played on version 1 of ABCDEF, which its author updated 2 min ago: it is now version 2, and only its board lists scores. Play version 2 to be listed"}"#
                    .into(),
            )),
            _ => one_level(r),
        }
    }
}

/// TINY's version 2: a second row of bricks.
const TINY_2: &str = "title = Tiny\nmode = solo\nlives = 1\n[bricks]\n1111\n1111\n";

/// Issue 45, versions: a player whose game was of a version its author has
/// since replaced is told so when the score is refused, and the level's page
/// shows the new version ("version 2 · updated 2 h ago"), kept for offline.
#[test]
fn a_score_of_an_old_version_is_refused_saying_so_and_the_page_shows_the_new_version() {
    let updated = Rc::new(std::cell::Cell::new(false));
    let (mut state, heard) = app(updatable(Rc::clone(&updated)));
    state.shared.community_book.name = "Ann".into();
    state.open_level_code("ABCDEF");
    state.frame(&input(1, &[]));
    assert_eq!(state.screen(), Screen::Playing, "version 1 plays");
    lose_the_game(&mut state);
    // Its author updates it while the game was played.
    updated.set(true);
    state.frame(&input(2, &[]));
    assert_eq!(state.community().unwrap().page, Page::Submit);
    state.frame(&input(3, &[pick_row(&state, Row::Submit)]));
    state.frame(&input(4, &[]));
    let screen = state.community().unwrap();
    assert!(
        screen
            .status
            .starts_with("Not listed: this game was played on version 1 of ABCDEF"),
        "{}",
        screen.status
    );
    assert!(
        screen.status.contains("Play version 2"),
        "{}",
        screen.status
    );
    // No second submit; the run is not lost: the new version to play, the
    // game's replay to keep.
    assert_eq!(
        screen.rows(),
        [Row::PlaySolo, Row::SaveReplay, Row::Top, Row::NotNow]
    );
    // The new version was asked for: the page and the kept copy are it.
    state.frame(&input(5, &[]));
    let screen = state.community().unwrap();
    let open = screen.open.clone().unwrap();
    assert_eq!((open.summary.version, open.text.as_str()), (2, TINY_2));
    assert_eq!(screen.label(Row::PlaySolo), "Play version 2");
    assert_eq!(
        state.shared.community_book.level("ABCDEF").as_deref(),
        Some(TINY_2)
    );
    assert_eq!(
        (heard.borrow().iter())
            .filter(|r| r.path == "/gallery/levels/ABCDEF/scores")
            .count(),
        1
    );
    // Saved, the refused game is a replay file of version 1 that reproduces it.
    state.take_output();
    let out = state.frame(&input(6, &[pick_row(&state, Row::SaveReplay)]));
    let save = (out.saves.iter())
        .find(|s| s.name.starts_with("replay-ABCDEF-Ann-"))
        .unwrap_or_else(|| panic!("{:?}", out.saves));
    let replay = Replay::parse(&save.text).unwrap();
    assert_eq!(replay.level_text, TINY);
    assert_eq!(replay.verify(), Ok(replay.final_hash));
    assert_eq!(state.screen(), Screen::Community, "still on the page");
    // Play version 2 plays it.
    state.frame(&input(7, &[pick_row(&state, Row::PlaySolo)]));
    state.frame(&input(8, &[]));
    assert_eq!(state.screen(), Screen::Playing, "version 2 plays");
    let s = state.session.as_ref().unwrap();
    assert_eq!(
        s.game.level().to_text(),
        Level::parse(TINY_2).unwrap().to_text()
    );
    lose_the_game(&mut state);
    state.frame(&input(9, &[]));
    assert_eq!(state.community().unwrap().page, Page::Submit);
    // Its page says which version and when.
    state.frame(&input(10, &[pick_row(&state, Row::NotNow)]));
    state.enter(Screen::Community);
    state.frame(&input(11, &[]));
    state.frame(&input(12, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(13, &[]));
    let screen = state.community().unwrap();
    assert!(
        screen
            .status
            .ends_with("0 plays  version 2 · updated 2 h ago  no attempts yet  not clear-checked"),
        "{}",
        screen.status
    );
}

/// A frame at `now` on the app's clock, with the window's `signals` (a page
/// left open: no commands).
fn at(now: f64, signals: &[WindowSignal]) -> FrameInput {
    FrameInput {
        now,
        dt: FRAME,
        window: signals.to_vec(),
        ..FrameInput::default()
    }
}

/// How many times the gallery was asked for ABCDEF itself.
fn asked_for_abcdef(heard: &Heard) -> usize {
    (heard.borrow().iter())
        .filter(|r| r.method == Method::Get && r.path == "/gallery/levels/ABCDEF")
        .count()
}

/// ABCDEF's page opened from the list, the highlight moved to Top 10 (a
/// place the notice must not lose). Returns the app's clock then.
fn open_on_top_row(state: &mut AppState) -> f64 {
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    let rows = state.community().unwrap().rows();
    let top = rows.iter().position(|&r| r == Row::Top).unwrap();
    state.frame(&input(4, &vec![MenuInput::Down; top]));
    let screen = state.community().unwrap();
    assert_eq!(
        (screen.page, screen.rows()[screen.cursor]),
        (Page::Level, Row::Top)
    );
    input(4, &[]).now
}

/// Issue 45's "Done when": "an update that makes version 2 while the
/// friend's open page says so". The page left open asks again every 30 s of
/// the app's clock (no sooner), and when version 2 comes it shows it where
/// the player is (its picture, the highlight), says so, keeps it for offline
/// play, and Play plays it.
#[test]
fn an_open_page_notices_version_2_on_its_own_and_play_plays_it() {
    let updated = Rc::new(std::cell::Cell::new(false));
    let (mut state, heard) = app(updatable(Rc::clone(&updated)));
    let t0 = open_on_top_row(&mut state);
    let opened = asked_for_abcdef(&heard);
    let bricks = |s: &AppState| {
        let screen = s.community().unwrap();
        screen.previews["ABCDEF"].bricks.len()
    };
    assert_eq!(bricks(&state), 4);
    state.frame(&at(t0 + 29.0, &[]));
    assert_eq!(asked_for_abcdef(&heard), opened, "not before 30 s");
    // Its author updates it; the page has not asked yet.
    updated.set(true);
    state.frame(&at(t0 + 29.9, &[]));
    assert_eq!(bricks(&state), 4);
    state.frame(&at(t0 + 30.0, &[]));
    assert_eq!(asked_for_abcdef(&heard), opened + 1, "asked at 30 s");
    let screen = state.community().unwrap();
    assert_eq!(
        screen.status,
        "Updated to version 2 just now: Play plays it."
    );
    assert_eq!(
        (screen.page, screen.rows()[screen.cursor]),
        (Page::Level, Row::Top)
    );
    assert_eq!(screen.open.as_ref().unwrap().summary.version, 2);
    assert_eq!(bricks(&state), 8, "the new picture");
    assert_eq!(
        state.shared.community_book.level("ABCDEF").as_deref(),
        Some(TINY_2),
        "kept for offline play"
    );
    // The next 30 s ask again, and the same version says nothing new.
    state.frame(&at(t0 + 45.0, &[]));
    assert_eq!(asked_for_abcdef(&heard), opened + 1);
    state.frame(&at(t0 + 60.0, &[]));
    assert_eq!(asked_for_abcdef(&heard), opened + 2);
    // Play plays version 2.
    state.frame(&at(t0 + 61.0, &[]));
    let play = pick_row(&state, Row::PlaySolo);
    state.frame(&FrameInput {
        commands: vec![play],
        gesture: true,
        ..at(t0 + 62.0, &[])
    });
    state.frame(&at(t0 + 62.1, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    let s = state.session.as_ref().unwrap();
    assert_eq!(
        s.game.level().to_text(),
        Level::parse(TINY_2).unwrap().to_text()
    );
}

/// The window or the page shown again asks at once, without waiting for the
/// 30 s; one ask at a time (an unanswered one holds the next back, however
/// often the page is shown or the clock runs), and it is no wait the page
/// shows; off a level's page nothing is asked.
#[test]
fn an_open_page_asks_when_shown_again_one_request_at_a_time() {
    let (mut state, heard) = app(one_level);
    let t0 = open_on_top_row(&mut state);
    let opened = asked_for_abcdef(&heard);
    // From now on the server never answers ABCDEF: its ask stays in flight.
    let ears = Rc::clone(&heard);
    state.community_mut().unwrap().gallery = Gallery::canned_asks(
        "ws://test",
        Box::new(move |r: &ApiRequest| {
            ears.borrow_mut().push(r.clone());
            crate::app::community::Ask::default()
        }),
    );
    state.frame(&at(t0 + 1.0, &[WindowSignal::FocusLost]));
    assert_eq!(asked_for_abcdef(&heard), opened);
    state.frame(&at(t0 + 2.0, &[WindowSignal::Shown]));
    assert_eq!(
        asked_for_abcdef(&heard),
        opened + 1,
        "asked when shown again"
    );
    assert!(!state.community().unwrap().waiting(), "no wait shown");
    for (k, later) in [3.0, 40.0, 100.0, 1000.0].into_iter().enumerate() {
        let shown = if k % 2 == 0 {
            vec![WindowSignal::Shown]
        } else {
            vec![]
        };
        state.frame(&at(t0 + later, &shown));
    }
    assert_eq!(
        asked_for_abcdef(&heard),
        opened + 1,
        "one in flight at most"
    );
    // On the list no level is asked again.
    let (mut state, heard) = app(one_level);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    let listed = heard.borrow().len();
    state.frame(&at(100.0, &[WindowSignal::Shown]));
    state.frame(&at(200.0, &[]));
    assert_eq!(heard.borrow().len(), listed);
}

/// A level withdrawn under its open page is noticed by the page's own ask:
/// it says so and drops what needs the server, its copy still plays.
#[test]
fn an_open_page_notices_a_withdrawal_on_its_own() {
    let gone = Rc::new(std::cell::Cell::new(false));
    let (mut state, _) = app(withdrawable(Rc::clone(&gone)));
    let t0 = open_on_top_row(&mut state);
    gone.set(true);
    state.frame(&at(t0 + 30.0, &[]));
    let screen = state.community().unwrap();
    assert!(screen.withdrawn, "{}", screen.status);
    assert!(screen.status.contains("Withdrawn"), "{}", screen.status);
    assert!(screen.rows().contains(&Row::PlaySolo));
    assert!(!screen.rows().contains(&Row::Top));
}
