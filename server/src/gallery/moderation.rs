//! The operator's tools: `arkanong server levels --list | --hide CODE |
//! --show CODE | --delete CODE [--db PATH]` and `arkanong server scores
//! --list CODE | --delete ID [--db PATH]`, run on the gallery's database
//! directly (while servers run: SQLite waits its turn, PostgreSQL is shared).
//! A hidden level answers 404 to everyone but stays in the database; a
//! deleted one goes with its ratings, plays, reports and scores.

use std::io::Write;
use std::path::Path;

use super::super::ServerArgs;
use super::service::database;
use super::store::{shown, OperatorLine, Store};

/// `arkanong server`'s subcommands.
#[derive(clap::Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum ServerCommand {
    /// The gallery's levels, for the operator: list them with their reports, hide, show or delete one
    Levels(LevelsArgs),
    /// A level's board, for the operator: list every score with its id and address, or delete one
    Scores(ScoresArgs),
}

/// `arkanong server scores`: one action on the gallery's scores.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
#[command(group(clap::ArgGroup::new("action").required(true).args(["list", "delete"])))]
pub struct ScoresArgs {
    /// List a level's scores, best first, with their ids, players and addresses
    #[arg(long, value_name = "CODE")]
    pub list: Option<String>,
    /// Delete a score (by the id --list shows): it leaves the board
    #[arg(long, value_name = "ID")]
    pub delete: Option<i64>,
    /// The gallery's database: an existing SQLite file (default: the server's --db, else gallery.sqlite in the data folder) or a postgres:// URL
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<String>,
}

/// `arkanong server levels`: one action on the gallery's levels.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
#[command(group(clap::ArgGroup::new("action").required(true).args(["list", "hide", "show", "delete"])))]
pub struct LevelsArgs {
    /// List every level (hidden ones too), newest first, with its reports
    #[arg(long)]
    pub list: bool,
    /// Hide a level: it answers 404 to everyone but stays in the database
    #[arg(long, value_name = "CODE")]
    pub hide: Option<String>,
    /// Show a hidden level again
    #[arg(long, value_name = "CODE")]
    pub show: Option<String>,
    /// Delete a level with its ratings, plays, reports and scores
    #[arg(long, value_name = "CODE")]
    pub delete: Option<String>,
    /// The gallery's database: an existing SQLite file (default: the server's --db, else gallery.sqlite in the data folder) or a postgres:// URL
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<String>,
}

/// The operator's tools that run instead of the server: `levels` and
/// `--backup FILE`. `None` when the flags ask for neither (serve).
pub(crate) fn operator_tools(
    args: &ServerArgs,
    runtime: &tokio::runtime::Runtime,
    out: &mut impl Write,
) -> Option<i32> {
    let (db, backup) = match (&args.command, &args.backup) {
        // `server --db X levels ...` names the database as well as `levels --db X`.
        (Some(ServerCommand::Levels(l)), _) => (l.db.as_deref().or(args.db.as_deref()), None),
        (Some(ServerCommand::Scores(l)), _) => (l.db.as_deref().or(args.db.as_deref()), None),
        (None, Some(file)) => (args.db.as_deref(), Some(Path::new(file))),
        (None, None) => return None,
    };
    Some(runtime.block_on(async {
        let db = match database(db) {
            Ok(db) => db,
            Err(e) => {
                let _ = writeln!(out, "server: {e}");
                return 1;
            }
        };
        if let Err(e) = existing(&db) {
            let _ = writeln!(out, "server: {e}");
            return 1;
        }
        let store = match Store::open(&db).await {
            Ok(store) => store,
            Err(e) => {
                let _ = writeln!(out, "server: {e}");
                return 1;
            }
        };
        match (&args.command, backup) {
            (Some(ServerCommand::Levels(l)), _) => levels(l, &store, out).await,
            (Some(ServerCommand::Scores(l)), _) => scores(l, &store, out).await,
            (_, Some(file)) => match store.backup(file).await {
                Ok(()) => {
                    let _ = writeln!(out, "server: {} copied to {}", shown(&db), file.display());
                    0
                }
                Err(e) => {
                    let _ = writeln!(out, "server: {e}");
                    1
                }
            },
            (None, None) => 0,
        }
    }))
}

