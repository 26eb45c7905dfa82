//! Replays you keep (issue 45, item 5): a top-ten replay watched with its bar
//! (no idle pause, whose it is on screen, pause, 2x and 4x to the same end,
//! restart, save, leave back to the Community screen), and a replay file
//! opened, broken ones refused without a panic or a write.

use super::*;
use crate::game::{Game, Mode};

/// A game of TINY that ends (its paddle serving and running left): its replay.
fn tiny_game() -> Replay {
    let level = Level::parse(TINY).unwrap();
    let mut game = Game::new(&level, Mode::Solo, 5);
    let step = Inputs {
        players: [
            Intent {
                dx: -1,
                serve: true,
                ..Intent::IDLE
            },
            Intent::IDLE,
        ],
    };
    let mut inputs = Vec::new();
    while game.outcome().is_none() && inputs.len() < 60 * 120 {
        game.step(&step);
        inputs.push(step);
    }
    assert!(game.outcome().is_some(), "the staged game ends");
    // As the gallery keeps it: the level's text byte for byte.
    Replay {
        level_text: TINY.to_owned(),
        ..Replay::record(&level, Mode::Solo, 5, inputs)
    }
}

/// `one_level`, whose top score (Ann's 40) has `replay` as its replay.
fn anns_score(replay: Replay) -> impl Fn(&ApiRequest) -> Reply {
    let text = replay.to_text();
    // The top ten is asked with the player's id (`?player=`: their best beside it).
    move |r: &ApiRequest| match r.path.split('?').next().unwrap_or_default() {
        "/gallery/levels/ABCDEF/scores" => Ok((
            200,
            r#"{"scores": [{"id": 7, "name": "Ann", "score": 40, "steps": 20, "at": 1}]}"#.into(),
        )),
        "/gallery/scores/7/replay" => Ok((200, text.clone())),
        _ => one_level(r),
    }
}

/// The app, its gallery answering with `answer`, on the Community screen with
/// ABCDEF's page open and `row` picked on it (five frames run).
fn picked_on_the_page(
    answer: impl Fn(&ApiRequest) -> Reply + 'static,
    row: Row,
) -> (AppState, Heard) {
    let (mut state, heard) = app(answer);
    state.enter(Screen::Community);
    state.frame(&input(1, &[]));
    state.frame(&input(2, &[pick_row(&state, Row::Level(0))]));
    state.frame(&input(3, &[]));
    state.frame(&input(4, &[pick_row(&state, row)]));
    state.frame(&input(5, &[]));
    (state, heard)
}

/// The app watching Ann's replay ([`tiny_game`]), chosen from ABCDEF's top
/// ten (seven frames run).
fn watching() -> AppState {
    let (mut state, _) = picked_on_the_page(anns_score(tiny_game()), Row::Top);
    state.frame(&input(6, &[pick_row(&state, Row::Score(0))]));
    state.frame(&input(7, &[]));
    assert_eq!(state.screen(), Screen::Playing);
    assert!(state.session.as_ref().unwrap().watch.is_some());
    state
}

/// Frames from `from` with no input until the replay's game ends (or `most`
/// frames); returns the frames run.
fn run_out(state: &mut AppState, from: u32, most: u32) -> u32 {
    let mut k = 0;
    while k < most && state.session.as_ref().unwrap().game.outcome().is_none() {
        state.frame(&input(from + k, &[]));
        k += 1;
    }
    k
}

/// Issue 45 item 5: a watched replay never pauses by itself, says whose it
/// is, and plays at 1x, 2x and 4x to the same final state (the replay's own
/// hash): the speeds run the same fixed steps, more of them a frame.
#[test]
fn a_watched_replay_ends_in_its_own_state_at_every_speed() {
    let expected = tiny_game().final_hash;
    let mut frames = Vec::new();
    for presses in [0, 1, 2] {
        let mut state = watching();
        let banner = state.game_banner().unwrap();
        assert!(
            banner.starts_with("REPLAY of Ann's game (40) 0:00"),
            "{banner}"
        );
        for k in 0..presses {
            state.frame(&input(8 + k, &[MenuInput::Up]));
        }
        let speed = state
            .session
            .as_ref()
            .unwrap()
            .watch
            .as_ref()
            .unwrap()
            .speed;
        assert_eq!(speed, [1, 2, 4][presses as usize]);
        let ran = run_out(&mut state, 20, 60 * 200);
        let s = state.session.as_ref().unwrap();
        assert!(s.game.outcome().is_some(), "{speed}x: the replay ends");
        assert_eq!(s.game.state_hash(), expected, "{speed}x");
        assert!(s.playback.as_ref().unwrap().is_empty() || s.game.outcome().is_some());
        frames.push(ran);
    }
    // 4x takes about a quarter of 1x's frames (no pause ever stopped it).
    assert!(frames[2] * 3 < frames[0], "{frames:?}");
    assert!(frames[1] * 3 < frames[0] * 2, "{frames:?}");
}

