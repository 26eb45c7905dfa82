//! A replay watched in the app (issue 45, item 5): a top-ten score's (from the
//! Community screen) or a file's (`arkanong --replay FILE`). Its game plays the
//! replay's inputs at the bar's speed; the bar's commands pause, restart, save
//! and leave it. Saved, it is a file `arkanong replay` plays: `replay-CODE-NAME-
//! SCORE.txt` in the data folder on the desktop; in the browser a download of
//! that name, and a copy in the browser's storage (`arkanong.replay-...`).

use super::frame::{FrameInput, RecordSave};
use super::AppState;
use crate::app::menus::{MenuAction, Notice, Screen};
use crate::app::play::{pauses_game, ReplayAct, ReplayWatch};
use crate::app::records::{LevelEntry, MY_LEVELS};
use crate::game::Replay;
use crate::level::Level;

/// The label prefix of a level placed in the list for a replay file.
const FILE_LEVEL: &str = "replay file:";

impl AppState {
    /// The level `level` in the app's list under `label`: the entry whose
    /// label starts with `prefix` replaced, or a new one added, with its
    /// picture. Returns its index.
    pub(super) fn place_level(&mut self, prefix: &str, label: String, level: Level) -> usize {
        let preview = crate::app::menus::LevelPreview::of(&level);
        let at = (self.shared.levels.iter()).position(|e| e.label.starts_with(prefix));
        let entry = LevelEntry {
            label,
            // With the player's own levels: a placed level never locks.
            set: MY_LEVELS.to_owned(),
            level,
            path: None,
            shipped: false,
        };
        let index = match at {
            Some(i) => {
                self.shared.levels[i] = entry;
                self.shared.previews[i] = preview;
                i
            }
            None => {
                self.shared.levels.push(entry);
                self.shared.previews.push(preview);
                self.shared.levels.len() - 1
            }
        };
        self.relist_sets();
        index
    }

    /// Opens the replay `text` (the file `file`, `arkanong --replay FILE`) to
    /// watch. A replay that does not read, or whose level does not load, is
    /// said on the banner and the console; nothing is written or lost.
    pub fn open_replay(&mut self, text: &str, file: &str) {
        let replay = match Replay::parse(text) {
            Ok(r) => r,
            Err(e) => {
                return self
                    .shared
                    .tell(format!("The replay {file} does not read: {e}"))
            }
        };
        let Ok(level) = replay.level() else {
            return self
                .shared
                .tell(format!("The level of the replay {file} does not load."));
        };
        let label = format!("{FILE_LEVEL} {}", level.title);
        let index = self.place_level(FILE_LEVEL, label, level);
        let name = std::path::Path::new(file)
            .file_stem()
            .map_or_else(|| "file".to_owned(), |s| s.to_string_lossy().into_owned());
        let watch = ReplayWatch::new(replay, name, "file".to_owned(), None);
        self.start_watch(watch, index);
    }

    /// The replay file `file` could not be read (`why`): said on the banner
    /// and the console; the title shows as it was.
    pub fn replay_unread(&mut self, file: &str, why: &str) {
        self.shared
            .tell(format!("The replay {file} cannot be read: {why}"));
    }

    /// Starts watching `watch`'s replay on level `index` of the list.
    pub(super) fn start_watch(&mut self, watch: ReplayWatch, index: usize) {
        let mut session = watch.session(&self.shared.levels[index].level, index);
        let mode = session.play_mode;
        session.watch = Some(Box::new(watch));
        // A screen with a state of its own showing (none from the Community
        // screen, set aside first) is left for the game.
        self.leave_active();
        self.menu.level = index;
        self.menu.mode = mode;
        self.menu.screen = Screen::Playing;
        self.shared.out.levels_started.push(index);
        self.session = Some(session);
    }

    /// Whether the game playing is a replay being watched.
    pub(super) fn watching_replay(&self) -> bool {
        self.screen() == Screen::Playing
            && !self.demo
            && (self.session.as_ref()).is_some_and(|s| s.watch.is_some())
    }

