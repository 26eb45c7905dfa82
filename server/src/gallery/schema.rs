//! The gallery's schema, as migrations embedded in the binary (one folder per
//! database in `migrations/`: the SQL differs only where the two disagree, the
//! scores' id; the second adds the listings' and the search's indexes, the third
//! keeps one score per player and level, the fourth ranks "top" by a Bayesian
//! average, the fifth keeps the address each play, rating and score came from, the
//! sixth each level's clear check, the seventh its versions: scores and plays
//! per version, each replaced version's text and totals; the eighth the
//! attempts behind a level's clear rate and the daily challenge; the ninth
//! the networks a level's ratings came from, which "top" waits for).
//! sqlx
//! records what ran in `_sqlx_migrations`; on PostgreSQL it holds an advisory
//! lock meanwhile, so servers starting together migrate once.

use std::borrow::Cow;
use std::time::Duration;

use futures::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::AnyPool;

use super::store::Backend;

/// Each migration: version, description, SQLite's SQL, PostgreSQL's SQL.
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "gallery",
        include_str!("../../migrations/sqlite/0001_gallery.sql"),
        include_str!("../../migrations/postgres/0001_gallery.sql"),
    ),
    (
        2,
        "indexes",
        include_str!("../../migrations/sqlite/0002_indexes.sql"),
        include_str!("../../migrations/postgres/0002_indexes.sql"),
    ),
    (
        3,
        "scores one per player",
        include_str!("../../migrations/sqlite/0003_scores_one_per_player.sql"),
        include_str!("../../migrations/postgres/0003_scores_one_per_player.sql"),
    ),
    (
        4,
        "top by bayesian average",
        include_str!("../../migrations/sqlite/0004_top_by_bayesian_average.sql"),
        include_str!("../../migrations/postgres/0004_top_by_bayesian_average.sql"),
    ),
    (
        5,
        "who plays and rates",
        include_str!("../../migrations/sqlite/0005_who_plays_and_rates.sql"),
        include_str!("../../migrations/postgres/0005_who_plays_and_rates.sql"),
    ),
    (
        6,
        "author clear",
        include_str!("../../migrations/sqlite/0006_author_clear.sql"),
        include_str!("../../migrations/postgres/0006_author_clear.sql"),
    ),
    (
        7,
        "versions",
        include_str!("../../migrations/sqlite/0007_versions.sql"),
        include_str!("../../migrations/postgres/0007_versions.sql"),
    ),
    (
        8,
        "board and daily",
        include_str!("../../migrations/sqlite/0008_board_and_daily.sql"),
        include_str!("../../migrations/postgres/0008_board_and_daily.sql"),
    ),
    (
        9,
        "networks",
        include_str!("../../migrations/sqlite/0009_networks.sql"),
        include_str!("../../migrations/postgres/0009_networks.sql"),
    ),
];

/// The embedded migrations of one database.
#[derive(Debug)]
struct Embedded {
    postgres: bool,
    /// How many of [`MIGRATIONS`] (all but in the tests, which make a
    /// database as an older server left it).
    upto: usize,
}

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        let migrations = MIGRATIONS[..self.upto.min(MIGRATIONS.len())]
            .iter()
            .map(|&(version, description, sqlite, postgres)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    Cow::Borrowed(if self.postgres { postgres } else { sqlite }),
                    false,
                )
            })
            .collect();
        Box::pin(async move { Ok(migrations) })
    }
}

/// Brings the database's schema up to date. SQLite has no lock across
/// processes for this, so when two servers open a new file together one
/// migration fails and rolls back; it is tried again and finds the work done.
pub(super) async fn migrate(pool: &AnyPool, backend: &Backend) -> Result<(), sqlx::Error> {
    migrate_upto(pool, backend, MIGRATIONS.len()).await
}

