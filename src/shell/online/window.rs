//! The online screen's state between frames: the lobby, then the link while the
//! players meet, then the match, mirrored into a [`Session`] for drawing.

use std::collections::VecDeque;

use arkanong::app::input::MenuInput;
use arkanong::app::online::{
    room_code, room_for, Ice, Link, LinkConfig, LinkStatus, Lobby, LobbyAction, MatchSetup,
    OnlineMatch, Page, Settled, Tick, DEFAULT_SERVER,
};
use arkanong::app::play::{PlayMode, Session};
use arkanong::app::records::LevelEntry;
use arkanong::game::{Difficulty, Intent, Mode};
use arkanong::level::Side;
use macroquad::prelude::*;

/// Seconds over which rollbacks are counted for the HUD's warning.
const ROLLBACK_WINDOW: f64 = 2.0;
/// Rollbacks in that window above which the HUD warns: every other step (a
/// 100 ms round trip with 5 % loss rolls back about one step in three).
const ROLLBACK_WARNING: u32 = 120;

/// The online screen (see the module doc).
pub(crate) struct OnlineShell {
    pub(crate) lobby: Lobby,
    /// The versus levels, by the lobby's level index: their index in the app's list.
    versus: Vec<usize>,
    link: Option<Link>,
    live: Option<OnlineMatch>,
    /// The match's game as drawn (trails and squash follow it).
    pub(crate) session: Option<Session>,
    server: String,
    ice: Ice,
    /// Why the ICE settings were not used (shown on the first page).
    pub(crate) ice_error: Option<String>,
    /// Where the lobby's items were drawn last frame (clicks and taps).
    pub(crate) rects: Vec<Rect>,
    /// Recent rollback counts, for the warning.
    recent: VecDeque<(f64, u32)>,
    /// The title menu should show again.
    pub(crate) exit: bool,
    /// The serve's hand-off: a key held since the lobby does not serve.
    pub(crate) hand_off: arkanong::app::play::HandOff,
    /// The match's result, once its game is over (the page then stays on it,
    /// whatever the other side does next).
    pub(crate) result: Option<String>,
    /// The player's Juice setting for hit-stop, offered when hosting.
    pub(crate) hitstop: bool,
}

/// The browser's `?join=CODE` (an invitation link), if the page has one.
pub(crate) fn join_code_from_page() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = arkanong::app::online::page_query();
        query
            .split('&')
            .find_map(|p| p.strip_prefix("join="))
            .map(|c| c.to_ascii_uppercase())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The signaling server and ICE servers: the page's `server=`, `ice=`,
/// `ice-user=` and `ice-credential=` (or the page's own host) in the browser;
/// `ARKANONG_SERVER`, `ARKANONG_ICE`, `ARKANONG_ICE_USER` and
/// `ARKANONG_ICE_CREDENTIAL` on the desktop. Bad ICE settings are logged (never
/// the password) and public STUN is used; the third value says why, for the page.
fn server_and_ice() -> (String, Ice, Option<String>) {
    #[cfg(target_arch = "wasm32")]
    let (server, [ice, user, credential]) = {
        let query = arkanong::app::online::page_query();
        let get = |key: &str| {
            query.split('&').find_map(|p| {
                p.strip_prefix(key)
                    .map(arkanong::app::online::percent_decode)
            })
        };
        let host = arkanong::app::online::page_hostname();
        let fallback = if host.is_empty() {
            DEFAULT_SERVER.to_owned()
        } else {
            format!("ws://{host}:{}", arkanong::app::online::DEFAULT_PORT)
        };
        let ice = ["ice=", "ice-user=", "ice-credential="].map(get);
        (get("server=").unwrap_or(fallback), ice)
    };
    #[cfg(not(target_arch = "wasm32"))]
    let (server, [ice, user, credential]) = (
        std::env::var("ARKANONG_SERVER").unwrap_or_else(|_| DEFAULT_SERVER.to_owned()),
        [
            "ARKANONG_ICE",
            "ARKANONG_ICE_USER",
            "ARKANONG_ICE_CREDENTIAL",
        ]
        .map(|k| std::env::var(k).ok()),
    );
    let word = ice.as_deref().unwrap_or("default");
    match Ice::parse(word, user.as_deref(), credential.as_deref()) {
        Ok(ice) => (server, ice, None),
        Err(e) => {
            macroquad::miniquad::warn!("online: the ICE settings: {}; using public STUN", e);
            (server, Ice::default(), Some(e))
        }
    }
}

impl OnlineShell {
    /// The lobby over the app's `levels` (the versus ones); `seed` makes the room code.
    pub(crate) fn new(levels: &[LevelEntry], seed: u64) -> Self {
        let versus: Vec<usize> = (0..levels.len())
            .filter(|&k| levels[k].level.mode.allows_versus())
            .collect();
        let (server, ice, ice_error) = server_and_ice();
        let mut lobby = Lobby::new(versus.len(), room_code(seed));
        if let Some(code) = join_code_from_page() {
            lobby.page = Page::EnterCode;
            lobby.code = code.chars().take(arkanong::app::online::CODE_LEN).collect();
            lobby.code_cursor = lobby.code.len().saturating_sub(1);
        }
        let mut shell = Self {
            lobby,
            versus,
            link: None,
            live: None,
            session: None,
            server,
            ice,
            ice_error,
            rects: Vec::new(),
            recent: VecDeque::new(),
            exit: false,
            hand_off: Default::default(),
            result: None,
            hitstop: false,
        };
        // An invitation link with a whole code joins at once.
        if shell.lobby.page == Page::EnterCode
            && shell.lobby.code.len() == arkanong::app::online::CODE_LEN
        {
            shell.input(vec![MenuInput::Confirm], levels);
        }
        shell
    }

