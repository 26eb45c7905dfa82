//! Per-address budgets: how many connections an address holds open, and how
//! many joins it may still make (a token bucket; wrong codes spend tokens too).
//! An IPv6 address counts by its /64, the block one household or one cloud
//! machine gets, so a stranger cannot dodge the caps by counting through it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

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

/// A token bucket: `burst` tokens, one more every `every`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket of `burst` tokens.
    pub(super) fn full(burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            last: now,
        }
    }

    /// Refills for the time since the last call, then takes a token if there is one.
    pub(super) fn take(&mut self, now: Instant, burst: f64, per_second: f64) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_second).min(burst);
        self.last = now;
        let ok = self.tokens >= 1.0;
        if ok {
            self.tokens -= 1.0;
        }
        ok
    }

    /// Whether the bucket would be full at `now` (nothing to remember).
    fn refilled(&self, now: Instant, burst: f64, per_second: f64) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * per_second >= burst
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

/// One address's open connections and join budget.
#[derive(Debug)]
struct Budget {
    open: usize,
    joins: Bucket,
}

/// Every address's budget, and the connections open in all.
#[derive(Debug)]
pub(super) struct Addresses {
    budgets: Mutex<HashMap<AddressKey, Budget>>,
    total: AtomicUsize,
    limits: Limits,
}

/// An open connection's place in the caps (its address's, the total's, or
/// both); dropping it frees the place.
#[derive(Debug)]
pub(super) struct Admission {
    addresses: Arc<Addresses>,
    key: Option<AddressKey>,
    in_total: bool,
}

impl Drop for Admission {
    fn drop(&mut self) {
        if self.in_total {
            self.addresses.total.fetch_sub(1, Ordering::Relaxed);
        }
        let Some(key) = self.key else { return };
        let mut budgets = self.addresses.lock();
        if let Some(b) = budgets.get_mut(&key) {
            b.open = b.open.saturating_sub(1);
        }
    }
}

impl Addresses {
    /// No address known yet.
    pub(super) fn new(limits: Limits) -> Addresses {
        Addresses {
            budgets: Mutex::new(HashMap::new()),
            total: AtomicUsize::new(0),
            limits,
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<AddressKey, Budget>> {
        // A panic elsewhere while holding the lock leaves counts, which stay usable.
        self.budgets.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn per_second(&self) -> f64 {
        1.0 / self.limits.join_every.as_secs_f64()
    }

    /// Admits one more connection from `ip`, or says which cap it hits.
    pub(super) fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Admission, Refusal> {
        self.take_place(Some(AddressKey::of(ip)), true)
    }

    /// Admits a connection from a trusted proxy: it counts in the total, but
    /// its address is no client's, so the per-address cap applies to each
    /// request it forwards instead ([`Addresses::admit_forwarded`]).
    pub(super) fn admit_proxy(self: &Arc<Self>) -> Result<Admission, Refusal> {
        self.take_place(None, true)
    }

    /// Admits one request a trusted proxy forwards for client `ip` (a WebSocket
    /// holds it as long as it is open) against `ip`'s per-address cap; the
    /// proxy's connection already holds its place in the total.
    pub(super) fn admit_forwarded(self: &Arc<Self>, ip: IpAddr) -> Result<Admission, Refusal> {
        self.take_place(Some(AddressKey::of(ip)), false)
    }

    /// Takes a place in `key`'s cap (if any) and in the total (if `in_total`).
    fn take_place(
        self: &Arc<Self>,
        key: Option<AddressKey>,
        in_total: bool,
    ) -> Result<Admission, Refusal> {
        let mut budgets = self.lock();
        let total = self.total.load(Ordering::Relaxed);
        if in_total && total >= self.limits.max_connections {
            return Err(Refusal::ServerFull);
        }
        // The last places are kept for newcomers: past the reserve's edge an
        // address that already holds a few connections is refused, so addresses
        // holding many (125 addresses with 16 keep-alive WebSockets each took
        // all 2,000 places, issue 43) leave room for a player arriving.
        let reserved = in_total && total >= self.limits.max_connections - reserve(&self.limits);
        if let Some(key) = key {
            let now = Instant::now();
            let budget = budgets.entry(key).or_insert_with(|| Budget {
                open: 0,
                joins: Bucket::full(self.limits.join_burst, now),
            });
            if budget.open >= self.limits.max_per_address {
                return Err(Refusal::TooManyConnections);
            }
            if reserved && budget.open >= NEWCOMER_HOLDS {
                return Err(Refusal::ServerFull);
            }
            budget.open += 1;
        }
        if in_total {
            self.total.fetch_add(1, Ordering::Relaxed);
        }
        Ok(Admission {
            addresses: Arc::clone(self),
            key,
            in_total,
        })
    }

    /// Spends one of `ip`'s joins (a join or a new room), or refuses when its
    /// budget is spent.
    pub(super) fn spend_join(&self, ip: IpAddr) -> Result<(), Refusal> {
        self.spend_join_at(ip, Instant::now())
    }

    /// [`Addresses::spend_join`] at `now`: the clock is the caller's, so a
    /// test moves it instead of sleeping.
    fn spend_join_at(&self, ip: IpAddr, now: Instant) -> Result<(), Refusal> {
        let key = AddressKey::of(ip);
        let (burst, per_second) = (self.limits.join_burst, self.per_second());
        let mut budgets = self.lock();
        let budget = budgets.entry(key).or_insert_with(|| Budget {
            open: 0,
            joins: Bucket::full(burst, now),
        });
        if budget.joins.take(now, burst, per_second) {
            Ok(())
        } else {
            Err(Refusal::TooManyJoins)
        }
    }

    /// Forgets addresses with nothing open and a full budget (they would start
    /// the same), so the table does not grow with every address ever seen.
    pub(super) fn sweep(&self) {
        let now = Instant::now();
        let (burst, per_second) = (self.limits.join_burst, self.per_second());
        self.lock()
            .retain(|_, b| b.open > 0 || !b.joins.refilled(now, burst, per_second));
    }

    /// Connections open in all.
    pub(super) fn open(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
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
        let a = Arc::new(Addresses::new(limits(
            "--max-per-address 1 --join-burst 2 --join-every 50",
        )));
        let x: IpAddr = "2001:db8::1".parse().unwrap();
        let y: IpAddr = "2001:db8::2:3".parse().unwrap();
        let _held = a.admit(x).unwrap();
        assert_eq!(a.admit(y).err(), Some(Refusal::TooManyConnections));
        let now = Instant::now();
        assert!(a.spend_join_at(x, now).is_ok() && a.spend_join_at(y, now).is_ok());
        assert_eq!(a.spend_join_at(x, now), Err(Refusal::TooManyJoins));
        let soon = now + Duration::from_millis(40);
        assert_eq!(a.spend_join_at(x, soon), Err(Refusal::TooManyJoins));
        let later = now + Duration::from_millis(60);
        assert!(
            a.spend_join_at(x, later).is_ok(),
            "a token comes back after --join-every"
        );
        a.sweep();
        assert_eq!(a.lock().len(), 1, "an address with a connection open stays");
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
