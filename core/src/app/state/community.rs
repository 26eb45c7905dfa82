//! The Community screen in the app state (issue 35): made when the screen is
//! entered (or prepared first: a level fetched by its code, the editor's level
//! to share, a solo score to submit) and dropped when it is left; its frame, and
//! what its answers start: a community level played solo (its inputs kept for
//! the replay) or versus the CPU, hosted online, a top score's replay watched.

use super::active::Active;
use super::frame::{FrameInput, RecordSave};
use super::shared::Shared;
use super::AppState;
use crate::app::community::{
    CommunityAction, CommunityBook, CommunityScreen, Gallery, Page, ShareClear, Submission,
};
use crate::app::input::{Device, MenuInput};
use crate::app::menus::Screen;
use crate::app::play::{Ghost, HandOff, PlayMode, ReplayWatch, WindowSignal};
use crate::app::records::DEFAULT_NAME;
use crate::game::{Mode, Replay};
use crate::level::Level;

/// A community level being played solo: what its replay needs beside the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommunityGame {
    /// Its code.
    pub code: String,
    /// Its text, exactly as the server has it (the replay must carry it).
    pub text: String,
    /// Its index in the app's level list.
    pub level_index: usize,
    /// The game's seed.
    pub seed: u64,
    /// A daily challenge's game: its date (its board), else `None`.
    pub daily: Option<String>,
}

/// Makes the gallery of a server (`ws://HOST:PORT`) the Community screen
/// talks to: the live one, or a test's canned answers (see `seams.rs`).
pub type GalleryMaker = std::rc::Rc<dyn Fn(&str) -> Gallery>;

impl AppState {
    /// The gallery of the meeting's server, as the seams reach it.
    pub(super) fn gallery(&self) -> Gallery {
        (self.shared.seams.gallery)(&self.shared.meeting.server)
    }

    /// The Community screen as the title opens it: on today's challenge when
    /// its row was chosen, else on the list.
    pub(super) fn community_made(&mut self) -> CommunityScreen {
        if std::mem::take(&mut self.menu.daily_chosen) {
            let known = self.daily.challenge.clone();
            return CommunityScreen::for_daily(self.gallery(), known);
        }
        CommunityScreen::new(self.gallery())
    }

    /// Hands the state the community records as the shell loaded them (what
    /// loading said is told); an anonymous player id is made from `bytes` if
    /// there is none. What changed is saved, unless its record could not be
    /// read (then it is left as it is, and the player told).
    pub fn set_community_book(&mut self, mut book: CommunityBook, bytes: [u8; 16]) {
        book.ensure_player(bytes);
        for message in std::mem::take(&mut book.messages) {
            self.shared.tell(message);
        }
        self.shared.community_book = book;
        self.shared.save_community_book();
        // The community is live: the title asks for today's challenge.
        self.daily.enabled = true;
    }

    /// Opens the Community screen on level `code` and plays it when it comes
    /// (`--level-code CODE`, the page's `?level=CODE`).
    pub fn open_level_code(&mut self, code: &str) {
        let screen = CommunityScreen::for_code(self.gallery(), code, true);
        self.show(Active::Community(Box::new(screen)));
    }

    /// Opens the Community screen's Share page on the editor's level `text`,
    /// with the editor's last clear of it in test-play (if it still counts).
    pub fn share_level(&mut self, text: &str) {
        let name = crate::app::community::share_author(text, &self.shared.progress.name);
        let clear = (self.editor()).and_then(|e| e.clear.as_ref());
        let clear = ShareClear::of(clear, text);
        let book = &self.shared.community_book;
        let screen = CommunityScreen::sharing(self.gallery(), (text, clear), &name, book);
        self.show(Active::Community(Box::new(screen)));
    }

    /// Acts on the Community screen's answer to its commands (`sharing`: they
    /// were given on its Share page): what it asks started.
    pub(super) fn community_act(&mut self, (action, sharing): (CommunityAction, bool)) {
        match action {
            CommunityAction::None => {}
            CommunityAction::Exit if sharing => self.enter(Screen::Editor),
            CommunityAction::Exit => {
                self.leave_game();
                self.leave();
            }
            CommunityAction::Play { code, text, solo } => self.play_community(code, text, solo),
            CommunityAction::PlayDaily { date, text, seed } => self.play_daily(date, text, seed),
            CommunityAction::Host { text } => self.host_community(&text),
            CommunityAction::Watch {
                replay,
                name,
                score,
            } => self.watch_replay(&replay, name, score),
            CommunityAction::Race {
                code,
                text,
                replay,
                name,
            } => self.race_community(code, text, &replay, name),
            CommunityAction::SaveReplay { file, replay } => self.write_replay_file(file, replay),
        }
    }

    /// Says `line` on the Community screen (or the banner, off it).
    fn community_says(&mut self, line: String) {
        match self.community_mut() {
            Some(c) => c.status = line,
            None => self.shared.tell(line),
        }
    }

    /// The level `level` (community `code`) in the app's list: its entry
    /// replaced or added, with its picture. Returns its index.
    fn place_community_level(&mut self, code: &str, level: Level) -> usize {
        let label = format!("community {code}: {}", level.title);
        self.place_level(&format!("community {code}:"), label, level)
    }

