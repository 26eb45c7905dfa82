//! The words on each menu screen: title, subtitle, extra lines, items.

use super::{HighScores, LevelEntry, Menu, Screen, Session, CONTROLS_HELP};

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

/// The text of the menu's current screen (not meaningful while playing).
pub fn screen_text(
    menu: &Menu,
    levels: &[LevelEntry],
    scores: &HighScores,
    session: Option<&Session>,
) -> ScreenText {
    let names: Vec<String> = levels
        .iter()
        .map(|l| format!("{}  ({})", l.level.title, l.label.trim_end_matches(".txt")))
        .collect();
    let outcome = || session.map_or(String::new(), Session::outcome_text);
    let (title, subtitle, extra) = match menu.screen {
        Screen::Title => ("ARKANONG", "Arkanoid meets Pong".to_owned(), Vec::new()),
        Screen::ModeSelect => ("Play", "Who plays?".to_owned(), Vec::new()),
        Screen::DifficultySelect => ("CPU", "How hard should it play?".to_owned(), Vec::new()),
        Screen::LevelSelect => ("Levels", "Pick where to start".to_owned(), Vec::new()),
        Screen::Paused => ("Paused", "P or Esc to resume".to_owned(), Vec::new()),
        Screen::LevelCleared => ("Cleared!", outcome(), Vec::new()),
        Screen::GameOver => ("Game over", outcome(), Vec::new()),
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
                    .map(|(i, e)| format!("{:>2}. {:>5}  {}  {}", i + 1, e.score, e.mode, e.level))
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
        Screen::Keys if menu.keys.note.is_empty() => (
            "Keys",
            "Choose an action, then press its new key".to_owned(),
            Vec::new(),
        ),
        Screen::Keys => ("Keys", menu.keys.note.clone(), Vec::new()),
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
        let t = screen_text(&menu, &levels, &HighScores::default(), None);
        assert_eq!(t.items.len(), levels.len() + 1);
        assert!(t.items[0].starts_with("First Contact"));
        menu.screen = Screen::HighScores;
        let mut scores = HighScores::default();
        scores.add(HighScore {
            score: 42,
            mode: "solo".into(),
            level: "Funnel".into(),
        });
        let t = screen_text(&menu, &levels, &scores, None);
        assert_eq!(t.extra, vec![" 1.    42  solo  Funnel".to_owned()]);
    }
}
