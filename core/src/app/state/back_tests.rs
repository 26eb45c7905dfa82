//! The browser's Back (`FrameInput::backs`, what web/history.js counts on
//! popstate), screen by screen, headless (issue 47): one step back, never a
//! loss; and Escape (`MenuInput::Back`) still means what it meant.

use super::tests::Clock;
use super::{AppState, FrameInput, FrameOutput, LoadedRecords, Start};
use crate::app::editor::{Store, RECORD};
use crate::app::input::MenuInput;
use crate::app::menus::{Item, Screen};
use crate::app::records::{LevelEntry, Way};
use crate::level::Level;

/// A solo level whose ball waits on the paddle: nothing is scored or lost
/// until the player serves.
const QUIET: &str = "mode = solo\n[bricks]\n111\n";

/// A solo level lost in a few seconds with a point scored (see `tests.rs`).
const LOSING: &str = "mode = solo\nlives = 1\n[bricks]\n1111111111\n[balls]\nball at 240,700 velocity 0,-700 owner bottom\n";

/// The app on one level of `text`, at the title, with its clock.
fn app(text: &str) -> (AppState, Clock) {
    let level = LevelEntry {
        label: "a.txt".to_owned(),
        set: String::new(),
        level: Level::parse(text).expect("the test's level is valid"),
        path: None,
        shipped: true,
    };
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    let state = AppState::new(
        start,
        vec![level],
        LoadedRecords::default(),
        super::Seams::offline(),
    );
    (state, Clock::default())
}

impl Clock {
    /// One browser Back, as popstate sends it, a frame after the last.
    fn back(&mut self, state: &mut AppState) -> FrameOutput {
        let input = FrameInput {
            backs: 1,
            ..self.input(&[])
        };
        state.frame(&input)
    }

    /// A frame with `commands` and no Back.
    fn press(&mut self, state: &mut AppState, commands: &[MenuInput]) -> FrameOutput {
        state.frame(&self.input(commands))
    }
}

/// Title, Play, Solo, the first level: a game of it shows.
fn start_solo(state: &mut AppState, clock: &mut Clock) {
    clock.press(state, &[MenuInput::Confirm]);
    clock.press(state, &[MenuInput::Pick(0)]);
    clock.press(state, &[MenuInput::Pick(0)]);
    assert_eq!(state.screen(), Screen::Playing);
}

#[test]
fn browser_back_in_a_game_pauses_then_asks_before_leaving_it() {
    let (mut state, mut clock) = app(QUIET);
    start_solo(&mut state, &mut clock);
    clock.back(&mut state);
    assert_eq!(state.screen(), Screen::Paused);
    clock.back(&mut state);
    assert_eq!(state.screen(), Screen::LeaveConfirm);
    assert!(state.session.is_some(), "asking keeps the game");
    assert_eq!(state.menu.selected, 0, "No is first under the finger");
    clock.back(&mut state);
    assert_eq!(
        state.screen(),
        Screen::Paused,
        "a third Back: one step back"
    );
    clock.back(&mut state);
    clock.press(&mut state, &[MenuInput::Pick(0)]);
    assert_eq!(state.screen(), Screen::Paused, "No stays paused");
    assert!(state.session.is_some());
    clock.back(&mut state);
    clock.press(&mut state, &[MenuInput::Pick(1)]);
    assert_eq!(state.screen(), Screen::Title, "Yes leaves the game");
    assert!(state.session.is_none());
}

#[test]
fn escape_on_the_pause_menu_still_resumes() {
    let (mut state, mut clock) = app(QUIET);
    start_solo(&mut state, &mut clock);
    clock.press(&mut state, &[MenuInput::Back]);
    assert_eq!(state.screen(), Screen::Paused);
    clock.press(&mut state, &[MenuInput::Back]);
    assert_eq!(state.screen(), Screen::Playing);
}

/// A game of [`LOSING`] played to its end: the name entry shows.
fn lose_to_the_name_entry(state: &mut AppState, clock: &mut Clock) {
    start_solo(state, clock);
    for _ in 0..60 * 60 {
        if clock.press(state, &[]).game_over {
            break;
        }
    }
    assert_eq!(state.screen(), Screen::NameEntry);
    // Past the guard that keeps a key held from the game from typing.
    for _ in 0..60 {
        clock.press(state, &[]);
    }
}

#[test]
fn browser_back_on_the_name_entry_saves_the_score_under_the_name_shown() {
    let (mut state, mut clock) = app(LOSING);
    lose_to_the_name_entry(&mut state, &mut clock);
    let score = state.session.as_ref().unwrap().run_total();
    let out = clock.back(&mut state);
    assert!(
        out.saves.iter().any(|s| s.name == "scores"),
        "the score is written"
    );
    let best = state
        .shared
        .scores
        .table("", Way::Solo)
        .next()
        .expect("saved");
    assert_eq!((best.name.as_str(), best.score), ("AAA", score));
    assert_eq!(state.screen(), Screen::GameOver, "as Save goes on");
}

#[test]
fn escape_on_the_name_entry_still_skips_the_score() {
    let (mut state, mut clock) = app(LOSING);
    lose_to_the_name_entry(&mut state, &mut clock);
    let out = clock.press(&mut state, &[MenuInput::Back]);
    assert!(!out.saves.iter().any(|s| s.name == "scores"));
    assert_eq!(state.shared.scores.table("", Way::Solo).next(), None);
}

