//! The screens and how the player moves between them: a small state machine,
//! headless so it can be tested. The shell draws `Menu::items()` and feeds
//! `MenuInput`s from keyboard, mouse and touch alike.

pub use super::item::Item;
use super::{NameEntry, NAME_LETTERS};
use crate::app::play::next_solo_level;
use crate::app::play::offered;
use crate::game::Difficulty;
use crate::level::LevelMode;

use super::keys_page::{KeyItem, KeysPage, KEY_ITEMS};
use super::SettingChange;
use crate::app::feel::EFFECTS;
use crate::app::input::{scroll_index, Device, MenuInput};
use crate::app::play::{PauseReason, PlayMode};
use crate::app::records::{SetEntry, Settings, Way};

/// Which screen is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// Title with attract mode behind it.
    Title,
    /// Solo, versus the CPU, or two players.
    ModeSelect,
    /// The CPU's strength.
    DifficultySelect,
    /// Which level to start from: the chosen set's levels, under a row that
    /// turns the set.
    LevelSelect,
    /// Which level set to play: every set, by title.
    SetSelect,
    /// In a game.
    Playing,
    /// Game paused.
    Paused,
    /// Solo: the level is cleared.
    LevelCleared,
    /// The game is over.
    GameOver,
    /// A run's score enters the high scores: three letters, arcade style.
    NameEntry,
    /// The best scores.
    HighScores,
    /// Volume, mute.
    Settings,
    /// How to play.
    Controls,
    /// The level editor (the shell draws it; the menu only leads there).
    Editor,
    /// The collision lab (the shell's `lab` module draws it; Escape leaves it).
    Lab,
    /// Online play (the shell's `online` module runs its own screens).
    Online,
    /// Community levels: the gallery's shared levels (`app::community`'s screen).
    Community,
    /// Rebinding the game keys.
    Keys,
    /// One switch per effect (Settings > Juice).
    Juice,
    /// "Quit?": Escape on the title asks before the program ends.
    QuitConfirm,
    /// "Leave the game?": the browser's Back on the pause menu asks before the
    /// game is left (Escape there still resumes).
    LeaveConfirm,
    /// Who made the game and with what (`app::credits`; Back leaves it).
    Credits,
}

/// What the shell must do after an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuAction {
    /// Nothing beyond redrawing.
    None,
    /// Start a new game with the current choices.
    StartGame,
    /// Start the next level of the run.
    NextLevel,
    /// Leave the game for the title (attract mode resumes).
    EndGame,
    /// A setting is to change (the settings' owner makes the change and saves it).
    Change(SettingChange),
    /// The player ended a solo run between levels: its score may enter the table.
    EndRun,
    /// The name for the high scores is entered (in [`Menu::name`]).
    NameEntered,
    /// The player chose not to enter the run's score (Esc or "Skip" on the
    /// name entry): nothing is saved.
    NameSkipped,
    /// Quit the program.
    Quit,
}

