//! The gallery's routes under `/gallery/` (the contract in docs/server.md):
//! levels shared, browsed, edited and withdrawn with their key; plays,
//! ratings and reports; verified scores and their replays. Each write spends
//! the address's budget for its kind first, reads its body under a cap, and
//! logs one line (codes and sizes, never an edit key).

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Body;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Extension, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::{Deserialize, Serialize};

use super::super::run::Connection;
use super::api::{
    cors, json, preflight_no_content, read_json, require_json, ApiError, LEVEL_BODY, LEVEL_TEXT,
    REPLAY_BODY, REPLAY_TEXT, SMALL_BODY,
};
use super::board_routes::{ended, top};
use super::fairness::Rating;
use super::front::FrontPages;
use super::keys::{fresh_edit_key, fresh_level_code, is_level_code, key_hash, key_matches};
use super::limits::Write;
use super::score_routes::{replay, submit};
use super::service::Gallery;
use super::store::{AuthorClear, NewLevel, Play, Sort, Summary};
use super::verify::{Refused, NOT_CLEARED};
use super::verifying::{play_replay, Check};
use arkanong_core::level::check_text;

/// Longest author or score name, in characters.
const MAX_NAME: usize = 32;
/// Longest report reason, in characters.
const MAX_REASON: usize = 500;
/// Longest search, in characters.
const MAX_QUERY: usize = 64;
/// Read tokens a search costs (a listing's page costs 1).
const SEARCH_COST: u32 = 3;
/// Last page a listing serves (20 levels each: 200,000 levels deep).
const MAX_PAGE: i64 = 10_000;

/// The routes under `/gallery`; when the gallery is closed (`Err`: why),
/// every one of them answers 503 with why. Each handler's gallery is the
/// router's state; the routes nest in a router of any state `S`.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>(
    gallery: Result<Arc<Gallery>, String>,
) -> Router<S> {
    let gallery = match gallery {
        Ok(gallery) => gallery,
        Err(why) => return closed(why),
    };
    Router::new()
        .route("/levels", post(share).get(browse))
        .route("/levels/{code}", get(show).put(edit).delete(withdraw))
        .route("/levels/{code}/plays", post(play))
        .route("/levels/{code}/ends", post(ended))
        .route("/levels/{code}/rating", post(rate))
        .route("/levels/{code}/report", post(report))
        .route("/levels/{code}/scores", post(submit).get(top))
        .route("/scores/{id}/replay", get(replay))
        .route("/daily", get(super::daily_routes::show))
        .route("/daily/scores", post(super::daily_routes::submit))
        .route("/daily/{date}/scores", get(super::daily_routes::board))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page in the gallery") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "the gallery does not answer that method here",
            )
        })
        .layer(axum::middleware::from_fn(require_json))
        .layer(cors())
        .layer(axum::middleware::from_fn(preflight_no_content))
        .with_state(gallery)
}

/// Every path under `/gallery` answering 503: the gallery is closed (why).
fn closed<S: Clone + Send + Sync + 'static>(why: String) -> Router<S> {
    let error = format!("this server's gallery is closed ({why}); online play still works");
    Router::new()
        .fallback(move || {
            let error = error.clone();
            async move { ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error) }
        })
        .layer(cors())
        .layer(axum::middleware::from_fn(preflight_no_content))
}

pub(super) type Gal = State<Arc<Gallery>>;
pub(super) type Conn = Extension<Connection>;
pub(super) type Answer = Result<Response, ApiError>;

pub(super) fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A route's one path segment (`{code}`, `{id}`, `{date}`), or why it did
/// not read: each route says what a bad one is.
pub(super) type PathSegment = Result<Path<String>, PathRejection>;

/// The level code in the path, if it has a code's form (anything else is no level).
fn code_of(path: PathSegment) -> Result<String, ApiError> {
    match path {
        Ok(Path(code)) if is_level_code(&code) => Ok(code),
        _ => Err(ApiError::no_level()),
    }
}

