//! The Settings pages' left and right: a setting's value up or down, a switch
//! flipped; on the High scores screen, the next table. A child of `menu.rs`, so it works on `Menu`'s own fields.

use super::{Item, Menu, MenuAction};
use crate::app::records::{nudge_volume, Way};

impl Menu {
    /// Left or right on a setting changes it; elsewhere they do nothing.
    pub(super) fn adjust(&mut self, item: Item, up: bool) -> MenuAction {
        match item {
            Item::Volume => self.volume = nudge_volume(self.volume, up),
            Item::MusicVolume => self.music_volume = nudge_volume(self.music_volume, up),
            Item::Sound => self.muted = !self.muted,
            Item::Motion => self.reduced_motion = !self.reduced_motion,
            Item::Contrast => self.high_contrast = !self.high_contrast,
            Item::Juice(e) => self.juice.toggle(e),
            Item::Keys(k) => return self.keys.adjust(k, up),
            Item::ScoresTable => {
                let n = Way::TABLES.len();
                self.scores_page = (self.scores_page + if up { 1 } else { n - 1 }) % n;
                return MenuAction::None;
            }
            _ => return MenuAction::None,
        }
        MenuAction::SettingsChanged
    }
}
