//! The server plain and with its own TLS (`--tls-cert`, a test CA made at
//! bench time), side by side: `cargo bench -p arkanong-server --bench plain_vs_tls`.
//!
//! Prints one table, the median of 3 runs each, on 127.0.0.1 with the bench's
//! client on the same machine (so the client's TLS work is on the same cores):
//! - connects a second: a fresh connection (TCP, TLS) up to the WebSocket's
//!   `IdAssigned`, closed, one after another;
//! - messages relayed a second: one player streams 100-byte signals to the other
//!   of its room, who reads them on a thread of its own;
//! - gallery listings a second: `GET /gallery/levels` (20 levels shared) on one
//!   kept-alive connection;
//! - memory (VmRSS) with 1,000 idle WebSocket peers, in 500 rooms that met.
//!
//! And the machine's load (/proc/loadavg) before and after: on a shared machine
//! the figures move with it.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/test_ca.rs"]
mod test_ca;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{scratch, Server};
use test_ca::{make_test_ca, TestCa};
use tungstenite::{Message, WebSocket};

/// Limits raised so one address (the bench's) can do it all.
const ROOMY: [&str; 16] = [
    "--max-per-address",
    "5000",
    "--max-connections",
    "5000",
    "--join-burst",
    "1000000",
    "--join-every",
    "1",
    "--max-rooms",
    "100000",
    "--max-messages-per-second",
    "1000000",
    "--gallery-burst-factor",
    "100000",
    "--max-queue",
    "67108864",
];

/// A stream to the server: plain TCP, or TLS trusting the bench's CA.
trait Stream: Read + Write + Send {}
impl<T: Read + Write + Send> Stream for T {}

/// How the bench reaches the server: plain, or over TLS with this client config.
#[derive(Clone)]
struct Dialer {
    addr: String,
    tls: Option<Arc<rustls::ClientConfig>>,
}

impl Dialer {
    /// A connection, its TLS handshake done if any.
    fn dial(&self) -> Box<dyn Stream> {
        let tcp = TcpStream::connect(&self.addr).expect("the server answers");
        tcp.set_nodelay(true).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        match &self.tls {
            None => Box::new(tcp),
            Some(config) => {
                let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
                let conn = rustls::ClientConnection::new(Arc::clone(config), name).unwrap();
                let mut tls = rustls::StreamOwned::new(conn, tcp);
                while tls.conn.is_handshaking() {
                    tls.conn.complete_io(&mut tls.sock).expect("TLS handshake");
                }
                Box::new(tls)
            }
        }
    }

    /// A peer joined to `room`, its `IdAssigned` read: the socket and its id.
    fn join(&self, room: &str) -> (WebSocket<Box<dyn Stream>>, String) {
        let scheme = if self.tls.is_some() { "wss" } else { "ws" };
        let url = format!("{scheme}://localhost/{room}");
        let (mut ws, _) = tungstenite::client(url, self.dial()).expect("upgraded");
        let id = loop {
            if let Message::Text(t) = ws.read().expect("IdAssigned") {
                let t = t.as_str();
                let id = t
                    .strip_prefix("{\"IdAssigned\":\"")
                    .expect("IdAssigned first");
                break id.split('"').next().unwrap().to_owned();
            }
        };
        (ws, id)
    }
}

fn tls_client(ca: &TestCa) -> Arc<rustls::ClientConfig> {
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(rustls::pki_types::CertificateDer::from(ca.ca_der.clone()))
        .unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    Arc::new(config)
}

/// Connects a second: `n` joins one after another, each closed.
fn connects(dialer: &Dialer, n: usize, tag: &str) -> f64 {
    let start = Instant::now();
    for k in 0..n {
        let (mut ws, _) = dialer.join(&format!("c-{tag}-{k}"));
        let _ = ws.close(None);
    }
    n as f64 / start.elapsed().as_secs_f64()
}

/// Messages relayed a second: `n` signals of 100 bytes from one player to the other.
fn relayed(dialer: &Dialer, n: usize, tag: &str) -> f64 {
    let room = format!("r-{tag}");
    let (mut sender, _) = dialer.join(&room);
    let (mut receiver, receiver_id) = dialer.join(&room);
    let _ = sender.read(); // NewPeer
    let signal = format!(
        "{{\"Signal\":{{\"receiver\":\"{receiver_id}\",\"data\":\"{}\"}}}}",
        "x".repeat(100)
    );
    let start = Instant::now();
    let reader = std::thread::spawn(move || {
        let mut got = 0;
        while got < n {
            match receiver.read().expect("a signal") {
                Message::Text(t) if t.as_str().starts_with("{\"Signal\"") => got += 1,
                _ => {}
            }
        }
    });
    for _ in 0..n {
        sender.write(Message::text(signal.clone())).unwrap();
    }
    sender.flush().unwrap();
    reader.join().unwrap();
    n as f64 / start.elapsed().as_secs_f64()
}

