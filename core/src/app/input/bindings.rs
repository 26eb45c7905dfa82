//! Which keys drive the paddles, and rebinding them: three key sets (one player;
//! two players, bottom and top), five actions each, up to three keys an action.
//! Keys are named as macroquad's `KeyCode` prints them (`Left`, `A`, `Key1`,
//! `Space`); the shell maps names to codes. Saved with the settings as
//! `key.SET.ACTION = NAME NAME` lines (by serde: `SET` and `ACTION` are the field
//! names of [`Bindings`] and `SetKeys`).

use serde::{Deserialize, Serialize};

/// A key, by its name in [`KEY_NAMES`].
pub type Key = &'static str;

/// Every key a game action may be bound to, by macroquad `KeyCode` name. Escape, P
/// and F1 are missing on purpose: they pause, go back and open the debug overlay.
pub const KEY_NAMES: &[&str] = &[
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "G",
    "H",
    "I",
    "J",
    "K",
    "L",
    "M",
    "N",
    "O",
    "Q",
    "R",
    "S",
    "T",
    "U",
    "V",
    "W",
    "X",
    "Y",
    "Z",
    "Key0",
    "Key1",
    "Key2",
    "Key3",
    "Key4",
    "Key5",
    "Key6",
    "Key7",
    "Key8",
    "Key9",
    "Space",
    "Enter",
    "Tab",
    "Backspace",
    "Left",
    "Right",
    "Up",
    "Down",
    "LeftShift",
    "RightShift",
    "LeftControl",
    "RightControl",
    "LeftAlt",
    "RightAlt",
    "Comma",
    "Period",
    "Slash",
    "Semicolon",
    "Apostrophe",
    "LeftBracket",
    "RightBracket",
    "Minus",
    "Equal",
    "Backslash",
    "Insert",
    "Delete",
    "Home",
    "End",
    "PageUp",
    "PageDown",
    "Kp0",
    "Kp1",
    "Kp2",
    "Kp3",
    "Kp4",
    "Kp5",
    "Kp6",
    "Kp7",
    "Kp8",
    "Kp9",
    "KpEnter",
];

/// The key called `name`, if it can be bound.
pub fn key_named(name: &str) -> Option<Key> {
    KEY_NAMES.iter().copied().find(|&k| k == name)
}

/// How a key reads on screen: arrows and digits spelled out for people.
pub fn key_label(key: Key) -> String {
    match key {
        "Left" | "Right" | "Up" | "Down" => format!("{key} arrow"),
        _ => match (key.strip_prefix("Key"), key.strip_prefix("Kp")) {
            (Some(digit), _) => digit.to_owned(),
            (_, Some(rest)) => format!("Keypad {rest}"),
            _ => key.to_owned(),
        },
    }
}

/// Whose keys: one player alone, or one of two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeySet {
    /// One player (solo, versus the CPU).
    #[default]
    Single,
    /// Two players, the bottom paddle.
    TwoBottom,
    /// Two players, the top paddle.
    TwoTop,
}

impl KeySet {
    /// Every set, in the order the settings show them.
    pub const ALL: [KeySet; 3] = [KeySet::Single, KeySet::TwoBottom, KeySet::TwoTop];

    /// The name on screen.
    pub fn label(self) -> &'static str {
        match self {
            KeySet::Single => "one player",
            KeySet::TwoBottom => "two players, bottom",
            KeySet::TwoTop => "two players, top",
        }
    }

    /// The sets whose keys are read at the same time (and so must not share one).
    fn together(self) -> &'static [KeySet] {
        match self {
            KeySet::Single => &[KeySet::Single],
            KeySet::TwoBottom | KeySet::TwoTop => &[KeySet::TwoBottom, KeySet::TwoTop],
        }
    }
}

/// What a key does in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Move left.
    Left,
    /// Move right.
    Right,
    /// Move up.
    Up,
    /// Move down.
    Down,
    /// Serve, fire lasers, release a caught ball.
    Fire,
}

impl Action {
    /// Every action, in the order the settings show them.
    pub const ALL: [Action; 5] = [
        Action::Left,
        Action::Right,
        Action::Up,
        Action::Down,
        Action::Fire,
    ];

    /// The name on screen.
    pub fn label(self) -> &'static str {
        match self {
            Action::Left => "Left",
            Action::Right => "Right",
            Action::Up => "Up",
            Action::Down => "Down",
            Action::Fire => "Serve / fire",
        }
    }
}

/// Most keys one action can have.
const KEYS_PER_ACTION: usize = 3;
type Slots = [Option<Key>; KEYS_PER_ACTION];

/// The keys of every action of every set; in the settings file each set is a
/// prefix (`key.single.`) and each action a key after it (`key.single.fire`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bindings {
    /// One player's keys.
    #[serde(rename = "single.")]
    single: SetKeys,
    /// The bottom player's keys in a two-player game.
    #[serde(rename = "bottom.")]
    bottom: SetKeys,
    /// The top player's keys in a two-player game.
    #[serde(rename = "top.")]
    top: SetKeys,
}

