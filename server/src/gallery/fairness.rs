//! Boards and lists that resist stuffing (issue 43): the rules that keep one
//! person with many player ids, or a bot, from putting a level first, making it
//! "most played" or filling its top ten.
//!
//! - A rating counts only from a player who played the level: the server saw
//!   their play start at least `--rate-after-play` seconds before (20 by
//!   default: a level is no shorter), or verified a score of theirs on it.
//! - One address (an IPv4 address, an IPv6 /64) rates a level, and counts
//!   plays of it in an hour, under at most `--ids-per-address` player ids (3 by
//!   default: a household shares an address). Past that its ratings are
//!   refused and its plays no longer counted.
//! - A level's board keeps one score per name, and one per address a day: a
//!   better score takes the place of the other, a worse one is refused.
//! - A level's attempts (plays that ended, behind its clear rate) count at
//!   most [`TRIES_AN_HOUR`] a player an hour, for the first
//!   `--ids-per-address` players of an address that hour; a daily
//!   challenge's board keeps one score a player a day, and at most
//!   `--ids-per-address` players of one address a day.
//!
//! The address kept with each row is the one the limits use (the real client
//! behind a trusted proxy); it is shown to no one but the operator.

use std::net::IpAddr;

/// The anti-stuffing rules' numbers (`--ids-per-address`, `--rate-after-play`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fairness {
    /// Player ids one address may rate a level under, or count plays of it
    /// under in one hour.
    pub(crate) ids_per_address: u32,
    /// Seconds between a play's start and its player's rating.
    pub(crate) rate_after_play: u32,
}

impl Default for Fairness {
    fn default() -> Self {
        Fairness {
            ids_per_address: 3,
            rate_after_play: 20,
        }
    }
}

/// A player's attempts (plays that ended) of a level counted in one hour:
/// enough for an hour of honest retries of a short level, few enough that
/// one id cannot make a level's clear rate what it likes.
pub(super) const TRIES_AN_HOUR: i64 = 12;

/// The seconds in which one address keeps one entry on a level's board.
pub(super) const BOARD_DAY: i64 = 24 * 3600;

/// The address a row keeps: an IPv4 address as written, an IPv6 address as
/// its /64 (the block the limits count it by), an IPv4-mapped one as IPv4.
pub(super) fn address_label(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let block = u128::from(v6) & !u128::from(u64::MAX);
                format!("{}/64", std::net::Ipv6Addr::from(block))
            }
        },
    }
}

/// What became of a rating.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Rating {
    /// Counted: the level's average and count after it.
    Counted { average: f64, ratings: i64 },
    /// The player has not played the level (long enough) yet.
    NotPlayed,
    /// The address already rated the level under as many ids as it may.
    AddressFull,
}

#[cfg(test)]
mod tests {
    use super::super::store::{AuthorClear, NewLevel, Play, Store};
    use super::*;

