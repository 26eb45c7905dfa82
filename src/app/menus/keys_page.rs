//! The Keys settings page: pick a key set and an action, press the new key.
//! Headless: the menu holds a [`KeysPage`], and the shell sends the pressed key
//! as `MenuInput::Key` while the page waits for one.

use super::menu::MenuAction;
use crate::app::input::{key_label, Action, Bindings, Key, KeySet};

/// One item of the Keys page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyItem {
    /// Which key set the page shows (left and right change it).
    Set,
    /// Rebind one action: choose it, then press the key.
    Bind(Action),
    /// Every key set back to the defaults.
    Reset,
}

/// The page's items, top to bottom (the menu adds "Back").
pub const KEY_ITEMS: [KeyItem; 7] = [
    KeyItem::Set,
    KeyItem::Bind(Action::Left),
    KeyItem::Bind(Action::Right),
    KeyItem::Bind(Action::Up),
    KeyItem::Bind(Action::Down),
    KeyItem::Bind(Action::Fire),
    KeyItem::Reset,
];

/// The Keys page's state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct KeysPage {
    /// The keys in force (saved with the settings).
    pub bindings: Bindings,
    /// The key set shown.
    pub set: KeySet,
    /// The action waiting for its new key, if any.
    pub capturing: Option<Action>,
    /// What the last rebinding did, for the page's subtitle.
    pub note: String,
}

impl KeysPage {
    /// What an item says.
    pub fn label(&self, item: KeyItem) -> String {
        match item {
            KeyItem::Set => format!("Keys for: {}", self.set.label()),
            KeyItem::Bind(a) if self.capturing == Some(a) => {
                format!("{}: press a key (Esc cancels)", a.label())
            }
            KeyItem::Bind(a) => {
                let keys: Vec<String> = self.bindings.keys(self.set, a).map(key_label).collect();
                format!("{}: {}", a.label(), keys.join(", "))
            }
            KeyItem::Reset => "Reset to defaults".to_owned(),
        }
    }

    /// Choosing an item: the next key set, wait for a key, or reset.
    pub fn choose(&mut self, item: KeyItem) -> MenuAction {
        match item {
            KeyItem::Set => self.adjust(item, true),
            KeyItem::Bind(a) => {
                self.capturing = Some(a);
                self.note.clear();
                MenuAction::None
            }
            KeyItem::Reset => {
                self.bindings = Bindings::default();
                self.note = "All keys back to the defaults".to_owned();
                MenuAction::SettingsChanged
            }
        }
    }

    /// Left or right: on the set item, the previous or next key set.
    pub fn adjust(&mut self, item: KeyItem, up: bool) -> MenuAction {
        if item == KeyItem::Set {
            let all = KeySet::ALL;
            let at = all.iter().position(|&s| s == self.set).unwrap_or(0);
            let step = if up { 1 } else { all.len() - 1 };
            self.set = all[(at + step) % all.len()];
        }
        MenuAction::None
    }

    /// A key pressed while waiting: binds it (see [`Bindings::rebind`] for
    /// conflicts) and says what happened in the note. Ignored when not waiting.
    pub fn press(&mut self, key: Key) -> MenuAction {
        let Some(action) = self.capturing.take() else {
            return MenuAction::None;
        };
        match self.bindings.rebind(self.set, action, key) {
            Ok(moved) => {
                self.note = match moved {
                    Some((set, from)) => {
                        let given: Vec<String> =
                            self.bindings.keys(set, from).map(key_label).collect();
                        format!(
                            "{} moved here from {} ({}), which now has {}",
                            key_label(key),
                            from.label(),
                            set.label(),
                            given.join(", ")
                        )
                    }
                    None => format!("{} is now {}", action.label(), key_label(key)),
                };
                MenuAction::SettingsChanged
            }
            Err(e) => {
                self.note = e.to_string();
                MenuAction::None
            }
        }
    }

    /// Stops waiting for a key.
    pub fn cancel(&mut self) {
        self.capturing = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{input::MenuInput, menus::Menu, menus::Screen};

    /// The menu on the Keys page, from the title: Settings, then Keys.
    fn keys_page() -> Menu {
        let mut m = Menu::new(3);
        m.handle(MenuInput::Pick(2));
        let keys = m.entries().iter().position(|i| m.label(*i, &[]) == "Keys");
        m.handle(MenuInput::Pick(keys.unwrap()));
        assert_eq!(m.screen, Screen::Keys);
        m
    }

    #[test]
    fn keys_page_rebinds_an_action_by_pressing_a_key() {
        let mut m = keys_page();
        m.handle(MenuInput::Pick(5));
        assert_eq!(m.keys.capturing, Some(Action::Fire));
        assert_eq!(m.items(&[])[5], "Serve / fire: press a key (Esc cancels)");
        assert_eq!(m.handle(MenuInput::Key("J")), MenuAction::SettingsChanged);
        assert_eq!(m.items(&[])[5], "Serve / fire: J");
        assert_eq!(m.keys.capturing, None);
        // Enter now confirms the menu again instead of being captured.
        assert_eq!(m.handle(MenuInput::Key("K")), MenuAction::None);
        assert_eq!(m.items(&[])[5], "Serve / fire: J");
    }

    #[test]
    fn keys_page_escape_cancels_and_keeps_the_keys() {
        let mut m = keys_page();
        let before = m.keys.bindings;
        m.handle(MenuInput::Pick(1));
        assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
        assert_eq!((m.keys.capturing, m.screen), (None, Screen::Keys));
        assert_eq!(m.keys.bindings, before);
        m.handle(MenuInput::Back);
        assert_eq!(m.screen, Screen::Settings);
    }

    #[test]
    fn keys_page_switches_sets_and_reports_a_moved_key() {
        let mut m = keys_page();
        m.handle(MenuInput::Right);
        assert_eq!(m.items(&[])[0], "Keys for: two players, bottom");
        m.handle(MenuInput::Right);
        assert_eq!(m.keys.set, KeySet::TwoTop);
        m.handle(MenuInput::Pick(5));
        m.handle(MenuInput::Key("A"));
        assert_eq!(
            m.keys.note,
            "A moved here from Left (two players, top), which now has Space"
        );
        assert_eq!(m.items(&[])[5], "Serve / fire: A, LeftShift");
        assert_eq!(m.items(&[])[1], "Left: Space");
        assert_eq!(m.handle(MenuInput::Pick(6)), MenuAction::SettingsChanged);
        assert_eq!(m.keys.bindings, Bindings::default());
    }
}
