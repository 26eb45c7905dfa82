//! The browser's Back, screen by screen (issue 47): one step back, and never a
//! loss. web/history.js counts the Backs (its button, a phone's back gesture,
//! `history.back()`) and the shell hands the count in as `FrameInput::backs`.
//! Escape keeps its own meaning (`commands.rs`); Back differs from it only where
//! Escape would lose something: the pause menu asks "Leave the game?", the name
//! entry saves the score, an online match asks "Leave the match?" and goes on
//! behind the question, and the editor leaves once its level is saved.

use super::AppState;
use crate::app::menus::Screen;

impl AppState {
    /// One browser Back on the screen showing: what the screen's own Back
    /// button does, a pause in a game (see `Menu::back_gesture`), the lab left,
    /// the editor left once its level is kept, an online match's question.
    pub fn go_back(&mut self) {
        match self.menu.screen {
            Screen::Lab => self.leave(),
            Screen::Editor => self.editor_back(),
            #[cfg(feature = "online")]
            Screen::Online => self.online_back(),
            #[cfg(feature = "online")]
            Screen::Community => self.community_back(),
            _ if self.demo => {
                // Any gesture ends the demo and shows the title; so does Back.
                self.demo = false;
            }
            _ => {
                let was = self.menu.screen;
                let action = self.menu.back_gesture();
                self.answer_menu(was, action);
            }
        }
    }

    /// Back in the editor: test-play, the open field, the set page or the
    /// settings form close first, as their Back does; then the editor is left
    /// once its level is saved (a save is asked for first when it is not).
    fn editor_back(&mut self) {
        let Some(e) = self.editor.as_mut() else {
            return self.leave();
        };
        e.back_gesture();
        self.take_editor_output();
        self.leave_editor_if_asked();
    }

    /// Back on the online screen: in a match, "Leave the match?" over the match
    /// that goes on; elsewhere the page's own Back (the room left, or the title).
    #[cfg(feature = "online")]
    fn online_back(&mut self) {
        let Some(online) = self.online.as_mut() else {
            return self.leave();
        };
        if online.back_gesture(&self.levels, &mut self.out.log) {
            self.leave();
        }
        self.save_online_replay();
    }
}
