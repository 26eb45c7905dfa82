//! The words on each menu screen: title, subtitle, extra lines, items.

use super::{Item, Menu, Screen};
use crate::app::play::next_solo_level;
use crate::app::play::Session;
use crate::app::play::CONTROLS_HELP;
use crate::app::records::HighScores;
use crate::app::records::LevelEntry;
use crate::app::records::Progress;

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

/// A level as the level select lists it: its title and the player's best.
pub fn level_line(entry: &LevelEntry, progress: &Progress) -> String {
    let mut line = entry.level.title.clone();
    if let Some(best) = progress.best.get(&entry.label).filter(|&&b| b > 0) {
        line.push_str(&format!("   best {best}"));
    }
    line
}

/// The level select's subtitle: who made the highlighted level, and how to
/// unlock it when it is locked.
fn level_select_subtitle(menu: &Menu, levels: &[LevelEntry]) -> String {
    match menu.entries().get(menu.selected) {
        Some(Item::Level(n)) if menu.locked.get(*n) == Some(&true) => {
            "Locked: clear the level before it in solo".to_owned()
        }
        Some(Item::Level(n)) => levels
            .get(*n)
            .map_or(String::new(), |l| format!("by {}", l.level.author)),
        _ => "Pick where to start".to_owned(),
    }
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
    let (result_title, result) = results_text(menu, session);
    let (title, subtitle, extra) = match menu.screen {
        Screen::Title => ("ARKANONG", "Arkanoid meets Pong".to_owned(), Vec::new()),
        Screen::ModeSelect => ("Play", "Who plays?".to_owned(), Vec::new()),
        Screen::DifficultySelect => ("CPU", "How hard should it play?".to_owned(), Vec::new()),
        Screen::LevelSelect => ("Levels", level_select_subtitle(menu, levels), Vec::new()),
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
            high_score_lines(scores),
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
        Screen::Juice => (
            "Juice",
            "Each effect on or off (reduced motion also stops shake and flashes)".to_owned(),
            Vec::new(),
        ),
        Screen::Keys if menu.keys.note.is_empty() => (
            "Keys",
            "Choose an action, then press its new key".to_owned(),
            Vec::new(),
        ),
        Screen::Keys => ("Keys", menu.keys.note.clone(), Vec::new()),
        Screen::Playing | Screen::Lab | Screen::Editor | Screen::Online => {
            ("", String::new(), Vec::new())
        }
    };
    ScreenText {
        title: title.to_owned(),
        subtitle,
        extra,
        items: menu.items(&names),
    }
}

/// The results screen's title and line. A cleared level on the game-over screen
/// was the campaign's last; one that a player cleared and then ended the run on
/// reads "Run over" ("Level cleared" with "Play again" beside it read as if the
/// run went on).
fn results_text(menu: &Menu, session: Option<&Session>) -> (String, String) {
    let run_over = next_solo_level(&menu.level_modes, menu.level).is_none();
    let (mut result_title, mut result) =
        session.map_or((String::new(), String::new()), |s| s.results(run_over));
    // A player who cleared a level and then ended the run sees the results after
    // the name entry: "Level cleared" with "Play again" there read as if the run
    // went on.
    if let Some(s) = session.filter(|s| {
        menu.screen == Screen::GameOver
            && !run_over
            && s.game.outcome() == Some(crate::game::Outcome::Cleared)
    }) {
        result_title = "Run over".to_owned();
        result = format!("You ended the run. Score {}", s.run_total());
    }
    (result_title, result)
}

/// The high-score table's lines, every one as long as the longest so the centred
/// lines (in the monospaced font) keep their columns under each other.
fn high_score_lines(scores: &HighScores) -> Vec<String> {
    if scores.entries.is_empty() {
        return vec!["No scores yet: go and play!".to_owned()];
    }
    let level_width = scores.entries.iter().map(|e| e.level.chars().count());
    let level_width = level_width.max().unwrap_or(0);
    scores
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let name = if e.name.is_empty() { "---" } else { &e.name };
            format!(
                "{:>2}. {name} {:>5}  {:<6}  {:<level_width$}",
                i + 1,
                e.score,
                e.mode,
                e.level
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::records::HighScore;

    #[test]
    fn screen_text_lists_levels_and_scores() {
        let levels = crate::app::records::level_list();
        let mut menu = Menu::new(levels.len());
        menu.screen = Screen::LevelSelect;
        let mut progress = Progress::default();
        progress.best.insert(levels[0].label.clone(), 120);
        let t = screen_text(&menu, &levels, &HighScores::default(), &progress, None);
        assert_eq!(t.items.len(), levels.len() + 1);
        assert_eq!(t.items[0], "First Contact   best 120");
        assert_eq!(t.subtitle, "by Arkanong team");
        menu.screen = Screen::HighScores;
        let mut scores = HighScores::default();
        scores.add(HighScore {
            score: 42,
            mode: "solo".into(),
            level: "Funnel".into(),
            name: "EVE".into(),
        });
        let t = screen_text(&menu, &levels, &scores, &progress, None);
        assert_eq!(t.extra, vec![" 1. EVE    42  solo    Funnel".to_owned()]);
        scores.add(HighScore {
            score: 7,
            mode: "versus".into(),
            level: "Hex Garden".into(),
            name: "BOB".into(),
        });
        let t = screen_text(&menu, &levels, &scores, &progress, None);
        assert_eq!(
            t.extra,
            [
                " 1. EVE    42  solo    Funnel    ",
                " 2. BOB     7  versus  Hex Garden"
            ],
            "the columns line up"
        );
    }
}
