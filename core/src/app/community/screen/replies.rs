//! What a reply from the gallery does on the Community screen: a page of the
//! list (and each level's text asked for its picture), a level opened (kept for
//! offline play) or played at once, a rating, a report, the top ten, a replay
//! to watch, a verified score, a level shared, updated or withdrawn; offline,
//! the levels this machine kept.

use super::community_screen::{CommunityAction, CommunityScreen, Page, Want};
use crate::app::community::{
    read_done, read_reply, read_text, web_level_link, ApiRequest, CommunityBook, CommunityError,
    LevelDetail, LevelPage, LevelSummary, Rated, Reply, Shared, Sort, TopScores, Verified,
};
use crate::app::menus::LevelPreview;
use crate::level::Level;

impl CommunityScreen {
    /// Reads the replies that came. Returns whether `book` changed.
    pub(super) fn read_replies(&mut self, book: &mut CommunityBook) -> bool {
        let mut came = Vec::new();
        self.asks.retain(|(want, ask)| match ask.reply() {
            Some(reply) => {
                came.push((want.clone(), reply));
                false
            }
            None => true,
        });
        let mut changed = false;
        for (want, reply) in came {
            changed |= self.answer(want, reply, book);
        }
        changed
    }

    /// Acts on one reply. Returns whether `book` changed.
    fn answer(&mut self, want: Want, reply: Reply, book: &mut CommunityBook) -> bool {
        let server = self.gallery.server().to_owned();
        match want {
            Want::List { append } => self.listed(append, reply, book),
            Want::Detail { code, open } => return self.detail_came(&code, open, reply, book),
            Want::PlayLatest { solo } => return self.latest_came(solo, reply, book),
            Want::Recheck { code } => return self.recheck_came(&code, reply, book),
            Want::Standing => self.standing_came(reply),
            Want::Rate => {
                self.status = match read_reply::<Rated>(reply) {
                    Ok(r) => {
                        if let (Some(d), Some(avg)) = (self.open.as_mut(), r.rating) {
                            d.summary.rating = Some(avg);
                            d.summary.ratings = r.ratings;
                        }
                        match r.rating {
                            Some(avg) => {
                                let who = if r.ratings == 1 { "player" } else { "players" };
                                format!("Thanks! Rated {avg:.1} by {} {who}.", r.ratings)
                            }
                            None => "Thanks for rating.".to_owned(),
                        }
                    }
                    Err(e) if e.is_gone() => return self.gone(),
                    Err(e) => e.line(&server),
                }
            }
            Want::Report => {
                self.status = match read_done(reply) {
                    Ok(()) => "Reported: the operator will look at it.".to_owned(),
                    Err(e) if e.is_gone() => return self.gone(),
                    Err(e) => e.line(&server),
                }
            }
            Want::Top => match read_reply::<TopScores>(reply) {
                Ok(t) => {
                    self.status = if t.scores.is_empty() {
                        "No scores yet: be the first.".to_owned()
                    } else {
                        String::new()
                    };
                    self.top = t.scores;
                    self.yours = t.yours;
                }
                Err(e) if e.is_gone() => return self.gone(),
                Err(e) => self.status = e.line(&server),
            },
            Want::Replay { name, score } => match read_text(reply) {
                Ok(replay) => {
                    self.status.clear();
                    self.autoplay = Some(CommunityAction::Watch {
                        replay,
                        name,
                        score,
                    });
                }
                Err(e) => self.status = e.line(&server),
            },
            Want::RaceTop | Want::RaceReplay { .. } => return self.race_came(want, reply),
            Want::Submit => match read_reply::<Verified>(reply) {
                Ok(v) => {
                    self.status = format!("Verified: {} points, rank {}.", v.score, v.rank);
                    self.submission = None;
                    self.cursor = 0;
                }
                Err(e) => {
                    self.status = format!("Not listed: {}", e.line(&server));
                    // Played on a version since replaced: the page shows the
                    // new one (its Play plays it), the old game can be saved.
                    if e.is_old_version() {
                        self.refused_as_old();
                    }
                }
            },
            Want::Newer { code } => {
                if let Ok(latest) = read_reply::<LevelDetail>(reply) {
                    // From a `--level-code` game no page was open yet.
                    if self.open.as_ref().is_none_or(|d| d.summary.code == code) {
                        self.keep_text(&code, &latest.text);
                        self.open = Some(latest);
                        return self.keep_opened(book);
                    }
                }
            }
            Want::Share | Want::Update | Want::Withdraw => {
                return self.share_came(want, reply, book)
            }
            Want::Daily => self.daily_came(reply),
            Want::WebPage { code } => self.web_page_came(&code, reply),
            Want::Quiet => {}
        }
        false
    }