    /// A level shared on `store` under a code no other run uses.
    async fn shared(store: &Store) -> String {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let code = format!("F{nanos}");
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

    async fn plays(store: &Store, code: &str) -> i64 {
        store.level(code).await.unwrap().unwrap().0.plays
    }

    fn play<'a>(player: &'a str, address: &'a str, now: i64) -> Play<'a> {
        Play {
            player,
            address,
            now,
        }
    }

    /// Issue 43: 30 rating ids from one address put a level first; 12,200
    /// plays made one "most played".
    async fn ratings_from_players_who_played_and_few_ids_an_address(store: &Store) {
        let rules = Fairness::default();
        let code = shared(store).await;
        let t = 1_000_000;
        // No play, no rating; a play too fresh, none either.
        let rated = store
            .rate(&code, &play("p1", "10.1.0.1", t), 5, rules)
            .await
            .unwrap();
        assert_eq!(rated, Rating::NotPlayed);
        store
            .count_play(&code, &play("p1", "10.1.0.1", t), rules)
            .await
            .unwrap();
        let rated = store
            .rate(&code, &play("p1", "10.1.0.1", t + 5), 5, rules)
            .await
            .unwrap();
        assert_eq!(rated, Rating::NotPlayed);
        let after = t + i64::from(rules.rate_after_play);
        let rated = store
            .rate(&code, &play("p1", "10.1.0.1", after), 4, rules)
            .await
            .unwrap();
        assert_eq!(
            rated,
            Rating::Counted {
                average: 4.0,
                ratings: 1
            }
        );
        // One address under many ids: plays count for the first few, ratings too.
        for k in 0..10 {
            let id = format!("id{k}");
            store
                .count_play(&code, &play(&id, "10.1.0.2", t), rules)
                .await
                .unwrap();
        }
        assert_eq!(
            plays(store, &code).await,
            1 + i64::from(rules.ids_per_address)
        );
        let mut counted = 0;
        for k in 0..10 {
            let id = format!("id{k}");
            match store
                .rate(&code, &play(&id, "10.1.0.2", after), 5, rules)
                .await
                .unwrap()
            {
                Rating::Counted { .. } => counted += 1,
                other => assert_eq!(other, Rating::AddressFull, "{id}"),
            }
        }
        assert_eq!(counted, rules.ids_per_address);
        // A player who rated may change their stars whatever the cap.
        let again = store
            .rate(&code, &play("id0", "10.1.0.2", after + 1), 1, rules)
            .await
            .unwrap();
        assert!(matches!(again, Rating::Counted { ratings: 4, .. }));
        // Plays count again the next hour.
        store
            .count_play(&code, &play("id9", "10.1.0.2", t + 3600), rules)
            .await
            .unwrap();
        assert_eq!(
            plays(store, &code).await,
            2 + i64::from(rules.ids_per_address)
        );
    }

    /// Issue 45, versions: plays and ratings are the latest version's; a
    /// player who played version 1 this hour plays version 2 as a new play,
    /// and rates it only once they played it.
    async fn plays_and_ratings_per_version(store: &Store) {
        let rules = Fairness::default();
        let code = shared(store).await;
        let t = 2_000_000;
        let after = t + i64::from(rules.rate_after_play);
        store
            .count_play(&code, &play("p1", "10.2.0.1", t), rules)
            .await
            .unwrap();
        let rated = store
            .rate(&code, &play("p1", "10.2.0.1", after), 5, rules)
            .await;
        assert!(matches!(rated.unwrap(), Rating::Counted { .. }));
        let edit = NewLevel {
            title: "T".into(),
            author: String::new(),
            mode: "solo".into(),
            text: "[bricks]\n11\n".into(),
            key_hash: "h".into(),
            now: after + 1,
            clear: AuthorClear {
                steps: 1,
                replay: String::new(),
            },
        };
        assert!(store.update_level(&code, &edit).await.unwrap());
        let (v2, _) = store.level(&code).await.unwrap().unwrap();
        assert_eq!((v2.version, v2.plays, v2.ratings), (2, 0, 0));
        // Version 1's play does not rate version 2.
        let rated = store
            .rate(&code, &play("p1", "10.2.0.1", after + 2), 3, rules)
            .await;
        assert_eq!(rated.unwrap(), Rating::NotPlayed);
        // Played again in the same hour: version 2's first play.
        store
            .count_play(&code, &play("p1", "10.2.0.1", t + 60), rules)
            .await
            .unwrap();
        assert_eq!(plays(store, &code).await, 1);
        store
            .count_play(&code, &play("p1", "10.2.0.1", t + 61), rules)
            .await
            .unwrap();
        assert_eq!(plays(store, &code).await, 1, "once an hour still");
        let later = t + 60 + i64::from(rules.rate_after_play);
        let rated = store
            .rate(&code, &play("p1", "10.2.0.1", later), 3, rules)
            .await;
        assert_eq!(
            rated.unwrap(),
            Rating::Counted {
                average: 3.0,
                ratings: 1
            }
        );
    }

    #[test]
    fn a_rating_needs_a_play_and_an_address_rates_and_plays_under_few_ids() {
        super::super::test_stores::on_each_store("fairness", |store| async move {
            ratings_from_players_who_played_and_few_ids_an_address(&store).await;
            plays_and_ratings_per_version(&store).await;
        });
    }

    #[test]
    fn addresses_are_kept_as_the_limits_count_them() {
        let v4: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(address_label(v4), "203.0.113.7");
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(address_label(mapped), "203.0.113.7");
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(address_label(a), "2001:db8:1:2::/64");
        assert_eq!(address_label(a), address_label(b), "one /64, one address");
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_ne!(address_label(a), address_label(c));
    }
}
