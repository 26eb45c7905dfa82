//! The gallery's per-address rate limits: a token bucket per address and kind
//! of write, and one for reads (an IPv6 address counts by its /64, as the
//! signaling's limits do). A request over its limit is refused with 429 and `Retry-After`, the seconds
//! until the next token, so an honest client knows when to try again.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::super::addresses::AddressKey;

/// The kinds of write, each with its own budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Write {
    /// Sharing, editing or withdrawing a level.
    Upload,
    /// Rating a level.
    Rating,
    /// Counting a play.
    Play,
    /// Reporting a level.
    Report,
    /// Submitting a score (each one a replay played on the server).
    Score,
    /// Reading: a listing or search, a level, a top ten, a replay (up to 4
    /// MiB). Not a write, but each costs the database a query, and a search
    /// reads every level.
    Read,
}

impl Write {
    /// (burst, seconds to earn one more): a player shares a few levels in an
    /// evening and rates or plays dozens; a verified score costs the server a
    /// whole game played, so those are fewer.
    fn rate(self) -> (f64, f64) {
        match self {
            Write::Upload => (10.0, 60.0),
            Write::Rating => (30.0, 2.0),
            Write::Play => (60.0, 1.0),
            Write::Report => (5.0, 120.0),
            Write::Score => (20.0, 10.0),
            // A Community screen's visit reads a few pages, levels and top
            // tens: 120 at once, then 4 a second, which no player's browsing
            // reaches and which a loop pulling replays soon does.
            Write::Read => (120.0, 0.25),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Every address's buckets.
#[derive(Debug)]
pub(crate) struct GalleryLimits {
    buckets: Mutex<HashMap<(AddressKey, Write), Bucket>>,
    /// Multiplies every burst (`--gallery-burst-factor`; tests and benches raise it).
    factor: f64,
}

impl GalleryLimits {
    /// Full budgets for everyone, bursts multiplied by `factor` (at least 1).
    pub(crate) fn new(factor: u32) -> GalleryLimits {
        GalleryLimits {
            buckets: Mutex::new(HashMap::new()),
            factor: f64::from(factor.max(1)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<(AddressKey, Write), Bucket>> {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Spends `cost` of `ip`'s `write`s, or says how long until there are.
    pub(super) fn spend(&self, ip: IpAddr, write: Write, cost: u32) -> Result<(), Duration> {
        self.spend_at(ip, write, Instant::now(), cost)
    }

    fn spend_at(&self, ip: IpAddr, write: Write, now: Instant, cost: u32) -> Result<(), Duration> {
        let cost = f64::from(cost.max(1));
        let (burst, every) = write.rate();
        let burst = burst * self.factor;
        let mut buckets = self.lock();
        let bucket = buckets
            .entry((AddressKey::of(ip), write))
            .or_insert(Bucket {
                tokens: burst,
                last: now,
            });
        let earned = now.saturating_duration_since(bucket.last).as_secs_f64() / every;
        bucket.tokens = (bucket.tokens + earned).min(burst);
        bucket.last = now;
        if bucket.tokens >= cost {
            bucket.tokens -= cost;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((cost - bucket.tokens) * every))
        }
    }

    /// Forgets buckets that have refilled (they would start the same).
    pub(crate) fn sweep(&self) {
        let now = Instant::now();
        let factor = self.factor;
        self.lock().retain(|(_, write), b| {
            let (burst, every) = write.rate();
            b.tokens + now.saturating_duration_since(b.last).as_secs_f64() / every < burst * factor
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gallery_limits_refuse_past_the_burst_and_say_when_to_retry() {
        let limits = GalleryLimits::new(1);
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..10 {
            assert!(limits.spend_at(ip, Write::Upload, t0, 1).is_ok());
        }
        let wait = limits.spend_at(ip, Write::Upload, t0, 1).unwrap_err();
        assert_eq!(wait.as_secs(), 60);
        assert!(
            limits.spend_at(ip, Write::Rating, t0, 1).is_ok(),
            "each kind of write has its own budget"
        );
        for _ in 0..120 {
            assert!(limits.spend_at(ip, Write::Read, t0, 1).is_ok());
        }
        let wait = limits.spend_at(ip, Write::Read, t0, 1).unwrap_err();
        assert_eq!(wait.as_millis(), 250, "reads have their own budget");
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        assert!(limits.spend_at(other, Write::Upload, t0, 1).is_ok());
        let later = t0 + Duration::from_secs(61);
        assert!(limits.spend_at(ip, Write::Upload, later, 1).is_ok());
        assert!(limits.spend_at(ip, Write::Upload, later, 1).is_err());
    }

    #[test]
    fn gallery_limits_scale_bursts_and_forget_refilled_buckets() {
        let limits = GalleryLimits::new(3);
        let ip: IpAddr = "2001:db8::1".parse().unwrap();
        let same_block: IpAddr = "2001:db8::9:9".parse().unwrap();
        for _ in 0..15 {
            assert!(limits.spend(ip, Write::Report, 1).is_ok());
        }
        assert!(limits.spend(same_block, Write::Report, 1).is_err());
        limits.sweep();
        assert_eq!(limits.lock().len(), 1, "a spent bucket is kept");
        limits.lock().clear();
        limits.spend(ip, Write::Play, 1).unwrap();
        limits.lock().values_mut().for_each(|b| b.tokens = 1000.0);
        limits.sweep();
        assert!(limits.lock().is_empty(), "a full bucket is forgotten");
    }

    #[test]
    fn a_costly_read_spends_its_cost_and_waits_for_all_of_it() {
        let limits = GalleryLimits::new(1);
        let ip: IpAddr = "10.0.0.8".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..40 {
            assert!(limits.spend_at(ip, Write::Read, t0, 3).is_ok());
        }
        let wait = limits.spend_at(ip, Write::Read, t0, 3).unwrap_err();
        assert_eq!(wait.as_secs_f64(), 0.75, "three tokens at 4 a second");
        assert!(limits.spend_at(ip, Write::Read, t0 + wait, 3).is_ok());
    }
}
