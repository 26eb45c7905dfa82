//! The Community screen as a screen of the app (`Active::Community` in the app state, made when
//! the screen is entered and dropped when it is left): the list of shared levels (newest, top
//! rated, most played, searched), a level's page (play it solo, in versus or online; rate,
//! report, its top ten), and the offer to submit a solo score. Requests go out through a
//! [`Gallery`] and their replies are read at the next frame, so the screen stays plain data a
//! test drives without a server. Here the screen's state, its pages' rows and words, and its
//! commands; what a chosen row does is `choose.rs`, what a reply does `replies.rs`.

use std::collections::BTreeMap;

use glam::Vec2;

pub(super) use super::want::Want;
use crate::app::community::{
    page_layout, ApiRequest, Ask, CommunityBook, DailyChallenge, Gallery, LevelDetail,
    LevelSummary, PageContent, PageLayout, ShareClear, Sort, TopScore, YourBest,
};
use crate::app::input::MenuInput;
use crate::app::menus::LevelPreview;

/// Which page of the screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The list, its tabs and its search box.
    List,
    /// One level's page.
    Level,
    /// Its rating, 1 to 5 stars.
    Rate,
    /// Why it is reported.
    Report,
    /// Its top ten.
    Top,
    /// A solo game just ended: submit its score?
    Submit,
    /// The editor's level: share it, or update or withdraw it.
    Share,
    /// Today's daily challenge (`daily_page.rs`).
    Daily,
}

/// One row of a page (what a click, a tap or Enter chooses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// A tab of the list.
    Tab(Sort),
    /// The search box (typing searches titles and authors).
    Search,
    /// Takes the search box's last letter off (while typing: a finger's Backspace).
    Erase,
    /// The list's level `n`.
    Level(usize),
    /// The list's next page.
    More,
    /// The levels this machine downloaded (kept for offline play), listed
    /// while the server is up too (a withdrawn one is only there).
    Downloaded,
    /// Plays the level alone.
    PlaySolo,
    /// Plays it solo racing the top score's ghost.
    Race,
    /// Plays it against the CPU.
    PlayVersus,
    /// Hosts it online for a friend.
    PlayOnline,
    /// Opens the rating page.
    Rate,
    /// `n` stars.
    Stars(u8),
    /// Opens the report page.
    Report,
    /// Reports it for reason `n` of [`REASONS`].
    Reason(usize),
    /// Opens its top ten.
    Top,
    /// The top ten's score `n`: watches its replay.
    Score(usize),
    /// The player's own best beside the top ten (its rank, even outside it).
    Yours,
    /// Plays today's daily challenge.
    PlayDaily,
    /// Shows yesterday's daily board.
    Yesterday,
    /// Sends the solo game's replay for the leaderboard (asking the name
    /// first, the first time).
    Submit,
    /// The name on the boards: typed into while the box is open; chosen, opens it.
    Name,
    /// Leaves the offer.
    NotNow,
    /// Saves a refused game's replay as a file (`submit_page.rs`).
    SaveReplay,
    /// Shares the editor's level as a new one.
    ShareNew,
    /// Replaces the text of the level shared from the editor before.
    Update,
    /// Asks to withdraw it (a confirmation follows).
    Withdraw,
    /// Copies the shared level's edit key (to keep a second copy elsewhere).
    CopyKey,
    /// Withdraws it for good, its edit key dropped (the confirmation's yes).
    WithdrawSure,
    /// Up a page (the list's leaves the screen).
    Back,
}

