//! Per-address budgets: how many connections an address holds open, and how
//! many joins it may still make (a `governor` limiter keyed by address; wrong
//! codes spend joins too). An IPv6 address counts by its /64, the block one
//! household or one cloud machine gets, so a stranger cannot dodge the caps by
//! counting through it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};

use super::args::Limits;
use arkanong_core::app::online::Refusal;

/// Whom a budget belongs to: an IPv4 address or an IPv6 /64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct AddressKey(u128);

impl AddressKey {
    /// The key of `ip` (an IPv4-mapped IPv6 address is its IPv4 address).
    pub(super) fn of(ip: IpAddr) -> AddressKey {
        match ip {
            IpAddr::V4(v4) => AddressKey(u128::from(u32::from(v4))),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey(u128::from(u32::from(v4))),
                None => AddressKey(u128::from(v6) & !u128::from(u64::MAX)),
            },
        }
    }
}

/// Connections an address may already hold and still take one of the places
/// kept for newcomers (a player's page holds a WebSocket and an HTTP request).
const NEWCOMER_HOLDS: usize = 2;

/// The places at the top of `--max-connections` kept for newcomers: a tenth
/// (none below 10 places, where a tenth is no place at all).
fn reserve(limits: &Limits) -> usize {
    limits.max_connections / 10
}

/// The connections open: each address's, and all of them.
#[derive(Debug)]
struct Places {
    /// Only addresses with a connection open (an entry goes at its last close).
    open: Mutex<HashMap<AddressKey, usize>>,
    total: AtomicUsize,
    limits: Limits,
}

impl Places {
    fn lock(&self) -> MutexGuard<'_, HashMap<AddressKey, usize>> {
        // A panic elsewhere while holding the lock leaves counts, which stay usable.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The joins' limiter: `--join-burst` per address, one more every `--join-every`.
type Joins<C> = RateLimiter<
    AddressKey,
    HashMapStateStore<AddressKey>,
    C,
    NoOpMiddleware<<C as Clock>::Instant>,
>;

/// Every address's places and join budget; the clock is a parameter so a
/// test moves it instead of sleeping.
#[derive(Debug)]
pub(super) struct Addresses<C: Clock = DefaultClock> {
    places: Arc<Places>,
    joins: Joins<C>,
}

/// An open connection's place in the caps (its address's, the total's, or
/// both); dropping it frees the place.
#[derive(Debug)]
pub(super) struct Admission {
    places: Arc<Places>,
    key: Option<AddressKey>,
    in_total: bool,
}

impl Drop for Admission {
    fn drop(&mut self) {
        if self.in_total {
            self.places.total.fetch_sub(1, Ordering::Relaxed);
        }
        let Some(key) = self.key else { return };
        let mut open = self.places.lock();
        if let Some(n) = open.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&key);
            }
        }
    }
}

impl Addresses {
    /// No address known yet.
    pub(super) fn new(limits: Limits) -> Addresses {
        Addresses::with_clock(limits, DefaultClock::default())
    }
}

impl<C: Clock> Addresses<C> {
    /// [`Addresses::new`] on `clock`.
    fn with_clock(limits: Limits, clock: C) -> Addresses<C> {
        // `--join-every` is at least 1 ms, so the period always makes a quota.
        let quota = Quota::with_period(limits.join_every)
            .unwrap_or(Quota::per_second(NonZeroU32::MIN))
            .allow_burst(limits.join_burst);
        Addresses {
            joins: RateLimiter::hashmap_with_clock(quota, clock),
            places: Arc::new(Places {
                open: Mutex::new(HashMap::new()),
                total: AtomicUsize::new(0),
                limits,
            }),
        }
    }

    /// Admits one more connection from `ip`, or says which cap it hits.
    pub(super) fn admit(&self, ip: IpAddr) -> Result<Admission, Refusal> {
        self.take_place(Some(AddressKey::of(ip)), true)
    }

