//! Rollback keeps the game the game: GGRS's sync test (every step rolled back and
//! simulated again, checksums compared) on every shipped level, and the effects
//! ledger under rollbacks, with and without mispredicted inputs.

#![cfg(feature = "online")]

use arkanong_core::app::online::{
    pack_intent, same_event, Fired, OnlineConfig, Rollback, MATCH_FRAMES,
};
use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Inputs, Intent, Mode};
use arkanong_core::level::{shipped_levels, Level, Side};

/// Steps of the sync test on each level (the number).
const SYNC_STEPS: usize = 2000;

fn game_of(text: &str, seed: u64) -> Game {
    let level = Level::parse(text).unwrap();
    let mode = if level.mode.allows_versus() {
        Mode::Versus
    } else {
        Mode::Solo
    };
    Game::new(&level, mode, seed)
}

fn cpus(seed: u64) -> [Option<Cpu>; 2] {
    [
        Some(Cpu::new(Side::Bottom, Difficulty::Normal, seed)),
        Some(Cpu::new(Side::Top, Difficulty::Hard, seed + 1)),
    ]
}

/// Plays `steps` under GGRS's sync test with `check_distance` (and hit-stop's
/// holds if `hitstop`); the events the ledger fired, the rollback driver, and the
/// first mismatch as an error.
fn sync_test(
    game: Game,
    steps: usize,
    check_distance: usize,
    hitstop: bool,
) -> Result<(Vec<Fired>, Rollback), String> {
    let mut session = ggrs::SessionBuilder::<OnlineConfig<usize>>::new()
        .with_num_players(2)
        .map(|b| b.with_input_delay(0).with_check_distance(check_distance))
        .and_then(|b| b.start_synctest_session())
        .map_err(|e| e.to_string())?;
    let mut rollback = Rollback::with_hitstop(game, hitstop);
    let mut cpus = cpus(rollback.game().seed());
    let mut fired = Vec::new();
    for _ in 0..steps {
        let inputs = gather_inputs(rollback.game(), &mut cpus, |_| Intent::IDLE);
        for (k, intent) in inputs.players.iter().enumerate() {
            session
                .add_local_input(k, pack_intent(*intent))
                .map_err(|e| e.to_string())?;
        }
        let requests = session.advance_frame().map_err(|e| e.to_string())?;
        let settled = rollback.handle(requests);
        assert!(
            settled.withdraw.is_empty(),
            "a sync test never changes inputs"
        );
        fired.extend(settled.fire);
    }
    Ok((fired, rollback))
}

/// The same steps with no rollback at all: every event once, with its frame.
fn straight(mut game: Game, inputs: &[Inputs]) -> (Vec<Fired>, u64) {
    let mut events = Vec::new();
    for (k, i) in inputs.iter().enumerate() {
        let frame = i32::try_from(k + 1).unwrap();
        events.extend(game.step(i).into_iter().map(|event| Fired { frame, event }));
    }
    (events, game.state_hash())
}

#[test]
fn sync_test_on_every_shipped_level_finds_no_mismatch() {
    let mut held = 0;
    for hitstop in [false, true] {
        for (k, shipped) in shipped_levels().iter().enumerate() {
            let game = game_of(shipped.text, 11 + k as u64);
            // Check distances from 2 to 7: every step is rolled back that far.
            let distance = 2 + k % 6;
            let result = sync_test(game, SYNC_STEPS, distance, hitstop);
            let (_, rollback) = result.unwrap_or_else(|e| panic!("{}: {e}", shipped.file));
            let stats = rollback.stats();
            assert!(
                stats.rollbacks as usize >= SYNC_STEPS - distance - 1,
                "{}",
                shipped.file
            );
            assert_eq!(stats.deepest as usize, distance, "{}", shipped.file);
            let began = rollback.hold().last.is_some();
            assert!(hitstop || !began, "{}", shipped.file);
            held += usize::from(began);
        }
    }
    // With hit-stop, the rolled-back steps crossed holds on most levels (a
    // calm solo level may see no big event in 2,000 steps).
    assert!(held * 2 >= shipped_levels().len(), "{held} levels held");
}

#[test]
fn effects_fire_once_under_the_sync_tests_rollbacks() {
    let text = shipped_levels()[1].text;
    let (fired, rollback) = sync_test(game_of(text, 5), 1500, 4, false).unwrap();
    // The inputs the sync test used are the CPUs', which decide from the true game:
    // the straight run with fresh CPUs makes the same ones.
    let mut game = game_of(text, 5);
    let mut c = cpus(5);
    let mut inputs = Vec::new();
    for _ in 0..1500 {
        let i = gather_inputs(&game, &mut c, |_| Intent::IDLE);
        game.step(&i);
        inputs.push(i);
    }
    let (expected, hash) = straight(game_of(text, 5), &inputs);
    assert_eq!(rollback.game().state_hash(), hash);
    assert!(
        expected.len() > 20,
        "a game with events: {}",
        expected.len()
    );
    assert_eq!(fired, expected, "each event fired once, in order");
}

