//! The bookkeeping between games, in one place the shell calls and the tests
//! drive: what a game's end records (best score, cleared level), whether the run
//! goes on, and the run's one entry in the high-score table.

use super::{LevelFacts, Menu, Screen};
use crate::app::play::PlayMode;
use crate::app::play::Session;
use crate::app::play::{solo_chain, Opened, TRIES_OPEN_NEXT};
use crate::app::records::HighScores;
use crate::app::records::Progress;
use crate::app::records::{set_list, LevelEntry, SetEntry, MY_LEVELS};
use crate::game::Outcome;

/// Lists the sets the levels belong to (a player's set titled as `known`
/// has it: the entries read once with the level list) and, per level, its
/// set and whether it is the campaign's. Done when the level list
/// changes (start-up, an import, a set written, a level saved or placed), not
/// on each refresh of the locks: nothing here reads, and nothing needs to.
pub fn list_sets(menu: &mut Menu, levels: &[LevelEntry], known: &[SetEntry]) {
    let sets = set_list(levels, known);
    menu.levels.resize(levels.len(), LevelFacts::default());
    for (facts, l) in menu.levels.iter_mut().zip(levels) {
        facts.set = sets.iter().position(|s| s.key == l.set).unwrap_or(0);
        facts.campaign = l.set != MY_LEVELS;
    }
    menu.set = menu.set.min(sets.len().saturating_sub(1));
    menu.sets = sets;
}

/// Recomputes which levels the menu shows locked, from the progress and the
/// chosen mode, over the sets [`list_sets`] listed (each level's mode read
/// again: a level reloaded while it is played may change it).
pub fn refresh_locks(menu: &mut Menu, levels: &[LevelEntry], progress: &Progress) {
    menu.levels.resize(levels.len(), LevelFacts::default());
    for (facts, l) in menu.levels.iter_mut().zip(levels) {
        facts.modes = l.level.mode;
        (facts.locked, facts.after_tries) = (false, false);
    }
    let modes = menu.level_modes();
    let keys: Vec<String> = levels.iter().map(LevelEntry::record_key).collect();
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    // Each shipped set is a chain of its own: its first solo level is open, and
    // clearing one opens the next of the same set.
    for set in 0..menu.sets.len() {
        let chain: Vec<bool> = (levels.iter().zip(&menu.levels))
            .map(|(l, facts)| facts.set == set && l.shipped)
            .collect();
        let standing = solo_chain(menu.mode, &modes, &chain, &keys, progress);
        for (facts, this) in menu.levels.iter_mut().zip(standing) {
            facts.locked |= this == Opened::Locked;
            facts.after_tries |= this == Opened::AfterTries;
        }
    }
}

/// Progress from before bests had a way of playing: each old best becomes the
/// level's solo best where the level (found in `levels` by its label) allows
/// solo (see `Progress::adopt_old_bests`). Returns whether anything moved.
pub fn adopt_old_bests(progress: &mut Progress, levels: &[LevelEntry]) -> bool {
    progress.adopt_old_bests(|label| {
        levels
            .iter()
            .find(|l| l.label == label)
            .map(|l| l.level.mode.allows_solo())
    })
}

/// Progress kept under a player set's level's file name, as it was before
/// the key left the order number out (`mine/02_a.txt`), moves to the level's
/// key (`mine/a.txt`, `LevelEntry::record_key`) for every level of `levels`:
/// records saved before then load and stay with their level when the set is
/// reordered. A set that did not load this run keeps its lines as they are
/// until it does. Returns whether anything moved (to save it).
pub fn rekey_progress(progress: &mut Progress, levels: &[LevelEntry]) -> bool {
    let mut moved = false;
    for l in levels {
        moved |= progress.rekey(&l.label, &l.record_key());
    }
    moved
}

/// A game ended: notes its score as the level's best for its way of playing,
/// and a shipped level cleared in a campaign run (which unlocks the next; a
/// player's own level or a `--level` run unlocks nothing), then shows the next
/// level's offer, the name entry (the run is over and placed in its table) or
/// the results. Returns whether the progress changed (to save it).
pub fn finish_game(
    menu: &mut Menu,
    session: &Session,
    scores: &HighScores,
    progress: &mut Progress,
    entry: &LevelEntry,
) -> bool {
    let cleared =
        session.play_mode == PlayMode::Solo && session.game.outcome() == Some(Outcome::Cleared);
    let key = entry.record_key();
    let mut changed = progress.record_best(session.way(), &key, session.best_score());
    if cleared && entry.shipped && session.unlocks {
        changed |= progress.cleared.insert(key.clone());
    }
    let lost = session.play_mode == PlayMode::Solo
        && session.game.outcome() == Some(Outcome::OutOfLives)
        && !progress.cleared.contains(&key);
    if lost && entry.shipped && session.unlocks {
        changed = true;
        // The third loss opens the next level of the set: the results say so.
        if progress.note_failed(&key) == TRIES_OPEN_NEXT && menu.next_level().is_some() {
            let line = format!("{TRIES_OPEN_NEXT} tries: the next level is open now");
            menu.notes.push((Screen::GameOver, line));
        }
    }
    let ends_run = session.ends_run(menu.next_level());
    menu.game_finished(cleared, ends_run && session.makes_table(scores));
    changed
}

/// The player leaves: a solo run between levels or in the middle of a level (its
/// score so far is the run's), or any finished game. To the name entry when the
/// run placed in its table, else to the title; a versus game left unfinished is
/// forfeit and enters nothing. `to_title` ("Quit to title", or leaving the
/// results) sends the name entry on to the title; "End the run" between levels
/// shows the results after it. Returns whether the game is left (the title), so
/// the shell drops it.
pub fn end_run(menu: &mut Menu, session: &Session, scores: &HighScores, to_title: bool) -> bool {
    let ended = session.play_mode == PlayMode::Solo || session.game.outcome().is_some();
    let enter_name = ended && session.makes_table(scores);
    menu.end_run(enter_name, to_title);
    !enter_name
}

/// The name is entered: the run's one entry goes into the table under it, and the
/// name is remembered for next time. Returns whether the table changed.
pub fn enter_name(
    menu: &Menu,
    session: &mut Session,
    scores: &mut HighScores,
    progress: &mut Progress,
) -> bool {
    progress.name = menu.name.name();
    session
        .take_high_score(&progress.name)
        .is_some_and(|entry| scores.add(entry))
}
