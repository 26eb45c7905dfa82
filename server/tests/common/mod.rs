//! What the server package's tests share: `arkanong-server` started on
//! 127.0.0.1 on a free port with a scratch database, and a plain HTTP/1.1
//! request on a fresh connection.
#![allow(dead_code)] // Each test file uses its own part.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `arkanong-server`, killed when dropped (unless a test stopped it).
pub(crate) struct Server {
    /// The server's process.
    pub(crate) child: Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A scratch folder of this test process for `name` (emptied first).
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "arkanong-server-test-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

impl Server {
    /// Starts `arkanong-server` on a free port of 127.0.0.1 with `flags`, its
    /// gallery in `data` (its log on this test's stderr), and waits for its
    /// `listening` line.
    pub(crate) fn start(data: &std::path::Path, flags: &[&str]) -> Server {
        let db = data.join("gallery.sqlite");
        let db = ["--db", db.to_str().expect("a UTF-8 scratch path")];
        Server::start_in(data, &[&db[..], flags].concat())
    }

    /// As [`Server::start`], without `--db`: the gallery opens in the data
    /// folder `data` (`ARKANONG_DATA_DIR`), or stays closed if it cannot.
    pub(crate) fn start_in(data: &std::path::Path, flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arkanong-server"))
            .args(["--bind", "127.0.0.1", "--port", "0"])
            .args(flags)
            .env("ARKANONG_DATA_DIR", data)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("arkanong-server starts");
        let stdout = child.stdout.take().expect("its stdout");
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let line = line.trim();
        let addr = (line.strip_prefix("server: listening on ws://"))
            .or_else(|| line.strip_prefix("server: listening on wss://"))
            .unwrap_or_else(|| panic!("no listening line: {line:?}"))
            .to_owned();
        Server { child, addr }
    }
}

/// An answer: its status, its headers (names lower-cased) and its body.
#[derive(Debug)]
pub(crate) struct Answer {
    /// The HTTP status.
    pub(crate) status: u16,
    /// The headers, names lower-cased.
    pub(crate) headers: Vec<(String, String)>,
    /// The body (bytes as read: no chunked encoding is asked for).
    pub(crate) body: Vec<u8>,
}

impl Answer {
    /// A header's value.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `METHOD PATH` to `addr` with `headers` (one `Name: value` each) and `body`,
/// on a fresh connection closed after the answer.
pub(crate) fn http(addr: &str, method: &str, path: &str, headers: &[&str], body: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("the server answers");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for header in headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.take(16 << 20).read_to_end(&mut answer);
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer: {:?}", String::from_utf8_lossy(&answer)));
    let head = String::from_utf8_lossy(&answer[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.get(9..12))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status: {head:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: answer[split + 4..].to_vec(),
    }
}
