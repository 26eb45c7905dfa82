//! The "Play online" screens as a model: choose to host or join, the host picks a
//! level and gets a room code, the joiner enters it; then waiting, playing, and
//! the result with Rematch and Leave, and the end ("Opponent left"). Keyboard, mouse, touch and pads all arrive as
//! [`MenuInput`]s (a click or tap picks an item; letters type a code).

use super::ISSUED_CODE_LEN;
use crate::app::input::MenuInput;

/// Letters of a room code: no I, O, 0 or 1, which read alike.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Characters in a room code the lobby offers and takes: the server issues them
/// (`POST /room`, 35 bits from its OS randomness); the lobby never makes one.
pub const CODE_LEN: usize = ISSUED_CODE_LEN;

/// The room on the signaling server for a code.
pub fn room_for(code: &str) -> String {
    format!("arkanong-{code}")
}

/// The browser link that opens the game in a room: the page's address with
/// `?join=CODE`, keeping the page's `server=` and a STUN `ice=` (so the friend
/// meets at the same server). A TURN relay's `ice=` is left out: its login never
/// travels in a link, a relay without one would be refused, and one side's relay
/// is enough.
pub fn invite_link(page: &str, code: &str) -> String {
    room_link(page, "join", code)
}

/// The browser link a friend opens to watch the match in a room (issue 44):
/// as [`invite_link`], with `?watch=CODE`.
pub fn watch_link(page: &str, code: &str) -> String {
    room_link(page, "watch", code)
}

/// The desktop's way to watch the match in a room: the command a friend
/// types (`--server` only when it is not the default one).
pub fn watch_command(code: &str, server: &str) -> String {
    match server == super::DEFAULT_SERVER {
        true => format!("arkanong --watch {code}"),
        false => format!("arkanong --watch {code} --server {server}"),
    }
}

/// The page's address with `KEY=CODE` first (see [`invite_link`]).
fn room_link(page: &str, key: &str, code: &str) -> String {
    let without_fragment = page.split('#').next().unwrap_or(page);
    let (base, query) = without_fragment
        .split_once('?')
        .unwrap_or((without_fragment, ""));
    let mut pairs: Vec<&str> = query
        .split('&')
        .filter(|p| {
            let turn = p.starts_with("ice=turn") || p.starts_with("ice=TURN");
            p.starts_with("server=") || (p.starts_with("ice=") && !turn)
        })
        .collect();
    let first = format!("{key}={code}");
    pairs.insert(0, &first);
    format!("{base}?{}", pairs.join("&"))
}

/// Which online screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// Host a game, join one, or back.
    Choose,
    /// The host picks the level (Left and Right, or the arrows on screen).
    PickLevel,
    /// The joiner types or dials the room code.
    EnterCode,
    /// In the room, waiting for the other player and agreeing on the match.
    Waiting,
    /// The match.
    Playing,
    /// The match's game is over: its result, and Rematch (the next match on the
    /// same connection, once both ask) or Leave.
    Result,
    /// The match is over or could not start: why, and back to the title.
    Ended,
    /// A friend watching a match (`watch_screen.rs`): the match under the
    /// mark, and Back to the title.
    Watching,
}

/// What the shell must do after an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LobbyAction {
    /// Nothing beyond redrawing.
    None,
    /// Ask the server for a room, to host level `level` in it (an index the
    /// shell gave).
    Host {
        /// The chosen level's index among the versus levels.
        level: usize,
    },
    /// Ask the server for a quick match (the next player of the same
    /// version), and meet them in the room it answers with.
    Quick,
    /// Join the room `code`.
    Join {
        /// The room code.
        code: String,
    },
    /// Watch the match in room `code`.
    Watch {
        /// The room code.
        code: String,
    },
    /// Leave the room or the match (the lobby shows the Choose page again).
    Leave,
    /// Ask the other player for the next match.
    Rematch,
    /// Back to the title menu.
    Exit,
}

