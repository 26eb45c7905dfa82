//! The one HTTP client (feature `online`): ureq on rustls on the desktop, the
//! page's `fetch` in the browser, each answering the same [`HttpAnswer`]. The
//! gallery's requests (`community/transport.rs`) and the room requests
//! (`online/room_request.rs`) both go through it, off the frame loop with
//! [`ask`] into a [`Slot`], or waited for with [`send`] on the desktop. An
//! `https://` server (the server's own certificate, or a proxy's from Let's
//! Encrypt) is reached as well as a plain `http://` one on a LAN; the
//! signaling's `wss://` (matchbox) is handed the same trust ([`trust_ca_file`]).
//!
//! ```text
//! request.rs  HttpRequest, Deadlines, HttpError: what every request is and how it fails
//! slot.rs     Slot: where an answer arrives off the frame loop
//! ask.rs      ask(): a request on a thread (desktop) or a fetch future (browser)
//! http.rs     send(): one request, its deadlines, its answer read up to a cap (desktop)
//! trust.rs    Mozilla's roots plus --ca-file / ARKANONG_CA_FILE's CA (desktop)
//! fetch.rs    fetch(): one request through the page's fetch (browser)
//! ```

mod ask;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(not(target_arch = "wasm32"))]
mod http;
mod request;
mod slot;
#[cfg(not(target_arch = "wasm32"))]
mod trust;

pub use ask::ask;
#[cfg(target_arch = "wasm32")]
pub use fetch::fetch;
#[cfg(not(target_arch = "wasm32"))]
pub use http::send;
pub use request::{Deadlines, HttpAnswer, HttpError, HttpRequest, CA_FILE_ENV, TOO_LONG};
pub use slot::Slot;
#[cfg(not(target_arch = "wasm32"))]
pub use trust::trust_ca_file;
