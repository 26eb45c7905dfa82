//! A solo campaign and a versus game through the bookkeeping, headless.

use super::{end_run, enter_name, finish_game, list_sets, locked, refresh_locks, Menu};
use crate::app::play::{PlayMode, Session};
use crate::app::records::{HighScores, LevelEntry, Progress};
use crate::app::records::{Record, Way};
use crate::app::{input::MenuInput, menus::MenuAction, menus::Screen};
use crate::game::Outcome;
use crate::game::{Difficulty, Inputs};
use crate::level::Level;

/// A level the ball clears at once: one brick in the way of a staged ball.
fn quick_level(label: &str) -> LevelEntry {
    let text = "mode = solo\nlives = 1\n[bricks]\n1\n[balls]\nball at 400,300 velocity 0,-900 owner bottom\n";
    LevelEntry {
        label: label.to_owned(),
        set: String::new(),
        level: Level::parse(text).unwrap(),
        path: None,
        shipped: true,
    }
}

/// Plays `session` with idle players until it ends.
fn play_out(session: &mut Session) {
    for _ in 0..20_000 {
        if session.game.outcome().is_some() {
            return;
        }
        session.game.step(&Inputs::default());
    }
    panic!("the game never ended");
}

/// A fresh session of `level`'s first level of a run, its run already at `score`.
fn scored(level: &Level, mode: PlayMode, cpu: Difficulty, score: u32) -> Session {
    let mut session = Session::new(level, mode, cpu, 0, 1);
    session.run_score = score;
    session
}

#[test]
fn campaign_carries_the_score_unlocks_and_enters_the_table_once() {
    let levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    let mut menu = Menu::new(2);
    let (mut scores, mut progress) = (HighScores::default(), Progress::default());
    menu.mode = PlayMode::Solo;
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(locked(&menu), [false, true]);

    let mut first = Session::new(&levels[0].level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut first);
    assert_eq!(first.game.outcome(), Some(Outcome::Cleared));
    assert!(finish_game(
        &mut menu,
        &first,
        &scores,
        &mut progress,
        &levels[0]
    ));
    assert_eq!(menu.screen, Screen::LevelCleared);
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(locked(&menu), [false, false], "clearing a unlocks b");
    let after_first = first.run_total();
    assert!(after_first > 0);

    assert_eq!(menu.handle(MenuInput::Confirm), MenuAction::NextLevel);
    let mut second = Session::new(&levels[1].level, PlayMode::Solo, Difficulty::Easy, 1, 2);
    second.run_score = after_first;
    assert_eq!(
        second.hud_scores()[0],
        after_first,
        "the HUD starts from the carried score"
    );
    play_out(&mut second);
    let total = second.run_total();
    assert!(total > after_first);
    finish_game(&mut menu, &second, &scores, &mut progress, &levels[1]);
    assert_eq!(
        menu.screen,
        Screen::NameEntry,
        "the last level ends the run"
    );
    menu.handle(MenuInput::Char('z'));
    assert_eq!(menu.handle(MenuInput::Confirm), MenuAction::NameEntered);
    assert!(enter_name(&menu, &mut second, &mut scores, &mut progress));
    assert!(
        !enter_name(&menu, &mut second, &mut scores, &mut progress),
        "once"
    );
    assert_eq!(scores.entries.len(), 1, "one entry for the whole run");
    assert_eq!(
        scores.entries[0].score, total,
        "the table shows the HUD's total"
    );
    assert_eq!(
        (scores.entries[0].name.as_str(), progress.name.as_str()),
        ("ZAA", "ZAA")
    );
    assert_eq!(progress.best_of(Way::Solo, "b.txt"), Some(total));
    assert!(second.results(true).1.ends_with(&format!("Score {total}")));
}

#[test]
fn ending_a_run_between_levels_asks_for_the_name_only_when_it_scores() {
    let levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    let mut menu = Menu::new(2);
    let mut progress = Progress::default();
    menu.mode = PlayMode::Solo;
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &progress);
    let mut s = Session::new(&levels[0].level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut s);
    finish_game(
        &mut menu,
        &s,
        &HighScores::default(),
        &mut progress,
        &levels[0],
    );
    assert_eq!(menu.handle(MenuInput::Back), MenuAction::EndRun);
    assert!(!end_run(&mut menu, &s, &HighScores::default(), false));
    assert_eq!(menu.screen, Screen::NameEntry);
    let mut full = HighScores::default();
    for _ in 0..crate::app::records::HIGH_SCORE_SLOTS {
        full.add(crate::app::records::HighScore {
            score: 10_000,
            way: Way::Solo,
            level: "x".into(),
            name: "TOP".into(),
            set: String::new(),
        });
    }
    assert!(
        end_run(&mut menu, &s, &full, false),
        "too low: straight to the title"
    );
    assert_eq!(menu.screen, Screen::Title);
}