/// Reads one HTTP/1.1 answer with a Content-Length: its status.
fn read_answer(reader: &mut impl BufRead) -> u16 {
    let mut status = 0;
    let mut length = 0;
    let mut line = String::new();
    loop {
        line.clear();
        reader.read_line(&mut line).expect("an answer");
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some(code) = l.strip_prefix("HTTP/1.1 ") {
            status = code[..3].parse().unwrap();
        } else if let Some((name, value)) = l.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap();
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    status
}

/// Gallery listings a second: `n` `GET /gallery/levels` on one connection.
fn listings(dialer: &Dialer, n: usize) -> f64 {
    let mut stream = BufReader::new(dialer.dial());
    let ask = b"GET /gallery/levels HTTP/1.1\r\nHost: localhost\r\n\r\n";
    let start = Instant::now();
    for _ in 0..n {
        stream.get_mut().write_all(ask).unwrap();
        assert_eq!(read_answer(&mut stream), 200);
    }
    n as f64 / start.elapsed().as_secs_f64()
}

/// Shares `n` levels, so a listing has a page to send.
fn share_levels(dialer: &Dialer, n: usize) {
    let mut stream = BufReader::new(dialer.dial());
    for k in 0..n {
        let text = format!("title = Bench {k}\\nmode = solo\\nlives = 2\\n[bricks]\\n1111\\n");
        let body = format!("{{\"text\":\"{text}\",\"author\":\"bench\"}}");
        let ask = format!(
            "POST /gallery/levels HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.get_mut().write_all(ask.as_bytes()).unwrap();
        assert_eq!(read_answer(&mut stream), 201, "level {k} shared");
    }
}

/// The server's resident memory in MiB, with 1,000 idle peers in 500 met rooms.
fn idle_rss(dialer: &Dialer, server: &Server, tag: &str) -> f64 {
    let peers: Vec<_> = (0..1000)
        .map(|k| dialer.join(&format!("idle-{tag}-{}", k / 2)).0)
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    drop(peers);
    kib / 1024.0
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn load() -> String {
    let avg = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    avg.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// The four figures for one server, each the median of 3 runs (memory: one
/// fresh server a run).
fn measure(
    data: &std::path::Path,
    flags: &[&str],
    tls: Option<Arc<rustls::ClientConfig>>,
) -> [f64; 4] {
    let mut figures = [vec![], vec![], vec![], vec![]];
    let tag = if tls.is_some() { "tls" } else { "plain" };
    for run in 0..3 {
        let dir = data.join(format!("{tag}-{run}"));
        std::fs::create_dir_all(&dir).unwrap();
        let all: Vec<&str> = ROOMY.iter().copied().chain(flags.iter().copied()).collect();
        let server = Server::start(&dir, &all);
        let dialer = Dialer {
            addr: server.addr.clone(),
            tls: tls.clone(),
        };
        let run_tag = format!("{tag}{run}");
        figures[3].push(idle_rss(&dialer, &server, &run_tag));
        figures[0].push(connects(&dialer, 300, &run_tag));
        figures[1].push(relayed(&dialer, 20_000, &run_tag));
        share_levels(&dialer, 20);
        figures[2].push(listings(&dialer, 1_000));
    }
    figures.map(median)
}

fn main() {
    let data = scratch("bench-plain-vs-tls");
    let ca = make_test_ca(&data, "bench");
    let before = load();
    let plain = measure(&data, &[], None);
    let cert = ca.cert.display().to_string();
    let key = ca.key.display().to_string();
    let tls = measure(
        &data,
        &["--tls-cert", &cert, "--tls-key", &key],
        Some(tls_client(&ca)),
    );
    println!(
        "server plain vs TLS (127.0.0.1, median of 3 runs; load before {before}, after {})",
        load()
    );
    println!("| measure | plain | TLS | TLS / plain |");
    println!("| --- | ---: | ---: | ---: |");
    let names = [
        "connects a second (to IdAssigned)",
        "messages relayed a second (100 B signals)",
        "gallery listings a second (kept alive)",
        "memory at 1,000 idle WebSockets (VmRSS, MiB)",
    ];
    for (k, name) in names.iter().enumerate() {
        println!(
            "| {name} | {:.1} | {:.1} | {:.2} |",
            plain[k],
            tls[k],
            tls[k] / plain[k]
        );
    }
}