/// The menu state: the screen, the highlighted item, and the choices made so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    /// The current screen.
    pub screen: Screen,
    /// The highlighted item on it.
    pub selected: usize,
    /// Who plays.
    pub mode: PlayMode,
    /// CPU strength.
    pub difficulty: Difficulty,
    /// Index of the chosen level in the level list.
    pub level: usize,
    /// What the menus know of each level, by its index in the level list
    /// (one entry per level: its modes, set, campaign and lock).
    pub levels: Vec<LevelFacts>,
    /// The sets, by index (see `app::records::set_list`).
    pub sets: Vec<SetEntry>,
    /// The set the level select and the high scores show.
    pub set: usize,
    /// The run was left with "Quit to title": after the name entry the title
    /// comes, not the results.
    pub quit_to_title: bool,
    /// Which way of playing's table the High scores screen shows (an index in
    /// [`Way::TABLES`]).
    pub scores_page: usize,
    /// The name being entered for the high scores.
    pub name: NameEntry,
    /// The machine has no sound device (the shell says so once its audio fails):
    /// Settings says "Sound: none found" rather than "on".
    pub no_sound_device: bool,
    /// The input the player used last, so prompts name it (None: not known yet).
    pub device: Option<Device>,
    /// Whether the program can quit (not in a browser tab): offers "Quit".
    pub can_quit: bool,
    /// What the title's daily challenge row says ("Daily challenge: Hex
    /// Garden — play", "... offline"), set by the app from the server's
    /// answer; empty until it is asked.
    pub daily_line: String,
    /// The daily challenge row was chosen: the Community screen opens on it.
    pub daily_chosen: bool,
    /// The Keys page (the keys themselves are the settings').
    pub keys: KeysPage,
    /// The controls screen was opened from the pause menu: going back returns
    /// there, to the game, not to the title.
    pub controls_from_pause: bool,
    /// Short notices about saved records that did not read whole (lines skipped
    /// and kept, a record set aside), shown on the Settings screen.
    pub records_notes: Vec<String>,
    /// Why the game is paused: the pause screen says so when the game paused
    /// by itself (set by the app state; a player's own pause resets it).
    pub paused_because: PauseReason,
    /// The two-finger pause has been explained (once, the first time a game is
    /// played by touch).
    pub pause_hint_shown: bool,
    /// The Keys page's row that is waiting for a key, to return to after it.
    pub keys_row: usize,
    /// Lines for one screen to say among its own lines (the screen, the line):
    /// "Score not saved" on the screen after a skipped name, the next level
    /// opened after a third game lost. Written in the screen's layout, they
    /// never cover the screen's heading as a banner over the game did (issue 40
    /// bug 1); the app state drops them when their screen is left.
    pub notes: Vec<(Screen, String)>,
}

/// What the menus know of one level (an entry of [`Menu::levels`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelFacts {
    /// The level's modes: the level select offers it where they fit.
    pub modes: LevelMode,
    /// Its set, by index into [`Menu::sets`].
    pub set: usize,
    /// Whether it plays as a campaign: a set's levels, played in order to its
    /// finale; the player's loose levels ("My levels") end a run of their own.
    /// Only shipped sets' levels are ever locked.
    pub campaign: bool,
    /// Not yet unlocked in the solo campaign.
    pub locked: bool,
    /// Open only because the solo level before it was lost
    /// [`crate::app::play::TRIES_OPEN_NEXT`] times: the level select says so.
    pub after_tries: bool,
}

impl Default for LevelFacts {
    /// A level before the list is read: any mode, the first set, a campaign's, open.
    fn default() -> Self {
        Self {
            modes: LevelMode::Both,
            set: 0,
            campaign: true,
            locked: false,
            after_tries: false,
        }
    }
}

/// The first-time hint of a game played by touch: how to pause it.
pub const TOUCH_PAUSE_HINT: &str = "Tip: tap with two fingers (or the || button) to pause";

impl Menu {
    /// The title screen, with `level_count` levels to choose from.
    pub fn new(level_count: usize) -> Self {
        Self {
            screen: Screen::Title,
            selected: 0,
            mode: PlayMode::VersusCpu,
            difficulty: Difficulty::Normal,
            level: 0,
            levels: vec![LevelFacts::default(); level_count],
            sets: Vec::new(),
            set: 0,
            quit_to_title: false,
            scores_page: 0,
            name: NameEntry::default(),
            no_sound_device: false,
            device: None,
            can_quit: true,
            daily_line: String::new(),
            daily_chosen: false,
            keys: KeysPage::default(),
            controls_from_pause: false,
            records_notes: Vec::new(),
            paused_because: PauseReason::Asked,
            pause_hint_shown: false,
            keys_row: 0,
            notes: Vec::new(),
        }
    }

