//! The plays' and the ratings' queries, under the anti-stuffing rules
//! (`fairness.rs`): a play counts once an hour for a few players of a
//! network, and a few times a day a network; a rating counts from a player
//! who played, a few per network, and "top" waits for a few networks.

use sqlx::Row;

use super::fairness::{Fairness, Rating};
use super::store::{average, truth, Play, Store, StoreError};
use super::writes::WriteConn;

impl Store {
    /// Counts `player`'s play of a level, once an hour, and only for the
    /// first [`Fairness::ids_per_address`] players of its network that hour
    /// and the first [`Fairness::plays_per_network`] plays of its network that
    /// (UTC) day (the row is kept either way: it lets its player rate the
    /// level later). `play.address` is the network ([`Fairness::network`]).
    pub(super) async fn count_play(
        &self,
        code: &str,
        play: &Play<'_>,
        rules: Fairness,
    ) -> Result<(), StoreError> {
        let hour = play.now / 3600;
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            // The level's row first, so two plays from one address at once
            // are counted one after the other against the cap.
            sqlx::query("UPDATE levels SET plays = plays WHERE code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
            // A play of the level's latest version: a row of an older
            // version's play that hour becomes this version's (a player who
            // played version 1 plays version 2 as a new play).
            let new = sqlx::query(
                "INSERT INTO plays (level_code, player, hour, address, at, version) \
                 SELECT $1, $2, $3, $4, $5, version FROM levels WHERE code = $1 \
                 ON CONFLICT (level_code, player, hour) DO UPDATE SET version = excluded.version, \
                     address = excluded.address, at = excluded.at \
                 WHERE plays.version < excluded.version",
            )
            .bind(code)
            .bind(play.player)
            .bind(hour)
            .bind(play.address)
            .bind(play.now)
            .execute(&mut *tx)
            .await?;
            if new.rows_affected() == 1 {
                // Counted up to one past each cap, no further: a network's
                // rows are kept past the caps, and counting them all made each
                // play of 12,200 from one /24 slower than the last.
                let row = sqlx::query(
                    "SELECT COUNT(*) AS n FROM (SELECT 1 FROM plays p JOIN levels l \
                         ON l.code = p.level_code AND l.version = p.version \
                     WHERE p.level_code = $1 AND p.address = $2 AND p.hour = $3 LIMIT $4) AS t",
                )
                .bind(code)
                .bind(play.address)
                .bind(hour)
                .bind(i64::from(rules.ids_per_address) + 1)
                .fetch_one(&mut *tx)
                .await?;
                let players: i64 = row.try_get("n")?;
                // This version's plays of the network today, this one
                // included: each row is one player's hour, so the first
                // `plays_per_network` rows of the day are the ones counted.
                let day = hour - hour.rem_euclid(24);
                let today = sqlx::query(
                    "SELECT COUNT(*) AS n FROM (SELECT 1 FROM plays p JOIN levels l \
                         ON l.code = p.level_code AND l.version = p.version \
                     WHERE p.level_code = $1 AND p.address = $2 AND p.hour >= $3 AND p.hour < $4 \
                     LIMIT $5) AS t",
                )
                .bind(code)
                .bind(play.address)
                .bind(day)
                .bind(day + 24)
                .bind(i64::from(rules.plays_per_network) + 1)
                .fetch_one(&mut *tx)
                .await?;
                let today: i64 = today.try_get("n")?;
                if players <= i64::from(rules.ids_per_address)
                    && today <= i64::from(rules.plays_per_network)
                {
                    sqlx::query("UPDATE levels SET plays = plays + 1 WHERE code = $1")
                        .bind(code)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            tx.commit().await
        }
        .await;
        conn.settle(written)
    }

    /// Sets `player`'s rating of a level (a new one replaces the old) if they
    /// played it and their network has not rated it under too many ids
    /// ([`Fairness`]); the level's average and count after it, and the
    /// networks its ratings came from (whether "top" may rank it with the
    /// levels rated from [`Fairness::top_networks`] networks).
    pub(super) async fn rate(
        &self,
        code: &str,
        play: &Play<'_>,
        stars: i64,
        rules: Fairness,
    ) -> Result<Rating, StoreError> {
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            // The level's row first, locked until the COMMIT: two ratings of one
            // level at once then count one after the other. Without it, PostgreSQL
            // (read committed) summed each rating's table before the other's
            // insert was committed, and the last to write won (55 of 60 levels
            // wrong under 8 ratings at once). SQLite's write lock already did this.
            sqlx::query("UPDATE levels SET ratings = ratings WHERE code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
            // A play of its latest version (the rating is that version's).
            let played = sqlx::query(
                "SELECT (EXISTS (SELECT 1 FROM plays p JOIN levels l \
                         ON l.code = p.level_code AND l.version = p.version \
                     WHERE p.level_code = $1 AND p.player = $2 AND p.at <= $3) \
                  OR EXISTS (SELECT 1 FROM scores s JOIN levels l \
                         ON l.code = s.level_code AND l.version = s.version \
                     WHERE s.level_code = $1 AND s.player = $2)) AS ok",
            )
            .bind(code)
            .bind(play.player)
            .bind(play.now - i64::from(rules.rate_after_play))
            .fetch_one(&mut *tx)
            .await?;
            if !truth(&played, "ok")? {
                tx.rollback().await?;
                return Ok(Rating::NotPlayed);
            }
            let others = sqlx::query(
                "SELECT COUNT(*) AS n FROM ratings \
                 WHERE level_code = $1 AND address = $2 AND player <> $3",
            )
            .bind(code)
            .bind(play.address)
            .bind(play.player)
            .fetch_one(&mut *tx)
            .await?;
            let others: i64 = others.try_get("n")?;
            if others >= i64::from(rules.ids_per_address) {
                tx.rollback().await?;
                return Ok(Rating::AddressFull);
            }
            sqlx::query(
                "INSERT INTO ratings (level_code, player, stars, at, address) \
                 VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (level_code, player) DO UPDATE SET stars = excluded.stars, \
                     at = excluded.at, address = excluded.address",
            )
            .bind(code)
            .bind(play.player)
            .bind(stars)
            .bind(play.now)
            .bind(play.address)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE levels SET \
                 stars_sum = (SELECT COALESCE(SUM(stars), 0) FROM ratings WHERE level_code = $1), \
                 ratings = (SELECT COUNT(*) FROM ratings WHERE level_code = $1), \
                 rated_networks = (SELECT COUNT(DISTINCT address) FROM ratings WHERE level_code = $1) \
                 WHERE code = $1",
            )
            .bind(code)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE levels SET top_ready = CASE WHEN rated_networks >= $2 THEN 1 ELSE 0 END \
                 WHERE code = $1",
            )
            .bind(code)
            .bind(i64::from(rules.top_networks))
            .execute(&mut *tx)
            .await?;
            let row = sqlx::query("SELECT stars_sum, ratings FROM levels WHERE code = $1")
                .bind(code)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            let (sum, n): (i64, i64) = (row.try_get("stars_sum")?, row.try_get("ratings")?);
            Ok::<_, StoreError>(Rating::Counted {
                average: average(sum, n.max(1)),
                ratings: n,
            })
        }
        .await;
        conn.settle(written)
    }
}
