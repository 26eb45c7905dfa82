//! The screens and the moves between them: the menu state machine, what each item
//! says, where menus sit, the Keys page, name entry, the words of each screen, notices,
//! level pictures, menu entrances, and a game's end (`flow`).

mod banner;
mod flow;
mod item;
mod keys_page;
mod letter_gesture;
mod menu;
mod menu_entrance;
mod menu_layout;
mod name_entry;
mod panel_layout;
mod preview;
mod screen_text;
mod setting_change;

#[cfg(test)]
mod flow_tests;
#[cfg(test)]
mod menu_tests;

pub use banner::{banner_band, Banner, Notice, Tone, BANNER_MAX_LINES, NOTICE_SECONDS};
pub use flow::{
    adopt_old_bests, end_run, enter_name, finish_game, list_sets, refresh_locks, rekey_progress,
};
pub use keys_page::{KeyItem, KeysPage, KEY_ITEMS};
pub use letter_gesture::{LetterGesture, HOLD_DELAY_S, HOLD_REPEAT_S, SWIPE_STEP_PX};
pub use menu::{Item, LevelFacts, Menu, MenuAction, Screen, TOUCH_PAUSE_HINT};
pub use menu_entrance::{MenuEntrance, MenuPose};
pub use menu_layout::{
    letter_pad, letter_pad_room, name_letter_boxes, name_letters_height, preview_spot, LetterBox,
    MIN_PREVIEW_PX, TOUCH_TARGET_PX,
};
pub use name_entry::{NameEntry, NAME_LETTERS};
pub use panel_layout::{
    name_blank_lines, panel_layout, PanelContent, PanelItem, PanelLayout, PanelMetrics, Stepper,
    STEPPER_GAP,
};
pub use preview::LevelPreview;
pub use screen_text::{level_line, menu_way, screen_text, ScreenText};
pub use setting_change::SettingChange;

/// Each level's lock, by index (tests compare the whole list).
#[cfg(test)]
pub(crate) fn locked(menu: &Menu) -> Vec<bool> {
    menu.levels.iter().map(|l| l.locked).collect()
}