    /// The hint to show now, if any: the first time a game is played by touch,
    /// how to pause it (a two-finger tap pauses, which nothing else explains).
    pub fn touch_hint(&mut self) -> Option<&'static str> {
        // Two players on one phone each keep a finger down, so there two
        // fingers do not pause (the button does).
        let due = self.screen == Screen::Playing
            && self.mode != PlayMode::TwoPlayers
            && self.device == Some(Device::Touch)
            && !self.pause_hint_shown;
        self.pause_hint_shown |= due;
        due.then_some(TOUCH_PAUSE_HINT)
    }

    /// The current screen's items, top to bottom.
    pub fn entries(&self) -> Vec<Item> {
        use Item::*;
        match self.screen {
            Screen::Title => {
                let mut items = vec![
                    Open(Screen::ModeSelect, "Play"),
                    Open(Screen::HighScores, "High scores"),
                    Open(Screen::Settings, "Settings"),
                    Open(Screen::Controls, "Controls"),
                ];
                // After the first four, so their places (which tests and
                // players' fingers know) stay where they were.
                if cfg!(feature = "online") {
                    items.push(Open(Screen::Online, "Play online"));
                    items.push(Open(Screen::Community, "Community levels"));
                    // The editor and the lab stay the last two (Up from the
                    // first item wraps to the lab, as the browser tests walk).
                    items.push(Daily);
                }
                items.extend([
                    Open(Screen::Credits, "Credits"),
                    Open(Screen::Editor, "Level editor"),
                    Open(Screen::Lab, "Collision lab"),
                ]);
                if self.can_quit {
                    items.push(Quit);
                }
                items
            }
            Screen::ModeSelect => vec![
                Who(PlayMode::Solo, "Solo (classic)"),
                Who(PlayMode::VersusCpu, "Versus the CPU"),
                Who(PlayMode::TwoPlayers, "Two players"),
                Back,
            ],
            Screen::DifficultySelect => vec![
                Strength(Difficulty::Easy),
                Strength(Difficulty::Normal),
                Strength(Difficulty::Hard),
                Back,
            ],
            Screen::LevelSelect => (self.set_row_shown().then_some(SetRow).into_iter())
                .chain(self.offered_levels().map(Level))
                .chain([Back])
                .collect(),
            Screen::SetSelect => self.offered_sets().map(Set).chain([Back]).collect(),
            Screen::Playing
            | Screen::Lab
            | Screen::Editor
            | Screen::Online
            | Screen::Community
            | Screen::Credits => Vec::new(),
            Screen::Paused => vec![
                Resume,
                Open(Screen::Controls, "Controls"),
                EndGame("Quit to title"),
            ],
            Screen::LevelCleared => vec![NextLevel, EndRun],
            Screen::NameEntry => vec![NameDone, NameSkip],
            Screen::GameOver => vec![PlayAgain, EndGame("Title")],
            Screen::HighScores if self.set_row_shown() => vec![ScoresTable, SetRow, Back],
            Screen::HighScores => vec![ScoresTable, Back],
            Screen::Controls => vec![Back],
            Screen::Settings => vec![
                Volume,
                MusicVolume,
                Sound,
                Motion,
                Contrast,
                Open(Screen::Juice, "Juice"),
                Open(Screen::Keys, "Keys"),
                Back,
            ],
            Screen::Juice => EFFECTS.map(Item::Juice).into_iter().chain([Back]).collect(),
            // Waiting for a key: the row waiting and Cancel alone, so both show
            // on any window (a phone held sideways scrolls the full list).
            Screen::Keys => match self.keys.capturing {
                Some(action) => vec![Keys(KeyItem::Bind(action)), Back],
                None => KEY_ITEMS.map(Keys).into_iter().chain([Back]).collect(),
            },
            Screen::QuitConfirm => vec![QuitYes, QuitNo],
            Screen::LeaveConfirm => vec![
                Open(Screen::Paused, "No, stay paused"),
                EndGame("Yes, leave the game"),
            ],
        }
    }

    /// The labels of the current screen's items, top to bottom. `level_names` fills
    /// the level list; `settings` gives the settings' values.
    pub fn items(&self, level_names: &[String], settings: &Settings) -> Vec<String> {
        self.entries()
            .into_iter()
            .map(|item| self.label(item, level_names, settings))
            .collect()
    }

    /// The levels the level select offers for the chosen mode and set, by index.
    pub fn offered_levels(&self) -> impl Iterator<Item = usize> + '_ {
        self.offered_in(self.set)
    }

    /// The levels of set `set` offered for the chosen mode, by index.
    fn offered_in(&self, set: usize) -> impl Iterator<Item = usize> + '_ {
        (self.levels.iter().enumerate())
            .filter(move |(_, l)| l.set == set && offered(self.mode, l.modes))
            .map(|(n, _)| n)
    }

    /// Whether the level select and the high scores show the set row: there is
    /// more than one set to choose.
    pub fn set_row_shown(&self) -> bool {
        self.sets.len() > 1
    }

    /// The sets with a level for the chosen mode, by index.
    pub fn offered_sets(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.sets.len()).filter(|&s| self.offered_in(s).next().is_some())
    }

    /// Shows set `set`: the chosen level becomes its first offered one (unless
    /// the chosen level is in it already).
    fn show_set(&mut self, set: usize) {
        self.set = set;
        if self.level_set(self.level) != set {
            let first = self.offered_in(set).next();
            self.level = first.unwrap_or(self.level);
        }
    }

    /// The set `step` places from the shown one among `among` (wrapping).
    fn turn_set(&self, among: &[usize], up: bool) -> usize {
        let n = among.len();
        if n == 0 {
            return self.set;
        }
        let at = among.iter().position(|&s| s == self.set).unwrap_or(0);
        among[(at + if up { 1 } else { n - 1 }) % n]
    }

    /// Shows page `screen`, its first item (or the chosen level, set, or "No")
    /// highlighted.
    pub fn go(&mut self, screen: Screen) {
        self.screen = screen;
        self.selected = match screen {
            // The set row (when there are sets to choose) is first: the
            // chosen level is under it.
            Screen::LevelSelect => Some(
                usize::from(self.set_row_shown())
                    + self
                        .offered_levels()
                        .position(|n| n == self.level)
                        .unwrap_or(0),
            ),
            Screen::SetSelect => self.offered_sets().position(|s| s == self.set),
            // "No" first under the finger or Enter: quitting takes a deliberate choice.
            Screen::QuitConfirm => Some(1),
            _ => None,
        }
        .unwrap_or(0);
    }

    /// Applies one input and says what the shell must do.
    pub fn handle(&mut self, input: MenuInput) -> MenuAction {
        if self.screen == Screen::NameEntry {
            return self.name_input(input);
        }
        let entries = self.entries();
        let count = entries.len();
        if self.keys.capturing.is_some() && !matches!(input, MenuInput::Key(_)) {
            // Anything but a key stops the wait (Escape, a click elsewhere, a pad).
            self.keys.cancel();
            self.selected = self.keys_row;
            return MenuAction::None;
        }
        match input {
            MenuInput::Key(k) => {
                if self.keys.capturing.is_some() {
                    self.selected = self.keys_row;
                }
                return self.keys.press(k);
            }
            MenuInput::Up if count > 0 => self.selected = (self.selected + count - 1) % count,
            MenuInput::Down if count > 0 => self.selected = (self.selected + 1) % count,
            MenuInput::Scroll(n) if count > 0 => {
                self.selected = scroll_index(self.selected, n, count)
            }
            MenuInput::Left | MenuInput::Right => {
                if let Some(&item) = entries.get(self.selected) {
                    return self.adjust(item, input == MenuInput::Right);
                }
            }
            MenuInput::Pick(n) if n < count => {
                self.selected = n;
                return self.choose(entries[n]);
            }
            MenuInput::Adjust { item, up } if item < count => {
                self.selected = item;
                return self.adjust(entries[item], up);
            }
            // Enter on a volume leaves its number alone (issue 40 bug 6: it
            // turned the music up): left and right, or − and +, change it.
            MenuInput::Confirm => {
                let item = entries.get(self.selected).copied();
                if let Some(item) = item.filter(|i| !matches!(i, Item::Volume | Item::MusicVolume))
                {
                    return self.choose(item);
                }
            }
            MenuInput::Back => return self.back(),
            MenuInput::Pause => match self.screen {
                Screen::Playing => {
                    self.paused_because = PauseReason::Asked;
                    self.go(Screen::Paused)
                }
                Screen::Paused => self.go(Screen::Playing),
                _ => {}
            },
            _ => {}
        }
        MenuAction::None
    }

    fn back(&mut self) -> MenuAction {
        match self.screen {
            // Escape on the title asks first (a browser tab cannot quit: nothing).
            Screen::Title if self.can_quit => self.go(Screen::QuitConfirm),
            Screen::Title => {}
            Screen::QuitConfirm => self.go(Screen::Title),
            Screen::LeaveConfirm => self.go(Screen::Paused),
            Screen::ModeSelect | Screen::HighScores | Screen::Settings => self.go(Screen::Title),
            Screen::Controls if self.controls_from_pause => {
                self.controls_from_pause = false;
                self.go(Screen::Paused);
            }
            Screen::Controls
            | Screen::Lab
            | Screen::Editor
            | Screen::Online
            | Screen::Community
            | Screen::Credits => self.go(Screen::Title),
            Screen::Keys | Screen::Juice => self.go(Screen::Settings),
            Screen::DifficultySelect => self.go(Screen::ModeSelect),
            Screen::SetSelect => self.go(Screen::LevelSelect),
            Screen::LevelSelect => self.go(if self.mode == PlayMode::VersusCpu {
                Screen::DifficultySelect
            } else {
                Screen::ModeSelect
            }),
            Screen::Playing => self.go(Screen::Paused),
            Screen::Paused => self.go(Screen::Playing),
            Screen::LevelCleared => return MenuAction::EndRun,
            Screen::GameOver => {
                self.go(Screen::Title);
                return MenuAction::EndGame;
            }
            Screen::NameEntry => return self.choose(Item::NameSkip),
        }
        MenuAction::None
    }

    /// The browser's Back (its button, a phone's back gesture): one step back,
    /// and never a loss. Where Escape's meaning would lose something it differs:
    /// a second Back on the pause menu asks "Leave the game?" (Escape resumes),
    /// and on the name entry it saves the score under the name shown, which
    /// starts as the last name used (Escape skips it). Elsewhere it is the
    /// screen's own Back, and in a game it pauses.
    pub fn back_gesture(&mut self) -> MenuAction {
        if self.keys.capturing.is_some() {
            return self.handle(MenuInput::Back);
        }
        match self.screen {
            Screen::Playing => self.handle(MenuInput::Pause),
            Screen::Paused => {
                self.go(Screen::LeaveConfirm);
                MenuAction::None
            }
            Screen::NameEntry => self.choose(Item::NameDone),
            _ => self.back(),
        }
    }

    /// What choosing an item does.
    fn choose(&mut self, item: Item) -> MenuAction {
        match item {
            Item::Open(screen, _) => {
                self.controls_from_pause = self.screen == Screen::Paused;
                self.go(screen);
            }
            Item::Daily => {
                self.daily_chosen = true;
                self.go(Screen::Community);
            }
            Item::Who(mode, _) => {
                self.mode = mode;
                // The shown set may have no level for this mode (a set of duels
                // for solo): the first set that has one.
                if !self.offered_sets().any(|s| s == self.set) {
                    let first = self.offered_sets().next().unwrap_or(0);
                    self.show_set(first);
                }
                self.go(if mode == PlayMode::VersusCpu {
                    Screen::DifficultySelect
                } else {
                    Screen::LevelSelect
                });
            }
            Item::Strength(d) => {
                self.difficulty = d;
                self.go(Screen::LevelSelect);
            }
            Item::Level(n) if self.is_locked(n) => {}
            Item::Level(n) => {
                self.level = n;
                self.go(Screen::Playing);
                return MenuAction::StartGame;
            }
            Item::SetRow if self.screen == Screen::LevelSelect => self.go(Screen::SetSelect),
            Item::SetRow => return self.adjust(item, true),
            Item::Set(n) => {
                self.show_set(n);
                self.go(Screen::LevelSelect);
            }
            Item::Volume | Item::MusicVolume | Item::Sound | Item::Motion | Item::Contrast => {
                return self.adjust(item, true)
            }
            Item::Juice(_) => return self.adjust(item, true),
            Item::Keys(k) => {
                let action = self.keys.choose(k);
                if self.keys.capturing.is_some() {
                    // The waiting row is the first of the two shown; the list
                    // comes back at this row when the wait ends.
                    self.keys_row = self.selected;
                    self.selected = 0;
                }
                return action;
            }
            Item::Resume => self.go(Screen::Playing),
            Item::NextLevel => {
                self.level = self.next_level().unwrap_or(self.level);
                self.go(Screen::Playing);
                return MenuAction::NextLevel;
            }
            Item::EndRun => return MenuAction::EndRun,
            Item::NameDone | Item::NameSkip => {
                self.go(if self.quit_to_title {
                    Screen::Title
                } else {
                    Screen::GameOver
                });
                return if item == Item::NameDone {
                    MenuAction::NameEntered
                } else {
                    MenuAction::NameSkipped
                };
            }
            Item::ScoresTable => return self.adjust(item, true),
            Item::PlayAgain => {
                self.go(Screen::Playing);
                return MenuAction::StartGame;
            }
            Item::EndGame(_) => {
                self.go(Screen::Title);
                return MenuAction::EndGame;
            }
            Item::Back => return self.back(),
            Item::Quit | Item::QuitYes => return MenuAction::Quit,
            Item::QuitNo => self.go(Screen::Title),
        }
        MenuAction::None
    }

    /// What an item says. `level_names` names the levels; `settings` gives the
    /// values the Settings pages show.
    pub fn label(&self, item: Item, level_names: &[String], settings: &Settings) -> String {
        match item {
            Item::Open(_, text) | Item::Who(_, text) | Item::EndGame(text) => text.to_owned(),
            Item::Daily if self.daily_line.is_empty() => "Daily challenge".to_owned(),
            Item::Daily => self.daily_line.clone(),
            Item::Strength(d) => match d {
                Difficulty::Easy => "Easy",
                Difficulty::Normal => "Normal",
                Difficulty::Hard => "Hard",
            }
            .to_owned(),
            Item::Level(n) if self.is_locked(n) => format!(
                "{}  (locked)",
                level_names.get(n).map_or("", String::as_str)
            ),
            Item::Level(n) => level_names.get(n).cloned().unwrap_or_default(),
            Item::SetRow => format!("< Set: {} >", self.set_title(self.set)),
            Item::Set(n) => self.set_title(n).to_owned(),
            Item::EndRun => "End the run".to_owned(),
            Item::NameDone => "Save".to_owned(),
            Item::NameSkip => "Skip (not saved)".to_owned(),
            Item::ScoresTable => {
                let way = Way::TABLES[self.scores_page % Way::TABLES.len()];
                format!("< {} >", way.name())
            }
            Item::Volume => format!("Volume: {}", settings.volume),
            Item::MusicVolume => format!("Music volume: {}", settings.music_volume),
            Item::Sound => format!(
                "Sound: {}",
                match (settings.muted, self.no_sound_device) {
                    (true, _) => "off",
                    (false, true) => "none found",
                    (false, false) => "on",
                }
            ),
            Item::Motion => format!(
                "Reduced motion: {}",
                if settings.reduced_motion { "on" } else { "off" }
            ),
            Item::Contrast => format!(
                "High contrast: {}",
                if settings.high_contrast { "on" } else { "off" }
            ),
            Item::Juice(e) => format!(
                "{}: {}",
                e.name(),
                if settings.juice.is_on(e) { "on" } else { "off" }
            ),
            Item::Keys(k) => {
                let touch = self.device == Some(Device::Touch);
                self.keys.label(k, &settings.bindings, touch)
            }
            // While the Keys page waits for a key, Back stops the wait: a finger's
            // way out when no key will come.
            Item::Back if self.keys.capturing.is_some() => "Cancel".to_owned(),
            Item::Resume => "Resume".to_owned(),
            Item::NextLevel => "Next level".to_owned(),
            Item::PlayAgain => "Play again".to_owned(),
            Item::Back => "Back".to_owned(),
            Item::Quit => "Quit".to_owned(),
            Item::QuitYes => "Yes, quit".to_owned(),
            Item::QuitNo => "No".to_owned(),
        }
    }

    /// Left or right on a setting asks for it to change; on the High scores
    /// screen they turn the table; elsewhere they do nothing.
    fn adjust(&mut self, item: Item, up: bool) -> MenuAction {
        let change = match item {
            Item::Volume => SettingChange::Volume { up },
            Item::MusicVolume => SettingChange::MusicVolume { up },
            Item::Sound => SettingChange::Sound,
            Item::Motion => SettingChange::Motion,
            Item::Contrast => SettingChange::Contrast,
            Item::Juice(e) => SettingChange::Juice(e),
            Item::Keys(k) => return self.keys.adjust(k, up),
            Item::ScoresTable => {
                let n = Way::TABLES.len();
                self.scores_page = (self.scores_page + if up { 1 } else { n - 1 }) % n;
                return MenuAction::None;
            }
            Item::SetRow if self.screen == Screen::LevelSelect => {
                let among: Vec<usize> = self.offered_sets().collect();
                let set = self.turn_set(&among, up);
                self.show_set(set);
                return MenuAction::None;
            }
            Item::SetRow => {
                let among: Vec<usize> = (0..self.sets.len()).collect();
                self.set = self.turn_set(&among, up);
                return MenuAction::None;
            }
            _ => return MenuAction::None,
        };
        MenuAction::Change(change)
    }

    /// An input on the name entry screen: up and down turn the letter, left and
    /// right move, letters type, Enter (or a click on "Save") saves the score;
    /// Escape (or "Skip") leaves without saving it, as the screen says.
    fn name_input(&mut self, input: MenuInput) -> MenuAction {
        match input {
            MenuInput::Up => self.name.turn(1),
            MenuInput::Down => self.name.turn(-1),
            MenuInput::Left | MenuInput::Right => self.name.move_cursor(input == MenuInput::Right),
            MenuInput::Letter { slot, up } if slot < NAME_LETTERS => {
                self.name.cursor = slot;
                self.name.turn(if up { 1 } else { -1 });
            }
            MenuInput::Char(c) => {
                self.name.type_char(c);
            }
            MenuInput::Confirm | MenuInput::Pick(0) => return self.choose(Item::NameDone),
            MenuInput::Back | MenuInput::Pick(1) => return self.choose(Item::NameSkip),
            MenuInput::Pause
            | MenuInput::Pick(_)
            | MenuInput::Adjust { .. }
            | MenuInput::Key(_)
            | MenuInput::Scroll(_)
            | MenuInput::Letter { .. } => {}
        }
        MenuAction::None
    }

    /// The game reached its end: the next level's offer when a solo level was
    /// cleared and the campaign goes on; else the run is over, and the name entry
    /// comes first when its score makes the table (`enter_name`).
    pub fn game_finished(&mut self, cleared_solo_level: bool, enter_name: bool) {
        let next = self.next_level();
        self.quit_to_title = false;
        self.go(match (cleared_solo_level && next.is_some(), enter_name) {
            (true, _) => Screen::LevelCleared,
            (false, true) => Screen::NameEntry,
            (false, false) => Screen::GameOver,
        });
    }

    /// The campaign's level after the chosen one in its set, if any (see
    /// [`next_solo_level`]): a set's finale ends the run.
    pub fn next_level(&self) -> Option<usize> {
        let set = self.level_set(self.level);
        let in_set: Vec<bool> = (self.levels.iter())
            .map(|l| l.campaign && l.set == set)
            .collect();
        next_solo_level(&self.level_modes(), &in_set, self.level)
    }

    /// Each level's modes, by index.
    pub fn level_modes(&self) -> Vec<LevelMode> {
        self.levels.iter().map(|l| l.modes).collect()
    }

    /// Level `n`'s set, by index into [`Menu::sets`] (the first when there is
    /// no such level).
    pub fn level_set(&self, n: usize) -> usize {
        self.levels.get(n).map_or(0, |l| l.set)
    }

    /// Whether level `n` is locked in the solo campaign.
    pub fn is_locked(&self, n: usize) -> bool {
        self.levels.get(n).is_some_and(|l| l.locked)
    }

    /// The key of the set shown (empty for the root set, and before the sets
    /// are known): the high scores' table is that set's.
    pub fn set_key(&self) -> &str {
        self.sets.get(self.set).map_or("", |s| s.key.as_str())
    }

    /// Set `n`'s title ("" when there is no such set).
    pub fn set_title(&self, n: usize) -> &str {
        self.sets.get(n).map_or("", |s| s.title.as_str())
    }

    /// Ends a run: to the name entry when its score makes the table, else to
    /// the title. `to_title` ("Quit to title") sends the name entry on to the
    /// title too; otherwise ("End the run") the results follow it.
    pub fn end_run(&mut self, enter_name: bool, to_title: bool) {
        self.quit_to_title = to_title;
        self.go(if enter_name {
            Screen::NameEntry
        } else {
            Screen::Title
        });
    }
}
