//! The screens that own a state, headless: entered from the title, run a few
//! frames, left; their state made on entering and dropped on leaving.

use super::{Active, AppState, FrameInput, LoadedRecords, Start};
use crate::app::input::MenuInput;
use crate::app::lab::{Button, LabCommand, PointerEvent, Scene};
use crate::app::menus::{Item, Screen};
use crate::app::records::LevelEntry;
use crate::level::{shipped_levels, Level};

/// One frame at 60 Hz.
const FRAME: f32 = 1.0 / 60.0;

/// The app on the shipped levels at the title, with no records.
fn app() -> AppState {
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    let levels: Vec<LevelEntry> = (shipped_levels().iter())
        .map(|l| LevelEntry {
            label: l.file.to_owned(),
            set: String::new(),
            level: Level::parse(l.text).expect("shipped levels are valid"),
            path: None,
            shipped: true,
        })
        .collect();
    AppState::new(
        start,
        levels,
        LoadedRecords::default(),
        super::Seams::offline(),
    )
}

/// A frame `k` frames in, with menu `commands` and lab `lab` commands.
fn input(k: u32, commands: &[MenuInput], lab: &[LabCommand]) -> FrameInput {
    FrameInput {
        now: f64::from(k) * f64::from(FRAME),
        dt: FRAME,
        gesture: !commands.is_empty(),
        commands: commands.to_vec(),
        lab: lab.to_vec(),
        ..FrameInput::default()
    }
}

/// The title's item that opens `screen`, picked.
fn pick(state: &AppState, screen: Screen) -> MenuInput {
    let at = (state.menu.entries().iter())
        .position(|i| matches!(i, Item::Open(s, _) if *s == screen))
        .expect("the title offers it");
    MenuInput::Pick(at)
}

#[test]
fn lab_entered_from_the_title_steps_and_is_dropped_on_back() {
    let mut state = app();
    assert_eq!(state.screen(), Screen::Title);
    assert!(state.lab().is_none());
    state.frame(&input(1, &[pick(&state, Screen::Lab)], &[]));
    assert_eq!(state.screen(), Screen::Lab);
    let lab = state.lab().expect("entering the lab makes its state");
    assert_eq!(lab.lab.scene, Scene::ALL[0]);
    // Three frames, each pressing Step: the motion is paused and three steps on,
    // whatever the frames' time calls for.
    let mut logged = Vec::new();
    for k in 2..5 {
        let out = state.frame(&input(k, &[], &[LabCommand::Press(Button::Step)]));
        logged.extend(out.log);
    }
    let lab = state.lab().expect("the lab stays while it shows");
    assert_eq!(lab.lab.motion.step, 3);
    assert!(!lab.lab.motion.playing);
    let first = format!("lab {}: ", Scene::ALL[0].name());
    assert!(
        logged.first().is_some_and(|l| l.starts_with(&first)),
        "the lab logs its readouts: {logged:?}"
    );
    let out = state.frame(&input(5, &[], &[LabCommand::Press(Button::Back)]));
    assert_eq!(state.screen(), Screen::Title);
    assert!(state.lab().is_none(), "leaving the lab drops its state");
    assert!(out.console.is_empty());
}

#[test]
fn lab_motion_ticks_with_the_frames_steps() {
    let mut state = app();
    let moving = (Scene::ALL.iter().copied())
        .find(|s| s.moves())
        .expect("a scene moves");
    state.open_lab(moving);
    assert_eq!(state.screen(), Screen::Lab);
    for k in 1..=3 {
        state.frame(&input(k, &[], &[]));
    }
    let per_frame = crate::tuning::STEPS_PER_SECOND / 60;
    let step = state.lab().map(|l| l.lab.motion.step);
    assert_eq!(step, Some(3 * per_frame), "one motion step per game step");
}

#[test]
fn lab_drag_logs_its_readouts_once_at_the_end() {
    let mut state = app();
    state.open_lab(Scene::ALL[0]);
    let out = state.frame(&input(1, &[], &[]));
    assert_eq!(out.log.len(), 1, "the first frame logs the readouts");
    let lab = &state.lab().expect("open").lab;
    let from = lab.handles[0];
    let to = from + glam::Vec2::new(0.0, lab.view.size().y * 0.1);
    let press = [PointerEvent::Down(from), PointerEvent::Move(to)].map(LabCommand::Pointer);
    let out = state.frame(&input(2, &[], &press));
    assert!(
        out.log.is_empty(),
        "nothing is logged while the handle is held"
    );
    let lab = &state.lab().expect("open").lab;
    assert_eq!(lab.handles[0], to, "the handle follows the pointer");
    let out = state.frame(&input(3, &[], &[LabCommand::Pointer(PointerEvent::Up)]));
    assert_eq!(out.log.len(), 1, "the drag's end logs the new readouts");
}

