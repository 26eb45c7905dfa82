//! Issue 34's brick kinds in play: explosive `*` bricks break their neighbours
//! (chains, steel standing), regrowing `~` bricks grow back after
//! `REGROW_SECONDS` unless a ball is in the way, and a solo level is cleared
//! with regrowing bricks standing.

use arkanong_core::game::{Game, GameEvent, Inputs, Mode, Outcome, Striker};
use arkanong_core::level::{BrickKind, Level, Side};
use arkanong_core::tuning::{BLAST_DELAY_STEPS, REGROW_SECONDS, STEPS_PER_SECOND};
use glam::Vec2;

fn level(text: &str) -> Level {
    Level::parse(text).unwrap_or_else(|d| panic!("{d:#?}"))
}

fn run(game: &mut Game, steps: usize) -> Vec<(u64, GameEvent)> {
    (0..steps)
        .flat_map(|_| {
            let step = game.steps();
            game.step(&Inputs::default())
                .into_iter()
                .map(move |e| (step, e))
        })
        .collect()
}

fn kinds(game: &Game) -> Vec<BrickKind> {
    game.bricks().map(|b| b.kind).collect()
}

/// Columns x 300..500 (50 wide), rows y 278..300 and 300..322; the ball rises
/// into the bottom of the brick at column 1, row 1 (centre 375,311).
const BLAST: &str = "mode = versus\nbrick_size = 50x22\nbricks_center = 400,300\n[bricks]\n1=12\n1*12\n[balls]\nball at 375,345 velocity 20,-480\n";

#[test]
fn explosive_brick_breaks_its_neighbours_but_not_steel_or_farther_bricks() {
    let mut game = Game::new(&level(BLAST), Mode::Versus, 3);
    let events = run(&mut game, 3 * BLAST_DELAY_STEPS as usize);
    let hit = events
        .iter()
        .find(|(_, e)| {
            matches!(
                e,
                GameEvent::BrickBroken {
                    by: Striker::Ball,
                    ..
                }
            )
        })
        .expect("the ball breaks the explosive brick")
        .0;
    let blasts: Vec<u64> = events
        .iter()
        .filter(|(_, e)| matches!(e, GameEvent::BrickExploded { .. }))
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(blasts, [hit + u64::from(BLAST_DELAY_STEPS)], "{events:?}");
    let by_blast = events
        .iter()
        .filter(|(_, e)| {
            matches!(
                e,
                GameEvent::BrickBroken {
                    by: Striker::Blast,
                    ..
                }
            )
        })
        .count();
    assert_eq!(by_blast, 4, "its four breakable neighbours");
    assert_eq!(
        kinds(&game),
        [
            BrickKind::Steel,
            BrickKind::Breakable { hits: 2 },
            BrickKind::Breakable { hits: 2 }
        ],
        "steel and the column out of reach stand"
    );
    let score = game.player(Side::Bottom).unwrap().score;
    assert_eq!(score, 5, "1 for the explosive brick, 1 for each neighbour");
}

#[test]
fn explosive_bricks_chain_one_delay_per_link() {
    let text = "mode = versus\nbrick_size = 50x22\nbricks_center = 400,300\n[bricks]\n.**1.1\n[balls]\nball at 375,330 velocity 20,-480\n";
    let mut game = Game::new(&level(text), Mode::Versus, 3);
    let events = run(&mut game, 4 * BLAST_DELAY_STEPS as usize);
    let blasts: Vec<u64> = events
        .iter()
        .filter(|(_, e)| matches!(e, GameEvent::BrickExploded { .. }))
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(blasts.len(), 2, "{events:?}");
    assert_eq!(blasts[1] - blasts[0], u64::from(BLAST_DELAY_STEPS));
    // The chain reached the `1` beside the second bomb; the far `1` stands.
    assert_eq!(kinds(&game), [BrickKind::Breakable { hits: 1 }]);
}

/// The ball breaks the `~` and leaves by the bottom goal past the idle paddle.
const REGROW: &str = "mode = versus\nbrick_size = 50x22\nbricks_center = 400,300\n[bricks]\n=~=\n[balls]\nball at 400,330 velocity 200,-480\n";

#[test]
fn regrowing_brick_grows_back_after_its_time() {
    let mut game = Game::new(&level(REGROW), Mode::Versus, 3);
    let events = run(&mut game, 10);
    assert!(events
        .iter()
        .any(|(_, e)| matches!(e, GameEvent::BrickBroken { points: 1, .. })));
    assert_eq!(game.regrowing().len(), 1);
    assert_eq!(kinds(&game), [BrickKind::Steel, BrickKind::Steel]);
    let wait = (REGROW_SECONDS * STEPS_PER_SECOND as f32) as usize;
    let events = run(&mut game, wait);
    assert!(
        events
            .iter()
            .any(|(_, e)| matches!(e, GameEvent::BrickRegrew { .. })),
        "grown back within {wait} steps"
    );
    assert!(game.regrowing().is_empty());
    assert!(kinds(&game).contains(&BrickKind::Regrowing));
}

#[test]
fn regrowing_brick_waits_while_a_ball_overlaps_its_cell() {
    let mut game = Game::new(&level(REGROW), Mode::Versus, 3);
    run(&mut game, 10);
    let left = game.regrowing()[0].steps_left as usize;
    run(&mut game, left - 2);
    // A ball in the cell as the wait ends.
    let cell = Vec2::new(400.0, 289.0);
    game.spawn_ball(cell, Vec2::new(0.0, -300.0), Side::Bottom)
        .expect("the broken brick's cell is free");
    let events = run(&mut game, 3);
    assert!(
        !events
            .iter()
            .any(|(_, e)| matches!(e, GameEvent::BrickRegrew { .. })),
        "a ball in the cell holds it back"
    );
    assert_eq!(game.regrowing().len(), 1);
    assert_eq!(game.regrowing()[0].steps_left, 0);
    let events = run(&mut game, 240);
    assert!(events
        .iter()
        .any(|(_, e)| matches!(e, GameEvent::BrickRegrew { .. })));
}

#[test]
fn solo_is_cleared_with_regrowing_bricks_standing() {
    let text = "mode = solo\nbrick_size = 50x22\nbricks_center = 400,300\n[bricks]\n~1~\n[balls]\nball at 400,330 velocity 20,-480\n";
    let mut game = Game::new(&level(text), Mode::Solo, 3);
    let events = run(&mut game, 20);
    assert!(
        events
            .iter()
            .any(|(_, e)| *e == GameEvent::GameOver(Outcome::Cleared)),
        "{events:?}"
    );
    assert_eq!(kinds(&game), [BrickKind::Regrowing, BrickKind::Regrowing]);
}

#[test]
fn blast_games_replay_to_the_same_hash() {
    let a = {
        let mut g = Game::new(&level(BLAST), Mode::Versus, 3);
        run(&mut g, 2000);
        g.state_hash()
    };
    let b = {
        let mut g = Game::new(&level(BLAST), Mode::Versus, 3);
        run(&mut g, 2000);
        g.state_hash()
    };
    assert_eq!(a, b);
}
