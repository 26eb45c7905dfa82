//! The Community screen's flows, headless: the gallery's answers are handed in
//! by a canned gallery (as `RoomAsk::answered` hands the lobby its room), so
//! the list, a level's page, rating, offline play, sharing, `--level-code` and a
//! solo score's submission run without any server.

use std::cell::RefCell;
use std::rc::Rc;

use super::{AppState, FrameInput, LoadedRecords, Start};
use crate::app::community::{
    ApiRequest, CommunityBook, Gallery, Method, Page, Reply, Row, BOOK_RECORD,
};
use crate::app::input::MenuInput;
use crate::app::menus::{Item, Screen};
use crate::app::play::PlayMode;
use crate::app::records::LevelEntry;
use crate::game::{Inputs, Intent, Replay};
use crate::level::{shipped_levels, Level};

/// One frame at 60 Hz.
const FRAME: f32 = 1.0 / 60.0;

/// A solo level with one life: a game of it ends soon when the paddle runs off.
const TINY: &str = "title = Tiny\nmode = solo\nlives = 1\n[bricks]\n1111\n";

/// The requests the canned gallery heard, in order.
type Heard = Rc<RefCell<Vec<ApiRequest>>>;

/// The app on the shipped levels at the title, whose Community screen talks
/// to `answer`; returns what the gallery hears.
fn app(answer: impl Fn(&ApiRequest) -> Reply + 'static) -> (AppState, Heard) {
    let answer = Rc::new(answer);
    let levels: Vec<LevelEntry> = (shipped_levels().iter())
        .map(|l| LevelEntry {
            label: l.file.to_owned(),
            set: String::new(),
            level: Level::parse(l.text).expect("shipped levels are valid"),
            path: None,
            shipped: true,
        })
        .collect();
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    let mut state = AppState::new(
        start,
        levels,
        LoadedRecords::default(),
        super::Seams::offline(),
    );
    state.set_community_book(CommunityBook::default(), [3; 16]);
    let heard: Heard = Rc::default();
    let ears = Rc::clone(&heard);
    state.shared.seams.gallery = Rc::new(move |server| {
        let ears = Rc::clone(&ears);
        let answer = Rc::clone(&answer);
        Gallery::canned(
            server,
            Box::new(move |r: &ApiRequest| {
                ears.borrow_mut().push(r.clone());
                answer(r)
            }),
        )
    });
    (state, heard)
}

/// A frame `k` frames in, with menu `commands`.
fn input(k: u32, commands: &[MenuInput]) -> FrameInput {
    FrameInput {
        now: 10.0 + f64::from(k) * f64::from(FRAME),
        dt: FRAME,
        gesture: !commands.is_empty(),
        commands: commands.to_vec(),
        ..FrameInput::default()
    }
}

