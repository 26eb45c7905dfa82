//! A request to the gallery in flight off the frame loop, as the host's room
//! request goes (`app/online/room_ask.rs`): a thread natively, the page's
//! `fetch` in the browser. Either writes the reply into a shared slot that the
//! screen reads as plain data ([`Ask::reply`]); a test hands in a reply of its
//! own ([`Ask::answered`]) without any server.

use std::sync::{Arc, Mutex};

use super::answers::Reply;
use super::api::ApiRequest;

/// A request sent and, once it came, its reply.
#[derive(Debug, Clone, Default)]
pub struct Ask {
    slot: Arc<Mutex<Option<Reply>>>,
}

impl Ask {
    /// Sends `request` to the gallery of `server` (the signaling server's
    /// `ws://HOST:PORT`: the gallery shares its port), on a thread of its own.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn send(server: &str, request: ApiRequest) -> Self {
        let ask = Self::default();
        let slot = Arc::clone(&ask.slot);
        let base = http_base(server);
        let spawned = std::thread::Builder::new()
            .name("gallery-request".into())
            .spawn(move || {
                let reply = exchange(&base, &request);
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(reply);
            });
        match spawned {
            Ok(_) => ask,
            Err(e) => Self::answered(Err(e.to_string())),
        }
    }

    /// Sends `request` through the page's `fetch` (the gallery allows any origin).
    #[cfg(target_arch = "wasm32")]
    pub fn send(server: &str, request: ApiRequest) -> Self {
        let ask = Self::default();
        let slot = Arc::clone(&ask.slot);
        let url = format!("{}{}", http_base(server), request.path);
        wasm_bindgen_futures::spawn_local(async move {
            let reply = fetch(&url, &request).await;
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(reply);
        });
        ask
    }

    /// A request already answered with `reply` (tests, and a failure to send).
    pub fn answered(reply: Reply) -> Self {
        Self {
            slot: Arc::new(Mutex::new(Some(reply))),
        }
    }

    /// The reply, once it came (taken: later calls return `None`).
    pub fn reply(&self) -> Option<Reply> {
        self.slot.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// The HTTP base of `server` (`ws://` → `http://`, `wss://` → `https://`, any
/// path dropped).
pub fn http_base(server: &str) -> String {
    let (scheme, rest) = match server.split_once("://") {
        Some(("wss" | "https", rest)) => ("https", rest),
        Some((_, rest)) => ("http", rest),
        None => ("http", server),
    };
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
}

/// Longest reply read, bytes: a replay (4 MiB) and its headers.
const MAX_REPLY_BYTES: u64 = 5 << 20;

/// Sends `request` to `base` (`http://HOST:PORT`) and waits for the reply,
/// blocking for at most about a minute (a score's replay is played before the
/// server answers). Plain `http://` only: a `https://` gallery sits behind a
/// proxy this client cannot speak TLS to.
#[cfg(not(target_arch = "wasm32"))]
pub fn exchange(base: &str, request: &ApiRequest) -> Reply {
    use std::io::Write;
    use std::net::{TcpStream, ToSocketAddrs};
    use std::time::Duration;

    let text = |e: std::io::Error| e.to_string();
    let host = base
        .strip_prefix("http://")
        .ok_or_else(|| format!("only an http:// gallery is reachable from here, not {base}"))?;
    let addr = (host.to_socket_addrs().map_err(text)?.next())
        .ok_or_else(|| format!("{host} has no address"))?;
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).map_err(text)?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(text)?;
    stream
        .set_write_timeout(Some(Duration::from_secs(20)))
        .map_err(text)?;
    let body = request.body.as_deref().unwrap_or("");
    let mut head = format!(
        "{} {} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
        request.method.word(),
        request.path,
        body.len()
    );
    if request.body.is_some() {
        head.push_str("Content-Type: application/json\r\n");
    }
    if let Some(key) = &request.edit_key {
        head.push_str(&format!("X-Edit-Key: {key}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).map_err(text)?;
    stream.write_all(body.as_bytes()).map_err(text)?;
    let answer = read_capped(stream, MAX_REPLY_BYTES)?;
    read_http(&answer).map_err(|why| format!("not an HTTP answer: {why}"))
}

/// Reads `from` to its end, refusing an answer past `cap` bytes rather than
/// cutting it (a cut replay or JSON would fail later as something else).
#[cfg(not(target_arch = "wasm32"))]
fn read_capped(from: impl std::io::Read, cap: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut answer = Vec::new();
    from.take(cap.saturating_add(1))
        .read_to_end(&mut answer)
        .map_err(|e| e.to_string())?;
    if answer.len() as u64 > cap {
        return Err("the answer is too long".into());
    }
    Ok(answer)
}

/// Reads an HTTP/1.1 answer: its status and body (a chunked body joined).
pub fn read_http(answer: &[u8]) -> Result<(u16, String), String> {
    let split =
        (answer.windows(4).position(|w| w == b"\r\n\r\n")).ok_or("no complete HTTP answer")?;
    let head = String::from_utf8_lossy(&answer[..split]);
    let raw = &answer[split + 4..];
    let status: u16 = (head
        .strip_prefix("HTTP/1.1 ")
        .or(head.strip_prefix("HTTP/1.0 ")))
    .and_then(|s| s.get(..3))
    .and_then(|s| s.parse().ok())
    .ok_or("no HTTP status")?;
    let chunked = head.lines().any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("transfer-encoding:") && l.contains("chunked")
    });
    let body = if chunked { unchunk(raw)? } else { raw.to_vec() };
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// Joins a chunked body's chunks.
fn unchunk(mut raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let end = (raw.windows(2).position(|w| w == b"\r\n")).ok_or("a chunk without its size")?;
        let size = String::from_utf8_lossy(&raw[..end]);
        let size = size.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size, 16).map_err(|_| "a bad chunk size")?;
        raw = &raw[end + 2..];
        if size == 0 {
            return Ok(out);
        }
        let chunk = raw.get(..size).ok_or("a chunk cut short")?;
        out.extend_from_slice(chunk);
        raw = raw.get(size + 2..).unwrap_or(&[]);
    }
}

