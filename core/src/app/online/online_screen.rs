//! The online screen as a screen of the app (`AppState::online`, made when the
//! screen is entered and dropped when it is left): the lobby, then the link while
//! the players meet, then the match, drawn from a [`Session`]. Time is the app's
//! `now`, handed in with each frame (GGRS's clock reads it too), never a clock
//! of its own.

use std::cell::Cell;
use std::collections::VecDeque;
use std::rc::Rc;

use super::{
    no_server_line, room_for, Ice, Link, LinkConfig, LinkStatus, Lobby, LobbyAction, MatchSetup,
    OnlineMatch, Page, RematchTalk, RoomAsk, Settled, SharedNetwork, Tick, WatchScreen, Watcher,
    CODE_LEN, DEFAULT_SERVER, QUICK_WAIT_SECONDS,
};
use crate::app::feel::CeremonyKind;
use crate::app::input::MenuInput;
use crate::app::play::{HandOff, PlayMode, Session};
use crate::app::records::LevelEntry;
use crate::game::{Difficulty, Game, Intent, Mode, Outcome};
use crate::level::Side;

/// The request's level slot that marks a quick match (no level was picked for
/// it: the lobby's own is offered).
const QUICK: usize = usize::MAX;

/// Seconds over which rollbacks are counted for the HUD's warning.
const ROLLBACK_WINDOW: f64 = 2.0;
/// Rollbacks in that window above which the HUD warns: every other step (a
/// 100 ms round trip with 5 % loss rolls back about one step in three).
const ROLLBACK_WARNING: u32 = 120;

/// Where players meet, as the shell read it from the environment or the page:
/// the signaling server, the ICE settings' words (parsed when the screen opens,
/// so a bad one is said then), and an invitation's room code (`?join=CODE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meeting {
    /// The signaling server's address.
    pub server: String,
    /// The ICE servers' word (`default`, `none` or a URL), user and credential.
    pub ice: [Option<String>; 3],
    /// The room code of the invitation link the page was opened with.
    pub invitation: Option<String>,
    /// The player's name, told to the other player and to watchers (the app
    /// fills it from the high-score table's last name; `None`: unnamed).
    pub name: Option<String>,
}

impl Default for Meeting {
    fn default() -> Self {
        Self {
            server: DEFAULT_SERVER.to_owned(),
            ice: [None, None, None],
            invitation: None,
            name: None,
        }
    }
}

/// The online screen between frames (see the module doc).
pub struct OnlineScreen {
    /// The lobby's pages.
    pub lobby: Lobby,
    /// The versus levels, by the lobby's level index: their index in the app's list.
    versus: Vec<usize>,
    /// The host's request for a room, with the lobby's level to host in it,
    /// until the server answers.
    asking: Option<(RoomAsk, usize)>,
    link: Option<Link>,
    /// The match. Between frames its game is lent to [`OnlineScreen::session`]
    /// (see [`OnlineScreen::update`]), so it is only read through the session.
    live: Option<OnlineMatch>,
    /// The match's game as drawn, with its trails and squashes.
    pub session: Option<Session>,
    /// A match watched (Page::Watching), instead of one played.
    pub watch: Option<WatchScreen>,
    server: String,
    ice: Ice,
    /// Why the ICE settings were not used (shown on the first page).
    pub ice_error: Option<String>,
    /// Recent rollback counts with the app's time, for the warning.
    recent: VecDeque<(f64, u32)>,
    /// The serve's hand-off: a key held since the lobby does not serve.
    pub hand_off: HandOff,
    /// The match's result, once its game is over (the page then stays on it,
    /// whatever the other side does next).
    pub result: Option<String>,
    /// The player's Juice setting for hit-stop, offered when hosting.
    pub hitstop: bool,
    /// The app's seconds at this frame; GGRS's clock reads it.
    clock: Rc<Cell<f64>>,
    /// When a quick match began waiting for an opponent in its room (the
    /// app's seconds), until one came.
    waiting_since: Option<f64>,
    /// The last match left as a replay of its confirmed inputs (text), until
    /// the app takes it to save ([`OnlineScreen::take_replay`]).
    replay: Option<String>,
    /// The player's name, told to the other player and to watchers.
    player_name: Option<String>,
    /// Where room requests and sockets go (the shell's network, a test's fake).
    network: SharedNetwork,
}