    /// Admits a connection from a trusted proxy: it counts in the total, but
    /// its address is no client's, so the per-address cap applies to each
    /// request it forwards instead ([`Addresses::admit_forwarded`]).
    pub(super) fn admit_proxy(&self) -> Result<Admission, Refusal> {
        self.take_place(None, true)
    }

    /// Admits one request a trusted proxy forwards for client `ip` (a WebSocket
    /// holds it as long as it is open) against `ip`'s per-address cap; the
    /// proxy's connection already holds its place in the total.
    pub(super) fn admit_forwarded(&self, ip: IpAddr) -> Result<Admission, Refusal> {
        self.take_place(Some(AddressKey::of(ip)), false)
    }

    /// Takes a place in `key`'s cap (if any) and in the total (if `in_total`).
    fn take_place(&self, key: Option<AddressKey>, in_total: bool) -> Result<Admission, Refusal> {
        let places = &self.places;
        let limits = &places.limits;
        let mut open = places.lock();
        let total = places.total.load(Ordering::Relaxed);
        if in_total && total >= limits.max_connections {
            return Err(Refusal::ServerFull);
        }
        // The last places are kept for newcomers: past the reserve's edge an
        // address that already holds a few connections is refused, so addresses
        // holding many (125 addresses with 16 keep-alive WebSockets each took
        // all 2,000 places, issue 43) leave room for a player arriving.
        let reserved = in_total && total >= limits.max_connections - reserve(limits);
        if let Some(key) = key {
            let held = open.get(&key).copied().unwrap_or(0);
            if held >= limits.max_per_address {
                return Err(Refusal::TooManyConnections);
            }
            if reserved && held >= NEWCOMER_HOLDS {
                return Err(Refusal::ServerFull);
            }
            open.insert(key, held + 1);
        }
        if in_total {
            places.total.fetch_add(1, Ordering::Relaxed);
        }
        Ok(Admission {
            places: Arc::clone(places),
            key,
            in_total,
        })
    }

    /// Spends one of `ip`'s joins (a join or a new room), or refuses when its
    /// budget is spent.
    pub(super) fn spend_join(&self, ip: IpAddr) -> Result<(), Refusal> {
        self.joins
            .check_key(&AddressKey::of(ip))
            .map_err(|_| Refusal::TooManyJoins)
    }

    /// Forgets the join budgets that have refilled (they would start the
    /// same), so the table does not grow with every address ever seen; an
    /// address's count of open connections goes with its last connection.
    pub(super) fn sweep(&self) {
        self.joins.retain_recent();
        self.joins.shrink_to_fit();
    }