/// A game's `steps` as its time on the board: `1:23.4`.
pub(crate) fn clock(steps: u64) -> String {
    let tenths = steps * 10 / u64::from(crate::tuning::STEPS_PER_SECOND);
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// The reasons a level can be reported for.
pub const REASONS: [&str; 3] = ["Offensive words", "Broken or unplayable", "Spam or a copy"];

/// What the app must do after the screen's input.
#[derive(Debug, Clone, PartialEq)]
pub enum CommunityAction {
    /// Nothing beyond redrawing.
    None,
    /// Play the open level (its code and text): solo, or versus the CPU.
    Play {
        /// Its code.
        code: String,
        /// Its text, as the server has it.
        text: String,
        /// Solo (else versus the CPU).
        solo: bool,
    },
    /// Host the open level online (its text becomes the lobby's offer).
    Host {
        /// Its text.
        text: String,
    },
    /// Play the open level solo (its code and text) racing the ghost of a
    /// top score's replay (the score of `name`).
    Race {
        /// Its code.
        code: String,
        /// Its text, as the server has it.
        text: String,
        /// The top score's replay, as text.
        replay: String,
        /// The name it is listed under.
        name: String,
    },
    /// Watch a top score's replay.
    Watch {
        /// The replay's text.
        replay: String,
        /// The name its score is listed under (the HUD shows it).
        name: String,
        /// The score the board lists (the bar's line and the saved file's
        /// name say it).
        score: u64,
    },
    /// Play today's daily challenge: its level, from its seed.
    PlayDaily {
        /// Its date (its board's), `2026-11-29`.
        date: String,
        /// Its level's text.
        text: String,
        /// The seed everyone plays.
        seed: u64,
    },
    /// Write a game's replay as the file `file` (`replay-...`, without `.txt`).
    SaveReplay {
        /// The file's name.
        file: String,
        /// The replay's text.
        replay: String,
    },
    /// Back to the title.
    Exit,
}

/// A solo game of a community level, ready to submit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// The level's code.
    pub code: String,
    /// The game's replay, as text.
    pub replay: String,
    /// The score the game ended with (the server says the one it reproduces).
    pub score: u32,
    /// The game's steps (its time on the board).
    pub steps: u64,
    /// The name it goes under.
    pub name: String,
    /// A daily challenge's game: the day's date (its board), else `None`.
    pub daily: Option<String>,
}

/// The Community screen between frames (see the module doc).
pub struct CommunityScreen {
    /// The page showing.
    pub page: Page,
    /// The highlighted row.
    pub cursor: usize,
    /// The first listed row (the tabs aside) shown: moved by a swipe or the
    /// wheel, and kept by the shell from each frame's layout
    /// (`PageLayout::first`).
    pub first_row: usize,
    /// The rows were swiped since the highlight last moved: the highlighted
    /// row may be out of view (a key's move brings it back).
    pub swiped: bool,
    /// The list's order.
    pub sort: Sort,
    /// The search box's text.
    pub query: String,
    /// Keys type into the search box.
    pub typing: bool,
    /// The player's last input was a finger: the hints name taps, not keys
    /// (the app state sets it each frame).
    pub touch: bool,
    /// The list's levels.
    pub levels: Vec<LevelSummary>,
    /// The list's pages read so far (the next is this one).
    pub(super) next_page: u32,
    /// Whether the server has more.
    pub more: bool,
    /// The server could not be reached: the list is this machine's kept levels.
    pub offline: bool,
    /// The level whose page shows.
    pub open: Option<LevelDetail>,
    /// The open level is gone from the server (withdrawn by its author): its
    /// page offers only what the copy kept here can do, and says so.
    pub withdrawn: bool,
    /// The list shows the levels kept on this machine (offline, or asked for
    /// with [`Row::Downloaded`]) rather than the server's.
    pub kept_list: bool,
    /// This machine keeps downloaded levels (the list offers them).
    pub has_kept: bool,
    /// Its top ten.
    pub top: Vec<TopScore>,
    /// The player's own best on that board, if they have one.
    pub yours: Option<YourBest>,
    /// Today's daily challenge, once the server said (`daily_page.rs`).
    pub daily: Option<DailyChallenge>,
    /// The board shown is a day's (its date): its replays are not watched.
    pub day_board: Option<String>,
    /// What the screen says under its title (an answer, a refusal, a wait).
    pub status: String,
    /// A game to submit.
    pub submission: Option<Submission>,
    /// A game refused as of a version since replaced (`submit_page.rs`).
    pub refused_run: Option<Submission>,
    /// The editor's level to share, and its author's name.
    pub sharing: Option<(String, String)>,
    /// The editor's level's clear check (what Share and Update send).
    pub clear: ShareClear,
    /// The code the editor's level was shared as (the link shows).
    pub shared_code: Option<String>,
    /// The edit key the player asked to copy, for the shell to put on the
    /// clipboard ([`CommunityScreen::take_key_to_copy`]); never logged.
    pub key_to_copy: Option<String>,
    /// The name on the boards being typed (the Submit page's box).
    pub name_draft: String,
    /// The name this machine submits under (the book's; empty: not asked yet).
    pub board_name: String,
    /// The name box was opened by Submit: Enter sends the score too.
    pub(super) submit_after_name: bool,
    /// Withdrawing the shared level waits for the player's yes.
    pub confirming: bool,
    /// The checker's diagnostics of a level the server refused.
    pub diagnostics: Vec<String>,
    /// The levels' texts read so far, by code (their previews).
    pub(super) texts: BTreeMap<String, String>,
    /// Each level's picture, by code.
    pub previews: BTreeMap<String, LevelPreview>,
    /// Where requests go.
    pub gallery: Gallery,
    pub(super) asks: Vec<(Want, Ask)>,
    /// Requests are sent from the first frame on (so a test can set the gallery).
    pub(super) started: bool,
    /// The level fetched by its code is played as soon as it comes.
    pub(super) play_on_arrival: bool,
    /// What the next frame hands the app without a command (that play).
    pub(super) autoplay: Option<CommunityAction>,
    /// When the open level was last asked for again (`recheck.rs`).
    pub(super) recheck: super::Recheck,
}

