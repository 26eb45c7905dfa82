//! The gallery as the server holds it: its database (opened from `--db`, or
//! `gallery.sqlite` in the data folder), its rate limits, and the few threads
//! that may play replays at once.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::super::run::Connection;
use super::api::ApiError;
use super::fairness::Fairness;
use super::front::FrontPages;
use super::limits::{GalleryLimits, Write};
use super::store::Store;
use arkanong_core::app::records::data_dir;

/// Replays played at once (the machine's cores; more wait their turn). A
/// permit is held by the blocking thread that plays, so it counts a replay
/// until it has really stopped, not until its request went.
pub(crate) const VERIFIERS: usize = 2;
/// How long a submission waits for a free verifier before 503 with `Retry-After`.
pub(crate) const VERIFIER_WAIT: Duration = Duration::from_secs(20);

/// The longest a gallery request may take once its headers are in: its body
/// ([`super::api::BODY_DEADLINE`]), the wait for a verifier, the replay's
/// budget, and a few seconds for the database. The server's ceiling on a
/// connection is the handshake timeout plus this.
pub(crate) const LONGEST_ANSWER: Duration = Duration::from_secs(
    super::api::BODY_DEADLINE.as_secs()
        + VERIFIER_WAIT.as_secs()
        + super::verify::VERIFY_BUDGET.as_secs()
        + 5,
);

/// A replay answer this large or larger is a large answer: at most
/// [`LARGE_ANSWERS`] of them are under way at once.
pub(crate) const LARGE_ANSWER: usize = 256 * 1024;
/// Large answers under way at once. Each holds its replay (up to 4 MiB) until
/// its client has read it all, so 800 clients fetching 4 MiB replays and never
/// reading took the server from 143 to 1,628 MiB (issue 43); now at most
/// 16 x 4 MiB wait on slow readers, and the rest are told to come back.
pub(crate) const LARGE_ANSWERS: usize = 16;

/// How long `GET /healthz` waits for the database before calling it down.
const HEALTH_WAIT: Duration = Duration::from_secs(2);

/// Levels checked at once, each on a blocking thread: the checker's
/// reachability raster and overlap tests take milliseconds to tens of them,
/// which the runtime's two threads (relaying signaling) must not wait on.
const CHECKERS: usize = 2;

/// The gallery: its database, its rate limits, its replay players.
#[derive(Debug)]
pub(crate) struct Gallery {
    store: Store,
    limits: GalleryLimits,
    verifiers: Arc<Semaphore>,
    checkers: Semaphore,
    fairness: Fairness,
    large: Arc<Semaphore>,
    front: FrontPages,
    verify_budget: Duration,
}

/// The database `--db` names: the flag's value, or `gallery.sqlite` in the data folder.
pub(crate) fn database(db: Option<&str>) -> Result<String, String> {
    match db {
        Some(db) => Ok(db.to_owned()),
        None => data_dir()
            .map(|d| d.join("gallery.sqlite").to_string_lossy().into_owned())
            .ok_or_else(|| "no data folder for the gallery: pass --db PATH".to_owned()),
    }
}

impl Gallery {
    /// Opens the database `db` names (see [`database`]); bursts multiplied by
    /// `burst_factor`; boards and lists kept by `fairness`'s rules.
    pub(crate) async fn open(
        db: Option<&str>,
        burst_factor: u32,
        fairness: Fairness,
    ) -> Result<Gallery, String> {
        let store = Store::open(&database(db)?).await?;
        store
            .mark_top_ready(fairness.top_networks)
            .await
            .map_err(|e| format!("cannot mark the levels \"top\" may rank: {e}"))?;
        Ok(Gallery {
            store,
            limits: GalleryLimits::new(burst_factor),
            verifiers: Arc::new(Semaphore::new(VERIFIERS)),
            checkers: Semaphore::new(CHECKERS),
            fairness,
            large: Arc::new(Semaphore::new(LARGE_ANSWERS)),
            front: FrontPages::default(),
            verify_budget: super::verify::VERIFY_BUDGET,
        })
    }

    /// The gallery playing each replay for at most `budget` (`--verify-budget`;
    /// never more than [`super::verify::VERIFY_BUDGET`], which the deadlines
    /// are counted from).
    pub(crate) fn with_verify_budget(self, budget: Duration) -> Gallery {
        Gallery {
            verify_budget: budget.min(super::verify::VERIFY_BUDGET),
            ..self
        }
    }

    /// How long one replay may be played.
    pub(super) fn verify_budget(&self) -> Duration {
        self.verify_budget
    }

    /// A place among the large answers under way, held until the answer's
    /// body has gone (its stream owns it), or `None` when all are taken.
    pub(super) fn large_answer(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        Arc::clone(&self.large).try_acquire_owned().ok()
    }

    /// The front listings kept for a moment.
    pub(super) fn front(&self) -> &FrontPages {
        &self.front
    }

    /// The anti-stuffing rules' numbers.
    pub(super) fn fairness(&self) -> Fairness {
        self.fairness
    }

    /// The database.
    pub(super) fn store(&self) -> &Store {
        &self.store
    }

    /// The replay players' permits, shared so a permit can move into the
    /// thread that plays.
    pub(super) fn verifiers(&self) -> &Arc<Semaphore> {
        &self.verifiers
    }

    /// The level checkers' permits.
    pub(super) fn checkers(&self) -> &Semaphore {
        &self.checkers
    }

    /// Whether the database answers a trivial query within `HEALTH_WAIT`
    /// (`GET /healthz`).
    pub(crate) async fn healthy(&self) -> bool {
        let ping = sqlx::query("SELECT 1").execute(self.store.pool());
        matches!(tokio::time::timeout(HEALTH_WAIT, ping).await, Ok(Ok(_)))
    }

    /// Closes the database's connections, after the last write (a graceful stop).
    pub(crate) async fn close(&self) {
        self.store.pool().close().await;
    }

    /// Forgets rate-limit buckets that refilled (the server's housekeeping).
    pub(crate) fn sweep(&self) {
        self.limits.sweep();
    }

    /// Spends one of the connection's `write`s, or refuses with 429.
    pub(super) fn spend(&self, conn: &Connection, write: Write) -> Result<(), ApiError> {
        self.spend_cost(conn, write, 1)
    }

    /// Spends `cost` of the connection's `write`s at once (a search reads
    /// more than a page), or refuses with 429.
    pub(super) fn spend_cost(
        &self,
        conn: &Connection,
        write: Write,
        cost: u32,
    ) -> Result<(), ApiError> {
        self.limits.spend(conn.ip, write, cost).map_err(|wait| {
            tracing::warn!("gallery: {write:?} from {} over its limit", conn.ip);
            ApiError::too_many(wait)
        })
    }
}
