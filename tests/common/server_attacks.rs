//! The stranger's attacks on `arkanong server`, shared by `tests/server_hostile.rs`
//! (which checks each is beaten) and `benches/server.rs` (which measures them),
//! included by `#[path]`. Every attack runs on 127.0.0.1, bounded in count and
//! time, and reads the server's peak memory from /proc/PID/status (VmHWM).
//! `ARKANONG_SERVER_BIN=path` runs them against another build's server (the
//! numbers before the limits came from main's).
#![allow(dead_code)] // Each includer uses its own part.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tungstenite::protocol::frame::coding::{Data, OpCode};
use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

/// The server this test or bench runs: cargo's build, or `ARKANONG_SERVER_BIN`.
pub(crate) fn server_bin() -> String {
    std::env::var("ARKANONG_SERVER_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_arkanong").into())
}

/// The data folder the servers and clients started here get
/// (`ARKANONG_DATA_DIR`): a scratch folder of this test process, so the
/// gallery's default `gallery.sqlite` is never written to the runner's own
/// data folder.
pub(crate) fn scratch_data_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arkanong-test-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch data folder");
    dir
}

/// A running `arkanong server` on 127.0.0.1, killed when dropped.
pub(crate) struct Hosted {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
}

impl Drop for Hosted {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Hosted {
    /// Starts the server on a free port with `flags` (its log goes nowhere).
    /// Another build's server (`ARKANONG_SERVER_BIN`) is started without them:
    /// it may not know them.
    pub(crate) fn start(flags: &[&str]) -> Hosted {
        let flags = match std::env::var_os("ARKANONG_SERVER_BIN") {
            Some(_) => &[][..],
            None => flags,
        };
        let mut child = Command::new(server_bin())
            .args(["server", "--bind", "127.0.0.1", "--port", "0"])
            .env("ARKANONG_DATA_DIR", scratch_data_dir())
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("server: listening on ws://")
            .unwrap_or_else(|| panic!("server said {line:?}"))
            .to_owned();
        Hosted { child, addr }
    }

    /// A field of /proc/PID/status in KiB (`VmHWM`: the peak resident memory).
    pub(crate) fn status_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    /// Peak resident memory so far, MiB.
    pub(crate) fn peak_mib(&self) -> f64 {
        self.status_kib("VmHWM") as f64 / 1024.0
    }

    /// Whether the process still runs.
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

/// A client's WebSocket.
pub(crate) type Ws = WebSocket<TcpStream>;

/// What a client heard next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Heard {
    /// A text message (matchbox's JSON).
    Text(String),
    /// A close frame: its code and reason.
    Closed(u16, String),
    /// The connection ended without a close frame, or failed.
    Gone,
    /// Nothing within the wait.
    Nothing,
}

/// Opens a WebSocket to `room` on `addr`, reads with a `wait` timeout. `Err`
/// with what the server answered when the upgrade was refused.
pub(crate) fn join(addr: &str, room: &str, wait: Duration) -> Result<Ws, String> {
    let stream = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(wait)).unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut config = WebSocketConfig::default();
    config.max_message_size = Some(64 << 20);
    config.max_frame_size = Some(64 << 20);
    tungstenite::client::client_with_config(format!("ws://{addr}/{room}"), stream, Some(config))
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

/// The next thing `ws` hears (pings and pongs skipped).
pub(crate) fn hear(ws: &mut Ws) -> Heard {
    loop {
        return match ws.read() {
            Ok(Message::Text(t)) => Heard::Text(t.as_str().to_owned()),
            Ok(Message::Close(Some(f))) => {
                Heard::Closed(f.code.into(), f.reason.as_str().to_owned())
            }
            Ok(Message::Close(None)) => Heard::Gone,
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                Heard::Nothing
            }
            Err(_) => Heard::Gone,
        };
    }
}

/// The peer id in an `IdAssigned` (or `NewPeer`) event.
pub(crate) fn peer_id(event: &Heard, kind: &str) -> Option<String> {
    let Heard::Text(t) = event else { return None };
    let rest = t.strip_prefix(&format!("{{\"{kind}\":\""))?;
    Some(rest.split('"').next()?.to_owned())
}

