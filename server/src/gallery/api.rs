//! The gallery's answers and requests as the contract fixes them: JSON bodies
//! read under a byte cap, every error `{"error": SENTENCE, "diagnostics": [..]?}`
//! with its status (429 with `Retry-After`), every answer open to any page
//! (`Access-Control-Allow-Origin: *`, and a preflight answer), so the browser
//! build served from another origin can call it.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderName, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tower_http::cors::{Any, CorsLayer};

use super::verify::{Refused, VERIFY_BUDGET};

/// The cap on a body holding a level: 64 KiB of level text, which JSON's
/// escapes may grow (a `\n` is two bytes, a control character six).
pub(super) const LEVEL_BODY: usize = 6 * 64 * 1024 + 4096;
/// The most level text accepted.
pub(super) const LEVEL_TEXT: usize = 64 * 1024;
/// The cap on a body holding a replay (4 MiB of text, escaped).
pub(super) const REPLAY_BODY: usize = 2 * 4 * 1024 * 1024 + 4096;
/// The most replay text accepted.
pub(super) const REPLAY_TEXT: usize = 4 * 1024 * 1024;
/// The cap on any other body.
pub(super) const SMALL_BODY: usize = 4096;
/// How long a request's body may take to arrive (a replay's 8 MiB at 420 KB/s);
/// a body sent slower is refused with 408, so a slow sender holds no socket.
pub(crate) const BODY_DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

/// When a request the database failed may be tried again: a full disk or a
/// lost connection is the operator's to fix, and a write that failed left
/// nothing behind (`writes.rs`).
pub(super) const DATABASE_RETRY: Duration = Duration::from_secs(30);

/// A refusal: the status and the sentence a player reads.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ApiError {
    pub(super) status: StatusCode,
    pub(super) error: String,
    pub(super) diagnostics: Vec<String>,
    pub(super) retry_after: Option<Duration>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    diagnostics: &'a [String],
}

impl ApiError {
    /// A refusal with `status` and `error`.
    pub(super) fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            error: error.into(),
            diagnostics: Vec::new(),
            retry_after: None,
        }
    }

    /// A replay refused (a score's or a clear's): 503 when the server could
    /// not finish playing it in its budget (a busy machine plays it faster
    /// later) or its request ended, with `Retry-After` as every 503 of the
    /// gallery has; 413 when padded; 422 otherwise.
    pub(super) fn replay_refused(refused: &Refused, error: impl Into<String>) -> ApiError {
        let (status, retry_after) = match refused {
            Refused::OutOfTime(_) | Refused::Cancelled => {
                (StatusCode::SERVICE_UNAVAILABLE, Some(VERIFY_BUDGET))
            }
            Refused::Padded { .. } => (StatusCode::PAYLOAD_TOO_LARGE, None),
            _ => (StatusCode::UNPROCESSABLE_ENTITY, None),
        };
        ApiError {
            retry_after,
            ..ApiError::new(status, error)
        }
    }

    /// 404: no such level (hidden ones too).
    pub(super) fn no_level() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "no such level: check the code")
    }

    /// 429 for a rate limit, with the wait.
    pub(super) fn too_many(wait: Duration) -> ApiError {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        ApiError {
            retry_after: Some(Duration::from_secs(seconds.max(1))),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many requests from your address: try again in {} s",
                    seconds.max(1)
                ),
            )
        }
    }

    /// 500 for a database failure (logged, never shown: it may name tables or a host).
    pub(super) fn database(e: &sqlx::Error) -> ApiError {
        tracing::error!("gallery: database error: {e}");
        ApiError {
            retry_after: Some(DATABASE_RETRY),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the gallery's database failed (nothing was written): try again in {} s",
                    DATABASE_RETRY.as_secs()
                ),
            )
        }
    }
}

/// A database failure met by `?` in a handler: [`ApiError::database`].
impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError::database(&e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.error,
            diagnostics: &self.diagnostics,
        };
        let mut response = (self.status, json_body(&body)).into_response();
        if let Some(wait) = self.retry_after {
            if let Ok(v) = HeaderValue::from_str(&wait.as_secs().to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        response
    }
}

/// A JSON answer with its content type.
pub(super) fn json_body(value: &impl Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(bytes) => ([(header::CONTENT_TYPE, "application/json")], bytes).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// `status` with `value` as JSON.
pub(super) fn json(status: StatusCode, value: &impl Serialize) -> Response {
    let mut response = json_body(value);
    *response.status_mut() = status;
    response
}

/// Reads a JSON body of at most `cap` bytes: 413 over it, 400 when it is not
/// the JSON expected (serde's sentence says which field).
pub(super) async fn read_json<T: DeserializeOwned>(body: Body, cap: usize) -> Result<T, ApiError> {
    let read = tokio::time::timeout(BODY_DEADLINE, axum::body::to_bytes(body, cap)).await;
    let bytes = read
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body took over the server's {} s to arrive",
                    BODY_DEADLINE.as_secs()
                ),
            )
        })?
        .map_err(|_| {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request is over the server's limit of {cap} bytes"),
            )
        })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not the JSON this server expects: {e}"),
        )
    })
}

/// Whether a request's `Content-Type` says JSON (`application/json`, with or
/// without parameters such as `; charset=utf-8`).
fn says_json(request: &Request<Body>) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// Refuses a `POST` or `PUT` (every gallery request with a body is JSON)
/// whose `Content-Type` is not `application/json` with 415: a form or a
/// `text/plain` body from another page's script is no request the game's
/// clients send (both set it, `core/src/app/community/transport.rs`).
pub(super) async fn require_json(request: Request<Body>, next: axum::middleware::Next) -> Response {
    let has_body = request.method() == Method::POST || request.method() == Method::PUT;
    if has_body && !says_json(&request) {
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the gallery reads JSON: send `Content-Type: application/json`",
        )
        .into_response();
    }
    next.run(request).await
}