    /// A page of the list came: shown (after the pages before it when
    /// `append`), each level's text asked for its picture; offline, the levels
    /// this machine kept.
    fn listed(&mut self, append: bool, reply: Reply, book: &CommunityBook) {
        let server = self.gallery.server().to_owned();
        match read_reply::<LevelPage>(reply) {
            Ok(page) => {
                self.offline = false;
                self.kept_list = false;
                if !append {
                    self.levels.clear();
                    self.cursor = self.cursor.min(Sort::ALL.len());
                }
                self.next_page = page.page + 1;
                self.more = page.more;
                self.status = if self.levels.is_empty() && page.levels.is_empty() {
                    "No levels here yet: share one from the editor.".to_owned()
                } else {
                    String::new()
                };
                for l in &page.levels {
                    if !self.texts.contains_key(&l.code) {
                        let want = Want::Detail {
                            code: l.code.clone(),
                            open: false,
                        };
                        self.send(want, ApiRequest::level(&l.code));
                    }
                }
                self.levels.extend(page.levels);
            }
            Err(e) => {
                self.status = e.line(&server);
                if matches!(e, CommunityError::Unreachable(_)) {
                    self.offline = true;
                    self.show_kept(book);
                }
            }
        }
    }

    /// A level's text came: its picture kept; when it was to open, its page
    /// shows (offline, from the copy kept here). Returns whether `book` changed.
    fn detail_came(
        &mut self,
        code: &str,
        open: bool,
        reply: Reply,
        book: &mut CommunityBook,
    ) -> bool {
        let server = self.gallery.server().to_owned();
        match read_reply::<LevelDetail>(reply) {
            Ok(detail) => {
                self.keep_text(&detail.summary.code, &detail.text);
                if open {
                    self.withdrawn = false;
                    self.status = detail.page_line();
                    self.open_level(detail, book);
                    return self.keep_opened(book);
                }
            }
            Err(e) if open => {
                // Offline, a level kept here still opens; so does a
                // withdrawn one (marked so).
                let unreachable = matches!(e, CommunityError::Unreachable(_));
                match book.level(code) {
                    Some(text) if unreachable || e.is_gone() => {
                        self.offline = unreachable;
                        self.withdrawn = e.is_gone();
                        let detail = kept_detail(code, &text);
                        self.keep_text(code, &text);
                        self.status = if self.withdrawn {
                            WITHDRAWN.to_owned()
                        } else {
                            e.line(&server)
                        };
                        self.open_level(detail, book);
                    }
                    _ => self.status = e.line(&server),
                }
            }
            Err(_) => {}
        }
        false
    }

    /// The open level's latest text came: the level plays, unless the author
    /// updated it since the page opened, when the page shows the new version
    /// and says so (the next Play plays it). A level withdrawn meanwhile says
    /// so instead; no answer plays the text shown.
    fn latest_came(&mut self, solo: bool, reply: Reply, book: &mut CommunityBook) -> bool {
        let server = self.gallery.server().to_owned();
        let Some(open) = self.open.clone() else {
            return false;
        };
        let updated = match read_reply::<LevelDetail>(reply) {
            Ok(latest) if latest.summary.code == open.summary.code => {
                let updated = latest.text != open.text;
                self.keep_text(&latest.summary.code, &latest.text);
                self.open = Some(latest);
                updated
            }
            Ok(_) => false,
            Err(e) if e.is_gone() => {
                self.gone();
                return false;
            }
            Err(e) => {
                self.status = e.line(&server);
                false
            }
        };
        if updated {
            // The page now shows the new version: the player sees what
            // changed before it plays (a game would clear this line).
            let version = self.open.as_ref().map_or(0, |d| d.summary.version);
            let which = if version > 1 {
                format!("version {version}")
            } else {
                "its new version".to_owned()
            };
            self.status = format!(
                "{} was updated since its page opened: this is {which}. Play to play it.",
                open.summary.code
            );
            return false;
        }
        let (action, changed) = self.play(solo, book);
        self.autoplay = Some(action);
        changed
    }

