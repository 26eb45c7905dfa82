//! Issue 43's attacks on the server, re-runnable: one subcommand per failure
//! the issue lists (its levels, counts and addresses, scaled down only where
//! said), each against a server this tool starts on 127.0.0.1 with a fresh
//! database, from loopback addresses 127.0.0.2-254, printing one line:
//!
//! ```text
//! attack=NAME server=LABEL db=KIND answers={STATUS:N,..,cut:N,timeout:N}
//!   honest=OK/TRIES honest_median_ms=N peak_rss_mib=N elapsed_s=N extra="..."
//! ```
//!
//! `cargo run --release -p arkanong-server --example attack -- NAME --bin
//! PATH --db DB --port PORT [--label L] [--cap-mib N] [--cap-secs S]
//! [--level test|long]`; the
//! names: heavy, staggered, fifty, fulldisk, ws-hold, slowloris, idle-tcp,
//! read-flood, counters, stuff-top, stuff-rate, stuff-plays, stuff-board,
//! pad-store, slow-fetch. `server/examples/attack.sh` runs them all before
//! and after; docs/server.md has the table.

mod boards;
mod disk;
mod floods;
mod make;
mod net;
mod padding;
mod replays;
mod report;
mod server;

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What every attack knows of its server.
#[derive(Clone)]
pub(crate) struct Ctx {
    /// Where the server listens.
    pub(crate) addr: SocketAddr,
    /// Its process.
    pub(crate) pid: u32,
    /// The `--db` it was given.
    pub(crate) db: String,
    /// The longest a client waits for one answer.
    pub(crate) cap_time: Duration,
    /// `--level test|long`: the gallery test's heavy level, or one that
    /// plays all its steps, instead of ours.
    pub(crate) level: String,
    watch: Arc<server::Watch>,
}

impl Ctx {
    /// `"; killed at the memory cap after N s"` when the watch killed it.
    pub(crate) fn killed(&self) -> String {
        match self.watch.killed_at_ms.load(Ordering::Relaxed) {
            0 => String::new(),
            ms => format!(
                "; the server KILLED by the tool at its memory cap after {:.1} s",
                ms as f64 / 1000.0
            ),
        }
    }

    /// The heavy level the replay attacks play (see `--level`).
    pub(crate) fn heavy_text(&self, t: &str) -> String {
        match self.level.as_str() {
            "test" => make::test_level(t),
            "long" => make::long_level(t),
            _ => make::heavy_level(t),
        }
    }

    /// The most server threads seen running at once so far.
    pub(crate) fn most_running(&self) -> u64 {
        self.watch.most_running.load(Ordering::Relaxed)
    }

    /// The most server threads running at once during the next `d`.
    pub(crate) async fn running_for(&self, d: Duration) -> usize {
        let started = Instant::now();
        let mut most = 0;
        while started.elapsed() < d {
            most = most.max(server::running_threads(self.pid));
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        most
    }
}

const NAMES: [&str; 15] = [
    "heavy",
    "staggered",
    "fifty",
    "fulldisk",
    "ws-hold",
    "slowloris",
    "idle-tcp",
    "read-flood",
    "counters",
    "stuff-top",
    "stuff-rate",
    "stuff-plays",
    "stuff-board",
    "pad-store",
    "slow-fetch",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let name = args.first().cloned().unwrap_or_default();
    if !NAMES.contains(&name.as_str()) {
        eprintln!("usage: attack NAME --bin PATH --db DB --port PORT [--label L] [--cap-mib N] [--cap-secs S] [--server-flags \"FLAGS\"]\nNAME: {}", NAMES.join(", "));
        std::process::exit(2);
    }
    let bin = value("--bin").expect("--bin PATH (the server program)");
    let db = value("--db").expect("--db FILE|URL (a fresh database)");
    let port: u16 = value("--port")
        .and_then(|p| p.parse().ok())
        .expect("--port P");
    let label = value("--label").unwrap_or_else(|| "server".into());
    let cap_mib: u64 = value("--cap-mib")
        .and_then(|v| v.parse().ok())
        .unwrap_or(6144);
    let cap_secs: u64 = value("--cap-secs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    let log = value("--log").unwrap_or_else(|| format!("/tmp/attack-{name}-{label}.log"));
    let kind = if db.starts_with("postgres") {
        "postgresql"
    } else {
        "sqlite"
    };

    let after = server::is_after(&bin);
    let mut flags: Vec<String> = Vec::new();
    if after && matches!(name.as_str(), "counters" | "fulldisk") {
        // These two measure counting and keeping, not stuffing: their raters
        // played just before, which main's server counts after 20 s.
        flags.extend(["--rate-after-play".into(), "0".into()]);
    }
    // More flags for the server, e.g. `--server-flags "--ipv4-prefix 32"`:
    // the tool's addresses are all in 127.0.0.0/24, so to count each as a
    // network of its own (as the "before" server counted addresses).
    if let Some(more) = value("--server-flags") {
        flags.extend(more.split_whitespace().map(str::to_owned));
    }
    let server = server::Server::start(&bin, port, &db, &flags, &log);
    let watch = Arc::new(server::Watch::start(server.pid(), cap_mib));
    let ctx = Ctx {
        addr: server.addr,
        pid: server.pid(),
        db: db.clone(),
        cap_time: Duration::from_secs(cap_secs),
        level: value("--level").unwrap_or_default(),
        watch: Arc::clone(&watch),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let started = Instant::now();
    let mut held = Some(server);
    let outcome = runtime.block_on(async {
        match name.as_str() {
            "heavy" => replays::heavy(&ctx).await,
            "staggered" => replays::staggered(&ctx).await,
            "fifty" => replays::fifty(&ctx).await,
            "fulldisk" => disk::fulldisk(&ctx, &mut held).await,
            "ws-hold" => floods::ws_hold(&ctx).await,
            "slowloris" => floods::slowloris(&ctx).await,
            "idle-tcp" => floods::idle_tcp(&ctx).await,
            "read-flood" => floods::read_flood(&ctx).await,
            "counters" => boards::counters(&ctx).await,
            "stuff-top" => boards::stuff_top(&ctx).await,
            "stuff-rate" => boards::stuff_rate(&ctx).await,
            "stuff-plays" => boards::stuff_plays(&ctx).await,
            "stuff-board" => boards::stuff_board(&ctx).await,
            "pad-store" => padding::pad_store(&ctx).await,
            _ => padding::slow_fetch(&ctx).await,
        }
    });
    let peak = watch.end(ctx.pid);
    report::print(&name, &label, kind, &outcome, peak, started);
    runtime.shutdown_timeout(Duration::from_secs(1));
    if let Some(server) = held {
        server.stop();
    }
}
