//! The menu state machine's tests: screens, items, and how inputs move between them.

use super::*;
use crate::app::input::{Action, MenuInput};
use crate::app::menus::NameEntry;
use crate::app::play::PlayMode;
use crate::app::records::Settings;
use crate::game::Difficulty;
use crate::level::LevelMode;

/// One input; a setting change it asks for is made as the settings' owner makes
/// it. True when it asked for one.
fn changes(m: &mut Menu, s: &mut Settings, input: MenuInput) -> bool {
    match m.handle(input) {
        MenuAction::Change(change) => {
            m.keys.tell(change.apply(s));
            true
        }
        _ => false,
    }
}

/// The title's items the tests go through, picked by what they are, never by
/// their place: the title's order changes (the daily challenge and Credits
/// rows came), and a test picking by place would silently test another item.
const PLAY: Item = Item::Open(Screen::ModeSelect, "Play");
const SETTINGS: Item = Item::Open(Screen::Settings, "Settings");
const CONTROLS: Item = Item::Open(Screen::Controls, "Controls");
/// The mode page's first item.
const SOLO: Item = Item::Who(PlayMode::Solo, "Solo (classic)");

/// Where `item` is on the page showing; a test fails here, naming the page's
/// items, when it is not there.
fn place_of(m: &Menu, item: Item) -> usize {
    let entries = m.entries();
    let at = entries.iter().position(|&i| i == item);
    at.unwrap_or_else(|| panic!("{item:?} is not on {:?}: {entries:?}", m.screen))
}

/// Picks `item` on the page showing (a click or a tap on it).
fn pick(m: &mut Menu, item: Item) -> MenuAction {
    let at = place_of(m, item);
    m.handle(MenuInput::Pick(at))
}

/// Picks `item`, as [`changes`] takes an input.
fn pick_change(m: &mut Menu, s: &mut Settings, item: Item) -> bool {
    let at = place_of(m, item);
    changes(m, s, MenuInput::Pick(at))
}

#[test]
fn menu_from_title_to_a_versus_game_by_keyboard() {
    let mut m = Menu::new(12);
    assert_eq!(m.handle(MenuInput::Confirm), MenuAction::None);
    assert_eq!(m.screen, Screen::ModeSelect);
    m.handle(MenuInput::Down);
    m.handle(MenuInput::Confirm);
    assert_eq!(
        (m.screen, m.mode),
        (Screen::DifficultySelect, PlayMode::VersusCpu)
    );
    m.handle(MenuInput::Down);
    m.handle(MenuInput::Down);
    m.handle(MenuInput::Confirm);
    assert_eq!(
        (m.screen, m.difficulty),
        (Screen::LevelSelect, Difficulty::Hard)
    );
    m.handle(MenuInput::Down);
    assert_eq!(m.handle(MenuInput::Confirm), MenuAction::StartGame);
    assert_eq!((m.screen, m.level), (Screen::Playing, 1));
}

#[test]
fn menu_pick_by_click_and_pause_resume() {
    let mut m = Menu::new(3);
    pick(&mut m, PLAY);
    pick(&mut m, SOLO);
    assert_eq!((m.screen, m.mode), (Screen::LevelSelect, PlayMode::Solo));
    assert_eq!(pick(&mut m, Item::Level(2)), MenuAction::StartGame);
    m.handle(MenuInput::Pause);
    assert_eq!(m.screen, Screen::Paused);
    m.handle(MenuInput::Pause);
    assert_eq!(m.screen, Screen::Playing);
    m.handle(MenuInput::Back);
    assert_eq!(
        pick(&mut m, Item::EndGame("Quit to title")),
        MenuAction::EndGame
    );
    assert_eq!(m.screen, Screen::Title);
}

#[test]
fn menu_without_quit_in_a_browser() {
    let mut m = Menu::new(3);
    let s = Settings::default();
    m.can_quit = false;
    assert!(!m.items(&[], &s).contains(&"Quit".to_owned()));
    assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
    m.handle(MenuInput::Up);
    let last = m.items(&[], &s).len() - 1;
    assert_eq!(m.items(&[], &s)[last], "Collision lab");
    assert_eq!(m.selected, last, "wraps to the last item, Collision lab");
}

