//! The editor screen's flows, headless: what only the Xvfb session could check
//! before (title → editor → a brick → test-play → back → title → editor again,
//! and saving to a record or a file).

use glam::Vec2;

use super::{AppState, FrameInput, FrameOutput, LoadedRecords, RecordSave, Start};
use crate::app::editor::{
    Button, EditorCommand, EditorInput, EditorPointer, EditorWrite, Store, TextWatch, RECORD,
};
use crate::app::input::{Action, Hands, KeySet, MenuInput};
use crate::app::menus::{Item, Screen};
use crate::app::records::{LevelEntry, Settings};
use crate::game::Intent;
use crate::level::{Level, Side};

/// One frame at 60 Hz, seconds.
const FRAME: f64 = 1.0 / 60.0;

/// The app on one shipped level, with `settings`, and its clock.
fn app(settings: Settings) -> (AppState, f64) {
    let level = LevelEntry {
        label: "a.txt".to_owned(),
        set: String::new(),
        level: Level::parse("mode = solo\n[bricks]\n111\n").unwrap(),
        path: None,
        shipped: true,
    };
    let loaded = LoadedRecords {
        settings,
        ..LoadedRecords::default()
    };
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    (
        AppState::new(start, vec![level], loaded, super::Seams::offline()),
        0.0,
    )
}

/// A frame after the last, with the menus' `commands`, the editor's `editor`
/// input and the player's `hands`.
fn frame(
    state: &mut AppState,
    now: &mut f64,
    commands: &[MenuInput],
    editor: EditorInput,
    hands: Hands,
) -> FrameOutput {
    *now += FRAME;
    state.frame(&FrameInput {
        now: *now,
        dt: FRAME as f32,
        commands: commands.to_vec(),
        gesture: !commands.is_empty(),
        editor,
        hands,
        ..FrameInput::default()
    })
}

/// The editor's keys: `buttons` pressed this frame.
fn press(buttons: &[Button]) -> EditorInput {
    EditorInput {
        commands: buttons.iter().map(|&b| EditorCommand::Press(b)).collect(),
        ..EditorInput::default()
    }
}

/// A click (press and release within one frame) at `at`, arena units.
fn click(at: Vec2) -> EditorInput {
    EditorInput {
        pointer: EditorPointer {
            pressed: true,
            released: true,
            at,
            ..EditorPointer::default()
        },
        ..EditorInput::default()
    }
}

/// The title menu's "Level editor" item.
fn editor_item(state: &AppState) -> MenuInput {
    let items = state.menu.entries();
    let i = items
        .iter()
        .position(|i| matches!(i, Item::Open(Screen::Editor, _)))
        .expect("the title offers the editor");
    MenuInput::Pick(i)
}

/// The test-play's bottom paddle's x, arena units.
fn paddle_x(state: &AppState) -> f32 {
    let play = state.editor().unwrap().play.as_ref().unwrap();
    let g = &play.session.game;
    let player = g.player(Side::Bottom).unwrap();
    g.world().paddles()[player.paddle.0 as usize].position.x
}

/// The editor's level text.
fn text(state: &AppState) -> String {
    state.editor().unwrap().editor.text()
}

#[test]
fn editor_brick_test_play_with_the_players_keys_and_pads_then_back_as_it_was() {
    let mut settings = Settings::default();
    settings
        .bindings
        .rebind(KeySet::Single, Action::Left, "J")
        .unwrap();
    settings.reduced_motion = true;
    let (mut state, mut now) = app(settings);
    let none = EditorInput::default;

    // Title → the editor: the shell is asked for the record, and hands it over.
    let pick = editor_item(&state);
    let out = frame(&mut state, &mut now, &[pick], none(), Hands::default());
    assert_eq!(state.screen(), Screen::Editor);
    assert!(out.read_editor_record && state.editor().is_none());
    state.open_editor(Store::Record(RECORD), None);

    // A brick painted in the first cell is kept in the record at once.
    let cell = state
        .editor()
        .unwrap()
        .editor
        .doc()
        .level()
        .brick_rect(0, 0);
    let out = frame(
        &mut state,
        &mut now,
        &[],
        click(cell.center()),
        Hands::default(),
    );
    let painted = text(&state);
    let level = state.editor().unwrap().editor.doc().level();
    assert!(level.bricks.get(0, 0).is_some(), "{painted}");
    let want = RecordSave {
        name: RECORD.into(),
        text: painted.clone(),
    };
    assert_eq!(out.saves, [want]);
    let levels = state.shared.levels.len();
    state.record_written(RECORD, Ok(()));
    assert!(!state.editor().unwrap().editor.is_dirty());
    assert_eq!(
        state.shared.levels.len(),
        levels + 1,
        "the level select has it at once"
    );

    // Test-play (versus): the rebound key steers, the default one no longer does.
    frame(
        &mut state,
        &mut now,
        &[],
        press(&[Button::PlayVersus]),
        Hands::default(),
    );
    let keys = |k: &'static str| Hands {
        keys_down: vec![k],
        ..Hands::default()
    };
    let mut steer = |state: &mut AppState, hands: Hands| {
        let from = paddle_x(state);
        let mut steps = 0;
        for _ in 0..30 {
            let out = frame(state, &mut now, &[], none(), hands.clone());
            let played = out.editor.played.expect("test-play steps");
            assert!(played.reduced_motion, "the player's motion setting");
            steps += played.steps;
        }
        assert!(steps >= 29, "{steps} steps in 30 frames");
        paddle_x(state) - from
    };
    assert!(steer(&mut state, keys("J")) < -10.0, "J moves left");
    assert_eq!(steer(&mut state, keys("Left")), 0.0, "Left is not bound");
    let mut pad = Hands::default();
    pad.pads[0] = Intent {
        dx: 1,
        ..Intent::IDLE
    };
    assert!(steer(&mut state, pad) > 10.0, "the pad moves right");

    // Back (Esc): the editor exactly as it was; Esc again: the title.
    frame(
        &mut state,
        &mut now,
        &[],
        press(&[Button::Back]),
        Hands::default(),
    );
    let e = state.editor().unwrap();
    assert!(e.play.is_none());
    assert_eq!(
        (state.screen(), text(&state)),
        (Screen::Editor, painted.clone())
    );
    frame(
        &mut state,
        &mut now,
        &[],
        press(&[Button::Back]),
        Hands::default(),
    );
    assert_eq!(state.screen(), Screen::Title);

    // Returning finds it as it was, with no record read again.
    let out = frame(&mut state, &mut now, &[pick], none(), Hands::default());
    assert_eq!(state.screen(), Screen::Editor);
    assert!(!out.read_editor_record);
    assert_eq!(text(&state), painted);
}