/// The keys of one set's actions, each written as its names separated by spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct SetKeys {
    #[serde(with = "key_names")]
    left: Slots,
    #[serde(with = "key_names")]
    right: Slots,
    #[serde(with = "key_names")]
    up: Slots,
    #[serde(with = "key_names")]
    down: Slots,
    #[serde(with = "key_names")]
    fire: Slots,
}

impl Default for Bindings {
    /// One player: arrows or WASD, Space. Two players: arrows and Enter (or Right
    /// Shift, or keypad Enter) at the bottom, WASD and Space (or Left Shift) at the top.
    fn default() -> Self {
        let one = |k: Key| [Some(k), None, None];
        let two = |a: Key, b: Key| [Some(a), Some(b), None];
        Self {
            single: SetKeys {
                left: two("Left", "A"),
                right: two("Right", "D"),
                up: two("Up", "W"),
                down: two("Down", "S"),
                fire: one("Space"),
            },
            bottom: SetKeys {
                left: one("Left"),
                right: one("Right"),
                up: one("Up"),
                down: one("Down"),
                fire: [Some("Enter"), Some("RightShift"), Some("KpEnter")],
            },
            top: SetKeys {
                left: one("A"),
                right: one("D"),
                up: one("W"),
                down: one("S"),
                fire: two("Space", "LeftShift"),
            },
        }
    }
}

impl SetKeys {
    /// The keys of `action`, to change.
    fn slots(&mut self, action: Action) -> &mut Slots {
        match action {
            Action::Left => &mut self.left,
            Action::Right => &mut self.right,
            Action::Up => &mut self.up,
            Action::Down => &mut self.down,
            Action::Fire => &mut self.fire,
        }
    }
}

/// A key list as the settings file writes it: one to three names separated by
/// spaces.
mod key_names {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use super::{key_named, slots, Key, Slots, KEYS_PER_ACTION};

    pub(super) fn serialize<S: Serializer>(keys: &Slots, s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<Key> = keys.iter().flatten().copied().collect();
        s.serialize_str(&names.join(" "))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Slots, D::Error> {
        let text = String::deserialize(d)?;
        let keys: Option<Vec<Key>> = text.split_whitespace().map(key_named).collect();
        match keys {
            Some(keys) if !keys.is_empty() && keys.len() <= KEYS_PER_ACTION => Ok(slots(&keys)),
            _ => Err(D::Error::custom(format!(
                "`{text}` is not one to three keys the game can bind"
            ))),
        }
    }
}

/// Why a key cannot be bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RebindError {
    /// Escape, P, F1 or a key the game does not know.
    Reserved(String),
}

impl std::fmt::Display for RebindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RebindError::Reserved(k) => write!(f, "{k} cannot be bound (it is kept for menus)"),
        }
    }
}

impl Bindings {
    /// The keys of `action` in `set`.
    pub fn keys(&self, set: KeySet, action: Action) -> impl Iterator<Item = Key> + '_ {
        // A copy (Bindings is a few dozen bytes) so one accessor serves both ways.
        let mut copy = *self;
        let slots = *copy.slots(set, action);
        slots.into_iter().flatten()
    }

    /// The keys of `action` in `set`, to change.
    fn slots(&mut self, set: KeySet, action: Action) -> &mut Slots {
        match set {
            KeySet::Single => &mut self.single,
            KeySet::TwoBottom => &mut self.bottom,
            KeySet::TwoTop => &mut self.top,
        }
        .slots(action)
    }

    /// Binds `name` to `action` in `set` as its first key, in place of the old
    /// first key; its other keys stay. A key already bound to another action read
    /// at the same time is taken from it, and that action gets the replaced key in
    /// its place (the two swap), so no action is ever left without a key. Returns
    /// the action the key was taken from, if any.
    pub fn rebind(
        &mut self,
        set: KeySet,
        action: Action,
        name: &str,
    ) -> Result<Option<(KeySet, Action)>, RebindError> {
        let key = key_named(name).ok_or_else(|| RebindError::Reserved(name.to_owned()))?;
        let old_first = self.slots(set, action)[0].filter(|&k| k != key);
        let mut moved = None;
        for &other_set in set.together() {
            for other in Action::ALL {
                if (other_set, other) == (set, action)
                    || !self.slots(other_set, other).contains(&Some(key))
                {
                    continue;
                }
                // The swap: the taken key's slot gets this action's replaced key.
                let given: Vec<Key> = self
                    .keys(other_set, other)
                    .filter_map(|k| if k == key { old_first } else { Some(k) })
                    .collect();
                // With nothing to give (never the case for a bound action), the
                // other action keeps the key rather than lose its last one.
                if !given.is_empty() {
                    *self.slots(other_set, other) = slots(&given);
                    moved = Some((other_set, other));
                }
            }
        }
        let rest = self.keys(set, action).skip(1).filter(|&k| k != key);
        let mine: Vec<Key> = std::iter::once(key).chain(rest).collect();
        *self.slots(set, action) = slots(&mine);
        Ok(moved)
    }
}