    /// Plays the daily challenge of `date` (its level `text`, from `seed`,
    /// as everyone does that day) solo, its inputs kept for its board.
    fn play_daily(&mut self, date: String, text: String, seed: u64) {
        // `start_game` steps the app's seed once before its game takes it.
        self.shared.seed = seed.wrapping_sub(1);
        self.play_community(format!("daily {date}"), text, true);
        if let Some(game) = self.community_game.as_mut() {
            game.daily = Some(date);
        }
    }

    /// Plays community level `code` (`text`) solo, its inputs kept for the
    /// replay, or versus the CPU.
    fn play_community(&mut self, code: String, text: String, solo: bool) {
        let level = match Level::parse(&text) {
            Ok(level) => level,
            Err(_) => return self.community_says(format!("Level {code} does not load here.")),
        };
        let index = self.place_community_level(&code, level);
        self.set_community_aside();
        self.menu.level = index;
        self.menu.mode = if solo {
            PlayMode::Solo
        } else {
            PlayMode::VersusCpu
        };
        self.menu.screen = Screen::Playing;
        self.start_game(false);
        self.community_game = None;
        if let Some(s) = self.session.as_mut() {
            s.unlocks = false;
            // A community level's board is the gallery's: its games never enter
            // this machine's high scores (nor ask a name for them when left).
            s.recorded = true;
            // The key that chose Play must be let go before it serves.
            s.hand_off = [HandOff::default(); 2];
            if s.play_mode == PlayMode::Solo {
                s.history = Some(Vec::new());
                self.community_game = Some(CommunityGame {
                    code,
                    text,
                    level_index: index,
                    seed: self.shared.seed,
                    daily: None,
                });
            }
        }
    }

    /// Hosts community level `text` online: the lobby opens on its Pick page
    /// with it chosen, so "Open the room" offers it.
    #[cfg(feature = "online")]
    fn host_community(&mut self, text: &str) {
        let code = (self.community())
            .and_then(|c| c.open.as_ref())
            .map_or_else(|| "level".to_owned(), |d| d.summary.code.clone());
        let level = match Level::parse(text) {
            Ok(level) if level.mode.allows_versus() => level,
            _ => return self.community_says("This level cannot be played online.".into()),
        };
        let index = self.place_community_level(&code, level);
        // The lobby's levels are the versus ones, in the list's order.
        let k = (self.shared.levels[..index].iter())
            .filter(|e| e.level.mode.allows_versus())
            .count();
        self.enter(Screen::Online);
        if let Some(online) = self.online_mut() {
            online.lobby.page = crate::app::online::Page::PickLevel;
            online.lobby.level = k;
            online.lobby.cursor = 1;
        }
    }

    /// Watches a top score's replay (`text`, the `score` of `name`): its
    /// level, seed and inputs played back as a game of their own, which
    /// records nothing, never pauses by itself, says whose replay it is, and
    /// has the replay bar (pause, 2x and 4x, restart, save, leave: back here).
    fn watch_replay(&mut self, text: &str, name: String, score: u64) {
        let replay = match Replay::parse(text) {
            Ok(r) => r,
            Err(e) => return self.community_says(format!("The replay does not read: {e}")),
        };
        // Played by the replay's rules, not the level's line (a score
        // recorded before a rules change still plays as it was).
        let Ok(level) = replay.level() else {
            return self.community_says("The replay's level does not load.".into());
        };
        let code = (self.community())
            .and_then(|c| c.open.as_ref())
            .map_or_else(|| "replay".to_owned(), |d| d.summary.code.clone());
        let index = self.place_community_level(&code, level);
        let score = u32::try_from(score).ok();
        let watch = ReplayWatch::new(replay, name, code, score);
        self.set_community_aside();
        self.community_game = None;
        self.start_watch(watch, index);
    }

    /// Plays community level `code` (`text`) solo against the ghost of the
    /// top score's replay (`name`'s): the player's game from the replay's seed,
    /// so both start alike; the ghost is a game of its own beside it. A
    /// replay of another version of the level (as the game reads it, as the
    /// gallery compares them: a replay may carry the text as the game writes
    /// it), or one that does not read, is said and nothing starts.
    fn race_community(&mut self, code: String, text: String, replay: &str, name: String) {
        let ghost = match Replay::parse(replay) {
            Ok(r) if same_level(&r.level_text, &text) && r.mode == Mode::Solo => {
                (Ghost::new(&r, name), r.seed)
            }
            Ok(_) => {
                return self.community_says(
                    "The top score is of another version: no ghost to race.".into(),
                )
            }
            Err(e) => return self.community_says(format!("The replay does not read: {e}")),
        };
        let (Some(ghost), seed) = ghost else {
            return self.community_says("The replay's level does not load.".into());
        };
        // `start_game` takes the seed after the app's: the replay's it is.
        self.shared.seed = seed.wrapping_sub(1);
        self.play_community(code, text, true);
        if let Some(s) = self.session.as_mut() {
            s.ghost = Some(Box::new(ghost));
        }
    }

