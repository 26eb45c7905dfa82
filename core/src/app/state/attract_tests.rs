//! The attract game behind the title plays whatever the frames do (issue 41):
//! pausing, and dropping time, are for a player's game.

use super::{AppState, FrameInput, LoadedRecords, Start};
use crate::app::menus::Screen;
use crate::app::records::LevelEntry;
use crate::game::GameEvent;
use crate::level::Level;

/// A versus level whose game starts with both serves waiting on the paddles.
fn versus_level() -> LevelEntry {
    let text = "mode = versus\n[bricks]\n..1111..\n";
    LevelEntry {
        label: "v.txt".to_owned(),
        set: String::new(),
        level: Level::parse(text).unwrap(),
        path: None,
        shipped: true,
    }
}

/// The title, its frames `gap` seconds apart for `seconds` in all: how many
/// serves the attract game made.
fn serves_on_the_title(gap: f32, seconds: f32) -> usize {
    let start = Start {
        seed: 5,
        ..Start::default()
    };
    let mut state = AppState::new(
        start,
        vec![versus_level()],
        LoadedRecords::default(),
        super::Seams::offline(),
    );
    assert_eq!(state.screen(), Screen::Title);
    let mut now = 0.0;
    let mut served = 0;
    for _ in 0..(seconds / gap).round() as u32 {
        now += f64::from(gap);
        let out = state.frame(&FrameInput {
            now,
            dt: gap,
            ..FrameInput::default()
        });
        let events = out.attract.map(|a| a.events).unwrap_or_default();
        served += (events.iter())
            .filter(|e| matches!(e, GameEvent::Served { .. }))
            .count();
    }
    served
}

#[test]
fn the_attract_game_serves_when_frames_come_seconds_apart() {
    // At 60 frames a second the two CPUs serve within their 3 s window.
    assert!(
        serves_on_the_title(1.0 / 60.0, 12.0) >= 2,
        "served at 60 Hz"
    );
    // An unfocused headless page drew the title a few times in 12 s: each
    // frame's time must still be played (it was clamped to a quarter second
    // and 12 steps, so the balls never left the paddles).
    assert!(
        serves_on_the_title(2.0, 12.0) >= 2,
        "the attract game never served with frames 2 s apart"
    );
}

#[test]
fn a_players_game_still_drops_a_long_frames_time() {
    // The catch-up is the attract game's alone: a player's game keeps the
    // quarter-second clamp (a stall must not fast-forward their game).
    let start = Start {
        seed: 5,
        ..Start::default()
    };
    let mut state = AppState::new(
        start,
        vec![versus_level()],
        LoadedRecords::default(),
        super::Seams::offline(),
    );
    state.start_named_level(0, None);
    let out = state.frame(&FrameInput {
        now: 5.0,
        dt: 5.0,
        ..FrameInput::default()
    });
    let steps = out.played.map_or(0, |p| p.steps);
    assert!(
        steps <= crate::app::play::MAX_STEPS_PER_FRAME,
        "{steps} steps in one frame"
    );
}
