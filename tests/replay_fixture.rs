//! The determinism fixture: a full versus game recorded on the desktop before the
//! architecture redesign (issue 11), replayed now. It must end in the hash that was
//! recorded, bit for bit, and it must still be the game it was recorded as: serves,
//! paddle hits on both sides, and a disruption capsule splitting balls.

use arkanong::game::{Game, GameEvent, Replay};
use arkanong::level::{PowerUp, RulesVersion, Side};

/// The fixture, or another replay file named by `ARKANONG_REPLAY` (to vet a new one).
fn fixture() -> (String, String) {
    match std::env::var("ARKANONG_REPLAY") {
        Ok(path) => (
            std::fs::read_to_string(&path).expect("readable replay"),
            path,
        ),
        Err(_) => (
            include_str!("fixtures/hex_garden_versus.replay").to_owned(),
            "tests/fixtures/hex_garden_versus.replay".to_owned(),
        ),
    }
}

#[test]
fn recorded_game_replays_to_its_recorded_hash() {
    let (text, path) = fixture();
    let replay = Replay::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(replay.verify(), Ok(replay.final_hash), "{path}");
}

#[test]
fn recorded_game_has_serves_paddle_hits_and_a_disruption() {
    let (text, path) = fixture();
    let replay = Replay::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let level = replay.level().expect("the replay's level parses");
    assert_eq!(level.rules, RulesVersion::V1, "recorded before rules 2");
    let mut game = Game::new(&level, replay.mode, replay.seed);
    let (mut serves, mut hits, mut disruptions) = (0, [0; 2], 0);
    for input in &replay.inputs {
        for e in game.step(input) {
            match e {
                GameEvent::Served { .. } => serves += 1,
                GameEvent::PaddleHit { side, .. } => hits[side.index() as usize] += 1,
                GameEvent::CapsuleCaught {
                    power_up: PowerUp::Disruption,
                    ..
                } => disruptions += 1,
                _ => {}
            }
        }
    }
    println!("{path}: {serves} serves, paddle hits {hits:?}, {disruptions} disruptions");
    assert!(game.outcome().is_some(), "a full game, to its end");
    assert!(serves >= 2, "serves: {serves}");
    assert!(hits[Side::Bottom.index() as usize] > 0 && hits[Side::Top.index() as usize] > 0);
    assert!(disruptions > 0, "a disruption");
}

#[test]
fn determinism_command_prints_the_fixture_hash_and_the_attract_hash() {
    let mut out = Vec::new();
    assert_eq!(arkanong::commands::determinism(&mut out), 0);
    let text = String::from_utf8(out).expect("text");
    let recorded = Replay::parse(include_str!("fixtures/hex_garden_versus.replay"))
        .expect("the fixture parses")
        .final_hash;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with(&format!("replay hash: 0x{recorded:016x} (")),
        "{text}"
    );
    assert!(lines[1].starts_with("attract hash: 0x"), "{text}");
    assert!(lines[2].starts_with("kinds hash: 0x"), "{text}");
}