#[test]
fn menu_back_walks_up_and_quits_from_title() {
    let mut m = Menu::new(3);
    m.handle(MenuInput::Confirm);
    m.handle(MenuInput::Back);
    assert_eq!(m.screen, Screen::Title);
    // Escape on the title asks first; "No" (highlighted) and Escape stay.
    let s = Settings::default();
    assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
    assert_eq!(m.screen, Screen::QuitConfirm);
    assert_eq!(m.items(&[], &s), ["Yes, quit", "No"]);
    assert_eq!(m.handle(MenuInput::Confirm), MenuAction::None);
    assert_eq!(m.screen, Screen::Title);
    m.handle(MenuInput::Back);
    assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
    assert_eq!(m.screen, Screen::Title);
    m.handle(MenuInput::Back);
    assert_eq!(pick(&mut m, Item::QuitYes), MenuAction::Quit);
    // The title's own "Quit" item is a deliberate choice: it quits at once.
    let mut m = Menu::new(3);
    assert_eq!(pick(&mut m, Item::Quit), MenuAction::Quit);
}

#[test]
fn menu_two_way_items_go_down_and_up_by_tap() {
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick(&mut m, SETTINGS);
    assert_eq!(m.screen, Screen::Settings);
    let entries = m.entries();
    let volume = entries.iter().position(|&i| i == Item::Volume).unwrap();
    let music = entries
        .iter()
        .position(|&i| i == Item::MusicVolume)
        .unwrap();
    assert!(entries[volume].two_way() && entries[music].two_way());
    assert!(!Item::Sound.two_way() && !Item::Back.two_way());
    let before = s.volume;
    assert!(changes(
        &mut m,
        &mut s,
        MenuInput::Adjust {
            item: volume,
            up: false
        }
    ));
    assert_eq!(s.volume, before - 1, "− turns the volume down");
    assert!(changes(
        &mut m,
        &mut s,
        MenuInput::Adjust {
            item: music,
            up: true
        }
    ));
    assert_eq!(m.selected, music);
    // At 10 the volume goes no higher, and − still brings it down.
    for _ in 0..12 {
        changes(
            &mut m,
            &mut s,
            MenuInput::Adjust {
                item: volume,
                up: true,
            },
        );
    }
    assert_eq!(s.volume, 10);
    changes(
        &mut m,
        &mut s,
        MenuInput::Adjust {
            item: volume,
            up: false,
        },
    );
    assert_eq!(s.volume, 9);
    // An Adjust past the list does nothing.
    assert!(!changes(
        &mut m,
        &mut s,
        MenuInput::Adjust { item: 99, up: true }
    ));
}

#[test]
fn menu_keys_wait_has_a_tappable_cancel_and_says_touch_needs_keys() {
    let mut m = Menu::new(3);
    let s = Settings::default();
    m.device = Some(crate::app::input::Device::Touch);
    pick(&mut m, SETTINGS);
    pick(&mut m, Item::Open(Screen::Keys, "Keys"));
    pick(&mut m, Item::Keys(KeyItem::Bind(Action::Left)));
    assert!(m.keys.capturing.is_some());
    // While it waits, the page shows the waiting row and Cancel only.
    assert_eq!(m.items(&[], &s), ["Left: needs a keyboard", "Cancel"]);
    assert_eq!(pick(&mut m, Item::Back), MenuAction::None);
    assert_eq!((m.keys.capturing, m.screen), (None, Screen::Keys));
    assert_eq!(m.items(&[], &s)[1], "Left: Left arrow, A");
    assert_eq!(m.selected, 1, "back at the row that waited");
    assert_eq!(m.items(&[], &s).last().unwrap(), "Back");
}

#[test]
fn menu_settings_adjust_volume_and_mute() {
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick_change(&mut m, &mut s, SETTINGS);
    assert!(changes(&mut m, &mut s, MenuInput::Right));
    assert_eq!(s.volume, 8);
    changes(&mut m, &mut s, MenuInput::Down);
    changes(&mut m, &mut s, MenuInput::Down);
    changes(&mut m, &mut s, MenuInput::Confirm);
    assert!(s.muted);
    assert_eq!(m.items(&[], &s)[2], "Sound: off");
    // Without a sound device, "on" would be a promise the machine cannot keep.
    m.no_sound_device = true;
    assert_eq!(m.items(&[], &s)[2], "Sound: off");
    s.muted = false;
    assert_eq!(m.items(&[], &s)[2], "Sound: none found");
}

