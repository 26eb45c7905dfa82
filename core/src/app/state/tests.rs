//! The product's flows, headless: what only a window could check before.

use super::{AppState, FrameInput, FrameOutput, KeptRecords, LoadedRecords, RecordSave, Start};
use crate::app::input::MenuInput;
use crate::app::menus::{locked, Item, Screen};
use crate::app::play::{PauseReason, WindowSignal};
use crate::app::records::{
    take_record, HighScores, LevelEntry, Progress, Record, Settings, Taken, Way,
};
use crate::level::Level;

/// One frame at 60 Hz.
const FRAME: f32 = 1.0 / 60.0;

/// A solo level lost in a few seconds with a point scored: the staged ball goes
/// up into the bricks, comes back down far from the idle paddle, and the one
/// life is gone.
fn losing_level(label: &str) -> LevelEntry {
    let text = "mode = solo\nlives = 1\n[bricks]\n1111111111\n[balls]\nball at 240,700 velocity 0,-700 owner bottom\n";
    LevelEntry {
        label: label.to_owned(),
        set: String::new(),
        level: Level::parse(text).unwrap(),
        path: None,
        shipped: true,
    }
}

/// The mode page's first item.
const SOLO: Item = Item::Who(crate::app::play::PlayMode::Solo, "Solo (classic)");

/// A click on `item` on the page showing: picked by what it is, never by its
/// place (the title's order changes; a place would silently pick another).
fn pick(state: &AppState, item: Item) -> MenuInput {
    let entries = state.menu.entries();
    let at = entries.iter().position(|&i| i == item);
    let screen = state.menu.screen;
    MenuInput::Pick(at.unwrap_or_else(|| panic!("{item:?} is not on {screen:?}: {entries:?}")))
}

/// The app on `levels` with `loaded` records, the clock at zero.
fn app(levels: Vec<LevelEntry>, loaded: LoadedRecords) -> (AppState, Clock) {
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    (
        AppState::new(start, levels, loaded, super::Seams::offline()),
        Clock::default(),
    )
}

/// The app's seconds, moved a frame at a time (`back_tests.rs` uses it too).
#[derive(Default)]
pub(super) struct Clock {
    now: f64,
}

impl Clock {
    /// A frame's input with `commands`, a frame after the last.
    pub(super) fn input(&mut self, commands: &[MenuInput]) -> FrameInput {
        self.now += f64::from(FRAME);
        FrameInput {
            now: self.now,
            dt: FRAME,
            gesture: !commands.is_empty(),
            commands: commands.to_vec(),
            ..FrameInput::default()
        }
    }
}

/// Runs frames with no input until `until` says stop (at most a minute of play).
fn idle_until(
    state: &mut AppState,
    clock: &mut Clock,
    mut until: impl FnMut(&AppState, &FrameOutput) -> bool,
) -> Vec<FrameOutput> {
    let mut outs = Vec::new();
    for _ in 0..60 * 60 {
        let out = state.frame(&clock.input(&[]));
        let stop = until(state, &out);
        outs.push(out);
        if stop {
            return outs;
        }
    }
    panic!("still waiting after a minute, on {:?}", state.screen());
}

/// The records as the next start would load them from `saves`.
fn reload(saves: &[RecordSave]) -> LoadedRecords {
    let last = |name: &str| {
        saves
            .iter()
            .rev()
            .find(|s| s.name == name)
            .map_or(&[][..], |s| s.text.as_bytes())
    };
    let (settings, kept_settings) = read::<Settings>(last("settings"));
    let (scores, _) = read::<HighScores>(last("scores"));
    let (progress, _) = read::<Progress>(last("progress"));
    LoadedRecords {
        settings,
        scores,
        progress,
        kept: KeptRecords {
            settings: kept_settings,
            ..KeptRecords::default()
        },
        ..LoadedRecords::default()
    }
}

/// A record read as the game reads it at start-up.
fn read<T: Record>(bytes: &[u8]) -> (T, crate::app::records::KeptLines) {
    match take_record::<T>(bytes) {
        Taken::Read(value, kept) => (value, kept),
        Taken::Unreadable(why) => panic!("a saved record did not read: {why}"),
    }
}