#[cfg(feature = "online")]
#[test]
fn online_screen_entered_from_the_title_and_left_by_its_back() {
    use crate::app::online::Page;
    let mut state = app();
    state.frame(&input(1, &[pick(&state, Screen::Online)], &[]));
    assert_eq!(state.screen(), Screen::Online);
    let online = state.online().expect("entering makes the lobby");
    assert_eq!(online.lobby.page, Page::Choose);
    // The attract game plays on behind the lobby.
    let steps = |out: &super::FrameOutput| out.attract.as_ref().map_or(0, |p| p.steps);
    let out = state.frame(&input(2, &[], &[]));
    assert!(steps(&out) > 0, "the attract game steps behind the lobby");
    // "Back" on the first page leaves for the title.
    state.frame(&input(3, &[MenuInput::Back], &[]));
    assert_eq!(state.screen(), Screen::Title);
    assert!(state.online().is_none(), "leaving drops the online screen");
    // Entering again starts afresh.
    state.frame(&input(4, &[pick(&state, Screen::Online)], &[]));
    let online = state.online().expect("made again");
    assert_eq!(online.lobby.page, Page::Choose);
}

#[cfg(feature = "online")]
#[test]
fn online_screen_says_bad_ice_settings_when_entered() {
    let mut state = app();
    state.shared.meeting.ice = [Some("carrier-pigeon".to_owned()), None, None];
    state.enter(Screen::Online);
    let out = state.take_output();
    let online = state.online().expect("entered");
    assert!(online.ice_error.is_some());
    assert!(
        (out.log.iter()).any(|l| l.starts_with("online: the ICE settings: ")),
        "{:?}",
        out.log
    );
}

#[cfg(feature = "online")]
#[test]
fn online_lobby_ignores_pads_but_start_in_a_match() {
    let mut state = app();
    state.enter(Screen::Online);
    let online = state.online_mut().expect("entered");
    let pads = [MenuInput::Confirm, MenuInput::Pause];
    assert_eq!(online.commands(&[], &pads), pads.to_vec());
    online.lobby.page = crate::app::online::Page::Playing;
    let keys = [MenuInput::Down, MenuInput::Back];
    assert_eq!(
        online.commands(&keys, &pads),
        vec![MenuInput::Back, MenuInput::Pause]
    );
}

#[cfg(feature = "online")]
#[test]
fn online_host_asks_the_server_for_a_room_and_shows_its_code() {
    use crate::app::online::{OfflineNetwork, Page, RoomAsk};
    let mut state = app();
    // The network is the test's: the room's socket waits, and opens nothing.
    let network = std::rc::Rc::new(OfflineNetwork::default());
    state.shared.seams.network = network.clone();
    state.shared.meeting.server = "ws://127.0.0.1:1".to_owned();
    state.enter(Screen::Online);
    let online = state.online_mut().expect("entered");
    online.ask_room(RoomAsk::default(), 0);
    assert_eq!(online.lobby.page, Page::Waiting);
    assert_eq!(online.lobby.status, "Asking the server for a room...");
    let out = state.frame(&input(1, &[], &[]));
    let online = state.online_mut().expect("still there");
    assert_eq!(
        online.lobby.page,
        Page::Waiting,
        "no answer yet: still asking"
    );
    assert!(online.lobby.code.is_empty());
    assert!(!(out.log.iter()).any(|l| l.contains("hosting room")));
    assert_eq!(network.sockets(), 0, "no room, no socket");
    online.ask_room(RoomAsk::answered(Ok("K8PXQ2M".to_owned())), 0);
    let out = state.frame(&input(2, &[], &[]));
    let online = state.online_mut().expect("still there");
    assert_eq!(
        online.lobby.code_shown(),
        "K8PXQ2M",
        "the server's code shows"
    );
    assert!(online.lobby.hosting);
    assert_eq!(online.lobby.page, Page::Waiting, "for the other player");
    assert_eq!(
        online.lobby.status,
        "Hosting room K8PXQ2M on ws://127.0.0.1:1"
    );
    assert!(
        (out.log.iter()).any(|l| l == "online: hosting room arkanong-K8PXQ2M on ws://127.0.0.1:1"),
        "{:?}",
        out.log
    );
    assert_eq!(network.sockets(), 1, "the room's socket, through the seam");
    online.leave();
}

#[cfg(feature = "online")]
#[test]
fn online_host_with_no_server_is_told_to_start_one() {
    use crate::app::online::Page;
    let mut state = app();
    // The offline network finds no server, at once: no socket, no wait.
    state.shared.meeting.server = "ws://127.0.0.1:1".to_owned();
    state.enter(Screen::Online);
    state.frame(&input(1, &[MenuInput::Pick(0)], &[]));
    assert_eq!(state.online().expect("open").lobby.page, Page::PickLevel);
    state.frame(&input(2, &[MenuInput::Pick(1)], &[]));
    state.frame(&input(3, &[], &[]));
    let online = state.online().expect("open");
    assert_eq!(online.lobby.page, Page::Ended);
    assert_eq!(
        online.lobby.status,
        "No server at ws://127.0.0.1:1 - start one with `arkanong server`"
    );
}

