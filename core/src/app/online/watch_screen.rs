//! The watching screen as a model (issue 44, item 4): a friend who opened a
//! match's watch link (`arkanong --watch CODE`, `?watch=CODE`, or Play online >
//! Watch a match) sees the match live from the host's relay ([`Watcher`]),
//! with the normal HUD, the players' names, "WATCHING", and what is
//! happening: waiting for the match, catching up, the match's end, or why
//! watching stopped. The shell draws it; nothing here reads a key: a watcher
//! has no input to give, and its only command (Back) is the lobby's.

use super::{match_seed, WatchStatus, Watcher};
use crate::app::play::{PlayMode, Session};
use crate::app::records::LevelEntry;
use crate::game::{Difficulty, Outcome};
use crate::level::Side;

/// The mark the screen wears while it shows a match.
pub const WATCHING_MARK: &str = "WATCHING";

/// What the screen says while no match has come yet.
pub const WAITING_LINE: &str = "waiting for the match…";

/// What the screen says while the watcher plays faster to get back to live.
pub const CATCHING_UP_LINE: &str = "catching up";

/// The name a player has on a watcher's screen until their own arrives:
/// the host's, then the guest's.
pub const DEFAULT_NAMES: [&str; 2] = ["Host", "Guest"];

/// The watching screen between frames (see the module doc).
pub struct WatchScreen {
    watcher: Watcher,
    /// The room's code, as the friend gave it.
    pub code: String,
    /// The match shown, with its trails and squashes, for drawing.
    pub session: Option<Session>,
    /// The players' names: the host's, then the guest's.
    names: [String; 2],
    /// How the shown match ended, once its game is over.
    result: Option<String>,
}

impl WatchScreen {
    /// Watches room `code` through `watcher` (connected, or detached in tests).
    pub fn new(watcher: Watcher, code: &str) -> Self {
        Self {
            watcher,
            code: code.to_owned(),
            session: None,
            names: DEFAULT_NAMES.map(str::to_owned),
            result: None,
        }
    }

    /// The watcher, to feed (tests) or to read.
    pub fn watcher_mut(&mut self) -> &mut Watcher {
        &mut self.watcher
    }

    /// Names the players: the host, then the guest (as the relay says them).
    pub fn set_names(&mut self, host: &str, guest: &str) {
        self.names = [host.to_owned(), guest.to_owned()];
        self.name_sides();
    }

    /// The players' names by side, bottom first, in the match shown: the host
    /// plays the bottom in match 0 and the halves swap at each rematch.
    pub fn names_by_side(&self) -> [&str; 2] {
        let [host, guest] = [self.names[0].as_str(), self.names[1].as_str()];
        match self.watcher.match_id().unwrap_or(0) % 2 {
            0 => [host, guest],
            _ => [guest, host],
        }
    }

    /// Runs `steps` fixed steps of the watcher (it plays 0, 1, or catching up
    /// more frames each), then shows where the match is; `levels` are the
    /// app's, to find the level's set for the drawing.
    pub fn update(&mut self, steps: u32, levels: &[LevelEntry]) {
        for _ in 0..steps {
            if let WatchStatus::Ended(_) = self.watcher.tick() {
                break;
            }
            // A rematch came after the shown match's end: it is shown next.
            if self.result.is_some() && self.watcher.next_match_waiting() {
                self.watcher.next_match();
                self.session = None;
                self.result = None;
            }
        }
        let Some(game) = self.watcher.game() else {
            return;
        };
        let (Some(id), Some(setup)) = (self.watcher.match_id(), self.watcher.setup()) else {
            return;
        };
        let session = self.session.get_or_insert_with(|| {
            let level = &setup.level;
            let index = levels.iter().position(|l| &l.level == level).unwrap_or(0);
            let seed = match_seed(setup.seed, id);
            Session::new(level, PlayMode::TwoPlayers, Difficulty::Normal, index, seed)
        });
        session.game = game.clone();
        session.update_trails();
        session.update_squashes();
        if self.result.is_none() {
            self.result = self.result_line();
        }
        // The names the host told, each player's own or the default for one
        // who gave none.
        if let Some(told) = self.watcher.names() {
            let named = |k: usize| match told[k].as_str() {
                "" => DEFAULT_NAMES[k].to_owned(),
                name => name.to_owned(),
            };
            self.names = [named(0), named(1)];
        }
        self.name_sides();
    }

