//! The board people read (issue 45): each level's attempts (plays that
//! ended, cleared or not, as the client reports them) behind its clear rate,
//! counted under the anti-stuffing rules (`fairness.rs`), and a player's own
//! best beside the top 10, even when it is outside it.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::fairness::{Fairness, TRIES_AN_HOUR};
use super::store::{Play, Store, StoreError};
use super::writes::WriteConn;

/// What became of a play's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Attempt {
    /// Counted in the level's attempts (and clears, if it cleared).
    Counted,
    /// The player's [`TRIES_AN_HOUR`] this hour are counted already.
    PlayerFull,
    /// Its address counted attempts under as many players as it may this hour.
    AddressFull,
    /// No such visible level.
    NoLevel,
}

/// A player's best on a board, with its rank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct YourBest {
    /// The score's id (its replay, while it is in the top 10).
    pub(super) id: i64,
    /// The name it is listed under.
    pub(super) name: String,
    /// The score the server reproduced.
    pub(super) score: i64,
    /// Steps the game took (the tie-break: fewer first).
    pub(super) steps: i64,
    /// When it was submitted, in Unix seconds.
    pub(super) at: i64,
    /// Its place on the board, from 1.
    pub(super) rank: i64,
}

/// A player's best read from its row (`id, name, score, steps, at` and
/// `above`, the entries ranked before it): a level's and a day's boards read
/// it the same.
impl sqlx::FromRow<'_, AnyRow> for YourBest {
    fn from_row(r: &AnyRow) -> Result<YourBest, StoreError> {
        Ok(YourBest {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            score: r.try_get("score")?,
            steps: r.try_get("steps")?,
            at: r.try_get("at")?,
            rank: r.try_get::<i64, _>("above")? + 1,
        })
    }
}