#[test]
fn menu_settings_music_volume_sits_under_the_volume_and_goes_down_to_off() {
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick_change(&mut m, &mut s, SETTINGS);
    assert_eq!(m.items(&[], &s)[1], "Music volume: 5");
    changes(&mut m, &mut s, MenuInput::Down);
    for _ in 0..7 {
        assert!(changes(&mut m, &mut s, MenuInput::Left));
    }
    assert_eq!((s.music_volume, s.volume), (0, 7));
    assert_eq!(m.items(&[], &s)[1], "Music volume: 0");
    assert!(pick_change(&mut m, &mut s, Item::MusicVolume));
    assert_eq!(s.music_volume, 1);
    for _ in 0..12 {
        changes(&mut m, &mut s, MenuInput::Right);
    }
    assert_eq!(s.music_volume, 10);
}

#[test]
fn menu_settings_toggle_reduced_motion() {
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick_change(&mut m, &mut s, SETTINGS);
    assert!(pick_change(&mut m, &mut s, Item::Motion));
    assert!(s.reduced_motion);
    assert_eq!(m.items(&[], &s)[3], "Reduced motion: on");
    assert!(changes(&mut m, &mut s, MenuInput::Left));
    assert!(!s.reduced_motion);
}

#[test]
fn menu_settings_toggle_high_contrast() {
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick_change(&mut m, &mut s, SETTINGS);
    assert_eq!(m.items(&[], &s)[4], "High contrast: off");
    assert!(pick_change(&mut m, &mut s, Item::Contrast));
    assert!(s.high_contrast);
    assert_eq!(m.items(&[], &s)[4], "High contrast: on");
    assert!(changes(&mut m, &mut s, MenuInput::Right));
    assert!(!s.high_contrast);
}

#[test]
fn menu_settings_back_item_returns_to_title_and_left_right_do_nothing_elsewhere() {
    let mut m = Menu::new(3);
    pick(&mut m, SETTINGS);
    assert_eq!(pick(&mut m, Item::Back), MenuAction::None);
    assert_eq!(m.screen, Screen::Title);
    assert_eq!(m.handle(MenuInput::Right), MenuAction::None);
    assert_eq!(m.screen, Screen::Title);
}

#[test]
fn menu_labels_follow_the_entries_on_every_screen() {
    let names = vec!["One".to_owned(), "Two".to_owned()];
    let mut m = Menu::new(2);
    let s = Settings::default();
    for screen in [
        Screen::Title,
        Screen::ModeSelect,
        Screen::DifficultySelect,
        Screen::LevelSelect,
        Screen::Paused,
        Screen::LevelCleared,
        Screen::GameOver,
        Screen::NameEntry,
        Screen::HighScores,
        Screen::Settings,
        Screen::Controls,
        Screen::Lab,
        Screen::Keys,
    ] {
        m.screen = screen;
        let items = m.items(&names, &s);
        assert_eq!(items.len(), m.entries().len(), "{screen:?}");
        assert!(items.iter().all(|l| !l.is_empty()), "{screen:?}: {items:?}");
    }
    m.screen = Screen::LevelSelect;
    assert_eq!(m.items(&names, &s), ["One", "Two", "Back"]);
}