    /// The editor's level shared, updated or withdrawn (its edit key kept or
    /// dropped in `book`), or refused with the checker's diagnostics. Returns
    /// whether `book` changed.
    fn share_came(&mut self, want: Want, reply: Reply, book: &mut CommunityBook) -> bool {
        let server = self.gallery.server().to_owned();
        match want {
            Want::Share => match read_reply::<Shared>(reply) {
                Ok(shared) => {
                    self.status = format!("Shared! Its code is {}.", shared.code);
                    self.diagnostics = key_lines(&shared.code);
                    self.ask_web_page(&shared.code);
                    book.keep_key(&shared.code, shared.edit_key, &server);
                    book.editor_code = Some(shared.code.clone());
                    self.shared_code = Some(shared.code);
                    self.cursor = 0;
                    return true;
                }
                Err(e) => self.refused(&e, &server),
            },
            Want::Update => match read_done(reply) {
                Ok(()) => {
                    let code = self.shared_code.clone().unwrap_or_default();
                    self.status = format!("Updated: {code} plays the new version.");
                }
                Err(e) => self.refused(&e, &server),
            },
            Want::Withdraw => match read_done(reply) {
                Ok(()) => {
                    let code = self.shared_code.take().unwrap_or_default();
                    self.status = format!("Withdrawn: {code} is gone from the gallery.");
                    book.drop_key(&code);
                    book.editor_code = None;
                    self.cursor = 0;
                    return true;
                }
                Err(e) => self.refused(&e, &server),
            },
            _ => {}
        }
        false
    }

    /// On the desktop, asks whether the gallery's server serves the game
    /// (its page, `GET /`): a friend with only a browser can open the level
    /// shared as `code` there (the desktop's link is a command line).
    pub(super) fn ask_web_page(&mut self, code: &str) {
        if !cfg!(target_arch = "wasm32") {
            let want = Want::WebPage {
                code: code.to_owned(),
            };
            self.send(want, ApiRequest::web_page());
        }
    }

    /// The server's page answered: when it is there (the server serves the
    /// game) and `code` is still the level shared, the Share page says the
    /// address a friend in a browser opens.
    fn web_page_came(&mut self, code: &str, reply: Reply) {
        let serves = matches!(reply, Ok((200, _)));
        if serves && self.shared_code.as_deref() == Some(code) {
            let link = web_level_link(self.gallery.server(), code);
            self.diagnostics.retain(|l| !l.starts_with(IN_A_BROWSER));
            self.diagnostics.push(format!("{IN_A_BROWSER}{link}"));
        }
    }

    /// The replies of "Race the top score": the top ten (its best's replay
    /// asked for next), then that replay (the race starts). Returns whether
    /// the book changed (never).
    fn race_came(&mut self, want: Want, reply: Reply) -> bool {
        let server = self.gallery.server().to_owned();
        match want {
            Want::RaceTop => match read_reply::<TopScores>(reply) {
                Ok(t) => match t.scores.first() {
                    Some(best) => {
                        self.status = format!("Fetching {}'s replay to race...", best.name);
                        let want = Want::RaceReplay {
                            name: best.name.clone(),
                        };
                        self.send(want, ApiRequest::replay(&best.id));
                    }
                    None => self.status = "No scores yet: no ghost to race.".to_owned(),
                },
                Err(e) if e.is_gone() => return self.gone(),
                Err(e) => self.status = e.line(&server),
            },
            Want::RaceReplay { name } => match (read_text(reply), self.open.as_ref()) {
                (Ok(replay), Some(d)) => {
                    self.status.clear();
                    self.autoplay = Some(CommunityAction::Race {
                        code: d.summary.code.clone(),
                        text: d.text.clone(),
                        replay,
                        name,
                    });
                }
                (Ok(_), None) => {}
                (Err(e), _) => self.status = e.line(&server),
            },
            _ => {}
        }
        false
    }

