//! Online play end to end on one machine: `arkanong server` on 127.0.0.1 and two
//! headless clients over a bad link (50 ms each way, 20 ms jitter, 5 % loss),
//! 3,000 steps. Both must print the same state hash with no desync, connect in
//! under 2 s and never hold a frame for 250 ms; a client whose opponent vanishes
//! must say so within 3 s and exit with an error.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_arkanong");

/// A running `arkanong server`, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server on a free port of 127.0.0.1 and reads where it listens.
fn server() -> Server {
    let mut child = Command::new(BIN)
        .args(["server", "--bind", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("server: listening on ")
        .unwrap_or_else(|| panic!("server said {line:?}"))
        .to_owned();
    Server { child, url }
}

fn client(server: &Server, room: &str, steps: u32, extra: &[&str]) -> Child {
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
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for a client, killing it past `limit`.
fn finish(mut child: Child, limit: Duration) -> Output {
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
fn parse_line(stdout: &str) -> (u32, String, u32, u32, u32) {
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
fn parse_timing(stderr: &str) -> (u32, u32) {
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

#[test]
fn two_clients_over_a_bad_link_agree_on_every_hash() {
    let server = server();
    let bad = [
        "--sim-latency",
        "50",
        "--sim-jitter",
        "20",
        "--sim-loss",
        "5",
    ];
    let first = client(&server, "loopback", 3000, &bad);
    std::thread::sleep(Duration::from_millis(800));
    let second = client(&server, "loopback", 3000, &bad);
    let limit = Duration::from_secs(120);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let text = |o: &Output| {
        (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let ((a_out, a_err), (b_out, b_err)) = (text(&a), text(&b));
    eprintln!("first:  {a_out}{a_err}second: {b_out}{b_err}");
    assert!(a.status.success() && b.status.success(), "{a_err}\n{b_err}");
    let (la, lb) = (parse_line(&a_out), parse_line(&b_out));
    assert_eq!((la.0, lb.0), (3000, 3000));
    assert_eq!(la.1, lb.1, "the same game on both sides");
    assert_eq!((la.4, lb.4), (0, 0), "no desyncs");
    assert!(la.2 + lb.2 > 0, "a bad link makes rollbacks");
    // The second joiner's connect time is the issue's: from joining to playing.
    let (connect, hold_b) = parse_timing(&b_err);
    let (_, hold_a) = parse_timing(&a_err);
    assert!(connect < 2000, "connect {connect} ms");
    assert!(hold_a.max(hold_b) < 250, "held {hold_a} and {hold_b} ms");
}

#[test]
fn a_vanished_opponent_is_noticed_within_3_s() {
    let server = server();
    let mut first = client(&server, "vanish", 100_000, &[]);
    let second = client(&server, "vanish", 100_000, &[]);
    // Both play a while; then the first disappears without a goodbye.
    std::thread::sleep(Duration::from_secs(5));
    assert!(first.try_wait().unwrap().is_none(), "the first is playing");
    first.kill().unwrap();
    let _ = first.wait();
    let killed = Instant::now();
    let out = finish(second, Duration::from_secs(10));
    let noticed = killed.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Opponent left"), "{err}");
    assert!(
        noticed < Duration::from_secs(3),
        "noticed after {noticed:?}"
    );
}