#[test]
fn results_title_says_victory_only_when_the_last_level_is_cleared() {
    let levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    let mut menu = Menu::new(2);
    menu.mode = PlayMode::Solo;
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &Progress::default());
    let mut s = Session::new(&levels[0].level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut s);
    finish_game(
        &mut menu,
        &s,
        &HighScores::default(),
        &mut Progress::default(),
        &levels[0],
    );
    let text = |menu: &Menu| {
        crate::app::menus::screen_text(
            menu,
            &levels,
            &HighScores::default(),
            &Progress::default(),
            Some(&s),
            &crate::app::records::Settings::default(),
        )
    };
    assert_eq!(text(&menu).title, "Level cleared");
    assert_eq!(
        text(&menu).subtitle,
        format!("Score {}. 1 life carries over", s.run_total())
    );
    end_run(&mut menu, &s, &HighScores::default(), false);
    menu.handle(MenuInput::Confirm);
    assert_eq!(menu.screen, Screen::GameOver);
    assert_eq!(
        text(&menu).title,
        "Run over",
        "a run ended early is no victory, and no longer a cleared level's offer"
    );
    assert!(text(&menu).subtitle.starts_with("You ended the run. Score"));
    menu.level = 1;
    assert_eq!(text(&menu).title, "Victory", "the last level cleared");
}

#[test]
fn quitting_a_solo_run_mid_level_enters_its_score_but_a_versus_game_is_forfeit() {
    let level = quick_level("a.txt").level;
    let solo = scored(&level, PlayMode::Solo, Difficulty::Easy, 40);
    let mut menu = Menu::new(1);
    menu.screen = Screen::Paused;
    assert_eq!(menu.handle(MenuInput::Pick(2)), MenuAction::EndGame);
    assert!(!end_run(&mut menu, &solo, &HighScores::default(), true));
    assert_eq!(menu.screen, Screen::NameEntry);
    assert_eq!(
        solo.results(false),
        ("Run ended".to_owned(), "Score 40".to_owned())
    );
    let versus = Session::new(&level, PlayMode::VersusCpu, Difficulty::Easy, 0, 1);
    menu.screen = Screen::Title;
    assert!(end_run(&mut menu, &versus, &HighScores::default(), true));
    assert_eq!(menu.screen, Screen::Title);
}

/// A level of the player's own (not shipped).
fn own_level(label: &str) -> LevelEntry {
    LevelEntry {
        shipped: false,
        set: crate::app::records::MY_LEVELS.to_owned(),
        ..quick_level(label)
    }
}