    /// The app-level index of the lobby's level `k`.
    pub(crate) fn level_index(&self, k: usize) -> usize {
        self.versus.get(k).copied().unwrap_or(0)
    }

    /// Acts on this frame's menu commands.
    pub(crate) fn input(&mut self, commands: Vec<MenuInput>, levels: &[LevelEntry]) {
        for c in commands {
            match self.lobby.handle(c) {
                LobbyAction::None => {}
                LobbyAction::Host { code, level } => {
                    let entry = &levels[self.level_index(level)];
                    self.open(code, true, &entry.level.to_text());
                }
                LobbyAction::Join { code } => {
                    let fallback = &levels[self.level_index(0)];
                    self.open(code, false, &fallback.level.to_text());
                }
                LobbyAction::Leave => self.leave(),
                LobbyAction::Exit => {
                    self.leave();
                    self.exit = true;
                }
            }
        }
    }

    /// Joins the room `code`; `level_text` is offered if this side hosts.
    fn open(&mut self, code: String, hosting: bool, level_text: &str) {
        let seed = (get_time() * 1000.0) as u64 ^ 0x0a4b_a2c0;
        let setup = match MatchSetup::new(level_text, seed, Mode::Versus) {
            Ok(s) => s.with_hitstop(self.hitstop),
            Err(why) => return self.lobby.ended(why),
        };
        let room = room_for(&code);
        // Tests (and anyone scripting a match) read the room from the log.
        macroquad::miniquad::info!(
            "online: {} room {room} on {}",
            if hosting { "hosting" } else { "joining" },
            self.server
        );
        self.link = Some(Link::connect(LinkConfig {
            server: self.server.clone(),
            room,
            ice: self.ice.clone(),
            hosting,
            setup,
            impairment: Default::default(),
        }));
        let what = if hosting { "Hosting" } else { "Joining" };
        self.lobby
            .waiting(format!("{what} room {code} on {}", self.server));
    }

    /// Leaves the room or the match (with a goodbye to the other player).
    fn leave(&mut self) {
        if let Some(l) = self.link.take() {
            l.leave();
        }
        if let Some(m) = self.live.take() {
            m.leave();
        }
        self.session = None;
    }

    /// The side this player plays, once the match is on.
    pub(crate) fn local_side(&self) -> Option<Side> {
        self.live.as_ref().map(OnlineMatch::local_side)
    }

    /// Runs `steps` fixed steps with this player's `intent`: the link until the
    /// match starts, then the match. The events to show and withdraw.
    pub(crate) fn update(&mut self, steps: u32, intent: Intent, levels: &[LevelEntry]) -> Settled {
        let mut settled = Settled::default();
        if let Some(link) = &mut self.link {
            match link.poll(get_time()) {
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
        let Some(live) = &mut self.live else {
            return settled;
        };
        for _ in 0..steps {
            match live.tick(intent) {
                Tick::Stepped(s) => {
                    settled.fire.extend(s.fire);
                    settled.withdraw.extend(s.withdraw);
                }
                Tick::Ended(why) => {
                    if self.result.is_none() {
                        self.lobby.ended(why);
                    }
                    self.live = None;
                    break;
                }
                Tick::Held | Tick::Synchronizing => {}
            }
        }
        if let (Some(live), Some(session)) = (&self.live, &mut self.session) {
            session.game = live.game().clone();
            session.update_trails();
            session.update_squashes();
            if live.is_running() && self.lobby.page == Page::Waiting {
                self.lobby.playing();
            }
            if self.result.is_none() {
                self.result = result_line(&session.game, live.local_side());
                if let Some(r) = &self.result {
                    self.lobby.ended(r.clone());
                }
            }
            self.recent.push_back((get_time(), live.stats().rollbacks));
            while self
                .recent
                .front()
                .is_some_and(|(t, _)| get_time() - t > ROLLBACK_WINDOW)
            {
                self.recent.pop_front();
            }
        }
        settled
    }

    fn begin(&mut self, levels: &[LevelEntry]) {
        let Some(parts) = self.link.take().and_then(Link::into_parts) else {
            return;
        };
        let level = parts.setup.level.clone();
        let seed = parts.setup.seed;
        let clock: Box<dyn FnMut() -> f64> = Box::new(get_time);
        match OnlineMatch::start(parts, clock, seed) {
            Ok(m) => {
                let index = levels.iter().position(|l| l.level == level).unwrap_or(0);
                let mut s = Session::new(
                    &level,
                    PlayMode::TwoPlayers,
                    Difficulty::Normal,
                    index,
                    seed,
                );
                s.game = m.game().clone();
                s.online_side = Some(m.local_side());
                self.session = Some(s);
                self.live = Some(m);
                self.lobby.status = "Connected: synchronizing".to_owned();
            }
            Err(why) => self.lobby.ended(why),
        }
    }

    /// The HUD's line: who hosts, ping, and a warning when rollbacks grow. (Not
    /// "top" or "bottom": each player sees their own paddle at the bottom.)
    pub(crate) fn hud_line(&self) -> Option<String> {
        let live = self.live.as_ref()?;
        let side = match live.local_side() {
            Side::Bottom => "you host",
            Side::Top => "you joined",
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

/// How the match ended, from this player's side, once its game is over.
fn result_line(game: &arkanong::game::Game, me: Side) -> Option<String> {
    use arkanong::game::Outcome;
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
