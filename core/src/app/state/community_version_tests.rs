//! The Community screen and level versions (issue 45, item 3): a score of a
//! version its author has since replaced.

use super::*;

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
