//! The bound on one step's work. Every pass of a step is linear in the balls
//! but one: ball against ball, which at worst (every ball piled on one spot)
//! meets every pair. With the balls in play capped at [`MAX_BALLS_IN_PLAY`]
//! (Disruption splits no further, `powerups.rs`; a level stages at most
//! `level::MAX_BALLS`) that pass, and so the step, has a ceiling whatever a
//! level, a replay or a match does. The physics' events count the contacts the
//! step resolved, so a step's events stay under [`step_events_bound`].

use crate::tuning::{MAX_BALLS_IN_PLAY, MAX_CONTACTS_PER_STEP};

/// The most physics events one step can report: each ball's contacts with
/// shapes and paddles (at most [`MAX_CONTACTS_PER_STEP`] each), each pair of
/// balls touching once, and each ball crossing a goal line.
pub fn step_events_bound() -> usize {
    let n = MAX_BALLS_IN_PLAY;
    n * MAX_CONTACTS_PER_STEP as usize + n * (n - 1) / 2 + n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Inputs, Mode};
    use crate::level::{Level, PowerUp, Side};
    use proptest::prelude::*;

    /// A versus level with `staged` balls piled within a few units of one spot
    /// (every pair in reach of each other: the pair pass's worst case) and a
    /// row of D capsules.
    fn piled(staged: usize, spread: f32) -> Game {
        let mut text = String::from(
            "mode = versus\nballs = 8\nbricks_center = 400,150\n[bricks]\n1111\n[powerups]\nDDDD\n[balls]\n",
        );
        for k in 0..staged {
            let t = k as f32 / staged.max(1) as f32;
            text.push_str(&format!(
                "ball at {:.2},{:.2} velocity {:.0},{:.0} owner {}\n",
                400.0 + spread * libm::cosf(t * std::f32::consts::TAU),
                500.0 + spread * libm::sinf(t * std::f32::consts::TAU),
                300.0 - 600.0 * t,
                400.0,
                if k % 2 == 0 { "bottom" } else { "top" },
            ));
        }
        Game::new(
            &Level::parse(&text).expect("the piled level parses"),
            Mode::Versus,
            7,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// The worst levels we can build (the most staged balls, piled on one
        /// spot) and the worst capsules (Disruption after Disruption, for either
        /// side, every few steps): the balls stay within the cap and each
        /// step's physics work within its bound.
        #[test]
        fn disruptions_on_piled_balls_stay_within_the_cap_and_the_step_bound(
            staged in 1usize..=crate::level::MAX_BALLS,
            spread in 0.0f32..20.0,
            grants in proptest::collection::vec((0u32..40, any::<bool>()), 1..12),
        ) {
            let mut game = piled(staged, spread);
            let mut most = 0;
            for step in 0..40u32 {
                for &(at, top) in &grants {
                    if at == step {
                        let side = if top { Side::Top } else { Side::Bottom };
                        game.grant_power_up(side, PowerUp::Disruption);
                    }
                }
                prop_assert!(game.ball_count() <= MAX_BALLS_IN_PLAY);
                game.step(&Inputs::default());
                most = most.max(game.ball_count());
                prop_assert!(
                    game.last_physics_events().len() <= step_events_bound(),
                    "{} events at step {step}", game.last_physics_events().len()
                );
            }
            prop_assert!(most <= MAX_BALLS_IN_PLAY);
        }
    }

    #[test]
    fn a_disruption_past_the_cap_splits_only_the_first_balls_the_same_way_twice() {
        let run = || {
            let mut game = piled(crate::level::MAX_BALLS, 10.0);
            for _ in 0..4 {
                game.grant_power_up(Side::Bottom, PowerUp::Disruption);
                game.grant_power_up(Side::Top, PowerUp::Disruption);
            }
            assert_eq!(game.ball_count(), MAX_BALLS_IN_PLAY, "filled to the cap");
            for _ in 0..30 {
                game.step(&Inputs::default());
            }
            game.state_hash()
        };
        assert_eq!(run(), run(), "the cut is deterministic");
    }
}
