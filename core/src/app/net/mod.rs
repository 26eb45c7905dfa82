//! The desktop's one HTTP client and what its TLS trusts (feature `online`, not
//! in the browser, which keeps the page's `fetch`). The gallery's requests
//! (`community/transport.rs`) and the room requests (`online/room_request.rs`)
//! both go through [`send`]: ureq on rustls, so an `https://` server (the
//! server's own certificate, or a proxy's from Let's Encrypt) is reached as well
//! as a plain `http://` one on a LAN. The signaling's `wss://` (matchbox) is
//! handed the same trust ([`trust_ca_file`]).
//!
//! ```text
//! http.rs   send(): one request, its deadlines, its answer read up to a cap
//! trust.rs  Mozilla's roots plus --ca-file / ARKANONG_CA_FILE's CA
//! ```

mod http;
mod trust;

pub use http::{send, Deadlines, HttpRequest, TOO_LONG};
pub use trust::{trust_ca_file, CA_FILE_ENV};