    /// The session's names follow the sides (see [`WatchScreen::names_by_side`]).
    fn name_sides(&mut self) {
        let names = self.names_by_side().map(str::to_owned);
        if let Some(s) = &mut self.session {
            s.spectated = Some(names);
        }
    }

    /// "the match ended: NAME won 3-1" once the shown match's game is over.
    fn result_line(&self) -> Option<String> {
        let game = self.watcher.game()?;
        let score = |side: Side| {
            let p = game.players().get(side.index() as usize);
            p.map_or(0, |p| p.score)
        };
        let names = self.names_by_side();
        Some(match game.outcome()? {
            Outcome::Won(side) => {
                let (won, lost) = (score(side), score(side.other()));
                let name = names[side.index() as usize];
                format!("the match ended: {name} won {won}-{lost}")
            }
            Outcome::Draw => format!(
                "the match ended: a draw, {}-{}",
                score(Side::Bottom),
                score(Side::Top)
            ),
            Outcome::Cleared | Outcome::OutOfLives => "the match ended".to_owned(),
        })
    }

    /// Whether a match is shown (its game drawn with the HUD).
    pub fn showing(&self) -> bool {
        self.session.is_some()
    }

    /// The players' line: "NAME vs NAME", the bottom player first.
    pub fn players_line(&self) -> String {
        let [bottom, top] = self.names_by_side();
        format!("{bottom} vs {top}")
    }

    /// What the screen says under its mark, if anything: waiting, catching
    /// up, the match's end, or why watching stopped (the server's refusal of
    /// a fifth watcher, the players gone, no server).
    pub fn status_line(&self) -> Option<String> {
        match self.watcher.status() {
            WatchStatus::Ended(why) => Some(match &self.result {
                Some(result) => format!("{result} ({why})"),
                None => why,
            }),
            _ if self.result.is_some() => self.result.clone(),
            WatchStatus::Waiting => Some(WAITING_LINE.to_owned()),
            WatchStatus::Watching { .. } if self.watcher.catching_up() => {
                Some(CATCHING_UP_LINE.to_owned())
            }
            WatchStatus::Watching { .. } if self.session.is_none() => Some(WAITING_LINE.to_owned()),
            WatchStatus::Watching { .. } => None,
        }
    }

    /// Whether watching is over (the page offers only the way back).
    pub fn over(&self) -> bool {
        matches!(self.watcher.status(), WatchStatus::Ended(_))
    }

