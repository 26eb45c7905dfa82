//! The browser's Back, screen by screen (issue 47): one step back, and never a
//! loss. web/history.js counts the Backs (its button, a phone's back gesture,
//! `history.back()`) and the shell hands the count in as `FrameInput::backs`.
//! Escape keeps its own meaning (`commands.rs`); Back differs from it only where
//! Escape would lose something: the pause menu asks "Leave the game?", the name
//! entry saves the score, an online match asks "Leave the match?" and goes on
//! behind the question, and the editor leaves once its level is saved.

use super::active::Active;
use super::AppState;

impl AppState {
    /// One browser Back on the screen showing: what the screen's own Back
    /// button does, a pause in a game (see `Menu::back_gesture`), the lab left,
    /// the editor left once its level is kept, an online match's question.
    pub fn go_back(&mut self) {
        match &mut self.active {
            Active::Lab(_) | Active::Credits(_) | Active::EditorOpening => self.leave(),
            // Test-play, the open field, the set page or the settings form
            // close first, as their Back does; then the editor is left once its
            // level is saved (a save is asked for first when it is not).
            Active::Editor(e) => {
                e.back_gesture();
                self.take_editor_output();
                self.leave_editor_if_asked();
            }
            // In a match, "Leave the match?" over the match that goes on;
            // elsewhere the page's own Back (the room left, or the title).
            #[cfg(feature = "online")]
            Active::Online(online) => {
                let shared = &mut self.shared;
                if online.back_gesture(&shared.levels, &mut shared.out.log) {
                    return self.leave();
                }
                super::screens::save_online_replay(online, &mut shared.out);
            }
            #[cfg(feature = "online")]
            Active::Community(screen) => {
                // Its pages' own Back: the search box closes first, then a
                // page goes up to the list, the list to the title.
                let (back, device) = ([crate::app::input::MenuInput::Back], self.menu.device);
                let shared = &mut self.shared;
                let taken = super::community::community_commands(screen, shared, device, &back);
                self.community_act(taken);
            }
            Active::Menus if self.demo => {
                // Any gesture ends the demo and shows the title; so does Back.
                self.demo = false;
            }
            Active::Menus => {
                let was = self.screen();
                let action = self.menu.back_gesture();
                self.answer_menu(was, action);
            }
        }
    }
}