#[test]
fn own_levels_and_command_line_runs_never_change_the_locks() {
    // Shipped a, b, c; then an own file and the editor's level.
    let mut levels = vec![
        quick_level("a.txt"),
        quick_level("b.txt"),
        quick_level("c.txt"),
    ];
    levels.push(own_level("levels/mine.txt"));
    levels.push(own_level("your level: Mine"));
    let mut menu = Menu::new(levels.len());
    menu.mode = PlayMode::Solo;
    let mut progress = Progress::default();
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &progress);
    let fresh = [false, true, true, false, false];
    assert_eq!(locked(&menu), fresh, "own levels open, the campaign from a");
    // Each level once, all solo: the shipped ones in the root set, the own
    // ones in "My levels".
    assert_eq!(menu.offered_levels().collect::<Vec<_>>(), [0, 1, 2]);
    menu.set = 1;
    assert_eq!(menu.offered_levels().collect::<Vec<_>>(), [3, 4]);
    menu.set = 0;

    // Clearing an own level records its best but unlocks nothing, and it ends
    // its own run (there is no "next level" after it).
    let mut mine = Session::new(&levels[3].level, PlayMode::Solo, Difficulty::Easy, 3, 1);
    play_out(&mut mine);
    menu.level = 3;
    finish_game(
        &mut menu,
        &mine,
        &HighScores::default(),
        &mut progress,
        &levels[3],
    );
    assert!(progress.cleared.is_empty());
    assert!(progress.best_of(Way::Solo, "levels/mine.txt").is_some());
    assert_ne!(
        menu.screen,
        Screen::LevelCleared,
        "no campaign after an own level"
    );
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(locked(&menu), fresh);

    // A run started with `--level` on shipped b: cleared, but b stays locked
    // and c does not open; the run may still go on to c.
    let mut named = Session::new(&levels[1].level, PlayMode::Solo, Difficulty::Easy, 1, 2);
    named.unlocks = false;
    play_out(&mut named);
    menu.level = 1;
    finish_game(
        &mut menu,
        &named,
        &HighScores::default(),
        &mut progress,
        &levels[1],
    );
    assert_eq!(menu.screen, Screen::LevelCleared, "the run goes on to c");
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(locked(&menu), fresh, "nothing unlocked by the command line");
    // The own level's results: cleared, but no campaign victory.
    menu.level = 3;
    menu.screen = Screen::GameOver;
    let text = crate::app::menus::screen_text(
        &menu,
        &levels,
        &HighScores::default(),
        &progress,
        Some(&mine),
        &crate::app::records::Settings::default(),
    );
    assert_eq!(
        (text.title.as_str(), text.subtitle.as_str()),
        (
            "Level cleared",
            format!("Score {}", mine.run_total()).as_str()
        ),
        "an own level is no campaign victory"
    );
}

#[test]
fn bests_are_kept_per_way_of_playing() {
    let both = "[bricks]\n1\n[balls]\nball at 400,300 velocity 0,-900 owner bottom\n";
    let entry = LevelEntry {
        level: Level::parse(both).unwrap(),
        ..quick_level("a.txt")
    };
    let levels = vec![entry];
    let mut menu = Menu::new(1);
    let mut progress = Progress::default();
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &progress);
    for (mode, cpu, score) in [
        (PlayMode::TwoPlayers, Difficulty::Easy, 26),
        (PlayMode::Solo, Difficulty::Easy, 10),
        (PlayMode::VersusCpu, Difficulty::Hard, 12),
    ] {
        let session = scored(&levels[0].level, mode, cpu, score);
        let none = HighScores::default();
        finish_game(&mut menu, &session, &none, &mut progress, &levels[0]);
    }
    assert_eq!(progress.best_of(Way::Solo, "a.txt"), Some(10), "not the 26");
    assert_eq!(progress.best_of(Way::TwoPlayers, "a.txt"), Some(26));
    assert_eq!(
        progress.best_of(Way::Versus(Difficulty::Hard), "a.txt"),
        Some(12)
    );
    assert_eq!(
        progress.best_of(Way::Versus(Difficulty::Easy), "a.txt"),
        None
    );
    menu.mode = PlayMode::Solo;
    menu.screen = Screen::LevelSelect;
    let text = crate::app::menus::screen_text(
        &menu,
        &levels,
        &HighScores::default(),
        &progress,
        None,
        &crate::app::records::Settings::default(),
    );
    assert_eq!(
        text.items[0],
        "Level 1   best 10".replace("Level 1", &levels[0].level.title)
    );
}

/// A versus match against the CPU (`cpu`) the player won: its staged ball flies
/// into the top goal, which wins.
fn won_match(cpu: Difficulty) -> Session {
    let text = "target_score = 1\nwin_by = 1\n[bricks]\n1\n[balls]\nball at 200,400 velocity 40,-900 owner bottom\n";
    let level = Level::parse(text).unwrap();
    let mut s = Session::new(&level, PlayMode::VersusCpu, cpu, 0, 1);
    s.cpus = [None, None];
    play_out(&mut s);
    assert_eq!(
        s.game.outcome(),
        Some(Outcome::Won(crate::level::Side::Bottom))
    );
    s
}

/// A table of `way` full of `score`s.
fn full_table(way: Way, score: u32) -> HighScores {
    let mut t = HighScores::default();
    for _ in 0..crate::app::records::HIGH_SCORE_SLOTS {
        t.add(crate::app::records::HighScore {
            score,
            way,
            level: "x".into(),
            name: "TOP".into(),
            set: String::new(),
        });
    }
    t
}

