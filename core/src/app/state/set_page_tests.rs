//! The editor's set page in the app's frame, headless: a new set made with the
//! level being edited, a second level saved into it, the order changed, the
//! set test-played and exported; each write asked of the shell and, once
//! answered, the set in the Play menu's set list with its levels in order.

use std::path::PathBuf;

use super::{AppState, FrameInput, FrameOutput, LoadedRecords, Start};
use crate::app::editor::{
    Button, EditorCommand, EditorInput, EditorWrite, FieldFrame, SetButton, SetCommand, Store,
    RECORD,
};
use crate::app::input::MenuInput;
use crate::app::menus::{level_line, Screen};
use crate::app::records::{LevelEntry, PlayerSets, Progress, Record, SetHome, Way};
use crate::level::{read_set_bundle, Level};

const FRAME: f64 = 1.0 / 60.0;

fn level(title: &str) -> String {
    format!("title = \"{title}\"\nmode = solo\n[bricks]\n111\n")
}

/// The app on one shipped level, its editor open on the title menu's record.
fn app() -> AppState {
    let entry = LevelEntry {
        label: "a.txt".to_owned(),
        set: String::new(),
        level: Level::parse(&level("A")).unwrap(),
        path: None,
        shipped: true,
    };
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    let mut state = AppState::new(
        start,
        vec![entry],
        LoadedRecords::default(),
        super::Seams::offline(),
    );
    state.open_editor(Store::Record(RECORD), Some(&level("Warm Up")));
    state
}

/// A frame with `editor` input (and the pads' `pads`); its writes answered
/// as the shell would, all kept. Returns the frame's output and the writes.
fn frame(
    state: &mut AppState,
    now: &mut f64,
    editor: EditorInput,
    pads: &[MenuInput],
) -> (FrameOutput, Vec<EditorWrite>) {
    *now += FRAME;
    let out = state.frame(&FrameInput {
        now: *now,
        dt: FRAME as f32,
        editor,
        pad_commands: pads.to_vec(),
        ..FrameInput::default()
    });
    let writes = out.editor.writes.clone();
    for w in &writes {
        state.editor_written(w, Ok(()));
    }
    (out, writes)
}

fn press(b: SetButton) -> EditorInput {
    EditorInput {
        set_commands: vec![SetCommand::Press(b)],
        ..EditorInput::default()
    }
}

fn says(state: &mut AppState) -> String {
    state.take_output().editor.says.join("\n")
}

fn labels(state: &AppState, set: &str) -> Vec<String> {
    (state.shared.levels.iter())
        .filter(|l| l.set == set)
        .map(|l| l.label.clone())
        .collect()
}

/// Opens the set page on a player with no sets and makes "Corner Shots" by
/// `+ new set` and a typed title: the set's folder, written and listed in the
/// Play menu. Returns the data folder's `levels`.
fn make_corner_shots(state: &mut AppState, now: &mut f64) -> PathBuf {
    let folder = PathBuf::from("/nowhere/data/levels");
    // `sets` (the palette, or L): the shell reads the player's sets (none yet).
    let open = EditorInput {
        commands: vec![EditorCommand::Press(Button::Sets)],
        player_sets: Some(PlayerSets {
            sets: Vec::new(),
            folder: Some(folder.clone()),
        }),
        ..EditorInput::default()
    };
    frame(state, now, open, &[]);
    let page = state.editor().unwrap().set_page.as_ref().unwrap();
    assert!(page.read && page.sets.sets.is_empty());
    // + new set, a title typed (as a phone's page box hands it), Enter.
    frame(state, now, press(SetButton::NewSet), &[]);
    let typed = EditorInput {
        typing: FieldFrame {
            replace: Some("Corner Shots".into()),
            enter: true,
            ..FieldFrame::default()
        },
        ..EditorInput::default()
    };
    let (out, writes) = frame(state, now, typed, &[]);
    let [EditorWrite::Set(set)] = writes.as_slice() else {
        panic!("one set write: {writes:?}");
    };
    assert_eq!(set.home, SetHome::Folder(folder.join("corner_shots")));
    assert_eq!(set.levels[0].name, "01_warm_up.txt");
    assert!(
        !out.saves.iter().any(|s| s.name.starts_with("set")),
        "a folder set is no record"
    );
    assert!(says(state).contains("made the set Corner Shots, saved Warm Up as level 1"));
    assert_eq!(
        labels(state, "corner_shots"),
        ["corner_shots/01_warm_up.txt"]
    );
    assert!(
        state
            .menu
            .sets
            .iter()
            .any(|s| s.key == "corner_shots" && !s.shipped),
        "the Play menu's set list has it: {:?}",
        state.menu.sets
    );
    let entry = state
        .shared
        .levels
        .iter()
        .find(|l| l.set == "corner_shots")
        .unwrap();
    assert_eq!(
        entry.path,
        Some(folder.join("corner_shots").join("01_warm_up.txt"))
    );
    folder
}