/// The bar by keys, pad, mouse and touch: pause stops the steps, restart
/// starts again at step 0, Escape (or the pad's B, or Leave) goes back to the
/// Community screen the replay was chosen on; the window losing focus pauses
/// the replay, not the game's menu.
#[test]
fn the_replay_bar_pauses_restarts_and_leaves_back_to_the_level() {
    let mut state = watching();
    for k in 0..30 {
        state.frame(&input(8 + k, &[]));
    }
    let steps = |s: &AppState| s.session.as_ref().unwrap().game.steps();
    let at = steps(&state);
    assert!(at > 0);
    // Space (Confirm on the highlighted Pause): no steps while paused.
    state.frame(&input(40, &[MenuInput::Confirm]));
    let paused = steps(&state);
    for k in 0..30 {
        state.frame(&input(41 + k, &[]));
    }
    assert_eq!(steps(&state), paused, "paused");
    assert!(state.game_banner().unwrap().ends_with("PAUSED"));
    // The pad's Start plays on.
    let pad = FrameInput {
        pad_commands: vec![MenuInput::Pause],
        ..input(80, &[])
    };
    state.frame(&pad);
    state.frame(&input(81, &[]));
    assert!(steps(&state) > paused);
    // A tap on Restart (button 2): step 0 again, the whole replay to play.
    state.frame(&input(82, &[MenuInput::Pick(2)]));
    let s = state.session.as_ref().unwrap();
    assert!(s.game.steps() <= 2, "{}", s.game.steps());
    assert_eq!(
        s.playback.as_ref().unwrap().len() as u64 + s.game.steps(),
        { tiny_game().inputs.len() as u64 }
    );
    // The window losing focus pauses the replay itself.
    let away = FrameInput {
        window: vec![crate::app::play::WindowSignal::FocusLost],
        ..input(90, &[])
    };
    state.frame(&away);
    assert_eq!(state.screen(), Screen::Playing);
    assert!(
        state
            .session
            .as_ref()
            .unwrap()
            .watch
            .as_ref()
            .unwrap()
            .paused
    );
    // Sixty seconds of no input: never the idle pause's menu.
    for k in 0..10 {
        let later = FrameInput {
            now: 100.0 + f64::from(k) * 10.0,
            ..input(0, &[])
        };
        state.frame(&later);
    }
    assert_eq!(state.screen(), Screen::Playing);
    // Escape leaves, back on the Community screen's top ten of ABCDEF.
    state.frame(&input(200, &[MenuInput::Back]));
    assert_eq!(state.screen(), Screen::Community);
    assert!(state.session.is_none());
    let c = state.community().unwrap();
    assert_eq!(c.open.as_ref().unwrap().summary.code, "ABCDEF");
}

/// Save (button 3) writes the replay as `replay-LEVEL-NAME-SCORE`, the text
/// `arkanong replay` plays; the shell's answer says where, or why not.
#[test]
fn a_saved_replay_is_the_replays_text_named_by_level_player_and_score() {
    let mut state = watching();
    state.take_output();
    let out = state.frame(&input(8, &[MenuInput::Pick(3)]));
    let save = (out.saves.iter())
        .find(|s| s.name == "replay-ABCDEF-Ann-40")
        .unwrap_or_else(|| panic!("{:?}", out.saves));
    assert_eq!(Replay::parse(&save.text).unwrap(), tiny_game());
    state.record_written("replay-ABCDEF-Ann-40", Ok(()));
    let out = state.take_output();
    let said = out.console.join("\n");
    assert!(
        said.contains("Replay saved: ") && said.contains("replay-ABCDEF-Ann-40.txt"),
        "{said}"
    );
    state.record_written("replay-ABCDEF-Ann-40", Err("disk full".into()));
    let said = state.take_output().console.join("\n");
    assert!(said.contains("Replay not saved: disk full"), "{said}");
    assert_eq!(state.screen(), Screen::Playing, "still watching");
}