impl Store {
    /// Counts a play of a level's latest version that ended (`cleared` or
    /// not): at most [`TRIES_AN_HOUR`] a player an hour, and for the first
    /// [`Fairness::ids_per_address`] players of an address that hour.
    pub(super) async fn count_end(
        &self,
        code: &str,
        play: &Play<'_>,
        cleared: bool,
        rules: Fairness,
    ) -> Result<Attempt, StoreError> {
        let hour = play.now / 3600;
        let clear = i64::from(cleared);
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            // The level's row first: two ends from one address at once are
            // weighed one after the other against the caps.
            let there =
                sqlx::query("UPDATE levels SET attempts = attempts WHERE code = $1 AND hidden = 0")
                    .bind(code)
                    .execute(&mut *tx)
                    .await?;
            if there.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(Attempt::NoLevel);
            }
            let version: i64 = sqlx::query("SELECT version FROM levels WHERE code = $1")
                .bind(code)
                .fetch_one(&mut *tx)
                .await?
                .try_get("version")?;
            let mine = sqlx::query(
                "SELECT tries FROM attempts \
                 WHERE level_code = $1 AND version = $2 AND player = $3 AND hour = $4",
            )
            .bind(code)
            .bind(version)
            .bind(play.player)
            .bind(hour)
            .fetch_optional(&mut *tx)
            .await?;
            match mine {
                Some(row) if row.try_get::<i64, _>("tries")? >= TRIES_AN_HOUR => {
                    tx.rollback().await?;
                    return Ok(Attempt::PlayerFull);
                }
                Some(_) => {}
                None => {
                    let others = sqlx::query(
                        "SELECT COUNT(*) AS n FROM attempts \
                         WHERE level_code = $1 AND version = $2 AND address = $3 AND hour = $4",
                    )
                    .bind(code)
                    .bind(version)
                    .bind(play.address)
                    .bind(hour)
                    .fetch_one(&mut *tx)
                    .await?;
                    if others.try_get::<i64, _>("n")? >= i64::from(rules.ids_per_address) {
                        tx.rollback().await?;
                        return Ok(Attempt::AddressFull);
                    }
                }
            }
            sqlx::query(
                "INSERT INTO attempts (level_code, version, player, hour, address, tries, clears) \
                 VALUES ($1, $2, $3, $4, $5, 1, $6) \
                 ON CONFLICT (level_code, version, player, hour) DO UPDATE SET \
                     tries = attempts.tries + 1, clears = attempts.clears + excluded.clears",
            )
            .bind(code)
            .bind(version)
            .bind(play.player)
            .bind(hour)
            .bind(play.address)
            .bind(clear)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE levels SET attempts = attempts + 1, clears = clears + $2 WHERE code = $1",
            )
            .bind(code)
            .bind(clear)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok::<_, StoreError>(Attempt::Counted)
        }
        .await;
        conn.settle(written)
    }

    /// How many entries a level's latest board has (the "of 5" of a rank
    /// the Submit page says).
    pub(super) async fn board_entries(&self, code: &str) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM scores s \
             JOIN levels l ON l.code = s.level_code AND l.version = s.version \
             WHERE s.level_code = $1",
        )
        .bind(code)
        .fetch_one(self.pool())
        .await?;
        row.try_get("n")
    }

    /// `player`'s entry on a visible level's latest board and its rank (ties
    /// broken as the board breaks them: fewer steps, then earlier), if any.
    pub(super) async fn your_best(
        &self,
        code: &str,
        player: &str,
    ) -> Result<Option<YourBest>, StoreError> {
        sqlx::query_as(
            "SELECT s.id AS id, s.name AS name, s.score AS score, s.steps AS steps, s.at AS at, \
             (SELECT COUNT(*) FROM scores b WHERE b.level_code = s.level_code \
                 AND b.version = s.version AND (b.score > s.score \
                 OR (b.score = s.score AND b.steps < s.steps) \
                 OR (b.score = s.score AND b.steps = s.steps AND b.id < s.id))) AS above \
             FROM scores s JOIN levels l ON l.code = s.level_code AND l.version = s.version \
             WHERE s.level_code = $1 AND s.player = $2 AND l.hidden = 0",
        )
        .bind(code)
        .bind(player)
        .fetch_optional(self.pool())
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gallery::scores::{NewScore, Stored};
    use crate::gallery::store::{AuthorClear, NewLevel};

    /// A level shared on `store` under a code no other run uses.
    async fn shared(store: &Store) -> String {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let code = format!("B{nanos}");
        let new = NewLevel {
            title: "T".into(),
            author: String::new(),
            mode: "solo".into(),
            text: "[bricks]\n1\n".into(),
            key_hash: "h".into(),
            now: 100,
            clear: AuthorClear {
                steps: 1,
                replay: String::new(),
            },
        };
        assert!(store.insert_level(&code, &new).await.unwrap());
        code
    }

    fn play<'a>(player: &'a str, address: &'a str, now: i64) -> Play<'a> {
        Play {
            player,
            address,
            now,
        }
    }

    /// A play's end counted at `now` (Unix seconds).
    async fn end(store: &Store, code: &str, who: (&str, &str), now: i64, cleared: bool) -> Attempt {
        let play = play(who.0, who.1, now);
        let rules = Fairness::default();
        store.count_end(code, &play, cleared, rules).await.unwrap()
    }

    async fn rate_of(store: &Store, code: &str) -> (i64, i64) {
        let (s, _) = store.level(code).await.unwrap().unwrap();
        (s.clears, s.attempts)
    }

    async fn attempts_counted_under_the_caps(store: &Store) {
        let rules = Fairness::default();
        let code = shared(store).await;
        let t = 3_600_000;
        let p1 = ("p1", "10.3.0.1");
        assert_eq!(end(store, &code, p1, t, false).await, Attempt::Counted);
        assert_eq!(end(store, &code, p1, t, true).await, Attempt::Counted);
        assert_eq!(rate_of(store, &code).await, (1, 2));
        // One player's tries an hour are capped.
        for _ in 2..TRIES_AN_HOUR {
            assert_eq!(end(store, &code, p1, t, true).await, Attempt::Counted);
        }
        assert_eq!(end(store, &code, p1, t, true).await, Attempt::PlayerFull);
        assert_eq!(
            rate_of(store, &code).await,
            (TRIES_AN_HOUR - 1, TRIES_AN_HOUR)
        );
        // An address counts a few players an hour.
        for k in 1..rules.ids_per_address {
            let id = format!("id{k}");
            let counted = end(store, &code, (&id, "10.3.0.1"), t, false).await;
            assert_eq!(counted, Attempt::Counted);
        }
        let extra = end(store, &code, ("id99", "10.3.0.1"), t, true).await;
        assert_eq!(extra, Attempt::AddressFull);
        // The next hour counts anew.
        let later = end(store, &code, p1, t + 3600, false).await;
        assert_eq!(later, Attempt::Counted);
        let (clears, attempts) = rate_of(store, &code).await;
        assert_eq!((clears, attempts), (TRIES_AN_HOUR - 1, TRIES_AN_HOUR + 3));
        // An update starts the rate anew; the old version keeps its totals.
        let edit = NewLevel {
            text: "[bricks]\n11\n".into(),
            title: "T".into(),
            author: String::new(),
            mode: "solo".into(),
            key_hash: "h".into(),
            now: t + 4000,
            clear: AuthorClear {
                steps: 1,
                replay: String::new(),
            },
        };
        assert!(store.update_level(&code, &edit).await.unwrap());
        assert_eq!(rate_of(store, &code).await, (0, 0));
        let row = sqlx::query("SELECT attempts, clears FROM level_versions WHERE level_code = $1")
            .bind(&code)
            .fetch_one(store.pool())
            .await
            .unwrap();
        let kept: (i64, i64) = (
            row.try_get("attempts").unwrap(),
            row.try_get("clears").unwrap(),
        );
        assert_eq!(kept, (attempts, clears));
        let gone = end(store, "NOSUCH", p1, t, true).await;
        assert_eq!(gone, Attempt::NoLevel);
    }

    async fn your_best_outside_the_top_ten(store: &Store) {
        let code = shared(store).await;
        let level = store.level_to_score(&code).await.unwrap().unwrap();
        for k in 0..12 {
            let s = NewScore {
                player: format!("player{k}"),
                name: format!("P{k}"),
                // Two of each score: their steps break the tie.
                score: 100 - k / 2,
                steps: 1000 + k,
                hash: format!("h{k}"),
                replay: "r".into(),
                now: 1,
                address: format!("10.4.0.{k}"),
            };
            let stored = store.store_score(&code, &level, &s).await.unwrap();
            assert!(matches!(stored, Stored::Listed { .. }), "{stored:?}");
        }
        let top = store.top_scores(&code).await.unwrap();
        assert_eq!(top.len(), 10);
        assert_eq!((top[0].name.as_str(), top[1].name.as_str()), ("P0", "P1"));
        let mine = store.your_best(&code, "player11").await.unwrap().unwrap();
        assert_eq!(
            (mine.rank, mine.score, mine.steps, mine.name.as_str()),
            (12, 95, 1011, "P11")
        );
        let tied = store.your_best(&code, "player1").await.unwrap().unwrap();
        assert_eq!(tied.rank, 2, "the same score, more steps: second");
        assert_eq!(
            store.your_best(&code, "nobody-at-all-here").await.unwrap(),
            None
        );
    }

    #[test]
    fn attempts_count_under_caps_and_your_best_has_its_rank() {
        crate::gallery::test_stores::on_each_store("board", |store| async move {
            attempts_counted_under_the_caps(&store).await;
            your_best_outside_the_top_ten(&store).await;
        });
    }
}