/// The gallery of one level, ABCDEF (the tiny solo level), as the server answers.
fn one_level(r: &ApiRequest) -> Reply {
    let summary = r#""code": "ABCDEF", "title": "Tiny", "author": "Ann", "mode": "solo",
        "created": 1, "plays": 2, "rating": 3.5, "ratings": 2"#;
    let body = match (r.method, r.path.as_str()) {
        (Method::Get, p) if p.starts_with("/gallery/levels?") => {
            format!(r#"{{"levels": [{{{summary}}}], "page": 0, "more": false}}"#)
        }
        (Method::Get, "/gallery/levels/ABCDEF") => {
            let text = serde_json::to_string(TINY).unwrap();
            format!(r#"{{{summary}, "text": {text}}}"#)
        }
        (Method::Post, "/gallery/levels/ABCDEF/rating") => {
            r#"{"rating": 3.7, "ratings": 3}"#.into()
        }
        (Method::Post, "/gallery/levels/ABCDEF/plays") => return Ok((204, String::new())),
        (Method::Post, "/gallery/levels/ABCDEF/scores") => r#"{"score": 40, "rank": 2}"#.into(),
        (Method::Post, "/gallery/levels") if r.body.as_deref().unwrap_or("").contains("oops") => {
            return Ok((
                422,
                r#"{"error": "the level has errors", "diagnostics": ["level:2:1: error: bad"]}"#
                    .into(),
            ))
        }
        (Method::Post, "/gallery/levels") => {
            return Ok((201, r#"{"code": "KQZ4MP", "edit_key": "k-secret"}"#.into()))
        }
        (Method::Delete, "/gallery/levels/KQZ4MP") => return Ok((204, String::new())),
        _ => return Ok((404, r#"{"error": "no such level"}"#.into())),
    };
    Ok((200, body))
}

/// The editor's level `text` on the Share page, as if its author had just
/// cleared it in test-play (the canned gallery plays no replay).
fn share_cleared(state: &mut AppState, text: &str) {
    use crate::app::editor::{AuthorClear, Store};
    if state.editor().is_none() {
        state.open_editor(Store::Record(crate::app::records::RECORD), Some(text));
    }
    state.editor_mut().unwrap().clear = Some(AuthorClear {
        text: text.to_owned(),
        replay: "the author's clear".to_owned(),
        steps: 9960,
    });
    state.share_level(text);
}

/// No server at all.
fn no_server(_: &ApiRequest) -> Reply {
    Err("connection refused".into())
}

/// The Community screen's row `row`, picked.
fn pick_row(state: &AppState, row: Row) -> MenuInput {
    let screen = state.community().expect("the screen shows");
    let at = (screen.rows().iter().position(|&r| r == row)).unwrap_or_else(|| {
        panic!("no {row:?} among {:?}", screen.rows());
    });
    MenuInput::Pick(at)
}

/// The title's Community item.
fn community_item(state: &AppState) -> MenuInput {
    let at = (state.menu.entries().iter())
        .position(|i| matches!(i, Item::Open(Screen::Community, _)))
        .expect("the title offers Community levels");
    MenuInput::Pick(at)
}

#[test]
fn community_lists_opens_and_rates_a_level_and_is_dropped_on_back() {
    let (mut state, heard) = app(one_level);
    state.frame(&input(1, &[community_item(&state)]));
    assert_eq!(state.screen(), Screen::Community);
    state.frame(&input(2, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.levels.len(), 1, "{}", screen.status);
    assert!(screen
        .label(Row::Level(0))
        .contains("Tiny  by Ann  3.5* (2)  2 plays"));
    // Its text comes a frame later, for its picture.
    state.frame(&input(3, &[]));
    let screen = state.community().unwrap();
    assert!(screen.previews.contains_key("ABCDEF"), "its picture");
    state.frame(&input(3, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(4, &[]));
    assert_eq!(state.community().unwrap().page, Page::Level);
    state.frame(&input(5, &[pick_row(&state, Row::Rate)]));
    state.frame(&input(6, &[pick_row(&state, Row::Stars(4))]));
    state.frame(&input(7, &[]));
    let status = &state.community().unwrap().status;
    assert_eq!(status, "Thanks! Rated 3.7 by 3 players.");
    let rated = heard.borrow().iter().any(|r| {
        r.path == "/gallery/levels/ABCDEF/rating"
            && r.body.as_deref().is_some_and(|b| b.contains("\"stars\":4"))
    });
    assert!(rated, "the rating went out");
    for k in 8..10 {
        state.frame(&input(k, &[MenuInput::Back]));
    }
    assert_eq!(state.screen(), Screen::Title);
    assert!(state.community().is_none(), "dropped on leaving");
}

#[test]
fn offline_the_screen_says_so_and_a_kept_level_still_plays() {
    let (mut state, _) = app(no_server);
    state.shared.community_book.keep_level("ABCDEF", TINY);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    let screen = state.community().unwrap();
    assert!(screen.offline);
    assert!(
        screen
            .status
            .contains("cannot reach the server at ws://127.0.0.1:3536"),
        "{}",
        screen.status
    );
    assert!(
        screen.status.contains("`arkanong server`"),
        "{}",
        screen.status
    );
    assert_eq!(screen.levels[0].title, "Tiny");
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    assert_eq!(state.community().unwrap().page, Page::Level);
    state.frame(&input(3, &[pick_row(&state, Row::PlaySolo)]));
    assert_eq!(state.screen(), Screen::Playing);
    let s = state.session.as_ref().unwrap();
    assert_eq!(s.play_mode, PlayMode::Solo);
    assert!(
        s.history.is_some(),
        "a community solo game keeps its inputs"
    );
    assert!(state.community().is_none());
}

/// Plays the player's game to its end with the paddle running left.
fn lose_the_game(state: &mut AppState) {
    let s = state.session.as_mut().unwrap();
    for k in 0..100_000 {
        if s.game.outcome().is_some() {
            return;
        }
        let left = Intent {
            dx: -1,
            serve: k < 3,
            ..Intent::IDLE
        };
        s.step_with(&Inputs {
            players: [left, Intent::IDLE],
        });
    }
    panic!("the game did not end");
}

#[test]
fn a_finished_solo_game_offers_a_replay_that_reproduces_it_and_shows_the_verified_score() {
    let (mut state, heard) = app(one_level);
    // A name asked before (the first submit's question has its own test).
    state.shared.community_book.name = "Ann".into();
    state.open_level_code("ABCDEF");
    state.frame(&input(1, &[]));
    assert_eq!(state.screen(), Screen::Playing, "fetched, then played");
    lose_the_game(&mut state);
    state.frame(&input(2, &[]));
    assert_eq!(state.screen(), Screen::Community);
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Submit);
    let submission = screen.submission.as_ref().unwrap();
    let replay = Replay::parse(&submission.replay).unwrap();
    assert_eq!(replay.level_text, TINY, "the level as the server has it");
    let hash = replay.verify().expect("the replay reproduces the game");
    assert_eq!(hash, state.session.as_ref().unwrap().game.state_hash());
    state.frame(&input(3, &[pick_row(&state, Row::Submit)]));
    state.frame(&input(4, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.status, "Verified: 40 points, rank 2.");
    assert_eq!(
        screen.rows(),
        [Row::Top, Row::NotNow],
        "its top ten, or done"
    );
    let sent = heard.borrow().iter().any(|r| {
        r.path == "/gallery/levels/ABCDEF/scores"
            && r.body
                .as_deref()
                .is_some_and(|b| b.contains("arkanong-replay 1"))
    });
    assert!(sent, "the replay went out");
    assert!(
        heard.borrow().iter().any(|r| r.path.ends_with("/plays")),
        "the play was counted"
    );
}

#[test]
fn typing_searches_titles_and_a_finger_has_its_delete_row() {
    let (mut state, heard) = app(one_level);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    let typed = [
        MenuInput::Char('h'),
        MenuInput::Char('e'),
        MenuInput::Char('x'),
        MenuInput::Left,
    ];
    state.frame(&input(2, &typed));
    let screen = state.community().unwrap();
    assert!(screen.typing);
    assert_eq!(screen.query, "he");
    // The letter pad's place: no level rows while typing.
    assert!(!screen.rows().iter().any(|r| matches!(r, Row::Level(_))));
    state.frame(&input(3, &[pick_row(&state, Row::Erase)]));
    state.frame(&input(4, &[pick_row(&state, Row::Search)]));
    assert!(!state.community().unwrap().typing);
    let searched = heard.borrow().iter().any(|r| r.path.ends_with("&q=h"));
    assert!(searched, "{:?}", heard.borrow().last());
}

/// The gallery of `one_level`, whose top score's replay was recorded by rules 1.
fn old_rules_replay(r: &ApiRequest) -> Reply {
    // The top 10 is asked with the player's id (`?player=`).
    match r.path.split('?').next().unwrap_or_default() {
        "/gallery/levels/ABCDEF/scores" => Ok((
            200,
            r#"{"scores": [{"id": 7, "name": "Ann", "score": 40, "steps": 20, "at": 1}]}"#.into(),
        )),
        "/gallery/scores/7/replay" => {
            let replay = Replay {
                seed: 1,
                mode: crate::game::Mode::Solo,
                rules: crate::level::RulesVersion::V1,
                level_text: TINY.to_owned(),
                inputs: vec![Inputs::default(); 20],
                final_hash: 0,
            };
            Ok((200, replay.to_text()))
        }
        _ => one_level(r),
    }
}

#[test]
fn a_watched_replay_plays_by_its_own_rules() {
    let (mut state, _) = app(old_rules_replay);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    assert_eq!(state.community().unwrap().page, Page::Level);
    state.frame(&input(4, &[pick_row(&state, Row::Top)]));
    state.frame(&input(5, &[]));
    state.frame(&input(6, &[pick_row(&state, Row::Score(0))]));
    state.frame(&input(7, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    let s = state.session.as_ref().unwrap();
    assert!(s.playback.is_some(), "the replay plays back");
    assert_eq!(
        state.shared.levels[s.level_index].level.rules,
        crate::level::RulesVersion::V1,
        "the replay's rules, not its level text's (none: the current ones)"
    );
}

#[test]
fn a_community_record_that_could_not_be_read_is_not_written_over() {
    use crate::app::records::Loaded;
    let (mut state, _) = app(one_level);
    let failed = Loaded {
        message: Some("cannot read saved community (denied); using defaults".into()),
        unreadable: Some("it could not be read (denied)".into()),
        ..Loaded::default()
    };
    state.take_output();
    state.set_community_book(CommunityBook::loaded(failed, Loaded::default()), [4; 16]);
    let out = state.take_output();
    assert!(
        out.saves.iter().all(|s| s.name != BOOK_RECORD),
        "{:?}",
        out.saves
    );
    assert!(
        out.console
            .iter()
            .any(|l| l.contains("cannot read saved community")),
        "{:?}",
        out.console
    );
    assert!(
        out.console.iter().any(|l| l.contains("not saved this run")),
        "{:?}",
        out.console
    );
    // A level shared meanwhile keeps its key for the run, never over the record.
    share_cleared(&mut state, TINY);
    state.frame(&input(1, &[pick_row(&state, Row::ShareNew)]));
    let out = state.frame(&input(2, &[]));
    assert_eq!(state.shared.community_book.keys["KQZ4MP"], "k-secret");
    assert!(
        out.saves.iter().all(|s| s.name != BOOK_RECORD),
        "{:?}",
        out.saves
    );
}

#[test]
fn browser_back_on_a_community_level_page_goes_to_the_list_then_the_title() {
    let (mut state, _) = app(one_level);
    state.frame(&input(1, &[community_item(&state)]));
    state.frame(&input(2, &[]));
    state.frame(&input(3, &[]));
    state.frame(&input(4, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(5, &[]));
    assert_eq!(state.community().unwrap().page, Page::Level);
    let back = |k| FrameInput {
        backs: 1,
        ..input(k, &[])
    };
    state.frame(&back(6));
    assert_eq!(
        (state.screen(), state.community().map(|c| c.page)),
        (Screen::Community, Some(Page::List)),
        "the page's own Back: up to the list"
    );
    state.frame(&back(7));
    assert_eq!(state.screen(), Screen::Title);
    assert!(state.community().is_none(), "dropped on leaving");
}

/// The gallery of `one_level`, whose top score (Zed's) replays by today's
/// rules: its serve waits for an input that never comes, so it plays on.
fn current_rules_replay(r: &ApiRequest) -> Reply {
    // The top 10 is asked with the player's id (`?player=`).
    match r.path.split('?').next().unwrap_or_default() {
        "/gallery/levels/ABCDEF/scores" => Ok((
            200,
            r#"{"scores": [{"id": 9, "name": "Zed", "score": 12, "steps": 20, "at": 1}]}"#.into(),
        )),
        "/gallery/scores/9/replay" => {
            let replay = Replay {
                seed: 1,
                mode: crate::game::Mode::Solo,
                rules: crate::level::RulesVersion::CURRENT,
                level_text: TINY.to_owned(),
                inputs: vec![Inputs::default(); 20],
                final_hash: 0,
            };
            Ok((200, replay.to_text()))
        }
        _ => one_level(r),
    }
}

#[test]
fn a_watched_replay_never_pauses_itself_and_says_it_is_a_replay_and_whose() {
    use crate::app::input::Device;
    let (mut state, _) = app(current_rules_replay);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    state.frame(&input(4, &[pick_row(&state, Row::Top)]));
    state.frame(&input(5, &[]));
    state.frame(&input(6, &[pick_row(&state, Row::Score(0))]));
    state.frame(&input(7, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    // A minute with nobody touching anything: the idle pause comes at 20 s.
    for k in 8..8 + 60 * 60 {
        state.frame(&input(k, &[]));
        assert_eq!(state.screen(), Screen::Playing, "paused at frame {k}");
    }
    let s = state.session.as_mut().unwrap();
    assert_eq!(s.labels(), ["REPLAY", ""], "not YOU");
    // Whatever the player last used, the serve cue asks nobody to serve.
    s.device = Some(Device::Mouse);
    let cues = s.serve_cues();
    assert!(!cues.is_empty(), "the replay's serve waits");
    for cue in &cues {
        assert!(!cue.text.contains("serve"), "{}", cue.text);
        assert!(cue.text.contains("REPLAY: Zed"), "{}", cue.text);
    }
    let banner = state.game_banner().expect("a banner over the replay");
    assert!(
        banner.contains("REPLAY") && banner.contains("Zed"),
        "{banner}"
    );
}

#[test]
fn enter_in_the_search_box_closes_it_and_shows_the_results_at_once() {
    let (mut state, heard) = app(one_level);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    let typed = [
        MenuInput::Char('t'),
        MenuInput::Char('i'),
        MenuInput::Char('n'),
    ];
    state.frame(&input(2, &typed));
    assert!(state.community().unwrap().typing);
    // A window's Enter: the key's Confirm, then the character it typed.
    state.frame(&input(3, &[MenuInput::Confirm, MenuInput::Char('\r')]));
    state.frame(&input(4, &[]));
    let screen = state.community().unwrap();
    assert!(!screen.typing, "the letter pad gave way");
    assert_eq!(screen.label(Row::Search), "Search: tin");
    assert!(
        screen.rows().contains(&Row::Level(0)),
        "the results show: {:?}",
        screen.rows()
    );
    assert!(heard.borrow().iter().any(|r| r.path.ends_with("&q=tin")));
}

/// `one_level`, until `gone` is set: then ABCDEF is gone from the gallery,
/// whose every answer about it is the server's 404.
fn withdrawable(gone: Rc<std::cell::Cell<bool>>) -> impl Fn(&ApiRequest) -> Reply {
    move |r: &ApiRequest| {
        let about =
            r.path.starts_with("/gallery/levels/ABCDEF") || r.path.starts_with("/gallery/scores");
        if gone.get() && about {
            return Ok((404, r#"{"error": "no such level: check the code"}"#.into()));
        }
        if gone.get() && r.path.starts_with("/gallery/levels?") {
            return Ok((200, r#"{"levels": [], "page": 0, "more": false}"#.into()));
        }
        one_level(r)
    }
}

#[test]
fn a_level_withdrawn_under_its_open_page_says_so_and_its_kept_copy_still_opens_online() {
    let gone = Rc::new(std::cell::Cell::new(false));
    let (mut state, _) = app(withdrawable(Rc::clone(&gone)));
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    assert_eq!(state.community().unwrap().page, Page::Level);
    assert!(
        state.shared.community_book.level("ABCDEF").is_some(),
        "kept on opening"
    );
    // Its author withdraws it while its page is open here.
    gone.set(true);
    state.frame(&input(4, &[pick_row(&state, Row::Top)]));
    state.frame(&input(5, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Level, "back on its page");
    assert!(screen.status.contains("Withdrawn"), "{}", screen.status);
    assert!(screen.title().contains("withdrawn"), "{}", screen.title());
    let rows = screen.rows();
    for gone in [Row::Rate, Row::Report, Row::Top] {
        assert!(!rows.contains(&gone), "{gone:?} offered: {rows:?}");
    }
    assert!(rows.contains(&Row::PlaySolo), "its copy still plays");

    // Up to the list: the server lists nothing, the downloaded copy is there.
    state.frame(&input(6, &[MenuInput::Back]));
    state.frame(&input(7, &[]));
    let screen = state.community().unwrap();
    assert!(screen.levels.is_empty() && !screen.offline);
    state.frame(&input(8, &[pick_row(&state, Row::Downloaded)]));
    let screen = state.community().unwrap();
    assert_eq!(screen.levels.len(), 1, "{:?}", screen.rows());
    state.frame(&input(9, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(10, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Level, "{}", screen.status);
    assert!(screen.withdrawn && screen.status.contains("Withdrawn"));
    state.frame(&input(11, &[pick_row(&state, Row::PlaySolo)]));
    assert_eq!(state.screen(), Screen::Playing, "the kept copy plays");
}

/// Pauses the game and picks the pause menu's "Quit to title".
fn quit_the_game(state: &mut AppState, k: u32) {
    state.frame(&input(k, &[MenuInput::Pause]));
    assert_eq!(state.screen(), Screen::Paused);
    let quit = (state.menu.entries().iter())
        .position(|i| matches!(i, Item::EndGame(_)))
        .expect("the pause menu quits");
    state.frame(&input(k + 1, &[MenuInput::Pick(quit)]));
}

#[test]
fn quitting_a_level_code_game_goes_back_to_the_levels_page() {
    let (mut state, _) = app(one_level);
    state.open_level_code("ABCDEF");
    state.frame(&input(1, &[]));
    assert_eq!(state.screen(), Screen::Playing, "fetched, then played");
    quit_the_game(&mut state, 2);
    assert_eq!(state.screen(), Screen::Community);
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Level);
    assert_eq!(screen.open.as_ref().unwrap().summary.code, "ABCDEF");
    assert!(state.session.is_none(), "the game is left");
    // Its page's Back goes up to the list, which is asked for.
    state.frame(&input(4, &[MenuInput::Back]));
    state.frame(&input(5, &[]));
    let screen = state.community().unwrap();
    assert_eq!((screen.page, screen.levels.len()), (Page::List, 1));
}

#[test]
fn quitting_an_offline_community_game_with_points_asks_no_high_score_name() {
    let (mut state, _) = app(no_server);
    state.shared.community_book.keep_level("ABCDEF", TINY);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[pick_row(&state, Row::PlaySolo)]));
    assert_eq!(state.screen(), Screen::Playing);
    // Served straight up into the bricks: a point.
    let s = state.session.as_mut().unwrap();
    for k in 0..20_000 {
        if s.run_total() > 0 || s.game.outcome().is_some() {
            break;
        }
        let serve = Intent {
            serve: k % 2 == 0,
            ..Intent::IDLE
        };
        s.step_with(&Inputs {
            players: [serve, Intent::IDLE],
        });
    }
    assert!(s.run_total() > 0, "a point scored");
    assert!(s.game.outcome().is_none(), "the game goes on");
    quit_the_game(&mut state, 4);
    assert_ne!(state.screen(), Screen::NameEntry, "no name asked");
    assert_eq!(state.screen(), Screen::Community, "back on its page");
    assert_eq!(state.community().unwrap().page, Page::Level);
    assert!(
        state.shared.scores.entries.is_empty(),
        "no local high score"
    );
}

#[test]
fn offline_downloaded_levels_show_their_author_and_code_and_the_message_fits_800_px() {
    use crate::app::community::{page_layout, PageContent};
    let (mut state, _) = app(no_server);
    let walker = "title = Tiny\nauthor = Walker\nmode = solo\nlives = 1\n[bricks]\n1111\n";
    state.shared.community_book.keep_level("ABCDEF", walker);
    state.shared.community_book.keep_level("GHJKLM", TINY);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    let screen = state.community().unwrap();
    assert!(screen.offline);
    let labels: Vec<String> = (0..2).map(|n| screen.label(Row::Level(n))).collect();
    assert_ne!(labels[0], labels[1], "two of the same title told apart");
    let walkers = labels
        .iter()
        .find(|l| l.contains("ABCDEF"))
        .expect("its code");
    assert!(walkers.contains("by Walker"), "{walkers}");
    assert!(!walkers.contains("not rated"), "{walkers}");
    assert!(labels.iter().any(|l| l.contains("GHJKLM")), "{labels:?}");
    // An 800 px window: the offline message wraps to the column, whole.
    let window = glam::Vec2::new(800.0, 600.0);
    let width = page_layout(window, PageContent::default()).column.size().x;
    let body = crate::app::layout::text_sizes(window).body;
    // A wide font's letters, about six tenths of the size.
    let measure = |t: &str| t.chars().count() as f32 * body * 0.6;
    let lines = screen.status_lines(width, measure);
    assert!(lines.len() > 1, "{lines:?}");
    for line in &lines {
        assert!(measure(line) <= width, "{line:?} is cut off at {width} px");
    }
    assert_eq!(lines.join(" "), screen.status, "nothing lost");
    assert!(screen.status.contains("`arkanong server`"));
}

#[test]
fn the_first_submit_asks_a_name_kept_for_the_next_and_the_board_shows_times() {
    let (mut state, heard) = app(one_level);
    state.open_level_code("ABCDEF");
    state.frame(&input(1, &[]));
    lose_the_game(&mut state);
    state.frame(&input(2, &[]));
    assert_eq!(state.community().unwrap().page, Page::Submit);
    // Submit asks the name first: nothing goes out yet.
    state.frame(&input(3, &[pick_row(&state, Row::Submit)]));
    let screen = state.community().unwrap();
    assert!(screen.typing, "{}", screen.status);
    assert_eq!(screen.rows(), [Row::Name, Row::Erase, Row::Back]);
    assert!(!heard.borrow().iter().any(|r| r.path.ends_with("/scores")));
    let mut typed = vec![MenuInput::Char('\u{8}'); 8];
    typed.extend("Zed".chars().map(MenuInput::Char));
    typed.push(MenuInput::Confirm);
    let out = state.frame(&input(4, &typed));
    state.frame(&input(5, &[]));
    let sent = heard.borrow().iter().any(|r| {
        r.path == "/gallery/levels/ABCDEF/scores"
            && r.body
                .as_deref()
                .is_some_and(|b| b.contains("\"name\":\"Zed\""))
    });
    assert!(sent, "{:?}", heard.borrow().last());
    assert_eq!(state.shared.community_book.name, "Zed");
    assert!(
        out.saves
            .iter()
            .any(|s| s.name == BOOK_RECORD && s.text.contains("name = Zed")),
        "the name is kept: {:?}",
        out.saves
    );
    assert_eq!(
        CommunityBook::read(&state.shared.community_book.record_text()).name,
        "Zed",
        "read back"
    );

    // The next game's Submit sends at once under the kept name, which stays editable.
    heard.borrow_mut().clear();
    state.open_level_code("ABCDEF");
    state.frame(&input(6, &[]));
    lose_the_game(&mut state);
    state.frame(&input(7, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.rows(), [Row::Submit, Row::Name, Row::NotNow]);
    assert_eq!(screen.label(Row::Submit), "Submit the score as Zed");
    state.frame(&input(8, &[pick_row(&state, Row::Submit)]));
    assert!(heard.borrow().iter().any(|r| r.path.ends_with("/scores")
        && r.body
            .as_deref()
            .is_some_and(|b| b.contains("\"name\":\"Zed\""))));

    // The board: each score's time (what breaks a tie) shown.
    let (mut state, _) = app(current_rules_replay);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    state.frame(&input(4, &[pick_row(&state, Row::Top)]));
    state.frame(&input(5, &[]));
    let label = state.community().unwrap().label(Row::Score(0));
    assert_eq!(label, "1. Zed  12  in 0:00.1  (watch)");
}

/// The Share page, edit keys and level versions (a file of their own: this one is long).
#[path = "community_share_tests.rs"]
mod share_tests;

/// Level versions: a score of a replaced version (a file of its own: this one is long).
#[path = "community_version_tests.rs"]
mod version_tests;

/// The board people read: clear rate, attempts, your best (a file of its own).
#[path = "community_board_tests.rs"]
mod board_tests;

/// The daily challenge on the title, played and submitted (a file of its own).
#[path = "community_daily_tests.rs"]
mod daily_tests;

/// Replays you keep: the replay bar, saving, replay files (a file of its own).
#[path = "community_replay_tests.rs"]
mod replay_tests;
