//! The determinism fixture: a full versus game recorded on the desktop before the
//! architecture redesign (issue 11), replayed now. It must end in the hash that was
//! recorded, bit for bit, and it must still be the game it was recorded as: serves,
//! paddle hits on both sides, and a disruption capsule splitting balls.

use arkanong_core::game::{Game, GameEvent, Replay};
use arkanong_core::level::{PowerUp, RulesVersion, Side};

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
    assert_eq!(arkanong_core::commands::determinism(&mut out), 0);
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

/// A rules 2 solo game on Fortress, recorded with the build that released rules 2
/// (be0f47e: `sim levels/09_fortress.txt --mode solo --cpu hard --seed 3 --steps
/// 30000 --record ...`): its stall help ran long with the bricks behind steel. The
/// later changes to that help and the pinch rule went into rules 3, so this game
/// must still end in its recorded hash, and played under rules 3 it must not (the
/// fixture exercises what changed).
#[test]
fn rules_2_replay_recorded_before_rules_3_keeps_its_hash() {
    let path = "tests/fixtures/rules2_fortress_solo.replay";
    let replay = Replay::parse(include_str!("fixtures/rules2_fortress_solo.replay"))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(replay.rules, RulesVersion::V2, "{path}: a rules 2 game");
    assert_eq!(replay.verify(), Ok(replay.final_hash), "{path}");

    let level = replay.level().expect("the replay's level parses");
    let mut guided = 0;
    let mut game = Game::new(&level, replay.mode, replay.seed);
    for input in &replay.inputs {
        guided += (game.step(input).iter())
            .filter(|e| matches!(e, GameEvent::Guided))
            .count();
    }
    assert!(guided > 0, "{path}: the stall help never ran");
    let mut level3 = level.clone();
    level3.rules = RulesVersion::V3;
    let mut game3 = Game::new(&level3, replay.mode, replay.seed);
    for input in &replay.inputs {
        game3.step(input);
    }
    assert_ne!(
        game3.state_hash(),
        replay.final_hash,
        "{path}: rules 3 play this game differently"
    );
}
