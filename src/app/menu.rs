//! The screens and how the player moves between them: a small state machine,
//! headless so it can be tested. The shell draws `Menu::items()` and feeds
//! `MenuInput`s from keyboard, mouse and touch alike.

use crate::game::Difficulty;

/// Which screen is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// Title with attract mode behind it.
    Title,
    /// Solo, versus the CPU, or two players.
    ModeSelect,
    /// The CPU's strength.
    DifficultySelect,
    /// Which level to start from.
    LevelSelect,
    /// In a game.
    Playing,
    /// Game paused.
    Paused,
    /// Solo: the level is cleared.
    LevelCleared,
    /// The game is over.
    GameOver,
    /// The best scores.
    HighScores,
    /// Volume, mute.
    Settings,
    /// How to play.
    Controls,
}

/// Who plays: the menu's choice. Unlike the rules' `game::Mode` (versus or solo),
/// it also says who holds each paddle; unlike `level::LevelMode`, it is a choice
/// for one game, not what a level allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayMode {
    /// One player against the bricks.
    Solo,
    /// You at the bottom, the CPU at the top.
    VersusCpu,
    /// Two people on one keyboard.
    TwoPlayers,
}

/// A menu command, from any input device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuInput {
    /// Previous item.
    Up,
    /// Next item.
    Down,
    /// Decrease a setting.
    Left,
    /// Increase a setting.
    Right,
    /// Choose the highlighted item.
    Confirm,
    /// Go back (Escape).
    Back,
    /// Pause or resume (P, Escape in game, or the window losing focus).
    Pause,
    /// Choose item `n` directly (a click or tap on it).
    Pick(usize),
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
    /// The settings changed: save them.
    SettingsChanged,
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
    /// How many levels there are to choose from.
    pub level_count: usize,
    /// Volume from 0 to 10.
    pub volume: u8,
    /// Sound off.
    pub muted: bool,
    /// Whether the program can quit (not in a browser tab): offers "Quit".
    pub can_quit: bool,
}

impl Menu {
    /// The title screen, with `level_count` levels to choose from.
    pub fn new(level_count: usize) -> Self {
        Self {
            screen: Screen::Title,
            selected: 0,
            mode: PlayMode::VersusCpu,
            difficulty: Difficulty::Normal,
            level: 0,
            level_count,
            volume: 7,
            muted: false,
            can_quit: true,
        }
    }

    /// The labels of the current screen's items, top to bottom. `level_names` fills
    /// the level list.
    pub fn items(&self, level_names: &[String]) -> Vec<String> {
        match self.screen {
            Screen::Title => {
                let mut items: Vec<String> = vec![
                    "Play".into(),
                    "High scores".into(),
                    "Settings".into(),
                    "Controls".into(),
                ];
                if self.can_quit {
                    items.push("Quit".into());
                }
                items
            }
            Screen::ModeSelect => vec![
                "Solo (classic)".into(),
                "Versus the CPU".into(),
                "Two players".into(),
                "Back".into(),
            ],
            Screen::DifficultySelect => {
                vec!["Easy".into(), "Normal".into(), "Hard".into(), "Back".into()]
            }
            Screen::LevelSelect => level_names
                .iter()
                .cloned()
                .chain(std::iter::once("Back".to_owned()))
                .collect(),
            Screen::Playing => Vec::new(),
            Screen::Paused => vec!["Resume".into(), "Controls".into(), "Quit to title".into()],
            Screen::LevelCleared => vec!["Next level".into(), "Quit to title".into()],
            Screen::GameOver => vec!["Play again".into(), "Title".into()],
            Screen::HighScores | Screen::Controls => vec!["Back".into()],
            Screen::Settings => vec![
                format!("Volume: {}", self.volume),
                format!("Sound: {}", if self.muted { "off" } else { "on" }),
                "Back".into(),
            ],
        }
    }

    fn count(&self) -> usize {
        match self.screen {
            Screen::LevelSelect => self.level_count + 1,
            _ => self.items(&[]).len(),
        }
    }