    /// The HUD's line: the mark, the players, and what is happening.
    pub fn hud_line(&self) -> String {
        let mut line = format!("{WATCHING_MARK}: {}", self.players_line());
        if let Some(status) = self.status_line() {
            line.push_str(" - ");
            line.push_str(&status);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::online::{
        pack_intent, MatchSetup, Message, Rollback, WatchRelay, CATCHUP_SPEED, WATCH_BUFFER_STEPS,
    };
    use crate::game::{Cpu, Game, Mode};
    use crate::level::shipped_levels;
    use matchbox_socket::PeerId;

    /// No network: the screens' tests open no socket.
    fn offline() -> crate::app::online::SharedNetwork {
        std::rc::Rc::new(crate::app::online::OfflineNetwork::default())
    }

    fn peer(version: u8) -> PeerId {
        let mut bytes = [7u8; 16];
        bytes[0] = version;
        let id = match version {
            8 => uuid::Builder::from_custom_bytes(bytes),
            _ => uuid::Builder::from_random_bytes(bytes),
        };
        PeerId(id.into_uuid())
    }

    /// The host's side of a match between a strong CPU (bottom, the host) and
    /// a weak one: its rollback and its relay to one watcher.
    struct Host {
        setup: MatchSetup,
        rollback: Rollback,
        relay: WatchRelay,
        cpus: [Cpu; 2],
    }

    impl Host {
        fn new() -> Host {
            let text = shipped_levels()
                .iter()
                .find(|l| MatchSetup::new(l.text, 0, Mode::Versus).is_ok())
                .unwrap()
                .text;
            let setup = MatchSetup::new(text, 3, Mode::Versus).unwrap();
            let game = Game::new(&setup.level, setup.mode, setup.seed);
            let mut rollback = Rollback::with_hitstop(game, setup.hitstop);
            rollback.keep_hashes();
            let mut relay = WatchRelay::default();
            assert!(relay.seat(peer(8)));
            let cpus = [
                Cpu::new(Side::Bottom, Difficulty::Hard, 1),
                Cpu::new(Side::Top, Difficulty::Easy, 2),
            ];
            Host {
                setup,
                rollback,
                relay,
                cpus,
            }
        }

        /// One host tick: the CPUs play a frame, and what the relay sends now
        /// (everything played is confirmed).
        fn tick(&mut self) -> Vec<Message> {
            let game = self.rollback.game();
            let intents = [0, 1].map(|k| pack_intent(self.cpus[k].intent(game)));
            self.rollback.advance(intents);
            let confirmed = self.rollback.frame();
            let due = self.relay.due(0, &self.setup, &self.rollback, confirmed);
            due.into_iter().map(|(_, m)| m).collect()
        }
    }

    fn feed(screen: &mut WatchScreen, messages: Vec<Message>) {
        for m in messages {
            // Through the wire's own bytes, as the connection hands them over.
            let m = Message::decode(&m.encode()).unwrap();
            screen.watcher_mut().receive(peer(4), m);
        }
    }

    #[test]
    fn the_watch_screen_waits_shows_catches_up_and_names_the_winner() {
        let mut screen = WatchScreen::new(Watcher::detached("ws://nowhere"), "AB94KPM");
        screen.update(1, &[]);
        assert_eq!(screen.status_line().as_deref(), Some(WAITING_LINE));
        assert!(!screen.showing());
        assert_eq!(
            screen.hud_line(),
            "WATCHING: Host vs Guest - waiting for the match…"
        );
        // Another player's talk is not a relay: still waiting.
        screen.watcher_mut().receive(
            peer(4),
            Message::Hello {
                hosting: true,
                name: None,
            },
        );
        screen.update(1, &[]);
        assert_eq!(screen.status_line().as_deref(), Some(WAITING_LINE));

        // Live: the host's relay comes a tick at a time; the picture starts
        // once the buffer is in hand, one frame a tick, never catching up.
        let mut host = Host::new();
        for _ in 0..WATCH_BUFFER_STEPS + 120 {
            let sent = host.tick();
            feed(&mut screen, sent);
            screen.update(1, &[]);
        }
        assert!(screen.showing());
        assert_eq!(screen.status_line(), None, "{:?}", screen.status_line());
        assert!(screen.watcher_mut().behind() <= WATCH_BUFFER_STEPS + 6);
        let session = screen.session.as_ref().unwrap();
        let names = session.spectated.clone().unwrap();
        assert_eq!(
            names,
            ["Host".to_owned(), "Guest".to_owned()],
            "bottom first"
        );
        assert!(session.online_side.is_none(), "a watcher is no player");
        assert!(
            session.cpus.iter().all(Option::is_none),
            "nothing plays here"
        );

        // The watcher's machine stalls 5 s while the match goes on: it catches
        // up, playing faster, and says so, then is live again.
        for _ in 0..600 {
            let sent = host.tick();
            feed(&mut screen, sent);
        }
        screen.update(1, &[]);
        assert_eq!(screen.status_line().as_deref(), Some(CATCHING_UP_LINE));
        assert!(screen.hud_line().ends_with("- catching up"));
        let mut ticks = 0;
        while screen.status_line().is_some() {
            let sent = host.tick();
            feed(&mut screen, sent);
            screen.update(1, &[]);
            ticks += 1;
            assert!(ticks < 600, "caught up within 5 s");
        }
        // About 600 steps made up at CATCHUP_SPEED a tick.
        assert!(ticks < 600 / (CATCHUP_SPEED - 1) + 30, "{ticks} ticks");

        // On to the match's end: the winner by name, with the score.
        let mut frames = 0;
        while host.rollback.game().outcome().is_none() {
            let sent = host.tick();
            feed(&mut screen, sent);
            screen.update(1, &[]);
            frames += 1;
            assert!(frames < 200_000, "the match ends");
        }
        // The rest in hand is played, then the players leave.
        for _ in 0..2 * RELAY_TICKS {
            let sent = host.tick();
            feed(&mut screen, sent);
        }
        screen.watcher_mut().players_left();
        screen.update(400, &[]);
        let game = host.rollback.game();
        let [bottom, top] = [0, 1].map(|k| game.players()[k].score);
        let won = match game.outcome() {
            Some(Outcome::Won(Side::Bottom)) => format!("Host won {bottom}-{top}"),
            Some(Outcome::Won(Side::Top)) => format!("Guest won {top}-{bottom}"),
            other => panic!("{other:?}"),
        };
        let said = screen.status_line().unwrap();
        assert!(screen.over());
        assert_eq!(
            said,
            format!("the match ended: {won} (the match is over: the players left)")
        );
        let stats = screen.watcher_mut().stats();
        assert_eq!(stats.desyncs, 0);
        assert!(stats.checks > 10 && stats.catchups == 1, "{stats:?}");
    }

    #[test]
    fn a_rematch_swaps_the_names_with_the_halves() {
        let mut screen = WatchScreen::new(Watcher::detached("ws://nowhere"), "AB94KPM");
        screen.set_names("Ann", "Bob");
        assert_eq!(screen.players_line(), "Ann vs Bob");
        let setup = Host::new().setup;
        let mut messages = setup.offer();
        messages.push(Message::Watching {
            match_id: 1,
            names: None,
        });
        feed(&mut screen, messages);
        screen.update(1, &[]);
        assert_eq!(screen.names_by_side(), ["Bob", "Ann"], "the host on top");
        assert_eq!(screen.players_line(), "Bob vs Ann");
    }

    #[test]
    fn the_names_the_host_tells_are_shown_and_a_missing_one_stays_guest() {
        let mut screen = WatchScreen::new(Watcher::detached("ws://nowhere"), "AB94KPM");
        assert_eq!(screen.players_line(), "Host vs Guest");
        let mut messages = Host::new().setup.offer();
        messages.push(Message::Watching {
            match_id: 0,
            names: Some(["Ann".into(), String::new()]),
        });
        feed(&mut screen, messages);
        screen.update(1, &[]);
        assert_eq!(screen.players_line(), "Ann vs Guest");
        assert_eq!(screen.names_by_side(), ["Ann", "Guest"]);
    }

    #[test]
    fn the_online_screen_watches_and_a_watchers_keys_reach_only_back() {
        use crate::app::input::MenuInput::*;
        use crate::app::online::{Meeting, OnlineScreen, Page};
        let mut log = Vec::new();
        let mut online = OnlineScreen::new(&[], 0.0, &Meeting::default(), offline(), &mut log);
        let watcher = Watcher::detached("ws://nowhere");
        online.watch_room(watcher, "AB94KPM", &mut log);
        assert_eq!(online.lobby.page, Page::Watching);
        assert!(log
            .iter()
            .any(|l| l.contains("watching room arkanong-AB94KPM")));
        // Serve keys, arrows, letters and a pad's A: nothing; Esc and Start: Back.
        let keys = [Up, Left, Confirm, Char('a'), Back];
        let said = online.commands(&keys, &[Confirm, Left, Pause]);
        assert_eq!(said, vec![Back, Pause]);
        let intent = crate::game::Intent {
            dx: 1,
            serve: true,
            ..crate::game::Intent::IDLE
        };
        online.update(5, intent, &[], 0.1);
        let hud = online.hud_line().unwrap();
        assert_eq!(hud, "WATCHING: Host vs Guest - waiting for the match…");
        assert!(
            online.lobby.status.starts_with("WATCHING"),
            "the page's log line"
        );
        assert!(online.shown_session().is_none() && online.local_side().is_none());
        assert!(
            online.input(&[Back], &[], &mut log),
            "Back leaves for the title"
        );
    }

    #[test]
    fn the_hosts_waiting_page_says_how_a_friend_watches() {
        use crate::app::online::{Meeting, OnlineScreen, Page};
        let mut log = Vec::new();
        let meeting = Meeting {
            server: "wss://play.example.org".into(),
            ..Meeting::default()
        };
        let mut online = OnlineScreen::new(&[], 0.0, &meeting, offline(), &mut log);
        let page = Some("https://play.example.org/?server=wss://play.example.org");
        assert_eq!(online.watch_line(page), None, "no room yet");
        online.lobby.page = Page::Waiting;
        online.lobby.hosting = true;
        assert_eq!(
            online.watch_line(page),
            None,
            "asking the server for a code"
        );
        online.lobby.code = "AB94KPM".chars().collect();
        assert_eq!(
            online.watch_line(page).as_deref(),
            Some("Friends watch at https://play.example.org/?watch=AB94KPM&server=wss://play.example.org")
        );
        assert_eq!(
            online.watch_line(None).as_deref(),
            Some("Friends watch with: arkanong --watch AB94KPM --server wss://play.example.org")
        );
        online.lobby.hosting = false;
        assert_eq!(
            online.watch_line(None),
            None,
            "a joiner's page has no room to give"
        );
    }

    /// Host ticks between relays, as the host sends them.
    const RELAY_TICKS: usize = crate::app::online::RELAY_EVERY_TICKS as usize;
}