impl CommunityScreen {
    /// The screen over `gallery`, on its list (asked for at the first frame).
    pub fn new(gallery: Gallery) -> Self {
        Self {
            page: Page::List,
            cursor: 0,
            first_row: 0,
            swiped: false,
            sort: Sort::Newest,
            query: String::new(),
            typing: false,
            touch: false,
            levels: Vec::new(),
            next_page: 0,
            more: false,
            offline: false,
            open: None,
            withdrawn: false,
            kept_list: false,
            has_kept: false,
            top: Vec::new(),
            yours: None,
            daily: None,
            day_board: None,
            status: String::new(),
            submission: None,
            refused_run: None,
            sharing: None,
            clear: ShareClear::Never,
            shared_code: None,
            key_to_copy: None,
            name_draft: String::new(),
            board_name: String::new(),
            submit_after_name: false,
            confirming: false,
            diagnostics: Vec::new(),
            texts: BTreeMap::new(),
            previews: BTreeMap::new(),
            gallery,
            asks: Vec::new(),
            started: false,
            play_on_arrival: false,
            autoplay: None,
            recheck: super::Recheck::default(),
        }
    }

    /// The screen on the editor's level `text`, to share it under `author`'s
    /// name (or update or withdraw it, when `book` has its key), with its
    /// clear check `clear`.
    pub fn sharing(
        gallery: Gallery,
        (text, clear): (&str, ShareClear),
        author: &str,
        book: &CommunityBook,
    ) -> Self {
        let mut screen = Self::new(gallery);
        screen.started = true;
        screen.sharing = Some((text.to_owned(), author.to_owned()));
        screen.clear = clear;
        // The editor's level counts as shared only on the server it went to:
        // elsewhere it is shared anew, and the page says where its key works.
        let server = screen.gallery.server().to_owned();
        let elsewhere = (book.editor_code.as_deref())
            .and_then(|code| Some((code, book.key_elsewhere(code, &server)?)));
        screen.shared_code = book.editor_code.clone().filter(|_| elsewhere.is_none());
        // The page names what goes out, as the list will show it.
        let level = crate::level::Level::parse(text)
            .map_or_else(|_| "this level".to_owned(), |l| format!("\"{}\"", l.title));
        screen.status = match &screen.shared_code {
            Some(code) => format!("{level} was shared as {code}."),
            None => format!("Share {level} by {author} with every player?"),
        };
        if let Some((code, there)) = elsewhere {
            screen.diagnostics = vec![
                format!("It was shared as {code} on another server,"),
                format!("{there}: its edit key works there only."),
            ];
        } else if let Some(code) =
            (screen.shared_code.as_ref()).filter(|c| book.key_for(c, &server).is_some())
        {
            screen.diagnostics = super::replies::key_lines(code);
        }
        if let Some(code) = screen.shared_code.clone() {
            screen.ask_web_page(&code);
        }
        // Whether it can go: cleared as it stands, or what to do first.
        screen.diagnostics.insert(0, screen.clear.line());
        screen.page = Page::Share;
        screen
    }