#[test]
fn a_set_made_in_the_editor_is_listed_in_the_play_menu() {
    let mut state = app();
    let mut now = 0.0;
    make_corner_shots(&mut state, &mut now);
    // Leaving the page and coming back finds the set again on the next read.
    assert!(state.shared.levels.iter().any(|l| l.set == "corner_shots"));
}

/// The app with the "Corner Shots" set made in the editor and a second level,
/// "Finale", saved into it after the first; and the clock.
fn corner_shots_and_a_finale() -> (AppState, f64) {
    let mut state = app();
    let mut now = 0.0;
    make_corner_shots(&mut state, &mut now);
    let e = state.editor_mut().unwrap();
    assert!(e.editor.replace_text(&level("Finale")));
    frame(&mut state, &mut now, press(SetButton::SaveHere), &[]);
    (state, now)
}

#[test]
fn a_set_made_in_the_editor_keeps_its_order_exports_plays_and_removes() {
    // A second level saved into the set, then moved first (Shift+Up).
    let (mut state, mut now) = corner_shots_and_a_finale();
    assert_eq!(
        labels(&state, "corner_shots"),
        ["corner_shots/01_warm_up.txt", "corner_shots/02_finale.txt"]
    );
    frame(&mut state, &mut now, press(SetButton::MoveUp), &[]);
    assert!(says(&mut state).contains("moved Finale to place 1"));
    assert_eq!(
        labels(&state, "corner_shots"),
        ["corner_shots/01_finale.txt", "corner_shots/02_warm_up.txt"]
    );
    let titles: Vec<&str> = (state.shared.levels.iter())
        .filter(|l| l.set == "corner_shots")
        .map(|l| l.level.title.as_str())
        .collect();
    assert_eq!(titles, ["Finale", "Warm Up"], "play order");

    // A pad walks the page: down to the second level, which becomes current.
    frame(
        &mut state,
        &mut now,
        EditorInput::default(),
        &[MenuInput::Down],
    );
    let page = state.editor().unwrap().set_page.as_ref().unwrap();
    assert_eq!((page.focus, page.row), (1, 1));

    // Export: one bundle file in the data folder's exports, read back whole.
    let (_, writes) = frame(&mut state, &mut now, press(SetButton::Export), &[]);
    let [EditorWrite::SetFile { path, text }] = writes.as_slice() else {
        panic!("one export: {writes:?}");
    };
    assert_eq!(
        path,
        &PathBuf::from("/nowhere/data/exports/corner_shots_set.txt")
    );
    let files = read_set_bundle(text).unwrap();
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["set.txt", "01_finale.txt", "02_warm_up.txt"]);

    // Test-play from the current level (Warm Up, the last): it plays, and
    // Back returns to the editor with the page as it was.
    frame(&mut state, &mut now, press(SetButton::PlaySolo), &[]);
    let e = state.editor().unwrap();
    let play = e.play.as_ref().expect("the set plays");
    assert_eq!(play.session.game.level().title, "Warm Up");
    assert!(e.run.as_ref().unwrap().line().contains("2/2: Warm Up"));
    let back = EditorInput {
        commands: vec![EditorCommand::Press(Button::Back)],
        ..EditorInput::default()
    };
    frame(&mut state, &mut now, back, &[]);
    let e = state.editor().unwrap();
    assert!(e.play.is_none() && e.run.is_none() && e.set_page.is_some());
    assert_eq!(state.screen(), Screen::Editor);

    // Remove the current level: the set keeps one, renumbered.
    frame(&mut state, &mut now, press(SetButton::Remove), &[]);
    assert_eq!(
        labels(&state, "corner_shots"),
        ["corner_shots/01_finale.txt"]
    );
}

