//! The Community screen's sharing flows: the Share page, edit keys kept per
//! server, withdrawing, and a level updated under its open page.

use super::*;

#[test]
fn the_editors_share_button_opens_the_share_page_on_its_level() {
    use crate::app::editor::{Button, EditorCommand, EditorInput, Store};
    let (mut state, _) = app(one_level);
    state.open_editor(Store::Record(crate::app::records::RECORD), Some(TINY));
    let share = EditorInput {
        commands: vec![EditorCommand::Press(Button::Share)],
        ..EditorInput::default()
    };
    state.frame(&FrameInput {
        editor: share,
        ..input(1, &[])
    });
    assert_eq!(state.screen(), Screen::Community);
    let screen = state.community().unwrap();
    assert_eq!(screen.page, Page::Share);
    let (text, author) = screen.sharing.as_ref().unwrap();
    assert!(text.contains("title = Tiny"), "{text}");
    // No author key: the player's name; the page names the level.
    assert_eq!(author, &state.shared.progress.name);
    assert!(screen.status.contains("\"Tiny\" by"), "{}", screen.status);
    assert!(state.editor().is_some(), "the editor is kept to return to");
}

#[test]
fn sharing_keeps_the_edit_key_and_a_refusal_shows_the_checkers_diagnostics() {
    let (mut state, heard) = app(one_level);
    share_cleared(&mut state, "title = oops\n");
    state.frame(&input(1, &[pick_row(&state, Row::ShareNew)]));
    state.frame(&input(2, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.status, "Not shared: the level has errors");
    assert_eq!(screen.diagnostics, ["level:2:1: error: bad".to_owned()]);

    share_cleared(&mut state, TINY);
    state.frame(&input(3, &[pick_row(&state, Row::ShareNew)]));
    let out = state.frame(&input(4, &[]));
    let screen = state.community().unwrap();
    assert_eq!(screen.status, "Shared! Its code is KQZ4MP.");
    // The page says where the key is, and that it is the only copy.
    let said = screen.diagnostics.join(" ");
    assert!(
        said.contains("edit key") && said.contains("community.txt"),
        "{said}"
    );
    assert!(said.contains("only copy"), "{said}");
    assert_eq!(state.shared.community_book.keys["KQZ4MP"], "k-secret");
    assert!(
        out.saves
            .iter()
            .any(|s| s.name == BOOK_RECORD && s.text.contains("k-secret")),
        "the key is kept on this machine"
    );
    assert_eq!(
        screen.rows(),
        [
            Row::Update,
            Row::Withdraw,
            Row::CopyKey,
            Row::ShareNew,
            Row::Back
        ]
    );
    // Issue 45 item 7: the page offers to copy the key; the shell takes it
    // once (to the clipboard), and the page says what it is for.
    state.frame(&input(5, &[pick_row(&state, Row::CopyKey)]));
    let screen = state.community_mut().unwrap();
    assert!(
        screen.status.contains("edit key is on the clipboard"),
        "{}",
        screen.status
    );
    assert!(!screen.status.contains("k-secret"), "the key is not shown");
    assert_eq!(screen.take_key_to_copy().as_deref(), Some("k-secret"));
    assert_eq!(screen.take_key_to_copy(), None, "copied once");
    // Withdraw asks first, saying the key goes and is the only copy.
    state.frame(&input(5, &[pick_row(&state, Row::Withdraw)]));
    state.frame(&input(6, &[]));
    assert!(
        !heard.borrow().iter().any(|r| r.method == Method::Delete),
        "nothing withdrawn before the yes"
    );
    let screen = state.community().unwrap();
    assert_eq!(screen.rows(), [Row::WithdrawSure, Row::Back]);
    let said = format!("{} {}", screen.status, screen.diagnostics.join(" "));
    assert!(
        said.contains("edit key") && said.contains("only copy"),
        "{said}"
    );
    // No keeps it; asked again, yes withdraws it.
    state.frame(&input(6, &[pick_row(&state, Row::Back)]));
    assert_eq!(state.screen(), Screen::Community, "No stays on the page");
    assert_eq!(state.shared.community_book.keys["KQZ4MP"], "k-secret");
    state.frame(&input(6, &[pick_row(&state, Row::Withdraw)]));
    state.frame(&input(6, &[pick_row(&state, Row::WithdrawSure)]));
    state.frame(&input(6, &[]));
    let withdrawn = heard
        .borrow()
        .iter()
        .any(|r| r.method == Method::Delete && r.edit_key.as_deref() == Some("k-secret"));
    assert!(withdrawn, "withdrawn with its key");
    assert!(state.shared.community_book.keys.is_empty());
    state.frame(&input(7, &[MenuInput::Back]));
    assert_eq!(state.screen(), Screen::Editor, "back to the editor");
}

/// Issue 45 defect 6: pointed at another server, the Share page said "was
/// shared as B2X9MT" and offered an Update that failed there.
#[test]
fn an_edit_key_works_on_the_server_it_was_shared_on_only() {
    let (mut state, heard) = app(one_level);
    share_cleared(&mut state, TINY);
    state.frame(&input(1, &[pick_row(&state, Row::ShareNew)]));
    let out = state.frame(&input(2, &[]));
    let book = &state.shared.community_book;
    assert_eq!(book.servers["KQZ4MP"], "ws://127.0.0.1:3536");
    assert!(
        out.saves.iter().any(
            |s| s.name == BOOK_RECORD && s.text.contains("server.KQZ4MP = ws://127.0.0.1:3536")
        ),
        "the key's server is kept with it"
    );
    // The same key as if kept from another server.
    state
        .shared
        .community_book
        .servers
        .insert("KQZ4MP".into(), "wss://play.example.org".into());
    share_cleared(&mut state, TINY);
    let screen = state.community().unwrap();
    assert_eq!(screen.rows(), [Row::ShareNew, Row::Back], "no Update here");
    assert!(
        screen.status.starts_with("Share \"Tiny\""),
        "{}",
        screen.status
    );
    let said = screen.diagnostics.join(" ");
    assert!(
        said.contains("KQZ4MP")
            && said.contains("wss://play.example.org")
            && said.contains("works there only"),
        "{said}"
    );
    // Its own server again (written with a final slash): Update is back.
    state
        .shared
        .community_book
        .servers
        .insert("KQZ4MP".into(), "WS://127.0.0.1:3536/".into());
    share_cleared(&mut state, TINY);
    let screen = state.community().unwrap();
    assert_eq!(
        screen.rows(),
        [
            Row::Update,
            Row::Withdraw,
            Row::CopyKey,
            Row::ShareNew,
            Row::Back
        ]
    );
    // A key kept before servers were recorded is offered on any server.
    state.shared.community_book.servers.clear();
    share_cleared(&mut state, TINY);
    state.frame(&input(3, &[pick_row(&state, Row::Update)]));
    state.frame(&input(4, &[]));
    let updated = heard
        .borrow()
        .iter()
        .any(|r| r.method == Method::Put && r.edit_key.as_deref() == Some("k-secret"));
    assert!(updated, "updated with its key");
}

/// Issue 45 defect 2: with a level's page open, its author pressed Update; Play
/// then played the old text (and the server counted the play), and clearing it
/// gave "Not listed: the replay is of another level".
#[test]
fn play_asks_for_the_levels_latest_version_and_plays_it() {
    const UPDATED: &str = "title = Tiny\nmode = solo\nlives = 1\n[bricks]\n1111\n2222\n";
    let updated = Rc::new(std::cell::Cell::new(false));
    let flag = Rc::clone(&updated);
    let (mut state, heard) = app(move |r: &ApiRequest| {
        if flag.get() && r.method == Method::Get && r.path == "/gallery/levels/ABCDEF" {
            let text = serde_json::to_string(UPDATED).unwrap();
            return Ok((
                200,
                format!(
                    r#"{{"code": "ABCDEF", "title": "Tiny", "author": "Ann", "mode": "solo",
                    "created": 1, "plays": 2, "rating": 3.5, "ratings": 2, "text": {text}}}"#
                ),
            ));
        }
        one_level(r)
    });
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    assert_eq!(state.community().unwrap().open.as_ref().unwrap().text, TINY);
    // The author updates it while its page is open here; then Play.
    updated.set(true);
    state.frame(&input(4, &[pick_row(&state, Row::PlaySolo)]));
    assert_eq!(state.screen(), Screen::Community, "asking first");
    state.frame(&input(5, &[]));
    // The page shows the new version and says so; Play plays it.
    let screen = state.community().unwrap();
    assert_eq!(screen.open.as_ref().unwrap().text, UPDATED);
    assert!(
        screen.status.contains("updated since its page opened"),
        "{}",
        screen.status
    );
    assert_eq!(state.screen(), Screen::Community);
    state.frame(&input(6, &[pick_row(&state, Row::PlaySolo)]));
    state.frame(&input(7, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    let game = &state.session.as_ref().unwrap().game;
    assert_eq!(game.bricks().count(), 8, "the new version plays (two rows)");
    assert_eq!(
        state.shared.community_book.level("ABCDEF").as_deref(),
        Some(UPDATED)
    );
    let plays = heard
        .borrow()
        .iter()
        .filter(|r| r.path.ends_with("/plays"))
        .count();
    assert_eq!(plays, 1, "one play counted, of the new version");
}

/// Issue 45's clear check: a level goes to the gallery only with a replay of
/// its author clearing it in the editor's test-play, of the very text shared;
/// without one (or after a change) Share says what to do and sends nothing.
#[test]
fn share_sends_the_authors_test_play_clear_of_this_very_text() {
    use crate::app::community::{CLEAR_IT_AGAIN, CLEAR_IT_FIRST};
    use crate::app::editor::{Button, EditorCommand, EditorInput, Store};
    use crate::game::{gather_inputs, Cpu, Difficulty, Mode, Outcome};
    use crate::level::Side;
    const ONE: &str = "title = One\nmode = solo\nlives = 9\n[bricks]\n1\n";
    let press = |k: u32, b: Button| FrameInput {
        editor: EditorInput {
            commands: vec![EditorCommand::Press(b)],
            ..EditorInput::default()
        },
        ..input(k, &[])
    };
    let (mut state, heard) = app(one_level);
    state.open_editor(Store::Record(crate::app::records::RECORD), Some(ONE));
    // Never cleared: the page says so, and Share asks nothing of the server.
    state.frame(&press(1, Button::Share));
    let screen = state.community().unwrap();
    assert_eq!(screen.diagnostics[0], CLEAR_IT_FIRST);
    state.frame(&input(2, &[pick_row(&state, Row::ShareNew)]));
    state.frame(&input(3, &[]));
    assert_eq!(state.community().unwrap().status, CLEAR_IT_FIRST);
    assert!(heard.borrow().iter().all(|r| r.method != Method::Post));
    state.frame(&input(4, &[MenuInput::Back]));
    assert_eq!(state.screen(), Screen::Editor);

    // Test-play solo, the author's hands played by a hard CPU, to the clear.
    state.frame(&press(5, Button::PlaySolo));
    let mut author = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, 4)), None];
    let mut k = 6;
    loop {
        let play = state.editor_mut().unwrap().play.as_mut().expect("playing");
        let s = &mut play.session;
        if s.game.outcome().is_some() {
            break;
        }
        let inputs = gather_inputs(&s.game, &mut author, |_| Intent::IDLE);
        s.step_with(&inputs);
        assert!(s.game.steps() < 100_000, "the CPU clears one brick");
    }
    state.frame(&input(k, &[]));
    k += 1;
    let clear = state.editor().unwrap().clear.clone().expect("kept");
    assert_eq!(clear.text, ONE);
    state.frame(&press(k, Button::Back));
    state.frame(&press(k + 1, Button::Share));
    let screen = state.community().unwrap();
    assert!(
        screen.diagnostics[0].starts_with("You cleared it in 0:"),
        "{:?}",
        screen.diagnostics
    );
    state.frame(&input(k + 2, &[pick_row(&state, Row::ShareNew)]));
    state.frame(&input(k + 3, &[]));
    assert_eq!(
        state.community().unwrap().status,
        "Shared! Its code is KQZ4MP."
    );
    let sent = heard
        .borrow()
        .iter()
        .rev()
        .find(|r| r.method == Method::Post)
        .cloned();
    let body: serde_json::Value = serde_json::from_str(&sent.unwrap().body.unwrap()).unwrap();
    assert_eq!(body["text"], ONE);
    // The replay sent plays to the clear, on the shared text, in solo.
    let replay = Replay::parse(body["clear"].as_str().unwrap()).unwrap();
    assert_eq!((replay.mode, replay.level_text.as_str()), (Mode::Solo, ONE));
    let mut game = crate::game::Game::new(&replay.level().unwrap(), Mode::Solo, replay.seed);
    for i in &replay.inputs {
        game.step(i);
    }
    assert_eq!(game.outcome(), Some(Outcome::Cleared));
    assert_eq!(game.state_hash(), replay.final_hash);

    // The level changed since: the clear no longer counts, for Update too.
    state.frame(&input(k + 4, &[MenuInput::Back]));
    let editor = state.editor_mut().unwrap();
    editor.editor.set_setting("lives", "8");
    // (The page's question whether the server serves the game aside.)
    let sent = |h: &Heard| h.borrow().iter().filter(|r| r.path != "/").count();
    let posts = sent(&heard);
    state.frame(&press(k + 5, Button::Share));
    assert_eq!(state.community().unwrap().diagnostics[0], CLEAR_IT_AGAIN);
    state.frame(&input(k + 6, &[pick_row(&state, Row::Update)]));
    state.frame(&input(k + 7, &[]));
    assert_eq!(state.community().unwrap().status, CLEAR_IT_AGAIN);
    assert_eq!(sent(&heard), posts, "nothing sent");
}