    /// The screen opening level `code` at once (`--level-code`, `?level=`),
    /// played as soon as it comes when `play` is set (solo where it can be).
    pub fn for_code(gallery: Gallery, code: &str, play: bool) -> Self {
        let mut screen = Self::new(gallery);
        screen.started = true;
        screen.play_on_arrival = play;
        screen.status = format!("Fetching level {code}...");
        screen.send(
            Want::Detail {
                code: code.to_owned(),
                open: true,
            },
            ApiRequest::level(code),
        );
        screen
    }

    /// The page's rows, top to bottom.
    pub fn rows(&self) -> Vec<Row> {
        match self.page {
            Page::List => {
                let mut rows: Vec<Row> = Sort::ALL.iter().map(|&s| Row::Tab(s)).collect();
                if self.typing {
                    // While typing the letter pad takes the list's place.
                    rows.extend([Row::Search, Row::Erase, Row::Back]);
                    return rows;
                }
                if !self.offline {
                    rows.push(Row::Search);
                }
                rows.extend((0..self.levels.len()).map(Row::Level));
                if self.more && !self.kept_list {
                    rows.push(Row::More);
                }
                if self.has_kept && !self.kept_list {
                    rows.push(Row::Downloaded);
                }
                rows.push(Row::Back);
                rows
            }
            Page::Level => {
                let mode = self
                    .open
                    .as_ref()
                    .map_or("both", |d| d.summary.mode.as_str());
                let mut rows = Vec::new();
                if mode != "versus" {
                    rows.push(Row::PlaySolo);
                    // The ghost is the board's top score: online only.
                    if !self.offline && !self.withdrawn {
                        rows.push(Row::Race);
                    }
                }
                if mode != "solo" {
                    rows.extend([Row::PlayVersus, Row::PlayOnline]);
                }
                // A withdrawn level has no rating, reports or scores left.
                if !self.offline && !self.withdrawn {
                    rows.extend([Row::Rate, Row::Report, Row::Top]);
                }
                rows.push(Row::Back);
                rows
            }
            Page::Rate => (1..=5).map(Row::Stars).chain([Row::Back]).collect(),
            Page::Report => (0..REASONS.len())
                .map(Row::Reason)
                .chain([Row::Back])
                .collect(),
            Page::Top => (0..self.top.len())
                .map(Row::Score)
                .chain(self.yours.is_some().then_some(Row::Yours))
                .chain([Row::Back])
                .collect(),
            Page::Submit => self.submit_rows(),
            Page::Share if self.confirming => vec![Row::WithdrawSure, Row::Back],
            Page::Share => {
                let mut rows = Vec::new();
                if self.sharing.is_some() {
                    if self.shared_code.is_some() {
                        rows.extend([Row::Update, Row::Withdraw, Row::CopyKey]);
                    }
                    rows.push(Row::ShareNew);
                }
                rows.push(Row::Back);
                rows
            }
            Page::Daily => self.daily_rows(),
        }
    }

