//! The player's sets in the records, headless: progress kept under a set
//! level's old name (its file name with the order number) loads and moves to
//! the level's key; the menus' set list is made from what was read with the
//! level list; an import keeps every set the `sets` record lists (review 8).

use super::{AppState, LoadedRecords, Start};
use crate::app::menus::level_line;
use crate::app::records::{KnownSets, LevelEntry, Progress, Record, SetEntry, Way, SETS_RECORD};
use crate::level::{write_set_bundle, BundledFile, Level, SET_FILE};

fn level(title: &str) -> String {
    format!("title = \"{title}\"\nmode = solo\n[bricks]\n111\n")
}

fn shipped(label: &str, set: &str) -> LevelEntry {
    LevelEntry {
        label: label.to_owned(),
        set: set.to_owned(),
        level: Level::parse(&level(label)).unwrap(),
        path: None,
        shipped: true,
    }
}

fn own(set: &str, file: &str, title: &str) -> LevelEntry {
    LevelEntry {
        label: format!("{set}/{file}"),
        set: set.to_owned(),
        level: Level::parse(&level(title)).unwrap(),
        path: None,
        shipped: false,
    }
}

fn app(levels: Vec<LevelEntry>, loaded: LoadedRecords) -> AppState {
    let start = Start {
        seed: 3,
        ..Start::default()
    };
    AppState::new(start, levels, loaded, super::Seams::offline())
}

fn bundle(title: &str, levels: &[&str]) -> String {
    let info = BundledFile {
        name: SET_FILE.to_owned(),
        text: format!("title = \"{title}\"\n"),
    };
    let files = levels.iter().enumerate().map(|(i, t)| BundledFile {
        name: format!("{:02}_{}.txt", i + 1, t.to_lowercase()),
        text: level(t),
    });
    write_set_bundle(&std::iter::once(info).chain(files).collect::<Vec<_>>())
}

fn saved(state: &mut AppState, name: &str) -> Option<String> {
    let out = state.take_output();
    let save = out.saves.into_iter().rev().find(|s| s.name == name);
    save.map(|s| s.text)
}