#[test]
fn editor_saves_a_file_through_the_shell_and_says_how_it_went() {
    let (mut state, mut now) = app(Settings::default());
    let path = std::env::temp_dir().join("arkanong-editor-state-test-never-written.txt");
    let store = Store::File(TextWatch::new(&path, state.files()));
    state.open_editor(store, Some("title = \"Mine\"\n[bricks]\n1.\n"));
    assert_eq!(state.screen(), Screen::Editor);
    let none = EditorInput::default;

    // An edit is not written until it is saved (a file's level is not kept on
    // every edit); Ctrl+S asks the shell to write the file.
    let out = frame(
        &mut state,
        &mut now,
        &[],
        press(&[Button::Snap, Button::Redo]),
        Hands::default(),
    );
    assert!(out.saves.is_empty() && out.editor.writes.is_empty());
    assert_eq!(out.editor.says, ["nothing to redo"]);
    // A brick in the empty second cell.
    let level = state.editor().unwrap().editor.doc().level();
    let input = click(level.brick_rect(0, 1).center());
    frame(&mut state, &mut now, &[], input, Hands::default());
    assert!(state.editor().unwrap().editor.is_dirty());
    let out = frame(
        &mut state,
        &mut now,
        &[],
        press(&[Button::Save]),
        Hands::default(),
    );
    assert!(out.saves.is_empty(), "a file is not a record");
    let [write] = &out.editor.writes[..] else {
        panic!("one write: {:?}", out.editor.writes);
    };
    let EditorWrite::File {
        path: to,
        text: written,
    } = write
    else {
        panic!("a file write: {write:?}");
    };
    assert_eq!((to, written), (&path, &text(&state)));

    // The write failed: said, and the level stays unsaved; then it worked.
    state.editor_written(write, Err("disk full".to_owned()));
    let out = frame(&mut state, &mut now, &[], none(), Hands::default());
    assert_eq!(out.editor.says, ["could not save: disk full"]);
    assert!(state.editor().unwrap().editor.is_dirty());
    let out = frame(
        &mut state,
        &mut now,
        &[],
        press(&[Button::Save]),
        Hands::default(),
    );
    state.editor_written(&out.editor.writes[0], Ok(()));
    let out = frame(&mut state, &mut now, &[], none(), Hands::default());
    assert_eq!(out.editor.says, ["saved"]);
    assert!(!state.editor().unwrap().editor.is_dirty());
    assert!(!path.exists(), "the state never writes a file itself");
}

#[test]
fn a_picked_set_file_is_kept_and_listed_as_the_players_set() {
    let (mut state, mut now) = app(Settings::default());
    let none = EditorInput::default;
    let pick = editor_item(&state);
    frame(&mut state, &mut now, &[pick], none(), Hands::default());
    state.open_editor(Store::Record(RECORD), None);
    let before = text(&state);
    let level = "mode = solo\n[bricks]\n111\n";
    let bundle = format!(
        "=== file set.txt\ntitle = \"Corner Shots\"\n=== file 02_b.txt\n{level}=== file 01_a.txt\n{level}=== file 03_bad.txt\nnonsense\n"
    );
    let input = EditorInput {
        picked: Some(("mine.txt".into(), bundle.clone())),
        ..EditorInput::default()
    };
    let out = frame(&mut state, &mut now, &[], input, Hands::default());
    assert_eq!(text(&state), before, "the open level stays");
    let said = out.editor.says.join("\n");
    assert!(
        said.contains("imported the set corner_shots: 2 levels (1 with errors"),
        "{said}"
    );
    // (The editor's own record may be kept in the same frame.)
    let sets: Vec<&RecordSave> = (out.saves.iter())
        .filter(|s| s.name.starts_with("set"))
        .collect();
    let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["set.corner_shots", "sets"]);
    assert_eq!(sets[0].text, bundle);
    assert_eq!(sets[1].text, "corner_shots\n");
    let labels: Vec<&str> = (state.shared.levels.iter())
        .filter(|l| l.set == "corner_shots")
        .map(|l| l.label.as_str())
        .collect();
    assert_eq!(labels, ["corner_shots/01_a.txt", "corner_shots/02_b.txt"]);
    assert!(state
        .menu
        .sets
        .iter()
        .any(|s| s.title == "Corner Shots" || s.key == "corner_shots"));
    // A text that is no set and no level is said, and nothing is kept.
    let input = EditorInput {
        picked: Some(("x.txt".into(), "=== file ../x.txt\n".into())),
        ..EditorInput::default()
    };
    let out = frame(&mut state, &mut now, &[], input, Hands::default());
    assert!(!out.saves.iter().any(|s| s.name.starts_with("set")));
    assert!(
        out.editor.says.join("").contains("is not a set"),
        "{:?}",
        out.editor.says
    );
}
