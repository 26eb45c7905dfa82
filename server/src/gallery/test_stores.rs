//! The gallery's unit tests run their checks on every database there is: a
//! fresh SQLite file, and PostgreSQL when the CI names one
//! (`ARKANONG_TEST_POSTGRES`, set by `.ci/run`).

use std::future::Future;

use super::store::Store;

/// Runs `check` on a store over each database: a fresh SQLite file named after
/// `name` (removed after), then PostgreSQL if the environment names one.
pub(super) fn on_each_store<F, Fut>(name: &str, check: F)
where
    F: Fn(Store) -> Fut,
    Fut: Future<Output = ()>,
{
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("arkanong-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.sqlite");
    let mut databases = vec![file.to_string_lossy().into_owned()];
    if let Ok(url) = std::env::var("ARKANONG_TEST_POSTGRES") {
        if !url.is_empty() {
            databases.push(url);
        }
    }
    for db in databases {
        runtime.block_on(async { check(Store::open(&db).await.unwrap()).await });
    }
    let _ = std::fs::remove_dir_all(&dir);
}