/// The operator's tools work on a gallery that exists: a SQLite file that is
/// not there is refused rather than made (a mistyped `--db` would otherwise
/// list an empty new gallery, or find no level to hide).
fn existing(db: &str) -> Result<(), String> {
    let is_postgres = db.starts_with("postgres://") || db.starts_with("postgresql://");
    if is_postgres || Path::new(db).is_file() {
        Ok(())
    } else {
        Err(format!(
            "{}: no gallery database there (the operator's tools never make one; \
             name the server's with --db)",
            shown(db)
        ))
    }
}

/// Runs one `levels` action on `store`, printing to `out`; the exit code
/// (1 for a code that names no level).
async fn levels(args: &LevelsArgs, store: &Store, out: &mut impl Write) -> i32 {
    let result = if args.list {
        store.operator_list().await.map(|lines| {
            for line in &lines {
                let _ = writeln!(out, "{}", operator_line(line));
                for reason in &line.reports {
                    let _ = writeln!(out, "    reported: {}", one_line(reason));
                }
            }
            let _ = writeln!(out, "{} levels", lines.len());
            0
        })
    } else {
        let (code, what) = match (&args.hide, &args.show, &args.delete) {
            (Some(c), _, _) => (c, "hidden"),
            (_, Some(c), _) => (c, "shown"),
            (_, _, Some(c)) => (c, "deleted"),
            _ => return 2,
        };
        let done = match what {
            "hidden" => store.set_hidden(code, true).await,
            "shown" => store.set_hidden(code, false).await,
            _ => store.delete_level(code).await,
        };
        done.map(|found| {
            if found {
                tracing::info!("gallery: level {code} {what} by the operator");
                let _ = writeln!(out, "level {code} {what}");
                0
            } else {
                let _ = writeln!(out, "no level {code}");
                1
            }
        })
    };
    result.unwrap_or_else(|e| {
        let _ = writeln!(out, "server levels: the database failed: {e}");
        1
    })
}

/// Runs one `scores` action on `store`, printing to `out`; the exit code (1
/// for a code or an id that names nothing).
async fn scores(args: &ScoresArgs, store: &Store, out: &mut impl Write) -> i32 {
    let result = match (&args.list, args.delete) {
        (Some(code), _) => store.operator_scores(code).await.map(|lines| {
            for l in &lines {
                let _ = writeln!(
                    out,
                    "{:>8} {:>7} points {:>7} steps  {}  player {}  from {}  at {}",
                    l.id,
                    l.score,
                    l.steps,
                    one_line(&l.name),
                    one_line(&l.player),
                    if l.address.is_empty() {
                        "-"
                    } else {
                        &l.address
                    },
                    l.at,
                );
            }
            let _ = writeln!(out, "{} scores on {code}", lines.len());
            0
        }),
        (None, Some(id)) => store.delete_score(id).await.map(|found| {
            if found {
                tracing::info!("gallery: score {id} deleted by the operator");
                let _ = writeln!(out, "score {id} deleted");
                0
            } else {
                let _ = writeln!(out, "no score {id}");
                1
            }
        }),
        (None, None) => return 2,
    };
    result.unwrap_or_else(|e| {
        let _ = writeln!(out, "server scores: the database failed: {e}");
        1
    })
}

/// A level on one line: code, hidden or not, plays, rating, reports, title, author.
fn operator_line(line: &OperatorLine) -> String {
    let s = &line.summary;
    let rating = s
        .rating
        .map_or_else(|| "-".to_owned(), |r| format!("{r:.1}"));
    format!(
        "{} {:6} {:>6} plays  {rating:>3} ({} ratings)  {} reports  {} by {}",
        s.code,
        if line.hidden { "hidden" } else { "shown" },
        s.plays,
        s.ratings,
        line.reports.len(),
        one_line(&s.title),
        if s.author.is_empty() { "-" } else { &s.author },
    )
}

/// Text a player wrote, on one line of the operator's terminal (no control
/// characters, so no escape sequence reaches it).
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_drops_control_characters() {
        assert_eq!(one_line("a\u{1b}[2Jb\nc"), "a [2Jb c");
    }
}
