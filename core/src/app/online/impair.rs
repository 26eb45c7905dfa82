//! A bad link on one machine: outgoing packets delayed, jittered and dropped
//! (`--sim-latency`, `--sim-jitter`, `--sim-loss`), and a connection that goes
//! silent both ways for a while (`--sim-blackout`), so tests can play over the
//! conditions players meet. Time is whatever clock the caller passes, in seconds.

use rand::{Rng, SeedableRng};

use crate::portable_rng::PortableRng;

/// How this side's outgoing packets are impaired.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Impairment {
    /// Added to every packet's trip, in milliseconds.
    pub latency_ms: u32,
    /// Each packet's delay varies by up to this much either way (never below
    /// zero), in milliseconds; packets may overtake each other, as on the internet.
    pub jitter_ms: u32,
    /// Percent of packets dropped, 0 to 100.
    pub loss_percent: u8,
    /// A stretch of each match during which nothing is sent or heard.
    pub blackout: Option<Blackout>,
}

/// The longest blackout `--sim-blackout` takes: past the disconnect timeout, so
/// a test can end a match by silence, and no longer.
pub const MAX_BLACKOUT_MS: u32 = 60_000;

/// A connection that drops for a while: from `at_ms` after the match's socket
/// started, for `for_ms`, this side neither sends nor hears GGRS's packets (a Wi-Fi
/// hiccup, a tunnel). Both ways, as a real drop is; the handshake is not touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blackout {
    /// When it starts, in milliseconds of the match's socket.
    pub at_ms: u32,
    /// How long it lasts, in milliseconds.
    pub for_ms: u32,
}

impl Blackout {
    /// Reads `AT:MS`: AT seconds into the match (decimals allowed), MS
    /// milliseconds long (1 to [`MAX_BLACKOUT_MS`]).
    pub fn parse(text: &str) -> Result<Blackout, String> {
        let bad = || {
            format!(
                "--sim-blackout is AT:MS (seconds into the match, then milliseconds), not `{text}`"
            )
        };
        let (at, ms) = text.split_once(':').ok_or_else(bad)?;
        let at: f64 = at.trim().parse().map_err(|_| bad())?;
        let for_ms: u32 = ms.trim().parse().map_err(|_| bad())?;
        if !(0.0..=3600.0).contains(&at) {
            return Err("--sim-blackout starts 0 to 3600 seconds into the match".to_owned());
        }
        if !(1..=MAX_BLACKOUT_MS).contains(&for_ms) {
            return Err(format!(
                "--sim-blackout lasts 1 to {MAX_BLACKOUT_MS} milliseconds"
            ));
        }
        Ok(Blackout {
            // At most 3,600,000: exact.
            at_ms: (at * 1000.0).round() as u32,
            for_ms,
        })
    }

    /// Whether the connection is down `elapsed` seconds into the match.
    pub fn covers(&self, elapsed: f64) -> bool {
        let ms = elapsed * 1000.0;
        ms >= f64::from(self.at_ms) && ms < f64::from(self.at_ms) + f64::from(self.for_ms)
    }
}

impl Impairment {
    /// Whether it changes anything.
    pub fn is_none(&self) -> bool {
        *self == Self::default()
    }
}

/// Packets waiting out their delay.
#[derive(Debug, Clone)]
pub struct DelayLine<T> {
    impairment: Impairment,
    rng: PortableRng,
    queue: Vec<(f64, u64, T)>,
    sent: u64,
    dropped: u64,
}

impl<T> DelayLine<T> {
    /// An empty line with its own random numbers (`seed`): the drops and delays
    /// of a run can be repeated.
    pub fn new(impairment: Impairment, seed: u64) -> Self {
        Self {
            impairment,
            rng: PortableRng::seed_from_u64(seed),
            queue: Vec::new(),
            sent: 0,
            dropped: 0,
        }
    }

    /// Sends `item` at time `now`: dropped, or due after its delay.
    pub fn push(&mut self, now: f64, item: T) {
        self.sent += 1;
        let imp = self.impairment;
        if imp.loss_percent > 0 && self.rng.random_range(0..100u32) < u32::from(imp.loss_percent) {
            self.dropped += 1;
            return;
        }
        let jitter = if imp.jitter_ms > 0 {
            let j = i64::from(imp.jitter_ms);
            self.rng.random_range(-j..=j)
        } else {
            0
        };
        let delay_ms = (i64::from(imp.latency_ms) + jitter).max(0);
        // A delay of seconds at most: exact in f64.
        let due = now + delay_ms as f64 / 1000.0;
        self.queue.push((due, self.sent, item));
    }

    /// The packets due by `now`, earliest first.
    pub fn due(&mut self, now: f64) -> Vec<T> {
        self.queue
            .sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let ready = self.queue.partition_point(|(due, _, _)| *due <= now);
        self.queue.drain(..ready).map(|(_, _, item)| item).collect()
    }

    /// Packets pushed so far, and how many of them were dropped.
    pub fn counts(&self) -> (u64, u64) {
        (self.sent, self.dropped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delay_line_without_impairment_passes_everything_at_once() {
        let mut line = DelayLine::new(Impairment::default(), 1);
        line.push(0.0, 'a');
        line.push(0.0, 'b');
        assert_eq!(line.due(0.0), ['a', 'b']);
    }

    #[test]
    fn delay_line_delays_within_jitter_and_drops_about_the_loss() {
        let imp = Impairment {
            latency_ms: 50,
            jitter_ms: 20,
            loss_percent: 5,
            blackout: None,
        };
        let mut line = DelayLine::new(imp, 9);
        for k in 0..10_000 {
            line.push(0.0, k);
        }
        assert!(line.due(0.029).is_empty(), "nothing before 30 ms");
        let arrived = line.due(0.0701);
        let (sent, dropped) = line.counts();
        assert_eq!(sent, 10_000);
        assert_eq!(arrived.len() as u64, sent - dropped, "all by 70 ms");
        assert!((400..600).contains(&dropped), "{dropped} of 10,000 dropped");
        // One packet a millisecond: with 20 ms of jitter, many overtake others.
        let mut line = DelayLine::new(imp, 9);
        for k in 0..1000 {
            line.push(f64::from(k) / 1000.0, k);
        }
        let arrived = line.due(2.0);
        let reordered = arrived.windows(2).filter(|w| w[0] > w[1]).count();
        assert!(reordered > 100, "jitter reorders packets");
    }

    #[test]
    fn blackout_reads_at_and_ms_and_covers_just_that_stretch() {
        let b = Blackout::parse("5.5:2000").unwrap();
        assert_eq!(
            b,
            Blackout {
                at_ms: 5500,
                for_ms: 2000
            }
        );
        assert!(!b.covers(5.499) && b.covers(5.5) && b.covers(7.499) && !b.covers(7.5));
        for bad in [
            "", "5", "5:", ":20", "x:20", "5:0", "-1:20", "5:70000", "1e9:5", "NaN:5",
        ] {
            assert!(Blackout::parse(bad).is_err(), "{bad:?}");
        }
    }
}
