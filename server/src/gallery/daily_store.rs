//! The daily challenge's queries: a day's pick, made once and kept (the
//! first server to ask picks; a second at the same instant finds the row and
//! reads it), and its board: one verified score per player a day, a few
//! players per address a day, the top replays kept.

use std::collections::HashSet;

use sqlx::Row;

use super::board::YourBest;
use super::daily::{
    pick, shipped_candidates, Candidate, COMMUNITY_CANDIDATES, MIN_RATINGS, NOT_AGAIN_DAYS,
};
use super::scores::{NewScore, KEPT_REPLAYS};
use super::store::{ScoreLine, Store, StoreError, ORDER_TOP};
use super::writes::WriteConn;

/// A day's challenge, read from its row in `daily`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub(super) struct Daily {
    /// UTC days since 1970.
    pub(super) day: i64,
    /// `shipped:FILE` or `gallery:CODE`.
    pub(super) source: String,
    /// The level's title.
    pub(super) title: String,
    /// The level's text, as it was picked.
    pub(super) text: String,
    /// The seed every game of the day starts from.
    pub(super) seed: i64,
}

/// What became of a verified daily score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum DailyStored {
    /// Listed: its id and rank on the day's board.
    Listed { id: i64, rank: i64 },
    /// The player has a score on this day's board already (it is the one
    /// that counts).
    Already { score: i64 },
    /// The same game (its final hash) is on this day's board already.
    Repeated,
    /// Its address has as many players on the day's board as it may.
    AddressFull,
}

impl Store {
    /// The challenge of `day`, if one was picked.
    pub(super) async fn daily(&self, day: i64) -> Result<Option<Daily>, StoreError> {
        sqlx::query_as("SELECT day, source, title, text, seed FROM daily WHERE day = $1")
            .bind(day)
            .fetch_optional(self.pool())
            .await
    }

    /// The challenge of `day`, picked now (at `now`, Unix seconds) if none
    /// was: from the shipped solo levels and the best-rated community levels,
    /// none picked in the 30 days before.
    pub(super) async fn daily_or_pick(
        &self,
        day: i64,
        now: i64,
    ) -> Result<Option<Daily>, StoreError> {
        if let Some(daily) = self.daily(day).await? {
            return Ok(Some(daily));
        }
        let recent: HashSet<String> =
            sqlx::query("SELECT source FROM daily WHERE day >= $1 AND day < $2")
                .bind(day - NOT_AGAIN_DAYS + 1)
                .bind(day)
                .fetch_all(self.pool())
                .await?
                .iter()
                .map(|r| r.try_get("source"))
                .collect::<Result<_, _>>()?;
        let mut candidates = shipped_candidates();
        candidates.extend(self.community_candidates().await?);
        let Some(picked) = pick(day, &candidates, &recent) else {
            return Ok(None);
        };
        let seed = i64::try_from(super::daily::seed_of(day)).unwrap_or(0);
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = sqlx::query(
            "INSERT INTO daily (day, source, title, text, seed, picked) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (day) DO NOTHING",
        )
        .bind(day)
        .bind(&picked.source)
        .bind(&picked.title)
        .bind(&picked.text)
        .bind(seed)
        .bind(now)
        .execute(conn.connection())
        .await;
        conn.settle(written)?;
        // Whoever picked first, this is the day's.
        self.daily(day).await
    }