#[test]
fn browser_back_on_each_menu_screen_does_what_its_back_item_does() {
    let screens = [
        Screen::ModeSelect,
        Screen::DifficultySelect,
        Screen::LevelSelect,
        Screen::HighScores,
        Screen::Settings,
        Screen::Controls,
        Screen::Juice,
        Screen::Keys,
    ];
    for screen in screens {
        let on = |screen| {
            let (mut state, clock) = app(QUIET);
            state.menu.screen = screen;
            (state, clock)
        };
        let (mut by_item, mut clock) = on(screen);
        let at = (by_item.menu.entries().iter())
            .position(|&i| i == Item::Back)
            .expect("the screen has a Back item");
        clock.press(&mut by_item, &[MenuInput::Pick(at)]);
        let (mut by_back, mut clock) = on(screen);
        clock.back(&mut by_back);
        assert_ne!(by_back.screen(), screen, "{screen:?}: Back went nowhere");
        assert_eq!(by_back.screen(), by_item.screen(), "from {screen:?}");
    }
}

#[test]
fn browser_back_in_the_lab_leaves_it() {
    let (mut state, mut clock) = app(QUIET);
    state.enter(Screen::Lab);
    assert!(state.lab().is_some());
    clock.back(&mut state);
    assert_eq!(state.screen(), Screen::Title);
    assert!(state.lab().is_none(), "its state goes");
}

/// The editor on the record with its level changed (a new title), the change's
/// keeping in the record answered.
fn edited(state: &mut AppState, clock: &mut Clock) {
    state.open_editor(Store::Record(RECORD), None);
    let e = state.editor_mut().unwrap();
    assert!(e.editor.set_setting("title", "Mine"));
    let out = clock.press(state, &[]);
    assert!(
        out.saves.iter().any(|s| s.name == RECORD),
        "kept on the edit"
    );
}

#[test]
fn browser_back_in_the_editor_leaves_once_its_level_is_saved() {
    let (mut state, mut clock) = app(QUIET);
    edited(&mut state, &mut clock);
    let out = clock.back(&mut state);
    assert!(
        out.saves.iter().any(|s| s.name == RECORD),
        "Back asks for the save"
    );
    assert_eq!(state.screen(), Screen::Editor, "not before it is done");
    state.record_written(RECORD, Ok(()));
    assert_eq!(state.screen(), Screen::Editor, "the edit's keeping");
    state.record_written(RECORD, Ok(()));
    assert_eq!(state.screen(), Screen::Title, "saved: the editor leaves");
    state.enter(Screen::Editor);
    let e = state.editor().expect("kept while elsewhere");
    assert!(e.editor.text().contains("Mine") && !e.editor.is_dirty());
}

#[test]
fn browser_back_in_the_editor_stays_when_its_save_fails() {
    let (mut state, mut clock) = app(QUIET);
    edited(&mut state, &mut clock);
    clock.back(&mut state);
    state.record_written(RECORD, Ok(()));
    state.record_written(RECORD, Err("storage full".to_owned()));
    assert_eq!(state.screen(), Screen::Editor, "nothing is lost");
    clock.press(&mut state, &[]);
    assert_eq!(
        state.screen(),
        Screen::Editor,
        "and it does not leave later"
    );
}

#[test]
fn browser_back_in_a_saved_editor_leaves_at_once_and_in_test_play_returns_to_it() {
    let (mut state, mut clock) = app(QUIET);
    state.open_editor(Store::Record(RECORD), Some(QUIET));
    let e = state.editor_mut().unwrap();
    e.play = Some(crate::app::editor::TestPlay::new(
        &Level::parse(QUIET).unwrap(),
        crate::app::play::PlayMode::Solo,
    ));
    clock.back(&mut state);
    let e = state.editor().unwrap();
    assert!(e.play.is_none(), "test-play stopped");
    assert_eq!(state.screen(), Screen::Editor);
    clock.back(&mut state);
    assert_eq!(state.screen(), Screen::Title);
}

#[cfg(feature = "online")]
#[test]
fn browser_back_in_an_online_match_asks_and_the_match_goes_on() {
    use crate::app::online::Page;
    let (mut state, mut clock) = app(QUIET);
    state.enter(Screen::Online);
    state.online_mut().unwrap().lobby.playing();
    clock.back(&mut state);
    let lobby = &state.online().expect("still online").lobby;
    assert_eq!((lobby.page, lobby.asking_leave), (Page::Playing, true));
    assert_eq!(lobby.items(), ["Keep playing", "Leave"]);
    clock.press(&mut state, &[MenuInput::Pick(0)]);
    let lobby = &state.online().unwrap().lobby;
    assert_eq!((lobby.page, lobby.asking_leave), (Page::Playing, false));
    clock.back(&mut state);
    clock.back(&mut state);
    let lobby = &state.online().unwrap().lobby;
    assert!(!lobby.asking_leave, "a second Back closes the question");
    clock.back(&mut state);
    clock.press(&mut state, &[MenuInput::Pick(1)]);
    let lobby = &state.online().unwrap().lobby;
    assert_eq!(lobby.page, Page::Choose, "Leave left the match");
    clock.back(&mut state);
    assert_eq!(state.screen(), Screen::Title, "Choose's Back: the title");
}

#[cfg(feature = "online")]
#[test]
fn a_tap_on_leave_in_an_online_match_reaches_the_lobby() {
    use crate::app::online::Page;
    let (mut state, mut clock) = app(QUIET);
    state.enter(Screen::Online);
    state.online_mut().unwrap().lobby.playing();
    clock.press(&mut state, &[MenuInput::Pick(0)]);
    assert_eq!(state.online().unwrap().lobby.page, Page::Choose);
}
