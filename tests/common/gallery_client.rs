//! A plain HTTP/1.1 client for the gallery's tests and bench (one request per
//! connection, `Connection: close`), and `arkanong server` started on
//! 127.0.0.1 with a database of our choosing.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// An answer: status, headers (names lower-cased), body.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: String,
}

impl Answer {
    /// A header's value.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (panics with the body when it is not).
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {:?}", self.status, self.body))
    }
}

/// Sends one request to `addr` and reads the whole answer.
pub(crate) fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let _ = stream.set_nodelay(true);
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    // A server may answer (413) before reading a big body, and close.
    let _ = stream.write_all(body);
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line)?;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status line: {status_line:?}")))?;
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((n, v)) = line.split_once(':') {
            headers.push((n.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    let mut bytes = Vec::new();
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok());
    match length {
        Some(n) => {
            bytes.resize(n, 0);
            reader.read_exact(&mut bytes)?;
        }
        None => {
            reader.read_to_end(&mut bytes)?;
        }
    }
    Ok(Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// `request` with a JSON body.
pub(crate) fn send_json(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &serde_json::Value,
) -> Answer {
    let mut all = vec![("content-type", "application/json")];
    all.extend_from_slice(headers);
    request(addr, method, path, &all, body.to_string().as_bytes())
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// `GET path`.
pub(crate) fn get(addr: &str, path: &str) -> Answer {
    request(addr, "GET", path, &[], b"").unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

/// The `arkanong` binary under test.
pub(crate) fn arkanong_bin() -> String {
    env!("CARGO_BIN_EXE_arkanong").into()
}

/// `arkanong server` on 127.0.0.1 with the gallery on `db`; killed when dropped.
pub(crate) struct GalleryServer {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
    /// Where its stderr (the log) goes.
    pub(crate) log: std::path::PathBuf,
}

impl GalleryServer {
    /// Starts a server on `db` with `flags`, its log written to `log`.
    pub(crate) fn start(db: &str, flags: &[&str], log: &std::path::Path) -> GalleryServer {
        let log_file = std::fs::File::create(log).expect("the log file");
        let mut child = Command::new(arkanong_bin())
            .args(["server", "--bind", "127.0.0.1", "--port", "0", "--db", db])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log_file))
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("server: listening on ws://")
            .unwrap_or_else(|| {
                panic!(
                    "server said {line:?}; its log: {}",
                    std::fs::read_to_string(log).unwrap_or_default()
                )
            })
            .to_owned();
        GalleryServer {
            child,
            addr,
            log: log.to_owned(),
        }
    }

    /// The server's process id (for its memory in `/proc`).
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Stops it and waits for it to be gone.
    pub(crate) fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for GalleryServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh folder under the target's temporary folder.
pub(crate) fn scratch(name: &str) -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!(
        "arkanong-gallery-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