impl OnlineScreen {
    /// The lobby over the app's `levels` (the versus ones) at the app's second
    /// `now`. An invitation opens the Join page, and joins at once when its code
    /// is whole. Lines for the log go to `log`; requests and sockets go
    /// through `network`.
    pub fn new(
        levels: &[LevelEntry],
        now: f64,
        meeting: &Meeting,
        network: SharedNetwork,
        log: &mut Vec<String>,
    ) -> Self {
        let versus: Vec<usize> = (0..levels.len())
            .filter(|&k| levels[k].level.mode.allows_versus())
            .collect();
        let [word, user, credential] = &meeting.ice;
        let word = word.as_deref().unwrap_or("default");
        let (ice, ice_error) = match Ice::parse(word, user.as_deref(), credential.as_deref()) {
            Ok(ice) => (ice, None),
            Err(e) => {
                log.push(format!("online: the ICE settings: {e}; using public STUN"));
                (Ice::default(), Some(e))
            }
        };
        let mut lobby = Lobby::new(versus.len());
        if let Some(code) = &meeting.invitation {
            lobby.page = Page::EnterCode;
            lobby.code = code.chars().take(CODE_LEN).collect();
            lobby.code_cursor = lobby.code.len().saturating_sub(1);
        }
        let mut screen = Self {
            lobby,
            versus,
            asking: None,
            link: None,
            live: None,
            session: None,
            watch: None,
            server: meeting.server.clone(),
            ice,
            ice_error,
            recent: VecDeque::new(),
            hand_off: HandOff::default(),
            result: None,
            hitstop: false,
            clock: Rc::new(Cell::new(now)),
            replay: None,
            waiting_since: None,
            player_name: meeting.name.as_deref().and_then(super::clean_name),
            network,
        };
        // An invitation link with a whole code joins at once.
        if screen.lobby.page == Page::EnterCode && screen.lobby.code.len() == CODE_LEN {
            screen.input(&[MenuInput::Confirm], levels, log);
        }
        screen
    }

    /// Shows the app's level `index` on the Level page (the host's pick last
    /// time), if it is still a versus level.
    pub fn show_level(&mut self, index: usize) {
        if let Some(k) = self.versus.iter().position(|&i| i == index) {
            self.lobby.show_level(k);
        }
    }

    /// The app-level index of the lobby's level `k`.
    pub fn level_index(&self, k: usize) -> usize {
        self.versus.get(k).copied().unwrap_or(0)
    }

    /// The host's level as the Level page names it: its place among the versus
    /// levels and its title (never its file name), and its author when known.
    pub fn level_line(&self, levels: &[LevelEntry]) -> String {
        let k = self.lobby.level;
        let Some(entry) = levels.get(self.level_index(k)) else {
            return String::new();
        };
        let level = &entry.level;
        let by = match level.author.as_str() {
            "" | "anonymous" => String::new(),
            author => format!(" by {author}"),
        };
        format!(
            "Level {} of {}: {}{by}",
            k + 1,
            self.versus.len(),
            level.title
        )
    }

    /// Whether a match is being played (the lobby shows nothing over it).
    pub fn playing(&self) -> bool {
        self.lobby.page == Page::Playing
    }

    /// The frame's menu commands (keys, clicks, taps, then pads) as the screen
    /// takes them: in a match only Escape, a pad's Start and a tap or click on
    /// the match's own buttons (Leave, and the question's two) reach the lobby,
    /// so a pad's buttons and the serve keys stay the paddle's.
    pub fn commands(&self, keys: &[MenuInput], pads: &[MenuInput]) -> Vec<MenuInput> {
        let playing = self.playing() || self.lobby.page == Page::Watching;
        let pads = pads.iter().filter(|&&c| !playing || c == MenuInput::Pause);
        let mut commands: Vec<MenuInput> = keys.iter().chain(pads).copied().collect();
        if playing {
            commands
                .retain(|c| matches!(c, MenuInput::Back | MenuInput::Pause | MenuInput::Pick(_)));
        }
        commands
    }

