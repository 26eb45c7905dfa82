//! The session keeps one squash per ball, following a played game: the squash
//! model (`app::feel`) is fed by the session (`app::play`), so the test that the two
//! agree lives here, above both.

use arkanong_core::app::play::Session;
use arkanong_core::physics::Event;

#[test]
fn squashes_follow_a_played_game_and_its_contacts() {
    let level =
        arkanong_core::level::Level::parse(arkanong_core::level::shipped_levels()[0].text).unwrap();
    let mut s = Session::attract(&level, 0, 3);
    let mut squashed = 0;
    for _ in 0..2400 {
        s.step_cpus();
        let ids: Vec<u32> = s.game.world().balls().iter().map(|b| b.id.0).collect();
        let kept: Vec<u32> = s.squashes.as_slice().iter().map(|q| q.id).collect();
        assert_eq!(ids, kept);
        // Exactly the balls the physics reported touching are fresh.
        let mut touched: Vec<u32> = s
            .game
            .last_physics_events()
            .iter()
            .flat_map(|e| match *e {
                Event::BallHitShape { ball, .. } | Event::BallHitPaddle { ball, .. } => {
                    vec![ball.0]
                }
                Event::BallTouchedBall { first, second, .. } => vec![first.0, second.0],
                Event::BallCrossedGoal { .. } => vec![],
            })
            .filter(|id| ids.contains(id))
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let fresh: Vec<u32> = s
            .squashes
            .as_slice()
            .iter()
            .filter(|q| q.is_fresh())
            .map(|q| q.id)
            .collect();
        assert_eq!(touched, fresh);
        squashed += fresh.len();
    }
    assert!(squashed > 20, "only {squashed} contacts in 20 s of play");
}
