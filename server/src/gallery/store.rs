//! The gallery's storage: one set of queries through sqlx's `Any` driver, run
//! on SQLite (one file in WAL mode, the default) or PostgreSQL (a
//! `postgres://` URL: several servers behind one address share it). Every value
//! goes in as a parameter (`$1`, the placeholder both databases read); the
//! only SQL put together at run time is a listing's: one of three fixed orders,
//! over the whole table or from one piece of a search (`level_grams`).
//! Transactions start with their write, so SQLite takes its write lock first
//! and a busy database is waited for (5 s), never deadlocked.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

use super::writes::WriteConn;

use super::schema::migrate;

/// Which database the gallery is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Backend {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL server.
    Postgres,
}

/// The gallery's database, opened and migrated.
#[derive(Debug, Clone)]
pub(crate) struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// A database failure (the caller answers 500 and logs it).
pub(super) type StoreError = sqlx::Error;

/// A level as listings show it (the contract's SUMMARY).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(super) struct Summary {
    /// Its code.
    pub(super) code: String,
    /// The level's title.
    pub(super) title: String,
    /// Who made it (may be empty).
    pub(super) author: String,
    /// `solo`, `versus` or `both`.
    pub(super) mode: String,
    /// When it was shared, in Unix seconds.
    pub(super) created: i64,
    /// Plays counted (one per player and hour).
    pub(super) plays: i64,
    /// The average of its ratings, if it has any.
    pub(super) rating: Option<f64>,
    /// How many ratings.
    pub(super) ratings: i64,
    /// The step its author's clear check cleared it at (120 a second);
    /// `None`: shared before the clear check, never checked.
    pub(super) author_clear_steps: Option<i64>,
    /// Its version: 1 when shared, one more at each update (its plays,
    /// rating and board are this version's).
    pub(super) version: i64,
    /// When its latest version was shared, in Unix seconds.
    pub(super) updated: i64,
    /// Plays of its latest version that ended, cleared or not, as players'
    /// games reported them (`attempts.rs`: a few a player an hour).
    pub(super) attempts: i64,
    /// How many of those attempts cleared it (its clear rate: clears / attempts).
    pub(super) clears: i64,
}

/// How a listing is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Sort {
    /// Newest first.
    Newest,
    /// Best average rating first (unrated last).
    Top,
    /// Most played first.
    Played,
}

/// A level to store.
#[derive(Debug, Clone)]
pub(super) struct NewLevel {
    pub(super) title: String,
    pub(super) author: String,
    pub(super) mode: String,
    pub(super) text: String,
    pub(super) key_hash: String,
    pub(super) now: i64,
    /// Its author's clear check, as verified.
    pub(super) clear: AuthorClear,
}

/// A level's clear check, as the server played it (`clear_check.rs`).
#[derive(Debug, Clone)]
pub(super) struct AuthorClear {
    /// The step the level was cleared (or the match won) at.
    pub(super) steps: i64,
    /// The replay, re-encoded as the game writes it.
    pub(super) replay: String,
}

/// Who plays or rates a level, from where, and when.
#[derive(Debug, Clone, Copy)]
pub(super) struct Play<'a> {
    /// The player's id.
    pub(super) player: &'a str,
    /// Their address as rows keep it ([`super::fairness::address_label`]).
    pub(super) address: &'a str,
    /// Now, in Unix seconds.
    pub(super) now: i64,
}

/// A boolean a query computed: SQLite answers an integer, PostgreSQL a bool.
pub(super) fn truth(row: &AnyRow, column: &str) -> Result<bool, StoreError> {
    match row.try_get::<bool, _>(column) {
        Ok(b) => Ok(b),
        Err(_) => Ok(row.try_get::<i64, _>(column)? != 0),
    }
}

/// One line of a level's top 10, read from its row (`id, name, score, steps,
/// at`): a level's and a day's boards read it the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub(super) struct ScoreLine {
    /// The score's id (its replay is `GET /gallery/scores/ID/replay`).
    pub(super) id: i64,
    /// The name the player gave.
    pub(super) name: String,
    /// The score the server reproduced.
    pub(super) score: i64,
    /// Steps the game took.
    pub(super) steps: i64,
    /// When it was submitted, in Unix seconds.
    pub(super) at: i64,
}

/// A level as the operator sees it (`arkanong server levels --list`).
#[derive(Debug, Clone)]
pub(super) struct OperatorLine {
    pub(super) summary: Summary,
    pub(super) hidden: bool,
    /// Reports: the reason each reporting player gave.
    pub(super) reports: Vec<String>,
}

