//! [`AppState`]: everything the product keeps between frames, and how it starts.

use super::active::Active;
use super::frame::FrameOutput;
use super::saving::LoadedRecords;
use super::shared::Shared;
use super::Seams;
use crate::app::editor::EditorScreen;
use crate::app::menus::{adopt_old_bests, list_sets, refresh_locks, rekey_progress};
use crate::app::menus::{Banner, LevelPreview, Menu, NameEntry};
use crate::app::play::{PlayDriver, PlayMode, Session};
use crate::app::records::LevelEntry;

/// How the program was started: the command line's choices that shape the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Start {
    /// The first game's seed; each game after it takes the next.
    pub seed: u64,
    /// `--demo`: the attract game without the menu, until a key or a tap.
    pub demo: bool,
    /// `--balls N`: the stress mode's balls in the attract game (0: off).
    pub stress_balls: u32,
    /// `--level FILE`: the level's index in the list; the game starts on it at
    /// once (not in the demo), and the run unlocks nothing.
    pub named_level: Option<usize>,
    /// `--mode`: who plays the named level.
    pub mode: Option<PlayMode>,
}

/// The product between two frames (see the module doc of `app::state`).
pub struct AppState {
    /// The menus: the page showing when the menus show, and the choices made so far.
    pub menu: Menu,
    /// What every screen shares: settings, records, levels, the attract game...
    pub shared: Shared,
    /// The screen showing and the state it owns (see [`Active`]).
    pub(super) active: Active,
    /// The level editor while the player is elsewhere, kept so that returning
    /// finds it as it was (opened the first time it shows).
    pub(super) kept_editor: Option<Box<EditorScreen>>,
    /// The game being played, if any (it stays under the results and the pause menu).
    pub session: Option<Session>,
    /// The demo runs (`--demo`) until a key, a click, a tap or a pad press.
    pub demo: bool,
    /// The level the host picked last time (its index in `levels`): the
    /// online screen's Level page opens on it again.
    #[cfg(feature = "online")]
    pub online_level: Option<usize>,
    /// The room code of a watch link (`arkanong --watch CODE`, the page's
    /// `?watch=CODE`), until the online screen opens on it.
    #[cfg(feature = "online")]
    pub watch_link: Option<String>,
    /// The community level being played solo (its score may be submitted).
    #[cfg(feature = "online")]
    pub community_game: Option<super::community::CommunityGame>,
    /// The Community screen a community game (or a watched replay) was started
    /// from, set aside while it plays: leaving the game goes back to its page.
    #[cfg(feature = "online")]
    pub(super) community_left: Option<Box<crate::app::community::CommunityScreen>>,
    /// Today's daily challenge as the title shows it.
    #[cfg(feature = "online")]
    pub daily: super::daily::DailyTitle,
    /// The `--level` file being watched for edits while its game runs.
    pub(super) watcher: Option<crate::app::play::LevelWatcher>,
    /// When the reload watch last looked at the file (the app's seconds).
    pub(super) last_reload_poll: f64,
    /// Menu input is ignored until then, so a key pressed in a game's last
    /// moment does not also pick "Play again".
    pub(super) guard_until: f64,
    /// Watches the player's game for input: it pauses itself after a quiet
    /// stretch (`app/play/auto_pause.rs`).
    pub(super) idle: crate::app::play::IdleWatch,
    /// The results wait until then while a game's ceremony plays in full view.
    pub(super) results_at: f64,
}

