//! Boards and lists that resist stuffing (issue 43): the rules that keep one
//! person with many player ids, many addresses of one network, or a bot, from
//! putting a level first, making it "most played" or filling its top ten.
//!
//! - A rating counts only from a player who played the level: the server saw
//!   their play start at least `--rate-after-play` seconds before (20 by
//!   default: a level is no shorter), or verified a score of theirs on it.
//! - The caps count per NETWORK, not per address (the owner's decision in
//!   issue 43: one person holds a whole /24 or /64 as easily as one address):
//!   an IPv4 /24 (`--ipv4-prefix`) and an IPv6 /64 (`--ipv6-prefix`). One
//!   network rates a level, and counts plays of it in an hour, under at most
//!   `--ids-per-address` player ids (3 by default: a household behind one NAT
//!   shares an address). Past that its ratings are refused and its plays no
//!   longer counted.
//! - "most played" counts at most `--plays-per-network` plays of a level a
//!   network a day (3 by default), whatever the ids and hours: 200 addresses
//!   of one /24 count 3 plays a day, not 600 an hour.
//! - "top" ranks a level above the levels rated from at least
//!   `--top-networks` distinct networks (3 by default) only once it has as
//!   many itself: three ids of one household at 5 stars do not put a new level
//!   first over levels liked by six people elsewhere (no Bayesian prior can:
//!   three 5s beat six 4s whatever its weight).
//! - A level's board keeps one score per name, and one per address a day: a
//!   better score takes the place of the other, a worse one is refused. It
//!   counts by address, not by network: neighbours in one ISP's /24 do not
//!   take each other's place.
//! - A level's attempts (plays that ended, behind its clear rate) count at
//!   most [`TRIES_AN_HOUR`] a player an hour, for the first
//!   `--ids-per-address` players of a network that hour; a daily
//!   challenge's board keeps one score a player a day, and at most
//!   `--ids-per-address` players of one address a day.
//!
//! The address or network kept with each row is the one the limits use (the
//! real client behind a trusted proxy); it is shown to no one but the operator.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The anti-stuffing rules' numbers (`--ids-per-address`, `--rate-after-play`,
/// `--ipv4-prefix`, `--ipv6-prefix`, `--top-networks`, `--plays-per-network`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fairness {
    /// Player ids one network may rate a level under, or count plays of it
    /// under in one hour.
    pub(crate) ids_per_address: u32,
    /// Seconds between a play's start and its player's rating.
    pub(crate) rate_after_play: u32,
    /// The prefix length of an IPv4 network the caps count by (24; 32 counts
    /// each address on its own).
    pub(crate) ipv4_prefix: u8,
    /// The prefix length of an IPv6 network the caps count by (64).
    pub(crate) ipv6_prefix: u8,
    /// Distinct networks a level's ratings must come from before "top" ranks
    /// it above the levels that have as many.
    pub(crate) top_networks: u32,
    /// Plays of a level counted from one network in a day ("most played").
    pub(crate) plays_per_network: u32,
}

impl Default for Fairness {
    fn default() -> Self {
        Fairness {
            ids_per_address: 3,
            rate_after_play: 20,
            ipv4_prefix: 24,
            ipv6_prefix: 64,
            top_networks: 3,
            plays_per_network: 3,
        }
    }
}

impl Fairness {
    /// The network `ip` belongs to as rows keep it and the caps count it:
    /// an IPv4 address masked to [`Fairness::ipv4_prefix`] bits
    /// (`203.0.113.0/24`; the address as written at 32, as rows kept it
    /// before), an IPv6 one to [`Fairness::ipv6_prefix`] (`2001:db8:1:2::/64`,
    /// as rows kept it before), an IPv4-mapped one as IPv4.
    pub(super) fn network(&self, ip: IpAddr) -> String {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match ip {
            IpAddr::V4(v4) => {
                let bits = self.ipv4_prefix.min(32);
                if bits == 32 {
                    return v4.to_string();
                }
                let mask = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
                format!("{}/{bits}", Ipv4Addr::from(u32::from(v4) & mask))
            }
            IpAddr::V6(v6) => {
                let bits = self.ipv6_prefix.min(128);
                let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
                format!("{}/{bits}", Ipv6Addr::from(u128::from(v6) & mask))
            }
        }
    }
}

/// A player's attempts (plays that ended) of a level counted in one hour:
/// enough for an hour of honest retries of a short level, few enough that
/// one id cannot make a level's clear rate what it likes.
pub(super) const TRIES_AN_HOUR: i64 = 12;

/// The seconds in which one address keeps one entry on a level's board.
pub(super) const BOARD_DAY: i64 = 24 * 3600;

/// The address a board's row keeps: an IPv4 address as written, an IPv6
/// address as its /64, an IPv4-mapped one as IPv4 (the board counts by
/// address; the other caps by [`Fairness::network`]).
pub(super) fn address_label(ip: IpAddr) -> String {
    Fairness {
        ipv4_prefix: 32,
        ipv6_prefix: 64,
        ..Fairness::default()
    }
    .network(ip)
}