    /// Connections open in all.
    pub(super) fn open(&self) -> usize {
        self.places.total.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use governor::clock::FakeRelativeClock;
    use std::time::Duration;

    fn limits(line: &str) -> Limits {
        #[derive(Parser)]
        struct S {
            #[command(flatten)]
            args: super::super::ServerArgs,
        }
        S::try_parse_from(std::iter::once("s").chain(line.split_whitespace()))
            .unwrap()
            .args
            .limits()
    }

    #[test]
    fn addresses_cap_connections_per_address_and_in_all() {
        let a = Arc::new(Addresses::new(limits(
            "--max-per-address 2 --max-connections 3",
        )));
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let two: IpAddr = "10.0.0.2".parse().unwrap();
        let kept = [a.admit(one).unwrap(), a.admit(one).unwrap()];
        assert_eq!(a.admit(one).err(), Some(Refusal::TooManyConnections));
        let third = a.admit(two).unwrap();
        assert_eq!(a.admit(two).err(), Some(Refusal::ServerFull));
        drop(third);
        drop(kept);
        assert_eq!(a.open(), 0);
        assert!(
            a.admit(one).is_ok(),
            "places come back when connections close"
        );
    }

    /// Issue 43: 125 addresses holding 16 WebSockets each took all 2,000
    /// places; an honest client got in 0 of 35 times.
    #[test]
    fn the_last_tenth_of_the_places_is_kept_for_addresses_holding_few() {
        let a = Arc::new(Addresses::new(limits(
            "--max-per-address 16 --max-connections 40",
        )));
        let mut held = Vec::new();
        let mut refused = 0;
        for k in 0..3 {
            let flooder: IpAddr = format!("10.9.0.{k}").parse().unwrap();
            for _ in 0..16 {
                match a.admit(flooder) {
                    Ok(place) => held.push(place),
                    Err(r) => {
                        assert_eq!(r, Refusal::ServerFull);
                        refused += 1;
                    }
                }
            }
        }
        assert_eq!(
            (a.open(), refused),
            (36, 12),
            "the flood stops at the reserve"
        );
        let honest: Vec<IpAddr> = (0..4)
            .map(|k| format!("198.51.100.{k}").parse().unwrap())
            .collect();
        let first = a.admit(honest[0]).expect("a newcomer gets in");
        let second = a.admit(honest[0]).expect("and a second connection");
        assert_eq!(
            a.admit(honest[0]).err(),
            Some(Refusal::ServerFull),
            "a third is no newcomer's"
        );
        let others = [a.admit(honest[1]).unwrap(), a.admit(honest[2]).unwrap()];
        assert_eq!(a.open(), 40);
        assert_eq!(a.admit(honest[3]).err(), Some(Refusal::ServerFull));
        drop((first, second, others));
        // A flooder's fresh address is a newcomer too, for two places: the
        // reserve holds many addresses, never one address's many connections.
        // Below the reserve's edge an address fills its own cap as before.
        drop(held.drain(..10));
        assert!(a.admit("10.9.0.0".parse().unwrap()).is_ok());
    }

    #[test]
    fn addresses_count_an_ipv6_block_as_one_and_refill_joins() {
        let clock = FakeRelativeClock::default();
        let a = Addresses::with_clock(
            limits("--max-per-address 1 --join-burst 2 --join-every 50"),
            clock.clone(),
        );
        let x: IpAddr = "2001:db8::1".parse().unwrap();
        let y: IpAddr = "2001:db8::2:3".parse().unwrap();
        let held = a.admit(x).unwrap();
        assert_eq!(a.admit(y).err(), Some(Refusal::TooManyConnections));
        assert!(a.spend_join(x).is_ok() && a.spend_join(y).is_ok());
        assert_eq!(a.spend_join(x), Err(Refusal::TooManyJoins));
        clock.advance(Duration::from_millis(40));
        assert_eq!(a.spend_join(x), Err(Refusal::TooManyJoins));
        clock.advance(Duration::from_millis(20));
        assert!(
            a.spend_join(x).is_ok(),
            "a token comes back after --join-every"
        );
        a.sweep();
        assert_eq!(a.joins.len(), 1, "a spent budget stays");
        assert_eq!(
            a.places.lock().len(),
            1,
            "an address with a connection open stays"
        );
        clock.advance(Duration::from_secs(1));
        a.sweep();
        drop(held);
        assert_eq!(
            (a.joins.len(), a.places.lock().len()),
            (0, 0),
            "a refilled budget and a closed address are forgotten"
        );
    }

    #[test]
    fn a_proxy_counts_in_the_total_and_its_clients_each_in_their_own_cap() {
        let a = Arc::new(Addresses::new(limits(
            "--max-per-address 1 --max-connections 2",
        )));
        let proxy = [a.admit_proxy().unwrap(), a.admit_proxy().unwrap()];
        assert_eq!(a.open(), 2);
        assert_eq!(a.admit_proxy().err(), Some(Refusal::ServerFull));
        let one: IpAddr = "203.0.113.1".parse().unwrap();
        let two: IpAddr = "203.0.113.2".parse().unwrap();
        let held = a.admit_forwarded(one).unwrap();
        assert_eq!(
            a.admit_forwarded(one).err(),
            Some(Refusal::TooManyConnections)
        );
        assert!(
            a.admit_forwarded(two).is_ok(),
            "another client has its own cap"
        );
        assert_eq!(a.open(), 2, "forwarded requests ride on the proxy's place");
        drop(held);
        assert!(a.admit_forwarded(one).is_ok());
        drop(proxy);
        assert_eq!(a.open(), 0);
    }
}
