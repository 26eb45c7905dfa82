//! The gallery's answers, read with serde into plain types, and every failure
//! (no server, a refusal with its reason and the checker's diagnostics, an
//! answer that is not the gallery's) as one line a player reads.

use serde::de::DeserializeOwned;
use serde::Deserialize;

/// A level in the list: what the Community screen shows of it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LevelSummary {
    /// Its code (six letters).
    pub code: String,
    /// Its title.
    #[serde(default)]
    pub title: String,
    /// Its author's name (empty: anonymous).
    #[serde(default, deserialize_with = "null_as_empty")]
    pub author: String,
    /// `solo`, `versus` or `both`.
    #[serde(default)]
    pub mode: String,
    /// When it was shared, Unix seconds.
    #[serde(default)]
    pub created: u64,
    /// Players who played it.
    #[serde(default)]
    pub plays: u64,
    /// Its average rating (none yet: `None`).
    #[serde(default)]
    pub rating: Option<f64>,
    /// How many ratings.
    #[serde(default)]
    pub ratings: u64,
    /// The step its author's clear check cleared it at (120 a second);
    /// `None`: shared before the server checked clears (or a server that
    /// does not say).
    #[serde(default)]
    pub author_clear_steps: Option<u64>,
    /// Its version: 1 when shared, one more at each update (a server
    /// before versions says none: 1).
    #[serde(default = "first_version")]
    pub version: u64,
    /// Plays of its latest version that ended, cleared or not (a server
    /// before clear rates says none: 0).
    #[serde(default)]
    pub attempts: u64,
    /// How many of those cleared it.
    #[serde(default)]
    pub clears: u64,
}

/// A server before versions: every level is its version 1.
fn first_version() -> u64 {
    1
}

/// A time ago as a page says it: `45 s`, `12 min`, `2 h`, `3 days`.
pub(super) fn ago(seconds: u64) -> String {
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds / 60),
        3600..86_400 => format!("{} h", seconds / 3600),
        86_400..172_800 => "1 day".to_owned(),
        _ => format!("{} days", seconds / 86_400),
    }
}

/// Steps as a time a player reads: `1:23` (minutes and seconds, rounded up,
/// so a clear in 0.2 s is `0:01`).
pub fn steps_as_time(steps: u64) -> String {
    let per_second = u64::from(crate::tuning::STEPS_PER_SECOND);
    let seconds = steps.div_ceil(per_second);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn null_as_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(d)?.unwrap_or_default())
}

impl LevelSummary {
    /// Its rating as the screen says it: `4.2 (12)`, or `not rated`.
    pub fn rating_line(&self) -> String {
        match self.rating {
            Some(r) if self.ratings > 0 => format!("{r:.1}* ({})", self.ratings),
            _ => "not rated".to_owned(),
        }
    }

    /// Its author as the screen says it.
    pub fn author_shown(&self) -> &str {
        if self.author.trim().is_empty() {
            "anonymous"
        } else {
            &self.author
        }
    }

    /// Its clear check as a level's page says it: `cleared by its author in
    /// 1:23`, or `not clear-checked` (shared before the server checked).
    pub fn clear_line(&self) -> String {
        match self.author_clear_steps {
            Some(steps) => format!("cleared by its author in {}", steps_as_time(steps)),
            None => "not clear-checked".to_owned(),
        }
    }

    /// Its version as a list's row says it: `  v3`, nothing for version 1.
    pub fn version_short(&self) -> String {
        if self.version > 1 {
            format!("  v{}", self.version)
        } else {
            String::new()
        }
    }

    /// Its clear check as a list's row says it, short: `cleared in 1:23`.
    pub fn clear_short(&self) -> String {
        match self.author_clear_steps {
            Some(steps) => format!("cleared in {}", steps_as_time(steps)),
            None => "not clear-checked".to_owned(),
        }
    }

    /// Its clear rate as a level's page says it: `cleared by 34 % of 120
    /// attempts`, or `no attempts yet`.
    pub fn clear_rate(&self) -> String {
        match self.attempts {
            0 => "no attempts yet".to_owned(),
            1 => format!("cleared by {} % of 1 attempt", self.percent()),
            n => format!("cleared by {} % of {n} attempts", self.percent()),
        }
    }

    /// Its clear rate as a list's row says it, short: `34 % of 120 clear`.
    pub fn clear_rate_short(&self) -> String {
        match self.attempts {
            0 => "no attempts".to_owned(),
            n => format!("{} % of {n} clear", self.percent()),
        }
    }