#[test]
fn app_title_to_solo_to_a_lost_game_to_the_name_entry_to_the_high_scores() {
    let (mut state, mut clock) = app(vec![losing_level("lose.txt")], LoadedRecords::default());
    assert_eq!(state.screen(), Screen::Title);
    // Play, Solo, the first level.
    state.frame(&clock.input(&[MenuInput::Confirm]));
    state.frame(&clock.input(&[pick(&state, SOLO)]));
    assert_eq!(state.screen(), Screen::LevelSelect);
    let out = state.frame(&clock.input(&[pick(&state, Item::Level(0))]));
    assert_eq!(state.screen(), Screen::Playing);
    assert_eq!(out.levels_started, [0]);
    let outs = idle_until(&mut state, &mut clock, |_, out| out.game_over);
    assert!(outs
        .iter()
        .any(|o| o.played.as_ref().is_some_and(|p| p.steps > 0)));
    let score = state.session.as_ref().unwrap().run_total();
    assert!(score > 0, "the ball scored on its way up");
    assert_eq!(
        state.screen(),
        Screen::NameEntry,
        "a first score makes the table"
    );

    // A key still held from the game is not taken as a letter.
    state.frame(&clock.input(&[MenuInput::Char('Q')]));
    assert_eq!(state.menu.name.name(), "AAA");
    for _ in 0..60 {
        state.frame(&clock.input(&[]));
    }
    let mut saves = Vec::new();
    for c in ['Z', 'O', 'E'] {
        saves.extend(state.frame(&clock.input(&[MenuInput::Char(c)])).saves);
    }
    saves.extend(state.frame(&clock.input(&[MenuInput::Confirm])).saves);
    assert_eq!(state.screen(), Screen::GameOver);
    let names: Vec<&str> = saves.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["scores", "progress"]);

    // Title, then the High scores show the entry; the next start loads it.
    state.frame(&clock.input(&[pick(&state, Item::EndGame("Title"))]));
    assert_eq!(
        (state.screen(), state.session.is_none()),
        (Screen::Title, true)
    );
    state.frame(&clock.input(&[pick(&state, Item::Open(Screen::HighScores, "High scores"))]));
    assert_eq!(state.screen(), Screen::HighScores);
    let table: Vec<_> = state.shared.scores.table("", Way::Solo).collect();
    assert_eq!((table[0].name.as_str(), table[0].score), ("ZOE", score));
    let (again, _) = app(vec![losing_level("lose.txt")], reload(&saves));
    assert_eq!(
        again.shared.scores.table("", Way::Solo).next(),
        Some(table[0])
    );
    assert_eq!(
        again.menu.name.name(),
        "ZOE",
        "the name entry starts from it"
    );
}

#[test]
fn app_settings_changed_saved_and_loaded_keep_a_line_they_do_not_know() {
    let (settings, kept) = read::<Settings>(b"volume = 7\nfrom_a_newer_build = yes\n");
    let loaded = LoadedRecords {
        settings,
        kept: KeptRecords {
            settings: kept,
            ..KeptRecords::default()
        },
        ..LoadedRecords::default()
    };
    let (mut state, mut clock) = app(vec![losing_level("a.txt")], loaded);
    // Settings; the volume up; down to High contrast and on.
    state.frame(&clock.input(&[pick(&state, Item::Open(Screen::Settings, "Settings"))]));
    assert_eq!(state.screen(), Screen::Settings);
    let out = state.frame(&clock.input(&[MenuInput::Right]));
    assert!(out.settings_changed);
    let contrast = state.menu.items(&[], &state.shared.settings)[4].clone();
    assert_eq!(contrast, "High contrast: off");
    let out2 = state.frame(&clock.input(&[pick(&state, Item::Contrast)]));
    assert_eq!(
        state.menu.items(&[], &state.shared.settings)[4],
        "High contrast: on"
    );
    assert_eq!(
        (
            state.shared.settings.volume,
            state.shared.settings.high_contrast
        ),
        (8, true)
    );
    let saves: Vec<RecordSave> = out.saves.into_iter().chain(out2.saves).collect();
    let last = &saves.last().unwrap().text;
    assert!(last.contains("from_a_newer_build = yes"), "{last}");

    let (again, _) = app(vec![losing_level("a.txt")], reload(&saves));
    assert_eq!(
        (
            again.shared.settings.volume,
            again.shared.settings.high_contrast
        ),
        (8, true)
    );
}