impl AppState {
    /// The app at start-up: the records loaded (what did not read is said on the
    /// console and the banner, once), the attract game running, or the named
    /// level's game started. Files and the network are reached through `seams`.
    pub fn new(start: Start, levels: Vec<LevelEntry>, loaded: LoadedRecords, seams: Seams) -> Self {
        assert!(!levels.is_empty(), "the shipped levels are always there");
        let mut progress = loaded.progress;
        let adopted = adopt_old_bests(&mut progress, &levels);
        let rekeyed = rekey_progress(&mut progress, &levels);
        let mut menu = Menu::new(levels.len());
        menu.name = NameEntry::new(&progress.name);
        menu.records_notes = loaded.notices;
        // A browser tab cannot quit a program: no "Quit" there.
        menu.can_quit = cfg!(not(target_arch = "wasm32"));
        list_sets(&mut menu, &levels, &loaded.sets.entries);
        refresh_locks(&mut menu, &levels, &progress);
        let first = start
            .named_level
            .unwrap_or((start.seed as usize) % levels.len());
        let mut attract = Session::attract(&levels[first].level, first, start.seed);
        // Its set names the place the title is drawn in (the shell's look).
        attract.set = levels[first].set.clone();
        let previews = levels.iter().map(|l| LevelPreview::of(&l.level)).collect();
        let mut state = Self {
            menu,
            shared: Shared {
                settings: loaded.settings,
                scores: loaded.scores,
                progress,
                kept: loaded.kept,
                levels,
                known_sets: loaded.sets,
                previews,
                attract,
                banner: Banner::default(),
                driver: PlayDriver::stress(start.stress_balls as usize),
                #[cfg(feature = "online")]
                community_book: Default::default(),
                #[cfg(feature = "online")]
                meeting: Default::default(),
                seams,
                seed: start.seed,
                now: 0.0,
                out: FrameOutput::default(),
            },
            active: Active::Menus,
            kept_editor: None,
            session: None,
            demo: start.demo,
            #[cfg(feature = "online")]
            online_level: None,
            #[cfg(feature = "online")]
            watch_link: None,
            #[cfg(feature = "online")]
            community_game: None,
            #[cfg(feature = "online")]
            community_left: None,
            #[cfg(feature = "online")]
            daily: Default::default(),
            watcher: None,
            last_reload_poll: 0.0,
            guard_until: 0.0,
            idle: crate::app::play::IdleWatch::default(),
            results_at: 0.0,
        };
        for message in loaded.messages {
            state.shared.tell(message);
        }
        state.shared.out.levels_started.push(first);
        if adopted || rekeyed {
            state.save_progress();
        }
        if let (Some(level), false) = (start.named_level, start.demo) {
            state.start_named_level(level, start.mode);
        }
        state
    }

    /// The seed of the last game started (a ceremony takes it too).
    pub fn seed(&self) -> u64 {
        self.shared.seed
    }

    /// The level files as the runner reaches them (the editor's file is
    /// watched through them).
    pub fn files(&self) -> crate::app::level_files::SharedFiles {
        self.shared.seams.files.clone()
    }

    /// The app's seconds at the last frame.
    pub fn now(&self) -> f64 {
        self.shared.now
    }

    /// The game the window shows: the player's, or the attract game behind the
    /// menus and in the demo.
    pub fn shown(&self) -> &Session {
        match &self.session {
            Some(s) if !self.demo => s,
            _ => &self.shared.attract,
        }
    }

    /// The line the HUD shows in its banner slot over the shown game: the
    /// demo's, or a watched replay's (that it is one, and whose).
    pub fn game_banner(&self) -> Option<String> {
        if self.demo {
            return Some("DEMO - press a key or tap".to_owned());
        }
        let session = self.session.as_ref()?;
        if let Some(watch) = &session.watch {
            return Some(watch.line(session.game.steps()));
        }
        if let Some(ghost) = &session.ghost {
            return Some(format!("GHOST of {}: {}", ghost.name, ghost.score()));
        }
        let name = session.watching.as_deref()?;
        Some(crate::app::play::replay_banner(name))
    }

    /// Whether the results wait while a game's ceremony plays in full view.
    pub fn holding_results(&self) -> bool {
        self.shared.now < self.results_at && self.session.is_some()
    }

    /// The results wait `seconds` from now, while the ceremony the shell just
    /// started plays in full view (a key or a click brings them at once).
    pub fn hold_results(&mut self, seconds: f64) {
        self.results_at = self.shared.now + seconds;
    }

    /// What changed since the last frame was handed out (at start-up: the
    /// records' messages and the first game's drop-in), and a new list started.
    pub fn take_output(&mut self) -> FrameOutput {
        std::mem::take(&mut self.shared.out)
    }

    /// A level just saved in the editor (`text`, and its file if it has one)
    /// shows in the level select at once: its entry is replaced or added, with
    /// its picture and its lock.
    pub fn pick_up_saved_level(&mut self, text: &str, path: Option<std::path::PathBuf>) {
        if crate::app::records::refresh_saved(&mut self.shared.levels, text, path) {
            self.shared.previews = (self.shared.levels.iter())
                .map(|l| LevelPreview::of(&l.level))
                .collect();
            self.menu.level = self.menu.level.min(self.shared.levels.len() - 1);
            self.relist_sets();
        }
    }

    /// The menu's sets and the locks after the level list changed.
    pub(super) fn relist_sets(&mut self) {
        list_sets(
            &mut self.menu,
            &self.shared.levels,
            &self.shared.known_sets.entries,
        );
        self.refresh_locks();
    }

    /// The menu's locks after a change of progress or of the mode (a change
    /// of the level list is [`AppState::relist_sets`]).
    pub(super) fn refresh_locks(&mut self) {
        refresh_locks(&mut self.menu, &self.shared.levels, &self.shared.progress);
    }
}