#[test]
fn a_result_asks_for_a_name_only_when_it_places_in_its_own_table() {
    let level = quick_level("a.txt").level;
    let normal = Way::Versus(Difficulty::Normal);
    let mut menu = Menu::new(1);
    // A one-point solo quit against a full solo table of 50s: straight to the title.
    let quit = scored(&level, PlayMode::Solo, Difficulty::Normal, 1);
    let solo_full = full_table(Way::Solo, 50);
    assert_eq!(quit.table_place(&solo_full), None);
    assert!(end_run(&mut menu, &quit, &solo_full, true));
    assert_eq!(
        menu.screen,
        Screen::Title,
        "no name, no \"New high score!\""
    );
    // The same table does not stop a versus score: it has its own (a match
    // won: a lost one places nowhere, see results.rs).
    let won = won_match(Difficulty::Normal);
    let points = won.run_total();
    assert!(points > 0);
    assert_eq!(won.table_place(&solo_full), Some(1));
    assert_eq!(
        won.table_place(&full_table(normal, points + 50)),
        None,
        "does not beat a table of higher scores"
    );
    assert_eq!(
        won.table_place(&full_table(Way::Versus(Difficulty::Hard), points + 50)),
        Some(1)
    );
    // A game that never scored enters nothing, even an empty table.
    let nothing = Session::new(&level, PlayMode::Solo, Difficulty::Normal, 0, 1);
    assert_eq!(nothing.table_place(&HighScores::default()), None);
    // Two players keep no table.
    let two = scored(&level, PlayMode::TwoPlayers, Difficulty::Normal, 30);
    assert_eq!(two.table_place(&HighScores::default()), None);
}

#[test]
fn quit_to_title_reaches_the_title_through_the_name_only_when_placed() {
    let level = quick_level("a.txt").level;
    let mut scores = HighScores::default();
    let mut progress = Progress::default();
    let mut menu = Menu::new(1);
    let mut run = scored(&level, PlayMode::Solo, Difficulty::Normal, 40);
    menu.screen = Screen::Paused;
    assert_eq!(menu.handle(MenuInput::Pick(2)), MenuAction::EndGame);
    assert!(
        !end_run(&mut menu, &run, &scores, true),
        "placed: the name first"
    );
    assert_eq!(menu.screen, Screen::NameEntry);
    let text = crate::app::menus::screen_text(
        &menu,
        &[quick_level("a.txt")],
        &scores,
        &progress,
        Some(&run),
        &crate::app::records::Settings::default(),
    );
    assert!(
        text.subtitle.contains("New high score: #1 in Solo"),
        "{}",
        text.subtitle
    );
    assert!(text
        .extra
        .iter()
        .any(|l| l.contains("Esc skips it (not saved)")));
    assert_eq!(menu.handle(MenuInput::Confirm), MenuAction::NameEntered);
    assert!(enter_name(&menu, &mut run, &mut scores, &mut progress));
    assert_eq!(
        menu.screen,
        Screen::Title,
        "then the title, not the results"
    );

    // Esc on the name entry skips: nothing saved, and still the title.
    let mut other = scored(&level, PlayMode::Solo, Difficulty::Normal, 30);
    menu.screen = Screen::Paused;
    menu.handle(MenuInput::Pick(2));
    assert!(!end_run(&mut menu, &other, &scores, true));
    assert_eq!(menu.handle(MenuInput::Back), MenuAction::NameSkipped);
    other.skip_high_score();
    assert_eq!(menu.screen, Screen::Title);
    assert_eq!(
        other.take_high_score("ABC"),
        None,
        "skipped means not saved"
    );
    assert_eq!(scores.entries.len(), 1);
    // A game that ended shows its results after the name.
    menu.game_finished(false, true);
    assert_eq!(menu.screen, Screen::NameEntry);
    assert_eq!(menu.handle(MenuInput::Pick(1)), MenuAction::NameSkipped);
    assert_eq!(menu.screen, Screen::GameOver);
}