/// A match where the top player's inputs arrive `lag` steps late and are
/// predicted meanwhile (the last one known repeats, as GGRS predicts), with the
/// rollbacks that follows when the prediction was wrong: what the shell was left
/// showing (fired minus withdrawn), how many were withdrawn, and the final game.
fn mispredicted_match(text: &str, truth: &[Inputs], lags: &[usize]) -> (Vec<Fired>, usize, Game) {
    let n = truth.len();
    let mut rollback = Rollback::new(game_of(text, 9));
    let mut saved = vec![rollback.save()];
    let mut used_top: Vec<Intent> = Vec::new();
    let (mut shown, mut withdrawn) = (Vec::<Fired>::new(), 0);
    let mut known = 0;
    let predicted = |known: usize| {
        if known == 0 {
            Intent::IDLE
        } else {
            truth[known - 1].players[1]
        }
    };
    for f in 0..=n {
        known = known.max(f.saturating_sub(lags[f % lags.len()])).min(n);
        if f == n {
            known = n;
        }
        if let Some(g) =
            (0..known.min(used_top.len())).find(|&g| used_top[g] != truth[g].players[1])
        {
            rollback.load(&saved[g]);
            saved.truncate(g + 1);
            used_top.truncate(g);
            for (h, step) in truth.iter().enumerate().take(f).skip(g) {
                let top = if h < known {
                    step.players[1]
                } else {
                    predicted(known)
                };
                rollback.advance([pack_intent(step.players[0]), pack_intent(top)]);
                used_top.push(top);
                saved.push(rollback.save());
            }
        }
        if f < n {
            let top = if f < known {
                truth[f].players[1]
            } else {
                predicted(known)
            };
            rollback.advance([pack_intent(truth[f].players[0]), pack_intent(top)]);
            used_top.push(top);
            saved.push(rollback.save());
        }
        let settled = rollback.settle();
        for w in &settled.withdraw {
            let k = shown
                .iter()
                .position(|s| s == w)
                .expect("only shown events are withdrawn");
            shown.remove(k);
            withdrawn += 1;
        }
        shown.extend(settled.fire);
    }
    (shown, withdrawn, rollback.game().clone())
}

#[test]
fn effects_fire_once_and_erased_ones_are_withdrawn_under_mispredictions() {
    // Under rules 1, the game this case was chosen in (its mispredictions erase
    // events; the rollback machinery is the same under every rules version, and
    // the sync test below plays rules 2 on every level).
    let text = &format!("rules = 1\n{}", shipped_levels()[0].text);
    let mut game = game_of(text, 9);
    let mut c = cpus(9);
    let truth: Vec<Inputs> = (0..2400)
        .map(|_| {
            let i = gather_inputs(&game, &mut c, |_| Intent::IDLE);
            game.step(&i);
            i
        })
        .collect();
    let (expected, hash) = straight(game_of(text, 9), &truth);
    let (shown, withdrawn, end) = mispredicted_match(text, &truth, &[3, 8, 1, 6, 5, 2, 7]);
    assert_eq!(end.state_hash(), hash, "rollbacks reach the true game");
    assert!(withdrawn > 0, "the predictions were wrong sometimes");
    // What stays shown is the true game's events, each once (a re-simulated event
    // may have moved a few steps or a little way, and is still the same one).
    assert_eq!(shown.len(), expected.len(), "{withdrawn} withdrawn");
    let mut left = expected.clone();
    for s in &shown {
        let k = left
            .iter()
            .position(|e| {
                same_event(&e.event, &s.event) && (e.frame - s.frame).abs() <= MATCH_FRAMES
            })
            .unwrap_or_else(|| panic!("shown but not in the true game: {s:?}"));
        left.remove(k);
    }
}

#[test]
fn confirmed_inputs_replay_to_the_rolled_back_game_with_holds_left_out() {
    use arkanong_core::game::Replay;
    // The first shipped level whose 2,000 steps cross hit-stop holds, every step
    // rolled back 5 steps and simulated again by the sync test.
    let held = shipped_levels().iter().find_map(|shipped| {
        let (_, rollback) = sync_test(game_of(shipped.text, 13), SYNC_STEPS, 5, true).unwrap();
        rollback.hold().last.map(|_| (shipped.text, rollback))
    });
    let (text, rollback) = held.expect("a level where the match held");
    let frames = i32::try_from(SYNC_STEPS).unwrap();
    let inputs = rollback.confirmed_inputs(frames);
    assert!(inputs.len() < SYNC_STEPS, "held frames are not steps");
    let level = Level::parse(text).unwrap();
    let mode = rollback.game().mode();
    let replay = Replay::record(&level, mode, 13, inputs);
    assert_eq!(replay.final_hash, rollback.game().state_hash());
    let earlier = rollback.confirmed_inputs(100);
    assert!(earlier.len() <= 100 && !earlier.is_empty());
}