    /// The best-rated visible community levels that play solo and were
    /// cleared by their author, [`MIN_RATINGS`] ratings at least.
    async fn community_candidates(&self) -> Result<Vec<Candidate>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT code, title, text FROM levels WHERE hidden = 0 AND mode <> 'versus' \
             AND author_clear_steps IS NOT NULL AND ratings >= $1 ORDER BY {ORDER_TOP} LIMIT $2"
        ))
        .bind(MIN_RATINGS)
        .bind(COMMUNITY_CANDIDATES)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Candidate {
                    source: format!("gallery:{}", r.try_get::<String, _>("code")?),
                    title: r.try_get("title")?,
                    text: r.try_get("text")?,
                })
            })
            .collect()
    }

    /// Lists a verified score of `day`'s challenge: the player's first
    /// counts (one a day), at most `ids_per_address` players of an address a
    /// day, a game once; the top replays kept.
    pub(super) async fn store_daily_score(
        &self,
        day: i64,
        s: &NewScore,
        ids_per_address: u32,
    ) -> Result<DailyStored, StoreError> {
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            // The day's row first: two scores of one address at once are
            // weighed one after the other.
            sqlx::query("UPDATE daily SET picked = picked WHERE day = $1")
                .bind(day)
                .execute(&mut *tx)
                .await?;
            let mine = sqlx::query("SELECT score FROM daily_scores WHERE day = $1 AND player = $2")
                .bind(day)
                .bind(&s.player)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some(row) = mine {
                tx.rollback().await?;
                return Ok(DailyStored::Already {
                    score: row.try_get("score")?,
                });
            }
            let same = sqlx::query("SELECT id FROM daily_scores WHERE day = $1 AND hash = $2")
                .bind(day)
                .bind(&s.hash)
                .fetch_optional(&mut *tx)
                .await?;
            if same.is_some() {
                tx.rollback().await?;
                return Ok(DailyStored::Repeated);
            }
            let others = sqlx::query(
                "SELECT COUNT(*) AS n FROM daily_scores WHERE day = $1 AND address = $2 AND address <> ''",
            )
            .bind(day)
            .bind(&s.address)
            .fetch_one(&mut *tx)
            .await?;
            if others.try_get::<i64, _>("n")? >= i64::from(ids_per_address) {
                tx.rollback().await?;
                return Ok(DailyStored::AddressFull);
            }
            sqlx::query(
                "INSERT INTO daily_scores (day, player, name, score, steps, at, hash, replay, address) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(day)
            .bind(&s.player)
            .bind(&s.name)
            .bind(s.score)
            .bind(s.steps)
            .bind(s.now)
            .bind(&s.hash)
            .bind(&s.replay)
            .bind(&s.address)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE daily_scores SET replay = '' WHERE day = $1 AND replay <> '' \
                 AND id NOT IN (SELECT id FROM daily_scores WHERE day = $1 \
                     ORDER BY score DESC, steps, id LIMIT $2)",
            )
            .bind(day)
            .bind(KEPT_REPLAYS)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            let best = self.daily_yours(day, &s.player).await?;
            Ok::<_, StoreError>(best.map_or(DailyStored::Repeated, |b| DailyStored::Listed {
                id: b.id,
                rank: b.rank,
            }))
        }
        .await;
        // Two servers listing the same player or game at once (PostgreSQL):
        // the second meets a unique index.
        match written {
            Err(e) if super::scores::is_unique_violation(&e) => {
                conn.settle::<()>(Err(e)).ok();
                Ok(DailyStored::Repeated)
            }
            other => conn.settle(other),
        }
    }

    /// The top 10 of `day`'s board: best score first, then fewer steps, then earlier.
    pub(super) async fn daily_board(&self, day: i64) -> Result<Vec<ScoreLine>, StoreError> {
        sqlx::query_as(
            "SELECT id, name, score, steps, at FROM daily_scores WHERE day = $1 \
             ORDER BY score DESC, steps, id LIMIT 10",
        )
        .bind(day)
        .fetch_all(self.pool())
        .await
    }

    /// How many entries `day`'s board has.
    pub(super) async fn daily_entries(&self, day: i64) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM daily_scores WHERE day = $1")
            .bind(day)
            .fetch_one(self.pool())
            .await?;
        row.try_get("n")
    }

    /// `player`'s score on `day`'s board and its rank, if any.
    pub(super) async fn daily_yours(
        &self,
        day: i64,
        player: &str,
    ) -> Result<Option<YourBest>, StoreError> {
        sqlx::query_as(
            "SELECT s.id AS id, s.name AS name, s.score AS score, s.steps AS steps, s.at AS at, \
             (SELECT COUNT(*) FROM daily_scores b WHERE b.day = s.day AND (b.score > s.score \
                 OR (b.score = s.score AND b.steps < s.steps) \
                 OR (b.score = s.score AND b.steps = s.steps AND b.id < s.id))) AS above \
             FROM daily_scores s WHERE s.day = $1 AND s.player = $2",
        )
        .bind(day)
        .bind(player)
        .fetch_optional(self.pool())
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Days and ids no other run uses (PostgreSQL's database outlives a run).
    fn fresh() -> (i64, String) {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let day = 1_000_000 + i64::try_from(nanos % 10_000_000).unwrap() * 100;
        (day, format!("{nanos}"))
    }

    fn score(player: &str, address: &str, score: i64, hash: &str) -> NewScore {
        NewScore {
            player: player.into(),
            name: format!("N{player}"),
            score,
            steps: 500,
            hash: hash.into(),
            replay: format!("replay {hash}"),
            now: 1,
            address: address.into(),
        }
    }

    async fn put(store: &Store, day: i64, s: NewScore) -> DailyStored {
        store.store_daily_score(day, &s, 3).await.unwrap()
    }

    async fn a_pick_a_day_kept_and_never_twice_in_30_days(store: &Store) {
        let (base, _) = fresh();
        let first = store.daily_or_pick(base, 5).await.unwrap().unwrap();
        assert_eq!(
            store.daily_or_pick(base, 9).await.unwrap(),
            Some(first.clone())
        );
        assert_eq!(
            first.seed,
            i64::try_from(super::super::daily::seed_of(base)).unwrap()
        );
        // A shipped level, or a community one when the database (PostgreSQL's,
        // shared by the suite's tests) holds levels rated enough to be picked.
        assert!(
            first.source.starts_with("shipped:") || first.source.starts_with("gallery:"),
            "{}",
            first.source
        );
        let mut sources = vec![first.source];
        for day in base + 1..base + 45 {
            let d = store.daily_or_pick(day, 5).await.unwrap().unwrap();
            let window = sources.iter().rev().take(29);
            assert!(
                !window.clone().any(|s| *s == d.source),
                "day {day}: {} again within 30 days",
                d.source
            );
            sources.push(d.source);
        }
        assert_eq!(
            store.daily(base - 1).await.unwrap(),
            None,
            "no day picked before"
        );
    }

    async fn one_score_a_player_a_day_few_per_address(store: &Store) {
        let (day, run) = fresh();
        store.daily_or_pick(day, 5).await.unwrap().unwrap();
        let p = |k: u32| format!("daily-{run}-{k}");
        let listed = put(store, day, score(&p(1), "10.5.0.1", 40, "a")).await;
        assert!(matches!(listed, DailyStored::Listed { rank: 1, .. }));
        let again = put(store, day, score(&p(1), "10.5.0.1", 90, "b")).await;
        assert_eq!(again, DailyStored::Already { score: 40 });
        let copy = put(store, day, score(&p(2), "10.5.0.2", 40, "a")).await;
        assert_eq!(copy, DailyStored::Repeated);
        let better = put(store, day, score(&p(2), "10.5.0.1", 50, "c")).await;
        assert!(matches!(better, DailyStored::Listed { rank: 1, .. }));
        let third = put(store, day, score(&p(3), "10.5.0.1", 10, "d")).await;
        assert!(matches!(third, DailyStored::Listed { rank: 3, .. }));
        let fourth = put(store, day, score(&p(4), "10.5.0.1", 99, "e")).await;
        assert_eq!(fourth, DailyStored::AddressFull);
        // The next day is a board of its own; this one stays readable.
        let tomorrow = put(store, day + 1, score(&p(1), "10.5.0.1", 5, "a")).await;
        assert!(matches!(tomorrow, DailyStored::Listed { rank: 1, .. }));
        let board = store.daily_board(day).await.unwrap();
        let scores: Vec<i64> = board.iter().map(|l| l.score).collect();
        assert_eq!(scores, [50, 40, 10]);
        let mine = store.daily_yours(day, &p(3)).await.unwrap().unwrap();
        assert_eq!((mine.rank, mine.score), (3, 10));
        assert_eq!(store.daily_yours(day, &p(9)).await.unwrap(), None);
    }

    #[test]
    fn a_daily_pick_is_kept_a_day_and_its_board_counts_one_score_a_player() {
        crate::gallery::test_stores::on_each_store("daily", |store| async move {
            a_pick_a_day_kept_and_never_twice_in_30_days(&store).await;
            one_score_a_player_a_day_few_per_address(&store).await;
        });
    }
}
