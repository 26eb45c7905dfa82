//! `--web DIR`: the browser build (web/build.sh's `target/web/`) served on the
//! server's own origin, beside the rooms and the gallery, so a host runs one
//! program and the page finds its server from its own address. tower-http's
//! `ServeDir` answers: content types by extension (`.wasm` as
//! `application/wasm`, which streaming compilation needs), ranges, and the
//! `FILE.gz` web/build.sh writes beside each file when the browser takes gzip.
//! The page (`index.html`, `/`) is never cached, so a new build is seen at
//! once; the rest is cached a short while ([`CACHE_SECONDS`]): its names do not
//! change between builds, so a long cache would mix two builds.

use std::convert::Infallible;
use std::path::Path;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// How long a browser may keep a file other than the page, seconds.
const CACHE_SECONDS: u32 = 300;

/// The browser build's folder, as the routes serve it.
#[derive(Clone, Debug)]
pub(super) struct Web {
    files: ServeDir,
}

impl Web {
    /// Serves `dir`, which must hold the build's `index.html`.
    pub(super) fn open(dir: &Path) -> Result<Web, String> {
        if !dir.join("index.html").is_file() {
            return Err(format!(
                "--web {}: no index.html there (web/build.sh writes the build to target/web/)",
                dir.display()
            ));
        }
        Ok(Web {
            files: ServeDir::new(dir).precompressed_gzip(),
        })
    }

    /// Answers `request` from the folder: `GET` and `HEAD` only, with the
    /// cache rules above.
    pub(super) async fn answer(&self, request: Request) -> Response {
        if !matches!(*request.method(), Method::GET | Method::HEAD) {
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        }
        let page = is_page(request.uri().path());
        let answer: Result<_, Infallible> = self.files.clone().oneshot(request).await;
        let mut response = match answer {
            Ok(response) => response.map(Body::new),
            Err(never) => match never {},
        };
        let cache = match (page, response.status().is_success()) {
            (true, _) => HeaderValue::from_static("no-cache"),
            (false, true) => HeaderValue::from_str(&format!("public, max-age={CACHE_SECONDS}"))
                .unwrap_or(HeaderValue::from_static("no-cache")),
            (false, false) => HeaderValue::from_static("no-store"),
        };
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, cache);
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        response
    }
}

/// Whether `path` asks for the page itself (a folder, which `ServeDir` answers
/// with its `index.html`, or an HTML file).
fn is_page(path: &str) -> bool {
    path.ends_with('/') || path.ends_with(".html")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_a_folder_or_an_html_file_and_nothing_else() {
        for page in ["/", "/index.html", "/play/"] {
            assert!(is_page(page), "{page}");
        }
        for file in ["/arkanong.wasm", "/gl.js", "/index.html.gz"] {
            assert!(!is_page(file), "{file}");
        }
    }

    #[test]
    fn a_folder_without_the_build_is_refused_with_the_way_to_make_it() {
        let empty = std::env::temp_dir().join(format!("arkanong-web-empty-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let why = Web::open(&empty).unwrap_err();
        assert!(why.contains("web/build.sh"), "{why}");
    }
}
