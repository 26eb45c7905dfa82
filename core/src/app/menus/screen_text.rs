//! The words on each menu screen: title, subtitle, extra lines, items.

use super::{Item, Menu, Screen};
use crate::app::input::Device;
use crate::app::play::PlayMode;
use crate::app::play::Session;
use crate::app::play::CONTROLS_HELP;
use crate::app::play::TRIES_OPEN_NEXT;
use crate::app::records::HighScores;
use crate::app::records::LevelEntry;
use crate::app::records::Progress;
use crate::app::records::Settings;
use crate::app::records::Way;

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

/// A level as the level select lists it: its title and the player's best for
/// `way`, the way of playing chosen.
pub fn level_line(entry: &LevelEntry, progress: &Progress, way: Way) -> String {
    let mut line = entry.level.title.clone();
    if let Some(best) = progress.best_of(way, &entry.record_key()) {
        line.push_str(&format!("   best {best}"));
    }
    line
}

/// The way of playing the menu's choices make (who plays, the CPU's strength).
pub fn menu_way(menu: &Menu) -> Way {
    match menu.mode {
        PlayMode::Solo => Way::Solo,
        PlayMode::VersusCpu => Way::Versus(menu.difficulty),
        PlayMode::TwoPlayers => Way::TwoPlayers,
    }
}

/// The level select's subtitle: who made the highlighted level, and how to
/// unlock it when it is locked.
fn level_select_subtitle(menu: &Menu, levels: &[LevelEntry]) -> String {
    match menu.entries().get(menu.selected) {
        Some(Item::Level(n)) if menu.is_locked(*n) => {
            format!("Locked: clear the level before it in solo, or try it {TRIES_OPEN_NEXT} times")
        }
        Some(Item::Level(n)) => {
            let by = levels
                .get(*n)
                .map_or(String::new(), |l| format!("by {}", l.level.author));
            if menu.levels.get(*n).is_some_and(|l| l.after_tries) {
                format!("{by}. Opened after {TRIES_OPEN_NEXT} tries at the level before")
            } else {
                by
            }
        }
        Some(Item::SetRow) => {
            let set = menu.sets.get(menu.set);
            set.map_or(String::new(), |s| s.description.clone())
        }
        _ => "Pick where to start".to_owned(),
    }
}

/// The set list's subtitle: the highlighted set's description and its size.
fn set_select_subtitle(menu: &Menu) -> String {
    match menu.entries().get(menu.selected) {
        Some(Item::Set(n)) => {
            let count = menu.levels.iter().filter(|l| l.set == *n).count();
            let about = menu.sets.get(*n).map_or("", |s| s.description.as_str());
            let levels = format!("{count} level{}", if count == 1 { "" } else { "s" });
            if about.is_empty() {
                levels
            } else {
                format!("{levels}: {about}")
            }
        }
        _ => "Pick a set of levels".to_owned(),
    }
}

