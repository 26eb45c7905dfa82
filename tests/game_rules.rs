//! The rules as scripted scenarios, one per case, on small staged levels.

use arkanong_core::game::{
    Cpu, Difficulty, Game, GameEvent, Inputs, Intent, Mode, Outcome, PointerTarget, Striker, DT,
};
use arkanong_core::level::{Level, PowerUp, Side};
use glam::Vec2;

fn level(text: &str) -> Level {
    Level::parse(text).unwrap_or_else(|d| panic!("{d:#?}"))
}

fn idle() -> Inputs {
    Inputs::default()
}

/// Inputs that hold the bottom paddle still and send the top one (if any) to the left.
fn run(game: &mut Game, steps: usize, inputs: Inputs) -> Vec<GameEvent> {
    (0..steps).flat_map(|_| game.step(&inputs)).collect()
}

fn bottom(i: Intent) -> Inputs {
    Inputs {
        players: [i, Intent::IDLE],
    }
}

#[test]
fn serve_launches_a_ball_from_the_paddle_toward_the_field() {
    let mut game = Game::new(&level("[bricks]\n111\n"), Mode::Versus, 5);
    assert_eq!(
        (game.world().balls().len(), game.ball_count()),
        (0, 2),
        "both serves wait on the paddles"
    );
    let events = game.step(&bottom(Intent {
        serve: true,
        ..Intent::IDLE
    }));
    assert!(
        matches!(
            events[..],
            [GameEvent::Served {
                side: Side::Bottom,
                ..
            }]
        ),
        "{events:?}"
    );
    let ball = game.world().balls()[0];
    assert!(ball.velocity.y < 0.0 && ball.position.y > 900.0, "{ball:?}");
    let turn = ball.velocity.x.atan2(-ball.velocity.y).to_degrees().abs();
    assert!(
        (6.0..=26.0).contains(&turn),
        "aimed a little off straight: {turn}"
    );
    assert_eq!(game.ball_count(), 2);
}

#[test]
fn serve_launches_by_itself_after_the_timeout_under_rules_1_only() {
    let mut game = Game::new(&level("rules = 1\n[bricks]\n111\n"), Mode::Solo, 5);
    run(&mut game, 359, idle());
    assert_eq!(game.world().balls().len(), 0);
    run(&mut game, 2, idle());
    assert_eq!(game.world().balls().len(), 1);
    // Rules 2: the serve waits for its player.
    let mut game = Game::new(&level("[bricks]\n111\n"), Mode::Solo, 5);
    run(&mut game, 3600, idle());
    assert_eq!(game.world().balls().len(), 0);
}

#[test]
fn brick_break_scores_for_the_balls_owner() {
    let text = "[bricks]\n1\n[balls]\nball at 400,700 velocity 0,-600 owner top\n";
    let mut game = Game::new(&level(text), Mode::Versus, 1);
    let events = run(&mut game, 120, idle());
    assert!(
        events.iter().any(|e| matches!(
            e,
            GameEvent::BrickBroken {
                side: Side::Top,
                capsule: None,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(game.player(Side::Top).unwrap().score, 1);
    assert_eq!(game.breakable_left(), 0);
}

#[test]
fn tough_brick_cracks_before_it_breaks() {
    let text = "[bricks]\n3\n[balls]\nball at 400,700 velocity 0,-600\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let events = run(&mut game, 90, idle());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::BrickHit { hits_left: 2, .. })),
        "{events:?}"
    );
    assert_eq!(game.bricks().filter(|b| b.hits_left == Some(2)).count(), 1);
}

#[test]
fn capsule_caught_enlarges_the_paddle() {
    let text = "[bricks]\n1.1\n[powerups]\n..E\n[balls]\nball at 425,700 velocity 0,-600\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let before = game.world().paddles()[0].half_width;
    let events = run(&mut game, 400, idle());
    assert!(
        events.iter().any(|e| matches!(
            e,
            GameEvent::CapsuleCaught {
                side: Side::Bottom,
                power_up: PowerUp::Enlarge
            }
        )),
        "{events:?}"
    );
    assert!(game.world().paddles()[0].half_width > before * 1.4);
    let secs = game.players()[0].effects.active();
    assert!(
        matches!(secs[..], [(PowerUp::Enlarge, s)] if s > 9.0),
        "timed effects show their time left: {secs:?}"
    );
}

#[test]
fn capsule_missed_falls_away() {
    let text = "[bricks]\n1.1\n[powerups]\n..S\n[balls]\nball at 425,700 velocity 0,-600\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let left = Inputs {
        players: [
            Intent {
                dx: -1,
                ..Intent::IDLE
            },
            Intent::IDLE,
        ],
    };
    let events = run(&mut game, 400, left);
    assert!(!events
        .iter()
        .any(|e| matches!(e, GameEvent::CapsuleCaught { .. })));
    assert!(game.capsules().is_empty());
}

#[test]
fn conversion_faster_ball_takes_the_slower_one() {
    // The bottom player's ball overtakes the top player's slower one.
    let text = "mode = versus\n[balls]\nball at 400,600 velocity 0,-900 owner bottom\nball at 400,450 velocity 0,-300 owner top\n";
    let mut game = Game::new(&level(text), Mode::Versus, 1);
    let events = run(&mut game, 60, idle());
    assert!(
        events.iter().any(|e| matches!(
            e,
            GameEvent::BallConverted {
                to: Side::Bottom,
                ..
            }
        )),
        "{events:?}"
    );
    assert!(game.world().balls().iter().all(|b| b.owner == 0));
}

#[test]
fn conversion_symmetric_head_on_hit_swaps_no_colours() {
    let text = "mode = versus\n[balls]\nball at 400,600 velocity 0,-500 owner bottom\nball at 400,400 velocity 0,500 owner top\n";
    let mut game = Game::new(&level(text), Mode::Versus, 1);
    let events = run(&mut game, 40, idle());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::BallsTouched { .. })),
        "{events:?}"
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, GameEvent::BallConverted { .. })));
    let owners: Vec<u8> = game.world().balls().iter().map(|b| b.owner).collect();
    assert_eq!(owners, vec![0, 1]);
}