    /// Clears per attempt, in whole percent (rounded; 0 with no attempts).
    fn percent(&self) -> u64 {
        let clears = self.clears.min(self.attempts);
        (clears * 200 + self.attempts)
            .checked_div(self.attempts * 2)
            .unwrap_or(0)
    }

    /// Who made it, its rating and its plays: `by Ann  4.2* (12)  1 play`
    /// (a list's row after the title; a level's page under it).
    pub fn about(&self) -> String {
        let plays = if self.plays == 1 { "play" } else { "plays" };
        format!(
            "by {}  {}  {} {plays}",
            self.author_shown(),
            self.rating_line(),
            self.plays
        )
    }
}

/// A page of the list.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LevelPage {
    /// Its levels (up to 20).
    pub levels: Vec<LevelSummary>,
    /// Its number, from 0.
    #[serde(default)]
    pub page: u32,
    /// Whether a next page has more.
    #[serde(default)]
    pub more: bool,
}

/// One level with its text.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LevelDetail {
    /// What the list says of it.
    #[serde(flatten)]
    pub summary: LevelSummary,
    /// Its level text, exactly as shared (a score's replay must carry it).
    pub text: String,
    /// Seconds since its latest version was shared, by the server's clock.
    #[serde(default)]
    pub updated_ago: Option<u64>,
}

impl LevelDetail {
    /// Its page's line: who made it, rating, plays; its version when it was
    /// updated ("version 3 · updated 2 h ago"); its clear check.
    pub fn page_line(&self) -> String {
        let s = &self.summary;
        let version = match (s.version, self.updated_ago) {
            (1, _) => String::new(),
            (v, Some(t)) => format!("  version {v} · updated {} ago", ago(t)),
            (v, None) => format!("  version {v}"),
        };
        format!(
            "{}{version}  {}  {}",
            s.about(),
            s.clear_rate(),
            s.clear_line()
        )
    }
}

/// A level shared: its code and the secret that updates or withdraws it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Shared {
    /// Its code.
    pub code: String,
    /// Its edit key (kept on this machine only; the server keeps its hash).
    #[serde(default)]
    pub edit_key: String,
}

/// A rating counted: the level's new average.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Rated {
    /// The average.
    #[serde(default)]
    pub rating: Option<f64>,
    /// How many ratings.
    #[serde(default)]
    pub ratings: u64,
}

/// A score the server verified by playing its replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Verified {
    /// The score the replay reproduced.
    pub score: u64,
    /// Its place on the level's board, from 1.
    pub rank: u64,
}

/// One line of a level's top ten.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TopScore {
    /// The score's id (its replay is `/gallery/scores/ID/replay`).
    #[serde(deserialize_with = "id_as_text")]
    pub id: String,
    /// The player's name.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub name: String,
    /// The verified score.
    pub score: u64,
    /// The game's steps.
    #[serde(default)]
    pub steps: u64,
}

/// Score ids may come as numbers or as text: kept as text.
fn id_as_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    })
}

/// A level's top ten (or a day's board: its date and title too).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TopScores {
    /// Best first.
    pub scores: Vec<TopScore>,
    /// The asking player's own best and its rank, even outside the ten (a
    /// server before it says nothing: `None`).
    #[serde(default)]
    pub yours: Option<YourBest>,
    /// How many entries the board has in all (a server before it says
    /// nothing: `None`); the Submit page's "#2 of 5".
    #[serde(default)]
    pub entries: Option<u64>,
}

/// A player's own best on a board, with its place.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct YourBest {
    /// The name it is listed under.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub name: String,
    /// The verified score.
    pub score: u64,
    /// The game's steps (ties go to the fewer).
    #[serde(default)]
    pub steps: u64,
    /// Its place on the board, from 1.
    pub rank: u64,
}

/// Today's daily challenge, as the server picked it by its clock.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DailyChallenge {
    /// The day's date, `2026-11-29` (UTC).
    pub date: String,
    /// The day before's date (its board is kept).
    #[serde(default)]
    pub yesterday: String,
    /// The level's title.
    #[serde(default)]
    pub title: String,
    /// The level's text.
    pub text: String,
    /// The seed every game of the day starts from.
    pub seed: u64,
}

/// A refusal's body.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
struct RefusalBody {
    #[serde(default)]
    error: String,
    #[serde(default)]
    diagnostics: Vec<String>,
}

