//! The one result line each attack prints, in a fixed shape:
//! `attack=NAME server=LABEL db=KIND answers={..} honest=OK/TRIES
//! honest_median_ms=N peak_rss_mib=N elapsed_s=N.N extra="..."`.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::net::{self, Got};

/// Answers counted by status (or `cut`, `timeout`).
#[derive(Default, Clone)]
pub(crate) struct Tally(Arc<Mutex<BTreeMap<String, u64>>>);

impl Tally {
    /// Counts one answer.
    pub(crate) fn add(&self, got: Got) {
        *self.0.lock().unwrap().entry(got.key()).or_default() += 1;
    }

    /// How many answers were `got`.
    pub(crate) fn count(&self, got: Got) -> u64 {
        self.0.lock().unwrap().get(&got.key()).copied().unwrap_or(0)
    }

    /// `{201:3,503:47}`.
    pub(crate) fn show(&self) -> String {
        let map = self.0.lock().unwrap();
        let parts: Vec<String> = map.iter().map(|(k, v)| format!("{k}:{v}")).collect();
        format!("{{{}}}", parts.join(","))
    }
}

/// The honest client: a player reading the gallery's front page (`GET
/// /gallery/levels`) from its own address, a success being a 200 within 5 s.
pub(crate) struct Honest {
    tries: Arc<Mutex<Vec<Option<Duration>>>>,
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Honest {
    /// Starts reading every `every`, up to `most` tries (0: until ended).
    pub(crate) fn start(to: SocketAddr, every: Duration, most: usize) -> Honest {
        let tries = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (t, s) = (Arc::clone(&tries), Arc::clone(&stop));
        let task = tokio::spawn(async move {
            let mut n = 0;
            while !s.load(Ordering::Relaxed) && (most == 0 || n < most) {
                let a = net::request(
                    net::HONEST,
                    to,
                    "GET",
                    "/gallery/levels?sort=newest",
                    None,
                    Duration::from_secs(5),
                )
                .await;
                t.lock().unwrap().push(a.is(200).then_some(a.took));
                n += 1;
                tokio::time::sleep(every).await;
            }
        });
        Honest { tries, stop, task }
    }

    /// Waits until its `most` tries are done, then ends it.
    pub(crate) async fn end_after(self, most: usize) -> (usize, usize, Option<Duration>) {
        while self.tries.lock().unwrap().len() < most && !self.task.is_finished() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.end().await
    }

    /// Stops it: `(successes, tries, median latency of the successes)`.
    pub(crate) async fn end(self) -> (usize, usize, Option<Duration>) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.task.await;
        let tries = self.tries.lock().unwrap().clone();
        let mut ok: Vec<Duration> = tries.iter().flatten().copied().collect();
        ok.sort();
        let median = ok.get(ok.len() / 2).copied();
        (ok.len(), tries.len(), median)
    }
}

/// What one attack measured, printed as its result line.
pub(crate) struct Outcome {
    pub(crate) answers: Tally,
    pub(crate) honest: (usize, usize, Option<Duration>),
    pub(crate) extra: String,
}

/// Prints the result line.
pub(crate) fn print(
    name: &str,
    label: &str,
    db: &str,
    o: &Outcome,
    peak_mib: u64,
    started: Instant,
) {
    let median = o
        .honest
        .2
        .map(|d| format!("{:.1}", d.as_secs_f64() * 1000.0))
        .unwrap_or_else(|| "-".into());
    println!(
        "attack={name} server={label} db={db} answers={} honest={}/{} honest_median_ms={median} peak_rss_mib={peak_mib} elapsed_s={:.1} extra=\"{}\"",
        o.answers.show(),
        o.honest.0,
        o.honest.1,
        started.elapsed().as_secs_f64(),
        o.extra
    );
}