#[test]
fn goal_scores_for_the_other_side_and_the_serve_returns_to_the_loser() {
    let text = "mode = versus\n[balls]\nball at 100,500 velocity 0,-900 owner bottom\n";
    let mut game = Game::new(&level(text), Mode::Versus, 1);
    let events = run(&mut game, 120, idle());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Goal { against: Side::Top })),
        "{events:?}"
    );
    assert_eq!(game.player(Side::Bottom).unwrap().score, 5);
    let top = game.player(Side::Top).unwrap();
    assert_eq!(
        top.held.len(),
        1,
        "the top player, who lost the ball, serves next"
    );
}

#[test]
fn lost_life_when_the_last_ball_leaves_in_solo() {
    let text = "[bricks]\n1\n[balls]\nball at 100,700 velocity 0,700\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let events = run(&mut game, 120, idle());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::LifeLost { lives_left: 2 })),
        "{events:?}"
    );
    assert_eq!(game.players()[0].lives, 2);
    assert_eq!(game.players()[0].held.len(), 1, "a new serve waits");
}

#[test]
fn out_of_lives_ends_the_solo_game() {
    let text = "lives = 1\n[bricks]\n1\n[balls]\nball at 100,700 velocity 0,700\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let events = run(&mut game, 120, idle());
    assert!(
        events.contains(&GameEvent::GameOver(Outcome::OutOfLives)),
        "{events:?}"
    );
    assert_eq!(game.outcome(), Some(Outcome::OutOfLives));
}

#[test]
fn level_cleared_when_the_last_breakable_brick_breaks() {
    let text = "[bricks]\n=1=\n[balls]\nball at 400,700 velocity 0,-600\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let events = run(&mut game, 120, idle());
    assert!(
        events.contains(&GameEvent::GameOver(Outcome::Cleared)),
        "{events:?}"
    );
    assert_eq!(game.bricks().count(), 2, "the unbreakable ones stay");
    assert!(
        game.step(&idle()).is_empty(),
        "nothing happens after the end"
    );
}

#[test]
fn game_won_at_the_target_score_under_rules_1() {
    let text = "rules = 1\ntarget_score = 2\n[bricks]\n2\n1\n[balls]\nball at 400,700 velocity 0,-600 owner top\nball at 100,700 velocity 0,-500 owner bottom\n";
    let mut game = Game::new(&level(text), Mode::Versus, 1);
    let events = run(&mut game, 300, idle());
    let over: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, GameEvent::GameOver(_)))
        .collect();
    assert_eq!(over.len(), 1, "{events:?}");
    assert!(matches!(game.outcome(), Some(Outcome::Won(_))));
}

