//! Capsule tags (issue 32): a falling capsule says what it does before it is
//! caught, in a few words beside its letter ("WIDE PADDLE" by an E), so a
//! newcomer on a phone reads a D, V, G or R without the Controls text. The words
//! say what the catcher gets, in this mode: an extra life is points in versus,
//! and Reduce narrows the rival's paddle there but one's own alone.

use crate::game::Mode;
use crate::level::PowerUp;
use crate::tuning::GOAL_POINTS;

/// What catching a `p` capsule does, in capitals, for a game in `mode`.
pub fn capsule_tag(p: PowerUp, mode: Mode) -> String {
    let versus = mode == Mode::Versus;
    match p {
        PowerUp::Slow => "SLOW BALLS".to_owned(),
        PowerUp::Catch => "STICKY PADDLE".to_owned(),
        PowerUp::Laser => "LASER GUN".to_owned(),
        PowerUp::Enlarge => "WIDE PADDLE".to_owned(),
        PowerUp::Disruption => "3 BALLS".to_owned(),
        PowerUp::ExtraLife if versus => format!("+{GOAL_POINTS} POINTS"),
        PowerUp::ExtraLife => "+1 LIFE".to_owned(),
        PowerUp::Convert => "ALL BALLS YOURS".to_owned(),
        PowerUp::Shield => "GOAL SHIELD".to_owned(),
        PowerUp::Reduce if versus => "SHRINK RIVAL".to_owned(),
        PowerUp::Reduce => "SMALL PADDLE".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_capsule_says_something_of_its_own_in_each_mode() {
        for mode in [Mode::Solo, Mode::Versus] {
            let mut tags: Vec<String> = PowerUp::ALL
                .into_iter()
                .map(|p| capsule_tag(p, mode))
                .collect();
            // Short enough to sit beside a capsule on a 390-pixel-wide phone.
            assert!(tags.iter().all(|t| (5..=16).contains(&t.len())), "{tags:?}");
            tags.sort();
            tags.dedup();
            assert_eq!(tags.len(), PowerUp::ALL.len(), "{mode:?}");
        }
    }

    #[test]
    fn the_tag_follows_what_the_capsule_does_in_the_mode() {
        assert_eq!(capsule_tag(PowerUp::ExtraLife, Mode::Solo), "+1 LIFE");
        assert_eq!(
            capsule_tag(PowerUp::ExtraLife, Mode::Versus),
            format!("+{GOAL_POINTS} POINTS")
        );
        assert_eq!(capsule_tag(PowerUp::Reduce, Mode::Versus), "SHRINK RIVAL");
        assert_eq!(capsule_tag(PowerUp::Reduce, Mode::Solo), "SMALL PADDLE");
    }
}