/// The rows a listing page holds.
pub(super) const PAGE: i64 = 20;

const SUMMARY_COLUMNS: &str = "code, title, author, mode, created, plays, stars_sum, ratings, \
     author_clear_steps, version, updated, attempts, clears";

/// The listings' orders. Each is an index's order (migrations' 0002), so a
/// listing walks it and stops after a page; `top`'s average is written exactly
/// as its index's expression, or the databases would not match the two.
const ORDER_NEWEST: &str = "created DESC, code";
/// `top` ranks the levels rated from `--top-networks` networks first
/// (`top_ready`, migration 0009: three ids of one household cannot put a new
/// level over levels liked elsewhere), then by a Bayesian average:
/// [`TOP_PRIOR_RATINGS`] ratings of [`TOP_PRIOR_STARS`] counted before a
/// level's own (migration 0004), so one vote cannot put a level first.
pub(super) const ORDER_TOP: &str = "top_ready DESC, \
     CASE WHEN ratings > 0 THEN CAST(stars_sum + 15 AS DOUBLE PRECISION) / (ratings + 5) \
     ELSE 0 END DESC, ratings DESC, created DESC, code";
/// The prior's ratings in [`ORDER_TOP`] (written out there and in the index).
#[cfg(test)]
const TOP_PRIOR_RATINGS: i64 = 5;
/// The prior's stars in [`ORDER_TOP`]: the middle of 1 to 5.
#[cfg(test)]
const TOP_PRIOR_STARS: i64 = 3;
const ORDER_PLAYED: &str = "plays DESC, created DESC, code";

/// A page of a listing in one order: `$1` the search's `LIKE` pattern, `$2`
/// the rows, `$3` the offset.
fn list_sql(order: &str) -> String {
    format!(
        "SELECT {SUMMARY_COLUMNS} FROM levels WHERE hidden = 0 AND search LIKE $1 ESCAPE '\\' \
         ORDER BY {order} LIMIT $2 OFFSET $3"
    )
}

/// A page of a search that starts from the levels holding one 3-character
/// piece, `$4` (a rare one: a few rows read and sorted, not the whole order).
/// `CROSS JOIN` makes SQLite read `level_grams` first; PostgreSQL plans it
/// as any join.
fn search_sql(order: &str) -> String {
    format!(
        "SELECT {SUMMARY_COLUMNS} FROM level_grams CROSS JOIN levels \
         WHERE gram = $4 AND code = level_code AND hidden = 0 AND search LIKE $1 ESCAPE '\\' \
         ORDER BY {order} LIMIT $2 OFFSET $3"
    )
}

/// A search whose rarest piece is held by more levels than this walks the
/// listing's order instead: its matches are then common enough that a page
/// fills soon.
const DENSE: i64 = 500;

/// The most pieces of a search counted to find its rarest.
const PIECES_COUNTED: usize = 8;

/// The summary in a row of `SUMMARY_COLUMNS`.
fn summary(row: &AnyRow) -> Result<Summary, StoreError> {
    let stars: i64 = row.try_get("stars_sum")?;
    let ratings: i64 = row.try_get("ratings")?;
    Ok(Summary {
        code: row.try_get("code")?,
        title: row.try_get("title")?,
        author: row.try_get("author")?,
        mode: row.try_get("mode")?,
        created: row.try_get("created")?,
        plays: row.try_get("plays")?,
        rating: (ratings > 0).then(|| average(stars, ratings)),
        ratings,
        author_clear_steps: row.try_get("author_clear_steps")?,
        version: row.try_get("version")?,
        updated: row.try_get("updated")?,
        attempts: row.try_get("attempts")?,
        clears: row.try_get("clears")?,
    })
}

/// The average of `n` ratings summing to `sum` stars.
#[expect(
    clippy::cast_precision_loss,
    reason = "star sums and counts stay far below 2^53"
)]
pub(super) fn average(sum: i64, n: i64) -> f64 {
    sum as f64 / n as f64
}