/// [`migrate`] to the first `upto` migrations only.
async fn migrate_upto(pool: &AnyPool, backend: &Backend, upto: usize) -> Result<(), sqlx::Error> {
    let migrator = Migrator::new(Embedded {
        postgres: *backend == Backend::Postgres,
        upto,
    })
    .await?;
    let mut tries = 0;
    loop {
        match migrator.run(pool).await {
            Ok(()) => return Ok(()),
            Err(_) if tries < 5 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(100 * tries)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gallery::store::Store;
    use sqlx::any::AnyPoolOptions;

    /// The migrations today's main (with versions, before the clear rate and
    /// the daily challenge) had.
    const MAIN: usize = 7;

    /// A database made by main's schema with a level, its rating, play and
    /// score in it, as main's server wrote them.
    async fn made_by_main(url: &str, backend: &Backend) {
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect(url)
            .await
            .unwrap();
        migrate_upto(&pool, backend, MAIN).await.unwrap();
        for sql in [
            "INSERT INTO levels (code, title, author, mode, text, search, edit_key_hash, created, \
             updated, plays, stars_sum, ratings) VALUES ('OLDLVL', 'Old', 'Ann', 'solo', \
             '[bricks]\n1\n', 'old\nann', 'h', 10, 10, 4, 9, 2)",
            "INSERT INTO ratings (level_code, player, stars, at, address) \
             VALUES ('OLDLVL', 'p1', 4, 11, '198.51.100.1')",
            "INSERT INTO plays (level_code, player, hour, address, at) \
             VALUES ('OLDLVL', 'p1', 0, '198.51.100.1', 11)",
            "INSERT INTO scores (level_code, player, name, score, steps, at, hash, replay, address) \
             VALUES ('OLDLVL', 'p1', 'ANN', 40, 900, 12, 'ab', 'a replay', '198.51.100.1')",
            "INSERT INTO level_grams (gram, level_code) VALUES ('old', 'OLDLVL')",
        ] {
            sqlx::query(sql).execute(&pool).await.unwrap();
        }
        pool.close().await;
    }

    /// A scratch SQLite file, and a fresh PostgreSQL database beside the one
    /// `ARKANONG_TEST_POSTGRES` names when it is set: each as (URL to make it
    /// with, what `Store::open` takes, its backend); and the scratch folder.
    fn mains_databases(
        runtime: &tokio::runtime::Runtime,
    ) -> (std::path::PathBuf, Vec<(String, String, Backend)>) {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("arkanong-main-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("main.sqlite");
        let mut databases = vec![(
            format!("sqlite://{}?mode=rwc", file.display()),
            file.to_string_lossy().into_owned(),
            Backend::Sqlite(file.clone()),
        )];
        if let Some(url) = std::env::var("ARKANONG_TEST_POSTGRES")
            .ok()
            .filter(|u| !u.is_empty())
        {
            let name = format!("arkanong_main_{nanos}");
            runtime.block_on(async {
                let admin = AnyPoolOptions::new()
                    .max_connections(1)
                    .connect(&url)
                    .await
                    .unwrap();
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&admin)
                    .await
                    .unwrap();
                admin.close().await;
            });
            let base = url.rsplit_once('/').map_or(url.as_str(), |(b, _)| b);
            let fresh = format!("{base}/{name}");
            databases.push((fresh.clone(), fresh, Backend::Postgres));
        }
        (dir, databases)
    }

    /// Issue 45 (must hold): a gallery made by today's main migrates forward
    /// with nothing lost, on SQLite and on PostgreSQL (a fresh database made
    /// beside the one `ARKANONG_TEST_POSTGRES` names).
    #[test]
    fn a_gallery_made_by_mains_schema_migrates_forward_with_nothing_lost() {
        sqlx::any::install_default_drivers();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (dir, databases) = mains_databases(&runtime);
        for (url, db, backend) in databases {
            runtime.block_on(async {
                made_by_main(&url, &backend).await;
                let store = Store::open(&db).await.unwrap();
                let (summary, text) = store.level("OLDLVL").await.unwrap().expect("kept");
                assert_eq!(text, "[bricks]\n1\n");
                assert_eq!((summary.plays, summary.ratings), (4, 2));
                assert_eq!(summary.rating, Some(4.5));
                // Shared before the clear check: listed, not clear-checked.
                assert_eq!(summary.author_clear_steps, None);
                let (listed, _) = store
                    .list(crate::gallery::store::Sort::Newest, "old", 0)
                    .await
                    .unwrap();
                assert!(listed.iter().any(|l| l.code == "OLDLVL"), "{listed:?}");
                let top = store.top_scores("OLDLVL").await.unwrap();
                assert_eq!((top.len(), top[0].score, top[0].steps), (1, 40, 900));
                assert_eq!(
                    store.replay(top[0].id).await.unwrap().as_deref(),
                    Some("a replay")
                );
                // Version 1, shared (and last changed) when main stored it.
                assert_eq!((summary.version, summary.updated), (1, 10));
                // No attempts yet (0 of 0); the first end counts.
                assert_eq!((summary.attempts, summary.clears), (0, 0));
                let play = crate::gallery::store::Play {
                    player: "p1",
                    address: "198.51.100.1",
                    now: 40,
                };
                let rules = crate::gallery::Fairness::default();
                store.count_end("OLDLVL", &play, true, rules).await.unwrap();
                let (counted, _) = store.level("OLDLVL").await.unwrap().unwrap();
                assert_eq!((counted.attempts, counted.clears), (1, 1));
                // The daily challenge's tables are there, empty, and pick.
                assert_eq!(store.daily(20_000).await.unwrap(), None);
                assert!(store.daily_or_pick(20_000, 60).await.unwrap().is_some());
                assert!(store.daily_board(20_000).await.unwrap().is_empty());
                // Its author updates it: version 2, a board, plays and rating
                // of its own; version 1's score, replay and totals stay.
                let update = crate::gallery::store::NewLevel {
                    title: "Old".into(),
                    author: "Ann".into(),
                    mode: "solo".into(),
                    text: "[bricks]\n11\n".into(),
                    key_hash: "h".into(),
                    now: 50,
                    clear: crate::gallery::store::AuthorClear {
                        steps: 7,
                        replay: String::new(),
                    },
                };
                assert!(store.update_level("OLDLVL", &update).await.unwrap());
                let (summary, _) = store.level("OLDLVL").await.unwrap().unwrap();
                assert_eq!(
                    (
                        summary.version,
                        summary.updated,
                        summary.plays,
                        summary.ratings
                    ),
                    (2, 50, 0, 0)
                );
                assert_eq!(summary.rating, None);
                assert!(store.top_scores("OLDLVL").await.unwrap().is_empty());
                assert_eq!(
                    store.replay(top[0].id).await.unwrap().as_deref(),
                    Some("a replay"),
                    "version 1's score is kept"
                );
                let row = sqlx::query(
                    "SELECT version, shared, replaced, plays, stars_sum, ratings, text \
                     FROM level_versions WHERE level_code = 'OLDLVL'",
                )
                .fetch_one(store.pool())
                .await
                .unwrap();
                let totals: [i64; 6] = [
                    "version",
                    "shared",
                    "replaced",
                    "plays",
                    "stars_sum",
                    "ratings",
                ]
                .map(|c| sqlx::Row::try_get(&row, c).unwrap());
                assert_eq!(totals, [1, 10, 50, 4, 9, 2]);
                let old = store
                    .past_version("OLDLVL", |t| t == "[bricks]\n1\n")
                    .await
                    .unwrap()
                    .expect("version 1 is known");
                assert_eq!((old.version, old.replaced), (1, 50));
            });
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