/// How long a browser may keep a preflight's answer (a day).
const PREFLIGHT_KEPT: Duration = Duration::from_secs(86_400);

/// `Access-Control-Allow-Origin: *` on every answer, and a preflight
/// (`OPTIONS`) answered before any route with the gallery's methods and the
/// two headers its clients send: any page may call the gallery, which holds
/// nothing a cookie would unlock. No `Vary`: the answer is the same for every
/// origin.
pub(super) fn cors() -> CorsLayer {
    let methods = [
        Method::GET,
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::OPTIONS,
    ];
    let no_vary: [HeaderName; 0] = [];
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods(methods)
        .allow_headers([header::CONTENT_TYPE, HeaderName::from_static("x-edit-key")])
        .max_age(PREFLIGHT_KEPT)
        .vary(no_vary)
}

/// A preflight's answer as `204 No Content`, as the gallery has always
/// answered it (tower-http's [`CorsLayer`] answers `200 OK`, empty); layered
/// over [`cors`].
pub(super) async fn preflight_no_content(
    request: Request<Body>,
    next: axum::middleware::Next,
) -> Response {
    let preflight = request.method() == Method::OPTIONS;
    let mut response = next.run(request).await;
    if preflight && response.status() == StatusCode::OK {
        *response.status_mut() = StatusCode::NO_CONTENT;
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer of the gallery's routes (open on a fresh SQLite file, or
    /// closed) to `request`.
    async fn answer(open: bool, request: Request<Body>) -> Response {
        use tower::ServiceExt;
        let gallery = if open {
            let dir = std::env::temp_dir().join(format!(
                "arkanong-cors-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            std::fs::create_dir_all(&dir).unwrap();
            let db = dir.join("g.sqlite");
            let fairness = super::super::Fairness::default();
            let gallery = super::super::Gallery::open(db.to_str(), 1, fairness);
            Ok(std::sync::Arc::new(gallery.await.unwrap()))
        } else {
            Err("closed for the test".to_owned())
        };
        let routes = super::super::routes::<()>(gallery);
        routes.oneshot(request).await.unwrap()
    }

    fn field<'a>(answer: &'a Response, name: &str) -> &'a str {
        answer
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The browser build served from another origin preflights its writes:
    /// the answer allows any origin, the gallery's methods and its two headers,
    /// for a day; every other answer (an error too) allows any origin.
    #[test]
    fn a_preflight_allows_any_page_the_methods_and_headers_and_every_answer_any_origin() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            for open in [true, false] {
                let preflight = Request::builder()
                    .method(Method::OPTIONS)
                    .uri("/levels/ABCDEF")
                    .header(header::ORIGIN, "http://127.0.0.1:8000")
                    .header(header::ACCESS_CONTROL_REQUEST_METHOD, "PUT")
                    .header(
                        header::ACCESS_CONTROL_REQUEST_HEADERS,
                        "content-type,x-edit-key",
                    )
                    .body(Body::empty())
                    .unwrap();
                let pre = answer(open, preflight).await;
                assert_eq!(pre.status(), StatusCode::NO_CONTENT, "open: {open}");
                assert_eq!(field(&pre, "access-control-allow-origin"), "*");
                let methods: Vec<&str> = field(&pre, "access-control-allow-methods")
                    .split(',')
                    .map(str::trim)
                    .collect();
                assert_eq!(methods, ["GET", "POST", "PUT", "DELETE", "OPTIONS"]);
                let headers: Vec<&str> = field(&pre, "access-control-allow-headers")
                    .split(',')
                    .map(str::trim)
                    .collect();
                assert_eq!(headers, ["content-type", "x-edit-key"]);
                assert_eq!(field(&pre, "access-control-max-age"), "86400");
                // An error answer is readable by the page too.
                let form = Request::builder()
                    .method(Method::POST)
                    .uri("/levels")
                    .header(header::ORIGIN, "http://127.0.0.1:8000")
                    .header(header::CONTENT_TYPE, "text/plain")
                    .body(Body::from("x"))
                    .unwrap();
                let refused = answer(open, form).await;
                let status = match open {
                    true => StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    false => StatusCode::SERVICE_UNAVAILABLE,
                };
                assert_eq!(refused.status(), status);
                assert_eq!(field(&refused, "access-control-allow-origin"), "*");
                assert_eq!(field(&refused, "access-control-allow-methods"), "");
            }
        });
    }

    #[test]
    fn a_replay_out_of_its_time_is_503_with_retry_after_like_every_503() {
        // Issue 43's re-run: 48 replays each playing its whole 10 s budget
        // were answered 503 "try again later" with no Retry-After.
        for refused in [Refused::OutOfTime(VERIFY_BUDGET), Refused::Cancelled] {
            let answer = ApiError::replay_refused(&refused, refused.message()).into_response();
            assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(
                answer
                    .headers()
                    .get(header::RETRY_AFTER)
                    .map(|v| v.to_str().unwrap()),
                Some(VERIFY_BUDGET.as_secs().to_string().as_str()),
                "{refused:?}"
            );
        }
        let padded = ApiError::replay_refused(&Refused::Padded { steps: 1 }, "padded");
        assert_eq!(padded.status, StatusCode::PAYLOAD_TOO_LARGE);
        let other = ApiError::replay_refused(&Refused::OtherLevel, "another level");
        assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!((padded.retry_after, other.retry_after), (None, None));
    }
}