    /// A frame's commands while a replay is watched: the window losing focus
    /// pauses it (its own pause: the bar stays), a mouse over a button
    /// highlights it, and each command works the bar.
    pub(super) fn replay_commands(&mut self, input: &FrameInput) {
        let Some(watch) = self.session.as_mut().and_then(|s| s.watch.as_mut()) else {
            return;
        };
        if input.window.iter().copied().any(pauses_game) {
            watch.paused = true;
        }
        if let Some(i) = input.hovered {
            watch.cursor = i.min(crate::app::play::REPLAY_BUTTONS.len() - 1);
        }
        let mut acts = Vec::new();
        for &command in input.commands.iter().chain(&input.pad_commands) {
            acts.extend(watch.take(command));
        }
        for act in acts {
            match act {
                ReplayAct::Restart => self.restart_replay(),
                ReplayAct::Save => self.save_replay(),
                ReplayAct::Leave => {
                    self.answer_menu(Screen::Playing, MenuAction::EndGame);
                    break;
                }
            }
        }
    }

    /// The watched replay from its first step again (at the speed chosen).
    fn restart_replay(&mut self) {
        let Some(mut watch) = self.session.as_mut().and_then(|s| s.watch.take()) else {
            return;
        };
        let index = self.session.as_ref().map_or(0, |s| s.level_index);
        watch.paused = false;
        let mut session = watch.session(&self.shared.levels[index].level, index);
        session.watch = Some(watch);
        self.session = Some(session);
        self.shared.out.levels_started.push(index);
    }

    /// The watched replay written as a file `arkanong replay` plays (see the
    /// module doc); the shell's answer says where ([`AppState::replay_written`]).
    fn save_replay(&mut self) {
        let Some(watch) = self.session.as_ref().and_then(|s| s.watch.as_ref()) else {
            return;
        };
        let (name, text) = (watch.file_name(), watch.replay.to_text());
        self.write_replay_file(name, text);
    }

    /// Writes replay `text` as the file `name` (`replay-...`, without `.txt`):
    /// in the data folder on the desktop, a download and a storage copy in
    /// the browser; the shell's answer says where ([`AppState::replay_written`]).
    pub(super) fn write_replay_file(&mut self, name: String, text: String) {
        if cfg!(target_arch = "wasm32") {
            // web/editor.js turns an `export:` record into a download.
            self.shared.out.saves.push(RecordSave {
                name: format!("export:{name}.txt"),
                text: text.clone(),
            });
        }
        self.shared.out.saves.push(RecordSave { name, text });
    }

    /// The shell's answer to writing record `name`, when it was a replay
    /// saved from the bar: says where it went (or why not) on the banner and
    /// the console. Returns whether `name` was one.
    pub(super) fn replay_written(&mut self, name: &str, result: &Result<(), String>) -> bool {
        if name.starts_with("export:replay-") {
            // A download: the browser answers nothing (its storage read back
            // finds no such record); the storage copy's answer speaks.
            return true;
        }
        if !name.starts_with("replay-") {
            return false;
        }
        let line = match result {
            Ok(()) if cfg!(target_arch = "wasm32") => format!(
                "Replay downloaded as {name}.txt (kept in the browser's storage as arkanong.{name})"
            ),
            Ok(()) => {
                let dir = crate::app::records::data_dir()
                    .map_or_else(|| "the data folder".to_owned(), |d| d.display().to_string());
                let path = std::path::Path::new(&dir).join(format!("{name}.txt"));
                format!(
                    "Replay saved: {} (arkanong replay or arkanong --replay plays it)",
                    path.display()
                )
            }
            Err(why) => format!("Replay not saved: {why}"),
        };
        self.shared.out.console.push(line.clone());
        let notice = match result {
            Ok(()) => Notice::good(line),
            Err(_) => Notice::error(line),
        };
        self.shared.banner.show(notice, self.shared.now);
        true
    }
}
