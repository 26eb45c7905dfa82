//! A change to the settings, asked for by a menu and made by the settings' one
//! owner (the application state, `app::state`). Menus read the settings to say
//! their values and never keep a copy: a copy is what drifted before.

use crate::app::feel::Effect;
use crate::app::input::{key_label, Action, Bindings, Key, KeySet};
use crate::app::records::{nudge_volume, Settings};

/// One change a Settings page asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingChange {
    /// The volume one step up or down.
    Volume {
        /// Up (right) or down (left).
        up: bool,
    },
    /// The music's volume one step up or down.
    MusicVolume {
        /// Up (right) or down (left).
        up: bool,
    },
    /// Sound on or off.
    Sound,
    /// Reduced motion on or off.
    Motion,
    /// High contrast on or off.
    Contrast,
    /// One juice effect on or off.
    Juice(Effect),
    /// `action` of key set `set` bound to `key` (see [`Bindings::rebind`]).
    Rebind {
        /// The key set the Keys page shows.
        set: KeySet,
        /// The action that waited for its key.
        action: Action,
        /// The key pressed.
        key: Key,
    },
    /// Every key set back to the defaults.
    ResetKeys,
}

impl SettingChange {
    /// Makes the change in `settings`. `Ok` carries what the Keys page says
    /// about it (empty for the other pages); `Err` says why a rebinding was
    /// refused, and leaves `settings` as they were.
    pub fn apply(self, settings: &mut Settings) -> Result<String, String> {
        match self {
            Self::Volume { up } => settings.volume = nudge_volume(settings.volume, up),
            Self::MusicVolume { up } => {
                settings.music_volume = nudge_volume(settings.music_volume, up);
            }
            Self::Sound => settings.muted = !settings.muted,
            Self::Motion => settings.reduced_motion = !settings.reduced_motion,
            Self::Contrast => settings.high_contrast = !settings.high_contrast,
            Self::Juice(e) => settings.juice.toggle(e),
            Self::Rebind { set, action, key } => {
                let moved = settings
                    .bindings
                    .rebind(set, action, key)
                    .map_err(|e| e.to_string())?;
                return Ok(rebind_note(&settings.bindings, action, key, moved));
            }
            Self::ResetKeys => {
                settings.bindings = Bindings::default();
                return Ok("All keys back to the defaults".to_owned());
            }
        }
        Ok(String::new())
    }
}

/// What the Keys page says after `key` was bound to `action`: where the key came
/// from when another action had it, and what that action has now.
fn rebind_note(
    bindings: &Bindings,
    action: Action,
    key: Key,
    moved: Option<(KeySet, Action)>,
) -> String {
    match moved {
        Some((set, from)) => {
            let given: Vec<String> = bindings.keys(set, from).map(key_label).collect();
            format!(
                "{} moved here from {} ({}), which now has {}",
                key_label(key),
                from.label(),
                set.label(),
                given.join(", ")
            )
        }
        None => format!("{} is now {}", action.label(), key_label(key)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_change_volume_stops_at_the_ends() {
        let mut s = Settings {
            volume: 10,
            ..Settings::default()
        };
        SettingChange::Volume { up: true }.apply(&mut s).unwrap();
        assert_eq!(s.volume, 10);
        SettingChange::Volume { up: false }.apply(&mut s).unwrap();
        assert_eq!(s.volume, 9);
    }

    #[test]
    fn setting_change_refused_rebinding_leaves_the_keys() {
        let mut s = Settings::default();
        let before = s.bindings;
        let refused = SettingChange::Rebind {
            set: KeySet::Single,
            action: Action::Left,
            key: "Escape",
        }
        .apply(&mut s);
        assert!(refused.is_err());
        assert_eq!(s.bindings, before);
    }

    #[test]
    fn setting_change_rebinding_says_where_the_key_came_from() {
        let mut s = Settings::default();
        let right = s.bindings.keys(KeySet::Single, Action::Right).next();
        let note = SettingChange::Rebind {
            set: KeySet::Single,
            action: Action::Left,
            key: right.unwrap(),
        }
        .apply(&mut s)
        .unwrap();
        assert!(note.contains("moved here from Right"), "{note}");
    }
}