fn slots(keys: &[Key]) -> Slots {
    let mut out: Slots = [None; KEYS_PER_ACTION];
    for (slot, &k) in out.iter_mut().zip(keys) {
        *slot = Some(k);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(b: &Bindings, set: KeySet, action: Action) -> Vec<Key> {
        b.keys(set, action).collect()
    }

    #[test]
    fn bindings_default_to_the_documented_keys() {
        let b = Bindings::default();
        assert_eq!(keys(&b, KeySet::Single, Action::Left), ["Left", "A"]);
        assert_eq!(
            keys(&b, KeySet::TwoBottom, Action::Fire),
            ["Enter", "RightShift", "KpEnter"]
        );
        assert_eq!(keys(&b, KeySet::TwoTop, Action::Up), ["W"]);
    }

    #[test]
    fn rebind_replaces_the_first_key_of_an_action_and_keeps_the_rest() {
        let mut b = Bindings::default();
        assert_eq!(b.rebind(KeySet::Single, Action::Fire, "J"), Ok(None));
        assert_eq!(keys(&b, KeySet::Single, Action::Fire), ["J"]);
        assert_eq!(b.rebind(KeySet::Single, Action::Down, "K"), Ok(None));
        assert_eq!(keys(&b, KeySet::Single, Action::Down), ["K", "S"]);
    }

    #[test]
    fn rebind_swaps_a_taken_key_for_the_replaced_one() {
        let mut b = Bindings::default();
        // A was "left"'s second key: left gets fire's old Space in its place.
        let moved = b.rebind(KeySet::Single, Action::Fire, "A").unwrap();
        assert_eq!(moved, Some((KeySet::Single, Action::Left)));
        assert_eq!(keys(&b, KeySet::Single, Action::Left), ["Left", "Space"]);
        assert_eq!(keys(&b, KeySet::Single, Action::Fire), ["A"]);
        // W was top's only "up": up gets top fire's old first key, Space.
        let moved = b.rebind(KeySet::TwoTop, Action::Fire, "W").unwrap();
        assert_eq!(moved, Some((KeySet::TwoTop, Action::Up)));
        assert_eq!(keys(&b, KeySet::TwoTop, Action::Up), ["Space"]);
        assert_eq!(keys(&b, KeySet::TwoTop, Action::Fire), ["W", "LeftShift"]);
        // The bottom player's keys clash with the top's, not with one player's.
        b.rebind(KeySet::TwoBottom, Action::Left, "Space").unwrap();
        assert_eq!(keys(&b, KeySet::TwoTop, Action::Up), ["Left"]);
        assert_eq!(keys(&b, KeySet::Single, Action::Left), ["Left", "Space"]);
    }

    /// The report in issue 25: Serve on X, then Down on X took X from Serve,
    /// Serve became "Down arrow", and Down lost both its keys.
    #[test]
    fn rebind_never_leaves_an_action_without_a_key_issue_25() {
        let mut b = Bindings::default();
        b.rebind(KeySet::Single, Action::Fire, "X").unwrap();
        b.rebind(KeySet::Single, Action::Down, "X").unwrap();
        assert_eq!(keys(&b, KeySet::Single, Action::Down), ["X", "S"]);
        assert_eq!(keys(&b, KeySet::Single, Action::Fire), ["Down"]);
        // Any sequence of rebinds keeps every action bound and no key shared.
        let names = ["A", "S", "Left", "Space", "X", "W", "Down", "Enter"];
        for (i, name) in names.iter().cycle().take(40).enumerate() {
            let set = KeySet::ALL[i % 3];
            let action = Action::ALL[(i * 7) % 5];
            b.rebind(set, action, name).unwrap();
            for set in KeySet::ALL {
                let mut all: Vec<Key> = Vec::new();
                for &s in set.together() {
                    for a in Action::ALL {
                        assert!(b.keys(s, a).next().is_some(), "{s:?} {a:?} has no key");
                        all.extend(b.keys(s, a));
                    }
                }
                let n = all.len();
                all.sort_unstable();
                all.dedup();
                assert_eq!(all.len(), n, "a key shared within {set:?}: {b:?}");
            }
        }
    }

    #[test]
    fn rebind_refuses_menu_keys() {
        let mut b = Bindings::default();
        for k in ["Escape", "P", "F1", "Nonsense"] {
            assert!(b.rebind(KeySet::Single, Action::Up, k).is_err(), "{k}");
        }
        assert_eq!(b, Bindings::default());
    }

    #[test]
    fn key_labels_read_well() {
        assert_eq!(key_label("Left"), "Left arrow");
        assert_eq!(key_label("Key7"), "7");
        assert_eq!(key_label("Kp4"), "Keypad 4");
        assert_eq!(key_label("Space"), "Space");
        assert_eq!(
            KEY_NAMES.iter().filter(|k| key_named(k).is_none()).count(),
            0
        );
    }
}