/// The text of the menu's current screen (not meaningful while playing);
/// `settings` gives the values the Settings pages show.
pub fn screen_text(
    menu: &Menu,
    levels: &[LevelEntry],
    scores: &HighScores,
    progress: &Progress,
    session: Option<&Session>,
    settings: &Settings,
) -> ScreenText {
    let way = menu_way(menu);
    let names: Vec<String> = levels
        .iter()
        .map(|l| level_line(l, progress, way))
        .collect();
    let (result_title, result) = results_text(menu, levels, session);
    let table = Way::TABLES[menu.scores_page % Way::TABLES.len()];
    let (title, subtitle, extra) = match menu.screen {
        Screen::Title => ("ARKANONG", "Arkanoid meets Pong".to_owned(), Vec::new()),
        Screen::ModeSelect => ("Play", "Who plays?".to_owned(), Vec::new()),
        Screen::DifficultySelect => ("CPU", "How hard should it play?".to_owned(), Vec::new()),
        Screen::LevelSelect => ("Levels", level_select_subtitle(menu, levels), Vec::new()),
        Screen::SetSelect => ("Sets", set_select_subtitle(menu), Vec::new()),
        Screen::Paused => (
            "Paused",
            pause_hint(menu.device).to_owned(),
            menu.paused_because
                .says()
                .into_iter()
                .map(str::to_owned)
                .collect(),
        ),
        Screen::LevelCleared | Screen::GameOver => (result_title.as_str(), result, Vec::new()),
        Screen::NameEntry => (
            result_title.as_str(),
            new_high_score_line(session, scores, &result),
            vec![
                name_hint(menu.device).to_owned(),
                save_hint(menu.device).to_owned(),
            ],
        ),
        Screen::HighScores => (
            "High scores",
            tables_hint(menu.device).to_owned(),
            high_score_lines(scores, menu.set_key(), table),
        ),
        Screen::Settings => (
            "Settings",
            values_hint(menu.device).to_owned(),
            menu.records_notes.clone(),
        ),
        Screen::Controls => (
            "Controls",
            "How to play".to_owned(),
            controls_lines(menu.device),
        ),
        Screen::Juice => (
            "Juice",
            "Each effect on or off (reduced motion also stops shake and flashes)".to_owned(),
            Vec::new(),
        ),
        Screen::Keys if menu.keys.capturing.is_some() && menu.device == Some(Device::Touch) => (
            "Keys",
            "Rebinding needs a keyboard: tap Cancel".to_owned(),
            Vec::new(),
        ),
        Screen::Keys if menu.keys.note.is_empty() => (
            "Keys",
            "Choose an action, then press its new key".to_owned(),
            Vec::new(),
        ),
        Screen::Keys => ("Keys", menu.keys.note.clone(), Vec::new()),
        Screen::QuitConfirm => ("Quit?", "Leave Arkanong?".to_owned(), Vec::new()),
        Screen::LeaveConfirm => (
            "Leave the game?",
            "It stays paused until you choose".to_owned(),
            Vec::new(),
        ),
        Screen::Playing
        | Screen::Lab
        | Screen::Editor
        | Screen::Online
        | Screen::Community
        | Screen::Credits => ("", String::new(), Vec::new()),
    };
    let notes = menu.notes.iter().filter(|(on, _)| *on == menu.screen);
    let extra: Vec<String> = notes.map(|(_, line)| line.clone()).chain(extra).collect();
    ScreenText {
        title: title.to_owned(),
        subtitle,
        extra,
        items: menu.items(&names, settings),
    }
}

/// The Controls screen's lines: how to play, as [`CONTROLS_HELP`] says it,
/// except that a touch player reads how a finger pauses, not the keys.
fn controls_lines(device: Option<Device>) -> Vec<String> {
    let keys = CONTROLS_HELP.iter().map(|s| (*s).to_owned());
    if device != Some(Device::Touch) {
        return keys.collect();
    }
    keys.map(|l| {
        let by_touch = TOUCH_CONTROLS.iter().find(|(keys, _)| l.starts_with(keys));
        by_touch.map_or(l, |(_, touch)| (*touch).to_owned())
    })
    .collect()
}

/// The Controls lines that name keys (by how they start), and what a touch
/// player reads instead.
const TOUCH_CONTROLS: [(&str, &str); 4] = [
    ("Move:", "Move: slide a finger; the paddle follows it"),
    ("Serve and fire:", "Serve and fire: a tap"),
    (
        "Two players:",
        "Two players: each slides a finger in their own half",
    ),
    (
        "P or Esc",
        "Pause: the || button, a two-finger tap, or Back",
    ),
];

/// The results screen's title and line. A cleared level on the game-over screen
/// was the campaign's last; one that a player cleared and then ended the run on
/// reads "Run over" ("Level cleared" with "Play again" beside it read as if the
/// run went on).
fn results_text(menu: &Menu, levels: &[LevelEntry], session: Option<&Session>) -> (String, String) {
    let run_over = menu.next_level().is_none();
    let shipped = levels.get(menu.level).is_some_and(|l| l.shipped);
    let (mut result_title, mut result) = session.map_or((String::new(), String::new()), |s| {
        s.results(run_over && shipped && s.unlocks)
    });
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
    // The next level's offer says what the run takes along.
    if let Some(s) = session.filter(|_| menu.screen == Screen::LevelCleared) {
        let lives = s.game.players().first().map_or(0, |p| p.lives.max(1));
        let plural = if lives == 1 {
            "life carries"
        } else {
            "lives carry"
        };
        result = format!("{result}. {lives} {plural} over");
    }
    (result_title, result)
}