#[test]
fn laser_shot_breaks_the_first_brick_it_crosses() {
    // Five rows: the ball breaks the capsule's brick in the bottom row and leaves
    // bricks standing in every column, so a shot always has one to break.
    let text = "[bricks]\n33333\n33333\n33333\n33333\n11111\n[powerups]\n.....\n.....\n.....\n.....\n..L..\n[balls]\nball at 400,700 velocity 0,-600\n";
    let lvl = level(text);
    let mut game = Game::new(&lvl, Mode::Solo, 1);
    let mut caught = false;
    for _ in 0..400 {
        let events = game.step(&idle());
        if events.iter().any(|e| {
            matches!(
                e,
                GameEvent::CapsuleCaught {
                    power_up: PowerUp::Laser,
                    ..
                }
            )
        }) {
            caught = true;
            break;
        }
    }
    assert!(caught, "the laser capsule was caught");
    assert!(game.players()[0].effects.laser > 0);
    let left_before = game.breakable_left();
    assert!(left_before > 0, "bricks are left for the shots");
    let fire = bottom(Intent {
        fire: true,
        ..Intent::IDLE
    });
    let events = run(&mut game, 60, fire);
    assert!(events
        .iter()
        .any(|e| matches!(e, GameEvent::LaserFired { .. })));
    let laser_hits: Vec<_> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                GameEvent::BrickHit {
                    by: Striker::Laser,
                    ..
                } | GameEvent::BrickBroken {
                    by: Striker::Laser,
                    ..
                }
            )
        })
        .collect();
    assert!(!laser_hits.is_empty(), "a shot struck a brick: {events:?}");
    // A shot stops at the first brick it crosses: the first strike is in the
    // bottom row, or the row above it where the ball cleared the bottom brick.
    let lowest_rows_top = lvl.brick_rect(3, 0).min.y;
    let first_y = match laser_hits[0] {
        GameEvent::BrickHit { point, .. } => point.y,
        GameEvent::BrickBroken { center, .. } => center.y,
        _ => unreachable!(),
    };
    assert!(
        first_y >= lowest_rows_top,
        "the first strike at y = {first_y} went past a standing brick"
    );
    let broken = events
        .iter()
        .filter(|e| matches!(e, GameEvent::BrickBroken { .. }))
        .count();
    assert_eq!(
        game.breakable_left(),
        left_before - broken,
        "every brick that left the field was reported broken"
    );
}

#[test]
fn disruption_splits_each_of_your_balls_into_three() {
    let text = "[bricks]\n1.1\n[powerups]\n..D\n[balls]\nball at 425,700 velocity 0,-600\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    let mut saw = false;
    for _ in 0..400 {
        let before = game.ball_count();
        let events = game.step(&idle());
        if events.iter().any(|e| {
            matches!(
                e,
                GameEvent::CapsuleCaught {
                    power_up: PowerUp::Disruption,
                    ..
                }
            )
        }) {
            assert_eq!(game.ball_count(), before * 3);
            saw = true;
            break;
        }
    }
    assert!(saw);
}

#[test]
fn shield_turns_a_goal_into_a_bounce() {
    let text = "[bricks]\n1\n[balls]\nball at 100,700 velocity 0,700\n";
    let mut game = Game::new(&level(text), Mode::Solo, 1);
    // Reach the shield through the rules, as a caught capsule would.
    let g = &mut game;
    arkanong_test_support::give(g, Side::Bottom, PowerUp::Shield);
    let events = run(&mut game, 120, idle());
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Goal { .. } | GameEvent::LifeLost { .. })),
        "{events:?}"
    );
    assert!(game.world().balls()[0].velocity.y < 0.0, "bounced back up");
}

#[test]
fn paddle_moves_in_eight_directions_inside_its_zone() {
    let mut game = Game::new(&level("[bricks]\n1\n"), Mode::Versus, 1);
    let start = game.world().paddles()[0].position;
    run(
        &mut game,
        10,
        bottom(Intent {
            dx: 1,
            dy: -1,
            ..Intent::IDLE
        }),
    );
    let moved = game.world().paddles()[0].position - start;
    assert!(
        moved.x > 0.0 && moved.y < 0.0 && (moved.x + moved.y).abs() < 1e-3,
        "diagonal: {moved}"
    );
    assert!(
        (moved.length() - 720.0 * DT * 10.0).abs() < 1.0,
        "same speed on a diagonal"
    );
    run(
        &mut game,
        500,
        bottom(Intent {
            dx: -1,
            dy: -1,
            ..Intent::IDLE
        }),
    );
    let p = game.world().paddles()[0].position;
    assert!(p.y >= 870.0 && p.x >= 55.0 - 0.01, "kept in its zone: {p}");
}