    /// The browser's Back (see [`Lobby::back_gesture`]): in a match the question
    /// opens or closes; elsewhere the page's Back. Returns true when the player
    /// leaves the screen.
    pub fn back_gesture(&mut self, levels: &[LevelEntry], log: &mut Vec<String>) -> bool {
        if self.playing() {
            self.lobby.back_gesture();
            return false;
        }
        self.input(&[MenuInput::Back], levels, log)
    }

    /// Acts on the server's answer to a request for a room, once it came, then
    /// on this frame's menu commands. Returns true when the player leaves the
    /// screen (the room or match left first, with a goodbye).
    pub fn input(
        &mut self,
        commands: &[MenuInput],
        levels: &[LevelEntry],
        log: &mut Vec<String>,
    ) -> bool {
        self.read_room_answer(levels, log);
        let commands = &self.took_paste(commands);
        for &c in commands {
            match self.lobby.handle(c) {
                LobbyAction::None => {}
                LobbyAction::Host { level } => {
                    self.ask_room(self.network.ask_room(&self.server), level);
                }
                LobbyAction::Quick => self.ask_quick(self.network.ask_quick(&self.server)),
                LobbyAction::Watch { code } => self.watch_code(&code, log),
                LobbyAction::Join { code } => {
                    let fallback = &levels[self.level_index(0)];
                    self.open(code, false, &fallback.level.to_text(), log);
                }
                LobbyAction::Leave => self.leave(),
                LobbyAction::Rematch => {
                    if let Some(live) = &mut self.live {
                        live.ask_rematch();
                    }
                }
                LobbyAction::Exit => {
                    self.leave();
                    return true;
                }
            }
        }
        false
    }

    /// A room code or invitation link pasted on the Join page: a code's worth of
    /// characters or more in one frame (no one types that fast; the page's text
    /// box or Ctrl+V hands a paste over as one burst) that make a whole code
    /// fill the boxes at once. The frame's other commands are returned; a burst
    /// that is no code is typed as it came.
    fn took_paste(&mut self, commands: &[MenuInput]) -> Vec<MenuInput> {
        let typed: String = (commands.iter())
            .filter_map(|c| match c {
                MenuInput::Char(ch) => Some(*ch),
                _ => None,
            })
            .collect();
        let burst = self.lobby.page == Page::EnterCode && typed.chars().count() >= CODE_LEN;
        if burst && self.lobby.paste(&typed) {
            let others = commands.iter().filter(|c| !matches!(c, MenuInput::Char(_)));
            return others.copied().collect();
        }
        commands.to_vec()
    }

    /// Waits for the server's answer to `ask` (a request for a room), to host the
    /// lobby's level `level` in it. The answer is read by [`OnlineScreen::update`];
    /// a test hands in an answered request.
    pub fn ask_room(&mut self, ask: RoomAsk, level: usize) {
        self.leave();
        self.asking = Some((ask, level));
        self.lobby.hosting = true;
        self.lobby.waiting("Asking the server for a room...");
    }

    /// Waits for the server's answer to `ask` (a quick match's `POST /quick`):
    /// the room to meet the next player in. Read by [`OnlineScreen::update`]; a
    /// test hands in an answered request.
    pub fn ask_quick(&mut self, ask: RoomAsk) {
        self.leave();
        self.asking = Some((ask, QUICK));
        self.lobby.hosting = false;
        self.lobby.quick = true;
        self.lobby
            .waiting("Quick match: asking the server for an opponent...");
    }

    /// Reads the server's answer to the host's request, when it came: opens the
    /// room with its code, or says why there is none.
    fn read_room_answer(&mut self, levels: &[LevelEntry], log: &mut Vec<String>) {
        let Some((ask, level)) = &self.asking else {
            return;
        };
        let level = *level;
        let Some(answer) = ask.answer() else {
            return;
        };
        self.asking = None;
        match answer {
            Ok(code) if level == QUICK => {
                // Neither chose to host: the lower peer id hosts, offering the
                // lobby's level (the first versus level unless one was picked).
                let entry = &levels[self.level_index(self.lobby.level)];
                self.open(code, false, &entry.level.to_text(), log);
                self.waiting_since = Some(self.clock.get());
                self.lobby
                    .waiting("Quick match: waiting for an opponent...".to_owned());
            }
            Ok(code) => {
                self.lobby.code = code.chars().collect();
                let entry = &levels[self.level_index(level)];
                self.open(code, true, &entry.level.to_text(), log);
            }
            Err(e) => {
                log.push(format!("online: no room from {}: {e}", self.server));
                self.lobby.ended(no_server_line(&self.server, &e));
            }
        }
    }