    /// What a row says.
    pub fn label(&self, row: Row) -> String {
        match row {
            Row::Tab(s) if s == self.sort => format!("[{}]", s.label()),
            Row::Tab(s) => s.label().to_owned(),
            Row::Search if self.typing && self.touch => {
                format!("Search: {}_  (tap here)", self.query)
            }
            Row::Search if self.typing => format!("Search: {}_  (Enter)", self.query),
            Row::Erase => "Delete a letter".to_owned(),
            Row::Search if self.query.is_empty() => "Search titles and authors".to_owned(),
            Row::Search => format!("Search: {}", self.query),
            // A downloaded level has no rating or plays to show; its code
            // tells two of the same title apart.
            Row::Level(n) if self.kept_list => (self.levels.get(n)).map_or_else(String::new, |l| {
                format!("{}  by {}  ({})", l.title, l.author_shown(), l.code)
            }),
            Row::Level(n) => (self.levels.get(n)).map_or_else(String::new, |l| {
                format!(
                    "{}{}  {}  {}  {}",
                    l.title,
                    l.version_short(),
                    l.about(),
                    l.clear_rate_short(),
                    l.clear_short()
                )
            }),
            Row::More => "More levels".to_owned(),
            Row::Downloaded => "Your downloaded levels".to_owned(),
            Row::PlaySolo if self.page == Page::Submit => self.submit_label(row),
            Row::PlaySolo => "Play solo".to_owned(),
            Row::Race => "Race the top score".to_owned(),
            Row::PlayVersus => "Play versus (CPU)".to_owned(),
            Row::PlayOnline => "Play online with a friend".to_owned(),
            Row::Rate => "Rate".to_owned(),
            Row::Stars(n) => format!("{n} star{}", if n == 1 { "" } else { "s" }),
            Row::Report => "Report".to_owned(),
            Row::Reason(n) => REASONS[n].to_owned(),
            Row::Top => "Top 10".to_owned(),
            // Its time is what breaks a tie: shown, as the server ranks by it.
            Row::Score(n) => self.top.get(n).map_or_else(String::new, |s| {
                let name = if s.name.trim().is_empty() {
                    "anonymous"
                } else {
                    &s.name
                };
                let time = clock(s.steps);
                let you = match &self.yours {
                    Some(y) if y.rank == n as u64 + 1 => "  (you)",
                    _ => "",
                };
                let watch = if self.day_board.is_some() {
                    ""
                } else {
                    "  (watch)"
                };
                format!("{}. {name}  {}  in {time}{you}{watch}", n + 1, s.score)
            }),
            // Beside the ten: the player's own place, even far below it.
            Row::Yours => self.yours.as_ref().map_or_else(String::new, |y| {
                format!(
                    "Your best: {}. {}  {}  in {}",
                    y.rank,
                    y.name,
                    y.score,
                    clock(y.steps)
                )
            }),
            Row::Submit | Row::Name | Row::NotNow | Row::SaveReplay => self.submit_label(row),
            Row::ShareNew if self.shared_code.is_some() => "Share as a new level".to_owned(),
            Row::ShareNew => "Share".to_owned(),
            Row::Update => "Update the shared level".to_owned(),
            Row::CopyKey => "Copy its edit key".to_owned(),
            Row::Withdraw => "Withdraw it".to_owned(),
            Row::WithdrawSure => "Yes, withdraw it and delete its key".to_owned(),
            Row::PlayDaily | Row::Yesterday => self.daily_label(row),
            Row::Back if self.confirming => "No, keep it".to_owned(),
            Row::Back => "Back".to_owned(),
        }
    }

    /// The edit key to put on the clipboard, once (Copy its edit key was
    /// chosen); the shell copies it and says so without the key.
    pub fn take_key_to_copy(&mut self) -> Option<String> {
        self.key_to_copy.take()
    }

    /// The page's title.
    pub fn title(&self) -> String {
        match self.page {
            Page::List if self.offline => "Community levels (offline)".to_owned(),
            Page::List if self.kept_list => "Your downloaded levels".to_owned(),
            Page::List => "Community levels".to_owned(),
            Page::Submit => "Submit your score?".to_owned(),
            Page::Share => "Share your level".to_owned(),
            Page::Daily => self.daily_title(),
            _ => self.open.as_ref().map_or_else(String::new, |d| {
                let gone = if self.withdrawn { ", withdrawn" } else { "" };
                format!("{} ({}{gone})", d.summary.title, d.summary.code)
            }),
        }
    }

    /// The text the open box types into: the name on the Submit page, else
    /// the search.
    fn draft(&mut self) -> &mut String {
        if self.page == Page::Submit {
            &mut self.name_draft
        } else {
            &mut self.query
        }
    }

