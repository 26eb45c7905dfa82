//! The scores' queries. A score is stored only against the level text it was
//! verified on (an edit or a withdrawal while the replay played refuses it),
//! one row per level and player (their best), a replay once per level (by the
//! hash its game ends in), and only the top scores keep their replay text, so
//! the disk a level's scores use is bounded whoever sends them.

use sqlx::Row;

use super::fairness::BOARD_DAY;
use super::store::{Store, StoreError};
use super::writes::WriteConn;

/// Scores past this rank keep their line but not their replay (the board
/// shows the top 10, and only its replays can be watched).
pub(super) const KEPT_REPLAYS: i64 = 10;

/// The level a replay is verified against: its text, when it last changed,
/// and its version (whose board the score goes on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ScoredLevel {
    pub(super) text: String,
    pub(super) updated: i64,
    pub(super) version: i64,
}

/// A version of a level an update replaced (`level_versions`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PastVersion {
    pub(super) version: i64,
    /// When the version after it was shared, in Unix seconds.
    pub(super) replaced: i64,
}

/// A verified score to store.
#[derive(Debug, Clone)]
pub(super) struct NewScore {
    pub(super) player: String,
    pub(super) name: String,
    pub(super) score: i64,
    pub(super) steps: i64,
    pub(super) hash: String,
    pub(super) replay: String,
    pub(super) now: i64,
    /// The address it came from ([`super::fairness::address_label`]).
    pub(super) address: String,
}

/// What became of a verified score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stored {
    /// Listed: its id and its rank on the level's board.
    Listed { id: i64, rank: i64 },
    /// The level's text changed while the replay was played.
    LevelEdited,
    /// The level was withdrawn, deleted or hidden meanwhile.
    LevelGone,
    /// The same game (its final hash) is already listed on this level.
    Repeated,
    /// The player's listed score here is as good or better.
    NotBetter { best: i64 },
    /// Another player's entry under the same name, or from the same address
    /// in the last day ([`BOARD_DAY`]), is as good or better: the board keeps
    /// one of each.
    Crowded { best: i64, same_name: bool },
}

/// "`b` ranks above `scores`": a higher score, then fewer steps, then earlier.
const RANKS_ABOVE: &str = "(b.score > scores.score \
     OR (b.score = scores.score AND b.steps < scores.steps) \
     OR (b.score = scores.score AND b.steps = scores.steps AND b.id < scores.id))";

impl Store {
    /// A visible level's text and when it last changed, to verify a replay against.
    pub(super) async fn level_to_score(
        &self,
        code: &str,
    ) -> Result<Option<ScoredLevel>, StoreError> {
        let row =
            sqlx::query("SELECT text, updated, version FROM levels WHERE code = $1 AND hidden = 0")
                .bind(code)
                .fetch_optional(self.pool())
                .await?;
        row.map(|r| {
            Ok(ScoredLevel {
                text: r.try_get("text")?,
                updated: r.try_get("updated")?,
                version: r.try_get("version")?,
            })
        })
        .transpose()
    }

