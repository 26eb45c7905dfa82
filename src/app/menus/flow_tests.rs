//! A solo campaign and a versus game through the bookkeeping, headless.

use super::*;
use crate::app::{input::MenuInput, menus::MenuAction, menus::Screen};
use crate::game::{Difficulty, Inputs};
use crate::level::Level;

/// A level the ball clears at once: one brick in the way of a staged ball.
fn quick_level(label: &str) -> LevelEntry {
    let text = "mode = solo\nlives = 1\n[bricks]\n1\n[balls]\nball at 400,300 velocity 0,-900 owner bottom\n";
    LevelEntry {
        label: label.to_owned(),
        level: Level::parse(text).unwrap(),
        path: None,
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

#[test]
fn campaign_carries_the_score_unlocks_and_enters_the_table_once() {
    let levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    let mut menu = Menu::new(2);
    let (mut scores, mut progress) = (HighScores::default(), Progress::default());
    menu.mode = PlayMode::Solo;
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(menu.locked, [false, true]);

    let mut first = Session::new(&levels[0].level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut first);
    assert_eq!(first.game.outcome(), Some(Outcome::Cleared));
    assert!(finish_game(
        &mut menu,
        &first,
        &scores,
        &mut progress,
        "a.txt"
    ));
    assert_eq!(menu.screen, Screen::LevelCleared);
    refresh_locks(&mut menu, &levels, &progress);
    assert_eq!(menu.locked, [false, false], "clearing a unlocks b");
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
    finish_game(&mut menu, &second, &scores, &mut progress, "b.txt");
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
    assert_eq!(progress.best["b.txt"], total);
    assert!(second.results(true).1.ends_with(&format!("Score {total}")));
}

#[test]
fn ending_a_run_between_levels_asks_for_the_name_only_when_it_scores() {
    let levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    let mut menu = Menu::new(2);
    let mut progress = Progress::default();
    menu.mode = PlayMode::Solo;
    refresh_locks(&mut menu, &levels, &progress);
    let mut s = Session::new(&levels[0].level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut s);
    finish_game(
        &mut menu,
        &s,
        &HighScores::default(),
        &mut progress,
        "a.txt",
    );
    assert_eq!(menu.handle(MenuInput::Back), MenuAction::EndRun);
    assert!(!end_run(&mut menu, &s, &HighScores::default()));
    assert_eq!(menu.screen, Screen::NameEntry);
    let mut full = HighScores::default();
    for _ in 0..crate::app::records::HIGH_SCORE_SLOTS {
        full.add(crate::app::records::HighScore {
            score: 10_000,
            mode: "solo".into(),
            level: "x".into(),
            name: "TOP".into(),
        });
    }
    assert!(
        end_run(&mut menu, &s, &full),
        "too low: straight to the title"
    );
    assert_eq!(menu.screen, Screen::Title);
}

#[test]
fn results_title_says_victory_only_when_the_last_level_is_cleared() {
    let levels = vec![quick_level("a.txt"), quick_level("b.txt")];
    let mut menu = Menu::new(2);
    menu.mode = PlayMode::Solo;
    refresh_locks(&mut menu, &levels, &Progress::default());
    let mut s = Session::new(&levels[0].level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    play_out(&mut s);
    finish_game(
        &mut menu,
        &s,
        &HighScores::default(),
        &mut Progress::default(),
        "a.txt",
    );
    let text = |menu: &Menu| {
        crate::app::menus::screen_text(
            menu,
            &levels,
            &HighScores::default(),
            &Progress::default(),
            Some(&s),
        )
    };
    assert_eq!(text(&menu).title, "Level cleared");
    end_run(&mut menu, &s, &HighScores::default());
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
    let mut solo = Session::new(&level, PlayMode::Solo, Difficulty::Easy, 0, 1);
    solo.run_score = 40;
    let mut menu = Menu::new(1);
    menu.screen = Screen::Paused;
    assert_eq!(menu.handle(MenuInput::Pick(2)), MenuAction::EndGame);
    assert!(!end_run(&mut menu, &solo, &HighScores::default()));
    assert_eq!(menu.screen, Screen::NameEntry);
    assert_eq!(solo.results(false).1, "Run ended. Score 40");
    let versus = Session::new(&level, PlayMode::VersusCpu, Difficulty::Easy, 0, 1);
    menu.screen = Screen::Title;
    assert!(end_run(&mut menu, &versus, &HighScores::default()));
    assert_eq!(menu.screen, Screen::Title);
}
