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

/// Longest reply read, bytes: a replay (4 MiB) and some.
const MAX_REPLY_BYTES: u64 = 5 << 20;

/// Sends `request` to `base` (`http://HOST:PORT` or `https://HOST`) through the
/// desktop's HTTP client (`app/net/`) and waits for the reply, blocking for at
/// most about a minute (a score's replay is played before the server answers).
/// A reply past [`MAX_REPLY_BYTES`] is refused, not cut.
#[cfg(not(target_arch = "wasm32"))]
pub fn exchange(base: &str, request: &ApiRequest) -> Reply {
    use crate::app::net::{send, Deadlines, HttpRequest};
    use std::time::Duration;

    let url = format!("{base}{}", request.path);
    let mut headers = Vec::new();
    if request.body.is_some() {
        headers.push(("Content-Type", "application/json"));
    }
    if let Some(key) = &request.edit_key {
        headers.push(("X-Edit-Key", key.as_str()));
    }
    let http = HttpRequest {
        method: request.method.word(),
        url: &url,
        headers: &headers,
        body: request.body.as_deref(),
    };
    let deadlines = Deadlines {
        connect: Duration::from_secs(5),
        send: Duration::from_secs(20),
        answer: Duration::from_secs(60),
    };
    send(http, MAX_REPLY_BYTES, deadlines)
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
    // The native client stops at the cap; the browser's fetch hands the whole body.
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
    fn a_reply_is_read_once() {
        let ask = Ask::answered(Ok((204, String::new())));
        assert!(ask.reply().is_some());
        assert!(ask.reply().is_none());
    }
}
