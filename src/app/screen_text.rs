//! The words on each menu screen: title, subtitle, extra lines, items.

use super::{HighScores, LevelEntry, Menu, Progress, Screen, Session, CONTROLS_HELP};

/// Everything written on a menu screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenText {
    /// Big heading.
    pub title: String,
    /// One line under it.
    pub subtitle: String,
    /// Lines of information (scores, help), before the items.
    pub extra: Vec<String>,
    /// The items to choose from.
    pub items: Vec<String>,
}

/// A level as the level select lists it: title, author, and the player's best.
pub fn level_line(entry: &LevelEntry, progress: &Progress) -> String {
    let mut line = format!("{}  by {}", entry.level.title, entry.level.author);
    if let Some(best) = progress.best.get(&entry.label).filter(|&&b| b > 0) {
        line.push_str(&format!("   best {best}"));
    }
    line
}

/// The text of the menu's current screen (not meaningful while playing).
pub fn screen_text(
    menu: &Menu,
    levels: &[LevelEntry],
    scores: &HighScores,
    progress: &Progress,
    session: Option<&Session>,
) -> ScreenText {
    let names: Vec<String> = levels.iter().map(|l| level_line(l, progress)).collect();
    // A cleared level on the game-over screen was the campaign's last.
    let run_over = menu.screen != Screen::LevelCleared;
    let (result_title, result) =
        session.map_or((String::new(), String::new()), |s| s.results(run_over));
    let (title, subtitle, extra) = match menu.screen {
        Screen::Title => ("ARKANONG", "Arkanoid meets Pong".to_owned(), Vec::new()),
        Screen::ModeSelect => ("Play", "Who plays?".to_owned(), Vec::new()),
        Screen::DifficultySelect => ("CPU", "How hard should it play?".to_owned(), Vec::new()),
        Screen::LevelSelect => ("Levels", "Pick where to start".to_owned(), Vec::new()),
        Screen::Paused => ("Paused", "P or Esc to resume".to_owned(), Vec::new()),
        Screen::LevelCleared | Screen::GameOver => (result_title.as_str(), result, Vec::new()),
        Screen::NameEntry => (
            "New high score!",
            result,
            vec!["Your name: up/down change a letter, or type it".to_owned()],
        ),
        Screen::HighScores => (
            "High scores",
            "Solo and versus the CPU".to_owned(),
            if scores.entries.is_empty() {
                vec!["No scores yet: go and play!".to_owned()]
            } else {
                scores
                    .entries
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let name = if e.name.is_empty() { "---" } else { &e.name };
                        format!(
                            "{:>2}. {name} {:>5}  {}  {}",
                            i + 1,
                            e.score,
                            e.mode,
                            e.level
                        )
                    })
                    .collect()
            },
        ),
        Screen::Settings => (
            "Settings",
            "Left and right change a value".to_owned(),
            Vec::new(),
        ),
        Screen::Controls => (
            "Controls",
            "How to play".to_owned(),
            CONTROLS_HELP.iter().map(|s| (*s).to_owned()).collect(),
        ),
        Screen::Playing => ("", String::new(), Vec::new()),
    };
    ScreenText {
        title: title.to_owned(),
        subtitle,
        extra,
        items: menu.items(&names),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::HighScore;

    #[test]
    fn screen_text_lists_levels_and_scores() {
        let levels = crate::app::level_list();
        let mut menu = Menu::new(levels.len());
        menu.screen = Screen::LevelSelect;
        let mut progress = Progress::default();
        progress.best.insert(levels[0].label.clone(), 120);
        let t = screen_text(&menu, &levels, &HighScores::default(), &progress, None);
        assert_eq!(t.items.len(), levels.len() + 1);
        assert_eq!(t.items[0], "First Contact  by Arkanong team   best 120");
        menu.screen = Screen::HighScores;
        let mut scores = HighScores::default();
        scores.add(HighScore {
            score: 42,
            mode: "solo".into(),
            level: "Funnel".into(),
            name: "EVE".into(),
        });
        let t = screen_text(&menu, &levels, &scores, &progress, None);
        assert_eq!(t.extra, vec![" 1. EVE    42  solo  Funnel".to_owned()]);
    }
}
