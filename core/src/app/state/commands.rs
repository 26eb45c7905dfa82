//! A frame's commands: the menus' answers to keys, clicks, taps and pads, and
//! what each answer does (start a game, change a setting, save a score, quit).

use super::active::{Active, Transition};
#[cfg(feature = "online")]
use super::community;
use super::frame::{FrameInput, FrameOutput};
use super::{editor, screens, AppState};
use crate::app::input::MenuInput;
use crate::app::menus::{end_run, MenuAction, Notice, Screen};
use crate::app::play::{pauses_game, HandOff, PauseReason, IDLE_PAUSE_NOTICE};

impl AppState {
    /// One frame: the screen showing runs it on its own state (the menus: the
    /// commands, then the games' steps, then the reload watch). Returns what
    /// changed (see [`FrameOutput`]). The lab's and the online screen's frames
    /// are in `screens.rs`, the Community screen's in `community.rs`, the
    /// editor's in `editor.rs`.
    pub fn frame(&mut self, input: &FrameInput) -> FrameOutput {
        self.shared.now = input.now;
        for _ in 0..input.backs {
            self.go_back();
        }
        let device = self.menu.device;
        let shared = &mut self.shared;
        let done = match &mut self.active {
            Active::Menus => {
                self.take_commands(input);
                self.step_games(input);
                self.poll_reload();
                #[cfg(feature = "online")]
                self.daily_title_frame();
                Transition::Stay
            }
            Active::Lab(lab) => screens::lab_frame(lab, shared, input),
            Active::Credits(credits) => credits.frame(shared, input),
            #[cfg(feature = "online")]
            Active::Online(online) => screens::online_frame(online, shared, device, input),
            #[cfg(feature = "online")]
            Active::Community(screen) => {
                let taken = community::community_frame(screen, shared, device, input);
                self.community_act(taken);
                Transition::Stay
            }
            Active::Editor(e) => {
                let share = editor::editor_frame(e, shared, device, input);
                self.after_editor_frame(share);
                Transition::Stay
            }
            // The shell reads the editor's record and opens it.
            Active::EditorOpening => Transition::Stay,
        };
        if done == Transition::Leave {
            self.leave();
        }
        // The editor shown before it has a level: the shell reads its record.
        self.shared.out.read_editor_record = matches!(self.active, Active::EditorOpening);
        self.take_output()
    }

    /// One menu command from outside the frame's list (the shell's lab or
    /// online screen going back to the title), acted on as any other.
    pub fn command(&mut self, command: MenuInput) -> FrameOutput {
        self.run_command(command, false);
        self.take_output()
    }

    /// The frame's menu commands. In a game only pausing reaches the menu; a
    /// game's last moment guards the results from a key still held; a ceremony's
    /// wait is skipped by any key or click.
    fn take_commands(&mut self, input: &FrameInput) {
        let playing = self.screen() == Screen::Playing;
        let touched = self.idle.touched(&input.hands, input.gesture);
        // A replay being watched plays its own inputs: nobody need touch anything.
        let watching = (self.session.as_ref()).is_some_and(|s| s.playback.is_some());
        let idle = if playing && !self.demo && !watching {
            self.idle.frame(input.now, touched)
        } else {
            self.idle.restart(input.now);
            None
        };
        if idle.is_some() {
            self.shared
                .banner
                .show(Notice::good(IDLE_PAUSE_NOTICE), self.shared.now);
        }
        if self.watching_replay() {
            return self.replay_commands(input);
        }
        if playing && input.window.iter().chain(&idle).copied().any(pauses_game) {
            self.shared.out.paused_by_window = true;
            self.menu.handle(MenuInput::Pause);
            self.menu.paused_because = PauseReason::by_itself(&input.window);
            return;
        }
        if self.demo {
            // Any key, click, tap or pad press ends the demo and shows the title.
            self.demo = !input.gesture && input.pad_commands.is_empty();
            return;
        }
        if self.shared.now < self.guard_until {
            return;
        }
        if self.shared.now < self.results_at {
            if input.gesture || !input.pad_commands.is_empty() {
                self.results_at = self.shared.now;
            }
            return;
        }
        if let (Some(i), false) = (input.hovered, playing) {
            self.menu.selected = i.min(self.menu.entries().len().saturating_sub(1));
        }
        // A pad's B goes back in menus but does not pause a game (Start does).
        let pads = (input.pad_commands.iter()).filter(|&&c| !(playing && c == MenuInput::Back));
        for &command in input.commands.iter().chain(pads) {
            self.run_command(command, playing);
        }
    }

