//! What choosing a row of the Community screen does: a tab, the search box, a
//! level opened, played or hosted, a rating, a report, the top ten and its
//! replays, a score submitted, the editor's level shared, updated, withdrawn.

use super::community_screen::{CommunityAction, CommunityScreen, Page, Row, Want, REASONS};
use crate::app::community::{ApiRequest, CommunityBook, LevelDetail, ShareClear};

impl CommunityScreen {
    /// What choosing `row` does.
    pub(super) fn choose(&mut self, row: Row, book: &mut CommunityBook) -> (CommunityAction, bool) {
        let none = (CommunityAction::None, false);
        if let Some(done) = self.choose_daily(row, book) {
            return done;
        }
        let open_code = self.open.as_ref().map(|d| d.summary.code.clone());
        let player = book.player.clone();
        match row {
            Row::Tab(sort) => {
                // Offline, a tab asks the server again.
                self.sort = sort;
                self.ask_list(false);
            }
            Row::Search => self.typing = true,
            Row::Erase => {
                self.query.pop();
            }
            Row::Level(n) => self.open_row(n),
            Row::More => self.ask_list(true),
            Row::Downloaded => {
                self.cursor = 0;
                self.status.clear();
                self.show_kept(book);
            }
            Row::PlaySolo | Row::PlayVersus => return self.ask_play(row == Row::PlaySolo, book),
            Row::PlayOnline => {
                let Some(d) = &self.open else { return none };
                return (
                    CommunityAction::Host {
                        text: d.text.clone(),
                    },
                    false,
                );
            }
            Row::Race => {
                let Some(code) = open_code else { return none };
                self.status = "Asking for the top score to race...".to_owned();
                self.send(Want::RaceTop, ApiRequest::top(&code, &player));
            }
            Row::Rate => self.go(Page::Rate),
            Row::Report => self.go(Page::Report),
            Row::Top => {
                let Some(code) = open_code else { return none };
                self.top.clear();
                self.yours = None;
                self.day_board = None;
                self.go(Page::Top);
                self.status = "Asking for the top 10...".to_owned();
                self.send(Want::Top, ApiRequest::top(&code, &player));
            }
            Row::Stars(n) => {
                let Some(code) = open_code else { return none };
                self.status = format!("Sending {n} stars...");
                self.send(Want::Rate, ApiRequest::rate(&code, &player, n));
                self.go(Page::Level);
            }
            Row::Reason(n) => {
                let Some(code) = open_code else { return none };
                self.status = "Sending the report...".to_owned();
                self.send(Want::Report, ApiRequest::report(&code, &player, REASONS[n]));
                self.go(Page::Level);
            }
            Row::Score(n) => {
                let Some(s) = self.top.get(n) else {
                    return none;
                };
                let (id, name, score) = (s.id.clone(), s.name.clone(), s.score);
                self.status = "Fetching the replay...".to_owned();
                self.send(Want::Replay { name, score }, ApiRequest::replay(&id));
            }
            // Its place is shown; its replay is a top ten row's, if it is one.
            Row::Yours | Row::PlayDaily | Row::Yesterday => {}
            Row::Submit if self.submission.is_some() && book.name.trim().is_empty() => {
                // The first submit asks the name the boards show.
                self.open_name_box(true);
            }
            Row::Submit => self.submit(book),
            Row::Name => self.open_name_box(false),
            Row::SaveReplay => return (self.save_refused(), false),
            Row::NotNow => {
                self.submission = None;
                self.status.clear();
                return (CommunityAction::Exit, false);
            }
            Row::Withdraw => self.ask_withdraw(book),
            Row::CopyKey => self.copy_key(book),
            Row::ShareNew | Row::Update | Row::WithdrawSure => self.share(row, book),
            Row::Back => match self.page {
                // The downloaded levels go back to the server's list.
                Page::List if self.kept_list && !self.offline => {
                    self.cursor = 0;
                    self.kept_list = false;
                    self.levels.clear();
                    self.ask_list(false);
                }
                Page::List => return (CommunityAction::Exit, false),
                Page::Level => {
                    self.go(Page::List);
                    self.status.clear();
                    // A level withdrawn meanwhile leaves the server's list.
                    if let (true, false, Some(code)) = (self.withdrawn, self.kept_list, &open_code)
                    {
                        self.levels.retain(|l| &l.code != code);
                    }
                    if self.levels.is_empty() {
                        self.ask_list(false);
                    }
                }
                Page::Rate | Page::Report | Page::Top => self.go(Page::Level),
                Page::Share if self.confirming => {
                    self.confirming = false;
                    self.diagnostics.clear();
                    self.cursor = 0;
                    self.status = "Kept: nothing was withdrawn.".to_owned();
                }
                Page::Submit | Page::Share | Page::Daily => return (CommunityAction::Exit, false),
            },
        }
        none
    }