/// What every route on one level (`/gallery/levels/C...`) does first: spends
/// the address's budget for `write` before anything of the request is read,
/// then reads the level's code from the path.
pub(super) fn level_route(
    gallery: &Gallery,
    conn: &Connection,
    write: Write,
    path: PathSegment,
) -> Result<String, ApiError> {
    gallery.spend(conn, write)?;
    code_of(path)
}

/// A player id: 16 to 64 of `A-Z a-z 0-9 _ -`.
pub(super) fn check_player(player: &str) -> Result<(), ApiError> {
    let ok = (16..=64).contains(&player.len())
        && player
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "the player id is 16 to 64 letters, digits, '_' or '-'",
        ))
    }
}

/// A name shown to others (an author, a score's name): trimmed, at most
/// `MAX_NAME` characters, no control characters.
pub(super) fn clean_name(name: &str, what: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.chars().count() > MAX_NAME || name.chars().any(is_unshown) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("the {what} is at most {MAX_NAME} characters, without control characters"),
        ));
    }
    Ok(name.to_owned())
}

/// A character no list should show: a control character (NUL, ESC, ...) or
/// a bidirectional override or isolate, which turns the text after it around
/// (U+202E would show "gnp.exe" as "exe.png").
fn is_unshown(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A level's title as lists show it: refused (422) with a control or
/// direction character, as author names are.
fn check_title(title: &str) -> Result<(), ApiError> {
    if title.chars().any(is_unshown) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the title has a control or direction character: write it without",
        ));
    }
    Ok(())
}

/// A level's text checked by `arkanong check`'s checker, on a blocking
/// thread (its raster and overlap tests must not hold up the signaling): the
/// level and its text, or 422 with every diagnostic (the path shown as `level`).
async fn checked(
    gallery: &Gallery,
    text: String,
) -> Result<(arkanong_core::level::Level, String), ApiError> {
    if text.len() > LEVEL_TEXT {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a level is at most {LEVEL_TEXT} bytes"),
        ));
    }
    let failed = || {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server could not check the level: try again later",
        )
    };
    let _permit = gallery.checkers().acquire().await.map_err(|_| failed())?;
    let (checked, text) = tokio::task::spawn_blocking(move || (check_text(&text), text))
        .await
        .map_err(|_| {
            tracing::error!("gallery: checking a level failed");
            failed()
        })?;
    match checked.level {
        Some(level) => {
            check_title(&level.title)?;
            Ok((level, text))
        }
        None => Err(ApiError {
            diagnostics: checked
                .diagnostics
                .iter()
                .map(|d| d.headline("level"))
                .collect(),
            ..ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "the level has errors: fix them in the editor and share it again",
            )
        }),
    }
}

/// The edit key a request carries, or 403.
fn edit_key(headers: &HeaderMap) -> Result<&str, ApiError> {
    headers
        .get("x-edit-key")
        .and_then(|v| v.to_str().ok())
        .filter(|k| !k.is_empty() && k.len() <= 128)
        .ok_or_else(|| ApiError::new(StatusCode::FORBIDDEN, "this needs the level's edit key"))
}

/// The level exists and `headers` carry its key: 404 or 403 otherwise.
async fn owned(gallery: &Gallery, code: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    let stored = gallery
        .store()
        .key_hash(code)
        .await?
        .ok_or_else(ApiError::no_level)?;
    if key_matches(edit_key(headers)?, &stored) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong edit key for this level",
        ))
    }
}

