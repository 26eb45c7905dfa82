//! Levels and modes, and the solo campaign: which levels a mode offers, the play
//! mode a level forces, the next level of a run, and which levels are unlocked.

use super::{PlayMode, Session};
use crate::app::records::Progress;
use crate::level::{Level, LevelMode};

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

/// The campaign's next level after `current`: the next shipped level in the
/// list that allows solo, or `None` when `current` was the last (the campaign is
/// won) or is not a shipped level (a player's own level is a run of its own).
/// `campaign[i]` says whether level `i` is shipped (part of the campaign).
pub fn next_solo_level(modes: &[LevelMode], campaign: &[bool], current: usize) -> Option<usize> {
    let shipped = |i: usize| campaign.get(i).copied().unwrap_or(false);
    if !shipped(current) {
        return None;
    }
    (current + 1..modes.len()).find(|&i| shipped(i) && modes[i].allows_solo())
}

/// `level` as a solo run's next game starts it: with the lives `previous` (the
/// level just cleared) had left, at least one, instead of the file's own
/// `lives` (an extra life caught is kept; a run started on a later level gets
/// that level's lives). Any other mode plays the level as it is.
pub fn carry_lives(level: &Level, previous: &Session) -> Level {
    let mut next = level.clone();
    if previous.play_mode == PlayMode::Solo {
        if let Some(p) = previous.game.players().first() {
            next.lives = p.lives.max(1);
        }
    }
    next
}

/// Solo games lost (out of lives) at a shipped level that open the next one
/// without a clear: a set never walls a player in (issue 40).
pub const TRIES_OPEN_NEXT: u32 = 3;

/// Which levels are locked for `play`, by index. In solo the first shipped solo
/// level is open, and each shipped one after it opens when the shipped solo
/// level before it is cleared or was lost [`TRIES_OPEN_NEXT`] times (or it was
/// cleared itself: a cleared level can always be played again). The player's own
/// levels (`campaign[i]` false: the editor's, extra files, `--level`) are never
/// locked and never take part in the chain, so they cannot lock or unlock a
/// shipped one. Versus and two-player games lock nothing.
pub fn locked_levels(
    play: PlayMode,
    modes: &[LevelMode],
    campaign: &[bool],
    labels: &[&str],
    progress: &Progress,
) -> Vec<bool> {
    let chain = solo_chain(play, modes, campaign, labels, progress);
    chain
        .into_iter()
        .map(|open| open == Opened::Locked)
        .collect()
}

/// How a level of the solo chain stands (see [`solo_chain`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opened {
    /// Open: the first of its chain, not in a chain, cleared, or the one
    /// before it cleared.
    Open,
    /// Open because the level before it was lost [`TRIES_OPEN_NEXT`] times
    /// without a clear: the level select says so.
    AfterTries,
    /// Locked.
    Locked,
}