    /// The status line (with `waiting`'s dots) broken into lines no wider
    /// than `width` as `measure` measures them: a long one (the offline
    /// message names the server and the command) reads whole, not cut short.
    pub fn status_lines(&self, width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
        let waiting = if self.waiting() { "  ..." } else { "" };
        if self.status.is_empty() && waiting.is_empty() {
            return Vec::new();
        }
        let text = format!("{}{waiting}", self.status);
        crate::app::text_wrap::wrap_text(&text, width, measure)
    }

    /// The code whose picture the page shows large (the highlighted or open level).
    pub fn shown_code(&self) -> Option<&str> {
        match (self.page, self.rows().get(self.cursor)) {
            (Page::List, Some(Row::Level(n))) => self.levels.get(*n).map(|l| l.code.as_str()),
            (Page::List, _) => None,
            _ => self.open.as_ref().map(|d| d.summary.code.as_str()),
        }
    }

    /// Whether a request is in flight (the screen says it waits).
    pub fn waiting(&self) -> bool {
        (self.asks.iter())
            .any(|(w, _)| !matches!(w, Want::Quiet | Want::WebPage { .. } | Want::Recheck { .. }))
    }

    pub(super) fn send(&mut self, want: Want, request: ApiRequest) {
        let ask = self.gallery.send(request);
        self.asks.push((want, ask));
    }

    /// Tells the gallery a solo game of `code` by `player` ended, `cleared`
    /// or not: the level's attempts and clear rate count it (unanswered:
    /// offline, nothing is said).
    pub fn report_end(&mut self, code: &str, player: &str, cleared: bool) {
        self.send(Want::Quiet, ApiRequest::ended(code, player, cleared));
    }

    /// What the page holds, as `page_layout` needs it: `lines` said under
    /// the title and `buttons` for the shared level, with the rows, the
    /// highlight and the scroll from the screen.
    pub fn page_content(&self, lines: usize, buttons: usize) -> PageContent {
        let rows = self.rows();
        let listed: Vec<usize> = (0..rows.len())
            .filter(|&k| !matches!(rows[k], Row::Tab(_)))
            .collect();
        PageContent {
            lines,
            buttons,
            tabs: rows.len() - listed.len(),
            listed: listed.len(),
            cursor: listed.iter().position(|&k| k == self.cursor).unwrap_or(0),
            picture: self
                .shown_code()
                .is_some_and(|c| self.previews.contains_key(c)),
            first: self.first_row,
            swiped: self.swiped,
        }
    }

    /// Lays the page out in `window` (see [`Self::page_content`]) and keeps
    /// where its rows start for the next frame's swipe.
    pub fn lay_out(&mut self, window: Vec2, lines: usize, buttons: usize) -> PageLayout {
        let l = page_layout(window, self.page_content(lines, buttons));
        self.first_row = l.first;
        l
    }

    pub(super) fn go(&mut self, page: Page) {
        self.page = page;
        self.cursor = 0;
        self.first_row = 0;
        self.swiped = false;
        self.typing = false;
    }

    pub(super) fn ask_list(&mut self, append: bool) {
        if !append {
            self.next_page = 0;
            self.asks.retain(|(w, _)| !matches!(w, Want::List { .. }));
        }
        let request = ApiRequest::list(self.sort, &self.query, self.next_page);
        self.send(Want::List { append }, request);
        self.status = "Asking the server...".to_owned();
    }

    /// A frame: the replies that came (kept levels saved in `book`), then the
    /// player's commands. Returns what the app must do, and whether `book`
    /// changed (to be saved).
    pub fn frame(
        &mut self,
        commands: &[MenuInput],
        book: &mut CommunityBook,
    ) -> (CommunityAction, bool) {
        if !self.started {
            self.started = true;
            self.ask_list(false);
        }
        self.has_kept = !book.kept_codes().is_empty();
        self.board_name.clone_from(&book.name);
        let mut changed = self.read_replies(book);
        for &c in commands {
            let (action, kept) = self.input(c, book);
            changed |= kept;
            if action != CommunityAction::None {
                return (action, changed);
            }
        }
        // A level fetched by its code and marked to play starts at once.
        (
            self.autoplay.take().unwrap_or(CommunityAction::None),
            changed,
        )
    }