pub(super) async fn require_visible(gallery: &Gallery, code: &str) -> Result<(), ApiError> {
    match gallery.store().visible(code).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(ApiError::no_level()),
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct ShareBody {
    text: String,
    author: Option<String>,
    /// The replay of its author clearing it (`clear_check.rs`).
    clear: Option<String>,
}

/// Plays a level's clear check `clear` against its `text` (already checked):
/// what it verified, or the refusal a player reads. No clear sent (an older
/// client's share) is 422 with the sentence that says what to do.
async fn clear_checked(
    gallery: &Gallery,
    conn: &Connection,
    text: &str,
    clear: Option<String>,
) -> Result<AuthorClear, ApiError> {
    let Some(clear) = clear.filter(|c| !c.trim().is_empty()) else {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "{NOT_CLEARED} (this server shares only levels cleared by their author: \
                 a game whose Share sends no clear needs updating)"
            ),
        ));
    };
    if clear.len() > REPLAY_TEXT {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a clear check's replay is at most {REPLAY_TEXT} bytes"),
        ));
    }
    match play_replay(gallery, text.to_owned(), clear, Check::Clear).await? {
        Ok(v) => Ok(AuthorClear {
            steps: i64::try_from(v.steps).unwrap_or(i64::MAX),
            replay: v.canonical,
        }),
        Err(refused) => {
            tracing::info!(
                "gallery: clear check refused, from {}: {refused:?}",
                conn.ip
            );
            let message = match refused {
                Refused::NotCleared(_) => refused.message(),
                _ => format!("{NOT_CLEARED} ({})", refused.message()),
            };
            Err(ApiError::replay_refused(&refused, message))
        }
    }
}

#[derive(Serialize)]
struct Shared {
    code: String,
    edit_key: String,
}

/// `POST /gallery/levels`: checks and stores a level; its code and edit key.
async fn share(State(gallery): Gal, Extension(conn): Conn, body: Body) -> Answer {
    gallery.spend(&conn, Write::Upload)?;
    let body: ShareBody = read_json(body, LEVEL_BODY + REPLAY_BODY).await?;
    let (level, text) = checked(&gallery, body.text).await?;
    let author = clean_name(
        body.author.as_deref().unwrap_or(&level.author),
        "author name",
    )?;
    let clear = clear_checked(&gallery, &conn, &text, body.clear).await?;
    let key = fresh_edit_key().ok_or_else(no_randomness)?;
    let new = NewLevel {
        title: level.title.clone(),
        author,
        mode: level.mode.keyword().to_owned(),
        text,
        key_hash: key_hash(&key),
        now: now(),
        clear,
    };
    // A billion codes: a second draw is rare, a fifth all but impossible.
    for _ in 0..5 {
        let code = fresh_level_code().ok_or_else(no_randomness)?;
        if gallery.store().insert_level(&code, &new).await? {
            gallery.front().forget();
            tracing::info!(
                "gallery: level {code} shared from {} ({} bytes, cleared in {} steps)",
                conn.ip,
                new.text.len(),
                new.clear.steps
            );
            return Ok(json(
                StatusCode::CREATED,
                &Shared {
                    code,
                    edit_key: key,
                },
            ));
        }
    }
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "no free level code: try again",
    ))
}

fn no_randomness() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server has no randomness: try again",
    )
}

#[derive(Deserialize)]
struct EditBody {
    text: String,
    /// The replay of its author clearing the new text.
    clear: Option<String>,
}

#[derive(Serialize)]
struct Edited {
    code: String,
}

/// `PUT /gallery/levels/C`: replaces the level's text, with its key.
async fn edit(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    headers: HeaderMap,
    body: Body,
) -> Answer {
    let code = level_route(&gallery, &conn, Write::Upload, path)?;
    let body: EditBody = read_json(body, LEVEL_BODY + REPLAY_BODY).await?;
    owned(&gallery, &code, &headers).await?;
    let (level, text) = checked(&gallery, body.text).await?;
    let clear = clear_checked(&gallery, &conn, &text, body.clear).await?;
    let store = gallery.store();
    let author = store.author(&code).await?.unwrap_or_default();
    let edit = NewLevel {
        title: level.title.clone(),
        author,
        mode: level.mode.keyword().to_owned(),
        text,
        key_hash: String::new(),
        now: now(),
        clear,
    };
    let updated = store.update_level(&code, &edit).await?;
    if !updated {
        return Err(ApiError::no_level());
    }
    gallery.front().forget();
    tracing::info!(
        "gallery: level {code} edited from {} ({} bytes, cleared in {} steps; its scores cleared)",
        conn.ip,
        edit.text.len(),
        edit.clear.steps
    );
    Ok(json(StatusCode::OK, &Edited { code }))
}

