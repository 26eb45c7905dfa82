//! The host's request for a room, in flight off the frame loop: a thread
//! natively, a fetch future in the browser. Either writes its answer into a
//! shared slot; the online screen's frame reads the slot as plain data
//! ([`RoomAsk::answer`]), so the screen's state stays headless, and a test hands
//! in an answer of its own ([`RoomAsk::answered`]) without any server.

use std::sync::{Arc, Mutex};

use super::RoomRequestError;

/// The server's answer to the host's `POST /room`.
pub type RoomAnswer = Result<String, RoomRequestError>;

/// A request for a room and, once it came, its answer.
#[derive(Debug, Clone, Default)]
pub struct RoomAsk {
    slot: Arc<Mutex<Option<RoomAnswer>>>,
}

impl RoomAsk {
    /// Asks `server` (`ws://HOST:PORT`) for a room, on a thread of its own (the
    /// request blocks for up to about 5 s).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn send(server: &str) -> Self {
        Self::on_thread(server, super::request_room)
    }

    /// Asks `server` to pair this player for a quick match (`POST /quick`; the
    /// answer is the room to join, see `request_quick`), as [`RoomAsk::send`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn send_quick(server: &str) -> Self {
        Self::on_thread(server, super::request_quick)
    }

    /// `request(server)` on a thread of its own.
    #[cfg(not(target_arch = "wasm32"))]
    fn on_thread(server: &str, request: fn(&str) -> RoomAnswer) -> Self {
        let ask = Self::default();
        let slot = Arc::clone(&ask.slot);
        let server = server.to_owned();
        let spawned = std::thread::Builder::new()
            .name("room-request".into())
            .spawn(move || {
                let answer = request(&server);
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
            });
        if let Err(e) = spawned {
            return Self::answered(Err(RoomRequestError::Unreachable(e.to_string())));
        }
        ask
    }

    /// Asks `server` (`ws://` or `wss://`) for a room through the browser's
    /// fetch (`POST http(s)://HOST/room`; the server allows any origin).
    #[cfg(target_arch = "wasm32")]
    pub fn send(server: &str) -> Self {
        Self::fetched(server_url(server, "/room"), String::new())
    }

    /// Asks `server` to pair this player for a quick match through the
    /// browser's fetch (`POST http(s)://HOST/quick`), as [`RoomAsk::send`].
    #[cfg(target_arch = "wasm32")]
    pub fn send_quick(server: &str) -> Self {
        Self::fetched(server_url(server, "/quick"), super::quick_key())
    }

    /// `POST url` with `body` through the page's fetch.
    #[cfg(target_arch = "wasm32")]
    fn fetched(url: String, body: String) -> Self {
        let ask = Self::default();
        let slot = Arc::clone(&ask.slot);
        wasm_bindgen_futures::spawn_local(async move {
            let answer = fetch_room(&url, &body).await;
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
        });
        ask
    }

    /// A request already answered with `answer` (tests, and a failure to send).
    pub fn answered(answer: RoomAnswer) -> Self {
        Self {
            slot: Arc::new(Mutex::new(Some(answer))),
        }
    }

    /// The answer, once it came (taken: later calls return `None`).
    pub fn answer(&self) -> Option<RoomAnswer> {
        self.slot.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// What the page says when the host's request for a room failed: with no
/// server, that a server is needed (and, on the desktop, how to start one).
pub fn no_server_line(server: &str, error: &RoomRequestError) -> String {
    match error {
        RoomRequestError::Unreachable(why) if why.starts_with(super::UNTRUSTED_CERTIFICATE) => {
            format!("Cannot trust the server at {server}: {why}")
        }
        RoomRequestError::Unreachable(_) if cfg!(target_arch = "wasm32") => {
            format!("No server at {server}: the page needs a running arkanong server")
        }
        RoomRequestError::Unreachable(_) => {
            format!("No server at {server} - start one with `arkanong server`")
        }
        RoomRequestError::Refused(r) => format!("The server refused a room: {}", r.reason()),
        RoomRequestError::BadAnswer(why) => format!("No arkanong server at {server}: {why}"),
    }
}

/// The HTTP address of `server`'s `POST path` (`/room`, `/quick`; `ws://` →
/// `http://`, `wss://` → `https://`, any path of the server's dropped).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn server_url(server: &str, path: &str) -> String {
    let (scheme, rest) = match server.split_once("://") {
        Some(("wss", rest)) => ("https", rest),
        Some((_, rest)) => ("http", rest),
        None => ("http", server),
    };
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}{path}")
}

/// `POST url` with `body` through the page's `fetch`, read as the server's reply.
#[cfg(target_arch = "wasm32")]
async fn fetch_room(url: &str, body: &str) -> RoomAnswer {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let unreachable = |e: wasm_bindgen::JsValue| {
        RoomRequestError::Unreachable(e.as_string().unwrap_or_else(|| format!("{e:?}")))
    };
    let global = js_sys::global();
    let fetch: js_sys::Function = js_sys::Reflect::get(&global, &"fetch".into())
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"method".into(), &"POST".into()).map_err(unreachable)?;
    js_sys::Reflect::set(&init, &"body".into(), &body.into()).map_err(unreachable)?;
    let promise: js_sys::Promise = fetch
        .call2(&global, &url.into(), &init)
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    let response = JsFuture::from(promise).await.map_err(unreachable)?;
    let status = js_sys::Reflect::get(&response, &"status".into())
        .ok()
        .and_then(|s| s.as_f64())
        .unwrap_or(0.0) as u16;
    let text: js_sys::Function = js_sys::Reflect::get(&response, &"text".into())
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    let body: js_sys::Promise = text
        .call0(&response)
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    let body = JsFuture::from(body).await.map_err(unreachable)?;
    super::read_room_reply(status, &body.as_string().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_urls_follow_the_servers_scheme() {
        assert_eq!(
            server_url("ws://127.0.0.1:3536", "/room"),
            "http://127.0.0.1:3536/room"
        );
        assert_eq!(
            server_url("wss://play.example/signal", "/quick"),
            "https://play.example/quick"
        );
    }

    #[test]
    fn an_answer_is_read_once() {
        let ask = RoomAsk::answered(Ok("K8PXQ2M".into()));
        assert_eq!(ask.answer(), Some(Ok("K8PXQ2M".into())));
        assert_eq!(ask.answer(), None);
    }

    #[test]
    fn no_server_names_the_command_on_the_desktop() {
        let line = no_server_line(
            "ws://127.0.0.1:3536",
            &RoomRequestError::Unreachable("refused".into()),
        );
        assert!(line.contains("No server at ws://127.0.0.1:3536"), "{line}");
        assert!(line.contains("`arkanong server`"), "{line}");
    }

    #[test]
    fn an_untrusted_certificate_is_said_as_such_not_as_no_server() {
        let why = format!(
            "{} (UnknownIssuer); ...",
            super::super::UNTRUSTED_CERTIFICATE
        );
        let line = no_server_line("wss://play.example", &RoomRequestError::Unreachable(why));
        assert!(
            line.starts_with("Cannot trust the server at wss://play.example: "),
            "{line}"
        );
        assert!(!line.contains("No server"), "{line}");
    }
}
