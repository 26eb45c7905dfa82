//! The Keys settings page: pick a key set and an action, press the new key.
//! Headless: the menu holds a [`KeysPage`], and the shell sends the pressed key
//! as `MenuInput::Key` while the page waits for one.

use super::menu::MenuAction;
use super::SettingChange;
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

/// The Keys page's state. The keys in force are the settings' (`Settings::bindings`):
/// the page reads them and asks for changes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct KeysPage {
    /// The key set shown.
    pub set: KeySet,
    /// The action waiting for its new key, if any.
    pub capturing: Option<Action>,
    /// What the last rebinding did, for the page's subtitle.
    pub note: String,
}

impl KeysPage {
    /// What an item says, with `bindings` the keys in force; `touch` when the
    /// player's last input was a finger (no key will come: the row says so).
    pub fn label(&self, item: KeyItem, bindings: &Bindings, touch: bool) -> String {
        match item {
            KeyItem::Set => format!("Keys for: {}", self.set.label()),
            KeyItem::Bind(a) if self.capturing == Some(a) && touch => {
                format!("{}: needs a keyboard", a.label())
            }
            KeyItem::Bind(a) if self.capturing == Some(a) => {
                format!("{}: press a key (Esc cancels)", a.label())
            }
            KeyItem::Bind(a) => {
                let keys: Vec<String> = bindings.keys(self.set, a).map(key_label).collect();
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
            KeyItem::Reset => MenuAction::Change(SettingChange::ResetKeys),
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

    /// A key pressed while waiting: asks for it to be bound (the settings' owner
    /// makes the change and tells the page with [`KeysPage::tell`]). Ignored when
    /// not waiting.
    pub fn press(&mut self, key: Key) -> MenuAction {
        let Some(action) = self.capturing.take() else {
            return MenuAction::None;
        };
        MenuAction::Change(SettingChange::Rebind {
            set: self.set,
            action,
            key,
        })
    }

    /// What became of the last change asked for: the note under the page says
    /// it, or why it was refused.
    pub fn tell(&mut self, outcome: Result<String, String>) {
        self.note = outcome.unwrap_or_else(|e| e);
    }

    /// Stops waiting for a key.
    pub fn cancel(&mut self) {
        self.capturing = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::records::Settings;
    use crate::app::{input::MenuInput, menus::Menu, menus::Screen};

    /// The menu on the Keys page, from the title: Settings, then Keys.
    fn keys_page() -> (Menu, Settings) {
        let mut m = Menu::new(3);
        let s = Settings::default();
        m.handle(MenuInput::Pick(2));
        let keys = m
            .entries()
            .iter()
            .position(|i| m.label(*i, &[], &s) == "Keys");
        m.handle(MenuInput::Pick(keys.unwrap()));
        assert_eq!(m.screen, Screen::Keys);
        (m, s)
    }

    /// One input, with the change it asks for made as the settings' owner makes it.
    fn input(m: &mut Menu, s: &mut Settings, input: MenuInput) -> MenuAction {
        let action = m.handle(input);
        if let MenuAction::Change(change) = action {
            m.keys.tell(change.apply(s));
        }
        action
    }

    #[test]
    fn keys_page_rebinds_an_action_by_pressing_a_key() {
        let (mut m, mut s) = keys_page();
        m.handle(MenuInput::Pick(5));
        assert_eq!(m.keys.capturing, Some(Action::Fire));
        assert_eq!(
            m.items(&[], &s),
            ["Serve / fire: press a key (Esc cancels)", "Cancel"]
        );
        assert!(matches!(
            input(&mut m, &mut s, MenuInput::Key("J")),
            MenuAction::Change(SettingChange::Rebind { key: "J", .. })
        ));
        assert_eq!(m.items(&[], &s)[5], "Serve / fire: J");
        assert_eq!(m.keys.capturing, None);
        // Enter now confirms the menu again instead of being captured.
        assert_eq!(input(&mut m, &mut s, MenuInput::Key("K")), MenuAction::None);
        assert_eq!(m.items(&[], &s)[5], "Serve / fire: J");
    }

    #[test]
    fn keys_page_escape_cancels_and_keeps_the_keys() {
        let (mut m, mut s) = keys_page();
        let before = s.bindings;
        m.handle(MenuInput::Pick(1));
        assert_eq!(input(&mut m, &mut s, MenuInput::Back), MenuAction::None);
        assert_eq!((m.keys.capturing, m.screen), (None, Screen::Keys));
        assert_eq!(s.bindings, before);
        m.handle(MenuInput::Back);
        assert_eq!(m.screen, Screen::Settings);
    }

    #[test]
    fn keys_page_switches_sets_and_reports_a_moved_key() {
        let (mut m, mut s) = keys_page();
        m.handle(MenuInput::Right);
        assert_eq!(m.items(&[], &s)[0], "Keys for: two players, bottom");
        m.handle(MenuInput::Right);
        assert_eq!(m.keys.set, KeySet::TwoTop);
        m.handle(MenuInput::Pick(5));
        input(&mut m, &mut s, MenuInput::Key("A"));
        assert_eq!(
            m.keys.note,
            "A moved here from Left (two players, top), which now has Space"
        );
        assert_eq!(m.items(&[], &s)[5], "Serve / fire: A, LeftShift");
        assert_eq!(m.items(&[], &s)[1], "Left: Space");
        assert_eq!(
            input(&mut m, &mut s, MenuInput::Pick(6)),
            MenuAction::Change(SettingChange::ResetKeys)
        );
        assert_eq!(s.bindings, Bindings::default());
        assert_eq!(m.keys.note, "All keys back to the defaults");
    }
}