/// The name entry's line under the result: the place the run takes and in
/// which table, then the result's own line.
fn new_high_score_line(session: Option<&Session>, scores: &HighScores, result: &str) -> String {
    let Some((s, place)) = session.and_then(|s| Some((s, s.table_place(scores)?))) else {
        return result.to_owned();
    };
    let mut line = format!("New high score: #{place} in {}", s.way().name());
    if !result.is_empty() {
        line = format!("{result}. {line}");
    }
    line
}

/// The lines of `way`'s high-score table under its name, every one as long as
/// the longest so the centred lines (in the monospaced font) keep their columns
/// under each other; the table is the shown set's (`set`, its key). Each shows the level the run ended on; the table's name
/// says the CPU's strength.
fn high_score_lines(scores: &HighScores, set: &str, way: Way) -> Vec<String> {
    let table: Vec<_> = scores.table(set, way).collect();
    if table.is_empty() {
        return vec![
            way.name().to_owned(),
            "No scores yet: go and play!".to_owned(),
        ];
    }
    let level_width = table.iter().map(|e| e.level.chars().count());
    let level_width = level_width.max().unwrap_or(0);
    let rows = table.iter().enumerate().map(|(i, e)| {
        let name = if e.name.is_empty() { "---" } else { &e.name };
        format!(
            "{:>2}. {name} {:>5}  {:<level_width$}",
            i + 1,
            e.score,
            e.level
        )
    });
    std::iter::once(way.name().to_owned()).chain(rows).collect()
}

/// How to resume, in the words of the input in use.
fn pause_hint(device: Option<Device>) -> &'static str {
    match device {
        Some(Device::Touch) => "Tap Resume to play on",
        Some(Device::Mouse) => "Click Resume, or press P or Esc",
        Some(Device::Pad) => "Start to resume",
        Some(Device::Keyboard) | None => "P or Esc to resume",
    }
}

/// How to see the other high-score tables, in the words of the input in use: a
/// phone has no left and right.
fn tables_hint(device: Option<Device>) -> &'static str {
    match device {
        Some(Device::Touch) => "Tap the table's name for the next one",
        Some(Device::Mouse) => "Click the table's name for the next one",
        Some(Device::Pad) | Some(Device::Keyboard) | None => "Left and right: the other tables",
    }
}

/// How to change a setting, in the words of the input in use.
fn values_hint(device: Option<Device>) -> &'static str {
    match device {
        Some(Device::Touch) => "Tap a value to change it",
        Some(Device::Mouse) => "Click a value to change it",
        Some(Device::Pad) | Some(Device::Keyboard) | None => "Left and right change a value",
    }
}

/// How to save or skip a name, in the words of the input in use.
fn save_hint(device: Option<Device>) -> &'static str {
    match device {
        Some(Device::Touch) => "Tap Save to keep the score, Skip to leave it",
        Some(Device::Mouse) => "Click Save to keep the score, Skip to leave it",
        Some(Device::Pad) => "A saves the score; B skips it (not saved)",
        Some(Device::Keyboard) | None => "Enter saves the score; Esc skips it (not saved)",
    }
}

