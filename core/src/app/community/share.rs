//! The link a shared level travels by (the page with `?level=CODE` in the
//! browser, the command `arkanong --level-code CODE` on the desktop), and the
//! author a level is shared under, and its clear check as the Share page
//! holds it.

/// What a level to share is sent with (its clear check, issue 45): the
/// replay of its author clearing this very text in the editor's test-play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareClear {
    /// Cleared as it stands: the replay and the step it cleared at.
    Cleared {
        /// The replay Share sends.
        replay: String,
        /// The step it was cleared (or the match won) at.
        steps: u64,
    },
    /// Cleared once, but the text changed since: the clear no longer counts.
    Changed,
    /// Never cleared in test-play (this session).
    Never,
}

/// What the Share page says of a level with no clear check that counts,
/// and Share and Update answer without asking the server.
pub const CLEAR_IT_FIRST: &str = "Clear it once before sharing: play it in the editor's test-play.";
/// ... and of a level changed since its clear.
pub const CLEAR_IT_AGAIN: &str =
    "It changed since you cleared it: clear it again in the editor's test-play.";

impl ShareClear {
    /// The editor's clear `clear` as it stands for the text `text`.
    pub fn of(clear: Option<&crate::app::editor::AuthorClear>, text: &str) -> Self {
        match clear {
            Some(c) if c.counts_for(text) => ShareClear::Cleared {
                replay: c.replay.clone(),
                steps: c.steps,
            },
            Some(_) => ShareClear::Changed,
            None => ShareClear::Never,
        }
    }

    /// The line the Share page says of it.
    pub fn line(&self) -> String {
        match self {
            ShareClear::Cleared { steps, .. } => format!(
                "You cleared it in {}: that replay goes with it.",
                super::steps_as_time(*steps)
            ),
            ShareClear::Changed => CLEAR_IT_AGAIN.to_owned(),
            ShareClear::Never => CLEAR_IT_FIRST.to_owned(),
        }
    }
}

/// The link to level `code`: `page` (the browser's address) with `level=CODE`
/// in its query (its `server=` and other settings kept; an invitation's `join=`
/// and an older `level=` dropped), or the desktop's command when there is no
/// page, naming the gallery's `server`: `arkanong --level-code CODE --server URL`.
pub fn level_link(page: Option<&str>, code: &str, server: &str) -> String {
    let Some(page) = page else {
        // The desktop's: the server in it, so a friend's game asks the same
        // gallery (issue 45, defect 11: the command alone asked their own).
        return format!("arkanong --level-code {code} --server {server}");
    };
    let page = page.split('#').next().unwrap_or(page);
    let (base, query) = page.split_once('?').unwrap_or((page, ""));
    let mut kept: Vec<&str> = (query.split('&'))
        .filter(|p| !p.is_empty() && !p.starts_with("level=") && !p.starts_with("join="))
        .collect();
    let level = format!("level={code}");
    kept.push(&level);
    format!("{base}?{}", kept.join("&"))
}

/// The address a friend in a browser opens level `code` at, when the gallery's
/// `server` (`ws://HOST:PORT`, as the desktop names it) serves the game too:
/// its page with `?level=CODE` (`https://HOST/?level=CODE` behind a proxy).
pub fn web_level_link(server: &str, code: &str) -> String {
    format!("{}/?level={code}", crate::app::online::http_base(server))
}

/// The author a level is shared under: the name its own `author` key gives
/// (what its maker typed in the editor's settings), else the player's name
/// (`fallback`, the high scores' name) when the level leaves it unset.
pub fn share_author(text: &str, fallback: &str) -> String {
    let own = crate::level::Level::parse(text).map(|l| l.author);
    match own {
        Ok(a) if !a.trim().is_empty() && a != crate::level::Level::default().author => a,
        _ => fallback.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_shared_under_its_own_author_else_the_players_name() {
        let named = "title = \"T\"\nauthor = \"Walker\"\nmode = both\n\n[bricks]\n11\n";
        assert_eq!(share_author(named, "AAA"), "Walker");
        let unnamed = "title = \"T\"\nmode = both\n\n[bricks]\n11\n";
        assert_eq!(share_author(unnamed, "AAA"), "AAA");
        assert_eq!(share_author("not a level [", "AAA"), "AAA");
    }

    #[test]
    fn links_keep_the_pages_server_or_name_the_command() {
        assert_eq!(
            level_link(
                Some("https://x.example/play/?join=AB#top"),
                "KQZ4MP",
                "wss://x"
            ),
            "https://x.example/play/?level=KQZ4MP"
        );
        assert_eq!(
            level_link(
                Some("http://h/?server=ws%3A%2F%2Fh%3A9&level=OLDONE"),
                "KQZ4MP",
                "ws://h:9"
            ),
            "http://h/?server=ws%3A%2F%2Fh%3A9&level=KQZ4MP"
        );
        assert_eq!(
            level_link(None, "KQZ4MP", "wss://play.example"),
            "arkanong --level-code KQZ4MP --server wss://play.example"
        );
        assert_eq!(
            web_level_link("ws://127.0.0.1:3536", "KQZ4MP"),
            "http://127.0.0.1:3536/?level=KQZ4MP"
        );
        assert_eq!(
            web_level_link("wss://play.example", "KQZ4MP"),
            "https://play.example/?level=KQZ4MP"
        );
    }
}
