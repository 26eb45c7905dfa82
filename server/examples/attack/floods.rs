//! Issue 43's failure 5: a few addresses lock everyone out. WebSockets held
//! with a keep-alive, slowloris on HTTP, idle TCP connections reconnecting,
//! and a read flood on the costliest listing; an honest client reads the
//! gallery's front page meanwhile.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::net::{self, Got};
use crate::replays::share_many;
use crate::report::{Honest, Outcome, Tally};
use crate::{make, Ctx};

/// The flood's connections held right now, and the most at once.
#[derive(Default)]
struct Held {
    now: AtomicUsize,
    most: AtomicUsize,
}

impl Held {
    fn up(&self) {
        let n = self.now.fetch_add(1, Ordering::Relaxed) + 1;
        self.most.fetch_max(n, Ordering::Relaxed);
    }
    fn down(&self) {
        self.now.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How a flooder holds its connection.
#[derive(Clone, Copy)]
enum Hold {
    /// A WebSocket in a named room of its own, `"KeepAlive"` every 20 s.
    WebSocket,
    /// A request's headers a line every 5 s, never ending.
    Slowloris,
    /// A TCP connection that sends nothing.
    Idle,
}

/// One flooder: holds a connection as `how` says, reconnecting when cut,
/// until `stop`; each connection's end counted in `answers` (101 for a
/// WebSocket let in).
async fn flooder(
    c: Ctx,
    from: std::net::Ipv4Addr,
    room: String,
    how: Hold,
    answers: Tally,
    held: Arc<Held>,
    stop: Arc<AtomicBool>,
) {
    while !stop.load(Ordering::Relaxed) {
        let stream = match how {
            Hold::WebSocket => net::websocket(from, c.addr, &format!("/{room}"))
                .await
                .inspect(|_| answers.add(Got::Status(101))),
            _ => net::connect(from, c.addr).await.map_err(|_| Got::Cut),
        };
        let mut stream = match stream {
            Ok(s) => s,
            Err(got) => {
                answers.add(got);
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        held.up();
        let every = match how {
            Hold::WebSocket => Duration::from_secs(20),
            _ => Duration::from_secs(5),
        };
        let mut first = true;
        let mut buf = vec![0u8; 4096];
        let mut got_bytes = Vec::new();
        let ended = loop {
            if stop.load(Ordering::Relaxed) {
                break None;
            }
            let line: Vec<u8> = match (how, first) {
                (Hold::WebSocket, _) => net::text_frame("\"KeepAlive\""),
                (Hold::Slowloris, true) => b"GET /gallery/levels HTTP/1.1\r\nhost: x\r\n".to_vec(),
                (Hold::Slowloris, false) => b"x-a: b\r\n".to_vec(),
                (Hold::Idle, _) => Vec::new(),
            };
            first = false;
            if !line.is_empty() && stream.write_all(&line).await.is_err() {
                break Some(Got::Cut);
            }
            // Reads what the server sends until the next write is due; an
            // end of stream is the server letting go.
            let due = tokio::time::Instant::now() + every;
            let mut closed = false;
            while tokio::time::Instant::now() < due && !stop.load(Ordering::Relaxed) {
                match tokio::time::timeout(Duration::from_secs(1), stream.read(&mut buf)).await {
                    Ok(Ok(0)) | Ok(Err(_)) => {
                        closed = true;
                        break;
                    }
                    Ok(Ok(n)) => {
                        if got_bytes.len() < 64 {
                            got_bytes.extend_from_slice(&buf[..n]);
                        }
                    }
                    Err(_) => {}
                }
            }
            if closed {
                let status = match how {
                    Hold::WebSocket => None,
                    _ => String::from_utf8_lossy(&got_bytes)
                        .strip_prefix("HTTP/1.1 ")
                        .and_then(|r| r.get(..3))
                        .and_then(|s| s.parse().ok()),
                };
                break Some(status.map(Got::Status).unwrap_or(Got::Cut));
            }
        };
        held.down();
        match ended {
            Some(got) => answers.add(got),
            None => break,
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Starts `addresses` x `each` flooders, lets them settle `settle`, then
/// probes honestly `probes` times a second apart.
async fn flood(
    c: &Ctx,
    how: Hold,
    addresses: usize,
    each: usize,
    settle: Duration,
    probes: usize,
    what: &str,
) -> Outcome {
    let answers = Tally::default();
    let held = Arc::new(Held::default());
    let stop = Arc::new(AtomicBool::new(false));
    let t = make::tag();
    let mut tasks = Vec::new();
    for a in 0..addresses {
        for k in 0..each {
            let room = format!("f{t}-{a}-{k}");
            tasks.push(tokio::spawn(flooder(
                c.clone(),
                net::from(a),
                room,
                how,
                answers.clone(),
                Arc::clone(&held),
                Arc::clone(&stop),
            )));
        }
    }
    tokio::time::sleep(settle).await;
    let at_probe = held.now.load(Ordering::Relaxed);
    let honest = Honest::start(c.addr, Duration::from_secs(1), probes)
        .end_after(probes)
        .await;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        let _ = task.await;
    }
    Outcome {
        answers,
        honest,
        extra: format!(
            "{what}: {addresses} addresses x {each}; held {at_probe} when the honest probes began, at most {} at once; answers = each flood connection's end (101 = a WebSocket let in; cut = closed with no status)",
            held.most.load(Ordering::Relaxed)
        ),
    }
}

/// 125 addresses holding 16 WebSockets each (2,000, the server's cap), a
/// keep-alive every 20 s; 35 honest reads a second apart.
pub(crate) async fn ws_hold(c: &Ctx) -> Outcome {
    flood(
        c,
        Hold::WebSocket,
        125,
        16,
        Duration::from_secs(15),
        35,
        "WebSockets held with a keep-alive every 20 s",
    )
    .await
}

/// Slowloris from 200 addresses, 16 connections each; 10 honest reads.
pub(crate) async fn slowloris(c: &Ctx) -> Outcome {
    flood(
        c,
        Hold::Slowloris,
        200,
        16,
        Duration::from_secs(15),
        10,
        "slowloris (a header line every 5 s, reconnecting when cut)",
    )
    .await
}

/// Idle TCP connections from 200 addresses, 16 each, reconnecting; 15
/// honest reads.
pub(crate) async fn idle_tcp(c: &Ctx) -> Outcome {
    flood(
        c,
        Hold::Idle,
        200,
        16,
        Duration::from_secs(15),
        15,
        "idle TCP connections reconnecting when cut",
    )
    .await
}

/// 200 addresses looping a search on "top" for 15 s over 300 levels; the
/// honest client reads the front page every 200 ms.
pub(crate) async fn read_flood(c: &Ctx) -> Outcome {
    let t = make::tag();
    share_many(c, &t, 300).await;
    let answers = Tally::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for a in 0..200 {
        let (c2, answers, stop) = (c.clone(), answers.clone(), Arc::clone(&stop));
        tasks.push(tokio::spawn(async move {
            let mut page = 0;
            while !stop.load(Ordering::Relaxed) {
                let path = format!("/gallery/levels?sort=top&q=lain&page={}", page % 10);
                let r = net::request(
                    net::from(a),
                    c2.addr,
                    "GET",
                    &path,
                    None,
                    Duration::from_secs(10),
                )
                .await;
                answers.add(r.got);
                page += 1;
            }
        }));
    }
    let honest = Honest::start(c.addr, Duration::from_millis(200), 0);
    tokio::time::sleep(Duration::from_secs(15)).await;
    let honest = honest.end().await;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        let _ = task.await;
    }
    Outcome {
        answers,
        honest,
        extra: "200 addresses looping GET /gallery/levels?sort=top&q=lain (a search on top, 300 levels) for 15 s; honest: the front page every 200 ms".into(),
    }
}