/// Why a request to the gallery came to nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommunityError {
    /// No server answered (none running, no network).
    Unreachable(String),
    /// The server said no: its status, its sentence and any checker's diagnostics.
    Refused {
        /// The HTTP status (422 for a level or replay refused, 429 for a limit).
        status: u16,
        /// The server's sentence for the player.
        error: String,
        /// The checker's diagnostics, for a level refused.
        diagnostics: Vec<String>,
    },
    /// Something answered, but not as the gallery does.
    BadAnswer(String),
}

impl CommunityError {
    /// The line the screen shows, with `server` the address asked.
    pub fn line(&self, server: &str) -> String {
        match self {
            CommunityError::Unreachable(why)
                if why.starts_with(crate::app::online::UNTRUSTED_CERTIFICATE) =>
            {
                format!("cannot trust the server at {server}: {why}")
            }
            CommunityError::Unreachable(_) if cfg!(target_arch = "wasm32") => format!(
                "cannot reach the server at {server} - community levels need a running arkanong server"
            ),
            CommunityError::Unreachable(_) => format!(
                "cannot reach the server at {server} - community levels need `arkanong server`"
            ),
            CommunityError::Refused { error, status, .. } if error.is_empty() => {
                format!("the server refused (HTTP {status})")
            }
            CommunityError::Refused { error, .. } => error.clone(),
            CommunityError::BadAnswer(why) => format!("no gallery at {server}: {why}"),
        }
    }

    /// Whether the server refused a score because its game was played on a
    /// version of the level its author has since updated (the sentence says
    /// which; the page then shows the new version).
    pub fn is_old_version(&self) -> bool {
        matches!(self, CommunityError::Refused { status: 409, error, .. }
            if error.starts_with("this game was played on version"))
    }

    /// Whether the server says the level is not there (withdrawn by its
    /// author, or never shared): HTTP 404.
    pub fn is_gone(&self) -> bool {
        matches!(self, CommunityError::Refused { status: 404, .. })
    }

    /// The checker's diagnostics of a refused level (empty otherwise).
    pub fn diagnostics(&self) -> &[String] {
        match self {
            CommunityError::Refused { diagnostics, .. } => diagnostics,
            _ => &[],
        }
    }
}

/// A reply as it came: its status and body, or why no reply came.
pub type Reply = Result<(u16, String), String>;

/// Reads a reply that carries a `T` (any 2xx status).
pub fn read_reply<T: DeserializeOwned>(reply: Reply) -> Result<T, CommunityError> {
    let body = success_body(reply)?;
    serde_json::from_str(&body).map_err(|e| CommunityError::BadAnswer(format!("{e}")))
}

/// Reads a reply that carries nothing (`204 No Content`).
pub fn read_done(reply: Reply) -> Result<(), CommunityError> {
    success_body(reply).map(|_| ())
}

/// Reads a reply that carries plain text (a replay).
pub fn read_text(reply: Reply) -> Result<String, CommunityError> {
    success_body(reply)
}