/// `DELETE /gallery/levels/C`: withdraws the level, with its key.
async fn withdraw(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    headers: HeaderMap,
) -> Answer {
    let code = level_route(&gallery, &conn, Write::Upload, path)?;
    owned(&gallery, &code, &headers).await?;
    gallery.store().delete_level(&code).await?;
    gallery.front().forget();
    tracing::info!(
        "gallery: level {code} withdrawn by its author from {}",
        conn.ip
    );
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Serialize)]
struct Listing {
    levels: Vec<Summary>,
    page: i64,
    more: bool,
}

/// A listing's query: each part read as text and checked by [`browse`], so a
/// bad one is refused with the sentence that says what it takes.
#[derive(Deserialize)]
struct BrowseQuery {
    q: Option<String>,
    sort: Option<String>,
    page: Option<String>,
}

/// `GET /gallery/levels?sort=newest|top|played&q=TEXT&page=N` (pages from 0).
async fn browse(
    State(gallery): Gal,
    Extension(conn): Conn,
    query: Result<Query<BrowseQuery>, QueryRejection>,
) -> Answer {
    gallery.spend(&conn, Write::Read)?;
    let bad = |what: &str| ApiError::new(StatusCode::BAD_REQUEST, what.to_owned());
    let Query(query) = query.map_err(|_| bad("the query string does not read"))?;
    let q = query.q.as_deref().map_or("", str::trim);
    if !q.is_empty() {
        // A read costs what it asks of the database: a search walks its
        // rarest piece's levels and checks each, a page walks an index.
        gallery.spend_cost(&conn, Write::Read, SEARCH_COST - 1)?;
    }
    let sort = match query.sort.as_deref() {
        None | Some("newest") => Sort::Newest,
        Some("top") => Sort::Top,
        Some("played") => Sort::Played,
        Some(_) => return Err(bad("sort is newest, top or played")),
    };
    if q.chars().count() > MAX_QUERY || q.chars().any(char::is_control) {
        return Err(bad("a search is at most 64 characters"));
    }
    let page = match &query.page {
        None => 0,
        Some(p) => p
            .parse::<i64>()
            .ok()
            .filter(|p| (0..=MAX_PAGE).contains(p))
            .ok_or_else(|| bad("page is a number from 0 to 10000"))?,
    };
    let front = FrontPages::holds(q, page);
    let now = std::time::Instant::now();
    let kept = if front {
        gallery.front().fresh(sort, page, now)
    } else {
        None
    };
    let (levels, more) = match kept {
        Some(kept) => kept,
        None => {
            let read = gallery.store().list(sort, q, page).await?;
            if front {
                gallery.front().keep(sort, page, now, read.clone());
            }
            read
        }
    };
    Ok(json(StatusCode::OK, &Listing { levels, page, more }))
}

#[derive(Serialize)]
struct Shown {
    #[serde(flatten)]
    summary: Summary,
    text: String,
    /// Seconds since its latest version was shared, by the server's clock
    /// (the page says "updated 2 h ago" without trusting the player's).
    updated_ago: i64,
}

/// `GET /gallery/levels/C`: the level's summary and text.
async fn show(State(gallery): Gal, Extension(conn): Conn, path: PathSegment) -> Answer {
    let code = level_route(&gallery, &conn, Write::Read, path)?;
    let (summary, text) = gallery
        .store()
        .level(&code)
        .await?
        .ok_or_else(ApiError::no_level)?;
    let updated_ago = now().saturating_sub(summary.updated).max(0);
    Ok(json(
        StatusCode::OK,
        &Shown {
            summary,
            text,
            updated_ago,
        },
    ))
}