    /// The server says the open level is gone (withdrawn while its page was
    /// open): the page drops what needs it (rating, reports, scores) and says
    /// so; the copy here still plays. Returns that `book` did not change.
    pub(super) fn gone(&mut self) -> bool {
        self.withdrawn = true;
        if matches!(self.page, Page::Rate | Page::Report | Page::Top) {
            self.go(Page::Level);
        }
        self.top.clear();
        self.status = WITHDRAWN.to_owned();
        false
    }

    /// A refusal said, with the checker's diagnostics when the level had errors.
    fn refused(&mut self, e: &CommunityError, server: &str) {
        self.status = format!("Not shared: {}", e.line(server));
        self.diagnostics = e.diagnostics().to_vec();
    }

    /// Shows `detail`'s page (or plays it at once, when it was fetched to play).
    fn open_level(&mut self, detail: LevelDetail, book: &mut CommunityBook) {
        if std::mem::take(&mut self.play_on_arrival) {
            let solo = detail.summary.mode != "versus";
            self.autoplay = Some(self.start_playing(&detail, solo, &book.player));
        }
        self.open = Some(detail);
        self.go(Page::Level);
    }

    /// The opened level kept in `book` for offline play. Returns whether it changed.
    fn keep_opened(&self, book: &mut CommunityBook) -> bool {
        let Some(d) = &self.open else { return false };
        book.keep_level(&d.summary.code, &d.text)
    }

    /// Keeps a level's text for its picture.
    pub(super) fn keep_text(&mut self, code: &str, text: &str) {
        if let Ok(level) = Level::parse(text) {
            self.previews
                .insert(code.to_owned(), LevelPreview::of(&level));
        }
        self.texts.insert(code.to_owned(), text.to_owned());
    }

    /// The list is the levels kept on this machine (offline, or asked for).
    pub(super) fn show_kept(&mut self, book: &CommunityBook) {
        self.kept_list = true;
        self.more = false;
        self.levels.clear();
        let kept: Vec<(String, String)> = (book.kept_codes().into_iter())
            .filter_map(|code| Some((code.clone(), book.level(&code)?)))
            .collect();
        for (code, text) in kept {
            self.levels.push(kept_detail(&code, &text).summary);
            self.keep_text(&code, &text);
        }
        if !self.levels.is_empty() && self.offline {
            self.status.push_str(" - your downloaded levels:");
        }
    }
}

/// Where a shared level's edit key is, and that it is the only copy (issue
/// 45: the Share page never said).
pub(super) fn key_lines(code: &str) -> Vec<String> {
    let place = if cfg!(target_arch = "wasm32") {
        "this browser's storage (arkanong.community)"
    } else {
        "the data folder's community.txt"
    };
    vec![
        format!("Its edit key is kept only on this machine, in {place}:"),
        format!("the only copy. Without it {code} cannot be updated or withdrawn."),
    ]
}

/// How the Share page's line with a level's address for a browser starts.
pub(super) const IN_A_BROWSER: &str = "A friend in a browser opens ";

/// What the page of a level withdrawn by its author says.
pub(super) const WITHDRAWN: &str =
    "Withdrawn by its author: gone from the gallery. Your copy still plays.";

/// A kept level as the list shows it offline: its title from its text.
pub(super) fn kept_detail(code: &str, text: &str) -> LevelDetail {
    let level = Level::parse(text).ok();
    let mode = level.as_ref().map_or("both", |l| {
        match (l.mode.allows_versus(), l.mode.allows_solo()) {
            (true, false) => "versus",
            (false, true) => "solo",
            _ => "both",
        }
    });
    LevelDetail {
        summary: LevelSummary {
            code: code.to_owned(),
            title: level
                .as_ref()
                .map_or_else(|| code.to_owned(), |l| l.title.clone()),
            // The author its text names (what it was shared under, unless the
            // server's form gave another): offline there is no better.
            author: level
                .as_ref()
                .map(|l| l.author.clone())
                .filter(|a| a != &Level::default().author)
                .unwrap_or_default(),
            mode: mode.to_owned(),
            created: 0,
            plays: 0,
            rating: None,
            ratings: 0,
            author_clear_steps: None,
            version: 1,
            attempts: 0,
            clears: 0,
        },
        text: text.to_owned(),
        updated_ago: None,
    }
}