#[test]
fn app_pauses_a_game_when_the_window_loses_focus_and_the_demo_ends_at_a_key() {
    let (mut state, mut clock) = app(vec![losing_level("a.txt")], LoadedRecords::default());
    state.frame(&clock.input(&[MenuInput::Confirm]));
    state.frame(&clock.input(&[pick(&state, SOLO)]));
    state.frame(&clock.input(&[pick(&state, Item::Level(0))]));
    assert_eq!(state.screen(), Screen::Playing);
    let mut input = clock.input(&[]);
    input.window.push(WindowSignal::FocusLost);
    assert!(state.frame(&input).paused_by_window);
    assert_eq!(state.screen(), Screen::Paused);
    assert_eq!(state.menu.paused_because, PauseReason::LookedAway);
    // Resumed, then paused by the player: no reason shown.
    state.frame(&clock.input(&[MenuInput::Pause]));
    assert_eq!(state.screen(), Screen::Playing);
    state.frame(&clock.input(&[MenuInput::Pause]));
    assert_eq!(
        (state.screen(), state.menu.paused_because),
        (Screen::Paused, PauseReason::Asked)
    );

    let start = Start {
        seed: 3,
        demo: true,
        ..Start::default()
    };
    let mut demo = AppState::new(
        start,
        vec![losing_level("a.txt")],
        LoadedRecords::default(),
        super::Seams::offline(),
    );
    let out = demo.frame(&clock.input(&[]));
    assert!(
        out.attract.is_some_and(|a| a.steps > 0),
        "the attract game plays"
    );
    assert!(demo.demo);
    demo.frame(&clock.input(&[MenuInput::Confirm]));
    assert!(!demo.demo, "a key ends the demo");
    assert_eq!(demo.screen(), Screen::Title, "and the key picks nothing");
}

/// The words of the state's menu screen, as the shell writes them.
fn words(state: &AppState) -> crate::app::menus::ScreenText {
    crate::app::menus::screen_text(
        &state.menu,
        &state.shared.levels,
        &state.shared.scores,
        &state.shared.progress,
        state.session.as_ref(),
        &state.shared.settings,
    )
}

#[test]
fn a_skipped_name_is_said_in_the_next_screens_lines_never_over_its_heading() {
    // Issue 40 bug 1: "Score not saved (Esc skips the name)" sat over the next
    // screen's heading ("Game over", the title's subtitle) as a banner.
    let (mut state, mut clock) = app(vec![losing_level("lose.txt")], LoadedRecords::default());
    state.frame(&clock.input(&[MenuInput::Confirm]));
    state.frame(&clock.input(&[pick(&state, SOLO)]));
    state.frame(&clock.input(&[pick(&state, Item::Level(0))]));
    idle_until(&mut state, &mut clock, |_, out| out.game_over);
    assert_eq!(state.screen(), Screen::NameEntry);
    for _ in 0..60 {
        state.frame(&clock.input(&[]));
    }
    state.frame(&clock.input(&[MenuInput::Back]));
    assert_eq!(state.screen(), Screen::GameOver);
    assert_eq!(
        state.shared.banner.shown(clock.now),
        None,
        "no banner over the results' heading"
    );
    let text = words(&state);
    assert_eq!(text.title, "Game over");
    assert_eq!(text.extra[0], "Score not saved (Esc skips the name)");
    // Said on that screen only: the title after it is the title's own.
    state.frame(&clock.input(&[pick(&state, Item::EndGame("Title"))]));
    assert_eq!(state.screen(), Screen::Title);
    assert!(words(&state).extra.is_empty(), "{:?}", words(&state).extra);
}