#[cfg(feature = "online")]
#[test]
fn online_host_names_levels_by_title_not_file() {
    let mut state = app();
    state.enter(Screen::Online);
    state.frame(&input(1, &[MenuInput::Pick(0)], &[]));
    state.frame(&input(2, &[MenuInput::Right], &[]));
    let online = state.online().expect("entered");
    assert_eq!(online.lobby.page, crate::app::online::Page::PickLevel);
    let line = online.level_line(&state.shared.levels);
    let entry = &state.shared.levels[online.level_index(1)];
    assert!(line.starts_with("Level 2 of "), "{line}");
    assert!(line.contains(&entry.level.title), "{line}");
    assert!(!line.contains(".txt"), "{line}: {}", entry.label);
}

#[cfg(feature = "online")]
#[test]
fn online_join_page_takes_a_pasted_link_in_one_frame() {
    use crate::app::online::Page;
    let mut state = app();
    state.enter(Screen::Online);
    state.frame(&input(1, &[MenuInput::Pick(1)], &[]));
    assert_eq!(state.online().unwrap().lobby.page, Page::EnterCode);
    state.frame(&input(2, &[MenuInput::Char('Q')], &[]));
    let link: Vec<MenuInput> = ("https://h/?join=K7PXQ2M&server=ws://s:9".chars())
        .map(MenuInput::Char)
        .collect();
    state.frame(&input(3, &link, &[]));
    let lobby = &state.online().unwrap().lobby;
    assert_eq!(
        lobby.code_shown(),
        "K7PXQ2M",
        "the link's code, not its letters"
    );
}

#[cfg(feature = "online")]
#[test]
fn online_level_page_opens_on_the_hosts_last_pick() {
    use crate::app::online::Page;
    let mut state = app();
    state.enter(Screen::Online);
    state.frame(&input(1, &[MenuInput::Pick(0)], &[]));
    state.frame(&input(2, &[MenuInput::Left], &[]));
    let online = state.online().unwrap();
    assert_eq!(online.lobby.page, Page::PickLevel);
    let picked = online.lobby.level;
    assert!(picked > 0, "Left wrapped to the last level");
    state.frame(&input(3, &[MenuInput::Back, MenuInput::Back], &[]));
    assert_eq!(state.screen(), Screen::Title);
    state.enter(Screen::Online);
    assert_eq!(state.online().unwrap().lobby.level, picked);
}

#[test]
fn credits_from_the_title_scroll_and_leave_by_every_back() {
    let mut state = app();
    state.frame(&input(1, &[pick(&state, Screen::Credits)], &[]));
    assert_eq!(state.screen(), Screen::Credits);
    let top = |state: &AppState| match state.active() {
        Active::Credits(c) => c.top,
        _ => panic!("the credits show"),
    };
    assert_eq!(top(&state), 0);
    state.frame(&input(2, &[MenuInput::Down, MenuInput::Down], &[]));
    state.frame(&input(3, &[MenuInput::Scroll(3), MenuInput::Up], &[]));
    assert_eq!(top(&state), 4, "down twice, three lines of wheel, up once");
    state.frame(&input(4, &[MenuInput::Scroll(-99)], &[]));
    assert_eq!(top(&state), 0, "the scroll stops at the first line");
    // Each way back leaves for the title, and the scroll is not kept.
    let backs: [(&[MenuInput], &[MenuInput], u32); 4] = [
        (&[MenuInput::Back], &[], 0),
        (&[MenuInput::Pick(0)], &[], 0),
        (&[], &[MenuInput::Back], 0),
        (&[], &[], 1),
    ];
    for (k, (keys, pads, browser)) in (5..).step_by(3).zip(backs) {
        state.frame(&input(k, &[pick(&state, Screen::Credits)], &[]));
        state.frame(&input(k + 1, &[MenuInput::Down], &[]));
        assert_eq!((state.screen(), top(&state)), (Screen::Credits, 1));
        let frame = FrameInput {
            pad_commands: pads.to_vec(),
            backs: browser,
            ..input(k + 2, keys, &[])
        };
        state.frame(&frame);
        assert_eq!(state.screen(), Screen::Title, "{keys:?} {pads:?} {browser}");
        assert!(matches!(state.active(), Active::Menus));
    }
}

#[test]
fn credits_behind_them_the_attract_game_plays_on() {
    let mut state = app();
    state.frame(&input(1, &[pick(&state, Screen::Credits)], &[]));
    let out = state.frame(&input(2, &[], &[]));
    assert!(
        out.attract.is_some_and(|p| p.steps > 0),
        "the attract game steps"
    );
}