/// The online screens' state (see the module doc).
#[derive(Debug, Clone)]
pub struct Lobby {
    /// The page showing.
    pub page: Page,
    /// The highlighted item of the page.
    pub cursor: usize,
    /// The level the host picked, an index among `levels`.
    pub level: usize,
    levels: usize,
    /// The room code: the host's own, or the one the joiner is entering.
    pub code: Vec<char>,
    /// Where the next typed character of the code goes.
    pub code_cursor: usize,
    /// Whether this player hosts.
    pub hosting: bool,
    /// Whether the code page asks for a match to watch (not one to join).
    pub watching: bool,
    /// Whether this is a quick match (the server paired the players; the
    /// Waiting page's way out reads Cancel).
    pub quick: bool,
    /// What the Waiting and Ended pages say.
    pub status: String,
    /// "Leave the match?" shows over the match, which goes on behind it (the
    /// browser's Back in a match asks this rather than leaving at once).
    pub asking_leave: bool,
}

impl Lobby {
    /// The lobby over `levels` versus levels.
    pub fn new(levels: usize) -> Self {
        Self {
            page: Page::Choose,
            cursor: 0,
            level: 0,
            levels: levels.max(1),
            code: Vec::new(),
            code_cursor: 0,
            hosting: false,
            watching: false,
            quick: false,
            status: String::new(),
            asking_leave: false,
        }
    }