#[test]
fn three_games_lost_at_a_level_open_the_next_and_the_next_start_keeps_it_open() {
    // Issue 40: "a set never walls a player in".
    let levels = || vec![losing_level("lose.txt"), losing_level("next.txt")];
    let (mut state, mut clock) = app(levels(), LoadedRecords::default());
    let wait = |state: &mut AppState, clock: &mut Clock| {
        for _ in 0..60 {
            state.frame(&clock.input(&[]));
        }
    };
    state.frame(&clock.input(&[MenuInput::Confirm]));
    state.frame(&clock.input(&[pick(&state, SOLO)]));
    assert_eq!(state.screen(), Screen::LevelSelect);
    assert_eq!(locked(&state.menu), [false, true]);
    state.frame(&clock.input(&[pick(&state, Item::Level(0))]));
    let mut saves = Vec::new();
    for tries in 1..=crate::app::play::TRIES_OPEN_NEXT {
        assert_eq!(state.screen(), Screen::Playing);
        let outs = idle_until(&mut state, &mut clock, |_, out| out.game_over);
        saves.extend(outs.into_iter().flat_map(|o| o.saves));
        wait(&mut state, &mut clock);
        if state.screen() == Screen::NameEntry {
            saves.extend(state.frame(&clock.input(&[MenuInput::Back])).saves);
        }
        assert_eq!(state.screen(), Screen::GameOver);
        assert_eq!(state.shared.progress.tries_at("lose.txt"), tries);
        let opened = words(&state)
            .extra
            .iter()
            .any(|l| l == "3 tries: the next level is open now");
        assert_eq!(opened, tries == 3, "said on the third loss only");
        if tries < 3 {
            wait(&mut state, &mut clock);
            state.frame(&clock.input(&[pick(&state, Item::PlayAgain)])); // Play again
        }
    }
    // The level select: the next level is open and says why.
    wait(&mut state, &mut clock);
    state.frame(&clock.input(&[pick(&state, Item::EndGame("Title"))]));
    assert_eq!(state.screen(), Screen::Title);
    state.frame(&clock.input(&[MenuInput::Confirm]));
    state.frame(&clock.input(&[pick(&state, SOLO)]));
    assert_eq!(state.screen(), Screen::LevelSelect);
    assert_eq!(locked(&state.menu), [false, false]);
    let row = |state: &AppState, n: usize| {
        let entries = state.menu.entries();
        let at = entries
            .iter()
            .position(|&i| i == crate::app::menus::Item::Level(n));
        at.unwrap()
    };
    state.menu.selected = row(&state, 1);
    let subtitle = words(&state).subtitle;
    assert!(
        subtitle.ends_with("Opened after 3 tries at the level before"),
        "{subtitle}"
    );
    state.menu.selected = row(&state, 0);
    assert!(!words(&state).subtitle.contains("Opened"));
    // Saved, and the next start reads it: still open.
    let progress = saves.iter().rev().find(|s| s.name == "progress").unwrap();
    assert!(
        progress.text.contains("failed = 3 lose.txt"),
        "{}",
        progress.text
    );
    let (mut again, mut clock) = app(levels(), reload(&saves));
    again.frame(&clock.input(&[MenuInput::Confirm]));
    again.frame(&clock.input(&[pick(&again, SOLO)]));
    assert_eq!(locked(&again.menu), [false, false]);
    assert_eq!(
        again
            .menu
            .levels
            .iter()
            .map(|l| l.after_tries)
            .collect::<Vec<_>>(),
        [false, true]
    );
}

#[test]
fn a_level_file_edited_mid_game_reloads_and_a_broken_one_says_why() {
    use crate::app::level_files::fake::MemoryFiles;
    let files = std::rc::Rc::new(MemoryFiles::default());
    let path = std::path::Path::new("mine/level.txt");
    files.write(path, "title = One\n[bricks]\n11\n");
    let entry = LevelEntry {
        path: Some(path.to_owned()),
        shipped: false,
        ..losing_level("level.txt")
    };
    let start = Start {
        seed: 7,
        named_level: Some(0),
        ..Start::default()
    };
    let seams = super::Seams {
        files: files.clone(),
        ..super::Seams::offline()
    };
    let mut state = AppState::new(start, vec![entry], LoadedRecords::default(), seams);
    let mut clock = Clock::default();
    assert_eq!(state.screen(), Screen::Playing);
    state.frame(&clock.input(&[]));
    files.write(path, "title = Two\n[bricks]\n111\n");
    // The file is looked at four times a second: half a second of play.
    for _ in 0..30 {
        state.frame(&clock.input(&[]));
    }
    assert_eq!(state.shared.levels[0].level.title, "Two");
    assert_eq!(state.session.as_ref().map(|s| s.level_index), Some(0));
    assert!(state.shared.banner.reload_error.is_none());
    files.write(path, "titel = Three\n");
    let mut said = Vec::new();
    for _ in 0..30 {
        said.extend(state.frame(&clock.input(&[])).console);
    }
    let line = "mine/level.txt:1:1: error: unknown setting `titel`";
    assert!(said.iter().any(|l| l.contains(line)), "{said:?}");
    assert_eq!(said.len(), 1, "said once: {said:?}");
    assert!(state.shared.banner.reload_error.is_some());
    assert_eq!(
        state.shared.levels[0].level.title, "Two",
        "the old level stays"
    );
}