    fn go(&mut self, screen: Screen) {
        self.screen = screen;
        self.selected = if screen == Screen::LevelSelect {
            self.level
        } else {
            0
        };
    }

    /// Applies one input and says what the shell must do.
    pub fn handle(&mut self, input: MenuInput) -> MenuAction {
        let count = self.count();
        match input {
            MenuInput::Up if count > 0 => self.selected = (self.selected + count - 1) % count,
            MenuInput::Down if count > 0 => self.selected = (self.selected + 1) % count,
            MenuInput::Left | MenuInput::Right if self.screen == Screen::Settings => {
                return self.adjust(input == MenuInput::Right)
            }
            MenuInput::Pick(n) if n < count => {
                self.selected = n;
                return self.confirm();
            }
            MenuInput::Confirm => return self.confirm(),
            MenuInput::Back => return self.back(),
            MenuInput::Pause => match self.screen {
                Screen::Playing => self.go(Screen::Paused),
                Screen::Paused => self.go(Screen::Playing),
                _ => {}
            },
            _ => {}
        }
        MenuAction::None
    }

    fn adjust(&mut self, up: bool) -> MenuAction {
        match self.selected {
            0 => {
                self.volume = if up {
                    (self.volume + 1).min(10)
                } else {
                    self.volume.saturating_sub(1)
                }
            }
            1 => self.muted = !self.muted,
            _ => return MenuAction::None,
        }
        MenuAction::SettingsChanged
    }

    fn back(&mut self) -> MenuAction {
        match self.screen {
            Screen::Title if self.can_quit => return MenuAction::Quit,
            Screen::Title => {}
            Screen::ModeSelect | Screen::HighScores | Screen::Settings => self.go(Screen::Title),
            Screen::Controls => self.go(Screen::Title),
            Screen::DifficultySelect => self.go(Screen::ModeSelect),
            Screen::LevelSelect => self.go(if self.mode == PlayMode::VersusCpu {
                Screen::DifficultySelect
            } else {
                Screen::ModeSelect
            }),
            Screen::Playing => self.go(Screen::Paused),
            Screen::Paused => self.go(Screen::Playing),
            Screen::LevelCleared | Screen::GameOver => {
                self.go(Screen::Title);
                return MenuAction::EndGame;
            }
        }
        MenuAction::None
    }

