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

use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::AnyPool;

use super::store::Backend;

/// SQLite's migrations, embedded at build time from `migrations/sqlite/`
/// (version and description from each file's name, the checksum of its text:
/// the same three a database made by an older server recorded, so the files
/// never change once shipped; `build.rs` rebuilds when one is added).
static SQLITE: Migrator = sqlx::migrate!("migrations/sqlite");

/// PostgreSQL's migrations, embedded from `migrations/postgres/`.
static POSTGRES: Migrator = sqlx::migrate!("migrations/postgres");

/// The migrations of a backend's database.
fn migrator(backend: &Backend) -> &'static Migrator {
    match backend {
        Backend::Postgres => &POSTGRES,
        Backend::Sqlite(_) => &SQLITE,
    }
}

/// Brings the database's schema up to date. SQLite has no lock across
/// processes for this, so when two servers open a new file together one
/// migration fails and rolls back; it is tried again and finds the work done.
pub(super) async fn migrate(pool: &AnyPool, backend: &Backend) -> Result<(), sqlx::Error> {
    run(migrator(backend), pool).await
}

/// Runs `migrator` on `pool`, trying again a few times (see [`migrate`]).
async fn run(migrator: &Migrator, pool: &AnyPool) -> Result<(), sqlx::Error> {
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
    use std::borrow::Cow;

    use futures::future::BoxFuture;
    use sqlx::error::BoxDynError;
    use sqlx::migrate::{Migration, MigrationSource, MigrationType};

    /// The migrations as main's server embedded them, by hand before
    /// `sqlx::migrate!`: version, description, SQLite's SQL, PostgreSQL's.
    /// A database migrated with these is one main's binary made.
    const MAINS: &[(i64, &str, &str, &str)] = &[
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

    /// Main's hand-built migration source: the first `upto` of [`MAINS`].
    #[derive(Debug)]
    struct MainsSource {
        postgres: bool,
        upto: usize,
    }

    impl MigrationSource<'static> for MainsSource {
        fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
            let migrations = MAINS[..self.upto]
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

    /// The first `upto` migrations run as main's binary ran them.
    async fn migrate_as_main(pool: &AnyPool, backend: &Backend, upto: usize) {
        let source = MainsSource {
            postgres: *backend == Backend::Postgres,
            upto,
        };
        run(&Migrator::new(source).await.unwrap(), pool)
            .await
            .unwrap();
    }

    /// The SHA-384 each shipped migration's text had, as `_sqlx_migrations`
    /// holds it in every database made so far: (SQLite's, PostgreSQL's).
    const SHIPPED: [(&str, &str); 9] = [
        (
            "dd14ee832b257d9cc16ce389230a1450abb1fb463080be18c72a8b5d5f7579b8ad8ea9f826c9182e5f32f8e6411cfab4",
            "138d9a5d5def29ad027015056699a86848be42cf89d3ce885a48338b0402b83c88f1853805189f2b36a8f06794e089af",
        ),
        (
            "554be0fde209bea1b58e20e7d8289eeccd5c0982e5f31ec080d1460fe2b707691230ff05fae7bfafebd3498910178c6f",
            "554be0fde209bea1b58e20e7d8289eeccd5c0982e5f31ec080d1460fe2b707691230ff05fae7bfafebd3498910178c6f",
        ),
        (
            "f012fbbdaaa0f234771eda5a26b1c64f67c432db37a51a076a4e2694e6022ddc9ffc1e9864c58fbc9852e18af2a64dae",
            "f012fbbdaaa0f234771eda5a26b1c64f67c432db37a51a076a4e2694e6022ddc9ffc1e9864c58fbc9852e18af2a64dae",
        ),
        (
            "687837da014b679147d87e2832550811a4a56cf625c8c0b143991a075d1475f01083b22f27d629b972439b9650164b54",
            "687837da014b679147d87e2832550811a4a56cf625c8c0b143991a075d1475f01083b22f27d629b972439b9650164b54",
        ),
        (
            "610c4a438836f8686d6046a8d270eee0e3ce233683306f8d1b25f527c497a921deafc9838fe0e36701d748e33ca63cbf",
            "610c4a438836f8686d6046a8d270eee0e3ce233683306f8d1b25f527c497a921deafc9838fe0e36701d748e33ca63cbf",
        ),
        (
            "ab462805149999aa234ff5f20a063a8e038d95fa516d4d77ab9b6efff007460c51099a10a57a105a4fd34f2092412dcc",
            "ab462805149999aa234ff5f20a063a8e038d95fa516d4d77ab9b6efff007460c51099a10a57a105a4fd34f2092412dcc",
        ),
        (
            "f1b3f3e9cf4e35ae046366b886070df541bb9df96ab0d1ee69670b2d1d0853e863a7c0d6b93a45690e31c0008238980e",
            "f1b3f3e9cf4e35ae046366b886070df541bb9df96ab0d1ee69670b2d1d0853e863a7c0d6b93a45690e31c0008238980e",
        ),
        (
            "13c458c624ec839cd6f28e4ee8cad2b4781c7efaa829ecf30de7b15befe45bdd58753342b75ddf2d506764cc90fda868",
            "4c02b17db5a164379e0e95ef31418794627c4d7328b68d20d61248c2c2b2eca702ade21d41ef470a821f7fcdb27a8638",
        ),
        (
            "048d0374115e1df83cfbdb2b94464b12342dced4818b1cad864408d447e204bb27d155cd55e276c7da6dc320abf648d2",
            "048d0374115e1df83cfbdb2b94464b12342dced4818b1cad864408d447e204bb27d155cd55e276c7da6dc320abf648d2",
        ),
    ];

    /// A checksum as lowercase hex.
    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A shipped migration is never edited (a database that ran it would
    /// refuse the server) and `migrate!` names it as main's table did: the
    /// version, description and checksum of each, on both backends.
    #[test]
    fn the_embedded_migrations_are_the_shipped_ones() {
        for (postgres, migrator) in [(false, &SQLITE), (true, &POSTGRES)] {
            let embedded: Vec<_> = migrator
                .iter()
                .map(|m| (m.version, m.description.to_string(), hex(&m.checksum)))
                .collect();
            let shipped: Vec<_> = MAINS
                .iter()
                .zip(SHIPPED)
                .map(|(&(version, description, ..), (sqlite, postgres_sum))| {
                    let sum = if postgres { postgres_sum } else { sqlite };
                    (version, description.to_owned(), sum.to_owned())
                })
                .collect();
            assert_eq!(embedded, shipped, "postgres: {postgres}");
        }
    }

    /// A database made by main's schema with a level, its rating, play and
    /// score in it, as main's server wrote them (its first `upto` migrations).
    async fn made_by_main(url: &str, backend: &Backend, upto: usize) {
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect(url)
            .await
            .unwrap();
        migrate_as_main(&pool, backend, upto).await;
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

    /// Runs `check` on each of [`mains_databases`] (URL to make it with, what
    /// `Store::open` takes, its backend), then removes the scratch folder.
    fn on_mains_databases<F, Fut>(check: F)
    where
        F: Fn(String, String, Backend) -> Fut,
        Fut: std::future::Future<Output = ()>,
    {
        sqlx::any::install_default_drivers();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (dir, databases) = mains_databases(&runtime);
        for (url, db, backend) in databases {
            runtime.block_on(check(url, db, backend));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 45 (must hold): a gallery made by the main before the clear rate
    /// and the daily challenge (seven migrations) migrates forward with
    /// nothing lost, on SQLite and on PostgreSQL (a fresh database made beside
    /// the one `ARKANONG_TEST_POSTGRES` names).
    #[test]
    fn a_gallery_made_by_mains_schema_migrates_forward_with_nothing_lost() {
        on_mains_databases(|url, db, backend| async move {
            made_by_main(&url, &backend, 7).await;
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

    /// Issue 46 (must hold): a gallery main's binary made, with the migrations
    /// it embedded by hand, opens with the ones `sqlx::migrate!` embeds: the
    /// same checksums, so nothing runs again and nothing is refused or lost.
    /// On SQLite, and on PostgreSQL when `ARKANONG_TEST_POSTGRES` is set.
    #[test]
    fn a_gallery_made_by_mains_binary_opens_with_the_embedded_migrations() {
        on_mains_databases(|url, db, backend| async move {
            made_by_main(&url, &backend, MAINS.len()).await;
            let store = match Store::open(&db).await {
                Ok(store) => store,
                Err(e) => panic!("main's database refused: {e}"),
            };
            let (summary, text) = store.level("OLDLVL").await.unwrap().expect("kept");
            assert_eq!(
                (text.as_str(), summary.plays, summary.ratings),
                ("[bricks]\n1\n", 4, 2)
            );
            let top = store.top_scores("OLDLVL").await.unwrap();
            assert_eq!((top.len(), top[0].score), (1, 40));
            let ran: Vec<i64> =
                sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
                    .fetch_all(store.pool())
                    .await
                    .unwrap();
            let embedded: Vec<i64> = migrator(&backend).iter().map(|m| m.version).collect();
            assert_eq!(ran, embedded, "each ran once");
        });
    }
}