    /// The page's items, top to bottom (what a click or tap picks).
    pub fn items(&self) -> Vec<&'static str> {
        match self.page {
            Page::Choose => vec![
                "Host a game",
                "Join a game",
                "Quick match",
                "Watch a match",
                "Back",
            ],
            Page::PickLevel => vec!["< Level >", "Open the room", "Back"],
            Page::EnterCode if self.watching => vec!["Watch", "Back"],
            Page::EnterCode => vec!["Join", "Back"],
            Page::Watching => vec!["Back"],
            Page::Waiting if self.quick => vec!["Cancel"],
            Page::Playing if self.asking_leave => vec!["Keep playing", "Leave"],
            Page::Waiting | Page::Playing => vec!["Leave"],
            Page::Result => vec!["Rematch", "Leave"],
            Page::Ended => vec!["Title"],
        }
    }

    /// The code as typed so far, `_` for the places still empty.
    pub fn code_shown(&self) -> String {
        (0..CODE_LEN)
            .map(|k| self.code.get(k).copied().unwrap_or('_'))
            .collect()
    }

    /// The room is open or joined: waiting for the other player.
    pub fn waiting(&mut self, status: impl Into<String>) {
        self.asking_leave = false;
        self.page = Page::Waiting;
        self.cursor = 0;
        self.status = status.into();
    }

    /// The match has started.
    pub fn playing(&mut self) {
        self.asking_leave = false;
        self.page = Page::Playing;
        self.cursor = 0;
    }

    /// Watching a match (the watch screen says what is happening).
    pub fn watching(&mut self) {
        self.asking_leave = false;
        self.page = Page::Watching;
        self.cursor = 0;
        self.watching = true;
    }

    /// The match's game is over: `result` says how, and the page offers
    /// Rematch and Leave.
    pub fn result(&mut self, result: impl Into<String>) {
        self.asking_leave = false;
        self.page = Page::Result;
        self.cursor = 0;
        self.status = result.into();
    }

    /// The match ended or could not start, for this reason.
    pub fn ended(&mut self, why: impl Into<String>) {
        self.asking_leave = false;
        self.page = Page::Ended;
        self.cursor = 0;
        self.status = why.into();
    }

    /// The browser's Back (a phone's back gesture): in a match, "Leave the
    /// match?" opens (a second Back closes it, and the match never stopped);
    /// elsewhere the page's own Back.
    pub fn back_gesture(&mut self) -> LobbyAction {
        if self.page == Page::Playing {
            self.asking_leave = !self.asking_leave;
            self.cursor = 0;
            return LobbyAction::None;
        }
        self.back()
    }

    /// Acts on one input.
    pub fn handle(&mut self, input: MenuInput) -> LobbyAction {
        let items = self.items().len();
        match input {
            MenuInput::Up if self.page == Page::EnterCode => self.dial(1),
            MenuInput::Down if self.page == Page::EnterCode => self.dial(-1),
            MenuInput::Up => self.cursor = (self.cursor + items - 1) % items,
            MenuInput::Down => self.cursor = (self.cursor + 1) % items,
            MenuInput::Scroll(n) => {
                self.cursor = crate::app::input::scroll_index(self.cursor, n, items)
            }
            MenuInput::Left | MenuInput::Right => self.sideways(input == MenuInput::Right),
            MenuInput::Char('\u{8}') if self.page == Page::EnterCode => self.delete(),
            MenuInput::Char(c) if self.page == Page::EnterCode => self.type_char(c),
            // The level row's two halves: "<" goes back, ">" on.
            MenuInput::Adjust { item: 0, up } if self.page == Page::PickLevel => self.sideways(up),
            MenuInput::Letter { slot, up } if self.page == Page::EnterCode => {
                self.pick_slot(slot);
                self.dial(if up { 1 } else { -1 });
            }
            MenuInput::Confirm => return self.confirm(self.cursor),
            MenuInput::Pick(k) if k < items => {
                self.cursor = k;
                return self.confirm(k);
            }
            MenuInput::Back | MenuInput::Pause => return self.back(),
            _ => {}
        }
        LobbyAction::None
    }

    fn sideways(&mut self, right: bool) {
        match self.page {
            Page::PickLevel => {
                let step = if right { 1 } else { self.levels - 1 };
                self.level = (self.level + step) % self.levels;
            }
            Page::EnterCode => {
                self.code_cursor = if right {
                    (self.code_cursor + 1)
                        .min(self.code.len())
                        .min(CODE_LEN - 1)
                } else {
                    self.code_cursor.saturating_sub(1)
                };
            }
            _ => {}
        }
    }

    /// Puts the code's cursor on letter `slot` (a tap on its box), or on the first
    /// empty place when `slot` lies past it: the code fills from the left.
    pub fn pick_slot(&mut self, slot: usize) {
        self.code_cursor = slot.min(self.code.len()).min(CODE_LEN - 1);
    }

    /// Up and Down turn the letter at the cursor through the alphabet (pads, and
    /// phones without a keyboard).
    fn dial(&mut self, by: isize) {
        let n = CODE_ALPHABET.len() as isize;
        let now = self
            .code
            .get(self.code_cursor)
            .and_then(|c| CODE_ALPHABET.iter().position(|&a| char::from(a) == *c))
            .map_or(if by > 0 { -1 } else { 0 }, |p| p as isize);
        let next = CODE_ALPHABET[(now + by).rem_euclid(n) as usize];
        self.set_char(char::from(next));
    }

    /// The pad's Delete (and Backspace): the letter under the cursor goes, or
    /// the one before it when the cursor waits on an empty place; the letters
    /// after it close up, and the cursor stays where the letter was.
    fn delete(&mut self) {
        let at = if self.code_cursor < self.code.len() {
            self.code_cursor
        } else {
            self.code_cursor.saturating_sub(1)
        };
        if at < self.code.len() {
            self.code.remove(at);
        }
        self.code_cursor = at.min(self.code.len());
    }

    /// Shows the host's level `k` (among the versus levels) on the Level page,
    /// as last time: held to the levels there are.
    pub fn show_level(&mut self, k: usize) {
        self.level = k.min(self.levels - 1);
    }

    /// A pasted room code or invitation link (`...?join=CODE`): its code
    /// fills the boxes when it is a whole one. Returns whether it was.
    pub fn paste(&mut self, text: &str) -> bool {
        let text = text.trim();
        let after_join = text.rsplit_once("join=").map_or(text, |(_, code)| code);
        let code: Vec<char> = (after_join.chars())
            .take_while(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let whole =
            code.len() == CODE_LEN && code.iter().all(|&c| CODE_ALPHABET.contains(&(c as u8)));
        if whole {
            self.code = code;
            self.code_cursor = CODE_LEN - 1;
            self.cursor = 0;
        }
        whole
    }

    fn type_char(&mut self, c: char) {
        let c = c.to_ascii_uppercase();
        if CODE_ALPHABET.contains(&(c as u8)) && c.is_ascii() {
            self.set_char(c);
            self.code_cursor = (self.code_cursor + 1).min(CODE_LEN - 1);
        }
    }

    fn set_char(&mut self, c: char) {
        if self.code_cursor < self.code.len() {
            self.code[self.code_cursor] = c;
        } else if self.code.len() < CODE_LEN {
            self.code.push(c);
            self.code_cursor = self.code.len() - 1;
        }
    }

    fn confirm(&mut self, item: usize) -> LobbyAction {
        match (self.page, item) {
            (Page::Choose, 0) => {
                self.page = Page::PickLevel;
                self.cursor = 1;
            }
            (Page::Choose, 1 | 3) => {
                // A new join starts empty: the last code typed over letter by
                // letter gave "no such room".
                self.watching = item == 3;
                self.page = Page::EnterCode;
                self.cursor = 0;
                self.code.clear();
                self.code_cursor = 0;
            }
            (Page::Choose, 2) => {
                self.hosting = false;
                self.code.clear();
                return LobbyAction::Quick;
            }
            (Page::Choose, _) => return LobbyAction::Exit,
            (Page::PickLevel, 0) => self.sideways(true),
            (Page::PickLevel, 1) => {
                self.hosting = true;
                self.code.clear();
                return LobbyAction::Host { level: self.level };
            }
            (Page::EnterCode, 0) if self.code.len() == CODE_LEN && self.watching => {
                return LobbyAction::Watch {
                    code: self.code.iter().collect(),
                };
            }
            (Page::EnterCode, 0) if self.code.len() == CODE_LEN => {
                self.hosting = false;
                return LobbyAction::Join {
                    code: self.code.iter().collect(),
                };
            }
            (Page::EnterCode, 0) => {}
            // "Keep playing" closes the question; the match went on under it.
            (Page::Playing, 0) if self.asking_leave => self.asking_leave = false,
            (Page::Playing, _) if self.asking_leave => {
                self.asking_leave = false;
                return self.back();
            }
            (Page::Waiting | Page::Playing, _) => return self.back(),
            (Page::Result, 0) => return LobbyAction::Rematch,
            (Page::Result, _) => return self.back(),
            (Page::Ended, _) => return LobbyAction::Exit,
            (_, _) => return self.back(),
        }
        LobbyAction::None
    }

    fn back(&mut self) -> LobbyAction {
        match self.page {
            Page::Choose | Page::Ended | Page::Watching => LobbyAction::Exit,
            Page::PickLevel | Page::EnterCode => {
                self.page = Page::Choose;
                self.cursor = 0;
                LobbyAction::None
            }
            Page::Playing if self.asking_leave => {
                self.asking_leave = false;
                LobbyAction::None
            }
            Page::Waiting | Page::Playing | Page::Result => {
                self.page = Page::Choose;
                self.cursor = 0;
                self.asking_leave = false;
                LobbyAction::Leave
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MenuInput::*;

    #[test]
    fn lobby_host_picks_a_level_and_opens_a_room_with_its_code() {
        let mut l = Lobby::new(3);
        assert_eq!(l.handle(Confirm), LobbyAction::None);
        assert_eq!(l.page, Page::PickLevel);
        l.handle(Left);
        assert_eq!(l.level, 2, "wraps to the last level");
        assert_eq!(l.handle(Confirm), LobbyAction::Host { level: 2 });
        assert!(l.hosting && l.code.is_empty(), "the server gives the code");
        l.waiting("Asking the server for a room...");
        assert_eq!(l.handle(Back), LobbyAction::Leave);
        assert_eq!(l.page, Page::Choose);
        assert_eq!(l.handle(Back), LobbyAction::Exit);
    }

    #[test]
    fn lobby_watch_a_match_takes_a_code_and_back_goes_to_the_title() {
        let mut l = Lobby::new(1);
        assert_eq!(l.items()[3], "Watch a match");
        l.handle(Pick(3));
        assert_eq!(
            (l.page, l.items()),
            (Page::EnterCode, vec!["Watch", "Back"])
        );
        assert!(l.paste("ab94kpm"));
        let code = "AB94KPM".to_owned();
        assert_eq!(l.handle(Confirm), LobbyAction::Watch { code });
        l.watching();
        assert_eq!((l.page, l.items()), (Page::Watching, vec!["Back"]));
        assert_eq!(
            l.handle(Up),
            LobbyAction::None,
            "a watcher's keys do nothing"
        );
        assert_eq!(l.handle(Back), LobbyAction::Exit);
        // Join a game after it asks to join again.
        let mut l = Lobby::new(1);
        l.handle(Pick(3));
        l.handle(Back);
        l.handle(Pick(1));
        assert_eq!(l.items(), vec!["Join", "Back"]);
    }

    #[test]
    fn lobby_joiner_types_or_dials_the_code() {
        let mut l = Lobby::new(1);
        l.handle(Pick(1));
        assert_eq!(l.page, Page::EnterCode);
        for c in "ab".chars() {
            l.handle(Char(c));
        }
        l.handle(Char('!'));
        l.handle(Char('o'));
        assert_eq!(l.code_shown(), "AB_____", "O and ! are not code letters");
        assert_eq!(l.handle(Confirm), LobbyAction::None, "not complete yet");
        l.handle(Down);
        assert_eq!(
            l.code_shown(),
            "AB9____",
            "dialling down from nothing wraps"
        );
        l.handle(Up);
        assert_eq!(l.code_shown(), "ABA____", "and up wraps back");
        l.handle(Down);
        l.handle(Right);
        for c in "4KPXM".chars() {
            l.handle(Char(c));
        }
        assert_eq!(
            l.handle(Confirm),
            LobbyAction::Join {
                code: "AB94KPM".into()
            },
            "a letter past the seventh retypes the last place"
        );
        l.ended("Opponent left");
        assert_eq!(l.handle(Confirm), LobbyAction::Exit);
    }

    #[test]
    fn lobby_quick_match_waits_with_a_cancel() {
        let mut l = Lobby::new(1);
        assert_eq!(l.handle(Pick(2)), LobbyAction::Quick);
        assert!(!l.hosting);
        l.quick = true;
        l.waiting("Quick match: waiting for an opponent");
        assert_eq!(l.items(), vec!["Cancel"]);
        assert_eq!(l.handle(Confirm), LobbyAction::Leave);
        assert_eq!(l.page, Page::Choose);
        assert_eq!(l.handle(Pick(4)), LobbyAction::Exit, "Back");
    }

    #[test]
    fn lobby_result_offers_rematch_and_leave() {
        let mut l = Lobby::new(1);
        l.result("You win 3-1");
        assert_eq!(l.items(), vec!["Rematch", "Leave"]);
        assert_eq!(l.handle(Confirm), LobbyAction::Rematch);
        assert_eq!(l.page, Page::Result, "waiting for the other's answer");
        assert_eq!(l.handle(Pick(0)), LobbyAction::Rematch);
        l.handle(Down);
        assert_eq!(l.handle(Confirm), LobbyAction::Leave);
        assert_eq!(l.page, Page::Choose);
        l.result("You lose 0-3");
        assert_eq!(l.handle(Back), LobbyAction::Leave, "Escape leaves too");
    }

    #[test]
    fn lobby_code_by_touch_taps_letters_and_turns_a_box() {
        let mut l = Lobby::new(1);
        l.handle(Pick(1));
        for c in "K7PXQ2M".chars() {
            l.handle(Char(c));
        }
        assert_eq!(l.code_shown(), "K7PXQ2M");
        l.handle(Letter { slot: 1, up: true });
        assert_eq!((l.code_shown().as_str(), l.code_cursor), ("K8PXQ2M", 1));
        l.handle(Char('m'));
        assert_eq!((l.code_shown().as_str(), l.code_cursor), ("KMPXQ2M", 2));
        l.handle(Letter { slot: 0, up: false });
        assert_eq!(l.code_shown(), "JMPXQ2M", "K turned down is J (no I)");
        assert_eq!(
            l.handle(Pick(0)),
            LobbyAction::Join {
                code: "JMPXQ2M".into()
            }
        );
        let mut l = Lobby::new(1);
        l.handle(Pick(1));
        l.handle(Letter { slot: 3, up: true });
        assert_eq!(
            l.code_shown(),
            "A______",
            "a tap past the typed letters fills the first place"
        );
        l.handle(Letter { slot: 9, up: false });
        assert_eq!(l.code_shown(), "A9_____");
        assert_eq!(l.handle(Pick(1)), LobbyAction::None, "Back");
        assert_eq!(l.page, Page::Choose);
    }

    #[test]
    fn lobby_code_pad_deletes_and_a_new_join_starts_empty() {
        let mut l = Lobby::new(1);
        l.handle(Pick(1));
        for c in "K7PX".chars() {
            l.handle(Char(c));
        }
        l.handle(Char('\u{8}'));
        assert_eq!((l.code_shown().as_str(), l.code_cursor), ("K7P____", 3));
        l.handle(Letter { slot: 1, up: true });
        l.handle(Char('\u{8}'));
        assert_eq!(
            (l.code_shown().as_str(), l.code_cursor),
            ("KP_____", 1),
            "the letter under the cursor goes and the rest close up"
        );
        for _ in 0..5 {
            l.handle(Char('\u{8}'));
        }
        assert_eq!((l.code_shown().as_str(), l.code_cursor), ("_______", 0));
        for c in "K7PXQ2M".chars() {
            l.handle(Char(c));
        }
        l.handle(Back);
        l.handle(Pick(1));
        assert_eq!(
            (l.code_shown().as_str(), l.code_cursor),
            ("_______", 0),
            "the next join starts empty"
        );
    }

    #[test]
    fn lobby_code_pad_takes_a_pasted_code_or_link() {
        let mut l = Lobby::new(1);
        l.handle(Pick(1));
        assert!(l.paste(" http://h/?join=k7pxq2m&server=ws://s:9 "));
        assert_eq!(l.code_shown(), "K7PXQ2M");
        assert!(l.paste("AB2CK8P"));
        assert_eq!(l.code_shown(), "AB2CK8P");
        assert!(!l.paste("hello there"), "not a code");
        assert!(!l.paste("AB2CK8"), "too short");
        assert_eq!(l.code_shown(), "AB2CK8P", "kept as it was");
    }

    #[test]
    fn lobby_level_row_goes_both_ways_by_its_halves() {
        let mut l = Lobby::new(3);
        l.handle(Pick(0));
        l.handle(Adjust { item: 0, up: false });
        assert_eq!(l.level, 2, "the < half goes back, wrapping");
        l.handle(Adjust { item: 0, up: true });
        assert_eq!(l.level, 0, "the > half goes on");
        l.show_level(7);
        assert_eq!(l.level, 2, "held to the levels there are");
    }

    #[test]
    fn room_codes_are_the_issued_form_and_links_carry_them() {
        let code = "AB2CK8P";
        assert_eq!(code.len(), CODE_LEN);
        assert!(super::super::is_issued_code(code));
        assert!(super::super::check_room(&room_for(code)).is_ok());
        assert_eq!(
            invite_link("http://h:8000/index.html?online#x", "AB2C"),
            "http://h:8000/index.html?join=AB2C"
        );
        assert_eq!(
            invite_link("http://h/?server=ws://s:9&x=1&ice=none", "AB2C"),
            "http://h/?join=AB2C&server=ws://s:9&ice=none"
        );
        // A relay's login never travels in a link, so neither does the relay.
        assert_eq!(
            invite_link(
                "http://h/?ice=turn%3Ar%3A3478&ice-user=u&ice-credential=pw",
                "AB2C"
            ),
            "http://h/?join=AB2C"
        );
        assert_eq!(
            watch_link("https://h/?server=wss://h&ice=none#x", "AB2C"),
            "https://h/?watch=AB2C&server=wss://h&ice=none"
        );
        let default = super::super::DEFAULT_SERVER;
        assert_eq!(watch_command("AB2C", default), "arkanong --watch AB2C");
        assert_eq!(
            watch_command("AB2C", "wss://play.example.org"),
            "arkanong --watch AB2C --server wss://play.example.org"
        );
    }
}