#[derive(Deserialize)]
struct PlayBody {
    player: String,
}

/// `POST /gallery/levels/C/plays`: counts a play (once per player and hour).
async fn play(State(gallery): Gal, Extension(conn): Conn, path: PathSegment, body: Body) -> Answer {
    let code = level_route(&gallery, &conn, Write::Play, path)?;
    let body: PlayBody = read_json(body, SMALL_BODY).await?;
    check_player(&body.player)?;
    require_visible(&gallery, &code).await?;
    let address = gallery.fairness().network(conn.ip);
    let play = Play {
        player: &body.player,
        address: &address,
        now: now(),
    };
    gallery
        .store()
        .count_play(&code, &play, gallery.fairness())
        .await?;
    gallery.front().forget();
    tracing::info!("gallery: level {code} played, from {}", conn.ip);
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
struct RatingBody {
    player: String,
    stars: i64,
}

#[derive(Serialize)]
struct Rated {
    rating: f64,
    ratings: i64,
}

/// `POST /gallery/levels/C/rating`: the player's stars (a new rating replaces the old).
async fn rate(State(gallery): Gal, Extension(conn): Conn, path: PathSegment, body: Body) -> Answer {
    let code = level_route(&gallery, &conn, Write::Rating, path)?;
    let body: RatingBody = read_json(body, SMALL_BODY).await?;
    check_player(&body.player)?;
    if !(1..=5).contains(&body.stars) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "a rating is 1 to 5 stars",
        ));
    }
    require_visible(&gallery, &code).await?;
    let address = gallery.fairness().network(conn.ip);
    let play = Play {
        player: &body.player,
        address: &address,
        now: now(),
    };
    let rules = gallery.fairness();
    let counted = gallery
        .store()
        .rate(&code, &play, body.stars, rules)
        .await?;
    let (rating, ratings) = match counted {
        Rating::Counted { average, ratings } => (average, ratings),
        Rating::NotPlayed => {
            tracing::info!("gallery: rating of {code} before a play, from {}", conn.ip);
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "play the level first: a rating counts from a player who played it \
                     (for at least {} s) or has a score on it",
                    rules.rate_after_play
                ),
            ));
        }
        Rating::AddressFull => {
            tracing::info!(
                "gallery: rating of {code} over the address's ids, from {}",
                conn.ip
            );
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "this level has {} ratings from your network already \
                     (one network, such as the players behind one home router, \
                     rates a level under {} players at most)",
                    rules.ids_per_address, rules.ids_per_address
                ),
            ));
        }
    };
    gallery.front().forget();
    tracing::info!(
        "gallery: level {code} rated {} stars, from {}",
        body.stars,
        conn.ip
    );
    Ok(json(StatusCode::OK, &Rated { rating, ratings }))
}

#[derive(Deserialize)]
struct ReportBody {
    player: String,
    reason: String,
}

/// `POST /gallery/levels/C/report`: a player's report, for the operator's `--list`.
async fn report(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    body: Body,
) -> Answer {
    let code = level_route(&gallery, &conn, Write::Report, path)?;
    let body: ReportBody = read_json(body, SMALL_BODY).await?;
    check_player(&body.player)?;
    let reason = body.reason.trim();
    if reason.chars().count() > MAX_REASON {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("a reason is at most {MAX_REASON} characters"),
        ));
    }
    let reason: String = reason
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    require_visible(&gallery, &code).await?;
    gallery
        .store()
        .report(&code, &body.player, &reason, now())
        .await?;
    tracing::info!("gallery: level {code} reported, from {}", conn.ip);
    Ok(StatusCode::NO_CONTENT.into_response())
}
