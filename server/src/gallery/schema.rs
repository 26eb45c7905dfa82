//! The gallery's schema, as migrations embedded in the binary (one folder per
//! database in `migrations/`: the SQL differs only where the two disagree, the
//! scores' id; the second adds the listings' and the search's indexes, the third
//! keeps one score per player and level, the fourth ranks "top" by a Bayesian
//! average, the fifth keeps the address each play, rating and score came from).
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
];

/// The embedded migrations of one database.
#[derive(Debug)]
struct Embedded {
    postgres: bool,
}

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        let migrations = MIGRATIONS
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
    let migrator = Migrator::new(Embedded {
        postgres: *backend == Backend::Postgres,
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