    /// The Community screen showing, set aside for the game it starts.
    fn set_community_aside(&mut self) {
        self.community_left = match std::mem::replace(&mut self.active, Active::Menus) {
            Active::Community(mut c) => {
                c.status.clear();
                Some(c)
            }
            other => {
                self.active = other;
                None
            }
        };
    }

    /// Whether the game being played is a community level's (or a replay
    /// watched from a top ten): its level is in the list as `community CODE:`.
    pub(super) fn playing_community(&self) -> bool {
        (self.session.as_ref())
            .and_then(|s| self.shared.levels.get(s.level_index))
            .is_some_and(|e| e.label.starts_with("community "))
    }

    /// A game left (quit, or its results left for the title): when it was
    /// started from the Community screen (a level's page, `--level-code`, a
    /// top ten), that screen shows again where it was, not the title.
    pub(super) fn back_to_community(&mut self) {
        let Some(screen) = self.community_left.take() else {
            return;
        };
        if self.screen() != Screen::Title {
            return;
        }
        self.show(Active::Community(screen));
    }

    /// A game just ended: a community level's solo game offers its score, with
    /// its replay, on the Community screen.
    pub(super) fn community_game_over(&mut self) {
        let Some(game) = self.community_game.take() else {
            return;
        };
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let (Some(inputs), true) = (&s.history, s.level_index == game.level_index) else {
            return;
        };
        let replay = Replay {
            seed: game.seed,
            mode: Mode::Solo,
            rules: self.shared.levels[game.level_index].level.rules,
            level_text: game.text.clone(),
            inputs: inputs.clone(),
            final_hash: s.game.state_hash(),
        };
        // The boards' name kept here, else the high scores' (the first
        // submit asks, prefilled with it).
        let name = [&self.shared.community_book.name, &self.shared.progress.name]
            .into_iter()
            .find(|n| !n.trim().is_empty())
            .map_or_else(|| DEFAULT_NAME.to_owned(), Clone::clone);
        let submission = Submission {
            code: game.code.clone(),
            replay: replay.to_text(),
            score: s.run_total(),
            steps: inputs.len() as u64,
            name,
            daily: game.daily.clone(),
        };
        // Cleared or not, the game was an attempt: its level's clear rate counts it.
        let cleared = matches!(s.game.outcome(), Some(crate::game::Outcome::Cleared));
        self.community_left = None;
        let mut screen = CommunityScreen::offering(self.gallery(), submission, &game.text);
        let player = &self.shared.community_book.player;
        if game.daily.is_none() {
            screen.report_end(&game.code, player, cleared);
        }
        screen.ask_standing(player);
        screen
            .board_name
            .clone_from(&self.shared.community_book.name);
        self.show(Active::Community(Box::new(screen)));
    }
}

impl Shared {
    /// The community records that changed, written (the keys apart from
    /// the kept levels, so a full storage refuses a level, not a key).
    pub(super) fn save_community_book(&mut self) {
        let (saves, held) = self.community_book.saves();
        for (name, text) in saves {
            self.out.saves.push(RecordSave {
                name: name.to_owned(),
                text,
            });
        }
        for line in held {
            self.tell(line);
        }
    }
}

/// A frame of the Community screen `screen`: the attract game behind it, the
/// gallery's replies and the player's commands (`device`: the input in use).
/// Returns what they ask (see [`community_commands`]).
pub(super) fn community_frame(
    screen: &mut CommunityScreen,
    shared: &mut Shared,
    device: Option<Device>,
    input: &FrameInput,
) -> (CommunityAction, bool) {
    let steps = shared.driver.advance(f64::from(input.dt));
    shared.step_attract(steps, input.debug);
    // A level's page left open asks again on the app's clock, and at once
    // when the window or the page is shown again (its reply read below).
    let shown = input.window.contains(&WindowSignal::Shown);
    screen.recheck(input.now, shown);
    let commands: Vec<_> = (input.commands.iter().chain(&input.pad_commands))
        .copied()
        .collect();
    community_commands(screen, shared, device, &commands)
}

/// The Community screen's frame on `commands`: replies read, commands taken,
/// the community records saved when they changed. Returns the screen's action
/// and whether it was given on the Share page.
pub(super) fn community_commands(
    screen: &mut CommunityScreen,
    shared: &mut Shared,
    device: Option<Device>,
    commands: &[MenuInput],
) -> (CommunityAction, bool) {
    screen.touch = device == Some(Device::Touch);
    let sharing = screen.page == Page::Share;
    let (action, changed) = screen.frame(commands, &mut shared.community_book);
    if changed {
        shared.save_community_book();
    }
    (action, sharing)
}

/// Whether two level texts are one level as the game reads them (the
/// gallery's test too): a replay recorded by `arkanong sim` or the game's own
/// recorder carries the level as the game writes it, not as its author typed it.
fn same_level(a: &str, b: &str) -> bool {
    match (Level::parse(a), Level::parse(b)) {
        (Ok(a), Ok(b)) => a.to_text() == b.to_text(),
        _ => false,
    }
}