#[test]
fn menu_level_select_offers_only_levels_that_fit_the_mode() {
    let mut m = Menu::new(4);
    let s = Settings::default();
    facts(
        &mut m,
        &[
            LevelMode::Solo,
            LevelMode::Both,
            LevelMode::Versus,
            LevelMode::Both,
        ],
        |l, v| l.modes = v,
    );
    pick(&mut m, PLAY);
    pick(&mut m, SOLO);
    assert_eq!(m.items(&[], &s).len(), 4, "solo: levels 0, 1, 3 and Back");
    assert_eq!(m.offered_levels().collect::<Vec<_>>(), [0, 1, 3]);
    m.handle(MenuInput::Back);
    pick(&mut m, Item::Who(PlayMode::TwoPlayers, "Two players"));
    assert_eq!(m.offered_levels().collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(pick(&mut m, Item::Level(2)), MenuAction::StartGame);
    assert_eq!(m.level, 2, "the second item offered is level 2");
}

#[test]
fn menu_locked_levels_cannot_start() {
    let mut m = Menu::new(3);
    let s = Settings::default();
    facts(&mut m, &[false, true, true], |l, v| l.locked = v);
    m.mode = PlayMode::Solo;
    m.screen = Screen::LevelSelect;
    assert!(m.items(&["A".into(), "B".into(), "C".into()], &s)[1].ends_with("(locked)"));
    assert_eq!(pick(&mut m, Item::Level(1)), MenuAction::None);
    assert_eq!(m.screen, Screen::LevelSelect);
    assert_eq!(pick(&mut m, Item::Level(0)), MenuAction::StartGame);
}

#[test]
fn menu_campaign_goes_to_the_next_solo_level_then_ends_with_the_name() {
    let mut m = Menu::new(3);
    facts(
        &mut m,
        &[LevelMode::Solo, LevelMode::Versus, LevelMode::Both],
        |l, v| l.modes = v,
    );
    m.mode = PlayMode::Solo;
    m.game_finished(true, true);
    assert_eq!(m.screen, Screen::LevelCleared);
    assert_eq!(m.handle(MenuInput::Confirm), MenuAction::NextLevel);
    assert_eq!(m.level, 2, "the versus-only level is skipped");
    m.game_finished(true, true);
    assert_eq!(m.screen, Screen::NameEntry, "the last level ends the run");
    m.game_finished(false, false);
    assert_eq!(
        m.screen,
        Screen::GameOver,
        "no name when the score is too low"
    );
    m.game_finished(true, false);
    assert_eq!(m.screen, Screen::GameOver);
}

#[test]
fn menu_name_entry_by_arrows_and_typing() {
    let mut m = Menu::new(1);
    m.name = NameEntry::new("CAT");
    m.end_run(true, false);
    assert_eq!(m.screen, Screen::NameEntry);
    m.handle(MenuInput::Up);
    m.handle(MenuInput::Right);
    m.handle(MenuInput::Down);
    m.handle(MenuInput::Right);
    m.handle(MenuInput::Char('x'));
    assert_eq!(m.name.name(), "DZX");
    assert_eq!(m.handle(MenuInput::Confirm), MenuAction::NameEntered);
    assert_eq!(m.screen, Screen::GameOver);
    m.screen = Screen::LevelCleared;
    assert_eq!(m.handle(MenuInput::Back), MenuAction::EndRun);
}

#[test]
fn menu_collision_lab_opens_from_the_title_and_escape_returns() {
    let mut m = Menu::new(3);
    let lab = Item::Open(Screen::Lab, "Collision lab");
    assert_eq!(pick(&mut m, lab), MenuAction::None);
    assert_eq!(m.screen, Screen::Lab);
    assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
    assert_eq!(m.screen, Screen::Title);
}

#[test]
fn menu_juice_page_toggles_each_effect_and_goes_back_to_settings() {
    use crate::app::{feel::Juice, feel::EFFECTS};
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick_change(&mut m, &mut s, SETTINGS);
    pick_change(&mut m, &mut s, Item::Open(Screen::Juice, "Juice"));
    assert_eq!(m.screen, Screen::Juice);
    assert_eq!(m.items(&[], &s).len(), EFFECTS.len() + 1);
    assert_eq!(m.items(&[], &s)[4], "Screen shake: on");
    for e in EFFECTS {
        assert!(pick_change(&mut m, &mut s, Item::Juice(e)));
        assert!(!s.juice.is_on(e), "{e:?} did not switch off");
    }
    assert_eq!(m.items(&[], &s)[4], "Screen shake: off");
    // Only the switch under the cursor changes, with left or right too.
    assert!(changes(&mut m, &mut s, MenuInput::Right));
    let last = EFFECTS[EFFECTS.len() - 1];
    assert!(s.juice.is_on(last) && !s.juice.is_on(EFFECTS[0]));
    let mut expect = Juice::default();
    for e in &EFFECTS[..EFFECTS.len() - 1] {
        expect.toggle(*e);
    }
    assert_eq!(s.juice, expect);
    assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
    assert_eq!(m.screen, Screen::Settings);
}

#[test]
fn menu_controls_opened_from_the_pause_menu_go_back_to_it() {
    let mut m = Menu::new(3);
    m.screen = Screen::Paused;
    pick(&mut m, CONTROLS);
    assert_eq!(m.screen, Screen::Controls);
    m.handle(MenuInput::Back);
    assert_eq!(
        m.screen,
        Screen::Paused,
        "Back from the controls left the game"
    );
    pick(&mut m, CONTROLS);
    m.handle(MenuInput::Confirm);
    assert_eq!(m.screen, Screen::Paused, "the Back item too");
    m.screen = Screen::Title;
    pick(&mut m, CONTROLS);
    assert_eq!(m.screen, Screen::Controls);
    m.handle(MenuInput::Back);
    assert_eq!(m.screen, Screen::Title);
}

#[cfg(feature = "online")]
#[test]
fn menu_play_online_opens_from_the_title_and_escape_returns() {
    let mut m = Menu::new(3);
    let s = Settings::default();
    let items = m.items(&[], &s);
    let at = items.iter().position(|l| l == "Play online");
    let Some(at) = at else {
        panic!("no online item: {items:?}");
    };
    assert_eq!(items[2], "Settings", "the first items keep their places");
    assert_eq!(m.handle(MenuInput::Pick(at)), MenuAction::None);
    assert_eq!(m.screen, Screen::Online);
    assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
    assert_eq!(m.screen, Screen::Title);
}

#[test]
fn the_pause_screen_says_why_when_the_game_paused_by_itself() {
    use crate::app::play::PauseReason;
    use crate::app::records::{HighScores, Progress};
    let text = |m: &Menu| {
        crate::app::menus::screen_text(
            m,
            &[],
            &HighScores::default(),
            &Progress::default(),
            None,
            &Settings::default(),
        )
    };
    let mut m = Menu::new(1);
    m.screen = Screen::Playing;
    m.paused_because = PauseReason::Idle;
    m.handle(MenuInput::Pause);
    assert_eq!(
        m.paused_because,
        PauseReason::Asked,
        "the player's own pause"
    );
    assert!(text(&m).extra.is_empty(), "{:?}", text(&m).extra);
    m.paused_because = PauseReason::Idle;
    let says = text(&m).extra;
    assert_eq!(says.len(), 1);
    assert!(says[0].contains("no input"), "{says:?}");
}

#[test]
fn menu_touch_hint_explains_the_two_finger_pause_once_in_a_touch_game() {
    let mut m = Menu::new(3);
    m.device = Some(crate::app::input::Device::Touch);
    assert_eq!(m.touch_hint(), None, "not on the title");
    m.screen = Screen::Playing;
    m.device = Some(crate::app::input::Device::Keyboard);
    assert_eq!(m.touch_hint(), None, "not to a keyboard player");
    m.device = Some(crate::app::input::Device::Touch);
    m.mode = PlayMode::TwoPlayers;
    assert_eq!(
        m.touch_hint(),
        None,
        "two players on one phone: no two-finger pause"
    );
    m.mode = PlayMode::Solo;
    assert_eq!(m.touch_hint(), Some(TOUCH_PAUSE_HINT));
    assert!(TOUCH_PAUSE_HINT.contains("two fingers"));
    assert_eq!(m.touch_hint(), None, "once");
}

#[test]
fn menu_a_swipe_past_the_end_of_a_list_stays_on_its_last_item() {
    let mut m = Menu::new(3);
    pick(&mut m, SETTINGS);
    assert_eq!(m.screen, Screen::Settings);
    let last = m.entries().len() - 1;
    // A long swipe (more lines than the list has) ends on Back, not round the top.
    m.handle(MenuInput::Scroll(last as i32 + 3));
    assert_eq!((m.selected, m.entries()[m.selected]), (last, Item::Back));
    m.handle(MenuInput::Scroll(-2));
    assert_eq!(m.selected, last - 2);
    m.handle(MenuInput::Scroll(-40));
    assert_eq!(
        m.selected, 0,
        "a swipe back past the start stays on the first item"
    );
    // The keys still wrap round, as they always have.
    m.handle(MenuInput::Up);
    assert_eq!(m.selected, last);
}

/// A menu of two sets: levels 0 and 1 in "One", 2 (versus only) and 3 in "Two".
fn two_set_menu() -> Menu {
    let mut m = Menu::new(4);
    m.sets = ["One", "Two"]
        .map(|t| crate::app::records::SetEntry {
            key: t.to_lowercase(),
            title: t.into(),
            description: format!("about {t}"),
            shipped: true,
        })
        .to_vec();
    facts(&mut m, &[0, 0, 1, 1], |l, v| l.set = v);
    facts(
        &mut m,
        &[
            LevelMode::Both,
            LevelMode::Both,
            LevelMode::Versus,
            LevelMode::Solo,
        ],
        |l, v| l.modes = v,
    );
    m
}

#[test]
fn menu_level_select_shows_the_set_row_then_its_levels_and_turns_the_set() {
    let mut m = two_set_menu();
    let s = Settings::default();
    pick(&mut m, PLAY);
    pick(&mut m, SOLO);
    assert_eq!(m.screen, Screen::LevelSelect);
    assert_eq!(
        m.entries(),
        [Item::SetRow, Item::Level(0), Item::Level(1), Item::Back]
    );
    assert_eq!(
        m.selected, 1,
        "the chosen level is highlighted, under the row"
    );
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    assert_eq!(m.items(&names, &s)[0], "< Set: One >");
    assert!(Item::SetRow.two_way());
    // Right on the row: set Two, whose solo level is 3 (2 is versus only).
    m.handle(MenuInput::Adjust { item: 0, up: true });
    assert_eq!((m.set, m.level), (1, 3));
    assert_eq!(m.entries(), [Item::SetRow, Item::Level(3), Item::Back]);
    assert_eq!(m.set_key(), "two");
    // Choosing the row lists the sets; choosing one shows its levels.
    pick(&mut m, Item::SetRow);
    assert_eq!(m.screen, Screen::SetSelect);
    assert_eq!(m.entries(), [Item::Set(0), Item::Set(1), Item::Back]);
    assert_eq!(m.items(&names, &s), ["One", "Two", "Back"]);
    assert_eq!(m.selected, 1, "the shown set is highlighted");
    pick(&mut m, Item::Set(0));
    assert_eq!((m.screen, m.set, m.level), (Screen::LevelSelect, 0, 0));
    pick(&mut m, Item::SetRow);
    m.handle(MenuInput::Back);
    assert_eq!(m.screen, Screen::LevelSelect, "Back from the sets");
    assert_eq!(pick(&mut m, Item::Level(1)), MenuAction::StartGame);
    assert_eq!(m.level, 1);
}

#[test]
fn menu_with_one_set_shows_no_set_row_and_high_scores_turn_the_set() {
    let mut m = Menu::new(2);
    m.screen = Screen::LevelSelect;
    assert_eq!(m.entries(), [Item::Level(0), Item::Level(1), Item::Back]);
    let mut m = two_set_menu();
    m.screen = Screen::HighScores;
    assert_eq!(m.entries(), [Item::ScoresTable, Item::SetRow, Item::Back]);
    m.handle(MenuInput::Right);
    assert_eq!(m.scores_page, 1, "the first row turns the way");
    m.handle(MenuInput::Down);
    m.handle(MenuInput::Confirm);
    assert_eq!(m.set, 1, "choosing the set row turns the set");
    m.handle(MenuInput::Right);
    assert_eq!(m.set, 0, "and wraps");
}

#[test]
fn menu_mode_without_levels_in_the_shown_set_moves_to_a_set_that_has_some() {
    let mut m = two_set_menu();
    facts(
        &mut m,
        &[
            LevelMode::Solo,
            LevelMode::Solo,
            LevelMode::Versus,
            LevelMode::Versus,
        ],
        |l, v| l.modes = v,
    );
    m.set = 1;
    m.level = 2;
    pick(&mut m, PLAY);
    pick(&mut m, SOLO);
    assert_eq!((m.set, m.level), (0, 0));
    assert_eq!(m.offered_sets().collect::<Vec<_>>(), [0]);
}

#[test]
fn menu_enter_on_a_volume_leaves_its_number_alone() {
    // Issue 40 bug 6: Enter on "Music volume" changed the value.
    let mut m = Menu::new(3);
    let mut s = Settings::default();
    pick_change(&mut m, &mut s, SETTINGS);
    assert_eq!(m.screen, Screen::Settings);
    let before = s;
    for _ in 0..2 {
        assert!(!changes(&mut m, &mut s, MenuInput::Confirm));
        assert_eq!(s, before, "{:?}", m.entries()[m.selected]);
        changes(&mut m, &mut s, MenuInput::Down);
    }
    // A switch still flips on Enter (the item after the volumes).
    assert_eq!(m.entries()[m.selected], Item::Sound);
    assert!(changes(&mut m, &mut s, MenuInput::Confirm));
    assert_ne!(s, before);
}

/// Sets each level's fact from `values`, in order: a test's way to say each
/// level's modes, set or lock.
fn facts<T: Copy>(m: &mut Menu, values: &[T], set: impl Fn(&mut LevelFacts, T)) {
    for (l, &v) in m.levels.iter_mut().zip(values) {
        set(l, v);
    }
}