    /// Opens the name box on the Submit page (prefilled with the name the
    /// score was offered under, unless that is the high scores' placeholder);
    /// `then_submit` when Submit opened it.
    fn open_name_box(&mut self, then_submit: bool) {
        let offered = self.submission.as_ref().map(|s| s.name.clone());
        let name = Some(self.board_name.clone()).filter(|n| !n.is_empty());
        self.name_draft = (name.or(offered))
            .filter(|n| n != crate::app::records::DEFAULT_NAME)
            .unwrap_or_default();
        self.typing = true;
        self.submit_after_name = then_submit;
        self.cursor = 0;
        self.status = "Your name on the boards? (Enter keeps it)".to_owned();
    }

    /// The name box's Enter: the name kept in `book` (and on the offered
    /// score), and the score sent when Submit opened the box. Returns the
    /// action and whether `book` changed.
    pub(super) fn name_done(&mut self, book: &mut CommunityBook) -> (CommunityAction, bool) {
        let name = self.name_draft.trim().to_owned();
        if name.is_empty() {
            self.status = "A name first: it shows on the boards.".to_owned();
            return (CommunityAction::None, false);
        }
        self.typing = false;
        self.cursor = 0;
        let changed = book.name != name;
        book.name.clone_from(&name);
        self.board_name.clone_from(&name);
        if let Some(s) = self.submission.as_mut() {
            s.name.clone_from(&name);
        }
        self.status = format!("Your scores go on the boards as {name}.");
        if std::mem::take(&mut self.submit_after_name) {
            self.submit(book);
        }
        (CommunityAction::None, changed)
    }

    /// Sends the offered score, under the book's name.
    fn submit(&mut self, book: &CommunityBook) {
        let Some(s) = self.submission.as_mut() else {
            return;
        };
        if !book.name.trim().is_empty() {
            s.name.clone_from(&book.name);
        }
        let request = match &s.daily {
            Some(date) => ApiRequest::daily_submit(date, &book.player, &s.name, &s.replay),
            None => ApiRequest::submit(&s.code, &book.player, &s.name, &s.replay),
        };
        self.status = "The server is checking your replay...".to_owned();
        self.send(Want::Submit, request);
    }

    /// Opens the list's level `n`: offline from its kept text, else fetched.
    fn open_row(&mut self, n: usize) {
        let Some(code) = self.levels.get(n).map(|l| l.code.clone()) else {
            return;
        };
        match (self.texts.get(&code), self.offline) {
            (Some(text), true) => {
                let summary = self.levels[n].clone();
                self.open = Some(LevelDetail {
                    summary,
                    text: text.clone(),
                    updated_ago: None,
                });
                self.go(Page::Level);
            }
            _ => {
                self.status = format!("Fetching level {code}...");
                self.send(
                    Want::Detail {
                        code: code.clone(),
                        open: true,
                    },
                    ApiRequest::level(&code),
                );
            }
        }
    }

    /// Play chosen on the open level: online, its latest text is asked for
    /// first (issue 45: a page opened before its author's Update played the
    /// old text, counted the play, and the score was refused as "another
    /// level"); offline or withdrawn, the text shown plays at once.
    fn ask_play(&mut self, solo: bool, book: &mut CommunityBook) -> (CommunityAction, bool) {
        let Some(code) = self.open.as_ref().map(|d| d.summary.code.clone()) else {
            return (CommunityAction::None, false);
        };
        if self.offline || self.withdrawn {
            return self.play(solo, book);
        }
        self.status = "Fetching the level's latest version...".to_owned();
        self.send(Want::PlayLatest { solo }, ApiRequest::level(&code));
        (CommunityAction::None, false)
    }