    /// The newest of a level's replaced versions whose text `is_it` accepts
    /// (a score refused as "another level" is told it is an old version's).
    pub(super) async fn past_version(
        &self,
        code: &str,
        is_it: impl Fn(&str) -> bool,
    ) -> Result<Option<PastVersion>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, replaced, text FROM level_versions WHERE level_code = $1 \
             ORDER BY version DESC LIMIT 100",
        )
        .bind(code)
        .fetch_all(self.pool())
        .await?;
        for r in &rows {
            if is_it(&r.try_get::<String, _>("text")?) {
                return Ok(Some(PastVersion {
                    version: r.try_get("version")?,
                    replaced: r.try_get("replaced")?,
                }));
            }
        }
        Ok(None)
    }

    /// Stores a score verified against `level`, if the level is still that
    /// text and visible, the game is not listed already, and it beats the
    /// player's listed score; replays past [`KEPT_REPLAYS`] are dropped.
    pub(super) async fn store_score(
        &self,
        code: &str,
        level: &ScoredLevel,
        s: &NewScore,
    ) -> Result<Stored, StoreError> {
        // The write first, so SQLite takes its write lock at once.
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = async {
            let mut tx = conn.begin().await?;
            // The level's row first: two entries from one address or under one
            // name at once are weighed one after the other.
            sqlx::query("UPDATE levels SET plays = plays WHERE code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
            if let Some(crowded) = make_room(&mut tx, code, level.version, s).await? {
                tx.rollback().await?;
                return Ok(crowded);
            }
            let inserted = sqlx::query(
                "INSERT INTO scores (level_code, player, name, score, steps, at, hash, replay, address, \
                 version) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $11, $12 \
             WHERE EXISTS (SELECT 1 FROM levels \
                 WHERE code = $1 AND hidden = 0 AND updated = $9 AND text = $10 AND version = $12) \
             AND NOT EXISTS (SELECT 1 FROM scores WHERE level_code = $1 AND version = $12 AND hash = $7) \
             ON CONFLICT (level_code, version, player) DO UPDATE SET name = excluded.name, \
                 score = excluded.score, steps = excluded.steps, at = excluded.at, \
                 hash = excluded.hash, replay = excluded.replay, address = excluded.address \
             WHERE excluded.score > scores.score \
                 OR (excluded.score = scores.score AND excluded.steps < scores.steps)",
            )
            .bind(code)
            .bind(&s.player)
            .bind(&s.name)
            .bind(s.score)
            .bind(s.steps)
            .bind(s.now)
            .bind(&s.hash)
            .bind(&s.replay)
            .bind(level.updated)
            .bind(&level.text)
            .bind(&s.address)
            .bind(level.version)
            .execute(&mut *tx)
            .await;
            let inserted = match inserted {
                Ok(done) => done.rows_affected(),
                // Two servers listing the same game at once (PostgreSQL): the
                // second meets the unique hash.
                Err(e) if is_unique_violation(&e) => return Ok(Stored::Repeated),
                Err(e) => return Err(e),
            };
            if inserted == 0 {
                return why_not_stored(&mut tx, code, level, s).await;
            }
            let row = sqlx::query(
                "SELECT id FROM scores WHERE level_code = $1 AND version = $3 AND player = $2",
            )
            .bind(code)
            .bind(&s.player)
            .bind(level.version)
            .fetch_one(&mut *tx)
            .await?;
            let id: i64 = row.try_get("id")?;
            let above = sqlx::query(&format!(
                "SELECT COUNT(*) AS n FROM scores b, scores \
             WHERE scores.id = $1 AND b.level_code = scores.level_code \
                 AND b.version = scores.version AND {RANKS_ABOVE}"
            ))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            let above: i64 = above.try_get("n")?;
            sqlx::query(
                "UPDATE scores SET replay = '' WHERE level_code = $1 AND version = $3 \
                 AND replay <> '' AND id NOT IN (SELECT id FROM scores \
                     WHERE level_code = $1 AND version = $3 ORDER BY score DESC, steps, id LIMIT $2)",
            )
            .bind(code)
            .bind(KEPT_REPLAYS)
            .bind(level.version)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok::<_, StoreError>(Stored::Listed {
                id,
                rank: above + 1,
            })
        }
        .await;
        conn.settle(written)
    }
}

/// A score as the operator sees it (`arkanong server scores --list CODE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct OperatorScore {
    pub(super) id: i64,
    pub(super) player: String,
    pub(super) name: String,
    pub(super) score: i64,
    pub(super) steps: i64,
    pub(super) at: i64,
    pub(super) address: String,
}

impl Store {
    /// Every score of a level, best first, for the operator.
    pub(super) async fn operator_scores(
        &self,
        code: &str,
    ) -> Result<Vec<OperatorScore>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, player, name, score, steps, at, address FROM scores \
             WHERE level_code = $1 ORDER BY score DESC, steps, id",
        )
        .bind(code)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(OperatorScore {
                    id: r.try_get("id")?,
                    player: r.try_get("player")?,
                    name: r.try_get("name")?,
                    score: r.try_get("score")?,
                    steps: r.try_get("steps")?,
                    at: r.try_get("at")?,
                    address: r.try_get("address")?,
                })
            })
            .collect()
    }

    /// Deletes a score (the operator's `--delete ID`); whether there was one.
    pub(super) async fn delete_score(&self, id: i64) -> Result<bool, StoreError> {
        let mut conn = WriteConn::acquire(self.pool()).await?;
        let written = sqlx::query("DELETE FROM scores WHERE id = $1")
            .bind(id)
            .execute(conn.connection())
            .await
            .map(|done| done.rows_affected() == 1);
        conn.settle(written)
    }
}