/// Each level's standing in the solo chain, by index, under the rules of
/// [`locked_levels`]; outside solo every level is [`Opened::Open`].
pub fn solo_chain(
    play: PlayMode,
    modes: &[LevelMode],
    campaign: &[bool],
    labels: &[&str],
    progress: &Progress,
) -> Vec<Opened> {
    let mut chain = vec![Opened::Open; modes.len()];
    if play != PlayMode::Solo {
        return chain;
    }
    // How the level before opens the next: by its clear, by its tries, or not.
    let mut before = Opened::Open;
    for (i, mode) in modes.iter().enumerate() {
        if !mode.allows_solo() || !campaign.get(i).copied().unwrap_or(false) {
            continue;
        }
        let label = labels.get(i).copied().unwrap_or("");
        let cleared = progress.cleared.contains(label);
        chain[i] = if cleared { Opened::Open } else { before };
        before = if cleared {
            Opened::Open
        } else if progress.tries_at(label) >= TRIES_OPEN_NEXT {
            Opened::AfterTries
        } else {
            Opened::Locked
        };
    }
    chain
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
        let all = [true; 4];
        assert_eq!(next_solo_level(&modes, &all, 0), Some(2));
        assert_eq!(next_solo_level(&modes, &all, 2), None);
        // A player's own level (not shipped) is neither followed nor a next level.
        let own_last = [true, true, false, true];
        assert_eq!(next_solo_level(&modes, &own_last, 0), None);
        assert_eq!(next_solo_level(&[Solo, Solo], &[false, true], 0), None);
    }

    #[test]
    fn campaign_unlocks_levels_as_they_are_cleared() {
        let modes = [Both, Versus, Solo, Both];
        let labels = ["a", "b", "c", "d"];
        let mut p = Progress::default();
        let all = [true; 4];
        let locked = |p: &Progress| locked_levels(PlayMode::Solo, &modes, &all, &labels, p);
        assert_eq!(locked(&p), [false, false, true, true]);
        p.cleared.insert("a".into());
        assert_eq!(locked(&p), [false, false, false, true]);
        p.cleared.insert("c".into());
        assert_eq!(locked(&p), [false, false, false, false]);
        // A level cleared before stays open even if an earlier one is not.
        let mut only_d = Progress::default();
        only_d.cleared.insert("d".into());
        assert_eq!(locked(&only_d), [false, false, true, false]);
        assert!(
            locked_levels(PlayMode::VersusCpu, &modes, &all, &labels, &p)
                .iter()
                .all(|l| !l)
        );
    }

    #[test]
    fn own_levels_are_never_locked_and_never_lock_shipped_ones() {
        // An own level first (as `--level` used to put it), shipped ones after,
        // and an editor level last: a fresh profile still opens the first
        // shipped level, and the own levels stay open.
        let modes = [Solo, Both, Solo, Solo];
        let campaign = [false, true, true, false];
        let labels = ["mine.txt", "01.txt", "02.txt", "your level: X"];
        let fresh = Progress::default();
        let locked = locked_levels(PlayMode::Solo, &modes, &campaign, &labels, &fresh);
        assert_eq!(locked, [false, false, true, false]);
        // Clearing an own level unlocks nothing.
        let mut p = Progress::default();
        p.cleared.insert("mine.txt".into());
        p.cleared.insert("your level: X".into());
        assert_eq!(
            locked_levels(PlayMode::Solo, &modes, &campaign, &labels, &p),
            locked
        );
    }

    #[test]
    fn three_games_lost_open_the_next_level_and_say_so() {
        // Issue 40: "a set never walls a player in".
        let modes = [Solo, Versus, Both, Solo];
        let labels = ["a", "b", "c", "d"];
        let all = [true; 4];
        let chain = |p: &Progress| solo_chain(PlayMode::Solo, &modes, &all, &labels, p);
        let mut p = Progress::default();
        use Opened::{AfterTries, Locked, Open};
        assert_eq!(chain(&p), [Open, Open, Locked, Locked]);
        for tries in 1..TRIES_OPEN_NEXT {
            assert_eq!(p.note_failed("a"), tries);
            assert_eq!(chain(&p), [Open, Open, Locked, Locked], "{tries} tries");
        }
        assert_eq!(p.note_failed("a"), TRIES_OPEN_NEXT);
        assert_eq!(chain(&p), [Open, Open, AfterTries, Locked]);
        assert_eq!(
            locked_levels(PlayMode::Solo, &modes, &all, &labels, &p),
            [false, false, false, true]
        );
        // The opened level opens the next the usual ways: cleared...
        let mut cleared = p.clone();
        cleared.cleared.insert("c".into());
        assert_eq!(chain(&cleared), [Open, Open, Open, Open]);
        // ...or lost three times in turn.
        for _ in 0..TRIES_OPEN_NEXT {
            p.note_failed("c");
        }
        assert_eq!(chain(&p), [Open, Open, AfterTries, AfterTries]);
        // Any level cleared can be played again, whatever came before it.
        let mut only_d = Progress::default();
        only_d.cleared.insert("d".into());
        assert_eq!(chain(&only_d), [Open, Open, Locked, Open]);
        // Tries at a level that is not in the chain open nothing.
        let mut own = Progress::default();
        for _ in 0..TRIES_OPEN_NEXT {
            own.note_failed("a");
        }
        let campaign = [false, true, true, true];
        let standing = solo_chain(PlayMode::Solo, &modes, &campaign, &labels, &own);
        assert_eq!(
            standing,
            [Open, Open, Open, Locked],
            "c is the chain's first"
        );
    }
}