#[test]
fn lives_carry_over_to_the_next_level_of_a_run() {
    let four = "mode = solo\nlives = 4\n[bricks]\n1\n[balls]\nball at 400,300 velocity 0,-900 owner bottom\n";
    let first = Level::parse(four).unwrap();
    let second = quick_level("b.txt").level;
    assert_eq!(second.lives, 1);
    let mut s = Session::new(&first, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut s);
    assert_eq!(s.game.outcome(), Some(Outcome::Cleared));
    let left = s.game.players()[0].lives;
    assert_eq!(left, 4);
    let next = crate::app::play::carry_lives(&second, &s);
    let carried = Session::new(&next, PlayMode::Solo, Difficulty::Easy, 1, 2);
    assert_eq!(
        carried.game.players()[0].lives,
        left,
        "not reset to the file's 1"
    );
    // A run started on the later level starts with that level's lives.
    let fresh = Session::new(&second, PlayMode::Solo, Difficulty::Easy, 1, 2);
    assert_eq!(fresh.game.players()[0].lives, 1);
}

/// Levels `a`, `b` in the root set, `x`, `y` in set `s2` (all shipped), and an
/// own level.
fn two_sets() -> Vec<LevelEntry> {
    let mut levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    for label in ["s2/x.txt", "s2/y.txt"] {
        levels.push(LevelEntry {
            set: "s2".into(),
            ..quick_level(label)
        });
    }
    levels.push(own_level("levels/mine.txt"));
    levels
}

#[test]
fn each_shipped_set_is_a_campaign_of_its_own_that_ends_at_its_finale() {
    let levels = two_sets();
    let mut menu = Menu::new(levels.len());
    menu.mode = PlayMode::Solo;
    let mut progress = Progress::default();
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(menu.sets.len(), 3, "root, s2 and My levels");
    assert_eq!(
        menu.levels.iter().map(|l| l.set).collect::<Vec<_>>(),
        [0, 0, 1, 1, 2]
    );
    // Each set's first level is open; the own level never locks.
    assert_eq!(locked(&menu), [false, true, false, true, false]);
    // Clearing x opens y (not b), and y is s2's finale: no next level.
    let mut x = Session::new(&levels[2].level, PlayMode::Solo, Difficulty::Easy, 2, 1);
    play_out(&mut x);
    menu.level = 2;
    assert_eq!(menu.next_level(), Some(3));
    finish_game(
        &mut menu,
        &x,
        &HighScores::default(),
        &mut progress,
        &levels[2],
    );
    assert_eq!(menu.screen, Screen::LevelCleared);
    assert!(progress.cleared.contains("s2/x.txt"));
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(locked(&menu), [false, true, false, false, false]);
    menu.level = 3;
    assert_eq!(menu.next_level(), None, "the set's finale ends the run");
    menu.level = 1;
    assert_eq!(menu.next_level(), None, "b is the root set's last here");
}

#[test]
fn an_old_progress_file_unlocks_the_same_levels_and_writes_back_unchanged() {
    // A progress record from before sets: root levels by their file names.
    let old = "name = ABC\ncleared = 01_first_contact.txt\ncleared = 02_twin_hexes.txt\nbest.solo = 340 02_twin_hexes.txt\n";
    let progress = Progress::parse(old).unwrap();
    assert_eq!(progress.to_text(), old, "nothing changed, nothing moves");
    let levels = crate::app::records::level_list();
    let mut menu = Menu::new(levels.len());
    menu.mode = PlayMode::Solo;
    list_sets(&mut menu, &levels, &[]);
    refresh_locks(&mut menu, &levels, &progress);
    // The locks as they were before sets: the root set's levels, one chain.
    let root: Vec<&LevelEntry> = levels.iter().filter(|l| l.set.is_empty()).collect();
    let modes: Vec<_> = root.iter().map(|l| l.level.mode).collect();
    let labels: Vec<&str> = root.iter().map(|l| l.label.as_str()).collect();
    let before = crate::app::play::locked_levels(
        PlayMode::Solo,
        &modes,
        &vec![true; root.len()],
        &labels,
        &progress,
    );
    assert_eq!(&locked(&menu)[..root.len()], before.as_slice());
    // Two cleared: the first three solo levels open, the fourth locked.
    let open: Vec<usize> = (0..root.len()).filter(|&i| !menu.is_locked(i)).collect();
    assert_eq!(&open[..3], [0, 1, 2]);
    assert!(menu.is_locked(3));
    // Every other shipped set starts open at its first solo level.
    for (s, set) in menu.sets.iter().enumerate().skip(1) {
        let first = (0..levels.len())
            .find(|&i| menu.level_set(i) == s && levels[i].level.mode.allows_solo());
        if let (true, Some(first)) = (set.shipped, first) {
            assert!(!menu.is_locked(first), "{}'s first level", set.title);
        }
    }
}
