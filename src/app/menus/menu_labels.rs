//! What each menu item says: the words of a [`Menu`]'s items, with the values
//! of the settings they change. Split from `menu.rs`, which decides what the
//! items are and what they do.

use super::{Item, Menu};
use crate::app::records::Way;
use crate::game::Difficulty;

impl Menu {
    /// What an item says. `level_names` names the levels.
    pub fn label(&self, item: Item, level_names: &[String]) -> String {
        match item {
            Item::Open(_, text) | Item::Who(_, text) | Item::EndGame(text) => text.to_owned(),
            Item::Strength(d) => match d {
                Difficulty::Easy => "Easy",
                Difficulty::Normal => "Normal",
                Difficulty::Hard => "Hard",
            }
            .to_owned(),
            Item::Level(n) if self.locked.get(n) == Some(&true) => format!(
                "{}  (locked)",
                level_names.get(n).map_or("", String::as_str)
            ),
            Item::Level(n) => level_names.get(n).cloned().unwrap_or_default(),
            Item::EndRun => "End the run".to_owned(),
            Item::NameDone => "Save".to_owned(),
            Item::NameSkip => "Skip (not saved)".to_owned(),
            Item::ScoresTable => {
                let way = Way::TABLES[self.scores_page % Way::TABLES.len()];
                format!("< {} >", way.name())
            }
            Item::Volume => format!("Volume: {}", self.volume),
            Item::MusicVolume => format!("Music volume: {}", self.music_volume),
            Item::Sound => format!(
                "Sound: {}",
                match (self.muted, self.no_sound_device) {
                    (true, _) => "off",
                    (false, true) => "none found",
                    (false, false) => "on",
                }
            ),
            Item::Motion => format!(
                "Reduced motion: {}",
                if self.reduced_motion { "on" } else { "off" }
            ),
            Item::Contrast => format!(
                "High contrast: {}",
                if self.high_contrast { "on" } else { "off" }
            ),
            Item::Juice(e) => format!(
                "{}: {}",
                e.name(),
                if self.juice.is_on(e) { "on" } else { "off" }
            ),
            Item::Keys(k) => self.keys.label(k),
            Item::Resume => "Resume".to_owned(),
            Item::NextLevel => "Next level".to_owned(),
            Item::PlayAgain => "Play again".to_owned(),
            Item::Back => "Back".to_owned(),
            Item::Quit => "Quit".to_owned(),
        }
    }
}