/// Issue 45, the designer's desktop walk: the desktop's link is a command
/// line, which a friend with only a browser cannot open. A server that serves
/// the game (`--web`: its page answers `GET /`) gets the level's address for
/// a browser on the Share page too; one that does not, none.
#[test]
fn a_server_that_serves_the_game_gives_the_desktops_share_page_a_browser_link() {
    for serves in [true, false] {
        let (mut state, heard) = app(move |r: &ApiRequest| match (r.method, r.path.as_str()) {
            (Method::Get, "/") if serves => Ok((200, "<!doctype html><title>Arkanong".into())),
            (Method::Get, "/") => Ok((404, "not found".into())),
            _ => one_level(r),
        });
        share_cleared(&mut state, TINY);
        state.frame(&input(1, &[pick_row(&state, Row::ShareNew)]));
        state.frame(&input(2, &[]));
        state.frame(&input(3, &[]));
        let server = state.shared.meeting.server.clone();
        let link = crate::app::community::web_level_link(&server, "KQZ4MP");
        assert!(link.ends_with("/?level=KQZ4MP") && link.starts_with("http"));
        let line = format!("A friend in a browser opens {link}");
        let screen = state.community().unwrap();
        assert_eq!(screen.status, "Shared! Its code is KQZ4MP.");
        assert_eq!(
            screen.diagnostics.contains(&line),
            serves,
            "{:?}",
            screen.diagnostics
        );
        assert!(!screen.waiting(), "the question is not a wait");
        // The Share page opened again on the level shared: asked again.
        state.frame(&input(4, &[pick_row(&state, Row::Back)]));
        share_cleared(&mut state, TINY);
        state.frame(&input(5, &[]));
        let screen = state.community().unwrap();
        assert_eq!(screen.rows()[0], Row::Update);
        assert_eq!(screen.diagnostics.contains(&line), serves);
        let asked = heard.borrow().iter().filter(|r| r.path == "/").count();
        assert_eq!(asked, 2);
    }
}