/// A replay file (`arkanong --replay FILE`) plays with the bar to its hash;
/// a broken one (garbage, cut short, a level that does not load, empty) is
/// said and nothing is written, the title left as it was.
#[test]
fn a_replay_file_plays_and_a_broken_one_costs_nothing() {
    let (mut state, _) = app(one_level);
    state.take_output();
    let good = tiny_game().to_text();
    let cut = &good[..good.len() / 2];
    let bad_level = good.replacen("[bricks]", "[nonsense]", 1);
    for (text, why) in [
        ("garbage\n\u{0}\u{ff}", "does not read"),
        (cut, "does not read"),
        (bad_level.as_str(), "does not"),
        ("", "does not read"),
    ] {
        state.open_replay(text, "broken.txt");
        let out = state.take_output();
        assert_eq!(state.screen(), Screen::Title, "{text:?}");
        assert!(out.saves.is_empty(), "{:?}", out.saves);
        let said = out.console.join("\n");
        assert!(said.contains(why) && said.contains("broken.txt"), "{said}");
    }
    state.open_replay(&good, "/tmp/replay-ABCDEF-Ann-40.txt");
    assert_eq!(state.screen(), Screen::Playing);
    let banner = state.game_banner().unwrap();
    assert!(
        banner.starts_with("REPLAY of replay-ABCDEF-Ann-40's game"),
        "{banner}"
    );
    run_out(&mut state, 1, 60 * 200);
    let hash = state.session.as_ref().unwrap().game.state_hash();
    assert_eq!(hash, tiny_game().final_hash);
}

/// Issue 45 item 5, the ghost: "Race the top score" on a level's page fetches
/// the top score's replay and plays the level solo from its seed, the ghost's
/// game stepped beside the player's, step for step; the player's game is the
/// one its own inputs make without any ghost (its hash that of a fresh game fed
/// the kept inputs), and its score can still be submitted.
#[test]
fn racing_the_top_score_runs_its_ghost_beside_a_game_it_never_touches() {
    let (mut state, heard) = picked_on_the_page(anns_score(tiny_game()), Row::Race);
    state.frame(&input(6, &[]));
    let status = state.community().map(|c| c.status.clone());
    assert_eq!(state.screen(), Screen::Playing, "{status:?}");
    let asked = heard
        .borrow()
        .iter()
        .any(|r| r.path == "/gallery/scores/7/replay");
    assert!(asked, "the top score's replay is fetched");
    let anns = tiny_game();
    let s = state.session.as_ref().unwrap();
    assert!(s.ghost.is_some() && s.watch.is_none() && s.history.is_some());
    assert_eq!(state.community_game.as_ref().unwrap().seed, anns.seed);
    // The player steers right the whole time (not the ghost's way).
    let mut k = 10;
    while k < 2000 && state.screen() == Screen::Playing {
        let mut frame = input(k, &[]);
        frame.hands.keys_down = vec!["Right"];
        state.frame(&frame);
        k += 1;
        let s = state.session.as_ref().unwrap();
        let ghost = s.ghost.as_ref().unwrap();
        if ghost.game.outcome().is_none() {
            assert_eq!(ghost.game.steps(), s.game.steps(), "step for step");
        }
        if k == 300 {
            assert!(state.game_banner().unwrap().starts_with("GHOST of Ann: "));
        }
    }
    let s = state.session.as_ref().unwrap();
    let ghost = s.ghost.as_ref().unwrap();
    assert_eq!(
        ghost.game.state_hash(),
        anns.final_hash,
        "the ghost is Ann's game"
    );
    // The same inputs on a game with no ghost: the same state.
    let level = Level::parse(TINY).unwrap();
    let mut alone = Game::new(&level, Mode::Solo, anns.seed);
    for inputs in s.history.as_ref().unwrap() {
        alone.step(inputs);
    }
    assert!(s.game.steps() > 100);
    assert_eq!(alone.state_hash(), s.game.state_hash());
    assert_ne!(s.game.state_hash(), ghost.game.state_hash(), "two games");
}

/// A level with no scores has no ghost to race: said, nothing starts.
#[test]
fn racing_a_level_with_no_scores_says_so() {
    let no_scores = |r: &ApiRequest| match r.path.split('?').next().unwrap_or_default() {
        "/gallery/levels/ABCDEF/scores" => Ok((200, r#"{"scores": []}"#.into())),
        _ => one_level(r),
    };
    let (state, _) = picked_on_the_page(no_scores, Row::Race);
    assert_eq!(state.screen(), Screen::Community);
    let c = state.community().unwrap();
    assert!(c.status.contains("no ghost"), "{}", c.status);
}

/// A top score whose replay carries the level as the game writes it (as
/// `arkanong sim --record` and every `Replay::record` do) while the level's
/// page has it as its author typed it: one level, raced (it said "of another
/// version" when the texts differed by a quote or a space).
#[test]
fn racing_a_replay_that_writes_the_level_its_own_way_runs_its_ghost() {
    let written = Replay {
        level_text: Level::parse(TINY).unwrap().to_text(),
        ..tiny_game()
    };
    assert_ne!(written.level_text, TINY, "the test needs two forms");
    let (mut state, _) = picked_on_the_page(anns_score(written), Row::Race);
    state.frame(&input(6, &[]));
    let status = state.community().map(|c| c.status.clone());
    assert_eq!(state.screen(), Screen::Playing, "{status:?}");
    assert!(state.session.as_ref().unwrap().ghost.is_some());
}