    /// Hands one command to the menu and acts on its answer. `playing`: the
    /// frame began in a game, where only pausing reaches the menu (Escape pauses).
    pub(super) fn run_command(&mut self, command: MenuInput, playing: bool) {
        // A screen with a state of its own takes its commands in its frame:
        // from outside, only Back reaches it (and leaves it).
        if !matches!(self.active, Active::Menus) {
            if command == MenuInput::Back {
                self.leave();
            }
            return;
        }
        let command = match command {
            MenuInput::Back if playing => MenuInput::Pause,
            MenuInput::Pause => MenuInput::Pause,
            _ if playing => return,
            other => other,
        };
        let was = self.screen();
        let action = self.menu.handle(command);
        self.answer_menu(was, action);
    }

    /// Acts on the menu's answer to a command given on screen `was`: the
    /// action done, the screen left and the one entered made.
    pub(super) fn answer_menu(&mut self, was: Screen, action: MenuAction) {
        let was_playing = was == Screen::Playing;
        self.act(action);
        // The menu went to a screen with a state of its own: it is made.
        self.follow_menu();
        // A screen's notes are said while it shows: once it is left, they go.
        if self.screen() != was {
            self.menu.notes.retain(|(on, _)| *on != was);
        }
        if self.screen() == Screen::Playing && !was_playing {
            // Back in the game from a menu: the key that confirmed it must be
            // released before it serves or fires.
            if let Some(s) = self.session.as_mut() {
                s.hand_off = [HandOff::default(); 2];
            }
        }
        self.refresh_locks();
    }

    /// Does what the menu asked for.
    fn act(&mut self, action: MenuAction) {
        match action {
            MenuAction::None => {}
            // A game starts: what the screens had to say is old news.
            MenuAction::StartGame => {
                self.menu.notes.clear();
                self.start_game(false);
            }
            MenuAction::NextLevel => {
                self.menu.notes.clear();
                self.start_game(true);
            }
            MenuAction::Change(change) => {
                let outcome = change.apply(&mut self.shared.settings);
                let saved = outcome.is_ok();
                self.menu.keys.tell(outcome);
                if saved {
                    self.shared.out.settings_changed = true;
                    self.save_settings();
                }
            }
            MenuAction::EndGame | MenuAction::EndRun => {
                let to_title = action == MenuAction::EndGame;
                #[cfg(feature = "online")]
                let community = self.playing_community();
                let leave = self
                    .session
                    .as_ref()
                    .is_none_or(|s| end_run(&mut self.menu, s, &self.shared.scores, to_title));
                if leave {
                    self.leave_game();
                    #[cfg(feature = "online")]
                    if community {
                        self.back_to_community();
                    }
                }
            }
            MenuAction::NameEntered => {
                self.record_score();
                self.leave_game_at_title();
            }
            MenuAction::NameSkipped => {
                if let Some(s) = self.session.as_mut() {
                    s.skip_high_score();
                }
                // Said on the next screen (the title or the results), in its
                // own lines rather than a banner over its heading.
                let skipped = "Score not saved (Esc skips the name)".to_owned();
                self.menu.notes.push((self.menu.screen, skipped));
                self.leave_game_at_title();
            }
            MenuAction::Quit => self.shared.out.quit = true,
        }
    }
}
