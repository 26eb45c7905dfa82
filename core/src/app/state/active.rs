//! The screen showing, with the state it owns (Bevy's `game_menu`: a state's
//! data tied to its type). Entering a screen makes its state, leaving it drops
//! it, so "on the lab with no lab" cannot be written. The menus' pages and the
//! player's game under them are [`Active::Menus`] (`Menu::screen` says which
//! page); what every screen shares is [`Shared`](super::Shared). Two screens
//! outlive their showing, each in a stash of its own: the editor is kept aside
//! while the player is elsewhere (`AppState::kept_editor`), and a Community
//! page is set aside while the game it started plays (`community_left`).

use super::AppState;
use crate::app::credits::CreditsScreen;
use crate::app::editor::EditorScreen;
use crate::app::input::MenuInput;
use crate::app::lab::{LabScreen, Scene};
use crate::app::menus::Screen;

/// The screen showing and its own state.
pub enum Active {
    /// The menus' pages and the player's game under them: [`Menu::screen`](crate::app::menus::Menu::screen)
    /// says which page shows.
    Menus,
    /// The collision lab.
    Lab(Box<LabScreen>),
    /// Who made the game and with what.
    Credits(CreditsScreen),
    /// The level editor.
    Editor(Box<EditorScreen>),
    /// The editor asked for before it has a level: the frame asks the shell
    /// for the editor's record (`FrameOutput::read_editor_record`), and
    /// `AppState::open_editor` makes the editor from it.
    EditorOpening,
    /// Online play: its lobby, link and match.
    #[cfg(feature = "online")]
    Online(Box<crate::app::online::OnlineScreen>),
    /// The community levels.
    #[cfg(feature = "online")]
    Community(Box<crate::app::community::CommunityScreen>),
}

/// What a screen's frame asks of the app once it has run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transition {
    /// The screen goes on showing.
    Stay,
    /// The screen is left for the title (its Back).
    Leave,
}

impl Active {
    /// The screen this state is, `None` for the menus (their page is the menu's).
    fn screen(&self) -> Option<Screen> {
        match self {
            Active::Menus => None,
            Active::Lab(_) => Some(Screen::Lab),
            Active::Credits(_) => Some(Screen::Credits),
            Active::Editor(_) | Active::EditorOpening => Some(Screen::Editor),
            #[cfg(feature = "online")]
            Active::Online(_) => Some(Screen::Online),
            #[cfg(feature = "online")]
            Active::Community(_) => Some(Screen::Community),
        }
    }
}

/// Whether `screen` owns a state of its own (it is an [`Active`] other than
/// the menus). Without online play its screens are never shown.
fn owns_state(screen: Screen) -> bool {
    matches!(screen, Screen::Lab | Screen::Editor | Screen::Credits)
        || (cfg!(feature = "online") && matches!(screen, Screen::Online | Screen::Community))
}

impl AppState {
    /// The screen showing: an owned screen's, else the menus' page.
    pub fn screen(&self) -> Screen {
        self.active.screen().unwrap_or(self.menu.screen)
    }

    /// The screen showing with its state, for the shell to draw.
    pub fn active(&self) -> &Active {
        &self.active
    }

    /// The collision lab, while it shows.
    pub fn lab(&self) -> Option<&LabScreen> {
        match &self.active {
            Active::Lab(lab) => Some(lab),
            _ => None,
        }
    }

    /// The level editor: the one showing, or the one kept while the player is
    /// elsewhere.
    pub fn editor(&self) -> Option<&EditorScreen> {
        match &self.active {
            Active::Editor(e) => Some(e),
            _ => self.kept_editor.as_deref(),
        }
    }

    /// The level editor, to change (see [`AppState::editor`]).
    pub fn editor_mut(&mut self) -> Option<&mut EditorScreen> {
        match &mut self.active {
            Active::Editor(e) => Some(e),
            _ => self.kept_editor.as_deref_mut(),
        }
    }

    /// The online screen, while it shows.
    #[cfg(feature = "online")]
    pub fn online(&self) -> Option<&crate::app::online::OnlineScreen> {
        match &self.active {
            Active::Online(online) => Some(online),
            _ => None,
        }
    }