/// Makes room on the board for `s`: other players' entries under the same
/// name (any case), or from the same address in the last day, give way to it
/// if it ranks above every one of them (they are deleted; the caller's
/// transaction commits that with the new entry or not at all). If one of them
/// is as good or better, `s` is the one refused.
async fn make_room(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    code: &str,
    version: i64,
    s: &NewScore,
) -> Result<Option<Stored>, StoreError> {
    let rivals = sqlx::query(
        "SELECT id, score, steps, lower(name) = lower($3) AS same_name FROM scores \
         WHERE level_code = $1 AND version = $6 AND player <> $2 \
           AND (lower(name) = lower($3) OR (address <> '' AND address = $4 AND at >= $5))",
    )
    .bind(code)
    .bind(&s.player)
    .bind(&s.name)
    .bind(&s.address)
    .bind(s.now - BOARD_DAY)
    .bind(version)
    .fetch_all(&mut **tx)
    .await?;
    let mut beaten = Vec::with_capacity(rivals.len());
    for rival in &rivals {
        let (score, steps): (i64, i64) = (rival.try_get("score")?, rival.try_get("steps")?);
        if score > s.score || (score == s.score && steps <= s.steps) {
            return Ok(Some(Stored::Crowded {
                best: score,
                same_name: super::store::truth(rival, "same_name")?,
            }));
        }
        beaten.push(rival.try_get::<i64, _>("id")?);
    }
    for id in beaten {
        sqlx::query("DELETE FROM scores WHERE id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(None)
}

/// Why a verified score was not stored (the transaction is dropped: nothing written).
async fn why_not_stored(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    code: &str,
    level: &ScoredLevel,
    s: &NewScore,
) -> Result<Stored, StoreError> {
    let now =
        sqlx::query("SELECT text, updated, version FROM levels WHERE code = $1 AND hidden = 0")
            .bind(code)
            .fetch_optional(&mut **tx)
            .await?;
    let Some(now) = now else {
        return Ok(Stored::LevelGone);
    };
    let (text, updated): (String, i64) = (now.try_get("text")?, now.try_get("updated")?);
    let version: i64 = now.try_get("version")?;
    if text != level.text || updated != level.updated || version != level.version {
        return Ok(Stored::LevelEdited);
    }
    let listed =
        sqlx::query("SELECT id FROM scores WHERE level_code = $1 AND version = $3 AND hash = $2")
            .bind(code)
            .bind(&s.hash)
            .bind(version)
            .fetch_optional(&mut **tx)
            .await?;
    if listed.is_some() {
        return Ok(Stored::Repeated);
    }
    let best = sqlx::query(
        "SELECT score FROM scores WHERE level_code = $1 AND version = $3 AND player = $2",
    )
    .bind(code)
    .bind(&s.player)
    .bind(version)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(Stored::NotBetter {
        best: best.map(|r| r.try_get("score")).transpose()?.unwrap_or(0),
    })
}

/// Whether `e` is a unique constraint refusing a row.
pub(super) fn is_unique_violation(e: &StoreError) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.kind() == sqlx::error::ErrorKind::UniqueViolation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gallery::store::{AuthorClear, NewLevel};

    /// A code no other run shares (PostgreSQL's database outlives a run).
    fn fresh_code(k: u32) -> String {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("T{k}{nanos}")
    }

    fn new_score(player: &str, score: i64, steps: i64, hash: &str) -> NewScore {
        NewScore {
            player: player.into(),
            name: format!("name of {player}"),
            score,
            steps,
            hash: hash.into(),
            replay: format!("replay of {hash}"),
            now: 1,
            address: String::new(),
        }
    }

    /// A one-brick solo level as the tests share it.
    fn new_level() -> NewLevel {
        NewLevel {
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
        }
    }

    /// A level shared on `store`: its code and what a replay is verified against.
    async fn shared(store: &Store, k: u32) -> (String, ScoredLevel) {
        let code = fresh_code(k);
        let new = new_level();
        assert!(store.insert_level(&code, &new).await.unwrap());
        let level = store.level_to_score(&code).await.unwrap().unwrap();
        (code, level)
    }

    /// The replays a level's board holds, best first (empty: not kept).
    async fn replays(store: &Store, code: &str) -> Vec<String> {
        let rows = sqlx::query(
            "SELECT replay FROM scores WHERE level_code = $1 ORDER BY score DESC, steps, id",
        )
        .bind(code)
        .fetch_all(store.pool())
        .await
        .unwrap();
        rows.iter().map(|r| r.try_get("replay").unwrap()).collect()
    }

    async fn put(store: &Store, code: &str, level: &ScoredLevel, s: NewScore) -> Stored {
        store.store_score(code, level, &s).await.unwrap()
    }

    async fn the_rules(store: &Store) {
        // One row per player: a better score replaces theirs, a worse is not listed.
        let (a, level) = shared(store, 1).await;
        let listed = put(store, &a, &level, new_score("p1", 50, 900, "h1"));
        assert!(matches!(listed.await, Stored::Listed { rank: 1, .. }));
        let worse = put(store, &a, &level, new_score("p1", 40, 500, "h2"));
        assert_eq!(worse.await, Stored::NotBetter { best: 50 });
        let better = put(store, &a, &level, new_score("p1", 60, 999, "h3"));
        assert!(matches!(better.await, Stored::Listed { rank: 1, .. }));
        assert_eq!(replays(store, &a).await, ["replay of h3"]);
        // The same game under another player id: refused.
        let copy = put(store, &a, &level, new_score("p2", 60, 999, "h3"));
        assert_eq!(copy.await, Stored::Repeated);
        let second = put(store, &a, &level, new_score("p2", 10, 99, "h4"));
        assert!(matches!(second.await, Stored::Listed { rank: 2, .. }));

        // Only the top replays are kept.
        let (b, level_b) = shared(store, 2).await;
        for k in 0..=KEPT_REPLAYS {
            let s = new_score(&format!("player{k}"), 100 - k, 10, &format!("g{k}"));
            let stored = store.store_score(&b, &level_b, &s).await.unwrap();
            assert!(matches!(stored, Stored::Listed { .. }), "{stored:?}");
        }
        let kept = replays(store, &b).await;
        assert_eq!(kept.len(), 11);
        assert!(kept[..10].iter().all(|r| !r.is_empty()), "{kept:?}");
        assert_eq!(kept[10], "", "the 11th keeps its line, not its replay");
        let top = put(store, &b, &level_b, new_score("late", 500, 10, "top"));
        assert!(matches!(top.await, Stored::Listed { rank: 1, .. }));
        let kept = replays(store, &b).await;
        assert_eq!((kept[0].as_str(), kept[10].as_str()), ("replay of top", ""));

        // Edited or withdrawn while the replay was played: not stored.
        let (c, level_c) = shared(store, 3).await;
        let edit = NewLevel {
            text: "[bricks]\n11\n".into(),
            ..new_level()
        };
        let edited = store.update_level(&c, &edit);
        assert!(edited.await.unwrap(), "edited in the same second");
        let late = put(store, &c, &level_c, new_score("p1", 5, 5, "e1"));
        assert_eq!(late.await, Stored::LevelEdited);
        let (d, level_d) = shared(store, 4).await;
        assert!(store.delete_level(&d).await.unwrap());
        let late = put(store, &d, &level_d, new_score("p1", 5, 5, "w1"));
        assert_eq!(late.await, Stored::LevelGone);
        let (e, level_e) = shared(store, 5).await;
        assert!(store.set_hidden(&e, true).await.unwrap());
        let late = put(store, &e, &level_e, new_score("p1", 5, 5, "x1"));
        assert_eq!(late.await, Stored::LevelGone);
        for code in [&c, &d, &e] {
            assert!(replays(store, code).await.is_empty(), "no row for {code}");
        }
    }

    /// A score from `address` under `name`, at `now`.
    fn from(player: &str, name: &str, address: &str, score: i64, now: i64) -> NewScore {
        NewScore {
            name: name.into(),
            address: address.into(),
            now,
            ..new_score(
                player,
                score,
                100,
                &format!("{player}-{name}-{score}-{now}"),
            )
        }
    }

    /// Issue 43: 80 CPU games under 80 ids from one address filled a top 10.
    async fn one_entry_per_name_and_per_address_a_day(store: &Store) {
        let (a, level) = shared(store, 6).await;
        let day = super::BOARD_DAY;
        // Many ids from one address in a day: only the best stays listed.
        let first = put(
            store,
            &a,
            &level,
            from("bot1", "Bot 1", "10.0.0.9", 30, day),
        );
        assert!(matches!(first.await, Stored::Listed { rank: 1, .. }));
        let worse = put(
            store,
            &a,
            &level,
            from("bot2", "Bot 2", "10.0.0.9", 20, day + 60),
        );
        assert_eq!(
            worse.await,
            Stored::Crowded {
                best: 30,
                same_name: false
            }
        );
        let better = put(
            store,
            &a,
            &level,
            from("bot3", "Bot 3", "10.0.0.9", 40, day + 120),
        );
        assert!(matches!(better.await, Stored::Listed { rank: 1, .. }));
        // Another address is another player.
        let other = put(
            store,
            &a,
            &level,
            from("ann", "Ann", "10.0.0.7", 10, day + 130),
        );
        assert!(matches!(other.await, Stored::Listed { rank: 2, .. }));
        let names: Vec<String> = store
            .operator_scores(&a)
            .await
            .unwrap()
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names, ["Bot 3", "Ann"], "bot1 gave way to bot3");
        // A day later the address may list another id.
        let tomorrow = put(
            store,
            &a,
            &level,
            from("bot4", "Bot 4", "10.0.0.9", 5, day * 2 + 121),
        );
        assert!(matches!(tomorrow.await, Stored::Listed { rank: 3, .. }));
        // One name, any case, any address: the better one stays.
        let twin = put(
            store,
            &a,
            &level,
            from("ann2", "ANN", "10.0.0.5", 8, day * 3),
        );
        assert_eq!(
            twin.await,
            Stored::Crowded {
                best: 10,
                same_name: true
            }
        );
        let twin = put(
            store,
            &a,
            &level,
            from("ann3", "ann", "10.0.0.6", 12, day * 3),
        );
        assert!(matches!(twin.await, Stored::Listed { rank: 2, .. }));
        // The player's own better score is never crowded out by their old one.
        let again = put(
            store,
            &a,
            &level,
            from("ann3", "ann", "10.0.0.6", 13, day * 3 + 5),
        );
        assert!(matches!(again.await, Stored::Listed { rank: 2, .. }));
        let lines = store.operator_scores(&a).await.unwrap();
        let names: Vec<&str> = lines.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Bot 3", "ann", "Bot 4"]);
        // The operator removes one.
        assert!(store.delete_score(lines[0].id).await.unwrap());
        assert!(!store.delete_score(lines[0].id).await.unwrap(), "gone");
        assert_eq!(store.operator_scores(&a).await.unwrap().len(), 2);
    }

    /// Issue 45, versions: an update starts a new board; the old version's
    /// scores stay (not wiped, not shown), a player and a game are listed
    /// once per version, and the board a replay plays on is its version's.
    async fn a_board_per_version(store: &Store) {
        let (a, v1) = shared(store, 20).await;
        let first = put(store, &a, &v1, new_score("p1", 50, 900, "h1"));
        assert!(matches!(first.await, Stored::Listed { rank: 1, .. }));
        let edit = NewLevel {
            text: "[bricks]\n11\n".into(),
            now: 200,
            ..new_level()
        };
        assert!(store.update_level(&a, &edit).await.unwrap());
        assert!(store.top_scores(&a).await.unwrap().is_empty(), "v2's board");
        assert_eq!(replays(store, &a).await, ["replay of h1"], "v1's kept");
        // A score checked against version 1 is not put on version 2's board.
        let late = put(store, &a, &v1, new_score("p2", 70, 900, "h2"));
        assert_eq!(late.await, Stored::LevelEdited);
        let v2 = store.level_to_score(&a).await.unwrap().unwrap();
        assert_eq!((v2.version, v2.text.as_str()), (2, "[bricks]\n11\n"));
        // The same player, even a worse score, is listed on version 2.
        let again = put(store, &a, &v2, new_score("p1", 10, 900, "h3"));
        assert!(matches!(again.await, Stored::Listed { rank: 1, .. }));
        let top = store.top_scores(&a).await.unwrap();
        assert_eq!(top.iter().map(|l| l.score).collect::<Vec<_>>(), [10]);
        let old = store.past_version(&a, |t| t == "[bricks]\n1\n").await;
        assert_eq!(
            old.unwrap().map(|v| (v.version, v.replaced)),
            Some((1, 200))
        );
        let none = store.past_version(&a, |t| t == "[bricks]\n111\n").await;
        assert_eq!(none.unwrap(), None);
        // Withdrawn: every version goes.
        assert!(store.delete_level(&a).await.unwrap());
        let gone = store.past_version(&a, |_| true).await.unwrap();
        assert_eq!(gone, None);
    }

    #[test]
    fn scores_one_per_player_no_repeats_top_replays_kept_and_none_on_a_changed_level() {
        crate::gallery::test_stores::on_each_store("scores", |store| async move {
            the_rules(&store).await;
            one_entry_per_name_and_per_address_a_day(&store).await;
            a_board_per_version(&store).await;
        });
    }
}