/// `request` through the page's `fetch`, read as status and body.
#[cfg(target_arch = "wasm32")]
async fn fetch(url: &str, request: &ApiRequest) -> Reply {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let failed = |e: wasm_bindgen::JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    let global = js_sys::global();
    let fetch: js_sys::Function = js_sys::Reflect::get(&global, &"fetch".into())
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let init = js_sys::Object::new();
    let set = |k: &str, v: &wasm_bindgen::JsValue| js_sys::Reflect::set(&init, &k.into(), v);
    set("method", &request.method.word().into()).map_err(failed)?;
    let headers = js_sys::Object::new();
    if let Some(body) = &request.body {
        set("body", &body.into()).map_err(failed)?;
        js_sys::Reflect::set(&headers, &"Content-Type".into(), &"application/json".into())
            .map_err(failed)?;
    }
    if let Some(key) = &request.edit_key {
        js_sys::Reflect::set(&headers, &"X-Edit-Key".into(), &key.into()).map_err(failed)?;
    }
    set("headers", &headers).map_err(failed)?;
    let promise: js_sys::Promise = fetch
        .call2(&global, &url.into(), &init)
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let response = JsFuture::from(promise).await.map_err(failed)?;
    let status = js_sys::Reflect::get(&response, &"status".into())
        .ok()
        .and_then(|s| s.as_f64())
        .unwrap_or(0.0) as u16;
    let text: js_sys::Function = js_sys::Reflect::get(&response, &"text".into())
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let body: js_sys::Promise = text
        .call0(&response)
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let body = JsFuture::from(body)
        .await
        .map_err(failed)?
        .as_string()
        .unwrap_or_default();
    // The native reader stops at the cap; the browser's fetch hands the whole body.
    if body.len() as u64 > MAX_REPLY_BYTES {
        return Err("the answer is too long".into());
    }
    Ok((status, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gallery_shares_the_signaling_servers_host() {
        assert_eq!(http_base("ws://127.0.0.1:3536"), "http://127.0.0.1:3536");
        assert_eq!(
            http_base("wss://play.example/signal"),
            "https://play.example"
        );
    }

    #[test]
    fn answers_read_plain_and_chunked() {
        let plain = b"HTTP/1.1 201 Created\r\ncontent-length: 4\r\n\r\n{\"a\"";
        assert_eq!(read_http(plain).unwrap(), (201, "{\"a\"".to_owned()));
        let chunked =
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        assert_eq!(read_http(chunked).unwrap(), (200, "abcde".to_owned()));
        assert!(read_http(b"SSH-2.0\r\n").is_err());
        assert!(read_http(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n").is_err());
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn an_answer_past_the_cap_is_refused_not_cut() {
        let at_cap = vec![b'x'; 64];
        assert_eq!(read_capped(&at_cap[..], 64), Ok(at_cap.clone()));
        let over = [b'x'; 65];
        assert_eq!(
            read_capped(&over[..], 64),
            Err("the answer is too long".to_owned())
        );
    }

    #[test]
    fn a_reply_is_read_once() {
        let ask = Ask::answered(Ok((204, String::new())));
        assert!(ask.reply().is_some());
        assert!(ask.reply().is_none());
    }
}