    /// Joins the room `code`; `level_text` is offered if this side hosts.
    fn open(&mut self, code: String, hosting: bool, level_text: &str, log: &mut Vec<String>) {
        let seed = (self.clock.get() * 1000.0) as u64 ^ 0x0a4b_a2c0;
        let setup = match MatchSetup::new(level_text, seed, Mode::Versus) {
            Ok(s) => s.with_hitstop(self.hitstop),
            Err(why) => return self.lobby.ended(why),
        };
        let room = room_for(&code);
        // Tests (and anyone scripting a match) read the room from the log.
        let role = if hosting { "hosting" } else { "joining" };
        log.push(format!("online: {role} room {room} on {}", self.server));
        let network = self.network.as_ref();
        self.link = Some(Link::through(
            network,
            LinkConfig {
                server: self.server.clone(),
                room,
                ice: self.ice.clone(),
                hosting,
                setup,
                impairment: Default::default(),
                name: self.player_name.clone(),
            },
        ));
        let what = if hosting { "Hosting" } else { "Joining" };
        self.lobby
            .waiting(format!("{what} room {code} on {}", self.server));
    }

    /// Watches the match in room `code` (a watch link: `arkanong --watch
    /// CODE`, the page's `?watch=CODE`; or the Watch page's code).
    pub fn watch_code(&mut self, code: &str, log: &mut Vec<String>) {
        let network = self.network.as_ref();
        let watcher = Watcher::through(network, &self.server, &room_for(code), &self.ice);
        self.watch_room(watcher, code, log);
    }

    /// Watches room `code`'s match through `watcher` (connected to it, or a
    /// test's detached one): the screen shows the watching page.
    pub fn watch_room(&mut self, watcher: Watcher, code: &str, log: &mut Vec<String>) {
        self.leave();
        log.push(format!(
            "online: watching room {} on {}",
            room_for(code),
            self.server
        ));
        self.watch = Some(WatchScreen::new(watcher, code));
        self.lobby.code = code.chars().collect();
        self.lobby.watching();
    }

    /// The game drawn: the match played, or the one watched.
    pub fn shown_session(&self) -> Option<&Session> {
        match &self.watch {
            Some(w) => w.session.as_ref(),
            None => self.session.as_ref(),
        }
    }

    /// Leaves the room or the match (with a goodbye to the other player).
    pub fn leave(&mut self) {
        self.watch = None;
        self.asking = None;
        self.waiting_since = None;
        if let Some(l) = self.link.take() {
            l.leave();
        }
        if let Some(m) = self.live.take() {
            self.keep_replay(&m);
            m.leave();
        }
        self.session = None;
    }

    /// Keeps `live`'s confirmed inputs as a replay for the app to save.
    fn keep_replay(&mut self, live: &OnlineMatch) {
        let replay = live.replay();
        if !replay.inputs.is_empty() {
            self.replay = Some(replay.to_text());
        }
    }

    /// The last match left, as a replay's text, once (the app saves it as the
    /// record [`ONLINE_REPLAY`]).
    pub fn take_replay(&mut self) -> Option<String> {
        self.replay.take()
    }

    /// The side this player plays, once the match is on.
    pub fn local_side(&self) -> Option<Side> {
        self.live.as_ref().map(OnlineMatch::local_side)
    }

