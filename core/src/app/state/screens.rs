//! The screens that own a state of their own: entering one makes it, leaving it
//! drops it (Bevy's `game_menu`: `OnEnter`, `OnExit`), and a frame on one runs it.
//! Here the collision lab and the online screen.

use super::frame::FrameInput;
use super::AppState;
use crate::app::input::MenuInput;
use crate::app::lab::{LabScreen, Scene};
use crate::app::menus::Screen;
use crate::app::play::Session;

impl AppState {
    /// Shows `screen` from outside the menus (`arkanong lab`, an invitation
    /// link): the screen left and the screen entered as a menu would.
    pub fn enter(&mut self, screen: Screen) {
        let was = self.menu.screen;
        self.menu.screen = screen;
        self.screen_changed(was);
    }

    /// Leaves the lab or the online screen for the title, as Escape or their
    /// Back does; their state goes.
    pub fn leave(&mut self) {
        self.run_command(MenuInput::Back, false);
    }

    /// Opens the collision lab at `scene` (`arkanong lab SCENE`).
    pub fn open_lab(&mut self, scene: Scene) {
        self.enter(Screen::Lab);
        self.lab = Some(LabScreen::new(scene));
    }

    /// After the menu moved from `was` to another screen: the screen left drops
    /// its state, the screen entered makes its own.
    pub(super) fn screen_changed(&mut self, was: Screen) {
        let now = self.menu.screen;
        if now == was {
            return;
        }
        match was {
            Screen::Lab => self.lab = None,
            #[cfg(feature = "online")]
            Screen::Community => self.community = None,
            #[cfg(feature = "online")]
            Screen::Online => {
                if let Some(online) = self.online.as_mut() {
                    online.leave();
                    self.online_level = Some(online.level_index(online.lobby.level));
                }
                self.save_online_replay();
                self.online = None;
            }
            _ => {}
        }
        match now {
            Screen::Lab => self.lab = Some(LabScreen::new(Scene::ALL[0])),
            #[cfg(feature = "online")]
            Screen::Community => self.community_entered(),
            #[cfg(feature = "online")]
            Screen::Online => {
                // The name the high-score table keeps is the one the other
                // player and watchers see (none while it is the default).
                let named = self.progress.name != crate::app::records::DEFAULT_NAME;
                let meeting = crate::app::online::Meeting {
                    name: named.then(|| self.progress.name.clone()),
                    ..self.meeting.clone()
                };
                let mut online = crate::app::online::OnlineScreen::new(
                    &self.levels,
                    self.now,
                    &meeting,
                    &mut self.out.log,
                );
                if let Some(level) = self.online_level {
                    online.show_level(level);
                }
                if let Some(code) = self.watch_link.take() {
                    online.watch_code(&code, &mut self.out.log);
                }
                self.online = Some(online);
            }
            _ => {}
        }
    }

    /// A frame of the lab: the player's commands (Back leaves), the readouts
    /// logged when they change, then the motion's fixed steps.
    pub(super) fn lab_frame(&mut self, input: &FrameInput) {
        let steps = self.driver.advance(f64::from(input.dt));
        let lab = self
            .lab
            .get_or_insert_with(|| LabScreen::new(Scene::ALL[0]));
        let leaving = input.lab.iter().any(|&c| lab.command(c));
        if leaving {
            return self.leave();
        }
        self.out.log.extend(lab.readouts_changed());
        lab.tick(steps);
    }

    /// The game a frame's `played` events belong to: the online match's on its
    /// screen, else the player's.
    pub fn played_session(&self) -> Option<&Session> {
        #[cfg(feature = "online")]
        if self.menu.screen == Screen::Online {
            return self.online.as_ref().and_then(|o| o.shown_session());
        }
        self.session.as_ref()
    }

    /// The online match just left, saved as a replay of its confirmed inputs
    /// (the record `ONLINE_REPLAY`: the last one left), and said in the log.
    #[cfg(feature = "online")]
    pub(super) fn save_online_replay(&mut self) {
        use crate::app::online::ONLINE_REPLAY;
        use crate::app::state::RecordSave;
        let Some(text) = self.online.as_mut().and_then(|o| o.take_replay()) else {
            return;
        };
        self.out.log.push(format!(
            "online: the match is saved as the replay {ONLINE_REPLAY}"
        ));
        self.out.saves.push(RecordSave {
            name: ONLINE_REPLAY.to_string(),
            text,
        });
    }

    /// A frame of the online screen: the lobby's commands (leaving it for the
    /// title), this player's intent from the frame's hands, the match's steps
    /// (GGRS owns them) and what they fired, or the attract game behind the lobby.
    #[cfg(feature = "online")]
    pub(super) fn online_frame(&mut self, input: &FrameInput) {
        use crate::app::play::{PlayDriver, Played};
        let steps = self.driver.advance(f64::from(input.dt));
        let Some(online) = self.online.as_mut() else {
            return;
        };
        online.hitstop = self.settings.juice.hitstop;
        let commands = online.commands(&input.commands, &input.pad_commands);
        let exit = online.input(&commands, &self.levels, &mut self.out.log);
        self.save_online_replay();
        if exit {
            return self.leave();
        }
        let Some(online) = self.online.as_mut() else {
            return;
        };
        // The prompts name this player's own keys and the input in use.
        let local = online.local_side();
        if let Some(s) = online.session.as_mut() {
            // Kept once the match ends: its last picture stays the player's way round.
            s.online_side = local.or(s.online_side);
            s.bindings = self.settings.bindings;
            s.device = self.menu.device;
        }
        let intent = match (&online.session, local) {
            (Some(s), Some(side)) => {
                let hands = (&input.hands, &self.settings);
                PlayDriver::online_intent(s, side, &mut online.hand_off, hands)
            }
            _ => crate::game::Intent::IDLE,
        };
        let had_result = online.result.is_some();
        let settled = online.update(steps, intent, &self.levels, self.now);
        if let (false, Some(_), Some(s)) = (had_result, &online.result, &online.session) {
            self.out.celebrate = crate::app::online::online_ceremony(s);
        }
        // A rematch began: the last match's ceremony (the loser's dim) ends.
        self.out.left_game |= had_result && online.result.is_none();
        let session_on = online.session.is_some();
        self.save_online_replay();
        self.out.withdrawn = settled.withdraw.iter().map(|w| w.event).collect();
        if session_on {
            let events = settled.fire.iter().map(|f| f.event).collect();
            self.out.played = Some(Played::by_player(steps, events, &self.settings));
        } else {
            self.step_attract(steps, input.debug);
        }
    }
}