#[test]
fn pointer_target_puts_the_paddle_there_in_one_step_inside_its_zone() {
    let mut game = Game::new(&level("[bricks]\n111\n"), Mode::Versus, 5);
    let at = |x: u16, y: u16| {
        bottom(Intent {
            target: Some(PointerTarget { x, y }),
            ..Intent::IDLE
        })
    };
    game.step(&at(700, 930));
    let p = game.world().paddles()[0].position;
    assert!(
        (p - Vec2::new(700.0, 930.0)).length() < 1e-3,
        "at once: {p}"
    );
    // From wall to wall and beyond the zone: as far as the zone lets it.
    game.step(&at(0, 0));
    let half = game.world().paddles()[0].half_width;
    let p = game.world().paddles()[0].position;
    assert!(
        (p.x - half).abs() < 1e-3 && p.y >= 870.0,
        "kept in its zone: {p}"
    );
    game.step(&at(800, 1000));
    let p = game.world().paddles()[0].position;
    assert!((p.x - (800.0 - half)).abs() < 1e-3 && p.y < 1000.0, "{p}");
}

mod arkanong_test_support {
    use arkanong_core::game::Game;
    use arkanong_core::level::{PowerUp, Side};

    /// Hands a power-up to a player the way a caught capsule does.
    pub(super) fn give(game: &mut Game, side: Side, power_up: PowerUp) {
        game.grant_power_up(side, power_up);
    }
}

#[test]
fn rally_speed_up_never_passes_the_speed_limit() {
    // At a level speed near the top, the rally's 1.7x would take a ball far past
    // the world's limit; every ball must stay under it after every paddle hit.
    let text = "mode = versus\nball_speed = 1500\n[bricks]\n=\n";
    let mut game = Game::new(&level(text), Mode::Versus, 3);
    let limit = arkanong_core::tuning::MAX_BALL_SPEED * (1.0 + 1e-5);
    let mut cpus = [
        Cpu::new(Side::Bottom, Difficulty::Hard, 1),
        Cpu::new(Side::Top, Difficulty::Hard, 2),
    ];
    let mut paddle_hits = 0;
    for step in 0..3000 {
        let players = [cpus[0].intent(&game), cpus[1].intent(&game)];
        let events = game.step(&Inputs { players });
        paddle_hits += events
            .iter()
            .filter(|e| matches!(e, GameEvent::PaddleHit { .. }))
            .count();
        for b in game.world().balls() {
            let speed = b.velocity.length();
            assert!(speed <= limit, "step {step}: speed {speed} over the limit");
        }
    }
    assert!(paddle_hits > 0, "the scenario has paddle hits to speed up");
}

#[test]
fn disruption_copies_of_a_ball_at_the_goal_line_start_on_the_field() {
    // Found by tests/level_fuzz.rs (seed 20266863): a ball 0.2 units short of the
    // bottom goal line split, and its copies, started 0.5 units along their paths,
    // sat past the line (y = 1000.3) until the next step removed them.
    let mut game = Game::new(&level("[bricks]\n1\n"), Mode::Versus, 1);
    game.spawn_ball(Vec2::new(100.0, 999.8), Vec2::new(0.0, 400.0), Side::Bottom)
        .expect("the spot is free");
    game.grant_power_up(Side::Bottom, PowerUp::Disruption);
    assert_eq!(game.world().balls().len(), 3);
    for b in game.world().balls() {
        assert!(b.position.y <= 1000.0, "{b:?} is past the goal line");
    }
}

#[test]
fn capsule_caught_reduce_shrinks_the_other_paddle_for_a_while() {
    // The bottom player breaks the brick and catches R: the top paddle narrows.
    let text =
        "mode = versus\n[bricks]\n1.1\n[powerups]\n..R\n[balls]\nball at 425,700 velocity 0,-600\n";
    let mut game = Game::new(&level(text), Mode::Versus, 1);
    let half = |g: &Game, k: usize| g.world().paddles()[k].half_width;
    let (bottom_before, top_before) = (half(&game, 0), half(&game, 1));
    let events = run(&mut game, 400, idle());
    assert!(
        events.iter().any(|e| matches!(
            e,
            GameEvent::CapsuleCaught {
                side: Side::Bottom,
                power_up: PowerUp::Reduce
            }
        )),
        "{events:?}"
    );
    assert_eq!(
        half(&game, 0),
        bottom_before,
        "the catcher keeps its paddle"
    );
    assert!(
        (half(&game, 1) - top_before * 0.6).abs() < 1e-3,
        "{}",
        half(&game, 1)
    );
    let top = game.player(Side::Top).unwrap();
    assert!(matches!(top.effects.active()[..], [(PowerUp::Reduce, s)] if s > 9.0));
    let ended = run(&mut game, 12 * 120, idle());
    assert!(ended.iter().any(|e| matches!(
        e,
        GameEvent::EffectEnded {
            side: Side::Top,
            power_up: PowerUp::Reduce
        }
    )));
    assert_eq!(half(&game, 1), top_before, "back to the level's width");
}