/// A `LIKE` pattern matching `q` anywhere, its `%`, `_` and `\` taken literally.
fn like_pattern(q: &str) -> String {
    let mut p = String::from("%");
    for c in q.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

/// The distinct 3-character pieces of a search text, as `level_grams` keeps
/// them (characters, as SQLite's and PostgreSQL's `substr` count them).
pub(super) fn grams(search: &str) -> Vec<String> {
    let chars: Vec<char> = search.chars().collect();
    let set: std::collections::BTreeSet<String> =
        chars.windows(3).map(|w| w.iter().collect()).collect();
    set.into_iter().collect()
}

/// What the search matches: the title and author, lower-cased here (not by
/// the database, whose `LOWER` differs between SQLite and PostgreSQL).
pub(super) fn search_text(title: &str, author: &str) -> String {
    format!("{}\n{}", title.to_lowercase(), author.to_lowercase())
}

/// A SQLite file as a URL sqlx reads: absolute, every byte but the safe ones
/// percent-encoded (a `?` or `#` in a folder name stays part of the path).
fn sqlite_url(path: &Path) -> Result<String, String> {
    let absolute = std::path::absolute(path)
        .map_err(|e| format!("{}: cannot resolve the path: {e}", path.display()))?;
    let text = absolute
        .to_str()
        .ok_or_else(|| format!("{}: the path is not UTF-8", path.display()))?;
    let mut url = String::from("sqlite://");
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url.push_str("?mode=rwc");
    Ok(url)
}

impl Store {
    /// Opens `db` (a SQLite path, or a `postgres://` URL), creating and
    /// migrating it as needed; SQLite files are put in WAL mode.
    pub(crate) async fn open(db: &str) -> Result<Store, String> {
        sqlx::any::install_default_drivers();
        let is_postgres = db.starts_with("postgres://") || db.starts_with("postgresql://");
        let (url, backend, connections) = if is_postgres {
            (db.to_owned(), Backend::Postgres, 8)
        } else {
            let path = PathBuf::from(db);
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("{}: cannot create the folder: {e}", dir.display()))?;
            }
            (sqlite_url(&path)?, Backend::Sqlite(path), 4)
        };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(Duration::from_secs(10))
            .connect(&url)
            .await
            .map_err(|e| format!("{}: cannot open the gallery's database: {e}", shown(db)))?;
        if backend != Backend::Postgres {
            // WAL lets readers go on while one writer writes; it stays set in the file.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await
                .map_err(|e| format!("{db}: cannot turn on WAL: {e}"))?;
        }
        migrate(&pool, &backend)
            .await
            .map_err(|e| format!("{}: cannot migrate the gallery's database: {e}", shown(db)))?;
        Ok(Store { pool, backend })
    }

    /// The pool, for the queries in other files (`scores.rs`).
    pub(super) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Stores a new level under `code`; false if the code is taken (the caller
    /// draws another).
    pub(super) async fn insert_level(&self, code: &str, l: &NewLevel) -> Result<bool, StoreError> {
        let search = search_text(&l.title, &l.author);
        let mut conn = WriteConn::acquire(&self.pool).await?;
        let written = async {
            let mut tx = conn.begin().await?;
        let done = sqlx::query(
            "INSERT INTO levels (code, title, author, mode, text, search, edit_key_hash, created, updated, \
             author_clear_steps, author_clear) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10) ON CONFLICT (code) DO NOTHING",
        )
        .bind(code)
        .bind(&l.title)
        .bind(&l.author)
        .bind(&l.mode)
        .bind(&l.text)
        .bind(&search)
        .bind(&l.key_hash)
        .bind(l.now)
        .bind(l.clear.steps)
        .bind(&l.clear.replay)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        put_grams(&mut tx, code, &search).await?;
        tx.commit().await?;
        Ok::<_, StoreError>(true)
        }
        .await;
        conn.settle(written)
    }

    /// A page of visible levels, and whether more follow.
    pub(super) async fn list(
        &self,
        sort: Sort,
        q: &str,
        page: i64,
    ) -> Result<(Vec<Summary>, bool), StoreError> {
        let order = match sort {
            Sort::Newest => ORDER_NEWEST,
            Sort::Top => ORDER_TOP,
            Sort::Played => ORDER_PLAYED,
        };
        let rarest = self.rarest_gram(&q.to_lowercase()).await?;
        // No level holds a piece: nothing matches. A rare piece: start there.
        let start = match rarest {
            Some((_, 0)) => return Ok((Vec::new(), false)),
            Some((gram, n)) if n <= DENSE => Some(gram),
            _ => None,
        };
        let sql = match start {
            Some(_) => search_sql(order),
            None => list_sql(order),
        };
        let mut ask = sqlx::query(&sql)
            .bind(like_pattern(q))
            .bind(PAGE + 1)
            .bind(page.saturating_mul(PAGE));
        if let Some(gram) = start {
            ask = ask.bind(gram);
        }
        let rows = ask.fetch_all(&self.pool).await?;
        let mut levels = rows.iter().map(summary).collect::<Result<Vec<_>, _>>()?;
        let more = levels.len() > PAGE as usize;
        levels.truncate(PAGE as usize);
        Ok((levels, more))
    }

    /// The piece of `query` (lower-cased) the fewest levels hold, with their
    /// number; `None` when it is shorter than a piece. Up to `PIECES_COUNTED`
    /// pieces spread over it are counted, each an index range's length.
    async fn rarest_gram(&self, query: &str) -> Result<Option<(String, i64)>, StoreError> {
        let pieces = grams(query);
        let step = pieces.len().div_ceil(PIECES_COUNTED).max(1);
        let mut rarest: Option<(String, i64)> = None;
        for gram in pieces.into_iter().step_by(step) {
            let row = sqlx::query("SELECT COUNT(*) AS n FROM level_grams WHERE gram = $1")
                .bind(&gram)
                .fetch_one(&self.pool)
                .await?;
            let n: i64 = row.try_get("n")?;
            if rarest.as_ref().is_none_or(|(_, m)| n < *m) {
                rarest = Some((gram, n));
            }
            if n == 0 {
                break;
            }
        }
        Ok(rarest)
    }

    /// A visible level's summary and text.
    pub(super) async fn level(&self, code: &str) -> Result<Option<(Summary, String)>, StoreError> {
        let sql =
            format!("SELECT {SUMMARY_COLUMNS}, text FROM levels WHERE code = $1 AND hidden = 0");
        let row = sqlx::query(&sql)
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((summary(&r)?, r.try_get("text")?)))
            .transpose()
    }

    /// A visible level's edit key hash (`None`: no such level to anyone).
    pub(super) async fn key_hash(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT edit_key_hash FROM levels WHERE code = $1 AND hidden = 0")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("edit_key_hash")).transpose()
    }

    /// Makes a level's next version: its text (and what follows from it: its
    /// title, mode and clear check) replaced, its plays, rating and board
    /// started anew. The version replaced keeps its text and totals in
    /// `level_versions` and its scores (theirs: they were played on its
    /// text); its ratings rows go (a player rates the new version), their
    /// total kept.
    pub(super) async fn update_level(&self, code: &str, l: &NewLevel) -> Result<bool, StoreError> {
        let (title, mode, text, now) = (&l.title, &l.mode, &l.text, l.now);
        let search = search_text(title, &l.author);
        let mut conn = WriteConn::acquire(&self.pool).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            // The level's row first, locked until the COMMIT (SQLite's write
            // lock; on PostgreSQL two updates at once then make two versions
            // one after the other), then the version it replaces kept.
            let there =
                sqlx::query("UPDATE levels SET plays = plays WHERE code = $1 AND hidden = 0")
                    .bind(code)
                    .execute(&mut *tx)
                    .await?;
            if there.rows_affected() != 1 {
                return Ok(false);
            }
            let kept = sqlx::query(
                "INSERT INTO level_versions (level_code, version, title, text, shared, replaced, \
                 plays, stars_sum, ratings, author_clear_steps, attempts, clears) \
                 SELECT code, version, title, text, updated, $2, plays, stars_sum, ratings, \
                 author_clear_steps, attempts, clears FROM levels WHERE code = $1 AND hidden = 0",
            )
            .bind(code)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if kept.rows_affected() != 1 {
                return Ok(false);
            }
            let done = sqlx::query(
                "UPDATE levels SET title = $2, mode = $3, text = $4, search = $5, updated = $6, \
                 author_clear_steps = $7, author_clear = $8, version = version + 1, plays = 0, \
                 stars_sum = 0, ratings = 0, rated_networks = 0, top_ready = 0, attempts = 0, \
                 clears = 0 WHERE code = $1 AND hidden = 0",
            )
            .bind(code)
            .bind(title)
            .bind(mode)
            .bind(text)
            .bind(&search)
            .bind(now)
            .bind(l.clear.steps)
            .bind(&l.clear.replay)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(false);
            }
            sqlx::query("DELETE FROM level_grams WHERE level_code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
            put_grams(&mut tx, code, &search).await?;
            sqlx::query("DELETE FROM ratings WHERE level_code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok::<_, StoreError>(true)
        }
        .await;
        conn.settle(written)
    }

    /// Deletes a level and everything about it; false if there was none.
    pub(super) async fn delete_level(&self, code: &str) -> Result<bool, StoreError> {
        let mut conn = WriteConn::acquire(&self.pool).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            let done = sqlx::query("DELETE FROM levels WHERE code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
            for table in [
                "DELETE FROM ratings WHERE level_code = $1",
                "DELETE FROM plays WHERE level_code = $1",
                "DELETE FROM reports WHERE level_code = $1",
                "DELETE FROM scores WHERE level_code = $1",
                "DELETE FROM level_grams WHERE level_code = $1",
                "DELETE FROM level_versions WHERE level_code = $1",
                "DELETE FROM attempts WHERE level_code = $1",
            ] {
                sqlx::query(table).bind(code).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(done.rows_affected() == 1)
        }
        .await;
        conn.settle(written)
    }

    /// Marks the levels whose ratings came from at least `networks` networks
    /// as ready for "top" and the others not: the server's `--top-networks`
    /// at start (a rating sets its level's mark as it counts; this catches up
    /// the levels rated under another number, or before migration 0009).
    pub(super) async fn mark_top_ready(&self, networks: u32) -> Result<u64, StoreError> {
        let mut conn = WriteConn::acquire(&self.pool).await?;
        let written = async {
            let done = sqlx::query(
                "UPDATE levels SET top_ready = CASE WHEN rated_networks >= $1 THEN 1 ELSE 0 END \
                 WHERE top_ready <> CASE WHEN rated_networks >= $1 THEN 1 ELSE 0 END",
            )
            .bind(i64::from(networks))
            .execute(conn.connection())
            .await?;
            Ok::<_, StoreError>(done.rows_affected())
        }
        .await;
        conn.settle(written)
    }

    /// The level's author as stored (kept when the text changes).
    pub(super) async fn author(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT author FROM levels WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("author")).transpose()
    }

    /// Whether `code` is a visible level.
    pub(super) async fn visible(&self, code: &str) -> Result<bool, StoreError> {
        Ok(
            sqlx::query("SELECT code FROM levels WHERE code = $1 AND hidden = 0")
                .bind(code)
                .fetch_optional(&self.pool)
                .await?
                .is_some(),
        )
    }

    /// Records `player`'s report of a level (a new one replaces the old).
    pub(super) async fn report(
        &self,
        code: &str,
        player: &str,
        reason: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = WriteConn::acquire(&self.pool).await?;
        let done = sqlx::query(
            "INSERT INTO reports (level_code, player, reason, at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (level_code, player) DO UPDATE SET reason = excluded.reason, at = excluded.at",
        )
        .bind(code)
        .bind(player)
        .bind(reason)
        .bind(now)
        .execute(conn.connection())
        .await;
        conn.settle(done).map(|_| ())
    }

    /// A visible level's top 10 (its latest version's board): best score
    /// first, then fewer steps, then earlier.
    pub(super) async fn top_scores(&self, code: &str) -> Result<Vec<ScoreLine>, StoreError> {
        sqlx::query_as(
            "SELECT s.id AS id, s.name AS name, s.score AS score, s.steps AS steps, s.at AS at \
             FROM scores s JOIN levels l ON l.code = s.level_code AND l.version = s.version \
             WHERE s.level_code = $1 ORDER BY s.score DESC, s.steps, s.id LIMIT 10",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await
    }

    /// A score's replay, if the score and its level are there and visible.
    pub(super) async fn replay(&self, id: i64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT s.replay AS replay FROM scores s JOIN levels l ON l.code = s.level_code \
             WHERE s.id = $1 AND l.hidden = 0",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| r.try_get("replay")).transpose()
    }

    /// Every level, hidden ones too, newest first, with their reports.
    pub(super) async fn operator_list(&self) -> Result<Vec<OperatorLine>, StoreError> {
        let sql =
            format!("SELECT {SUMMARY_COLUMNS}, hidden FROM levels ORDER BY created DESC, code");
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        let reports = sqlx::query("SELECT level_code, reason FROM reports ORDER BY at")
            .fetch_all(&self.pool)
            .await?;
        let mut lines = Vec::with_capacity(rows.len());
        for r in &rows {
            let summary = summary(r)?;
            let hidden: i64 = r.try_get("hidden")?;
            let mut reasons = Vec::new();
            for rep in &reports {
                let code: String = rep.try_get("level_code")?;
                if code == summary.code {
                    reasons.push(rep.try_get("reason")?);
                }
            }
            lines.push(OperatorLine {
                summary,
                hidden: hidden != 0,
                reports: reasons,
            });
        }
        Ok(lines)
    }

    /// Hides or shows a level; false if there is none.
    pub(super) async fn set_hidden(&self, code: &str, hidden: bool) -> Result<bool, StoreError> {
        let mut conn = WriteConn::acquire(&self.pool).await?;
        let done = sqlx::query("UPDATE levels SET hidden = $2 WHERE code = $1")
            .bind(code)
            .bind(i64::from(hidden))
            .execute(conn.connection())
            .await;
        conn.settle(done).map(|d| d.rows_affected() == 1)
    }

    /// Writes a consistent copy of a SQLite gallery to `file` (`VACUUM INTO`,
    /// safe while servers write); PostgreSQL has `pg_dump` for that.
    pub(crate) async fn backup(&self, file: &Path) -> Result<(), String> {
        if self.backend == Backend::Postgres {
            return Err("--backup copies a SQLite gallery; for PostgreSQL use pg_dump".into());
        }
        if file.exists() {
            return Err(format!(
                "{}: already exists; choose a new file",
                file.display()
            ));
        }
        let target = file
            .to_str()
            .ok_or_else(|| format!("{}: the path is not UTF-8", file.display()))?;
        sqlx::query("VACUUM INTO $1")
            .bind(target)
            .execute(&self.pool)
            .await
            .map_err(|e| format!("{}: cannot write the backup: {e}", file.display()))?;
        Ok(())
    }
}

