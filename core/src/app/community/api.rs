//! The gallery's requests as plain data: one constructor per route of the API
//! (`/gallery/...` on `arkanong server`'s port, docs/online.md), so the screen
//! asks for what it needs without writing HTTP, and a test reads what would be
//! sent.

use serde_json::json;

/// An HTTP method the gallery answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Reads.
    Get,
    /// Creates (a level, a rating, a score).
    Post,
    /// Replaces a shared level's text.
    Put,
    /// Withdraws a shared level.
    Delete,
}

impl Method {
    /// The method's word in a request line.
    pub fn word(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// One request to the gallery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiRequest {
    /// Its method.
    pub method: Method,
    /// Its path and query (`/gallery/levels?sort=top&page=0`).
    pub path: String,
    /// Its JSON body, if any.
    pub body: Option<String>,
    /// The shared level's edit key (`X-Edit-Key`), for an update or a withdrawal.
    pub edit_key: Option<String>,
}

/// How the level list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// The newest first.
    Newest,
    /// The best rated first.
    Top,
    /// The most played first.
    Played,
}

impl Sort {
    /// The three, in the order the screen's tabs show them.
    pub const ALL: [Sort; 3] = [Sort::Newest, Sort::Top, Sort::Played];

    /// The API's word for it (`sort=`).
    pub fn keyword(self) -> &'static str {
        match self {
            Sort::Newest => "newest",
            Sort::Top => "top",
            Sort::Played => "played",
        }
    }

    /// What the screen's tab says.
    pub fn label(self) -> &'static str {
        match self {
            Sort::Newest => "Newest",
            Sort::Top => "Top rated",
            Sort::Played => "Most played",
        }
    }
}

impl ApiRequest {
    /// `GET /`: the server's own page, there when it serves the game
    /// (`arkanong-server --web`), a 404 otherwise.
    pub fn web_page() -> Self {
        Self {
            method: Method::Get,
            path: "/".to_owned(),
            body: None,
            edit_key: None,
        }
    }
}