    /// Runs `steps` fixed steps with this player's `intent` at the app's second
    /// `now`: the link until the match starts, then the match. The events to show
    /// and withdraw.
    ///
    /// The match's game is not copied for drawing: the session holds it between
    /// frames and lends it back to the match for its ticks (two swaps of the
    /// game's handles, where a copy would clone every brick and ball each frame).
    pub fn update(
        &mut self,
        steps: u32,
        intent: Intent,
        levels: &[LevelEntry],
        now: f64,
    ) -> Settled {
        self.clock.set(now);
        let mut settled = Settled::default();
        if let Some(watch) = &mut self.watch {
            // A watcher's intent goes nowhere: it only looks.
            watch.update(steps, levels);
            // The page's log line says what the watcher sees (the browser
            // tests read it).
            self.lobby.status = watch.hud_line();
            return settled;
        }
        if let Some(link) = &mut self.link {
            let status = link.poll(now);
            if self.no_opponent_came(&status, now) {
                return settled;
            }
            match status {
                LinkStatus::Ready => self.begin(levels),
                LinkStatus::Failed(why) => {
                    self.link = None;
                    self.lobby.ended(why);
                }
                LinkStatus::Agreeing => {
                    self.lobby.status = "Connected: agreeing on the level".to_owned()
                }
                LinkStatus::Waiting => {}
            }
        }
        let (Some(live), Some(session)) = (&mut self.live, &mut self.session) else {
            return settled;
        };
        live.swap_game(&mut session.game);
        let mut ended = None;
        for _ in 0..steps {
            match live.tick(intent) {
                Tick::Stepped(s) => {
                    settled.fire.extend(s.fire);
                    settled.withdraw.extend(s.withdraw);
                }
                Tick::Ended(why) => {
                    ended = Some(why);
                    break;
                }
                Tick::Held | Tick::Synchronizing => {}
            }
        }
        live.swap_game(&mut session.game);
        if let Some(why) = ended {
            // After the game's end, the result stays said beside why there is
            // no rematch (the other player left).
            match &self.result {
                None => self.lobby.ended(why),
                Some(result) => self.lobby.ended(format!("{result} - {why}")),
            }
            if let Some(m) = self.live.take() {
                self.keep_replay(&m);
            }
            return settled;
        }
        session.update_trails();
        session.update_squashes();
        if live.is_running() && self.lobby.page == Page::Waiting {
            self.lobby.playing();
        }
        if self.result.is_none() {
            self.result = result_line(&session.game, live.local_side());
            if let Some(r) = &self.result {
                self.lobby.result(r.clone());
            }
        }
        let talk = live.rematch_talk();
        if let (Some(result), Page::Result) = (&self.result, self.lobby.page) {
            self.lobby.status = rematch_line(result, talk);
        }
        self.recent.push_back((now, live.stats().rollbacks));
        while (self.recent.front()).is_some_and(|(t, _)| now - t > ROLLBACK_WINDOW) {
            self.recent.pop_front();
        }
        if talk.agreed() {
            self.rematch(levels);
        }
        settled
    }

    /// Whether a quick match gave up waiting for an opponent (its room left,
    /// the page saying so): [`QUICK_WAIT_SECONDS`] alone in the room.
    fn no_opponent_came(&mut self, status: &LinkStatus, now: f64) -> bool {
        let Some(since) = self.waiting_since else {
            return false;
        };
        if *status != LinkStatus::Waiting {
            self.waiting_since = None;
            return false;
        }
        if now - since <= QUICK_WAIT_SECONDS as f64 {
            return false;
        }
        self.leave();
        self.lobby.ended(format!(
            "Quick match: no opponent came within {QUICK_WAIT_SECONDS} s"
        ));
        true
    }

    /// GGRS's clock: the app's seconds at this frame.
    fn ggrs_clock(&self) -> Box<dyn FnMut() -> f64> {
        let time = Rc::clone(&self.clock);
        Box::new(move || time.get())
    }

    fn begin(&mut self, levels: &[LevelEntry]) {
        let Some(parts) = self.link.take().and_then(Link::into_parts) else {
            return;
        };
        let seed = parts.setup.seed;
        match OnlineMatch::start(parts, self.ggrs_clock(), seed) {
            Ok(m) => self.show(m, levels, "Connected: synchronizing"),
            Err(why) => self.lobby.ended(why),
        }
    }

    /// Both asked for a rematch: the next match on the same connection, with
    /// the sides swapped (see `rematch.rs`), drawn by a new session.
    fn rematch(&mut self, levels: &[LevelEntry]) {
        let Some(live) = self.live.take() else {
            return;
        };
        self.keep_replay(&live);
        let seed = live.seed() ^ 0x5eed;
        self.result = None;
        self.session = None;
        self.hand_off = HandOff::default();
        self.recent.clear();
        match live.rematch(self.ggrs_clock(), seed) {
            Ok(m) => {
                self.lobby.waiting("Rematch: synchronizing");
                self.show(m, levels, "Rematch: synchronizing");
            }
            Err(why) => self.lobby.ended(why),
        }
    }