/// What became of a rating.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Rating {
    /// Counted: the level's average and count after it.
    Counted { average: f64, ratings: i64 },
    /// The player has not played the level (long enough) yet.
    NotPlayed,
    /// The network already rated the level under as many ids as it may.
    AddressFull,
}

#[cfg(test)]
mod tests {
    use super::super::store::{AuthorClear, NewLevel, Play, Sort, Store};
    use super::*;

    /// A level shared on `store` under a code no other run uses.
    async fn shared(store: &Store) -> String {
        shared_titled(store, "T").await
    }

    /// [`shared`] with a title.
    async fn shared_titled(store: &Store, title: &str) -> String {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let code = format!("F{nanos}");
        let new = NewLevel {
            title: title.into(),
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

    /// `player` plays `code` from `address` at `now`, under the default rules
    /// (counted or not, as they say).
    async fn count(store: &Store, code: &str, player: &str, address: &str, now: i64) {
        let play = Play {
            player,
            address,
            now,
        };
        let rules = Fairness::default();
        store.count_play(code, &play, rules).await.unwrap();
    }

    /// `player` rates `code` `stars` from `address` at `now`, under the
    /// default rules: what became of it.
    async fn rate(
        store: &Store,
        code: &str,
        player: &str,
        address: &str,
        now: i64,
        stars: i64,
    ) -> Rating {
        let play = Play {
            player,
            address,
            now,
        };
        let rules = Fairness::default();
        store.rate(code, &play, stars, rules).await.unwrap()
    }

    /// Issue 43: 30 rating ids from one address put a level first; 12,200
    /// plays made one "most played".
    async fn ratings_from_players_who_played_and_few_ids_an_address(store: &Store) {
        let rules = Fairness::default();
        let code = shared(store).await;
        let t = 1_000_000;
        // No play, no rating; a play too fresh, none either.
        let rated = rate(store, &code, "p1", "10.1.0.1", t, 5).await;
        assert_eq!(rated, Rating::NotPlayed);
        count(store, &code, "p1", "10.1.0.1", t).await;
        let rated = rate(store, &code, "p1", "10.1.0.1", t + 5, 5).await;
        assert_eq!(rated, Rating::NotPlayed);
        let after = t + i64::from(rules.rate_after_play);
        let rated = rate(store, &code, "p1", "10.1.0.1", after, 4).await;
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
            count(store, &code, &id, "10.1.0.2", t).await;
        }
        assert_eq!(
            plays(store, &code).await,
            1 + i64::from(rules.ids_per_address)
        );
        let mut counted = 0;
        for k in 0..10 {
            let id = format!("id{k}");
            match rate(store, &code, &id, "10.1.0.2", after, 5).await {
                Rating::Counted { .. } => counted += 1,
                other => assert_eq!(other, Rating::AddressFull, "{id}"),
            }
        }
        assert_eq!(counted, rules.ids_per_address);
        // A player who rated may change their stars whatever the cap.
        let again = rate(store, &code, "id0", "10.1.0.2", after + 1, 1).await;
        assert!(matches!(again, Rating::Counted { ratings: 4, .. }));
        // Not the next hour (the network's plays of the day are counted),
        // but the next day.
        count(store, &code, "id9", "10.1.0.2", t + 3600).await;
        assert_eq!(
            plays(store, &code).await,
            1 + i64::from(rules.ids_per_address)
        );
        count(store, &code, "id9", "10.1.0.2", t + 86_400).await;
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
        count(store, &code, "p1", "10.2.0.1", t).await;
        let rated = rate(store, &code, "p1", "10.2.0.1", after, 5).await;
        assert!(matches!(rated, Rating::Counted { .. }));
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
        let rated = rate(store, &code, "p1", "10.2.0.1", after + 2, 3).await;
        assert_eq!(rated, Rating::NotPlayed);
        // Played again in the same hour: version 2's first play.
        count(store, &code, "p1", "10.2.0.1", t + 60).await;
        assert_eq!(plays(store, &code).await, 1);
        count(store, &code, "p1", "10.2.0.1", t + 61).await;
        assert_eq!(plays(store, &code).await, 1, "once an hour still");
        let later = t + 60 + i64::from(rules.rate_after_play);
        let rated = rate(store, &code, "p1", "10.2.0.1", later, 3).await;
        assert_eq!(
            rated,
            Rating::Counted {
                average: 3.0,
                ratings: 1
            }
        );
    }

    /// `players` (named `prefix0`, ...) play `code` from `networks[k % len]`
    /// and rate it `stars` once their play is old enough.
    async fn rate_from(
        store: &Store,
        code: &str,
        (prefix, players, stars): (&str, usize, i64),
        networks: &[&str],
        t: i64,
    ) {
        let rules = Fairness::default();
        for k in 0..players {
            let (id, net) = (format!("{prefix}{k}"), networks[k % networks.len()]);
            count(store, code, &id, net, t).await;
        }
        let after = t + i64::from(rules.rate_after_play);
        for k in 0..players {
            let (id, net) = (format!("{prefix}{k}"), networks[k % networks.len()]);
            let rated = rate(store, code, &id, net, after, stars).await;
            assert!(matches!(rated, Rating::Counted { .. }), "{id}");
        }
    }

    /// The codes of "top"'s first page of levels matching `q`.
    async fn top_order(store: &Store, q: &str) -> Vec<String> {
        let (page, _) = store.list(Sort::Top, q, 0).await.unwrap();
        page.into_iter().map(|s| s.code).collect()
    }

    /// Issue 43's patient attacker: once its plays were old enough, one
    /// address's 3 ids at 5 stars put a new level first of "top" over levels
    /// with six 4-star ratings. Now "top" ranks a level above the levels
    /// rated from `top_networks` networks only once it has as many.
    async fn top_waits_for_ratings_from_a_few_networks(store: &Store) {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let tag = format!("topnet{nanos}");
        let liked = shared_titled(store, &format!("{tag} liked")).await;
        let stuffed = shared_titled(store, &format!("{tag} stuffed")).await;
        let t = 3_000_000;
        // Six players of three households at 4 stars.
        let homes = ["198.51.100.0/24", "203.0.113.0/24", "192.0.2.0/24"];
        rate_from(store, &liked, ("fan", 6, 4), &homes, t).await;
        // Three ids of one network at 5 stars: counted, its average 5.0.
        rate_from(store, &stuffed, ("sock", 3, 5), &["10.9.9.0/24"], t).await;
        let (s, _) = store.level(&stuffed).await.unwrap().unwrap();
        assert_eq!((s.ratings, s.rating), (3, Some(5.0)));
        assert_eq!(
            top_order(store, &tag).await,
            [liked.clone(), stuffed.clone()]
        );
        // Rated from two more networks, it leads.
        rate_from(store, &stuffed, ("away", 2, 5), &homes[1..], t + 100).await;
        assert_eq!(
            top_order(store, &tag).await,
            [stuffed.clone(), liked.clone()]
        );
        // A server started with --top-networks 9 marks neither ready.
        assert!(store.mark_top_ready(9).await.unwrap() >= 2);
        let (page, _) = store.list(Sort::Top, &tag, 0).await.unwrap();
        assert_eq!(page.len(), 2);
        assert_eq!(page[0].code, stuffed, "the Bayesian average among equals");
        store.mark_top_ready(3).await.unwrap();
    }

    /// Issue 43's patient attacker: 600 counted plays still made a level
    /// "most played". A network's plays of a level count a few a day.
    async fn a_network_counts_a_few_plays_a_day(store: &Store) {
        let rules = Fairness::default();
        let code = shared(store).await;
        // Day 40, 01:00; one player an hour, each hour a new one.
        let t = 40 * 86_400 + 3600;
        for h in 0..10 {
            let id = format!("hourly{h}");
            let now = t + h * 3600;
            count(store, &code, &id, "10.3.0.0/24", now).await;
        }
        assert_eq!(
            plays(store, &code).await,
            i64::from(rules.plays_per_network)
        );
        // Another network counts its own; the first counts again tomorrow.
        count(store, &code, "else", "10.4.0.0/24", t).await;
        count(store, &code, "hourly0", "10.3.0.0/24", t + 86_400).await;
        assert_eq!(
            plays(store, &code).await,
            2 + i64::from(rules.plays_per_network)
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
    fn top_and_most_played_count_networks() {
        super::super::test_stores::on_each_store("networks", |store| async move {
            top_waits_for_ratings_from_a_few_networks(&store).await;
            a_network_counts_a_few_plays_a_day(&store).await;
        });
    }

    #[test]
    fn the_caps_count_an_ipv4_slash_24_and_an_ipv6_slash_64_or_the_prefixes_given() {
        let rules = Fairness::default();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(rules.network(ip("203.0.113.7")), "203.0.113.0/24");
        assert_eq!(
            rules.network(ip("203.0.113.7")),
            rules.network(ip("203.0.113.250"))
        );
        assert_ne!(
            rules.network(ip("203.0.113.7")),
            rules.network(ip("203.0.114.7"))
        );
        assert_eq!(rules.network(ip("::ffff:203.0.113.7")), "203.0.113.0/24");
        assert_eq!(
            rules.network(ip("2001:db8:1:2:aaaa::1")),
            "2001:db8:1:2::/64"
        );
        let wide = Fairness {
            ipv4_prefix: 16,
            ipv6_prefix: 48,
            ..rules
        };
        assert_eq!(wide.network(ip("203.0.113.7")), "203.0.0.0/16");
        assert_eq!(wide.network(ip("2001:db8:1:2::1")), "2001:db8:1::/48");
        let each = Fairness {
            ipv4_prefix: 32,
            ipv6_prefix: 128,
            ..rules
        };
        assert_eq!(each.network(ip("203.0.113.7")), "203.0.113.7");
        assert_eq!(each.network(ip("2001:db8::1")), "2001:db8::1/128");
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
