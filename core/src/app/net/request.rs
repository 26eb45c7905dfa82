//! What a request is and how it fails, the same on the desktop (ureq) and in
//! the browser (the page's `fetch`): the screens read one kind of answer
//! whichever carried it.

use std::time::Duration;

/// The error an answer past its cap gives.
pub const TOO_LONG: &str = "the answer is too long";

/// One request: its method, full URL, extra headers and body. Owned, so it can
/// go to a thread or a browser future as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: &'static str,
    /// `http://HOST:PORT/PATH` or `https://...`.
    pub url: String,
    /// Headers beside the client's own (name, value).
    pub headers: Vec<(&'static str, String)>,
    /// The body, if any (sent with its length).
    pub body: Option<String>,
}

/// How long each phase may take. The desktop's client holds to them; the
/// browser's `fetch` has the page's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    /// Resolving and connecting, TLS handshake included.
    pub connect: Duration,
    /// Sending the request and its body.
    pub send: Duration,
    /// Waiting for the answer's head, then reading its body.
    pub answer: Duration,
}

/// Why a request brought no answer to read. Each variant reads as a sentence
/// for the player; the callers tell them apart by variant (a room request
/// calls an answer too long no arkanong server's, an untrusted certificate is
/// said as such rather than as no server).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HttpError {
    /// The answer's body ran past its cap.
    #[error("{}", TOO_LONG)]
    TooLong,
    /// The server's certificate is not one this process trusts: why, in
    /// rustls's words (the sentence says what to do about it). Never in the
    /// browser, whose `fetch` does not say why it failed.
    #[error(
        "{untrusted} ({0}); a private server's CA goes in --ca-file or {env}",
        untrusted = crate::app::online::UNTRUSTED_CERTIFICATE,
        env = CA_FILE_ENV
    )]
    Untrusted(String),
    /// The request could not be made or the connection failed: the system's,
    /// ureq's or the page's words.
    #[error("{0}")]
    Failed(String),
}

/// The environment variable naming the CA file when `--ca-file` is not given
/// (the desktop's; the sentence for an untrusted certificate names it).
pub const CA_FILE_ENV: &str = "ARKANONG_CA_FILE";

/// An answer's status and body (read lossily as UTF-8), whatever the status;
/// or why there is none.
pub type HttpAnswer = Result<(u16, String), HttpError>;