    fn confirm(&mut self) -> MenuAction {
        let s = self.selected;
        match self.screen {
            Screen::Title => match s {
                0 => self.go(Screen::ModeSelect),
                1 => self.go(Screen::HighScores),
                2 => self.go(Screen::Settings),
                3 => self.go(Screen::Controls),
                _ => return MenuAction::Quit,
            },
            Screen::ModeSelect => match s {
                0 | 2 => {
                    self.mode = if s == 0 {
                        PlayMode::Solo
                    } else {
                        PlayMode::TwoPlayers
                    };
                    self.go(Screen::LevelSelect);
                }
                1 => {
                    self.mode = PlayMode::VersusCpu;
                    self.go(Screen::DifficultySelect);
                }
                _ => self.go(Screen::Title),
            },
            Screen::DifficultySelect => match s {
                0..=2 => {
                    self.difficulty = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard][s];
                    self.go(Screen::LevelSelect);
                }
                _ => self.go(Screen::ModeSelect),
            },
            Screen::LevelSelect => {
                if s >= self.level_count {
                    return self.back();
                }
                self.level = s;
                self.go(Screen::Playing);
                return MenuAction::StartGame;
            }
            Screen::Playing => {}
            Screen::Paused => match s {
                0 => self.go(Screen::Playing),
                1 => self.go(Screen::Controls),
                _ => {
                    self.go(Screen::Title);
                    return MenuAction::EndGame;
                }
            },
            Screen::LevelCleared => {
                if s == 0 {
                    self.level = (self.level + 1) % self.level_count.max(1);
                    self.go(Screen::Playing);
                    return MenuAction::NextLevel;
                }
                self.go(Screen::Title);
                return MenuAction::EndGame;
            }
            Screen::GameOver => {
                if s == 0 {
                    self.go(Screen::Playing);
                    return MenuAction::StartGame;
                }
                self.go(Screen::Title);
                return MenuAction::EndGame;
            }
            Screen::HighScores | Screen::Controls => self.go(Screen::Title),
            Screen::Settings => {
                if s == 2 {
                    self.go(Screen::Title);
                } else {
                    return self.adjust(true);
                }
            }
        }
        MenuAction::None
    }

    /// The game reached its end: show the right screen.
    pub fn game_finished(&mut self, cleared_solo_level: bool) {
        self.go(if cleared_solo_level {
            Screen::LevelCleared
        } else {
            Screen::GameOver
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn menu_from_title_to_a_versus_game_by_keyboard() {
        let mut m = Menu::new(12);
        assert_eq!(m.handle(MenuInput::Confirm), MenuAction::None);
        assert_eq!(m.screen, Screen::ModeSelect);
        m.handle(MenuInput::Down);
        m.handle(MenuInput::Confirm);
        assert_eq!(
            (m.screen, m.mode),
            (Screen::DifficultySelect, PlayMode::VersusCpu)
        );
        m.handle(MenuInput::Down);
        m.handle(MenuInput::Down);
        m.handle(MenuInput::Confirm);
        assert_eq!(
            (m.screen, m.difficulty),
            (Screen::LevelSelect, Difficulty::Hard)
        );
        m.handle(MenuInput::Down);
        assert_eq!(m.handle(MenuInput::Confirm), MenuAction::StartGame);
        assert_eq!((m.screen, m.level), (Screen::Playing, 1));
    }

    #[test]
    fn menu_pick_by_click_and_pause_resume() {
        let mut m = Menu::new(3);
        m.handle(MenuInput::Pick(0));
        m.handle(MenuInput::Pick(0));
        assert_eq!((m.screen, m.mode), (Screen::LevelSelect, PlayMode::Solo));
        assert_eq!(m.handle(MenuInput::Pick(2)), MenuAction::StartGame);
        m.handle(MenuInput::Pause);
        assert_eq!(m.screen, Screen::Paused);
        m.handle(MenuInput::Pause);
        assert_eq!(m.screen, Screen::Playing);
        m.handle(MenuInput::Back);
        assert_eq!(m.handle(MenuInput::Pick(2)), MenuAction::EndGame);
        assert_eq!(m.screen, Screen::Title);
    }

    #[test]
    fn menu_without_quit_in_a_browser() {
        let mut m = Menu::new(3);
        m.can_quit = false;
        assert!(!m.items(&[]).contains(&"Quit".to_owned()));
        assert_eq!(m.handle(MenuInput::Back), MenuAction::None);
        m.handle(MenuInput::Up);
        assert_eq!(m.selected, 3, "wraps to the last item, Controls");
    }

    #[test]
    fn menu_back_walks_up_and_quits_from_title() {
        let mut m = Menu::new(3);
        m.handle(MenuInput::Confirm);
        m.handle(MenuInput::Back);
        assert_eq!(m.screen, Screen::Title);
        assert_eq!(m.handle(MenuInput::Back), MenuAction::Quit);
    }

    #[test]
    fn menu_settings_adjust_volume_and_mute() {
        let mut m = Menu::new(3);
        m.handle(MenuInput::Pick(2));
        assert_eq!(m.handle(MenuInput::Right), MenuAction::SettingsChanged);
        assert_eq!(m.volume, 8);
        m.handle(MenuInput::Down);
        m.handle(MenuInput::Confirm);
        assert!(m.muted);
        assert_eq!(m.items(&[])[1], "Sound: off");
    }

    #[test]
    fn menu_level_cleared_moves_to_the_next_level_and_wraps() {
        let mut m = Menu::new(2);
        m.level = 1;
        m.game_finished(true);
        assert_eq!(m.handle(MenuInput::Confirm), MenuAction::NextLevel);
        assert_eq!(m.level, 0);
    }
}