/// Joins `room` and reads the `IdAssigned`: the socket and its id.
pub(crate) fn join_with_id(addr: &str, room: &str) -> Option<(Ws, String)> {
    let mut ws = join(addr, room, Duration::from_secs(5)).ok()?;
    let id = peer_id(&hear(&mut ws), "IdAssigned")?;
    Some((ws, id))
}

/// A `Signal` to `receiver` carrying a string of `bytes` letters.
pub(crate) fn signal(receiver: &str, bytes: usize) -> String {
    format!(
        "{{\"Signal\":{{\"receiver\":\"{receiver}\",\"data\":\"{}\"}}}}",
        "x".repeat(bytes)
    )
}

/// One HTTP request on a fresh connection: the status and the body.
pub(crate) fn http(addr: &str, request: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = Vec::new();
    let _ = stream.take(1 << 16).read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    let status = text.get(9..12)?.parse().ok()?;
    Some((status, text.split_once("\r\n\r\n")?.1.to_owned()))
}

/// `POST /room`: the status and body.
pub(crate) fn post_room(addr: &str) -> Option<(u16, String)> {
    http(
        addr,
        "POST /room HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    )
}

/// What the room flood achieved.
#[derive(Debug)]
pub(crate) struct Flood {
    /// Joins that got a peer id (a room opened, or a wrong code... answered).
    pub(crate) admitted: usize,
    /// Joins refused for the join rate (close code 4029).
    pub(crate) rate_limited: usize,
    /// Wrong codes answered "no such room" (4004).
    pub(crate) no_such_room: usize,
    /// Rooms issued by POST /room.
    pub(crate) issued: usize,
    /// Seconds the flood took.
    pub(crate) seconds: f64,
}

/// A flood of rooms from one address: `n` named rooms opened and left one
/// after another, `n` guessed codes of the issued form, `n` POST /room.
pub(crate) fn flood_rooms(addr: &str, n: usize) -> Flood {
    let start = Instant::now();
    let mut flood = Flood {
        admitted: 0,
        rate_limited: 0,
        no_such_room: 0,
        issued: 0,
        seconds: 0.0,
    };
    for k in 0..2 * n {
        let room = if k < n {
            format!("flood-{k}")
        } else {
            // Issued form (7 letters of the code alphabet), never issued.
            let letters = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
            let code: String = (0..7)
                .map(|i| char::from(letters[(k * 7 + i * 13) % 32]))
                .collect();
            format!("arkanong-{code}")
        };
        let Ok(mut ws) = join(addr, &room, Duration::from_secs(5)) else {
            continue;
        };
        match hear(&mut ws) {
            Heard::Text(_) => flood.admitted += 1,
            Heard::Closed(4029, _) => flood.rate_limited += 1,
            Heard::Closed(4004, _) => flood.no_such_room += 1,
            _ => {}
        }
        let _ = ws.close(None);
        let _ = ws.flush();
    }
    for _ in 0..n {
        if post_room(addr).is_some_and(|(status, _)| status == 201) {
            flood.issued += 1;
        }
    }
    flood.seconds = start.elapsed().as_secs_f64();
    flood
}

/// What a non-reading peer cost.
#[derive(Debug)]
pub(crate) struct NonReader {
    /// Bytes the sender sent it.
    pub(crate) sent: usize,
    /// Bytes it could read afterwards before its connection ended.
    pub(crate) received: usize,
    /// How its connection ended when it finally read.
    pub(crate) ended: Heard,
}

/// A peer that never reads, sent `messages` signals of 60 KB.
pub(crate) fn non_reader(addr: &str, messages: usize) -> NonReader {
    let room = format!("nonreader-{}", std::process::id());
    let (mut sender, _) = join_with_id(addr, &room).expect("the sender joins");
    let (mut sleeper, id) = join_with_id(addr, &room).expect("the non-reader joins");
    let one = signal(&id, 60_000);
    let mut sent = 0;
    for _ in 0..messages {
        if sender.send(Message::text(one.clone())).is_err() {
            break;
        }
        sent += one.len();
    }
    // Let the server's queue for the sleeper fill (or not).
    std::thread::sleep(Duration::from_millis(1500));
    sleeper
        .get_mut()
        .set_read_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    let mut received = 0;
    let ended = loop {
        match hear(&mut sleeper) {
            Heard::Text(t) => received += t.len(),
            other => break other,
        }
    };
    NonReader {
        sent,
        received,
        ended,
    }
}

/// What an oversized message did.
#[derive(Debug)]
pub(crate) struct Oversized {
    /// What the sender heard after sending it.
    pub(crate) sender_heard: Heard,
    /// Bytes of it relayed to the other peer.
    pub(crate) relayed: usize,
}

/// A `Signal` of `bytes` sent whole, or in 64 KiB fragments when `fragmented`.
pub(crate) fn oversized(addr: &str, bytes: usize, fragmented: bool) -> Oversized {
    let room = format!("big-{}-{fragmented}", std::process::id());
    let (mut sender, _) = join_with_id(addr, &room).expect("the sender joins");
    let (mut target, id) = join_with_id(addr, &room).expect("the target joins");
    let _news_of_the_target = hear(&mut sender);
    let text = signal(&id, bytes);
    let sent = if fragmented {
        let chunks: Vec<&[u8]> = text.as_bytes().chunks(64 * 1024).collect();
        let last = chunks.len() - 1;
        chunks.iter().enumerate().all(|(k, chunk)| {
            let opcode = OpCode::Data(if k == 0 { Data::Text } else { Data::Continue });
            let frame = Frame::message(chunk.to_vec(), opcode, k == last);
            sender.send(Message::Frame(frame)).is_ok()
        })
    } else {
        sender.send(Message::text(text)).is_ok()
    };
    let _ = sent;
    let sender_heard = hear(&mut sender);
    target
        .get_mut()
        .set_read_timeout(Some(Duration::from_secs(3)))
        .unwrap();
    let mut relayed = 0;
    loop {
        match hear(&mut target) {
            Heard::Text(t) if t.starts_with("{\"Signal\"") => relayed += t.len(),
            Heard::Text(_) => {}
            _ => break,
        }
        if relayed > 0 {
            break;
        }
    }
    Oversized {
        sender_heard,
        relayed,
    }
}

/// A third peer joining a room of two: what it heard, and how soon.
pub(crate) fn third_peer(addr: &str) -> (Heard, Duration) {
    let room = format!("three-{}", std::process::id());
    let _a = join_with_id(addr, &room).expect("the first joins");
    let _b = join_with_id(addr, &room).expect("the second joins");
    let start = Instant::now();
    let mut third = join(addr, &room, Duration::from_secs(5)).expect("the upgrade");
    let mut heard = hear(&mut third);
    if matches!(heard, Heard::Text(_)) {
        // Let in: it stays; see whether the server ever says otherwise.
        heard = match hear(&mut third) {
            Heard::Nothing => Heard::Text("let in".into()),
            later => later,
        };
    }
    (heard, start.elapsed())
}

/// `n` sockets from one address, opened at once and held: how many the server
/// upgraded, and the sockets (kept open by the caller while measuring).
pub(crate) fn many_sockets(addr: &str, n: usize) -> (usize, Vec<TcpStream>) {
    let mut held = Vec::new();
    for _ in 0..n {
        if let Ok(s) = TcpStream::connect(addr) {
            held.push(s);
        }
    }
    let mut upgraded = 0;
    for (k, s) in held.iter_mut().enumerate() {
        s.set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let request = format!(
            "GET /many-{k} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        let _ = s.write_all(request.as_bytes());
    }
    for s in &mut held {
        let mut head = [0u8; 12];
        if s.read_exact(&mut head).is_ok() && &head[9..12] == b"101" {
            upgraded += 1;
        }
    }
    (upgraded, held)
}

/// `n` half-sent requests: how many the server still held open after `wait`.
pub(crate) fn half_sent(addr: &str, n: usize, wait: Duration) -> usize {
    let mut held: Vec<TcpStream> = (0..n)
        .filter_map(|_| TcpStream::connect(addr).ok())
        .collect();
    for s in &mut held {
        let _ = s.write_all(b"GET /half HTTP/1.1\r\nHost: x\r\nUpgrade: webs");
    }
    std::thread::sleep(wait);
    held.iter()
        .filter(|s| {
            // Held: still open and silent. A refusal's answer is read through to its end.
            s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
            let mut stream: &TcpStream = s;
            let mut buffer = [0u8; 512];
            loop {
                match stream.read(&mut buffer) {
                    Ok(0) => return false,
                    Ok(_) => continue,
                    Err(e) => {
                        return matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)
                    }
                }
            }
        })
        .count()
}
