//! The stranger's side of the wire: TCP from a chosen loopback address (the
//! issue's attacks came from 200 of them, and the server's caps count per
//! address), one HTTP/1.1 request per connection, and a bare WebSocket.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// What a request got: a status, or no answer at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Got {
    /// An HTTP status.
    Status(u16),
    /// The connection was refused, reset or closed before a status line.
    Cut,
    /// No status line within the client's own deadline.
    Timeout,
}

impl Got {
    /// The key this answer is counted under in a result line.
    pub(crate) fn key(self) -> String {
        match self {
            Got::Status(s) => s.to_string(),
            Got::Cut => "cut".into(),
            Got::Timeout => "timeout".into(),
        }
    }
}

/// An answer: what came, its headers (names lower-cased), its body, its time.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    pub(crate) got: Got,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
    pub(crate) took: Duration,
}

impl Answer {
    /// The body as JSON (null when it is not).
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    /// Whether the status is `s`.
    pub(crate) fn is(&self, s: u16) -> bool {
        self.got == Got::Status(s)
    }
}

/// The `k`-th attacking address: 127.0.0.2 to 127.0.0.241 (the last few are
/// kept for the honest client and the setup).
pub(crate) fn from(k: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2 + (k % 240) as u8)
}

/// The honest client's address, which no attack uses.
pub(crate) const HONEST: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 254);

/// The `k`-th setup address (sharing levels before an attack): 127.0.0.242-253.
pub(crate) fn setup(k: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 242 + (k % 12) as u8)
}

/// A TCP connection to `to` from address `from`.
pub(crate) async fn connect(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.set_reuseaddr(true)?;
    socket.bind(SocketAddr::new(IpAddr::V4(from), 0))?;
    let stream = socket.connect(to).await?;
    let _ = stream.set_nodelay(true);
    Ok(stream)
}

/// One request, `Connection: close`, read to its end within `deadline`.
pub(crate) async fn request(
    from: Ipv4Addr,
    to: SocketAddr,
    method: &str,
    path: &str,
    json: Option<&serde_json::Value>,
    deadline: Duration,
) -> Answer {
    let started = Instant::now();
    let body = json.map(|j| j.to_string()).unwrap_or_default();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nhost: {to}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    if json.is_some() {
        head.push_str("content-type: application/json\r\n");
    }
    head.push_str("\r\n");
    let exchange = async {
        let mut stream = connect(from, to).await.map_err(|_| Got::Cut)?;
        stream
            .write_all(head.as_bytes())
            .await
            .map_err(|_| Got::Cut)?;
        // A server may answer (413) before it reads a big body, and close.
        let _ = stream.write_all(body.as_bytes()).await;
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes).await;
        Ok::<_, Got>(bytes)
    };
    let bytes = match tokio::time::timeout(deadline, exchange).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(got)) => return bare(got, started),
        Err(_) => return bare(Got::Timeout, started),
    };
    parse(&bytes, started)
}

fn bare(got: Got, started: Instant) -> Answer {
    Answer {
        got,
        headers: Vec::new(),
        body: Vec::new(),
        took: started.elapsed(),
    }
}

/// Reads a whole answer's bytes (a chunked body is left as it came).
fn parse(bytes: &[u8], started: Instant) -> Answer {
    let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else {
        return bare(Got::Cut, started);
    };
    let head = String::from_utf8_lossy(&bytes[..end]);
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok());
    let Some(status) = status else {
        return bare(Got::Cut, started);
    };
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer {
        got: Got::Status(status),
        headers,
        body: bytes[end + 4..].to_vec(),
        took: started.elapsed(),
    }
}

/// A WebSocket opened on `path` from `from`: the stream once the server
/// answered 101, or what it answered instead.
pub(crate) async fn websocket(
    from: Ipv4Addr,
    to: SocketAddr,
    path: &str,
) -> Result<TcpStream, Got> {
    let mut stream = connect(from, to).await.map_err(|_| Got::Cut)?;
    let head = format!(
        "GET {path} HTTP/1.1\r\nhost: {to}\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\
         sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n"
    );
    stream
        .write_all(head.as_bytes())
        .await
        .map_err(|_| Got::Cut)?;
    let mut bytes = Vec::new();
    let mut byte = [0u8; 1];
    while !bytes.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte).await {
            Ok(1) => bytes.push(byte[0]),
            _ => return Err(Got::Cut),
        }
    }
    match parse(&bytes, Instant::now()).got {
        Got::Status(101) => Ok(stream),
        other => Err(other),
    }
}

/// A masked text frame (a client's frames must be masked), e.g. matchbox's
/// keep-alive `"KeepAlive"`.
pub(crate) fn text_frame(text: &str) -> Vec<u8> {
    let mask = [0x12u8, 0x34, 0x56, 0x78];
    let payload = text.as_bytes();
    assert!(payload.len() < 126, "short frames only");
    let mut frame = vec![0x81, 0x80 | payload.len() as u8];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    frame
}