#[test]
fn progress_under_a_set_levels_old_name_loads_and_moves_to_its_key() {
    // Saved before keys left the order number out; the shipped sets' lines
    // (root and `angles`) are keys already and stay as they are.
    let old = "name = ABC\ncleared = 01_first.txt\nbest.solo = 50 01_first.txt\n\
               best.solo = 30 angles/03_spin.txt\nbest.solo = 40 corner/02_finale.txt\n\
               best.two-players = 12 corner/02_finale.txt\nbest.solo = 7 gone/01_x.txt\n";
    let loaded = LoadedRecords {
        progress: Progress::parse(old).unwrap(),
        ..LoadedRecords::default()
    };
    let levels = vec![
        shipped("01_first.txt", ""),
        shipped("angles/03_spin.txt", "angles"),
        own("corner", "01_warm_up.txt", "Warm Up"),
        own("corner", "02_finale.txt", "Finale"),
    ];
    let mut state = app(levels, loaded);
    let p = &state.shared.progress;
    assert_eq!(p.best_of(Way::Solo, "corner/finale.txt"), Some(40));
    assert_eq!(p.best_of(Way::TwoPlayers, "corner/finale.txt"), Some(12));
    assert_eq!(p.best_of(Way::Solo, "01_first.txt"), Some(50));
    assert_eq!(p.best_of(Way::Solo, "angles/03_spin.txt"), Some(30));
    assert!(p.cleared.contains("01_first.txt"));
    // A set that did not load this run keeps its line as it was.
    assert_eq!(p.best_of(Way::Solo, "gone/01_x.txt"), Some(7));
    let finale = &state.shared.levels[3];
    assert_eq!(
        level_line(finale, &state.shared.progress, Way::Solo),
        "Finale   best 40"
    );
    // Written back at once under the new key, nothing else lost.
    let text = saved(&mut state, "progress").expect("the moved progress is saved");
    assert!(
        text.contains("best.solo = 40 corner/finale.txt\n"),
        "{text}"
    );
    assert!(!text.contains("corner/02_finale.txt"), "{text}");
    for line in [
        "50 01_first.txt",
        "30 angles/03_spin.txt",
        "7 gone/01_x.txt",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    assert_eq!(Progress::parse(&text).unwrap(), state.shared.progress);
}

#[test]
fn records_that_need_no_move_are_not_written_at_start_up() {
    let loaded = LoadedRecords {
        progress: Progress::parse("best.solo = 40 corner/finale.txt\n").unwrap(),
        ..LoadedRecords::default()
    };
    let mut state = app(vec![own("corner", "02_finale.txt", "Finale")], loaded);
    assert_eq!(saved(&mut state, "progress"), None);
    assert_eq!(
        state
            .shared
            .progress
            .best_of(Way::Solo, &state.shared.levels[0].record_key()),
        Some(40)
    );
}

#[test]
fn the_menus_set_titles_come_from_what_was_read_with_the_level_list() {
    let loaded = LoadedRecords {
        sets: KnownSets {
            entries: vec![SetEntry::player(
                "corner",
                Some("title = \"Corner Shots\"\ndescription = Off the corners.\n"),
            )],
            imported: Ok(Vec::new()),
        },
        ..LoadedRecords::default()
    };
    let levels = vec![shipped("01_first.txt", ""), own("corner", "01_a.txt", "A")];
    let mut state = app(levels, loaded);
    let titles: Vec<&str> = state.menu.sets.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Arkanong", "Corner Shots"]);
    // An imported set is titled from its bundle's set.txt, at once.
    state.import_set("my_duels", &bundle("Duels Deluxe", &["One", "Two"]));
    let titles: Vec<&str> = state.menu.sets.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Arkanong", "Corner Shots", "Duels Deluxe"]);
}

#[test]
fn an_import_keeps_every_set_the_sets_record_lists() {
    // `old` and `broken` are listed, but neither loaded this run (a bundle
    // that did not read, a set this build cannot parse): no level of theirs
    // is in the list.
    let loaded = LoadedRecords {
        sets: KnownSets {
            entries: Vec::new(),
            imported: Ok(vec!["old".to_owned(), "broken".to_owned()]),
        },
        ..LoadedRecords::default()
    };
    let mut state = app(vec![shipped("01_first.txt", "")], loaded);
    state.import_set("my_duels", &bundle("Duels", &["One", "Two"]));
    assert_eq!(
        saved(&mut state, SETS_RECORD).as_deref(),
        Some("old\nbroken\nmy_duels\n")
    );
    let listed: Vec<&str> = (state.shared.levels.iter())
        .map(|l| l.label.as_str())
        .collect();
    assert_eq!(
        listed,
        ["01_first.txt", "my_duels/01_one.txt", "my_duels/02_two.txt"]
    );
    // A second import adds its own name only; importing one again replaces
    // its bundle and lists it once.
    state.import_set("more", &bundle("More", &["Three"]));
    assert_eq!(
        saved(&mut state, SETS_RECORD).as_deref(),
        Some("old\nbroken\nmy_duels\nmore\n")
    );
    state.import_set("my_duels", &bundle("Duels", &["Four"]));
    let out = state.take_output();
    let text = |n: &str| {
        (out.saves.iter())
            .find(|s| s.name == n)
            .map(|s| s.text.as_str())
    };
    assert_eq!(text(SETS_RECORD), Some("old\nbroken\nmy_duels\nmore\n"));
    assert_eq!(
        text("set.my_duels"),
        Some(bundle("Duels", &["Four"]).as_str())
    );
    assert!(
        text("set.old").is_none() && text("set.more").is_none(),
        "others untouched"
    );
}

#[test]
fn an_import_never_writes_over_a_sets_record_that_did_not_read() {
    let loaded = LoadedRecords {
        sets: KnownSets {
            entries: Vec::new(),
            imported: Err("permission denied".to_owned()),
        },
        ..LoadedRecords::default()
    };
    let mut state = app(vec![shipped("01_first.txt", "")], loaded);
    state.import_set("my_duels", &bundle("Duels", &["One"]));
    let out = state.take_output();
    assert!(out.saves.is_empty(), "{:?}", out.saves);
    assert!(
        out.console.iter().any(|l| l.contains("permission denied")),
        "{:?}",
        out.console
    );
    assert!(state
        .shared
        .levels
        .iter()
        .any(|l| l.label == "my_duels/01_one.txt"));
}
