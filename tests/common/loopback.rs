//! Online play on one machine, shared by `tests/online_loopback.rs` and
//! `benches/online_link.rs` (included by `#[path]`): `arkanong server` on
//! 127.0.0.1 and headless clients, and readers for what they print.
#![allow(dead_code)] // Each includer uses its own part.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The game binary cargo built for this test or bench.
pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_arkanong");

/// The data folder the servers and clients started here get
/// (`ARKANONG_DATA_DIR`): a scratch folder of this test process, so the
/// gallery's default `gallery.sqlite` is never written to the runner's own
/// data folder.
pub(crate) fn scratch_data_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arkanong-test-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch data folder");
    dir
}

/// A running `arkanong server`, killed when dropped.
pub(crate) struct Server {
    child: Child,
    /// The `ws://` address it listens on.
    pub(crate) url: String,
    /// Its log lines so far (stderr, read by a thread as they come) and a
    /// signal for each: a test waits for what the server says happened (a room
    /// opened) instead of sleeping for it.
    log: Arc<(Mutex<Vec<String>>, Condvar)>,
}

impl Server {
    /// Waits until the server has logged `count` lines containing `needle`
    /// (within `limit`); whether it did.
    pub(crate) fn wait_for_log(&self, needle: &str, count: usize, limit: Duration) -> bool {
        let (lines, said) = &*self.log;
        let deadline = Instant::now() + limit;
        let mut lines = lines.lock().unwrap();
        loop {
            if lines.iter().filter(|l| l.contains(needle)).count() >= count {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            lines = said.wait_timeout(lines, left).unwrap().0;
        }
    }

    /// Waits for the first player to enter a named room (the server logs
    /// "room #TAG opened by name"): the next to come is the second.
    pub(crate) fn wait_for_rooms_opened(&self, count: usize) {
        assert!(
            self.wait_for_log("opened by name", count, Duration::from_secs(20)),
            "the server did not open {count} room(s) within 20 s"
        );
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server on a free port of 127.0.0.1 and reads where it listens.
pub(crate) fn server() -> Server {
    server_with(&[])
}

/// Starts `arkanong server` on 127.0.0.1 with `extra` flags (a limit raised for a
/// test that is about something else).
pub(crate) fn server_with(extra: &[&str]) -> Server {
    let mut child = Command::new(BIN)
        .args(["server", "--bind", "127.0.0.1", "--port", "0"])
        .env("ARKANONG_DATA_DIR", scratch_data_dir())
        // The room lines the tests wait for are at `info`.
        .env("RUST_LOG", "info")
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let log = Arc::new((Mutex::new(Vec::new()), Condvar::new()));
    let (stderr, heard) = (child.stderr.take().unwrap(), Arc::clone(&log));
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            // Shown with the test's own output when it fails.
            eprintln!("server: {line}");
            let (lines, said) = &*heard;
            lines.lock().unwrap().push(line);
            said.notify_all();
        }
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("server: listening on ")
        .unwrap_or_else(|| panic!("server said {line:?}"))
        .to_owned();
    Server { child, url, log }
}

/// Starts a headless client in `room` for `steps` steps, with `extra` flags.
pub(crate) fn client(server: &Server, room: &str, steps: u32, extra: &[&str]) -> Child {
    Command::new(BIN)
        .args([
            "online",
            "--server",
            &server.url,
            "--room",
            room,
            "--ice",
            "none",
        ])
        .args(["--steps", &steps.to_string(), "--headless"])
        .args(extra)
        .env("ARKANONG_DATA_DIR", scratch_data_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for a client, killing it past `limit`.
pub(crate) fn finish(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `(steps, hash, rollbacks, deepest, desyncs)` from the contract line.
pub(crate) fn parse_line(stdout: &str) -> (u32, String, u32, u32, u32) {
    let line = stdout.trim();
    let rest = line
        .strip_prefix("online: ")
        .unwrap_or_else(|| panic!("{line:?}"));
    let words: Vec<&str> = rest.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    // N steps state hash H rollbacks R deepest rollback D steps desyncs X
    assert_eq!(
        (words[1], words[2], words[3], words[5], words[7], words[8], words[10], words[11]),
        (
            "steps",
            "state",
            "hash",
            "rollbacks",
            "deepest",
            "rollback",
            "steps",
            "desyncs"
        ),
        "{line}"
    );
    let n = |w: &str| w.parse::<u32>().unwrap_or_else(|_| panic!("{line}"));
    (
        n(words[0]),
        words[4].to_owned(),
        n(words[6]),
        n(words[9]),
        n(words[12]),
    )
}

/// `(connect ms, worst hold ms)` from the timing line on stderr.
pub(crate) fn parse_timing(stderr: &str) -> (u32, u32) {
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("online timing: "))
        .unwrap_or_else(|| panic!("no timing in {stderr:?}"));
    let ms = |key: &str| -> u32 {
        let after = line.split(key).nth(1).unwrap_or_else(|| panic!("{line}"));
        after.trim().split(' ').next().unwrap().parse().unwrap()
    };
    (ms("connect"), ms("worst hold"))
}

/// The bad link of the goal: 50 ms each way, 20 ms jitter, 5 % loss.
pub(crate) const BAD_LINK: [&str; 6] = [
    "--sim-latency",
    "50",
    "--sim-jitter",
    "20",
    "--sim-loss",
    "5",
];

/// What one loopback match printed: each side's contract line and stderr.
pub(crate) struct MatchOutput {
    /// The first joiner's (stdout, stderr, exited well).
    pub(crate) first: (String, String, bool),
    /// The second joiner's (stdout, stderr, exited well).
    pub(crate) second: (String, String, bool),
}

/// Plays one match of `steps` steps over [`BAD_LINK`] through a fresh server,
/// the second client joining 0.8 s after the first (as a friend would).
pub(crate) fn bad_link_match(room: &str, steps: u32) -> MatchOutput {
    let server = server();
    let first = client(&server, room, steps, &BAD_LINK);
    std::thread::sleep(Duration::from_millis(800));
    let second = client(&server, room, steps, &BAD_LINK);
    let limit = Duration::from_secs(120);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let text = |o: &Output| {
        (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
            o.status.success(),
        )
    };
    MatchOutput {
        first: text(&a),
        second: text(&b),
    }
}