/// The entry of the level titled `title` in the level list.
fn entry<'a>(state: &'a AppState, title: &str) -> &'a LevelEntry {
    (state.shared.levels.iter())
        .find(|l| l.level.title == title)
        .unwrap_or_else(|| panic!("{title} is listed"))
}

#[test]
fn a_best_stays_with_its_level_when_the_editor_reorders_the_set() {
    let (mut state, mut now) = corner_shots_and_a_finale();
    // Bests on both levels, kept under their entries' keys as a game's end
    // keeps them (`finish_game`), and saved.
    let warm_up = entry(&state, "Warm Up").record_key();
    let finale = entry(&state, "Finale").record_key();
    state.shared.progress.record_best(Way::Solo, &warm_up, 120);
    state.shared.progress.record_best(Way::Solo, &finale, 75);
    let saved = state.shared.progress.to_text();

    // Finale moved first: the files are renamed (`01_finale.txt`,
    // `02_warm_up.txt`), the bests stay with their levels.
    frame(&mut state, &mut now, press(SetButton::MoveUp), &[]);
    assert_eq!(
        labels(&state, "corner_shots"),
        ["corner_shots/01_finale.txt", "corner_shots/02_warm_up.txt"]
    );
    let line = |state: &AppState, title| {
        level_line(entry(state, title), &state.shared.progress, Way::Solo)
    };
    assert_eq!(line(&state, "Warm Up"), "Warm Up   best 120");
    assert_eq!(line(&state, "Finale"), "Finale   best 75");
    // So does the record read back at the next start.
    let progress = Progress::parse(&saved).unwrap();
    let next = entry(&state, "Warm Up");
    assert_eq!(progress.best_of(Way::Solo, &next.record_key()), Some(120));

    // Removing the level before it renumbers it again: its best stays.
    frame(&mut state, &mut now, press(SetButton::Level(0)), &[]);
    frame(&mut state, &mut now, press(SetButton::Remove), &[]);
    assert_eq!(
        labels(&state, "corner_shots"),
        ["corner_shots/01_warm_up.txt"]
    );
    assert_eq!(line(&state, "Warm Up"), "Warm Up   best 120");
}

#[test]
fn an_empty_title_makes_my_set_1_and_a_failed_write_is_said_and_not_listed() {
    let mut state = app();
    let mut now = 0.0;
    let open = EditorInput {
        commands: vec![EditorCommand::Press(Button::Sets)],
        player_sets: Some(PlayerSets::default()),
        ..EditorInput::default()
    };
    frame(&mut state, &mut now, open, &[]);
    frame(&mut state, &mut now, press(SetButton::NewSet), &[]);
    let typed = EditorInput {
        typing: FieldFrame {
            // A finger with no keyboard: Enter on the empty box.
            enter: true,
            ..FieldFrame::default()
        },
        ..EditorInput::default()
    };
    now += FRAME;
    let out = state.frame(&FrameInput {
        now,
        dt: FRAME as f32,
        editor: typed,
        ..FrameInput::default()
    });
    let [EditorWrite::Set(set)] = out.editor.writes.as_slice() else {
        panic!("one set write");
    };
    assert_eq!(
        set.home,
        SetHome::Record,
        "no folder: the browser's storage"
    );
    assert_eq!(
        (set.title(), set.name.as_str()),
        ("My set 1".to_owned(), "my_set_1")
    );
    state.editor_written(
        &out.editor.writes[0],
        Err("the browser's storage is blocked or full".into()),
    );
    assert!(says(&mut state).contains("could not save the set My set 1"));
    assert!(labels(&state, "my_set_1").is_empty());
    let page = state.editor().unwrap().set_page.as_ref().unwrap();
    assert!(page.sets.sets.is_empty() && page.open.is_none());
}
