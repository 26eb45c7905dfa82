//! Levels and modes, and the solo campaign: which levels a mode offers, the play
//! mode a level forces, the next level of a run, and which levels are unlocked.

use super::PlayMode;
use crate::app::records::Progress;
use crate::level::LevelMode;

/// Whether a level of `level` mode is offered when the player chose `play`: solo
/// needs a level that allows solo, the other two a level that allows versus.
pub fn offered(play: PlayMode, level: LevelMode) -> bool {
    match play {
        PlayMode::Solo => level.allows_solo(),
        PlayMode::VersusCpu | PlayMode::TwoPlayers => level.allows_versus(),
    }
}

/// The play mode a game of a `level` mode actually starts in: the choice when the
/// level allows it, else solo for a solo-only level and versus the CPU for a
/// versus-only one (a level named with `--level` starts so).
pub fn fit_play_mode(play: PlayMode, level: LevelMode) -> PlayMode {
    match level {
        _ if offered(play, level) => play,
        LevelMode::Solo => PlayMode::Solo,
        _ => PlayMode::VersusCpu,
    }
}

/// The campaign's next level after `current`: the next one in the list that
/// allows solo, or `None` when `current` was the last (the campaign is won).
pub fn next_solo_level(modes: &[LevelMode], current: usize) -> Option<usize> {
    (current + 1..modes.len()).find(|&i| modes[i].allows_solo())
}

/// Which levels are locked for `play`, by index. In solo the first solo level is
/// open, and each one after it opens when the solo level before it is cleared (or
/// it was cleared itself); versus and two-player games lock nothing.
pub fn locked_levels(
    play: PlayMode,
    modes: &[LevelMode],
    labels: &[&str],
    progress: &Progress,
) -> Vec<bool> {
    let mut locked = vec![false; modes.len()];
    if play != PlayMode::Solo {
        return locked;
    }
    let mut previous_cleared = true;
    for (i, mode) in modes.iter().enumerate() {
        if !mode.allows_solo() {
            continue;
        }
        let cleared = labels.get(i).is_some_and(|l| progress.cleared.contains(*l));
        locked[i] = !(previous_cleared || cleared);
        previous_cleared = cleared;
    }
    locked
}

#[cfg(test)]
mod tests {
    use super::*;
    use LevelMode::{Both, Solo, Versus};

    #[test]
    fn mode_filtering_offers_only_fitting_levels_and_fits_the_mode() {
        assert!(offered(PlayMode::Solo, Solo) && !offered(PlayMode::Solo, Versus));
        assert!(!offered(PlayMode::VersusCpu, Solo) && !offered(PlayMode::TwoPlayers, Solo));
        assert!(offered(PlayMode::TwoPlayers, Both));
        assert_eq!(fit_play_mode(PlayMode::VersusCpu, Solo), PlayMode::Solo);
        assert_eq!(fit_play_mode(PlayMode::Solo, Versus), PlayMode::VersusCpu);
        assert_eq!(
            fit_play_mode(PlayMode::TwoPlayers, Both),
            PlayMode::TwoPlayers
        );
    }

    #[test]
    fn campaign_skips_versus_only_levels_and_ends_after_the_last() {
        let modes = [Both, Versus, Solo, Versus];
        assert_eq!(next_solo_level(&modes, 0), Some(2));
        assert_eq!(next_solo_level(&modes, 2), None);
    }

    #[test]
    fn campaign_unlocks_levels_as_they_are_cleared() {
        let modes = [Both, Versus, Solo, Both];
        let labels = ["a", "b", "c", "d"];
        let mut p = Progress::default();
        let locked = |p: &Progress| locked_levels(PlayMode::Solo, &modes, &labels, p);
        assert_eq!(locked(&p), [false, false, true, true]);
        p.cleared.insert("a".into());
        assert_eq!(locked(&p), [false, false, false, true]);
        p.cleared.insert("c".into());
        assert_eq!(locked(&p), [false, false, false, false]);
        // A level cleared before stays open even if an earlier one is not.
        let mut only_d = Progress::default();
        only_d.cleared.insert("d".into());
        assert_eq!(locked(&only_d), [false, false, true, false]);
        assert!(locked_levels(PlayMode::VersusCpu, &modes, &labels, &p)
            .iter()
            .all(|l| !l));
    }
}
