//! The level select picks up a level saved in the editor at once.

use std::path::PathBuf;

use super::*;

fn shipped_text(n: usize) -> &'static str {
    shipped_levels()[n].text
}

fn list() -> Vec<LevelEntry> {
    (0..2)
        .map(|n| LevelEntry {
            label: shipped_levels()[n].file.to_owned(),
            level: Level::parse(shipped_text(n)).unwrap(),
            path: Some(PathBuf::from("levels").join(shipped_levels()[n].file)),
            shipped: true,
        })
        .collect()
}

fn retitled(text: &str, title: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("title") {
                format!("title = \"{title}\"")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn saving_the_title_menus_level_adds_it_then_updates_it() {
    let mut levels = list();
    assert!(refresh_saved(
        &mut levels,
        &retitled(shipped_text(0), "Mine"),
        None
    ));
    assert_eq!(levels.len(), 3);
    assert_eq!(levels[2].label, "your level: Mine");
    assert_eq!(levels[2].level.title, "Mine");
    assert!(refresh_saved(
        &mut levels,
        &retitled(shipped_text(1), "Again"),
        None
    ));
    assert_eq!(
        levels.len(),
        3,
        "the same level is updated, not added twice"
    );
    assert_eq!(levels[2].label, "your level: Again");
    assert_eq!(levels[2].level.title, "Again");
}

#[test]
fn saving_a_file_updates_its_entry_and_keeps_its_label() {
    let mut levels = list();
    let path = levels[1].path.clone();
    let text = retitled(shipped_text(1), "Edited");
    assert!(refresh_saved(&mut levels, &text, path));
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[1].level.title, "Edited");
    assert_eq!(levels[1].label, shipped_levels()[1].file);
    assert_eq!(
        levels[0].level.title,
        Level::parse(shipped_text(0)).unwrap().title
    );
}

#[test]
fn saving_a_new_file_adds_it_under_its_path() {
    let mut levels = list();
    let path = PathBuf::from("somewhere/new_level.txt");
    assert!(refresh_saved(
        &mut levels,
        shipped_text(2),
        Some(path.clone())
    ));
    assert_eq!(levels.len(), 3);
    assert_eq!(levels[2].path, Some(path));
    assert_eq!(levels[2].label, "somewhere/new_level.txt");
}

#[test]
fn a_level_with_errors_is_not_listed() {
    let mut levels = list();
    assert!(!refresh_saved(&mut levels, "title = \"x\"\nnonsense", None));
    assert_eq!(levels.len(), 2);
    let path = levels[0].path.clone();
    let before = levels[0].level.title.clone();
    assert!(!refresh_saved(&mut levels, "nonsense", path));
    assert_eq!(
        levels[0].level.title, before,
        "a file's last good level stays"
    );
    // The title menu's level that gains an error leaves the list, as it would
    // at the next start.
    assert!(refresh_saved(&mut levels, shipped_text(0), None));
    assert!(refresh_saved(&mut levels, "nonsense", None));
    assert_eq!(levels.len(), 2);
}

#[test]
fn a_named_shipped_level_is_listed_once_and_a_new_file_is_the_players_own() {
    let mut levels = list();
    let file = PathBuf::from("levels").join(shipped_levels()[1].file);
    let level = Level::parse(shipped_text(1)).unwrap();
    let at = place_named_level(&mut levels, file.display().to_string(), level, file);
    assert_eq!(
        (at, levels.len()),
        (1, 2),
        "the shipped entry, not a second one"
    );
    assert!(levels[1].shipped);
    assert_eq!(levels[1].label, shipped_levels()[1].file, "its label stays");
    // Written another way, the same file is still found.
    let dotted = PathBuf::from("./levels").join(shipped_levels()[1].file);
    assert_eq!(find_level_file(&levels, &dotted), Some(1));
    // A shipped level from the built-in copy is found by its file name.
    levels[0].path = None;
    let named = PathBuf::from("elsewhere").join(shipped_levels()[0].file);
    assert_eq!(find_level_file(&levels, &named), Some(0));
    // Any other file joins the list at the end, as the player's own.
    let mine = PathBuf::from("/tmp/arkanong-mine-never-shipped.txt");
    let level = Level::parse(shipped_text(0)).unwrap();
    let at = place_named_level(&mut levels, "mine.txt".into(), level, mine);
    assert_eq!((at, levels[at].shipped), (2, false));
}