#[test]
fn reduce_in_solo_shrinks_your_own_paddle() {
    let mut game = Game::new(&level("[bricks]\n111\n"), Mode::Solo, 2);
    let before = game.world().paddles()[0].half_width;
    game.grant_power_up(Side::Bottom, PowerUp::Reduce);
    assert!((game.world().paddles()[0].half_width - before * 0.6).abs() < 1e-3);
    assert!(game.players()[0].effects.reduce > 0);
}

#[test]
fn reduce_and_enlarge_combine_and_end_each_on_its_own() {
    let mut game = Game::new(&level("[bricks]\n111\n"), Mode::Solo, 2);
    let half = |g: &Game| g.world().paddles()[0].half_width;
    let base = half(&game);
    game.grant_power_up(Side::Bottom, PowerUp::Enlarge);
    run(&mut game, 600, idle());
    game.grant_power_up(Side::Bottom, PowerUp::Reduce);
    assert!(
        (half(&game) - base * 1.5 * 0.6).abs() < 1e-3,
        "{}",
        half(&game)
    );
    // Enlarge ends first (it started 5 s earlier): reduce alone is left.
    run(&mut game, 12 * 120 - 600 + 1, idle());
    assert_eq!(game.players()[0].effects.enlarge, 0);
    assert!((half(&game) - base * 0.6).abs() < 1e-3, "{}", half(&game));
    run(&mut game, 600, idle());
    assert_eq!(half(&game), base);
}

#[test]
fn reduce_timer_enters_the_state_hash_only_while_it_runs() {
    let mut a = Game::new(&level("[bricks]\n111\n"), Mode::Solo, 2);
    let b = a.clone();
    assert_eq!(a.state_hash(), b.state_hash());
    a.grant_power_up(Side::Bottom, PowerUp::Reduce);
    assert_ne!(a.state_hash(), b.state_hash());
}

#[test]
fn paddle_hit_names_the_ball_and_its_owner_even_when_it_is_the_other_players() {
    // A top player's ball strikes the bottom paddle: the event says whose ball it
    // was, so the shell can light the paddle in that colour.
    let mut game = Game::new(&level("[bricks]\n1\n"), Mode::Versus, 4);
    let id = game
        .spawn_ball(Vec2::new(400.0, 800.0), Vec2::new(0.0, 400.0), Side::Top)
        .expect("the spot is free");
    let events = run(&mut game, 120, idle());
    let hit = events.iter().find_map(|e| match *e {
        GameEvent::PaddleHit {
            side, ball, owner, ..
        } => Some((side, ball, owner)),
        _ => None,
    });
    assert_eq!(hit, Some((Side::Bottom, id, Side::Top)), "{events:?}");
}

#[test]
fn laser_shots_leave_from_the_paddles_muzzles() {
    // The shell draws the muzzle flash at `laser_muzzles`: it must be where the
    // shots really start (one step of flight from there after the firing step).
    let mut game = Game::new(&level("[bricks]\n1\n"), Mode::Versus, 2);
    game.grant_power_up(Side::Bottom, PowerUp::Laser);
    // Serve first: a paddle holding a ball does not fire.
    game.step(&bottom(Intent {
        serve: true,
        ..Intent::IDLE
    }));
    let paddle = game.world().paddles()[game.players()[0].paddle.0 as usize].clone();
    let muzzles = arkanong_core::game::laser_muzzles(&paddle);
    let fire = bottom(Intent {
        fire: true,
        ..Intent::IDLE
    });
    let events = game.step(&fire);
    assert!(events.contains(&GameEvent::LaserFired { side: Side::Bottom }));
    assert_eq!(game.shots().len(), 2);
    for (shot, muzzle) in game.shots().iter().zip(muzzles) {
        let start = shot.position - shot.velocity * DT;
        assert!(start.distance(muzzle) < 1e-3, "{start} vs {muzzle}");
    }
    let face = paddle.position.y - arkanong_core::tuning::PADDLE_THICKNESS * 0.5;
    assert!(muzzles.iter().all(|m| m.y < face), "in front of the face");
}
