//! The server under attack: started by the tool on 127.0.0.1 with a fresh
//! database, watched through /proc (its peak memory, its threads running),
//! stopped at the end.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A running server.
pub(crate) struct Server {
    child: Child,
    /// Where it listens.
    pub(crate) addr: SocketAddr,
}

/// Whether `bin` knows issue 43's flags (`--rate-after-play`): main's server.
pub(crate) fn is_after(bin: &str) -> bool {
    let help = Command::new(bin)
        .arg("--help")
        .output()
        .unwrap_or_else(|e| panic!("{bin} --help: {e}"));
    String::from_utf8_lossy(&help.stdout).contains("--rate-after-play")
}

impl Server {
    /// Starts `bin` on 127.0.0.1:`port` with the gallery on `db`, its log in
    /// `log`; waits until it accepts (a minute at most: migrations).
    pub(crate) fn start(bin: &str, port: u16, db: &str, flags: &[String], log: &str) -> Server {
        let log = std::fs::File::create(log).expect("the server's log file");
        let child = Command::new(bin)
            .args([
                "--bind",
                "127.0.0.1",
                "--port",
                &port.to_string(),
                "--db",
                db,
            ])
            .args(flags)
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("{bin}: {e}"));
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut server = Server { child, addr };
        let started = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            if started.elapsed() > Duration::from_secs(60) || !server.alive() {
                panic!("the server did not start (see its log)");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    /// Its process id.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether it still runs.
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Stops it as an operator does (SIGTERM), then kills it after 10 s.
    pub(crate) fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status();
        let started = Instant::now();
        while self.alive() && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A /proc field of `pid`'s status in KiB (`VmHWM`, `VmRSS`).
pub(crate) fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The threads of `pid` running or ready to run (state R): with the
/// verifiers busy on the CPU, the replays playing at that instant.
pub(crate) fn running_threads(pid: u32) -> usize {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .filter_map(|t| t.ok())
        .filter_map(|t| std::fs::read_to_string(t.path().join("stat")).ok())
        .filter(|stat| {
            // "tid (name) S ...": the state follows the last ')'.
            stat.rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('R'))
        })
        .count()
}

/// A watch on the server every 100 ms: the most threads running at once,
/// and a cap that kills it (memory or time) so a run that would explode
/// stops where the machine can take it.
pub(crate) struct Watch {
    /// The most threads seen running at once.
    pub(crate) most_running: Arc<AtomicU64>,
    /// Set when the cap killed the server: the elapsed ms then.
    pub(crate) killed_at_ms: Arc<AtomicU64>,
    /// The server's peak resident memory seen (VmHWM), KiB: kept after a kill.
    pub(crate) peak_kib: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

impl Watch {
    /// Watches `pid`, killing it past `cap_mib` of resident memory.
    pub(crate) fn start(pid: u32, cap_mib: u64) -> Watch {
        let most_running = Arc::new(AtomicU64::new(0));
        let killed_at_ms = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let peak_kib = Arc::new(AtomicU64::new(0));
        let p = Arc::clone(&peak_kib);
        let (m, k, s) = (
            Arc::clone(&most_running),
            Arc::clone(&killed_at_ms),
            Arc::clone(&stop),
        );
        let started = Instant::now();
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                m.fetch_max(running_threads(pid) as u64, Ordering::Relaxed);
                p.fetch_max(status_kib(pid, "VmHWM:").unwrap_or(0), Ordering::Relaxed);
                let rss = status_kib(pid, "VmRSS:").unwrap_or(0) / 1024;
                if rss > cap_mib && k.load(Ordering::Relaxed) == 0 {
                    k.store(started.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
                    let _ = Command::new("kill")
                        .args(["-KILL", &pid.to_string()])
                        .status();
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        Watch {
            most_running,
            killed_at_ms,
            peak_kib,
            stop,
        }
    }

    /// Stops watching; the peak memory in MiB (read once more if the server runs).
    pub(crate) fn end(&self, pid: u32) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        let last = status_kib(pid, "VmHWM:").unwrap_or(0);
        self.peak_kib.fetch_max(last, Ordering::Relaxed).max(last) / 1024
    }
}
