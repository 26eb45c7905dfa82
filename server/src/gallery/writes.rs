//! Writes that are answered only once they are on disk. Each write runs on a
//! connection of its own, in a transaction whose COMMIT must succeed before
//! the route answers; when any statement of it fails (a full disk, a COMMIT
//! refused), the connection is closed instead of going back to the pool. A
//! SQLite connection whose COMMIT failed can stay inside its transaction: put
//! back, it ran the next writes inside that open transaction, answered 201 for
//! them, and lost them all at shutdown (issue 43: 27 of 30 shares on a full
//! disk). A fresh connection replaces it, so when space returns the gallery
//! writes again without a restart.

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Connection, Transaction};

use super::store::StoreError;

/// A pooled connection held for one write, discarded if the write fails.
pub(super) struct WriteConn(PoolConnection<Any>);

impl WriteConn {
    /// A connection from `pool` for one write.
    pub(super) async fn acquire(pool: &AnyPool) -> Result<WriteConn, StoreError> {
        Ok(WriteConn(pool.acquire().await?))
    }

    /// Opens the write's transaction.
    pub(super) async fn begin(&mut self) -> Result<Transaction<'_, Any>, StoreError> {
        self.0.begin().await
    }

    /// The connection itself, for a write of one statement.
    pub(super) fn connection(&mut self) -> &mut sqlx::AnyConnection {
        &mut self.0
    }

    /// The write's `outcome`, after closing the connection when it failed (it
    /// may hold a transaction that never ended).
    pub(super) fn settle<T>(mut self, outcome: Result<T, StoreError>) -> Result<T, StoreError> {
        if let Err(e) = &outcome {
            tracing::warn!("gallery: a write failed ({e}); its connection is closed");
            self.0.close_on_drop();
        }
        outcome
    }
}