    /// Plays `m`, its game lent to a new session for drawing.
    fn show(&mut self, mut m: OnlineMatch, levels: &[LevelEntry], status: &str) {
        let level = &m.setup().level;
        let index = levels.iter().position(|l| &l.level == level).unwrap_or(0);
        let mut s = Session::new(
            level,
            PlayMode::TwoPlayers,
            Difficulty::Normal,
            index,
            m.seed(),
        );
        m.swap_game(&mut s.game);
        s.online_side = Some(m.local_side());
        s.rival_name = m.rival_name().map(str::to_owned);
        self.session = Some(s);
        self.live = Some(m);
        self.lobby.status = status.to_owned();
    }

    /// On the host's Waiting page, once the room has its code: how a friend
    /// watches the match (issue 44): the browser's link from the `page`'s
    /// address, or on the desktop (no page) the command to type.
    pub fn watch_line(&self, page: Option<&str>) -> Option<String> {
        let code: String = self.lobby.code.iter().collect();
        if self.lobby.page != Page::Waiting || !self.lobby.hosting || code.is_empty() {
            return None;
        }
        Some(match page {
            Some(page) => format!("Friends watch at {}", super::watch_link(page, &code)),
            None => format!(
                "Friends watch with: {}",
                super::watch_command(&code, &self.server)
            ),
        })
    }

    /// The HUD's line: who hosts, ping, and a warning when rollbacks grow. (Not
    /// "top" or "bottom": each player sees their own paddle at the bottom.)
    pub fn hud_line(&self) -> Option<String> {
        if let Some(watch) = &self.watch {
            return Some(watch.hud_line());
        }
        let live = self.live.as_ref()?;
        let side = if live.i_host() {
            "you host"
        } else {
            "you joined"
        };
        let ping = live
            .ping_ms()
            .map_or("ping ...".to_owned(), |p| format!("ping {p} ms"));
        let recent = match (self.recent.front(), self.recent.back()) {
            (Some((_, a)), Some((_, b))) => b - a,
            _ => 0,
        };
        let warning = if live.interrupted() {
            " - connection interrupted"
        } else if recent > ROLLBACK_WARNING {
            " - rollbacks growing"
        } else {
            ""
        };
        Some(format!("{side}, {ping}{warning}"))
    }
}

/// The record an online match's replay is saved as (the last match left):
/// `online-replay.txt` in the data folder, `arkanong.online-replay` in the
/// browser's storage; `arkanong replay` plays the file.
pub const ONLINE_REPLAY: &str = "online-replay";

/// The Result page's line: the result, and where the rematch stands.
fn rematch_line(result: &str, talk: RematchTalk) -> String {
    match (talk.asked, talk.offered) {
        (true, false) => format!("{result} - waiting for your rival to accept"),
        (false, true) => format!("{result} - your rival asks for a rematch"),
        _ => result.to_owned(),
    }
}

/// How the match ended, from this player's side, once its game is over.
fn result_line(game: &Game, me: Side) -> Option<String> {
    let p = game.players();
    let score = |side: Side| p.get(side.index() as usize).map_or(0, |p| p.score);
    let (mine, theirs) = (score(me), score(me.other()));
    Some(match game.outcome()? {
        Outcome::Won(side) if side == me => format!("You win {mine}-{theirs}"),
        Outcome::Won(_) => format!("You lose {mine}-{theirs}"),
        Outcome::Draw => format!("A draw, {mine}-{theirs}"),
        Outcome::Cleared | Outcome::OutOfLives => "The match is over".to_owned(),
    })
}

/// The ceremony of an online match's end, from this player's side (as against
/// the CPU): their win's fireworks, or a defeat's dim; a draw has none.
pub fn online_ceremony(s: &Session) -> Option<CeremonyKind> {
    let (outcome, me) = (s.game.outcome()?, s.online_side?);
    match outcome {
        Outcome::Won(side) if side == me => Some(CeremonyKind::Victory(me)),
        Outcome::Won(_) => Some(CeremonyKind::Defeat),
        other => CeremonyKind::of(other, false),
    }
}
