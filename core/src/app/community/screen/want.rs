//! What a request of the Community screen in flight was for: its reply is
//! read against it (`replies.rs`).

/// What a request in flight was for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Want {
    List {
        append: bool,
    },
    Detail {
        code: String,
        open: bool,
    },
    /// The open level's latest text, asked for before playing it (`solo`, else
    /// versus): an author may have updated it since the page opened.
    PlayLatest {
        solo: bool,
    },
    /// The open level again, asked while its page shows (`recheck.rs`):
    /// its author may have updated or withdrawn it.
    Recheck {
        code: String,
    },
    Rate,
    Report,
    Top,
    Replay {
        name: String,
        score: u64,
    },
    /// The open level's top ten, asked for to race its best.
    RaceTop,
    /// The replay of the top score (of `name`) to race.
    RaceReplay {
        name: String,
    },
    /// The board an offered game goes to, to say where it ranks
    /// (`standing.rs`).
    Standing,
    Submit,
    /// The latest version of `code`, asked for when a score of its old
    /// version was refused: the open page shows it (kept for offline play).
    Newer {
        code: String,
    },
    Share,
    Update,
    Withdraw,
    /// Today's daily challenge (`daily_page.rs`).
    Daily,
    /// The server's own page, asked on the desktop once `code` is shared:
    /// a server that serves the game (`--web`) answers it, and the Share
    /// page then gives a friend in a browser the level's address too.
    WebPage {
        code: String,
    },
    Quiet,
}
