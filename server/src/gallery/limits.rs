//! The gallery's per-address rate limits: a `governor` limiter (GCRA, the
//! token bucket's arithmetic without a float) per kind of write, and one for
//! reads, each keyed by address (an IPv6 address counts by its /64, as the
//! signaling's limits do). A request over its limit is refused with 429 and
//! `Retry-After`, the seconds until the next token, so an honest client knows
//! when to try again.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};

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
    /// Every kind, in the order of [`GalleryLimits`]'s limiters.
    const ALL: [Write; 6] = [
        Write::Upload,
        Write::Rating,
        Write::Play,
        Write::Report,
        Write::Score,
        Write::Read,
    ];

    /// (burst, seconds to earn one more): a player shares a few levels in an
    /// evening and rates or plays dozens; a verified score costs the server a
    /// whole game played, so those are fewer.
    fn rate(self) -> (u32, Duration) {
        match self {
            Write::Upload => (10, Duration::from_secs(60)),
            Write::Rating => (30, Duration::from_secs(2)),
            Write::Play => (60, Duration::from_secs(1)),
            Write::Report => (5, Duration::from_secs(120)),
            Write::Score => (20, Duration::from_secs(10)),
            // A Community screen's visit reads a few pages, levels and top
            // tens: 120 at once, then 4 a second, which no player's browsing
            // reaches and which a loop pulling replays soon does.
            Write::Read => (120, Duration::from_millis(250)),
        }
    }

    /// This kind's quota with its burst multiplied by `factor`.
    fn quota(self, factor: u32) -> Quota {
        let (burst, every) = self.rate();
        let burst = NonZeroU32::new(burst.saturating_mul(factor.max(1))).unwrap_or(NonZeroU32::MIN);
        // Every period above is over zero, so `with_period` always has a quota.
        Quota::with_period(every)
            .unwrap_or(Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst)
    }

    /// This kind's place in [`Write::ALL`].
    fn index(self) -> usize {
        self as usize
    }
}

/// One kind's limiter: a budget per address.
type Limiter<C> = RateLimiter<
    AddressKey,
    HashMapStateStore<AddressKey>,
    C,
    NoOpMiddleware<<C as Clock>::Instant>,
>;

/// Every address's budgets, one limiter per kind; the clock is a parameter so
/// a test moves it instead of sleeping.
#[derive(Debug)]
pub(crate) struct GalleryLimits<C: Clock = DefaultClock> {
    limiters: [Limiter<C>; 6],
    clock: C,
}

impl GalleryLimits {
    /// Full budgets for everyone, bursts multiplied by `factor` (at least 1;
    /// `--gallery-burst-factor`: tests and benches raise it).
    pub(crate) fn new(factor: u32) -> GalleryLimits {
        GalleryLimits::with_clock(factor, DefaultClock::default())
    }
}

impl<C: Clock + Clone> GalleryLimits<C> {
    /// [`GalleryLimits::new`] on `clock`.
    fn with_clock(factor: u32, clock: C) -> GalleryLimits<C> {
        GalleryLimits {
            limiters: Write::ALL
                .map(|write| RateLimiter::hashmap_with_clock(write.quota(factor), clock.clone())),
            clock,
        }
    }

    /// Spends `cost` (at least 1) of `ip`'s `write`s, or says how long until
    /// there are (a cost over the whole burst never is: it waits for a burst).
    pub(super) fn spend(&self, ip: IpAddr, write: Write, cost: u32) -> Result<(), Duration> {
        let cost = NonZeroU32::new(cost).unwrap_or(NonZeroU32::MIN);
        let limiter = &self.limiters[write.index()];
        match limiter.check_key_n(&AddressKey::of(ip), cost) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until.wait_time_from(self.clock.now())),
            Err(_) => Err(write.rate().1 * cost.get()),
        }
    }

    /// Forgets the budgets that have refilled (they would start the same).
    pub(crate) fn sweep(&self) {
        for limiter in &self.limiters {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// Addresses remembered, over every kind.
    #[cfg(test)]
    fn remembered(&self) -> usize {
        self.limiters.iter().map(Limiter::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    fn fake(factor: u32) -> (GalleryLimits<FakeRelativeClock>, FakeRelativeClock) {
        let clock = FakeRelativeClock::default();
        (GalleryLimits::with_clock(factor, clock.clone()), clock)
    }

    #[test]
    fn gallery_limits_refuse_past_the_burst_and_say_when_to_retry() {
        let (limits, clock) = fake(1);
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        for _ in 0..10 {
            assert!(limits.spend(ip, Write::Upload, 1).is_ok());
        }
        let wait = limits.spend(ip, Write::Upload, 1).unwrap_err();
        assert_eq!(wait.as_secs(), 60);
        assert!(
            limits.spend(ip, Write::Rating, 1).is_ok(),
            "each kind of write has its own budget"
        );
        for _ in 0..120 {
            assert!(limits.spend(ip, Write::Read, 1).is_ok());
        }
        let wait = limits.spend(ip, Write::Read, 1).unwrap_err();
        assert_eq!(wait.as_millis(), 250, "reads have their own budget");
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        assert!(limits.spend(other, Write::Upload, 1).is_ok());
        clock.advance(Duration::from_secs(61));
        assert!(limits.spend(ip, Write::Upload, 1).is_ok());
        assert!(limits.spend(ip, Write::Upload, 1).is_err());
    }

    #[test]
    fn gallery_limits_scale_bursts_and_forget_refilled_buckets() {
        let (limits, clock) = fake(3);
        let ip: IpAddr = "2001:db8::1".parse().unwrap();
        let same_block: IpAddr = "2001:db8::9:9".parse().unwrap();
        for _ in 0..15 {
            assert!(limits.spend(ip, Write::Report, 1).is_ok());
        }
        assert!(limits.spend(same_block, Write::Report, 1).is_err());
        limits.sweep();
        assert_eq!(limits.remembered(), 1, "a spent bucket is kept");
        limits.spend(ip, Write::Play, 1).unwrap();
        assert_eq!(limits.remembered(), 2);
        // Plays refill in a second, reports in 15 x 120 s: ten seconds on,
        // only the plays' budget is full (governor forgets a budget a period
        // after it filled).
        clock.advance(Duration::from_secs(10));
        limits.sweep();
        assert_eq!(limits.remembered(), 1, "a full bucket is forgotten");
        clock.advance(Duration::from_secs(16 * 120));
        limits.sweep();
        assert_eq!(limits.remembered(), 0);
    }

    #[test]
    fn a_costly_read_spends_its_cost_and_waits_for_all_of_it() {
        let (limits, clock) = fake(1);
        let ip: IpAddr = "10.0.0.8".parse().unwrap();
        for _ in 0..40 {
            assert!(limits.spend(ip, Write::Read, 3).is_ok());
        }
        let wait = limits.spend(ip, Write::Read, 3).unwrap_err();
        assert_eq!(wait.as_secs_f64(), 0.75, "three tokens at 4 a second");
        clock.advance(wait);
        assert!(limits.spend(ip, Write::Read, 3).is_ok());
    }

    #[test]
    fn a_cost_over_the_whole_burst_is_refused_with_a_wait() {
        let (limits, _clock) = fake(1);
        let ip: IpAddr = "10.0.0.9".parse().unwrap();
        let wait = limits.spend(ip, Write::Report, 6).unwrap_err();
        assert_eq!(wait, Duration::from_secs(6 * 120));
        assert!(
            limits.spend(ip, Write::Report, 5).is_ok(),
            "nothing was spent"
        );
    }
}