/// The body of a 2xx reply, or the failure as a [`CommunityError`].
fn success_body(reply: Reply) -> Result<String, CommunityError> {
    let (status, body) = reply.map_err(CommunityError::Unreachable)?;
    if (200..300).contains(&status) {
        return Ok(body);
    }
    match serde_json::from_str::<RefusalBody>(&body) {
        Ok(r) => Err(CommunityError::Refused {
            status,
            error: r.error,
            diagnostics: r.diagnostics,
        }),
        Err(_) if status == 404 => Err(CommunityError::Refused {
            status,
            error: "no such level (it may have been withdrawn)".into(),
            diagnostics: Vec::new(),
        }),
        Err(_) => Err(CommunityError::BadAnswer(format!("HTTP status {status}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_of_levels_reads_with_nulls_and_missing_fields() {
        let body = r#"{"levels": [
            {"code": "ABCDEF", "title": "Hex", "author": null, "mode": "both",
             "created": 1, "plays": 3, "rating": null, "ratings": 0},
            {"code": "GHJKLM", "title": "Two", "author": "Ann", "mode": "solo",
             "created": 2, "plays": 9, "rating": 4.25, "ratings": 4}
        ], "page": 0, "more": true}"#;
        let page: LevelPage = read_reply(Ok((200, body.into()))).unwrap();
        assert!(page.more);
        assert_eq!(page.levels[0].author_shown(), "anonymous");
        assert_eq!(page.levels[0].rating_line(), "not rated");
        assert_eq!(page.levels[1].rating_line(), "4.2* (4)");
        assert_eq!(page.levels[0].about(), "by anonymous  not rated  3 plays");
        let mut one = page.levels[1].clone();
        one.plays = 1;
        assert_eq!(one.about(), "by Ann  4.2* (4)  1 play");
        // A server before the clear check says nothing of it.
        assert_eq!(one.clear_line(), "not clear-checked");
    }

    #[test]
    fn a_clear_check_reads_as_its_authors_time() {
        let body = r#"{"code": "ABCDEF", "title": "T", "author": "Ann", "mode": "solo",
            "created": 1, "plays": 0, "rating": null, "ratings": 0,
            "author_clear_steps": 9960, "text": "[bricks]\n1\n"}"#;
        let d: LevelDetail = read_reply(Ok((200, body.into()))).unwrap();
        assert_eq!(d.summary.clear_line(), "cleared by its author in 1:23");
        assert_eq!(d.summary.clear_short(), "cleared in 1:23");
        assert_eq!(steps_as_time(1), "0:01");
        assert_eq!(steps_as_time(120 * 3600), "60:00");
        assert_eq!(d.summary.version, 1, "a server before versions");
        assert_eq!(
            (d.summary.attempts, d.summary.clears),
            (0, 0),
            "nor clear rates"
        );
        let rated = LevelSummary {
            attempts: 3,
            clears: 1,
            ..d.summary.clone()
        };
        assert_eq!(rated.clear_rate(), "cleared by 33 % of 3 attempts");
        assert_eq!(rated.clear_rate_short(), "33 % of 3 clear");
        let one = LevelSummary {
            attempts: 1,
            clears: 1,
            ..d.summary.clone()
        };
        assert_eq!(one.clear_rate(), "cleared by 100 % of 1 attempt");
        let odd = LevelSummary {
            attempts: 200,
            clears: 1,
            ..d.summary.clone()
        };
        assert_eq!(
            odd.clear_rate_short(),
            "1 % of 200 clear",
            "0.5 % rounds up"
        );
        assert_eq!(
            d.page_line(),
            "by Ann  not rated  0 plays  no attempts yet  cleared by its author in 1:23"
        );
        let v3 = body.replace(
            "\"plays\": 0",
            "\"plays\": 0, \"version\": 3, \"updated_ago\": 7300",
        );
        let d: LevelDetail = read_reply(Ok((200, v3))).unwrap();
        assert_eq!(
            d.page_line(),
            "by Ann  not rated  0 plays  version 3 · updated 2 h ago  no attempts yet  \
             cleared by its author in 1:23"
        );
        assert_eq!(
            (ago(59), ago(61), ago(86_400), ago(3 * 86_400)),
            (
                "59 s".into(),
                "1 min".into(),
                "1 day".into(),
                "3 days".into()
            )
        );
    }

    #[test]
    fn a_refused_level_carries_the_checkers_diagnostics() {
        let body = r#"{"error": "the level has errors", "diagnostics": ["level:3:1: error: x"]}"#;
        let e = read_reply::<Shared>(Ok((422, body.into()))).unwrap_err();
        assert_eq!(e.line("ws://h:1"), "the level has errors");
        assert_eq!(e.diagnostics(), ["level:3:1: error: x".to_owned()]);
    }

    #[test]
    fn an_untrusted_certificate_is_said_as_such_not_as_no_server() {
        let why = format!(
            "{} (UnknownIssuer)",
            crate::app::online::UNTRUSTED_CERTIFICATE
        );
        let line = read_done(Err(why)).unwrap_err().line("wss://play.example");
        assert!(
            line.starts_with("cannot trust the server at wss://play.example: "),
            "{line}"
        );
    }

    #[test]
    fn no_server_names_the_command_and_junk_is_no_gallery() {
        let e = read_done(Err("connection refused".into())).unwrap_err();
        let line = e.line("ws://127.0.0.1:3536");
        assert!(
            line.contains("cannot reach the server at ws://127.0.0.1:3536"),
            "{line}"
        );
        assert!(line.contains("`arkanong server`"), "{line}");
        let junk = read_reply::<Verified>(Ok((200, "<html>".into()))).unwrap_err();
        assert!(matches!(junk, CommunityError::BadAnswer(_)));
        let gone = read_done(Ok((404, String::new()))).unwrap_err();
        assert!(gone.line("x").contains("no such level"));
    }

    #[test]
    fn score_ids_read_as_text_whether_numbers_or_strings() {
        let body = r#"{"scores": [{"id": 7, "name": "ABC", "score": 900, "steps": 10, "at": 5},
                                  {"id": "x9", "name": "DEF", "score": 800, "steps": 11, "at": 6}]}"#;
        let top: TopScores = read_reply(Ok((200, body.into()))).unwrap();
        assert_eq!(top.scores[0].id, "7");
        assert_eq!(top.scores[1].id, "x9");
    }
}