/// Escapes `text` for a URL's query (RFC 3986: all but the unreserved bytes).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl ApiRequest {
    fn new(method: Method, path: String, body: Option<serde_json::Value>) -> Self {
        Self {
            method,
            path,
            body: body.map(|b| b.to_string()),
            edit_key: None,
        }
    }

    /// A page of the level list, ordered by `sort`, matching `query` (title or
    /// author; empty: all).
    pub fn list(sort: Sort, query: &str, page: u32) -> Self {
        let mut path = format!("/gallery/levels?sort={}&page={page}", sort.keyword());
        if !query.trim().is_empty() {
            path.push_str(&format!("&q={}", percent_encode(query.trim())));
        }
        Self::new(Method::Get, path, None)
    }

    /// One level, with its text.
    pub fn level(code: &str) -> Self {
        Self::new(Method::Get, format!("/gallery/levels/{code}"), None)
    }

    /// Shares a level: its text, its clear check (the replay of its author
    /// clearing it in the editor's test-play) and, if given, its author's name.
    pub fn share(text: &str, author: Option<&str>, clear: &str) -> Self {
        let body = match author.filter(|a| !a.trim().is_empty()) {
            Some(a) => json!({ "text": text, "author": a.trim(), "clear": clear }),
            None => json!({ "text": text, "clear": clear }),
        };
        Self::new(Method::Post, "/gallery/levels".into(), Some(body))
    }

    /// Replaces the text of the shared level `code`, with its edit key and
    /// the new text's clear check.
    pub fn update(code: &str, edit_key: &str, text: &str, clear: &str) -> Self {
        let mut r = Self::new(
            Method::Put,
            format!("/gallery/levels/{code}"),
            Some(json!({ "text": text, "clear": clear })),
        );
        r.edit_key = Some(edit_key.to_owned());
        r
    }

    /// Withdraws the shared level `code`, with its edit key.
    pub fn withdraw(code: &str, edit_key: &str) -> Self {
        let mut r = Self::new(Method::Delete, format!("/gallery/levels/{code}"), None);
        r.edit_key = Some(edit_key.to_owned());
        r
    }

    /// Counts a play of `code` by `player`.
    pub fn played(code: &str, player: &str) -> Self {
        let body = json!({ "player": player });
        Self::new(
            Method::Post,
            format!("/gallery/levels/{code}/plays"),
            Some(body),
        )
    }

    /// `player`'s rating of `code`, 1 to 5 stars.
    pub fn rate(code: &str, player: &str, stars: u8) -> Self {
        let body = json!({ "player": player, "stars": stars });
        Self::new(
            Method::Post,
            format!("/gallery/levels/{code}/rating"),
            Some(body),
        )
    }

    /// `player` reports `code` to the operator, saying why.
    pub fn report(code: &str, player: &str, reason: &str) -> Self {
        let body = json!({ "player": player, "reason": reason });
        Self::new(
            Method::Post,
            format!("/gallery/levels/{code}/report"),
            Some(body),
        )
    }

    /// A solo game of `code` for its leaderboard: the replay, which the server
    /// plays to find the score.
    pub fn submit(code: &str, player: &str, name: &str, replay: &str) -> Self {
        let body = json!({ "player": player, "name": name, "replay": replay });
        Self::new(
            Method::Post,
            format!("/gallery/levels/{code}/scores"),
            Some(body),
        )
    }

    /// The top ten of `code`, with `player`'s own best beside it (its rank
    /// even outside the ten).
    pub fn top(code: &str, player: &str) -> Self {
        let player = percent_encode(player);
        let path = format!("/gallery/levels/{code}/scores?player={player}");
        Self::new(Method::Get, path, None)
    }

    /// A solo game of `code` by `player` ended, `cleared` or not (the
    /// level's attempts and clear rate count it).
    pub fn ended(code: &str, player: &str, cleared: bool) -> Self {
        let body = json!({ "player": player, "cleared": cleared });
        Self::new(
            Method::Post,
            format!("/gallery/levels/{code}/ends"),
            Some(body),
        )
    }

    /// Today's daily challenge (its date, level and seed, by the server's clock).
    pub fn daily() -> Self {
        Self::new(Method::Get, "/gallery/daily".into(), None)
    }

    /// A game of the daily challenge of `date` for its board: the replay,
    /// which the server plays (its seed and level must be the day's).
    pub fn daily_submit(date: &str, player: &str, name: &str, replay: &str) -> Self {
        let body = json!({ "player": player, "name": name, "replay": replay, "date": date });
        Self::new(Method::Post, "/gallery/daily/scores".into(), Some(body))
    }

    /// The board of the daily challenge of `date`, with `player`'s own score.
    pub fn daily_board(date: &str, player: &str) -> Self {
        let (date, player) = (percent_encode(date), percent_encode(player));
        let path = format!("/gallery/daily/{date}/scores?player={player}");
        Self::new(Method::Get, path, None)
    }

    /// The replay of the score `id`.
    pub fn replay(id: &str) -> Self {
        let id = percent_encode(id);
        Self::new(Method::Get, format!("/gallery/scores/{id}/replay"), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_requests_carry_the_sort_page_and_an_escaped_search() {
        let r = ApiRequest::list(Sort::Top, " big hex ", 2);
        assert_eq!(r.method, Method::Get);
        assert_eq!(r.path, "/gallery/levels?sort=top&page=2&q=big%20hex");
        assert_eq!(
            ApiRequest::list(Sort::Newest, "", 0).path,
            "/gallery/levels?sort=newest&page=0"
        );
    }

    #[test]
    fn writes_carry_their_json_and_the_edit_key() {
        let r = ApiRequest::share("title = A\n", Some("Ann"), "the replay");
        let body: serde_json::Value = serde_json::from_str(r.body.as_deref().unwrap()).unwrap();
        assert_eq!(body["text"], "title = A\n");
        assert_eq!(body["author"], "Ann");
        assert_eq!(body["clear"], "the replay");
        let anonymous = ApiRequest::share("x", Some("  "), "r");
        assert!(!anonymous.body.unwrap().contains("author"));
        let u = ApiRequest::update("ABCDEF", "secret", "y", "the new clear");
        let body: serde_json::Value = serde_json::from_str(u.body.as_deref().unwrap()).unwrap();
        assert_eq!(body["clear"], "the new clear");
        assert_eq!(
            (u.method, u.edit_key.as_deref()),
            (Method::Put, Some("secret"))
        );
        let d = ApiRequest::withdraw("ABCDEF", "secret");
        assert_eq!((d.method, d.body), (Method::Delete, None));
        let end = ApiRequest::ended("ABCDEF", "p", true);
        assert_eq!(end.path, "/gallery/levels/ABCDEF/ends");
        assert!(end.body.unwrap().contains("\"cleared\":true"));
        let top = ApiRequest::top("ABCDEF", "me-0123456789abcdef");
        assert_eq!(
            top.path,
            "/gallery/levels/ABCDEF/scores?player=me-0123456789abcdef"
        );
        let day = ApiRequest::daily_submit("2026-11-29", "p", "Ann", "r");
        assert_eq!(
            (day.method, day.path.as_str()),
            (Method::Post, "/gallery/daily/scores")
        );
        assert!(day.body.unwrap().contains("\"date\":\"2026-11-29\""));
        let board = ApiRequest::daily_board("2026-11-28", "p");
        assert_eq!(board.path, "/gallery/daily/2026-11-28/scores?player=p");
        let rate = ApiRequest::rate("ABCDEF", "p", 4);
        assert_eq!(rate.path, "/gallery/levels/ABCDEF/rating");
        assert!(rate.body.unwrap().contains("\"stars\":4"));
    }
}