    /// The online screen, to change, while it shows.
    #[cfg(feature = "online")]
    pub fn online_mut(&mut self) -> Option<&mut crate::app::online::OnlineScreen> {
        match &mut self.active {
            Active::Online(online) => Some(online),
            _ => None,
        }
    }

    /// The Community screen, while it shows.
    #[cfg(feature = "online")]
    pub fn community(&self) -> Option<&crate::app::community::CommunityScreen> {
        match &self.active {
            Active::Community(c) => Some(c),
            _ => None,
        }
    }

    /// The Community screen, to change, while it shows.
    #[cfg(feature = "online")]
    pub fn community_mut(&mut self) -> Option<&mut crate::app::community::CommunityScreen> {
        match &mut self.active {
            Active::Community(c) => Some(c),
            _ => None,
        }
    }

    /// Shows `screen` from outside the menus (`arkanong lab`, an invitation
    /// link): the screen showing is left, and `screen` entered with a state of
    /// its own, made new (the editor: the one kept, if any). Nothing happens
    /// when it shows already.
    pub fn enter(&mut self, screen: Screen) {
        if self.screen() == screen {
            return;
        }
        self.leave_active();
        match self.made(screen) {
            Some(active) => self.show(active),
            None => self.menu.screen = screen,
        }
    }

    /// Leaves the screen showing for the title, as its Back does (Escape, or a
    /// Back button): an owned screen's state goes (the editor is kept aside).
    /// On the menus it is the page's own Back.
    pub fn leave(&mut self) {
        if matches!(self.active, Active::Menus) {
            return self.run_command(MenuInput::Back, false);
        }
        let was = self.screen();
        self.leave_active();
        self.menu.go(Screen::Title);
        self.menu.notes.retain(|(on, _)| *on != was);
        self.refresh_locks();
    }

    /// Opens the collision lab at `scene` (`arkanong lab SCENE`).
    pub fn open_lab(&mut self, scene: Scene) {
        self.show(Active::Lab(Box::new(LabScreen::new(scene))));
    }

    /// Shows `active` in place of the menus (the screen showing was left
    /// first): the menus wait on the title, where its Back leads.
    pub(super) fn show(&mut self, active: Active) {
        self.leave_active();
        self.menu.screen = Screen::Title;
        self.active = active;
    }

    /// The menu has just gone to a screen that owns a state (the title's
    /// items): that state is made and shown.
    pub(super) fn follow_menu(&mut self) {
        let screen = self.menu.screen;
        if !owns_state(screen) {
            return;
        }
        if let Some(active) = self.made(screen) {
            self.show(active);
        }
    }

    /// The state `screen` shows with when entered, if it owns one.
    fn made(&mut self, screen: Screen) -> Option<Active> {
        match screen {
            Screen::Lab => Some(Active::Lab(Box::new(LabScreen::new(Scene::ALL[0])))),
            Screen::Credits => Some(Active::Credits(CreditsScreen::new())),
            Screen::Editor => Some(match self.kept_editor.take() {
                Some(e) => Active::Editor(e),
                None => Active::EditorOpening,
            }),
            #[cfg(feature = "online")]
            Screen::Online => Some(Active::Online(Box::new(self.online_entered()))),
            #[cfg(feature = "online")]
            Screen::Community => Some(Active::Community(Box::new(self.community_made()))),
            _ => None,
        }
    }

    /// The screen showing is left, the menus show: its state is dropped, the
    /// editor kept aside, an online match left and saved as a replay.
    pub(super) fn leave_active(&mut self) {
        match std::mem::replace(&mut self.active, Active::Menus) {
            Active::Editor(e) => self.kept_editor = Some(e),
            #[cfg(feature = "online")]
            Active::Online(mut online) => {
                online.leave();
                self.online_level = Some(online.level_index(online.lobby.level));
                super::screens::save_online_replay(&mut online, &mut self.shared.out);
            }
            _ => {}
        }
    }
}