    /// Plays the open level (`solo`, else versus the CPU), kept in `book` for
    /// offline play, its play counted. Returns the action and whether `book` changed.
    pub(super) fn play(&mut self, solo: bool, book: &mut CommunityBook) -> (CommunityAction, bool) {
        let player = book.player.clone();
        let Some(d) = self.open.clone() else {
            return (CommunityAction::None, false);
        };
        let kept = book.keep_level(&d.summary.code, &d.text);
        (self.start_playing(&d, solo, &player), kept)
    }

    /// The action that plays `detail` (`solo`, else versus the CPU), its play
    /// counted for `player` when the server is reached and still has the level.
    /// The one place a `Play` is made: chosen on the page, or fetched to play.
    pub(super) fn start_playing(
        &mut self,
        detail: &LevelDetail,
        solo: bool,
        player: &str,
    ) -> CommunityAction {
        if !self.offline && !self.withdrawn {
            self.send(
                Want::Quiet,
                ApiRequest::played(&detail.summary.code, player),
            );
        }
        CommunityAction::Play {
            code: detail.summary.code.clone(),
            text: detail.text.clone(),
            solo,
        }
    }

    /// Withdraw chosen: the page asks first, since withdrawing deletes the
    /// level for every player and its edit key, whose only copy is on this
    /// machine (issue 45: one click used to do both).
    fn ask_withdraw(&mut self, book: &CommunityBook) {
        let Some(code) = self.shared_code.clone() else {
            return;
        };
        if book.key_for(&code, self.gallery.server()).is_none() {
            self.status = format!("This machine has no edit key for {code}.");
            return;
        }
        self.confirming = true;
        self.cursor = 0;
        self.status = format!("Withdraw {code} for good?");
        // Short lines, each readable on a phone (the page draws them as the
        // checker's diagnostics, in the warning's colour).
        self.diagnostics = vec![
            "No player can open it again.".to_owned(),
            "Its edit key is deleted, and this machine holds its only copy:".to_owned(),
            format!("{code} can never be updated after."),
        ];
    }

    /// Copy its edit key chosen: the key goes to the shell's clipboard (the
    /// player keeps a second copy where they like), the page says where the
    /// one this machine keeps is.
    fn copy_key(&mut self, book: &CommunityBook) {
        let Some(code) = self.shared_code.clone() else {
            return;
        };
        match book.key_for(&code, self.gallery.server()) {
            Some(key) => {
                self.key_to_copy = Some(key.to_owned());
                self.status = format!(
                    "{code}'s edit key is on the clipboard: paste it somewhere safe (a password \
                     manager). Anyone with it can update or withdraw {code}."
                );
            }
            None => self.status = format!("This machine has no edit key for {code}."),
        }
    }

    /// Shares the editor's level as a new one, or updates or withdraws the one
    /// shared before with its edit key from `book`.
    fn share(&mut self, row: Row, book: &CommunityBook) {
        // Share and Update go with the author's clear of this very text; the
        // server would refuse either without (issue 45's clear check).
        let clear = match &self.clear {
            ShareClear::Cleared { replay, .. } => Some(replay.clone()),
            _ => None,
        };
        if matches!(row, Row::ShareNew | Row::Update) && clear.is_none() {
            self.status = self.clear.line();
            return;
        }
        let clear = clear.unwrap_or_default();
        if row == Row::ShareNew {
            let Some((text, author)) = &self.sharing else {
                return;
            };
            self.diagnostics.clear();
            self.status = "Sharing...".to_owned();
            let request = ApiRequest::share(text, Some(author), &clear);
            return self.send(Want::Share, request);
        }
        let (Some((text, _)), Some(code)) = (&self.sharing, &self.shared_code) else {
            return;
        };
        let Some(key) = book.key_for(code, self.gallery.server()) else {
            self.status = format!("This machine has no edit key for {code}.");
            return;
        };
        self.diagnostics.clear();
        self.confirming = false;
        let (want, request) = if row == Row::Update {
            (Want::Update, ApiRequest::update(code, key, text, &clear))
        } else {
            (Want::Withdraw, ApiRequest::withdraw(code, key))
        };
        self.status = "Asking the server...".to_owned();
        self.send(want, request);
    }
}