/// How to enter a name, in the words of the input in use.
fn name_hint(device: Option<Device>) -> &'static str {
    match device {
        Some(Device::Touch) => "Your name: tap above or below a letter to change it",
        Some(Device::Mouse) => "Your name: click above or below a letter, or type it",
        Some(Device::Pad) => "Your name: up/down change a letter, left/right move",
        Some(Device::Keyboard) | None => "Your name: up/down change a letter, or type it",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::records::HighScore;
    use crate::game::Difficulty;

    #[test]
    fn screen_text_after_a_touch_names_no_key() {
        let levels = crate::app::records::level_list();
        let mut menu = Menu::new(levels.len());
        menu.device = Some(Device::Touch);
        let screens = [
            Screen::Title,
            Screen::ModeSelect,
            Screen::DifficultySelect,
            Screen::Paused,
            Screen::NameEntry,
            Screen::HighScores,
            Screen::Settings,
            Screen::Controls,
            Screen::LeaveConfirm,
        ];
        for screen in screens {
            menu.screen = screen;
            let t = screen_text(
                &menu,
                &levels,
                &HighScores::default(),
                &Progress::default(),
                None,
                &Settings::default(),
            );
            for line in std::iter::once(&t.subtitle).chain(&t.extra) {
                for key in ["Esc", "Enter", "Left and right", "up/down", "press"] {
                    assert!(!line.contains(key), "{screen:?} says {line:?} to a finger");
                }
            }
        }
    }

    #[test]
    fn screen_text_lists_levels_and_scores() {
        let levels = crate::app::records::level_list();
        let mut menu = Menu::new(levels.len());
        menu.screen = Screen::LevelSelect;
        menu.mode = PlayMode::Solo;
        let mut progress = Progress::default();
        progress.record_best(Way::Solo, &levels[0].label, 120);
        progress.record_best(Way::TwoPlayers, &levels[0].label, 260);
        let t = screen_text(
            &menu,
            &levels,
            &HighScores::default(),
            &progress,
            None,
            &Settings::default(),
        );
        assert_eq!(t.items[0], "First Contact   best 120", "the solo best only");
        assert_eq!(t.subtitle, "by Arkanong team");
        menu.mode = PlayMode::TwoPlayers;
        let t = screen_text(
            &menu,
            &levels,
            &HighScores::default(),
            &progress,
            None,
            &Settings::default(),
        );
        assert_eq!(t.items[0], "First Contact   best 260");
        menu.mode = PlayMode::VersusCpu;
        let t = screen_text(
            &menu,
            &levels,
            &HighScores::default(),
            &progress,
            None,
            &Settings::default(),
        );
        assert_eq!(t.items[0], "First Contact", "no versus best yet");

        menu.screen = Screen::HighScores;
        let mut scores = HighScores::default();
        scores.add(HighScore {
            score: 42,
            way: Way::Solo,
            level: "Funnel".into(),
            name: "EVE".into(),
            set: String::new(),
        });
        let t = screen_text(
            &menu,
            &levels,
            &scores,
            &progress,
            None,
            &Settings::default(),
        );
        assert_eq!(t.extra, ["Solo", " 1. EVE    42  Funnel"]);
        assert_eq!(t.items[0], "< Solo >");
        scores.add(HighScore {
            score: 7,
            way: Way::Versus(Difficulty::Hard),
            level: "Hex Garden".into(),
            name: "BOB".into(),
            set: String::new(),
        });
        scores.add(HighScore {
            score: 3,
            way: Way::Versus(Difficulty::Hard),
            level: "Arc".into(),
            name: "ANN".into(),
            set: String::new(),
        });
        // Right three times: easy, normal, hard.
        for _ in 0..3 {
            menu.handle(crate::app::input::MenuInput::Right);
        }
        let t = screen_text(
            &menu,
            &levels,
            &scores,
            &progress,
            None,
            &Settings::default(),
        );
        assert_eq!(t.items[0], "< Versus the CPU (hard) >");
        assert_eq!(
            t.extra,
            [
                "Versus the CPU (hard)",
                " 1. BOB     7  Hex Garden",
                " 2. ANN     3  Arc       "
            ],
            "its own table, the columns lined up"
        );
        menu.handle(crate::app::input::MenuInput::Left);
        let t = screen_text(
            &menu,
            &levels,
            &scores,
            &progress,
            None,
            &Settings::default(),
        );
        assert_eq!(t.extra[1], "No scores yet: go and play!");
    }
}