/// Files level `code`'s search text under each of its pieces.
async fn put_grams(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    code: &str,
    search: &str,
) -> Result<(), StoreError> {
    for gram in grams(search) {
        sqlx::query(
            "INSERT INTO level_grams (gram, level_code) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(gram)
        .bind(code)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A database name fit for a message: a URL's password is hidden.
pub(super) fn shown(db: &str) -> String {
    match (db.find("://"), db.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &db[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &db[..scheme + 3], &db[at..]),
                None => db.to_owned(),
            }
        }
        _ => db.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_orders_by_the_prior_written_in_its_expression() {
        let sum = TOP_PRIOR_RATINGS * TOP_PRIOR_STARS;
        let expression = format!(
            "CAST(stars_sum + {sum} AS DOUBLE PRECISION) / (ratings + {TOP_PRIOR_RATINGS})"
        );
        assert!(ORDER_TOP.contains(&expression), "{ORDER_TOP}");
        assert!(ORDER_TOP.starts_with("top_ready DESC, "), "{ORDER_TOP}");
        for db in ["sqlite", "postgres"] {
            let path = format!(
                "{}/migrations/{db}/0009_networks.sql",
                env!("CARGO_MANIFEST_DIR")
            );
            let sql = std::fs::read_to_string(&path).unwrap();
            assert!(sql.contains(&expression), "{path} orders as ORDER_TOP does");
            assert!(
                sql.contains("top_ready DESC,\n    (CASE"),
                "{path}: ready first"
            );
        }
    }

    #[test]
    fn like_pattern_takes_wildcards_literally_and_lowercases() {
        assert_eq!(like_pattern("Ab%_\\"), "%ab\\%\\_\\\\%");
        assert_eq!(like_pattern(""), "%%");
    }

    #[test]
    fn grams_are_the_distinct_three_character_pieces() {
        assert_eq!(grams("abcab"), ["abc", "bca", "cab"]);
        assert_eq!(grams("ab"), Vec::<String>::new());
        // Characters, not bytes: what `substr` cuts in the migration.
        assert_eq!(grams("éßxé"), ["ßxé", "éßx"]);
    }

    #[test]
    fn sqlite_url_encodes_every_unsafe_byte() {
        let url = sqlite_url(Path::new("/tmp/a b?#/g.sqlite")).unwrap();
        assert_eq!(url, "sqlite:///tmp/a%20b%3F%23/g.sqlite?mode=rwc");
    }

    #[test]
    fn shown_hides_a_urls_password() {
        assert_eq!(
            shown("postgres://ark:secret@127.0.0.1/gallery"),
            "postgres://ark:***@127.0.0.1/gallery"
        );
        assert_eq!(shown("/tmp/g.sqlite"), "/tmp/g.sqlite");
    }
}