    /// One command on the page. Returns what the app must do, and whether
    /// `book` changed.
    fn input(&mut self, c: MenuInput, book: &mut CommunityBook) -> (CommunityAction, bool) {
        let rows = self.rows();
        if self.typing {
            // A name is at most the gallery's 32 characters.
            let most = if self.page == Page::Submit { 32 } else { 40 };
            match c {
                MenuInput::Char(ch) if !ch.is_control() && self.draft().chars().count() < most => {
                    self.draft().push(ch);
                    return (CommunityAction::None, false);
                }
                // Backspace (read as Left while typing) takes a letter off.
                MenuInput::Char('\u{8}') | MenuInput::Left => {
                    self.draft().pop();
                    return (CommunityAction::None, false);
                }
                MenuInput::Confirm if self.page == Page::Submit => return self.name_done(book),
                MenuInput::Pick(n) if rows.get(n) == Some(&Row::Name) => {
                    return self.name_done(book)
                }
                MenuInput::Back if self.page == Page::Submit => {
                    self.typing = false;
                    self.submit_after_name = false;
                    self.cursor = 0;
                    return (CommunityAction::None, false);
                }
                MenuInput::Confirm => {
                    self.typing = false;
                    self.ask_list(false);
                    return (CommunityAction::None, false);
                }
                MenuInput::Back => {
                    self.typing = false;
                    return (CommunityAction::None, false);
                }
                // A swipe or the wheel over the letter pad keeps it.
                MenuInput::Char(_) | MenuInput::Right | MenuInput::Scroll(_) => {
                    return (CommunityAction::None, false)
                }
                // A tap on the box searches; on Delete takes a letter off.
                MenuInput::Pick(n) if rows.get(n) == Some(&Row::Search) => {
                    return self.input(MenuInput::Confirm, book)
                }
                MenuInput::Pick(n) if rows.get(n) == Some(&Row::Erase) => {
                    self.draft().pop();
                    return (CommunityAction::None, false);
                }
                _ => self.typing = false,
            }
        }
        // The rows as they are now (the letter pad may have given way to the list).
        let rows = self.rows();
        let count = rows.len();
        // Any command but a swipe moves or uses the highlight: it shows again.
        self.swiped = matches!(c, MenuInput::Scroll(_)) || (self.swiped && c == MenuInput::Pause);
        match c {
            // A swipe or the wheel moves the rows, not the highlight, and
            // opens nothing (the layout holds the rows within the list).
            MenuInput::Scroll(n) => {
                self.first_row = (self.first_row as i64 + i64::from(n)).max(0) as usize;
            }
            MenuInput::Up if count > 0 => self.cursor = (self.cursor + count - 1) % count,
            MenuInput::Down if count > 0 => self.cursor = (self.cursor + 1) % count,
            MenuInput::Left | MenuInput::Right if self.page == Page::List => {
                let k = Sort::ALL.iter().position(|&s| s == self.sort).unwrap_or(0);
                let n = Sort::ALL.len();
                let k = if c == MenuInput::Right {
                    k + 1
                } else {
                    k + n - 1
                } % n;
                self.choose(Row::Tab(Sort::ALL[k]), book);
            }
            MenuInput::Confirm => {
                if let Some(&row) = rows.get(self.cursor) {
                    return self.choose(row, book);
                }
            }
            MenuInput::Pick(n) if n < count => {
                self.cursor = n;
                return self.choose(rows[n], book);
            }
            // Typing on the list goes to the search box. A control character
            // (the '\r' a window sends with the Enter that just searched)
            // types nothing, so it must not open the box again.
            MenuInput::Char(ch) if self.page == Page::List && !self.offline && !ch.is_control() => {
                self.cursor = rows.iter().position(|&r| r == Row::Search).unwrap_or(0);
                self.typing = true;
                self.query.push(ch);
            }
            MenuInput::Back => return self.choose(Row::Back, book),
            _ => {}
        }
        (CommunityAction::None, false)
    }
}
